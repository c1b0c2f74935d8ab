"""The card families, registered in one place, and the decks they make.

A card family is one module: its cards (``SPECS``), its rows of the full Home Office deck
(``DECK_ROWS``; ``TABLE_COPIES``, their copies at the smaller tables, [U3]; ``SWAPS``, cards of its
own dealt in place of another family's), its rules classes (``@register``-ed), its wording, and
what a computer player makes of its cards (``CardRules.worth``). Importing this module puts every
family's specs in ``specs.CARD_SPECS``, deals the decks into ``catalog.DECK_LISTS`` (the classic
deck is the classic family's own; the full deck is every family's rows, in ``FAMILIES``' order) and
then checks every spec (an unknown rules name, a class of another kind, a misspelt rule point fails
here, at import). The phases and the deal import this module; a new family is one new module and
one line in ``FAMILIES``.
"""

from __future__ import annotations

from . import classic, enhancements, local_track, opponent, situations, special_trains
from .base import check_specs
from .catalog import DECK_LISTS, DeckList
from .specs import CARD_SPECS, MOVED, SITUATION_IDS, deck_ids, with_keys

#: every family of cards, the classic family first; their order is the catalog's and the full deck's
FAMILIES = (classic, special_trains, local_track, enhancements, opponent, situations)


def card_specs(families) -> dict:
    """Card type -> spec of every card of ``families``, in their order; a card type two families both
    write is an error."""
    out: dict = {}
    for family in families:
        for sp in family.SPECS:
            if sp.key in out:
                raise ValueError(f"two card families write the card type {sp.key!r}")
            out[sp.key] = sp
    return out


def full_deck(families) -> DeckList:
    """The full deck of ``families``: their ``DECK_ROWS`` in their order, each family's ``SWAPS`` put in
    place, each card type with its ``TABLE_COPIES`` at the smaller tables ([U3]), the classic family's
    Mainline deck ([M11]) and Department seeds ([U4])."""
    home = tuple(row for family in families for row in getattr(family, "DECK_ROWS", ()))
    for family in families:
        home = with_keys(home, getattr(family, "SWAPS", {}))
    table = {key: copies for family in families for key, copies in getattr(family, "TABLE_COPIES", {}).items()}
    return DeckList(home, classic.FULL_MAINLINE, table=table, seeds=classic.DEPARTMENT_SEEDS)


CARD_SPECS.clear()  # (afresh, so that reloading this module reads the families as they are now)
CARD_SPECS.update(card_specs(FAMILIES))
DECK_LISTS["classic"] = DeckList(classic.CLASSIC_DECK, classic.CLASSIC_MAINLINE, seeds=classic.DEPARTMENT_SEEDS)
DECK_LISTS["full"] = full_deck(FAMILIES)
SITUATION_IDS.clear()
SITUATION_IDS.update(deck_ids(situations.SITUATION_DECK))

# the names cards/specs.py held before each family held its own cards, read there still
MOVED.update({name: getattr(classic, name) for name in (
    "CLASSIC_DECK", "MAINLINE_CARDS", "SECTIONED_MAINLINE", "FEATURED_MAINLINE", "OFFICE_ROUTES", "MAINLINE_SIDE",
    "DEPARTMENT_SEEDS")})
MOVED.update(FULL_CLASSIC=with_keys(classic.FULL_CLASSIC, special_trains.SWAPS),
             SPECIAL_TRAINS=special_trains.SPECIAL_TRAINS, SPECIAL_EXTRAS=special_trains.SPECIAL_EXTRAS, FULL_TRAINS=special_trains.FULL_TRAINS,
             LOCAL_TRACK=local_track.LOCAL_TRACK, ENHANCEMENTS=enhancements.ENHANCEMENTS,
             OPPONENT_CARDS=opponent.OPPONENT_CARDS, SITUATION_DECK=situations.SITUATION_DECK,
             FULL_HOME_DECK=DECK_LISTS["full"].home, TABLE_COPIES=DECK_LISTS["full"].table)

check_specs()
