"""Review benchmark (issue 31): how long ``sm.review`` takes. Prints JSON.

    python benchmarks/review.py [--games 3] [--depth normal] [--jobs 1]

- seconds per judged decision, median over ``--games`` Standard solitaire games (seeds 1, 2, ...)
  of the planner with every fifth option decision a Freight Agent pass (a player who is not the
  planner: about one decision in ten then leaves its line and is rolled out against it), whole games;
- the seconds of a whole review of the first game, and of its first judgement (``iter_review``);
- the budget: a 200-decision Standard game in at most 60 s on one core at the default depth;
- the replay's step time on the first game, kernel-side, on both surfaces (``benchmarks/replay.py``'s
  measure, which times every key's move and the positions alone: run it for the details), against
  its budget of 50 ms a step.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stationmaster as sm  # noqa: E402
from stationmaster.bots.planner import PlannerBot  # noqa: E402
from stationmaster.decisions import decision_kind  # noqa: E402
from stationmaster.intents import Agent  # noqa: E402
from stationmaster.review import iter_review  # noqa: E402

BUDGET_S_FOR_200 = 60.0


def _replay_benchmark():
    """benchmarks/replay.py (a script beside this one, not a package)."""
    spec = importlib.util.spec_from_file_location("replay_benchmark", Path(__file__).with_name("replay.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def replay_steps(game) -> dict:
    """The replay's kernel-side step time over the game on each surface: median, 90th percentile and
    worst of a step forward (→ through the whole game), and the worst of every key's move."""
    bench = _replay_benchmark()
    out = {}
    for surface in ("canvas", "svg"):
        timed = bench.time_steps(game, surface, (900, 520))
        out[surface] = {"forward_ms": timed["forward"], "worst_ms": timed["worst_ms"]}
    out["budget_ms"] = bench.BUDGET_MS
    out["within_budget"] = all(out[s]["worst_ms"] <= bench.BUDGET_MS for s in ("canvas", "svg"))
    return out


def player_game(seed: int):
    """A Standard solitaire game: the planner, but every fifth Local Operations option a pass."""
    g = sm.new_game(seed=seed)
    bot = PlannerBot(0)
    options = 0
    while not g.is_over:
        it = bot.choose(g)
        if g.actor is not None and decision_kind(g.state) == "option":
            options += 1
            if options % 5 == 0 and Agent("pass") in g.legal:
                it = Agent("pass")
        g.apply(it)
    return g


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--depth", default="normal")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    per, rows = [], []
    first_s = replay = None
    for seed in range(1, args.games + 1):
        g = player_game(seed)
        if seed == 1:
            replay = replay_steps(g)
        t = time.perf_counter()
        if seed == 1:
            next(iter_review(g, depth=args.depth, jobs=args.jobs))
            first_s = round(time.perf_counter() - t, 3)
            t = time.perf_counter()
        r = sm.review(g, depth=args.depth, jobs=args.jobs, progress=False)
        s = time.perf_counter() - t
        n = len(r.decisions)
        per.append(s / max(1, n))
        rows.append({"seed": seed, "intents": len(g.history), "decisions": n, "seconds": round(s, 2),
                     "not_best": sum(j.verdict != "best" for j in r.decisions)})
    s_per = statistics.median(per)
    out = {
        "depth": args.depth, "jobs": args.jobs, "games": rows,
        "review_s_per_decision": round(s_per, 4),
        "review_s_for_200_decisions": round(200 * s_per, 1),
        "first_decision_s": first_s,
        "budget_s_for_200_decisions": BUDGET_S_FOR_200,
        "within_budget": 200 * s_per <= BUDGET_S_FOR_200,
        "replay_step": replay,
        "python": platform.python_version(), "cpus": os.cpu_count(),
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
