"""A table across browsers (issue 19): the server and its client, in this process, on 127.0.0.1.

The server runs in a thread (``stationmaster.server.start``) on a free port, one per module, and is
stopped when the module's tests end, also on failure. The SIGKILL test, with a real server process,
is in test_server_durability.py.
"""

from __future__ import annotations

import json
import time

import httpx
import pytest
import websockets.exceptions
import websockets.sync.client as wsc

import stationmaster as sm
from stationmaster import remote
from stationmaster.server import Limits, start
from stationmaster.server.views import HIDDEN

from remote_helpers import hidden_count, leaks, play_some, secrets_by_seq, stored_intents

# a seat's local copy (``RemoteGame.copy``, what why_not and the controller try things on) holds
# "?" for the cards it cannot see, so it breaks "every card in one place" by design
local_copies = pytest.mark.breaks_invariants


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("serve") / "tables.db")
    srv = start(db, limits=Limits(bot_pace=0.0))
    yield srv
    srv.stop()


def three(server, seed=3, bots=None, pace=0.0, **kw):
    return remote.create(server.url, players=["Ann", "Bo", "Cy"], mode="competitive", seed=seed,
                         bots=bots, pace=pace, **kw)


def raw(url: str, path: str):
    """A raw WebSocket to the server (no client library of ours in between)."""
    return wsc.connect(url.replace("http", "ws", 1) + path, open_timeout=5, max_size=None)


# ---------------------------------------------------------------------------------------- basics

def test_create_join_and_play_like_a_game(server):
    table = three(server)
    assert set(table.invites) == {"Ann", "Bo", "Cy"}
    assert len({u.rsplit("/", 1)[1] for u in table.invites.values()}) == 3  # a token per seat
    ann, bo = table.join("Ann"), table.join("Bo")
    try:
        reference = sm.new_game(seed=3, players=["Ann", "Bo", "Cy"], mode="competitive")
        assert ann.me == "Ann" and ann.players == ("Ann", "Bo", "Cy") and ann.actor == reference.actor
        assert ann.legal_intents() == reference.legal_intents()
        assert bo.legal_intents() == []  # not Bo's turn
        assert ann.state.players[0].hand == reference.state.players[0].hand  # my own hand, as it is
        events = ann.apply("draw home")
        assert [e.kind for e in events] == [e.kind for e in reference.apply("draw home")]
        assert ann.history == reference.history and ann.seq == 1
        assert bo.wait_for(lambda g: g.seq == 1, 5)
        assert bo.history == reference.history and bo.revenue == reference.revenue
        assert ann.state.players[0].hand == reference.state.players[0].hand
        assert "Ann" in repr(ann) and table.id in repr(ann) and "Bo" in repr(table)
    finally:
        ann.close(), bo.close()


def test_a_seat_sees_its_hand_and_only_the_counts_of_the_rest(server):
    """[B2] a seat's view: its hand, the counts of the rest; a spectator: no hand."""
    table = three(server, seed=11)
    ann, spectator = table.join("Ann"), table.watch()
    try:
        truth = sm.new_game(seed=11, players=["Ann", "Bo", "Cy"], mode="competitive").state
        v = ann.state
        assert v.players[0].hand == truth.players[0].hand
        for p, t in zip(v.players[1:], truth.players[1:]):
            red_flags = {c for c in t.hand if c.startswith("RedFlag")}
            assert len(p.hand) == len(t.hand) and set(p.hand) <= {HIDDEN} | red_flags
        assert len(v.home) == len(truth.home) and set(v.home) == {HIDDEN}
        assert v.seed == 0 and v.rng == 0 and ann.seed is None
        assert not set(v.deck) & (set(truth.home) | set(truth.players[1].hand) | set(truth.players[2].hand))
        assert hidden_count(v, "Ann") == len(truth.home) + len(truth.players[1].hand) + len(truth.players[2].hand)
        # the spectator: no hand at all
        assert spectator.me is None
        assert all(set(p.hand) <= {HIDDEN} for p in spectator.state.players if not any(
            c.startswith("RedFlag") for c in p.hand))
        assert spectator.legal_intents() == [] and "spectator" in spectator.why_not("draw home")
        with pytest.raises(sm.IllegalIntent, match="spectator"):
            spectator.apply("draw home")
    finally:
        ann.close(), spectator.close()


# ---------------------------------------------------------------------------------- only your seat

def test_only_the_seat_that_must_decide_and_never_a_stale_intent(server):
    """[B2] only the seat that must decide, against the current state; else the reason."""
    table = three(server, seed=4)
    ann, bo = table.join("Ann"), table.join("Bo")
    try:
        assert ann.actor == "Ann"
        with pytest.raises(sm.IllegalIntent, match="Ann's turn"):
            bo.apply("draw home")
        assert "Ann's turn" in bo.why_not("draw home")
        # a stale intent, made against intent 0 after intent 0 was taken: refused with the reason
        ann.apply("draw home")
        with raw(server.url, f"/ws/seat/{table.invites['Ann'].rsplit('/', 1)[1]}") as ws:
            welcome = json.loads(ws.recv(5))
            assert welcome["type"] == "welcome" and welcome["seq"] == 1
            legal = welcome["legal"]
            ws.send(json.dumps({"type": "intent", "id": 7, "seq": 0, "intent": legal[0]}))
            answer = json.loads(ws.recv(5))
            assert answer["type"] == "refused" and answer["id"] == 7 and "stale" in answer["reason"]
            assert "intent 0" in answer["reason"] and "intent 1" in answer["reason"]
            ws.send(json.dumps({"type": "intent", "id": 8, "seq": 1, "intent": "draw home"}))
            answer = json.loads(ws.recv(5))
            assert answer["type"] == "refused" and answer["reason"]  # illegal now: the engine's reason
            assert answer["reason"] == sm.loads(table.export().dumps()).why_not("draw home")
        assert ann.seq == 1 and stored_intents(server.db, table.id) == ["draw home"]
    finally:
        ann.close(), bo.close()


def test_an_invalid_token_gets_the_same_answer_as_a_missing_table(server):
    table = three(server)
    token = table.invites["Ann"].rsplit("/", 1)[1]
    answers = []
    for path in (f"/ws/seat/{token[:-2]}xx", "/ws/seat/nothing", "/ws/watch/no-such-table"):
        with raw(server.url, path) as ws:
            answers.append(ws.recv(5))
            with pytest.raises(Exception):
                ws.recv(5)
            assert ws.close_code == 4404
    assert len(set(answers)) == 1 and "no such table or invitation" in answers[0]
    pages = [httpx.get(f"{server.url}/seat/{t}") for t in (token[:-2] + "xx", "nothing")]
    pages.append(httpx.get(f"{server.url}/api/tables/no-such-table"))
    assert {p.status_code for p in pages} == {404} and len({p.content for p in pages}) == 1
    assert httpx.get(table.invites["Ann"]).status_code == 200
    with pytest.raises(remote.ServerError, match="no such table or invitation"):
        remote.join(f"{server.url}/seat/{token[:-2]}xx", timeout=5)


def test_every_acknowledged_intent_is_in_the_database_when_apply_returns(server):
    table = three(server, seed=6)
    ann, bo, cy = (table.join(p) for p in ("Ann", "Bo", "Cy"))
    try:
        for seat, text, seq in play_some([ann, bo, cy], 25, seed=6):
            assert stored_intents(server.db, table.id)[seq] == text  # committed before the answer came
        stored = stored_intents(server.db, table.id)
        deadline = time.monotonic() + 10  # Ann's news of the last seats' intents may still be on its way
        while len(ann.history) < len(stored) and time.monotonic() < deadline:
            ann.wait(0.05)
        assert [str(i) for i in ann.history] == stored
    finally:
        ann.close(), bo.close(), cy.close()


# ---------------------------------------------------------------------------- hidden on the wire

def test_no_message_holds_another_seats_hand_or_the_home_office(server):
    """[B2] on the wire: no raw message to a seat or a spectator names a card it may not see."""
    table = three(server, seed=21, bots={"Cy": "planner"})
    wire = {"Ann": [], "Bo": [], None: []}
    tap = lambda who: (lambda direction, text: wire[who].append(text) if direction == "in" else None)  # noqa: E731
    ann = remote.join(table.invites["Ann"], tap=tap("Ann"))
    bo = remote.join(table.invites["Bo"], tap=tap("Bo"))
    spectator = remote.watch(server.url, table.id, tap=tap(None))
    try:
        play_some([ann, bo], 60, seed=21)
        # until a person must decide, the server's bot may still move: wait for that, heard by both
        deadline = time.monotonic() + 10
        while not (ann.is_over or ann.actor in ("Ann", "Bo")) or ann.seq != bo.seq:
            assert time.monotonic() < deadline, (ann, bo)
            ann.wait(0.05)
        late = remote.join(table.invites["Bo"], tap=tap("Bo"))  # a welcome with the whole history
        late.close()
        http = [httpx.get(f"{server.url}/api/tables/{table.id}").text, httpx.get(table.invites["Ann"]).text]
        truth = table.export()
        assert [str(i) for i in truth.history] == [str(i) for i in ann.history]
        secrets = secrets_by_seq(truth)
        assert sum(len(row["Bo"]) for row in secrets) > 0 and sum(len(row["home"]) for row in secrets) > 0
        for who, messages in wire.items():
            assert len(messages) > 10
            assert leaks(messages, secrets, who) == [], who
            assert leaks(http, secrets, who) == []
        # the test can fail: the seat's own cards are on its wire, and would be found for another viewer
        assert leaks(wire["Ann"], secrets, "Bo")
    finally:
        ann.close(), bo.close(), spectator.close()


# ----------------------------------------------------------------------------------------- bots

def test_bot_seats_are_played_by_the_server_and_a_seat_can_be_handed_over_and_back(server):
    """[B4] the server's bots play their seats; a seat is handed to a bot and taken back."""
    table = three(server, seed=8, bots={"Bo": "planner", "Cy": "planner"})
    ann = table.join("Ann")
    try:
        assert ann.seat_bots == {"Bo": "planner", "Cy": "planner"}
        ann.hand_to_bot("planner")
        assert ann.humans == () and ann.legal_intents() == []
        assert ann.wait_for(lambda g: g.seq >= 20, 30)  # the server's bots play every seat
        assert "played by the planner bot" in ann.why_not("draw home")
        ann.take_back()
        assert ann.seat_bots.get("Ann") is None and ann.humans == ("Ann",)
        assert ann.wait_for(lambda g: g.actor == "Ann" or g.is_over, 30)
        if not ann.is_over:
            n = ann.seq
            time.sleep(0.3)
            assert ann.seq == n  # nobody plays Ann's seat now but Ann
            ann.apply(ann.legal_intents()[0])
        # the host can hand an absent seat to a bot too
        assert table.hand_to_bot("Ann", "random")["Ann"] == "random"
        assert ann.wait_for(lambda g: g.seat_bots.get("Ann") == "random", 5)
        with pytest.raises(remote.ServerError, match="unknown bot"):
            table.hand_to_bot("Ann", "nobody")
    finally:
        ann.close()


def test_bots_are_paced(server):
    """[B4] the server's bots decide at the table's pace."""
    table = three(server, seed=9, bots={"Bo": "random", "Cy": "random"}, pace=0.2)
    ann = table.join("Ann")
    try:
        ann.hand_to_bot("random")
        n0 = ann.seq
        ann.wait_for(lambda g: g.seq > n0, 10)  # timed from a decision this seat has seen (its view may lag
        t0, n1 = time.monotonic(), ann.seq      # the table by decisions made before it was handed over)
        ann.wait_for(lambda g: g.seq >= n1 + 5, 10)
        # five more decisions take at least four paces, however late the first was seen
        assert time.monotonic() - t0 >= 0.2 * 4 * 0.9
    finally:
        ann.close()


# ---------------------------------------------------------------------------------- webhooks

def test_a_seat_is_told_of_its_turn_by_its_webhook_and_never_given_a_token(server):
    import http.server
    import threading

    got = []

    class Hook(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            got.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *a):
            pass

    receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    table = remote.create(server.url, players=["Ann", "Bo"], mode="competitive", seed=16)
    seats = {p: table.join(p) for p in ("Ann", "Bo")}
    first = seats["Ann"].actor
    now, later = seats[first], seats["Bo" if first == "Ann" else "Ann"]

    def finish_turn(g):
        while g.actor == g.me:
            g.apply("end" if "end" in [str(i) for i in g.legal] else g.legal_intents()[0])

    try:
        later.set_webhook(f"http://127.0.0.1:{receiver.server_address[1]}/turn")
        with pytest.raises(sm.IllegalIntent, match="http"):
            later.set_webhook("file:///etc/passwd")
        finish_turn(now)
        deadline = time.monotonic() + 10
        while not got:
            assert time.monotonic() < deadline, "no webhook came"
            time.sleep(0.02)
        assert got[0]["event"] == "your_turn" and got[0]["seat"] == later.me and got[0]["table"] == table.id
        assert later.me in got[0]["text"] and got[0]["seq"] <= now.seq
        assert not any(url.rsplit("/", 1)[1] in json.dumps(got) for url in table.invites.values())
        later.set_webhook(None)
        n = len(got)
        assert later.wait_for(lambda g: g.actor == g.me, 5)
        finish_turn(later)
        finish_turn(now)
        time.sleep(0.3)
        assert len(got) == n  # turned off: nothing more
    finally:
        for g in seats.values():
            g.close()
        receiver.shutdown()


# ------------------------------------------------------------------------------------ export

def test_a_table_plays_house_rules_and_refuses_a_bad_one_in_the_engines_words(server, tmp_path):
    """A table created with ``house_rules`` (docs/house-rules.md) plays the variant, and its save
    keeps it; a bad key or value is refused with the engine's reason."""
    table = remote.create(server.url, players=["Ann", "Bo"], mode="coop", seed=3,
                          house_rules={"order_pay": [3, 4], "coop_shares": "0.6"})
    remote.export(server.url, table.id, tmp_path / "variant.json")
    game = sm.load(tmp_path / "variant.json")
    assert game.config.rule("order_pay") == (3, 4) and game.config.rule("coop_shares") == (0.6,)
    assert game.config.target == sm.new_game(players=["Ann", "Bo"], mode="coop", seed=3,
                                             house_rules={"coop_shares": (0.6,)}).config.target
    for rules, words in (({"order_pay": "lots"}, "order_pay takes two whole numbers"),
                         ({"speed": 9}, "unknown house rule 'speed'"),
                         ({"x" * 500: 1}, "unknown house rule"),
                         ({"freight_pay": [6]}, "does not apply")):
        r = httpx.post(f"{server.url}/api/tables", json={"players": ["Ann"], "house_rules": rules})
        assert r.status_code == 400 and words in r.json()["error"] and len(r.json()["error"]) < 600, (rules, r.text)
    r = httpx.post(f"{server.url}/api/tables", json={"players": ["Ann"], "house_rules": ["target=9"]})
    assert r.status_code == 400 and "must be dict" in r.json()["error"]


def test_export_is_an_ordinary_save_of_the_same_game(server, tmp_path):
    """[B3] a running game's save only with the host key; it loads and replays as the same game."""
    table = three(server, seed=12, bots={"Cy": "random"})
    ann, bo = table.join("Ann"), table.join("Bo")
    try:
        play_some([ann, bo], 30, seed=12)
        # a running game's save is for the host only: not for a seat, nor for anyone with the table id
        r = httpx.get(f"{server.url}/api/tables/{table.id}/save")
        assert r.status_code == 403 and "seed" in r.json()["error"]
        with pytest.raises(remote.ServerError, match="seed"):
            remote.export(server.url, table.id, tmp_path / "no.json", key="not-the-key")
        assert not (tmp_path / "no.json").exists()
        path = tmp_path / "game.json"
        game = remote.export(server.url, table.id, path)  # this process created the table: it has the key
        loaded = sm.load(path)
        assert [str(i) for i in loaded.history] == [str(i) for i in ann.history]
        assert loaded.state.players[0].hand == ann.state.players[0].hand
        # the view Ann's seat built from the updates' differences is the view of the true game
        from stationmaster.server.views import view_state
        assert ann.state == view_state(loaded, "Ann") and bo.state == view_state(loaded, "Bo")
        assert loaded.revenue == ann.revenue and loaded.actor == ann.actor and game.bots == {"Cy": "random"}
        from stationmaster.cli import main
        assert main(["replay", str(path)]) == 0
    finally:
        ann.close(), bo.close()


def test_a_finished_game_exports_to_anyone(server, tmp_path):
    """[B3] once the game is over, its save is anyone's."""
    table = remote.create(server.url, players=["Ann", "Bo"], mode="competitive", seed=2, length="short",
                          bots={"Ann": "random", "Bo": "random"}, pace=0)
    spectator = table.watch()
    try:
        assert spectator.wait_for(lambda g: g.is_over, 60)
        game = remote.export(server.url, table.id, tmp_path / "end.json")
        assert game.is_over and game.outcome.reason == spectator.outcome.reason
        assert [str(i) for i in game.history] == [str(i) for i in spectator.history]
    finally:
        spectator.close()


# ------------------------------------------------------------------------------ hostile clients

def test_oversized_malformed_and_unknown_messages_are_refused_with_a_reason(tmp_path):
    srv = start(str(tmp_path / "t.db"), limits=Limits(message_bytes=2048, rate=1000, burst=1000))
    try:
        table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=1)
        token = table.invites["Ann"].rsplit("/", 1)[1]
        with raw(srv.url, f"/ws/seat/{token}") as ws:
            ws.recv(5)
            for bad, words in [("x" * 3000, "limit is 2048"), ("{not json", "not JSON"), ("[1, 2]", "JSON object"),
                               (json.dumps({"type": "dance"}), "unknown message type"),
                               (json.dumps({"type": "intent", "seq": 0, "intent": 5}), "its text"),
                               (json.dumps({"type": "intent", "intent": "draw home"}), "sequence number"),
                               (json.dumps({"type": "intent", "seq": 0, "intent": "fly away"}), "")]:
                ws.send(bad)
                answer = json.loads(ws.recv(5))
                assert answer["type"] == "refused" and words in answer["reason"], (bad[:30], answer)
            ws.send(b"\x00\x01")
            assert "JSON text" in json.loads(ws.recv(5))["reason"]
            ws.send(json.dumps({"type": "ping", "id": 1}))
            assert json.loads(ws.recv(5))["type"] == "pong"  # still served after all that
            with pytest.raises(Exception):  # over 4x the limit: closed at the protocol level
                ws.send("y" * 9000)
                ws.recv(5)
        big = httpx.post(f"{srv.url}/api/tables", content=b"{" + b" " * 5000 + b"}")
        assert big.status_code == 413 and "limit" in big.json()["error"]
        assert httpx.post(f"{srv.url}/api/tables", json={"players": "Ann"}).status_code == 400
        assert "unknown table option" in httpx.post(f"{srv.url}/api/tables", json={"colour": 1}).json()["error"]
        assert stored_intents(srv.db, table.id) == []
    finally:
        srv.stop()


def test_flooding_is_refused_and_then_disconnected(tmp_path):
    srv = start(str(tmp_path / "t.db"), limits=Limits(rate=1, burst=5))
    try:
        table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=1)
        token = table.invites["Ann"].rsplit("/", 1)[1]
        with raw(srv.url, f"/ws/seat/{token}") as ws:
            ws.recv(5)
            answers = []
            try:
                for i in range(200):
                    ws.send(json.dumps({"type": "ping", "id": i}))
            except websockets.exceptions.ConnectionClosed:
                pass  # the server may close before all are sent
            with pytest.raises(websockets.exceptions.ConnectionClosed):
                for _ in range(300):
                    answers.append(json.loads(ws.recv(5)))
            refusals = [a for a in answers if a["type"] == "refused"]
            # the burst, and what the bucket refilled (1 a second) while 200 messages were sent
            assert len([a for a in answers if a["type"] == "pong"]) <= 5 + 3
            assert refusals and "too many messages" in refusals[0]["reason"]
            assert ws.close_code == 1008
    finally:
        srv.stop()


def test_limits_on_tables_and_connections(tmp_path):
    srv = start(str(tmp_path / "t.db"), limits=Limits(tables=2, connections_per_table=2))
    try:
        table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=1)
        remote.create(srv.url, players=["Ann"], seed=1)
        with pytest.raises(remote.ServerError, match="2 tables, its limit"):
            remote.create(srv.url, players=["Ann"], seed=1)
        assert httpx.post(f"{srv.url}/api/tables", json={"players": ["Ann"]}).status_code == 503
        ann, bo = table.join("Ann"), table.join("Bo")
        try:
            with pytest.raises(remote.ServerError, match="limit"):
                table.watch(timeout=5)
        finally:
            ann.close(), bo.close()
        with pytest.raises(ValueError, match="rate"):
            Limits(rate=0)
    finally:
        srv.stop()


def test_an_idle_table_leaves_memory_and_comes_back_from_the_database(tmp_path):
    srv = start(str(tmp_path / "t.db"), limits=Limits(idle_seconds=0.2))
    try:
        table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=5)
        ann = table.join("Ann")
        first = ann.actor
        seat = ann if first == "Ann" else table.join(first)
        seat.apply("draw home")
        history = [str(i) for i in ann.history]
        time.sleep(0.5)
        assert table.id in srv.app.state.hub().tables  # someone is connected: it stays
        for g in {ann, seat}:
            g.close()
        deadline = time.monotonic() + 10
        while table.id in srv.app.state.hub().tables:
            assert time.monotonic() < deadline, "the idle table stayed in memory"
            time.sleep(0.05)
        again = table.join("Bo")  # loaded again from the database, by replaying its log
        assert [str(i) for i in again.history] == history and table.id in srv.app.state.hub().tables
        again.close()
    finally:
        srv.stop()


# -------------------------------------------------------------------------------- reconnection

def test_clients_reconnect_by_themselves_when_the_server_restarts(tmp_path):
    db = str(tmp_path / "t.db")
    srv = start(db)
    port = int(srv.url.rsplit(":", 1)[1])
    table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=5)
    ann, bo = table.join("Ann"), table.join("Bo")
    try:
        done = play_some([ann, bo], 8, seed=5)
        srv.stop()
        srv = start(db, port=port)
        done += play_some([ann, bo], 8, seed=55)
        assert ann.connections >= 2 and bo.connections >= 2
        assert bo.wait_for(lambda g: g.seq >= ann.seq, 10)  # Bo has heard Ann's last move
        assert [t for _, t, _ in done] == stored_intents(db, table.id) == [str(i) for i in bo.history]
    finally:
        ann.close(), bo.close()
        srv.stop()


# ------------------------------------------------------------------------------------- reading

@local_copies
def test_why_not_on_my_turn_gives_the_engines_reason(server):
    table = three(server, seed=13)
    truth = sm.new_game(seed=13, players=["Ann", "Bo", "Cy"], mode="competitive")
    ann = table.join(truth.actor)  # whoever decides first
    try:
        assert ann.why_not("end") == truth.why_not("end")
        assert ann.why_not("draw home") is None
        assert "Not" in ann.why_not("fly away") or ann.why_not("fly away")
        trial = ann.copy()
        assert trial.legal_intents() == truth.legal_intents()
    finally:
        ann.close()


@local_copies
def test_a_seats_trial_copy_is_its_view_and_cannot_be_saved_as_the_game(server):
    """``RemoteGame.copy`` is ``Game.from_view`` of the seat's view: it knows no more than the
    seat (its hidden cards "?", seed 0), and its save would not be the table's game."""
    table = three(server, seed=13)
    ann = table.join("Ann")
    try:
        trial = ann.copy()
        assert trial.state == ann.state and trial.seed == 0 and HIDDEN in trial.state.home
        assert "seat's view" in trial.can_save()
        with pytest.raises(sm.SaveError, match="seat's view"):
            trial.dumps()
    finally:
        ann.close()


def test_a_remote_seat_offers_no_undo(server):
    """[B1] every decision at a shared table stands."""
    table = three(server, seed=4)
    ann = table.join("Ann")
    try:
        ann.apply("draw home")
        assert "no undo" in ann.can_undo() and ann.redo_next is None
        with pytest.raises(sm.IllegalIntent, match="no undo"):
            ann.undo()
        assert ann.seq == 1
    finally:
        ann.close()


def test_the_engine_and_the_shared_modules_import_nothing_of_the_serve_extra():
    """The engine stays standard-library only: the server's third-party stack and the client's are
    imported only when a server runs or a seat connects."""
    import subprocess
    import sys
    code = ("import sys, stationmaster, stationmaster.remote, stationmaster.server\n"
            "from stationmaster.server import codec, views, store, tables, limits\n"
            "print(sorted(m for m in ('starlette', 'uvicorn', 'httpx', 'websockets', 'anyio') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_missing_extra_says_how_to_install_it(monkeypatch):
    import builtins
    real = builtins.__import__

    def no_httpx(name, *a, **kw):
        if name == "httpx":
            raise ImportError("No module named 'httpx'", name="httpx")
        return real(name, *a, **kw)

    monkeypatch.setattr(builtins, "__import__", no_httpx)
    with pytest.raises(ImportError, match=r'stationmaster\[serve\]'):
        remote.create("http://127.0.0.1:1", players=["Ann"])


def test_bad_addresses_and_invites_are_refused_in_words():
    with pytest.raises(ValueError, match="http"):
        remote.create("ftp://x", players=["Ann"])
    with pytest.raises(ValueError, match="invite"):
        remote.join("http://127.0.0.1:1/table/abc")
    with pytest.raises(remote.ServerError, match="cannot reach"):
        remote.create("http://127.0.0.1:1", players=["Ann"])
