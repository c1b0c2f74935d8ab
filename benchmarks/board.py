"""Board benchmarks (DESIGN.md §7): kernel-side time and widget-message bytes per board update.

    python benchmarks/board.py [--intents 400] [--players 1 2 4] [--room 900x587] [--compact]

For random games (seeded; 1, 2 and 4 players by default) with a live ``GameBoard`` observing, every
intent is applied as a script in another cell would (``board.game.apply``), and we measure

- the kernel-side time of the board update (the observer: sync, autosave to a temporary folder,
  scene, paint, controls, log), as the time of ``apply`` minus the time of the same ``apply`` on a copy of
  the game without a board;
- the bytes of widget messages the update sends: ipycanvas's command batches and every widget
  state update, captured at ``ipywidgets.Widget._send`` (JSON text plus binary buffers);
- the same for a click that only changes the selection (the highlight layer and buttons);
- the same for a bot's decision applied by the board (``board.step_bots(1)``: the bot's
  ``decide`` and the engine's ``apply`` on a copy are subtracted), in a game of random bots.

The board is laid out for ``--room`` (the CSS pixels a browser reports for its canvas; 900x587 is
JupyterLab's at 1280x800 with the file browser open, the live board's layout; ``0x0``: the table
as drawn for SVG, as before a browser reports its room).

Prints JSON with medians, 90th percentiles and maxima, against the budgets (< 30 ms, < 64 KB).
No kernel is needed: widgets without a frontend still build every message they would send.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ipywidgets  # noqa: E402

import stationmaster as sm  # noqa: E402
from stationmaster.widgets.board import GameBoard  # noqa: E402

BUDGETS = {"update_ms_median": 30.0, "update_bytes_median": 64 * 1024}


def set_room(board, room) -> None:
    """Lay the board out for a room, as a browser's report does."""
    if board.page is not None and room[0] > 0:
        board.page.room_width, board.page.room_height = room

_sizes: list = []
_orig_send = ipywidgets.Widget._send


def _spy(self, msg, buffers=None):
    _sizes.append(len(json.dumps(msg, default=str)) + sum(memoryview(b).nbytes for b in (buffers or [])))
    return _orig_send(self, msg, buffers)


ipywidgets.Widget._send = _spy


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def summary(values, digits=2):
    return {"median": round(statistics.median(values), digits), "p90": round(pct(values, 0.9), digits),
            "max": round(max(values), digits)}


def run(players: int, seed: int, intents: int, compact: bool = False, room=(900, 587)) -> dict:
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    mode = "solitaire" if players == 1 else "competitive"
    game = sm.new_game(seed=seed, players=names, mode=mode, length="campaign")
    _sizes.clear()
    folder = tempfile.mkdtemp(prefix="sm-board-bench-")
    t = time.perf_counter()
    board = GameBoard(game, autosave=str(Path(folder) / "station-master-autosave.json"), compact=compact)
    set_room(board, room)
    first_ms = (time.perf_counter() - t) * 1000
    first_bytes = sum(_sizes)
    r = random.Random(seed)
    times, sizes, sel_times, sel_sizes = [], [], [], []
    for _ in range(intents):
        if game.is_over:
            break
        legal = game.legal_intents()
        it = r.choice(legal)
        shadow = game.copy()  # the same apply without a board: the engine's share
        t = time.perf_counter()
        shadow.apply(it)
        engine = time.perf_counter() - t
        _sizes.clear()
        t = time.perf_counter()
        game.apply(it)
        total = time.perf_counter() - t
        times.append(max(0.0, total - engine) * 1000)
        sizes.append(sum(_sizes))
        # a selection click: the first highlighted thing that only selects
        targets = [tg for tg, kind in board.controller.highlights() if kind == "option"]
        if targets:
            _sizes.clear()
            n = len(game.history)
            t = time.perf_counter()
            try:
                board.click_target(targets[0])
            except KeyError:
                continue
            if len(game.history) == n:
                sel_times.append((time.perf_counter() - t) * 1000)
                sel_sizes.append(sum(_sizes))
            board.controller.clear_selection()
    out = {
        "players": players, "seed": seed, "intents": len(times),
        "scene": {"width": board.scene.width, "height": board.scene.height, "shapes": len(board.scene.shapes)},
        "first_draw_ms": round(first_ms, 1), "first_draw_bytes": first_bytes,
        "update_ms": summary(times), "update_bytes": summary(sizes, 0),
    }
    if sel_times:
        out["selection_click_ms"] = summary(sel_times)
        out["selection_click_bytes"] = summary(sel_sizes, 0)
    return out


def run_bots(players: int, seed: int, intents: int, compact: bool = False, room=(900, 587)) -> dict:
    from stationmaster.bots import bot_for

    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    mode = "solitaire" if players == 1 else "competitive"
    game = sm.new_game(seed=seed, players=names, mode=mode, length="campaign", bots={n: "random" for n in names})
    folder = tempfile.mkdtemp(prefix="sm-board-bench-")
    board = GameBoard(game, autosave=folder, pace=1.0, compact=compact)  # no event loop here: the bots wait for step_bots
    set_room(board, room)
    times, sizes = [], []
    for _ in range(intents):
        if game.is_over:
            break
        shadow = game.copy()
        t = time.perf_counter()
        shadow.apply(bot_for(shadow, shadow.actor).decide(shadow).intent)
        engine = time.perf_counter() - t
        _sizes.clear()
        t = time.perf_counter()
        board.step_bots(1)
        total = time.perf_counter() - t
        times.append(max(0.0, total - engine) * 1000)
        sizes.append(sum(_sizes))
    return {"players": players, "seed": seed, "decisions": len(times),
            "update_ms": summary(times), "update_bytes": summary(sizes, 0)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--intents", type=int, default=400)
    ap.add_argument("--players", type=int, nargs="*", default=[1, 2, 4])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compact", action="store_true", help="the big-print card row (a board shown small)")
    ap.add_argument("--room", default="900x587", help="the room a browser reports, WxH (0x0: none)")
    args = ap.parse_args(argv)
    room = tuple(int(v) for v in args.room.lower().split("x"))
    runs = [run(p, args.seed, args.intents, args.compact, room) for p in args.players]
    bot_runs = [run_bots(p, args.seed, args.intents, args.compact, room) for p in args.players]
    all_ms = [r["update_ms"]["median"] for r in runs + bot_runs]
    all_bytes = [r["update_bytes"]["median"] for r in runs + bot_runs]
    result = {
        "benchmark": "board",
        "python": platform.python_version(),
        "ipywidgets": ipywidgets.__version__,
        "budgets": BUDGETS,
        "compact": args.compact,
        "room": list(room),
        "runs": runs,
        "bot_decisions": bot_runs,
        "worst_update_ms_median": max(all_ms),
        "worst_update_bytes_median": max(all_bytes),
        "within_budget": max(all_ms) < BUDGETS["update_ms_median"]
        and max(all_bytes) < BUDGETS["update_bytes_median"],
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
