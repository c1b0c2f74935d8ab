"""Local track and switching cards of the full Home deck (v0.4.5 §4.2, §4.3): 45° curves, the
Small Yard, the Flying Switch and the Interchange. Their specs and their rows of the full deck are at the
end; rulings [K1]-[K6] in docs/rules.md.

The cards say what they are; the switching itself (the ``sort``, ``fly`` and ``exchange`` intents)
is in ``phases/local_ops.py`` and ``phases/switching.py``, which ask the card a train stands on for
its ``local_action`` and never name it.
"""

from __future__ import annotations

from ..track import Geometry
from .base import register
from .kinds import TrackRules
from .specs import CardSpec


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


# --------------------------------------------------------------------------- the cards of this family

def _specs() -> tuple:
    """Local track and switching (v0.4.5 §4.2, §4.3): 45° curves, Small Yard, Flying Switch, Interchange.
    Their rules are in ``cards/local_track.py``; rulings [K1]-[K6]."""
    made = []
    add = made.append
    add(CardSpec("curve_left", "track", "Left Curve",
                 "A 45° curve: from the west end it climbs to the north-east. Plain rail for a branch; no "
                 "through route, so never on the Running Track.",
                 geometry=Geometry.of([("W", "NE")]), rules="curve"))
    add(CardSpec("curve_right", "track", "Right Curve",
                 "A 45° curve: from the west end it drops to the south-east. Plain rail for a branch; no "
                 "through route, so never on the Running Track.",
                 geometry=Geometry.of([("W", "SE")]), rules="curve"))
    add(CardSpec("small_yard", "track", "Small Yard",
                 "Through track with a yard ladder. A train standing here may spend one Move to put its cars "
                 "in any order; its engine keeps its place.",
                 geometry=Geometry.of([("W", "E")]), rules="small_yard"))
    add(CardSpec("flying_switch", "track", "Flying Switch",
                 "A turnout a train may stand on; the leg climbs to the north-east. For one Move a train here "
                 "rolls cars off its rear into a Freight Facility that leg leads to.",
                 geometry=Geometry.of([("W", "E"), ("W", "NE")]), rules="flying_switch"))
    add(CardSpec("interchange", "track", "Interchange",
                 "A two-track stub off the Running Track where cars wait for another road. A train here does "
                 "not couple them on entering; for one Move it leaves and takes any of them.",
                 geometry=Geometry.of(ports=["W"]), rules="interchange"))
    return tuple(made)


#: this family's cards, in the catalog's order
SPECS: tuple = _specs()

#: local track: 45° curves, Small Yard, Flying Switch, Interchange; 26 cards
LOCAL_TRACK: tuple = (
    ("curve_left", 6, "CurveL",
     "six of each hand, as many as the Straights and Turnouts the branches grow from: a branch to an "
     "industry above or below the Running Track takes a curve wherever a leg has to turn back to "
     "east–west, so curves are common plain rail rather than a prize [K1]"),
    ("curve_right", 6, "CurveR",
     "six, the mirror of the Left Curve (cards are turned, never mirrored, [G4]), so either side of "
     "the Running Track can be reached by a player who draws either hand [K1]"),
    ("small_yard", 5, "SmallYard",
     "five, about one for each player at a big table: the only way to reorder a train short of a run-"
     "around, worth a Move, so most Areas can have one but it still competes for a Running Track spot "
     "[K3]"),
    ("flying_switch", 5, "Flying",
     "five, like the Small Yard: it saves the Moves of shoving a cut into a spur and backing out, but "
     "only where a curve already leads its leg to an industry, so it rewards a planned layout [K4]"),
    ("interchange", 4, "Interchange",
     "four, fewer than the yards: a stub that holds cars for later without the four-car coupling limit"
     " is a strong buffer, and like the Yard Office it takes a spot off the Running Track an industry "
     "could use [K5]"),
)

#: this family's rows of the full Home Office deck
DECK_ROWS: tuple = LOCAL_TRACK

#: balance "v2" (ruling [U3]): this family's card types -> their copies at a table of 1-2 seats and of 3-4 seats
TABLE_COPIES: dict = {
    "curve_left": (2, 4), "curve_right": (2, 4), "small_yard": (1, 3), "flying_switch": (1, 3),
    "interchange": (1, 2),
}
