"""Bot benchmarks (DESIGN.md §7). Prints JSON; budgets are checked by reading it, not by tests.

    python benchmarks/bots.py [--games 3] [--sim-games 16] [--search-decisions 120]

- decisions per second of every registered bot, over whole Standard solitaire games (the search
  bot over its first few decisions only, at its default budget: seconds per decision, and its
  playouts per second, counted as the determinized copies it makes);
- one Standard solitaire game by ``planner`` (if registered), against its budget of 1 s;
- the ``expert``'s seconds a decision over its whole games, against issue 29's 1 s on average;
- ``game.copy()``, which search lives on;
- ``simulate`` throughput with jobs=1 and jobs=2 (games per second, and the speed-up).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stationmaster as sm  # noqa: E402
from stationmaster.bots import available, make, simulate  # noqa: E402

BUDGETS = {
    "planner_standard_game_s": 1.0,
    "search_s_per_decision": 1.0,
    "expert_s_per_decision": 1.0,  # issue 29: on average over whole games
    "copy_ms": 0.2,
}


class CountPlayouts:
    """Counts determinized copies (``game.copy(determinize=...)``): each playout of a search
    starts from one (DESIGN.md §7a), so this needs nothing from the bot itself."""

    def __init__(self) -> None:
        self.n = 0

    def __enter__(self):
        original = self.original = sm.Game.copy

        def copy(game, *args, **kw):
            if kw.get("determinize") is not None:
                self.n += 1
            return original(game, *args, **kw)

        sm.Game.copy = copy
        return self

    def __exit__(self, *exc) -> None:
        sm.Game.copy = self.original


def bot_games(name: str, games: int, max_decisions: int | None = None) -> dict:
    """Play Standard solitaire games with ``name`` (or its first ``max_decisions``)."""
    times, decisions, searching = [], [], []  # searching: seconds of the decisions that made playouts
    with CountPlayouts() as playouts:
        for seed in range(1, games + 1):
            g = sm.new_game(seed=seed)
            bot = make(name, seed=seed)
            n, t = 0, time.perf_counter()
            while not g.is_over and (max_decisions is None or n < max_decisions):
                before, t0 = playouts.n, time.perf_counter()
                g.apply(bot.choose(g))
                if playouts.n > before:
                    searching.append(time.perf_counter() - t0)
                n += 1
            times.append(time.perf_counter() - t)
            decisions.append(n)
    out = {
        "games": games,
        "decisions": sum(decisions),
        "decisions_per_s": round(sum(decisions) / sum(times), 1),
        "s_per_decision": round(sum(times) / sum(decisions), 5),
        "median_game_s" if max_decisions is None else "median_s_for_first_decisions": round(statistics.median(times), 3),
        "settings": {k: v for k, v in vars(bot).items() if not k.startswith("_") and (isinstance(v, (int, float, str)) or v is None)},
    }
    if playouts.n:
        out["playouts"] = playouts.n
        out["playouts_per_s"] = round(playouts.n / sum(searching), 1)
        out["searching_decisions"] = len(searching)
        out["s_per_searching_decision"] = round(statistics.fmean(searching), 4)
        out["max_s_per_decision"] = round(max(searching), 4)
    return out


def copy_ms(repeat: int = 200) -> float:
    g = sm.new_game(seed=1, bots={"Player": "random"})
    sm.bots.play_turns(g, max_decisions=150)
    t = time.perf_counter()
    for _ in range(repeat):
        g.copy()
    return round((time.perf_counter() - t) / repeat * 1000, 4)


def sim_throughput(bot: str, games: int) -> dict:
    out = {"bot": bot, "length": "standard", "games": games}
    for jobs in (1, 2):
        t = time.perf_counter()
        simulate(bot, games=games, seed=1, jobs=jobs)
        dt = time.perf_counter() - t
        out[f"jobs{jobs}_s"] = round(dt, 3)
        out[f"jobs{jobs}_games_per_s"] = round(games / dt, 2)
    out["speedup"] = round(out["jobs1_s"] / out["jobs2_s"], 2)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="whole games per bot (default 3)")
    ap.add_argument("--search-decisions", type=int, default=120, help="decisions timed for search (default 120)")
    ap.add_argument("--sim-bot", default="greedy", help="the bot simulate's throughput is measured with")
    ap.add_argument("--sim-games", type=int, default=16, help="games for the simulate throughput (default 16)")
    args = ap.parse_args(argv)
    bots = {}
    for name in available():
        if name == "search":
            bots[name] = bot_games(name, 1, max_decisions=args.search_decisions)
        else:
            bots[name] = bot_games(name, args.games)
    report = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "bots": bots,
        "copy_ms": copy_ms(),
        "simulate": sim_throughput(args.sim_bot, args.sim_games),
        "budgets": BUDGETS,
    }
    within = {"copy": report["copy_ms"] <= BUDGETS["copy_ms"]}
    if "planner" in bots:
        within["planner_standard_game"] = bots["planner"]["median_game_s"] < BUDGETS["planner_standard_game_s"]
    if "search" in bots:
        worst = bots["search"].get("max_s_per_decision", bots["search"]["s_per_decision"])
        within["search_per_decision"] = worst <= BUDGETS["search_s_per_decision"]
    if "expert" in bots:
        within["expert_per_decision"] = bots["expert"]["s_per_decision"] <= BUDGETS["expert_s_per_decision"]
    report["within_budget"] = within
    missing = [b for b in ("planner", "search") if b not in bots]
    if missing:
        report["not_registered"] = missing
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
