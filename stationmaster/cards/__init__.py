"""Cards: specs as data, each with a small rules object, and the decks made of them.

- ``specs.py``: what is printed on a card (``CardSpec``) and the rolling stock;
- ``base.py``: ``CardRules``, the rule points (``POINTS``) and ``fire``, which asks the cards in
  play at a rule point and combines their answers;
- ``kinds.py``: the default rules of each kind (how a track card, an Office upgrade, a train...
  is played and shown);
- ``catalog.py``: the decks (``catalog("classic")``).

A new card is a spec, plus at most a small rules class (a subclass of its kind's) overriding the
points it changes; the phases, the controller and the scene ask the card and never name it.
"""

from .base import POINTS, CardRules, RulePoint, fire, register, rules_for, rules_of
from .catalog import DECK_LISTS, Catalog, DeckList, Entry, catalog
from .specs import (
    CARD_SPECS,
    CLASSIC_DECK,
    CLASSIC_PIECES,
    MAINLINE_CARDS,
    PIECES,
    CardSpec,
    Piece,
    classic_deck,
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
