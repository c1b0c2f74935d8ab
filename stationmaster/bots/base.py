"""The bot protocol and the registry of bots by name.

A bot is a player the computer plays. ``bot.decide(game)`` returns a ``Decision`` (the intent
for ``game.actor`` and a one-line reason a person can read); ``bot.choose(game)`` returns just
the intent. Bots are seeded, and each decision draws from a stream derived from the bot's seed
and the game's position in its record, so the same seed and the same game give the same decision
however the game got there (after an undo, after a reload, in another process).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..intents import Intent
from ..rng import MASK64, Rng
from ..seat import GameView


@dataclass(frozen=True, repr=False)
class Option:
    """One keyword option a bot's class takes, as data beside the bot: its name, its type (``int``
    for a whole number, ``float`` for any number), its range, whether ``None`` is allowed (and
    what it means), and what it does. ``check`` refuses a value of the wrong type or out of range
    with a ValueError in a player's words."""

    name: str
    kind: type  # int or float
    low: float | None = None
    high: float | None = None
    none: str = ""  # what None means, when it is allowed
    help: str = ""

    def wants(self) -> str:
        """What a value must be, in words: "a whole number from 1 to 100 (or null: no cap)"."""
        what = "a whole number" if self.kind is int else "a number"
        if self.low is not None and self.high is not None:
            what += f" from {self.low:g} to {self.high:g}"
        elif self.low is not None:
            what += f" from {self.low:g}"
        return what + (f" (or null: {self.none})" if self.none else "")

    def check(self, bot: str, value) -> None:
        if value is None and self.none:
            return
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        if self.kind is int:
            ok = type(value) is int
        if ok and ((self.low is not None and value < self.low) or (self.high is not None and value > self.high)):
            ok = False
        if not ok:
            raise ValueError(f"the {bot} bot's option {self.name} must be {self.wants()}, "
                             f"not {_shown(value)}")

    def __str__(self) -> str:
        return f"{self.name}: {self.wants()}" + (f" — {self.help}" if self.help else "")

    def __repr__(self) -> str:  # as written beside a bot: Option('horizon', int, 1, 1000, help='...')
        extra = "".join(f", {k}={v!r}" for k, v in (("none", self.none), ("help", self.help)) if v)
        return f"Option({self.name!r}, {self.kind.__name__}, {self.low!r}, {self.high!r}{extra})"


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_options(cls, options: dict) -> None:
    """Refuse (ValueError saying which and why) options that the bot class ``cls`` does not take,
    or whose values are of the wrong type or out of range, by the ``OPTIONS`` its class declares.
    A class that declares none (a bot of your own without ``OPTIONS``) is left to its constructor."""
    declared = cls.__dict__.get("OPTIONS")
    if declared is None:
        return
    by_name = {o.name: o for o in declared}
    unknown = [k for k in options if k not in by_name]
    if unknown:
        takes = "".join(f"\n  {o}" for o in declared) if declared else " none"
        raise ValueError(f"the {cls.name} bot does not take these options: {', '.join(map(str, unknown))}. "
                         f"The options it takes:{takes}")
    for key, value in options.items():
        by_name[key].check(cls.name, value)


@dataclass(frozen=True)
class Decision:
    """One bot decision: the intent, and why, in a player's words."""

    intent: Intent
    reason: str = ""

    def __str__(self) -> str:
        return f"{self.intent}  # {self.reason}" if self.reason else str(self.intent)


class Bot:
    """Base class of bots. Subclasses set ``name`` and implement ``decide``.

    A bot with options declares them in ``OPTIONS`` (see ``Option``), so that a bad value is
    refused before any game with a reason, not a traceback in the middle of one.

    Bots read the game only through its public API (``legal_intents``, ``state``, ``copy``...)
    and must not look at what their player cannot know: a search works on
    ``game.copy(determinize=player, seed=...)``.
    """

    name = "bot"
    #: the keyword options the class takes besides ``seed`` (``Option`` records; ``check_options``
    #: reads them). A class declares its own; one that declares none is checked by its constructor.
    OPTIONS: tuple = ()

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a bot's seed must be a whole number, not {seed!r}")
        self.seed = seed

    def rng(self, game, salt: int = 0) -> Rng:
        """A random stream for this decision: a function of the seed, the player and the record."""
        mix = Rng((self.seed * 0x9E3779B97F4A7C15 + len(game.history) * 0xBF58476D1CE4E5B9 + salt) & MASK64)
        for ch in game.actor or "":
            mix.state ^= ord(ch)
            mix.next64()
        return mix

    @staticmethod
    def legal(game) -> list:
        """The actor's legal intents; a ValueError once the game is over (nothing to decide)."""
        legal = game.legal_intents()
        if not legal:
            raise ValueError("the game is over: there is nothing to decide")
        return legal

    def decide(self, game: GameView) -> Decision:  # pragma: no cover - the protocol
        """The decision for ``game.actor`` now. ``game`` is a ``Game`` or a seat's ``RemoteGame``:
        read it through ``seat.GameView`` (and ``query`` on its state)."""
        raise NotImplementedError

    def choose(self, game: GameView) -> Intent:
        """The intent this bot applies for ``game.actor`` now."""
        return self.decide(game).intent

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


REGISTRY: dict = {}


def register(cls):
    """Class decorator: make a bot available by its ``name`` (``make("planner")``)."""
    if not (isinstance(cls, type) and issubclass(cls, Bot)) or not cls.name or cls.name == Bot.name:
        raise ValueError("register a Bot subclass with its own name")
    REGISTRY[cls.name] = cls
    return cls


def available() -> list:
    """The names of the registered bots (the package registers the bots that ship in
    ``bots/builtin.py``, on import)."""
    return sorted(REGISTRY)


def make(spec, seed: int = 0) -> Bot:
    """A bot from a name (``"planner"``), a Bot subclass, or a Bot instance (returned as is)."""
    if isinstance(spec, Bot):
        return spec
    if isinstance(spec, type) and issubclass(spec, Bot):
        return spec(seed=seed)
    names = available()
    if not isinstance(spec, str) or spec not in REGISTRY:
        raise ValueError(f"unknown bot {spec!r}: choose one of {', '.join(names)}")
    return REGISTRY[spec](seed=seed)
