"""How a deck deals its key cards: a bot's solitaire games, with the Stage its Office first reaches
each tier (issue 16 item 3, ruling [U3]).

    python tools/deck_study.py --deck full --games 200 --seed 1001
    python tools/deck_study.py --deck classic --games 200 --seed 1001 --json

Prints the win rate, the Revenue's mean and spread (sd) across seeds, and for the Depot, the Station
and the Terminal the median Stage (counted from 1, over the whole game) at which the Office first
reached it, with the number of games that never did (counted as never in the median, which is then
"never" when half the games miss it), and the mean number of trains on the timetable at each Day's end.
Game i is dealt with seed SEED + i, as ``simulate`` deals them.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from stationmaster.bots import make  # noqa: E402
from stationmaster.bots.play import play_turns  # noqa: E402
from stationmaster.cards import spec  # noqa: E402
from stationmaster.config import DEFAULT_BALANCE  # noqa: E402
from stationmaster.start import new_game  # noqa: E402

TIERS = ("depot", "station", "terminal")


def play(bot: str, seed: int, deck: str, length: str, balance: str) -> dict:
    """One solitaire game: its Revenue, whether it was won, and the first Stage of each Office tier."""
    game = new_game(seed=seed, deck=deck, length=length, balance=balance, bots={"Player": bot})
    first = {}
    timetabled = {}  # Day -> trains on the timetable at its end

    def look(_player=None, _decision=None) -> None:
        s = game.state
        office = s.areas[0].grid[(0, 0)].card
        tier = spec(office, s.deck).tier
        for t in range(1, tier + 1):
            first.setdefault(TIERS[t - 1], s.stage_count)
        timetabled[(s.stage_count - 1) // 12 + 1] = len(s.timetable)

    look()
    play_turns(game, on_decision=look)
    return {"seed": seed, "revenue": game.revenue["Player"], "won": bool(game.outcome.winners),
            "first": first, "stages": game.state.stage_count, "timetabled": list(timetabled.values())}


def median_stage(values: list, games: int):
    """The median first Stage, a game that never got there counting as later than any Stage."""
    xs = sorted(values) + [math.inf] * (games - len(values))
    m = statistics.median(xs)
    return "never" if m == math.inf else m


def summary(rows: list) -> dict:
    n = len(rows)
    rev = [r["revenue"] for r in rows]
    out = {"games": n, "seeds": f"{rows[0]['seed']}-{rows[-1]['seed']}",
           "won": round(sum(r["won"] for r in rows) / n, 3),
           "mean": round(statistics.fmean(rev), 2), "sd": round(statistics.pstdev(rev), 2)}
    for t in TIERS:
        got = [r["first"][t] for r in rows if t in r["first"]]
        out[f"first_{t}"] = median_stage(got, n)
        out[f"never_{t}"] = n - len(got)
    out["timetabled_by_day"] = [round(statistics.fmean(r["timetabled"][d] for r in rows if len(r["timetabled"]) > d), 1)
                                for d in range(max(len(r["timetabled"]) for r in rows))]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deck", default="full")
    ap.add_argument("--bot", default="planner")
    ap.add_argument("--length", default="standard")
    ap.add_argument("--balance", default=DEFAULT_BALANCE)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rows", help="also write each game's row to this JSON-lines file")
    a = ap.parse_args(argv)
    make(a.bot)  # an unknown bot is refused before any game
    rows = [play(a.bot, a.seed + i, a.deck, a.length, a.balance) for i in range(a.games)]
    if a.rows:
        pathlib.Path(a.rows).write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(json.dumps({"bot": a.bot, "deck": a.deck, "length": a.length, "balance": a.balance, **summary(rows)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
