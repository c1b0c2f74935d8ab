"""Bots: players the computer plays, for opponents, hints and simulation (standard library only).

>>> import stationmaster as sm
>>> game = sm.new_game(seed=1, players=["Ann", "Bo"], mode="competitive", bots={"Bo": "random"})
>>> sm.bots.play_turns(game)  # doctest: +SKIP

The bots that ship: ``random`` (any legal intent), ``greedy`` (careless: any Revenue now, boxes
kept stocked), ``passenger`` (passengers only: never switches or builds an industry), ``planner``
(steady play, switching and freight), ``search`` (look-ahead from the planner's choices).

``available()`` lists the registered bots; ``make(name, seed)`` makes one; a bot of your own is a
``Bot`` subclass with a ``name`` and a ``decide(game)`` method, registered with ``@register``; the
keyword options its class takes are declared as data in ``OPTIONS`` (``Option("depth", int, 1, 9)``),
so that a bad value is refused before any game.
``simulate(bot, length=..., games=N, jobs=J)`` plays many games with a bot in every seat and
returns a row per game; ``summarize(rows)`` gives the figures. ``iter_simulate`` yields the rows as
games finish and ``Summary`` adds them up one at a time, for runs too long to hold.
"""

from . import builtin  # noqa: F401  (registers the bots that ship with the engine: the one place)
from .base import Bot, Decision, Option, available, make, register
from .play import bot_for, play_turns
from .seats import bot_name, check_bots
from .simulate import Summary, iter_simulate, simulate, summarize

__all__ = ["Bot", "Decision", "Option", "Summary", "available", "bot_for", "bot_name", "check_bots", "iter_simulate",
           "make", "play_turns", "register", "simulate", "summarize"]
