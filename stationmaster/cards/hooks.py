"""Rule hooks: behaviour a card adds beyond its data.

A card whose rules are more than data names a hook in its spec (``CardSpec.hook``). A hook is a
``Hook`` subclass registered under that name; it overrides only the points it needs. The phases
ask the hooks of the cards involved at these points and never name a card themselves, so the
v0.4.5 cards (No-switching trains, Interlocking, ABS Signals, Heavy Grade, Expedite...) are added
as specs plus one hook each, without touching the phase modules.

The classic deck needs no hooks; ``tests/test_hooks.py`` shows the mechanism with sample cards.
"""

from __future__ import annotations

from typing import Iterable


class Hook:
    """Override the points a card changes. Each default keeps the classic behaviour."""

    def switch_problem(self, s, train) -> str | None:
        """Why this train may not be switched locally (None: it may)."""
        return None

    def highball_problem(self, s, train) -> str | None:
        """Why this train is held instead of highballing (None: the ordinary rules decide)."""
        return None

    def holds_arrival(self, s, train, seat) -> bool:
        """True to hold an arriving train at the Limits instead of colliding at a full Office."""
        return False

    def moves(self, s, player, moves: int) -> int:
        """The number of switching Moves this Stage."""
        return moves


HOOKS: dict = {}


def register(name: str):
    """Class decorator: make ``name`` usable as ``CardSpec.hook``."""
    def deco(cls):
        HOOKS[name] = cls()
        return cls
    return deco


def hooks_of(s, cards: Iterable[str]) -> list:
    """The hooks of these cards (ids or type keys), in the order given."""
    from ..rules import spec_of
    out = []
    for c in cards:
        name = spec_of(s, c).hook
        if name:
            out.append(HOOKS[name])
    return out


def area_cards(s, seat: int) -> list:
    """Cards in play in an Office Area (track, facilities, modifiers, the Office)."""
    return [placed.card for _, placed in sorted(s.areas[seat].grid.items())]
