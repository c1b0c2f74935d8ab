"""The game server against what a hostile tester did to it (issue 27, items 3 to 9): a damaged
database, a second server on the same database, creates racing the table limit, WebSockets beyond
the connection limit, half-sent requests, JSON nested thousands deep, and a seat page that echoed
its URL. Each runs a real server on 127.0.0.1 (in a thread; a second one in a process of its own),
stopped at the end."""

from __future__ import annotations

import contextlib
import json
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import websockets.sync.client as wsc

from stationmaster import cli, remote
from stationmaster.server import Limits, start
from stationmaster.server.store import Store, StoreError


def raw(url: str, path: str):
    return wsc.connect(url.replace("http", "ws", 1) + path, open_timeout=5, max_size=None)


def token_of(table, player="Ann") -> str:
    return table.invites[player].rsplit("/", 1)[1]


def wait_until(condition, timeout: float = 10.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.02)


def open_connections(srv) -> int:
    return len(srv._server.server_state.connections)


@pytest.fixture
def never_served(monkeypatch):
    """A server that starts fails the test at once instead of serving until killed."""
    import uvicorn

    def served(*args, **kw):
        raise AssertionError("the server started on a database it should have refused")

    monkeypatch.setattr(uvicorn.Server, "run", served)


# ------------------------------------------------------------------------ 3. a damaged database

def damaged_database(path) -> None:
    """A server database of 60 tables, then one page in its middle overwritten, as a disk's bad
    sector or a stray write leaves it."""
    store = Store(str(path), sync="normal")
    for i in range(60):
        store.add_table(f"t{i}", "key", {"format": 1, "seed": i}, 1.0, 0.0, {"Ann": f"tok{i}"}, {})
    with store.db:  # the intents in one transaction: quick to write
        store.db.executemany("INSERT INTO intents VALUES (?, ?, ?)",
                             [(f"t{i}", n, "draw home " + "x" * 40) for i in range(60) for n in range(20)])
    store.close()
    con = sqlite3.connect(path)
    pages, size = con.execute("PRAGMA page_count").fetchone()[0], con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    assert pages > 10
    with open(path, "r+b") as f:
        f.seek(size * (pages // 2))
        f.write(b"\x55" * size)


def test_a_database_with_a_damaged_page_is_refused_in_one_line_and_left_alone(tmp_path, capsys, never_served):
    db = tmp_path / "tables.db"
    damaged_database(db)
    before = db.read_bytes()
    with pytest.raises(StoreError, match="damaged"):
        Store(str(db))
    assert cli.main(["serve", "--port", "0", "--db", str(db)]) == cli.EXIT_BAD
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert "damaged" in err and "backup" in err and "new --db" in err
    assert db.read_bytes() == before  # not a byte written into it


def test_a_sound_database_still_opens(tmp_path):
    store = Store(str(tmp_path / "tables.db"))
    store.add_table("t", "key", {"seed": 1}, 1.0, 0.0, {"Ann": "tok"}, {})
    store.close()
    assert Store(str(tmp_path / "tables.db")).table_ids() == ["t"]


# ------------------------------------------------------------------------ 8. one server per database

def test_a_second_server_on_the_same_database_is_refused_in_one_line(tmp_path):
    db = str(tmp_path / "tables.db")
    srv = start(db, limits=Limits(bot_pace=0.0))
    proc = None
    try:
        table = remote.create(srv.url, players=["Ann"], seed=1)
        with pytest.raises(StoreError, match="another Station Master server"):  # in this process
            start(db)
        proc = subprocess.Popen([sys.executable, "-m", "stationmaster.cli", "serve", "--port", "0", "--db", db],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            pytest.fail(f"a second server served the same database: {out!r}")
        assert proc.returncode == cli.EXIT_BAD and out == "", (out, err)
        assert err.count("\n") == 1 and "another Station Master server" in err, err
        assert httpx.get(f"{srv.url}/api/tables/{table.id}").status_code == 200  # the first one serves on
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(10)
        srv.stop()
    again = start(db)  # once the first has stopped, the database is free again
    try:
        assert httpx.get(f"{again.url}/api/tables/{table.id}").status_code == 200
    finally:
        again.stop()


# ------------------------------------------------------------------------ 4. the table limit, raced

def test_twenty_creates_at_once_make_no_more_tables_than_the_limit(tmp_path):
    with start(str(tmp_path / "t.db"), limits=Limits(tables=3)) as srv:
        go = threading.Barrier(20)

        def create(i):
            with httpx.Client(timeout=30) as client:
                go.wait(10)
                return client.post(f"{srv.url}/api/tables", json={"players": ["Ann"], "seed": i}).status_code

        with ThreadPoolExecutor(20) as pool:
            codes = list(pool.map(create, range(20)))
        assert sorted(codes) == [200] * 3 + [503] * 17, codes
        assert srv.app.state.store.count() == 3


# ------------------------------------------------------------------------ 5. WebSockets count too

def test_websockets_count_against_the_servers_total_connections(tmp_path):
    with start(str(tmp_path / "t.db"), limits=Limits(connections=6)) as srv:
        table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=1)
        wait_until(lambda: open_connections(srv) == 0, what="the create's connection closed")
        with contextlib.ExitStack() as sockets:
            answers = []
            for _ in range(10):
                ws = sockets.enter_context(raw(srv.url, f"/ws/seat/{token_of(table)}"))
                answers.append(json.loads(ws.recv(5)))
            kinds = [a["type"] for a in answers]
            assert kinds == ["welcome"] * 6 + ["error"] * 4, kinds
            assert "6 connections, its limit" in answers[-1]["reason"]
            assert httpx.get(f"{srv.url}/api/tables/{table.id}").status_code == 503  # HTTP too, as before
        wait_until(lambda: open_connections(srv) == 0, what="the sockets closed")
        with raw(srv.url, f"/ws/seat/{token_of(table)}") as ws:  # room again
            assert json.loads(ws.recv(5))["type"] == "welcome"


# ------------------------------------------------------------------------ 6. half-sent requests

def trickle(url: str, lines, every: float, timeout: float) -> float:
    """Open a connection, send ``lines`` one every ``every`` seconds (then nothing); return how many
    seconds passed until the server dropped the connection (``timeout`` if it never did)."""
    host, port = url.split("//")[1].split(":")
    began = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=timeout) as s:
        s.settimeout(every)
        for line in lines:
            try:
                s.sendall(line)
                if s.recv(1024) == b"":
                    return time.monotonic() - began
            except TimeoutError:
                continue
            except OSError:
                return time.monotonic() - began
        s.settimeout(max(0.01, timeout - (time.monotonic() - began)))
        try:
            while s.recv(1024):
                pass
        except TimeoutError:
            return timeout
        except OSError:
            pass
    return time.monotonic() - began


def test_half_sent_requests_are_dropped_after_the_request_timeout(tmp_path):
    with start(str(tmp_path / "t.db"), limits=Limits(connections=3, request_seconds=0.5)) as srv:
        head = [b"GET / HTTP/1.1\r\n"] + [b"X-Slow-%d: 1\r\n" % i for i in range(40)]
        body = [b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n"] + [b" "] * 40
        with ThreadPoolExecutor(3) as pool:
            slow = [pool.submit(trickle, srv.url, lines, 0.1, 6.0) for lines in (head, body, [])]
            time.sleep(0.2)
            busy = httpx.get(srv.url).status_code  # while the three hold every connection
            took = [f.result() for f in slow]
        assert busy == 503
        assert all(t < 2.0 for t in took), took  # headers trickled, a body trickled, nothing sent
        assert httpx.get(srv.url).status_code == 200  # served again once they are dropped
        table = remote.create(srv.url, players=["Ann"], seed=1)
        with raw(srv.url, f"/ws/seat/{token_of(table)}") as ws:  # a WebSocket is past the deadline once open
            ws.recv(5)
            time.sleep(1.0)
            ws.send(json.dumps({"type": "ping", "id": 1}))
            assert json.loads(ws.recv(5))["type"] == "pong"


def test_a_keep_alive_connection_serves_request_after_request_within_the_timeout(tmp_path):
    with start(str(tmp_path / "t.db"), limits=Limits(request_seconds=0.5)) as srv:
        with httpx.Client() as client:
            for _ in range(3):
                assert client.get(srv.url).status_code == 200
                time.sleep(0.3)


# ------------------------------------------------------------------------ 7. JSON nested deep

NESTED = [
    "[" * 7000 + "]" * 7000,
    '{"type": "intent", "id": 1, "seq": 0, "intent": "x", "more": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"type": ' + "[" * 900 + "]" * 900 + "}",
    '{"type": "bot", "bot": ' + "[" * 3000 + "]" * 3000 + "}",
]


def test_json_nested_thousands_deep_is_refused_with_a_reason_and_the_connection_kept(tmp_path):
    with start(str(tmp_path / "t.db"), limits=Limits(rate=1000, burst=1000)) as srv:
        table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=1)
        with raw(srv.url, f"/ws/seat/{token_of(table)}") as ws:
            ws.recv(5)
            for text in NESTED:
                assert len(text) < 16_384
                ws.send(text)
                answer = json.loads(ws.recv(5))
                assert answer["type"] == "refused" and "nested" in answer["reason"], (text[:40], answer)
            ws.send(json.dumps({"type": "ping", "id": 2}))
            assert json.loads(ws.recv(5))["type"] == "pong"  # the same connection, still served
        for path in ("/api/tables", f"/api/tables/{table.id}/bot"):
            for text in NESTED:
                r = httpx.post(srv.url + path, content=text.encode())
                assert r.status_code == 400 and "nested" in r.json()["error"], (path, r.status_code, r.text[:200])
        good = {"players": ["Ann"], "bots": {"Ann": "random"}}  # the protocol's own nesting passes
        assert httpx.post(srv.url + "/api/tables", json=good).status_code == 200


# ------------------------------------------------------------------------ 9. the seat page

def test_the_seat_page_never_echoes_its_query_string_into_the_html(tmp_path):
    with start(str(tmp_path / "t.db")) as srv:
        table = remote.create(srv.url, players=["Ann"], seed=1)
        page = httpx.get(table.invites["Ann"] + '?x="><script>alert(1)</script>').text
        assert "<script" not in page and "alert" not in page
        assert f'sm.play(remote="{table.invites["Ann"]}")' in page  # the invite itself, to copy
        forged = httpx.get(table.invites["Ann"], headers={"Host": "x<script>alert(2)</script>"}).text
        assert "<script" not in forged  # a forged Host header never makes markup either
