"""simulate on 2 workers against 1 (DESIGN.md §7: ≥ 1.8× on an idle machine), on a Dask cluster
against local processes (issue 32: overhead ≤ 10%), and its memory as a run streams. Prints JSON;
the budget is checked by reading it, not by a test.

    python benchmarks/simulate.py [--bot greedy] [--games 16] [--rounds 3] [--stream-games 600] [--no-dask]

- ``jobs``: wall seconds for the same ``games`` games (Standard solitaire, seeds 1..games) on 1 and
  on 2 worker processes, ``rounds`` times in alternating order; the medians, their ratio (the
  speed-up) and each round's ratio. The machine's load average is printed before and after: the
  budget is for an idle machine, and a busy one lowers the speed-up (2 workers share what is free).
- ``control``: the same on a bare CPU-bound loop (no engine) in a ``multiprocessing.Pool`` of 2
  against one process: what 2 processes can get from this machine at that moment. On a busy
  machine (or where this session's processes share a fixed CPU quota) it is well under 2, and
  ``simulate``'s speed-up can be no better; ``efficiency`` is simulate's speed-up over the control's.
- ``dask`` (issue 32; needs the ``cluster`` extra, skipped with ``--no-dask``): games per second on 1
  local process, 2 local processes, and ``distributed.LocalCluster``s of 1 and 2 workers (processes,
  one thread a worker), each ``rounds`` times in rotating order, the medians; ``two_workers_vs_one``
  (the 2-worker cluster's rate over one process: the budget is at least 1.8),
  ``dask_overhead_vs_two_processes`` (1 - its rate over 2 local processes': at most 0.10) and
  ``dask_overhead_one_worker_vs_one_process`` (the same for one of each, which a busy machine's
  second core cannot blur). The clusters are started once, before the timings, as a cluster is
  started once for a study; a local run starts its processes each time, as ``simulate`` does.
- ``stream``: the parent's peak resident memory after streaming ``stream-games`` short random games
  through ``iter_simulate`` into a ``Summary`` (no rows held), against the same after a tenth of them:
  flat when rows and tasks stream.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stationmaster.bots.simulate import Summary, iter_simulate  # noqa: E402

BUDGET_SPEEDUP = 1.8  # 2 workers against 1, on an idle machine
BUDGET_DASK_OVERHEAD = 0.10  # a 2-worker Dask cluster against 2 local processes, at most


def wall(bot: str, games: int, jobs: int, client=None) -> float:
    t = time.perf_counter()
    summary = Summary(iter_simulate(bot, games=games, seed=1, jobs=jobs, client=client))
    assert summary.games == games
    return time.perf_counter() - t


def dask_backends(bot: str, games: int, rounds: int) -> dict:
    """Games per second on 1 and 2 local processes and on a 2-worker LocalCluster (see the docstring)."""
    from distributed import Client, LocalCluster
    runs = {"local_1": [], "local_2": [], "dask_1": [], "dask_2": []}
    with contextlib.ExitStack() as stack:
        clients = {}
        for n in (1, 2):
            cluster = stack.enter_context(LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                                       dashboard_address=None))
            clients[f"dask_{n}"] = stack.enter_context(Client(cluster, set_as_default=False))
            wall(bot, 2, 1, clients[f"dask_{n}"])  # the workers import the engine once, as for a study's first setting
        names = list(runs)
        for r in range(rounds):  # rotate the order, so a change in the machine's load hits every backend
            for name in names[r % 4:] + names[:r % 4]:
                runs[name].append(wall(bot, games, int(name[-1]), clients.get(name)))
    rate = {name: games / statistics.median(times) for name, times in runs.items()}
    return {
        "bot": bot, "length": "standard", "games": games, "rounds": rounds,
        "seconds": {name: [round(x, 3) for x in times] for name, times in runs.items()},
        "games_per_second": {name: round(v, 3) for name, v in rate.items()},
        "two_workers_vs_one": round(rate["dask_2"] / rate["local_1"], 2),
        "two_processes_vs_one": round(rate["local_2"] / rate["local_1"], 2),
        "dask_overhead_vs_two_processes": round(1 - rate["dask_2"] / rate["local_2"], 3),
        # one worker against one process: the overhead where a busy machine's second core cannot blur it
        "dask_overhead_one_worker_vs_one_process": round(1 - rate["dask_1"] / rate["local_1"], 3),
    }


def jobs_speedup(bot: str, games: int, rounds: int) -> dict:
    one, two = [], []
    for r in range(rounds):  # alternate the order, so a change in the machine's load hits both
        order = (1, 2) if r % 2 == 0 else (2, 1)
        for jobs in order:
            (one if jobs == 1 else two).append(wall(bot, games, jobs))
    m1, m2 = statistics.median(one), statistics.median(two)
    return {
        "bot": bot, "length": "standard", "games": games, "rounds": rounds,
        "jobs1_s": [round(x, 3) for x in one], "jobs2_s": [round(x, 3) for x in two],
        "median_jobs1_s": round(m1, 3), "median_jobs2_s": round(m2, 3),
        "speedup_of_medians": round(m1 / m2, 2),
        "speedup_per_round": [round(a / b, 2) for a, b in zip(one, two)],
    }


def spin(n: int) -> int:
    """A CPU-bound task of no engine: the control."""
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def control(tasks: int, n: int, rounds: int) -> dict:
    import multiprocessing
    one, two = [], []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(tasks):
            spin(n)
        one.append(time.perf_counter() - t)
        t = time.perf_counter()
        with multiprocessing.Pool(2) as pool:
            pool.map(spin, [n] * tasks)
        two.append(time.perf_counter() - t)
    m1, m2 = statistics.median(one), statistics.median(two)
    return {"tasks": tasks, "loop": n, "median_1_process_s": round(m1, 3), "median_2_processes_s": round(m2, 3),
            "speedup": round(m1 / m2, 2)}


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)  # Linux: KiB


def stream_memory(games: int) -> dict:
    small = max(1, games // 10)
    Summary(iter_simulate("random", length="short", games=small, seed=1, jobs=2))
    after_small = peak_rss_mb()
    t = time.perf_counter()
    Summary(iter_simulate("random", length="short", games=games, seed=1, jobs=2))
    return {"bot": "random", "length": "short", "games": games, "seconds": round(time.perf_counter() - t, 2),
            f"peak_rss_mb_after_{small}_games": after_small, f"peak_rss_mb_after_{games}_more": peak_rss_mb()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="greedy", help="the bot in every seat (default greedy)")
    ap.add_argument("--games", type=int, default=16, help="games per timing (default 16)")
    ap.add_argument("--rounds", type=int, default=3, help="timings per worker count (default 3)")
    ap.add_argument("--stream-games", type=int, default=600, help="games for the memory check (default 600)")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask cluster's timings")
    args = ap.parse_args(argv)
    load_before = os.getloadavg()
    ctl = control(8, 1_000_000, args.rounds)
    jobs = jobs_speedup(args.bot, args.games, args.rounds)
    dask = None if args.no_dask else dask_backends(args.bot, args.games, args.rounds)
    load_after = os.getloadavg()
    report = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "control": ctl,
        "jobs": jobs,
        "efficiency": round(jobs["speedup_of_medians"] / ctl["speedup"], 2),
        "dask": dask,
        "budget_dask_overhead": BUDGET_DASK_OVERHEAD,
        "dask_within_budget": None if dask is None else (
            dask["two_workers_vs_one"] >= BUDGET_SPEEDUP
            and dask["dask_overhead_vs_two_processes"] <= BUDGET_DASK_OVERHEAD),
        "stream": stream_memory(args.stream_games),
        "budget_speedup": BUDGET_SPEEDUP,
        "within_budget": jobs["speedup_of_medians"] >= BUDGET_SPEEDUP,
        "note": "the budget is for an idle machine; compare the load averages with the CPUs",
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
