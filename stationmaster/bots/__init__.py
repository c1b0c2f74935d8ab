"""Bots: players the computer plays, for opponents, hints and simulation (standard library only).

>>> import stationmaster as sm
>>> game = sm.new_game(seed=1, players=["Ann", "Bo"], mode="competitive", bots={"Bo": "random"})
>>> sm.bots.play_turns(game)  # doctest: +SKIP

The bots that ship: ``random`` (any legal intent), ``greedy`` (careless: any Revenue now, boxes
kept stocked), ``passenger`` (passengers only: never switches or builds an industry), ``planner``
(steady play, switching and freight), ``search`` (look-ahead from the planner's choices).

``available()`` lists the registered bots; ``make(name, seed)`` makes one; a bot of your own is a
``Bot`` subclass with a ``name`` and a ``decide(game)`` method, registered with ``@register``.
``simulate(bot, length=..., games=N, jobs=J)`` plays many games with a bot in every seat and
returns a row per game; ``summarize(rows)`` gives the figures.
"""

from . import builtin  # noqa: F401  (registers the bots that ship with the engine: the one place)
from .base import Bot, Decision, available, make, register
from .play import bot_for, play_turns
from .seats import bot_name, check_bots
from .simulate import simulate, summarize

__all__ = ["Bot", "Decision", "available", "bot_for", "bot_name", "check_bots", "make", "play_turns", "register", "simulate",
           "summarize"]
