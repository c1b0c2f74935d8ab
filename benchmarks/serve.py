"""Load on the game server (issue 19, DESIGN §7: "50 tables at once on loopback, p95 intent →
every seat's update < 100 ms"). Prints JSON.

A ``stationmaster serve`` process on 127.0.0.1 (its own process, a fresh database, SQLite
``synchronous=FULL`` unless ``--sync normal``); in this process, bot clients: each table has two
seats played here through ``stationmaster.remote`` (a random legal intent after ``--think``
seconds) and a third seat played by the server's own bot (random, ``--bot-pace``). Every table is
played to its end. For each intent a client sends, the latency is the time from sending it to the
moment the last seat of its table (the sender's acknowledgement included) has its update decoded
and applied — the spectator of the table included, so three views are sent per intent.

    python benchmarks/serve.py                    # 1 table alone, then 50 at once
    python benchmarks/serve.py --tables 10 --single 0
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from stationmaster import remote


def launch(db: str, sync: str, bot_pace: float):
    proc = subprocess.Popen([sys.executable, "-m", "stationmaster.cli", "serve", "--port", "0", "--db", db,
                             "--sync", sync, "--bot-pace", str(bot_pace), "--max-connections", "8",
                             "--rate", "100", "--burst", "200"],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, line.split()[4]


class TableRun:
    """One table: two client seats, a spectator, and the server's bot in the third seat."""

    def __init__(self, url: str, seed: int, length: str, think: float, bot_pace: float) -> None:
        self.think = think
        self.table = remote.create(url, players=["Ann", "Bo", "Cy"], mode="competitive", seed=seed, length=length,
                                   bots={"Cy": "random"}, pace=bot_pace)
        self.seats = [self.table.join("Ann"), self.table.join("Bo")]
        self.viewers = self.seats + [self.table.watch()]
        self.rnd = random.Random(seed)
        self.lock = threading.Lock()
        self.sent: dict = {}  # seq -> time sent
        self.heard: dict = {}  # seq -> {viewer index: time}
        self.latencies: list = []
        self.intents = 0
        for k, v in enumerate(self.viewers):
            v.observe(lambda g, k=k: self._heard(k, g.seq, time.perf_counter()))

    def _heard(self, k: int, seq: int, t: float) -> None:
        with self.lock:
            got = self.heard.setdefault(seq, {})
            got.setdefault(k, t)
            self._done(seq)

    def _done(self, seq: int) -> None:
        if seq in self.sent and len(self.heard.get(seq, ())) == len(self.viewers):
            self.latencies.append(max(self.heard[seq].values()) - self.sent.pop(seq))

    def play(self, seat: int) -> None:
        g = self.seats[seat]
        while True:
            g.wait_for(lambda g: g.is_over or (g.actor == g.me and g.legal), 600)
            if g.is_over:
                return
            time.sleep(self.think)
            it = self.rnd.choice(g.legal_intents())
            seq = g.seq + 1
            t0 = time.perf_counter()
            with self.lock:
                self.sent[seq] = t0
            g.apply(it)  # returns once acknowledged; the apply notified this seat's observer
            self.intents += 1

    def close(self) -> None:
        for v in self.viewers:
            v.close()


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) of a process so far (this one's with None): a figure the machine's
    other load does not inflate the way it inflates wall-clock latency."""
    if pid is None:
        import resource
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(url: str, tables: int, length: str, think: float, bot_pace: float, seed: int, pid=None) -> dict:
    server_cpu, client_cpu = (cpu_seconds(pid) if pid else None), cpu_seconds(None)
    runs = [TableRun(url, seed + i, length, think, bot_pace) for i in range(tables)]
    threads = [threading.Thread(target=r.play, args=(s,), daemon=True) for r in runs for s in (0, 1)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    wall = time.perf_counter() - t0
    for r in runs:
        r.viewers[-1].wait_for(lambda g: g.is_over, 30)
    lat = sorted(x for r in runs for x in r.latencies)
    total = sum(len(r.viewers[0].history) for r in runs)
    out = {
        "tables": tables, "finished": sum(r.viewers[0].is_over for r in runs),
        "intents": total, "client_intents": sum(r.intents for r in runs), "seconds": round(wall, 2),
        "intents_per_s": round(total / wall, 1),
        "latency_ms": {"samples": len(lat), "median": round(1000 * statistics.median(lat), 1),
                       "p95": round(1000 * lat[int(0.95 * (len(lat) - 1))], 1),
                       "max": round(1000 * lat[-1], 1)} if lat else None,
        "client_cpu_ms_per_intent": round(1000 * (cpu_seconds(None) - client_cpu) / total, 2),
    }
    if pid:
        out["server_cpu_ms_per_intent"] = round(1000 * (cpu_seconds(pid) - server_cpu) / total, 2)
    for r in runs:
        r.close()
    return out


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--single", type=int, default=1, help="first measure this many tables alone (0: skip)")
    p.add_argument("--length", default="short")
    p.add_argument("--think", type=float, default=0.1, help="a client seat's seconds before each intent")
    p.add_argument("--bot-pace", type=float, default=0.1, help="the server bot's seconds a decision")
    p.add_argument("--sync", default="full", choices=["full", "normal"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--url", help="measure a server already running there (e.g. under a profiler) instead")
    a = p.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="sm-serve-bench-")
    proc, url = (None, a.url) if a.url else launch(os.path.join(folder, "tables.db"), a.sync, a.bot_pace)
    try:
        result = {"benchmark": "serve", "settings": {"length": a.length, "think_s": a.think,
                                                     "bot_pace_s": a.bot_pace, "sync": a.sync,
                                                     "seats": "2 client bots + 1 server bot + 1 spectator"},
                  "cpus": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()]}
        if a.single:
            result["single_table"] = run(url, a.single, a.length, a.think, a.bot_pace, a.seed, proc and proc.pid)
        result["many_tables"] = run(url, a.tables, a.length, a.think, a.bot_pace, a.seed + 1000, proc and proc.pid)
        result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(result, indent=1))
    finally:
        if proc is not None:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    main()
