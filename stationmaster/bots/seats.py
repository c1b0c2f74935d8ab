"""The seats the computer plays: checking ``{player: bot}`` and naming a seat's bot.

``new_game`` and ``load`` check the seats here before a ``Game`` is made; the game stores them
as given.
"""

from __future__ import annotations

from .base import Bot, available


def bot_name(bot) -> str:
    """The name a seat's bot is saved under."""
    return bot if isinstance(bot, str) else getattr(bot, "name", type(bot).__name__)


def check_bots(bots, players, strict: bool = True) -> dict:
    """Validate ``{player: bot}``: known players, and bots given by a registered name or as Bot
    objects (``strict=False``, for saves: any name, so that a save naming a bot this machine does
    not have still loads; ``play_turns`` says so when that seat must decide)."""
    if not bots:
        return {}
    if not isinstance(bots, dict):
        raise ValueError("bots must map player names to bot names, e.g. bots={'Bo': 'planner'}")
    out = {}
    for player, bot in bots.items():
        if player not in players:
            raise ValueError(f"bots names {player!r}, who is not a player of this game "
                             f"({', '.join(players)})")
        if isinstance(bot, str):
            if strict and bot not in available():
                raise ValueError(f"unknown bot {bot!r} for {player}: choose one of {', '.join(available())}")
        elif not isinstance(bot, Bot):
            raise ValueError(f"the bot for {player} must be a bot name or a Bot, not {bot!r:.60}")
        out[player] = bot
    return out
