"""Replay benchmark (DESIGN.md §7, issue 31.2): the kernel-side time of one replay step.

    python benchmarks/replay.py [--seed 5] [--bot planner] [--room 900x520] [--surface canvas svg]

A whole Standard solitaire game is played by a bot (the planner by default), then shown on a
``ReplayBoard`` laid out for ``--room`` (the CSS pixels a browser reports: JupyterLab's at 1280x800
with the file browser open, less the replay's bar). Each step is timed kernel-side
(``board.step_ms``: the position rebuilt from the nearest snapshot, the scene, the paint, the marks
and the words; Python's collector runs after the step is sent, and the CPU time per step with it
is reported too), over every key's move: → through the whole game, ← back, ↓/↑ by Stage, End/Home;
then the position alone (``game.branch(k).state``, as a step rebuilds it) for every decision.

Prints JSON: medians, 90th percentiles and maxima per surface, against the budget (50 ms a step).
No kernel is needed: widgets without a frontend still build every message they would send.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stationmaster as sm  # noqa: E402
from stationmaster.bots import play_turns  # noqa: E402

BUDGET_MS = 50.0


def stats(values) -> dict:
    values = sorted(values)
    return {"n": len(values), "median": round(statistics.median(values), 2),
            "p90": round(values[int(0.9 * (len(values) - 1))], 2), "max": round(values[-1], 2)}


def played_game(seed: int, bot: str):
    game = sm.new_game(seed=seed, bots={"Player": bot})
    play_turns(game)
    return game


def time_steps(game, surface: str, room) -> dict:
    from stationmaster.widgets.replayboard import ReplayBoard

    board = ReplayBoard(game, surface=surface)
    if board.page is not None and room[0] > 0:
        board.page.room_width, board.page.room_height = room
    out = {}
    cpu_start, steps = time.process_time(), 0
    for move, count in (("forward", board.steps.last), ("back", board.steps.last), ("stage_forward", 40),
                        ("stage_back", 40), ("last", 3), ("first", 3)):
        times = []
        for _ in range(count):
            if move in ("last", "first"):
                board.go(board.steps.last // 2)
            before = board.k
            board.move(move)
            steps += 1
            if board.k != before:
                times.append(board.step_ms)
        if times:
            out[move] = stats(times)
    # the collector's work deferred past each step (``ReplayBoard.show``) is in the process's time
    out["cpu_ms_per_step_with_gc"] = round((time.process_time() - cpu_start) * 1000 / steps, 2)
    out["worst_ms"] = max(s["max"] for s in out.values() if isinstance(s, dict))
    out["within_budget"] = out["worst_ms"] <= BUDGET_MS
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--bot", default="planner")
    ap.add_argument("--room", default="900x520", help="WxH the browser reports (0x0: no room layout)")
    ap.add_argument("--surface", nargs="+", default=["canvas", "svg"])
    args = ap.parse_args()
    room = tuple(int(v) for v in args.room.split("x"))
    game = played_game(args.seed, args.bot)
    rebuild = []
    for k in range(1, len(game.timeline) + 2):
        start = time.perf_counter()
        game.branch(k).state
        rebuild.append((time.perf_counter() - start) * 1000)
    report = {"benchmark": "replay step (kernel side)", "python": platform.python_version(),
              "game": {"seed": args.seed, "bot": args.bot, "decisions": len(game.timeline),
                       "snapshots": len(game.timeline.snapshot_points)},
              "room": args.room, "budget_ms": BUDGET_MS, "position_ms": stats(rebuild),
              "surfaces": {s: time_steps(game, s, room) for s in args.surface}}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
