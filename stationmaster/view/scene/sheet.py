"""One card on its own, as printed: the same drawing as the hand's (``Cards.card_face``), for the
card reference (docs/cards.md, drawn by tools/cards_doc.py) and anything else that shows a card
outside a game."""

from __future__ import annotations

from ..shapes import Scene
from .canvas import Canvas
from .cards import Cards
from .pieces import Pieces
from .theme import THEMES

CARD_W, CARD_H, PAD = 96, 138, 2


class _Sheet(Cards, Pieces, Canvas):
    """A drawing surface with no game behind it (so no state, viewer or hit regions)."""

    def __init__(self, theme: str) -> None:  # not Canvas.__init__, which wants a game's state
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
        self.s = None
        self.c = THEMES[theme]
        self.W = CARD_W + 2 * PAD
        self.sc = Scene(self.W, CARD_H + 2 * PAD, theme=theme)
        self.add = self.sc.shapes.append
        self.hits = self.sc.hits


def card_scene(spec, theme: str = "light") -> Scene:
    """The face of the card ``spec`` (a ``CardSpec``) as a small scene of its own."""
    sheet = _Sheet(theme)
    sheet.card_face(spec.key, PAD, PAD, CARD_W, CARD_H, "hud", sp=spec)
    return sheet.sc
