"""The random bot: any legal intent, uniformly. The floor every other bot must beat."""

from __future__ import annotations

from .base import Bot, Decision, register


@register
class RandomBot(Bot):
    """Picks uniformly among ``game.legal_intents()``."""

    name = "random"

    def decide(self, game) -> Decision:
        legal = game.legal_intents()
        if not legal:
            raise ValueError("the game is over: there is nothing to decide")
        return Decision(self.rng(game).choice(legal), "picks at random")
