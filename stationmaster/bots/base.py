"""The bot protocol and the registry of bots by name.

A bot is a player the computer plays. ``bot.decide(game)`` returns a ``Decision`` (the intent
for ``game.actor`` and a one-line reason a person can read); ``bot.choose(game)`` returns just
the intent. Bots are seeded, and each decision draws from a stream derived from the bot's seed
and the game's position in its record, so the same seed and the same game give the same decision
however the game got there (after an undo, after a reload, in another process).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..intents import Intent
from ..rng import MASK64, Rng


@dataclass(frozen=True)
class Decision:
    """One bot decision: the intent, and why, in a player's words."""

    intent: Intent
    reason: str = ""

    def __str__(self) -> str:
        return f"{self.intent}  # {self.reason}" if self.reason else str(self.intent)


class Bot:
    """Base class of bots. Subclasses set ``name`` and implement ``decide``.

    Bots read the game only through its public API (``legal_intents``, ``state``, ``copy``...)
    and must not look at what their player cannot know: a search works on
    ``game.copy(determinize=player, seed=...)``.
    """

    name = "bot"

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

    def decide(self, game) -> Decision:  # pragma: no cover - the protocol
        raise NotImplementedError

    def choose(self, game) -> Intent:
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
