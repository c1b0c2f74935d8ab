"""A real server process, killed with SIGKILL three times in the middle of play and started again on the same
database: no acknowledged intent is lost, and the clients reconnect by themselves and carry on
(issue 19, "authoritative and durable"). Slow: it starts the server process several times."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

from stationmaster import remote

from remote_helpers import stored_intents

pytestmark = pytest.mark.slow


def launch(db: str, port: int, log) -> tuple:
    """``stationmaster serve`` in a process of its own; returns (process, URL) once it listens."""
    proc = subprocess.Popen([sys.executable, "-m", "stationmaster.cli", "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--db", db, "--bot-pace", "0"],
                            stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    assert "http://127.0.0.1:" in line, f"the server did not start: {line!r}"
    return proc, line.split()[4]


def stop(proc) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)


class Players(threading.Thread):
    """Ann and Bo play random legal intents as fast as the server takes them; every intent whose
    ``apply`` returned (acknowledged) is kept with its sequence number."""

    def __init__(self, games, seed: int) -> None:
        super().__init__(daemon=True)
        self.games, self.rnd = games, random.Random(seed)
        self.acked: list = []
        self.errors: list = []
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.is_set() and not self.games[0].is_over:
            g = next((g for g in self.games if g.actor == g.me and g.legal), None)
            if g is None:
                self.games[0].wait(0.05)
                continue
            it = self.rnd.choice(sorted(g.legal_intents(), key=str))
            seq = g.seq
            try:
                g.apply(it, timeout=60)
            except Exception as e:  # stale because the other seat's news came late: look again
                self.errors.append(f"{type(e).__name__}: {e}")
                continue
            self.acked.append((seq, str(it)))


def test_sigkill_at_any_moment_loses_no_acknowledged_intent(tmp_path):
    db = str(tmp_path / "tables.db")
    log = open(tmp_path / "server.log", "w")
    proc, url = launch(db, 0, log)
    port = int(url.rsplit(":", 1)[1])
    table = remote.create(url, players=["Ann", "Bo", "Cy"], mode="competitive", seed=17, bots={"Cy": "planner"},
                          pace=0)
    ann, bo = table.join("Ann"), table.join("Bo")
    spectator = table.watch()
    players = Players([ann, bo], seed=17)
    players.start()
    rnd = random.Random(5)
    kills = 0
    try:
        for _ in range(3):
            time.sleep(rnd.uniform(0.3, 1.2))  # anywhere: mid-write, mid-broadcast, mid-bot
            before = len(players.acked)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
            kills += 1
            time.sleep(rnd.uniform(0.0, 0.5))
            proc, url2 = launch(db, port, log)
            assert url2 == url
            deadline = time.monotonic() + 60
            while len(players.acked) < before + 5 and not ann.is_over:  # they carry on by themselves
                assert time.monotonic() < deadline, f"no play after restart {kills}: {players.errors[-3:]}"
                time.sleep(0.05)
        players.halt.set()
        players.join(90)
        assert not players.is_alive()
        assert ann.wait_for(lambda g: g.actor in ("Ann", "Bo") or g.is_over, 30)  # the bot rests: all quiet
        time.sleep(0.2)
        stored = stored_intents(db, table.id)
        for seq, text in players.acked:
            assert stored[seq] == text, f"acknowledged intent {seq} {text!r} lost: the log has {stored[seq:seq + 1]}"
        assert len(players.acked) >= 20
        # each client reconnects by itself after every kill, also once the game is over (its backoff
        # may still be running when a game that ended early gets here: wait for it, boundedly)
        deadline = time.monotonic() + 30
        while min(g.connections for g in (ann, bo, spectator)) < kills + 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ann.connections >= kills + 1 and bo.connections >= kills + 1 and spectator.connections >= kills + 1
        for g in (ann, bo, spectator):
            assert g.wait_for(lambda g: g.seq == len(stored), 10)
        assert [str(i) for i in ann.history] == stored == [str(i) for i in bo.history]
        game = table.export()  # the log replays, after every kill, to the game the seats see
        assert [str(i) for i in game.history] == stored and game.revenue == ann.revenue
    finally:
        players.halt.set()
        for g in (ann, bo, spectator):
            g.close()
        stop(proc)
        log.close()
