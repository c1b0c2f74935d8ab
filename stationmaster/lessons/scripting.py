"""Lesson 6 — Scripting: intents, legal_intents, why_not, a bot loop, saving and replaying.

Three exercises, all in code cells (see ``notebooks/06-scripting.ipynb``):

- ``first_intents``: draw from the Home Office and end the Draw option, discarding down to the
  hand limit first — reading ``legal_intents()`` and ``why_not()`` on the way;
- ``bot_game``: a tiny bot loop that plays a whole Short solitaire game to its end;
- ``save_game``: save a game to a file and check that ``sm.load`` replays it to the same record.
"""

from __future__ import annotations

import json
import os

from ..flow import Option, Phase
from ..start import new_game
from ..saves import load
from . import Lesson


def first_intents(seed: int = 7) -> Lesson:
    """A new Short solitaire game. With code only: ``draw home``, then discard onto a Department
    down to the hand limit (the hand would hold five: the three dealt, the first customer of [U6]
    and the card drawn) and ``end`` the Draw option."""
    game = new_game(seed=seed, length="short")

    def goal(g):
        texts = [str(i) for i in g.history]
        if not texts:
            return "nothing applied yet: `game.apply(\"draw home\")`."
        if texts[0] != "draw home":
            return f"your first intent was {texts[0]!r}, not 'draw home': run the lesson cell again."
        if g.phase == Phase.LOCAL_OPERATIONS and g.state.turn.option == Option.DRAW and g.stage == 1:
            reason = g.why_not("end")
            return ("the Draw option is still open: " +
                    (f"`end` is refused — {reason}" if reason else "`game.apply(\"end\")` finishes it."))
        return None

    return Lesson("Your first intents", "In code: `game.apply(\"draw home\")`, then discard cards "
                  "(`discard CARD to 1`) down to the hand limit and `end`.", game, goal,
                  hint="`game.legal_intents()` lists every intent you may apply now.", in_code=True)


def bot_game(seed: int = 11) -> Lesson:
    """A new Short solitaire game (3 Days, target 21 under edition v6, the default; 17 under v5). Write a loop that asks
    ``game.legal_intents()``, picks one and applies it, until ``game.is_over``."""
    game = new_game(seed=seed, length="short")

    def goal(g):
        if g.is_over:
            return None
        return (f"the game is still on: Day {g.day}, Stage {g.stage}, {g.actor} must {g.decision} "
                f"({len(g.history)} intents applied so far). Loop until `game.is_over`.")

    return Lesson("A bot plays a Short game", "Write a loop that applies one legal intent at a time "
                  "until `game.is_over`.", game, goal,
                  hint="`while not game.is_over: game.apply(choose(game.legal_intents()))`", in_code=True)


def save_game(game, path: str = "lesson-06.json") -> Lesson:
    """Save ``game`` to ``path`` (``game.save(path)``); the check loads the file with
    ``sm.load`` and compares the replayed record with the game's."""

    def goal(g):
        if not os.path.exists(path):
            return f"there is no save at {path!r} yet: `game.save({path!r})`."
        try:
            again = load(path)
        except Exception as e:  # a SaveError says what is wrong with the file
            return f"{path!r} does not load: {e}"
        if again.replay_error:
            return f"{path!r} loads, but its replay stopped: {again.replay_error}"
        if again.history != g.history:
            return (f"{path!r} holds {len(again.history)} intents but the game has {len(g.history)}: "
                    "save it again.")
        return None

    return Lesson("Save and replay", f"Save the game as {path!r}; loading it must replay the same "
                  "intents.", game, goal, hint="A save holds the seed, the configuration and the intents.",
                  in_code=True)


def broken_save(game, at: int = 3) -> str:
    """The game's save text with intent ``at`` (1-based) replaced by one that is not legal there:
    loading it stops just before, and ``replay_error`` says where and why."""
    data = json.loads(game.dumps())
    data["intents"][at - 1] = "play Terminal1"
    return json.dumps(data)
