"""Calibrating the supply rule (issue 8): how often each bot wins Standard solitaire under each
``yard_refill`` choice.

    python tools/calibrate_supply.py --bots random careless planner --games 100
    python tools/calibrate_supply.py --bots search --games 20 --seed0 0
    python tools/calibrate_supply.py --bots planner --games 50 --rules day_end stage_end --json out.json

Prints one row per (bot, rule): mean Revenue, median, win rate, games, seconds per game, and
writes them as JSON with ``--json``. Report on seeds 0–199 (``--seed0 0``); tune on 1000 and up.
``careless`` is a stand-in for greedy play (the tiny bot of notebook 06: earning work first, then
any card, else draw) until the ``greedy`` bot lands; ``greedy`` is used when it is registered.
Search runs by rollouts with no time cap here, so the figures are reproducible.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stationmaster as sm  # noqa: E402
from stationmaster.bots import Bot, Decision, available, make  # noqa: E402
from stationmaster.config import YARD_REFILLS  # noqa: E402


class Careless(Bot):
    """Careless play: whatever earns at once, else any card, else draw (notebook 06's tiny bot)."""

    name = "careless"

    def decide(self, game) -> Decision:
        legal = game.legal_intents()
        rng = self.rng(game)
        for prefix in ("work", "board", "detrain", "agent stock", "play", "hold", "run", "place"):
            choices = [i for i in legal if str(i).startswith(prefix)]
            if choices:
                return Decision(rng.choice(choices), f"{prefix} first")
        texts = [str(i) for i in legal]
        for text in ("draw home", "end", "agent pass"):
            if text in texts:
                return Decision(legal[texts.index(text)], text)
        return Decision(legal[0], "anything")


def load_bot_module(path: str) -> None:
    """Import a bot module from a file as ``stationmaster.bots.<name>`` so that it registers."""
    import importlib.util
    name = f"stationmaster.bots.{Path(path).stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def make_bot(name: str, seed: int, rollouts: int | None):
    if name == "careless":
        return Careless(seed)
    if name == "search":
        from stationmaster.bots.search import SearchBot
        return SearchBot(seed, max_seconds=None, **({"rollouts": rollouts} if rollouts else {}))
    return make(name, seed)


def play(name: str, seed: int, rule: str, length: str, rollouts: int | None) -> tuple:
    game = sm.new_game(seed=seed, length=length, yard_refill=rule)
    bot = make_bot(name, seed, rollouts)
    while not game.is_over:
        game.apply(bot.decide(game).intent)
    return game.revenue[game.players[0]], bool(game.outcome.winners)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", nargs="+", default=["random", "careless", "planner"])
    ap.add_argument("--rules", nargs="+", default=list(YARD_REFILLS))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed0", type=int, default=0)
    ap.add_argument("--length", default="standard")
    ap.add_argument("--rollouts", type=int, default=None, help="search: rollouts per candidate")
    ap.add_argument("--json", default=None)
    ap.add_argument("--load", nargs="*", default=[], metavar="FILE",
                    help="bot modules to load first (a bot of one's own, or one not merged yet)")
    a = ap.parse_args(argv)
    for path in a.load:
        load_bot_module(path)
    rows = []
    for name in a.bots:
        if name not in ("careless", "search") and name not in available():
            print(f"skipping {name}: not a registered bot", file=sys.stderr)
            continue
        for rule in a.rules:
            t = time.perf_counter()
            results = [play(name, seed, rule, a.length, a.rollouts) for seed in range(a.seed0, a.seed0 + a.games)]
            revs = [r for r, _ in results]
            row = {"bot": name, "yard_refill": rule, "games": len(revs), "mean": round(statistics.mean(revs), 2),
                   "median": statistics.median(revs), "win_rate": round(sum(w for _, w in results) / len(revs), 3),
                   "seconds_per_game": round((time.perf_counter() - t) / len(revs), 3),
                   "seeds": [a.seed0, a.seed0 + a.games - 1]}
            rows.append(row)
            print(f"{name:>9} {rule:>10}  mean {row['mean']:6.2f}  median {row['median']:5}  "
                  f"wins {row['win_rate']:6.1%}  games {row['games']:4}  {row['seconds_per_game']} s/game", flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
