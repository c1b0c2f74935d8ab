"""The card families, registered in one place.

A card family is one module of rules classes (``@register``-ed): the default rules of each kind
(``kinds``), then the full Home deck's families. Importing this module registers them all and
then checks every spec in ``CARD_SPECS`` (an unknown rules name, a class of another kind, a
misspelt rule point fails here, at import). The phases and the deal import this module; a new
family is one new module and one line in ``FAMILIES``.
"""

from __future__ import annotations

from . import enhancements, kinds, local_track, opponent, situations, special_trains
from .base import check_specs

#: every family of rules classes, the kinds' defaults first
FAMILIES = (kinds, special_trains, local_track, enhancements, opponent, situations)

check_specs()
