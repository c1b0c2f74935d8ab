"""Station Master: a railroad-operations card game of the timetable-and-train-order era.

>>> import stationmaster as sm
>>> game = sm.new_game(seed=7)
>>> game.apply("draw home")  # doctest: +SKIP

The engine is pure Python (standard library only). See docs/rules.md and docs/notation.md.
"""

from .errors import IllegalIntent, SaveError
from .events import Event
from .game import Game, new_game
from .intents import Intent, parse
from .saves import load, loads

__version__ = "0.1.0"

__all__ = ["Event", "Game", "IllegalIntent", "Intent", "SaveError", "load", "loads", "new_game", "parse"]
