"""The random bot: any legal intent, uniformly. The floor every other bot must beat."""

from __future__ import annotations

from .base import Bot, Decision, register


@register
class RandomBot(Bot):
    """Picks uniformly among ``game.legal_intents()``."""

    name = "random"
    OPTIONS = ()  # takes no options besides its seed

    def decide(self, game) -> Decision:
        legal = self.legal(game)
        return Decision(self.rng(game).choice(legal), "picks at random")
