"""Play the strong game of tutorial 11 again and write it, annotated, to
``stationmaster/data/strong-game.json``: the ``expert`` bot's Standard solitaire game of seed 4,
with a note on each key moment of ``stationmaster.lessons.strong_game.MOMENTS`` made of the expert's
own reason and ``explain.why`` (both in game terms).

    python tools/strong_game.py           # about a minute: the expert searches every switching turn
    python tools/strong_game.py --check   # says whether the file is the game the expert plays now
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEED, BOT = 4, "expert"
#: the game is edition v5's, played by the expert of issue 29's first rounds: its switching search, no
#: look-ahead before it builds (``rollouts=0``; the moments are a clearance, a card, a switching Move and
#: two Freight Agent orders, none of them a spot to build on), so that the lessons keep their positions
EDITION, OPTIONS = "v5", {"rollouts": 0}


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "." if text else ""


#: how each moment's note is said, from the expert's reason for the decision, the reason it gave
#: when it chose the Local Operations option of that turn, and ``explain.why``
def _expert(reason: str) -> str:
    said = _sentence(reason)
    return f"The expert {said[:1].lower()}{said[1:]}"


NOTES = {
    65: lambda reason, plan, why: _sentence(why),
    68: lambda reason, plan, why: f"{_expert(reason)} {_sentence(why)}",
    78: lambda reason, plan, why: f"{_sentence(why)} The plan of the turn: {_sentence(plan.removeprefix('switches: '))}",
    84: lambda reason, plan, why: f"{_expert(reason)} {_sentence(why)}",
    109: lambda reason, plan, why: f"{_expert(reason)}",
}


def play():
    """The expert's game, with its notes."""
    import stationmaster as sm
    from stationmaster.bots import play_turns
    from stationmaster.explain import why
    from stationmaster.lessons.strong_game import MOMENTS

    from stationmaster.bots.base import REGISTRY

    game = sm.new_game(seed=SEED, balance=EDITION, bots={"Player": REGISTRY[BOT](SEED, **OPTIONS)})
    reasons = {}
    play_turns(game, on_decision=lambda player, d: reasons.__setitem__(len(game.history), d.reason))
    for m in MOMENTS:
        entry = game.timeline[m.seq - 1]
        first = next(e.seq for e in game.timeline if e.turn.same_turn(entry.turn))  # the option chosen
        said = NOTES[m.seq](reasons.get(m.seq, ""), reasons.get(first, ""), why(game.branch(m.seq), entry.intent))
        game.annotate(m.seq, said)
    return game


def main(argv) -> int:
    sys.path.insert(0, str(ROOT))
    from stationmaster.lessons.strong_game import DATA

    path = ROOT / "stationmaster" / "data" / DATA
    text = play().dumps() + "\n"
    if "--check" in argv:
        same = path.exists() and path.read_text(encoding="utf-8") == text
        print(f"{path.name} is {'the' if same else 'NOT the'} game the {BOT} plays now")
        return 0 if same else 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
