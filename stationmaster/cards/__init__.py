"""Card specs as data: one ``CardSpec`` per card face, and the classic deck built from them.

A card's rules live here as data (geometry, boxes, workers, consist criteria) plus, for cards
that need more than data, one named rule hook (``hook``) that the phase modules look up. Adding
the v0.4.5 card set means adding specs and hooks here, not changing the phases.
"""

from .specs import (
    CARD_SPECS,
    CLASSIC_DECK,
    MAINLINE_CARDS,
    PIECES,
    CardSpec,
    Piece,
    classic_deck,
    piece,
    red_flag_id,
    spec,
)

__all__ = [
    "CARD_SPECS", "CLASSIC_DECK", "MAINLINE_CARDS", "PIECES", "CardSpec", "Piece",
    "classic_deck", "piece", "red_flag_id", "spec",
]
