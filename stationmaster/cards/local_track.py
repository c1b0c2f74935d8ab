"""Local track and switching cards of the full Home deck (v0.4.5 §4.2, §4.3): 45° curves, the
Small Yard, the Flying Switch and the Interchange. Their specs are in ``specs.py``
(``_local_track_specs``); rulings [K1]-[K6] in docs/rules.md.

The cards say what they are; the switching itself (the ``sort``, ``fly`` and ``exchange`` intents)
is in ``phases/local_ops.py`` and ``phases/switching.py``, which ask the card a train stands on for
its ``local_action`` and never name it.
"""

from __future__ import annotations

from .base import register
from .kinds import TrackRules


@register("curve")
class Curve(TrackRules):
    """A 45° curve ([K1]): plain Operational Rail from an end to one 45° leg, for local branches
    (v0.4.5 §4.3). It has no east–west through route, so it never goes on the Running Track."""

    _running_track = False


@register("small_yard")
class SmallYard(TrackRules):
    """A Small Yard ([K3]): through track with a yard ladder beside it; a train standing on it may
    spend one Move to put its cars in any order (v0.4.5 §4.2)."""

    label = "SMALL YARD"
    colour = "#55703f"
    local_action = "sort"


@register("flying_switch")
class FlyingSwitch(TrackRules):
    """A Flying Switch ([K4]): a turnout a train may stand on; for one Move it rolls a cut off its
    rear into a Freight Facility the leg leads to (v0.4.5 §4.2)."""

    label = "FLYING SWITCH"
    colour = "#4f6d8a"
    local_action = "fly"


@register("interchange")
class Interchange(TrackRules):
    """An Interchange ([K5]): a two-track stub off the Running Track, like a Yard Office; a train
    entering it leaves the cut waiting there standing (it does not couple them) and may spend one
    Move to leave and take any of them."""

    label = "INTERCHANGE"
    colour = "#6b4f7a"
    local_action = "exchange"
    couples_on_entry = False
    _running_track = False

    def _spot_problem(self, s, p, it, area):
        if it.at[1] == 0:
            return "an Interchange goes off the Running Track, like an industry spur"
        return super()._spot_problem(s, p, it, area)
