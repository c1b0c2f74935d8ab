"""Engine benchmarks (DESIGN.md §7). Prints JSON; budgets are checked by reading it, not by tests.

    python benchmarks/engine.py [--runs 7] [--deck classic|full]

- random legal play of a Standard solitaire game and a 4-player competitive game:
  intents per second and whole-game time (median over several seeded games);
- loading a 10-day Campaign save (made by random solitaire play);
- undo at the end of that Campaign against a full replay of it (loads), with the ratio;
- the same for a 4-player Co-op Campaign (more intents per Stage, so longer tails to replay);
- ``build_scene`` (the drawing description every board update and SVG starts from) of a 4-player
  competitive table after 300 seeded random intents: best and median milliseconds (it was a timed
  test, ``test_build_is_fast``, with a 30 ms limit; a timed test fails on a busy machine for
  nothing, so it is measured here).

``--deck full`` plays every game above with the full deck (the Mainline with crossing times and
devices, rulings M10-M20): the budgets are the same, and the longer crossings mean more Stages
with trains on the Division, so it is the heavier case.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stationmaster as sm  # noqa: E402

BUDGETS = {
    "standard_solitaire_game_s": 1.0,  # "well under a second"
    "undo_vs_replay_ratio_min": 20.0,
    "campaign_load_s": 1.0,
    "scene_4p_ms": 30.0,
}


def random_game(seed: int, **config):
    """Play a game to the end with seeded random legal choices; (game, seconds)."""
    r = random.Random(seed)
    t = time.perf_counter()
    g = sm.new_game(seed=seed, **config)
    while not g.is_over:
        g.apply(r.choice(g.legal_intents()))
    return g, time.perf_counter() - t


def play_bench(runs: int, **config) -> dict:
    times, intents = [], []
    for seed in range(1, runs + 1):
        g, dt = random_game(seed, **config)
        times.append(dt)
        intents.append(len(g.history))
    return {
        "games": runs,
        "median_game_s": round(statistics.median(times), 4),
        "max_game_s": round(max(times), 4),
        "median_intents_per_game": statistics.median(intents),
        "intents_per_s": round(sum(intents) / sum(times)),
    }


def timed(fn, repeat: int) -> list:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def campaign_bench(runs: int, **config) -> dict:
    g, _ = random_game(1, length="campaign", **config)
    text = g.dumps()
    assert g.day == 10, "the Campaign save should reach Day 10"
    loads = timed(lambda: sm.loads(text), runs)
    game = sm.loads(text)
    n = len(game.history)
    if len(game.players) == 1:
        def undo():
            game.undo()

        def restore():
            game.redo()
    else:
        # multiplayer undo is limited by the rules (H1; none after the game ended): time the
        # rewind it performs (nearest snapshot + replay of the tail) directly
        def undo():
            game._rebuild(len(game.history) - 1)

        def restore():
            game._rebuild(n)
    undos = []
    for _ in range(max(runs, 15)):
        undos += timed(undo, 1)
        restore()
    # then back across the last 60 intents one at a time (the tail replayed varies)
    tail = []
    for k in range(1, min(60, n)):
        if len(game.players) == 1:
            tail += timed(game.undo, 1)
        else:
            tail += timed(lambda: game._rebuild(n - k), 1)
    load_s = statistics.median(loads)
    undo_s = statistics.median(undos)
    return {
        "intents": len(g.history),
        "save_bytes": len(text.encode()),
        "load_s": round(load_s, 4),
        "undo_at_end_s": round(undo_s, 6),
        "undo_last_60_median_s": round(statistics.median(tail), 6),
        "undo_last_60_max_s": round(max(tail), 6),
        "replay_over_undo_ratio": round(load_s / undo_s, 1),
        "replay_over_worst_undo_ratio": round(load_s / max(tail), 1),
    }


def scene_bench(runs: int, **config) -> dict:
    from stationmaster.view.scene import build_scene

    g = sm.new_game(seed=5, players=["Ann", "Bo", "Cy", "Di"], mode="competitive", **config)
    r = random.Random(5)
    for _ in range(300):
        if g.is_over:
            break
        g.apply(r.choice(g.legal_intents()))
    build_scene(g.state)  # the first build loads what the later ones reuse
    times = []
    for _ in range(max(5, runs)):
        t = time.perf_counter()
        build_scene(g.state)
        times.append(time.perf_counter() - t)
    return {"intents": len(g.history), "best_ms": round(min(times) * 1000, 2),
            "median_ms": round(statistics.median(times) * 1000, 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="games / repetitions per measurement (median)")
    ap.add_argument("--deck", choices=("classic", "full"), default="classic",
                    help="the deck every game is played with (new_game's deck option)")
    args = ap.parse_args(argv)
    deck = {"deck": args.deck}
    standard = play_bench(args.runs, **deck)
    competitive = play_bench(args.runs, players=["A", "B", "C", "D"], mode="competitive", **deck)
    campaign = campaign_bench(args.runs, **deck)
    coop = campaign_bench(args.runs, players=["A", "B", "C", "D"], mode="coop", **deck)  # longer Stages
    scene = scene_bench(args.runs, **deck)
    report = {
        "python": platform.python_version(),
        "deck": args.deck,
        "standard_solitaire": standard,
        "competitive_4p_standard": competitive,
        "campaign_solitaire": campaign,
        "campaign_coop_4p": coop,
        "scene_4p": scene,
        "budgets": BUDGETS,
        "within_budget": {
            "standard_solitaire_game": standard["max_game_s"] < BUDGETS["standard_solitaire_game_s"],
            "undo_vs_replay": campaign["replay_over_undo_ratio"] >= BUDGETS["undo_vs_replay_ratio_min"],
            "campaign_load": campaign["load_s"] < BUDGETS["campaign_load_s"],
            "scene_4p": scene["best_ms"] < BUDGETS["scene_4p_ms"],
        },
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
