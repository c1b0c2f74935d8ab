"""Cards: specs as data, each with a small rules object, and the decks made of them.

- ``specs.py``: what is printed on a card (``CardSpec``), the rolling stock, and every card of
  the game assembled (``CARD_SPECS``);
- ``base.py``: ``CardRules``, the rule points (``POINTS``) and ``fire``, which asks the cards in
  play at a rule point and combines their answers;
- ``kinds.py``: the default rules class of each kind of card, which the families' classes subclass;
- the families, each one module of cards and their rules: ``classic.py`` (the classic deck, the
  Mainline decks and the Mainline-side cards), ``special_trains.py``, ``local_track.py``,
  ``enhancements.py``, ``opponent.py``, ``situations.py``, registered in ``families.py``;
- ``catalog.py``: the decks (``catalog("classic")``).

A new card is a spec, plus at most a small rules class (a subclass of its kind's) overriding the
points it changes; the phases, the controller and the scene ask the card and never name it.
"""

from .base import POINTS, CardRules, RulePoint, fire, register, rules_for, rules_of
from .catalog import DECK_LISTS, Catalog, DeckList, Entry, catalog, classic_deck
from . import specs
from .specs import (
    CARD_SPECS,
    CLASSIC_PIECES,
    PIECES,
    CardSpec,
    Piece,
    deck_ids,
    piece,
    red_flag_id,
    spec,
    stock_ids,
)

__all__ = [
    "CARD_SPECS", "CLASSIC_DECK", "CLASSIC_PIECES", "DECK_LISTS", "MAINLINE_CARDS", "PIECES", "POINTS", "CardRules", "CardSpec",
    "Catalog", "DeckList", "Entry", "Piece", "RulePoint", "catalog", "classic_deck", "deck_ids", "fire", "piece",
    "red_flag_id", "register", "rules_for", "rules_of", "spec", "stock_ids",
]


def __getattr__(name: str):
    """``cards.CLASSIC_DECK`` and ``cards.MAINLINE_CARDS``: the classic family's rows, read through ``specs``."""
    if name in ("CLASSIC_DECK", "MAINLINE_CARDS"):
        return getattr(specs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
