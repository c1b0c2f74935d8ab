"""Enhancements of the full Home deck (v0.4.5 §4.2): cards played onto one of your own placed
cards, and the defensive ones (Facing Point Locks, Water Column, Overpass) that answer the
``defence`` rule point. Their specs and their rows of the full deck are at the end; the rulings are
[E1]-[E9] in docs/rules.md.

An enhancement takes no grid spot: ``play Lights1 at 0,0`` lays it on the card at that spot
(``Placed.enhancements``), where it stays for the game, one of a type to a card. It is asked at the
rule points as a card of the Office Area, right after the card it lies on (``base._area_cards``).
One rules object serves every copy of a type, so an enhancement's rule-point methods are told which
copy is asked (``_per_copy``: the ``card`` keyword) and answer for the card that copy lies on.
"""

from __future__ import annotations

from ..grammar import a
from ..intents import Play
from ..query import NIGHT_STAGES, area_of, name, neighbours9, spec_of
from .base import CardRules, register
from .kinds import KIND_RULES
from .opponent import lift
from .specs import CardSpec


def host_of(s, card: str):
    """(seat, grid spot) of the placed card an enhancement lies on, or None if it lies on none."""
    for seat, area in enumerate(s.areas):
        for xy, placed in area.grid.items():
            if card in placed.enhancements:
                return seat, xy
    return None


def attack_key(s, attack: str) -> str:
    """The card type of an opponent-directed card (its id in this game, or a type key)."""
    return s.deck.get(attack, attack)


def where(s, area, xy) -> str:
    """A grid card in a player's words: 'your Office', 'the Left Turnout at 1,1'."""
    if xy == (0, 0):
        return "the Office"
    return f"the {spec_of(s, area.grid[xy].card).name} at {xy[0]},{xy[1]}"


@register("enhancement")
class EnhancementRules(CardRules):
    """An enhancement ([E1]): played in the Draw option onto one of your own placed cards that it
    fits (``_host_problem``), one of a type to a card; it stays there for the game."""

    kind = "enhancement"
    needs_spot = True
    on_card = True
    label = "ENHANCEMENT"
    colour = "#a8741a"
    picture = "tag"
    _per_copy = True
    _host = "one of your cards"  # where it goes, in a player's words
    _tag: tuple = ()  # what it does, in short, on the card's face (a defence: what it stops)
    _effect = ""  # what it does, said when it is played
    _plural = False  # a plural name ("Yard Lights"): "they go", not "it goes"

    @property
    def tag(self):
        return self._tag

    @property
    def _goes(self) -> str:
        return f"the {self.spec.name} {'go' if self._plural else 'goes'}"

    @property
    def _a(self) -> str:
        return self.spec.name if self._plural else a(self.spec.name)

    def _host_problem(self, s, area, xy, host) -> str | None:
        """Why the card ``host`` (a spec) at ``xy`` cannot carry this enhancement (None: it can)."""
        return None

    def _office_only(self, s, area, xy, host) -> str | None:
        if xy != (0, 0):
            return f"{self._goes} on your Office (0,0), not on {where(s, area, xy)}"
        return None

    def play_problem(self, s, p, it):
        sp = self.spec
        if it.at is None:
            return f"say which of your cards {self._goes} on: 'play {it.card} at x,y' (your Office is 0,0)"
        if it.turned or it.serves is not None:
            return f"the {sp.name} is put on a card as it is: 'play {it.card} at x,y'"
        area = area_of(s, p)
        x, y = it.at
        placed = area.grid.get(it.at)
        if placed is None:
            return f"there is no card of yours at {x},{y}; {self._goes} on {self._host}"
        problem = self._host_problem(s, area, it.at, spec_of(s, placed.card))
        if problem:
            return problem
        if any(s.deck.get(e) == sp.key for e in placed.enhancements):
            return f"{where(s, area, it.at)} already carries {self._a}; a card takes one enhancement of each kind"
        return None

    def candidates(self, s, p, card, spots):
        for xy in sorted(area_of(s, p).grid):
            yield Play(card, xy)

    def play(self, s, p, it, ev):
        area = area_of(s, p)
        area.grid[it.at].enhancements.append(it.card)
        ev.say("enhance", f"{name(s, p)} puts the {self.spec.name} on {where(s, area, it.at)}: {self._effect}",
               data={"card": it.card, "enhancement": self.spec.key, "at": list(it.at)})
        self._played(s, p, it, ev)

    def _played(self, s, p, it, ev) -> None:
        """What else happens the moment it is played."""

    def worth(self, view, card):
        """It stays for the game; any fitting card is a good home ([E1])."""
        return 3.0


# --------------------------------------------------------------------------- the enhancements


@register("yard_lights")
class YardLights(EnhancementRules):
    """Yard Lights ([E2]): floodlights over the yard. At the night Stages the player's switching
    gets one more Move (which cancels Reduced Visibility's lost Move)."""

    _host = "your Office (0,0)"
    _plural = True
    short = "Lights"
    _tag = ("+1 Move at night",)
    _effect = "one more Move to the switching at the night Stages."
    _host_problem = EnhancementRules._office_only

    def moves(self, s, player, card):
        return 1 if s.stage in NIGHT_STAGES else 0

    def worth(self, view, card):
        """A Move more at the night Stages only: a modest edge."""
        return 2.0


@register("lunch_counter")
class LunchCounter(EnhancementRules):
    """Lunch Counter ([E3]): passengers buy lunch before they board. Each Board at the Office pays
    one more Revenue — under balance "v2" the first three Boards of each Day."""

    _host = "your Depot, Station or Terminal (0,0)"
    short = "Lunch"
    _tag = ("+1 per Board", "3 a Day")
    _effect = "one more Revenue each time the Porters board passengers."

    def _host_problem(self, s, area, xy, host):
        if xy != (0, 0):
            return f"{self._goes} on your Office (0,0), not on {where(s, area, xy)}"
        if host.tier < 1:
            return (f"the {self.spec.name} serves passengers: it goes on a Depot, Station or Terminal, and your "
                    f"Office is a {host.name}")
        return None

    #: balance "v2": the Boards a Day it pays for (three sittings: breakfast, lunch, supper), counted per
    #: card in ``State.device_uses`` like a dispatch device's uses and given back at the end of the Day
    _sittings = 3

    def revenue(self, s, player, amount, source, card):
        """One more for a Board; under balance "v2" for the first ``_sittings`` Boards of the Day only ([E3]).
        The one rule point that counts as it answers: it is fired once, by the payment itself."""
        if source != "boarding":
            return 0
        if s.config.balance == "v1":
            return 1
        served = s.device_uses.get(card, 0)
        if served >= self._sittings:
            return 0
        s.device_uses[card] = served + 1
        return 1

    def worth(self, view, card):
        """Revenue with passenger work: much once the Office is a Control Point."""
        return 4.5 if view.tier >= 1 else 1.0


@register("gantry_crane")
class GantryCrane(EnhancementRules):
    """Gantry Crane ([E4]): one more Laborer each Stage at the freight facility it stands on."""

    _host = "one of your freight facilities"
    short = "Gantry"
    _tag = ("+1 Laborer",)
    _effect = "one more Laborer there each Stage."

    def _host_problem(self, s, area, xy, host):
        if xy == (0, 0) or xy not in area.facilities:
            return f"{self._goes} on one of your freight facilities, not on {where(s, area, xy)}"
        return None

    def workers(self, s, seat, xy, card):
        return 1 if host_of(s, card) == (seat, tuple(xy)) else 0

    def worth(self, view, card):
        """A Laborer more at an industry: worth something once there is one."""
        return 3.0 if view.industries(False) else 1.0


@register("siding_extension")
class SidingExtension(EnhancementRules):
    """Siding Extension ([E5]): one more A/D track at the Office — it holds one more train."""

    _host = "your Office (0,0)"
    short = "Siding"
    _tag = ("+1 A/D track",)
    _effect = "the Office holds one more train."
    _host_problem = EnhancementRules._office_only

    def ad_tracks(self, s, seat, card):
        return 1

    def worth(self, view, card):
        """A train more at the Office: collisions saved, most at a Control Point."""
        return 4.0 if view.tier >= 1 else 2.5


# --------------------------------------------------------------------------- the defences


class Defence(EnhancementRules):
    """A defensive enhancement ([E6]): it stops the opponent-directed cards of the types ``_stops``
    played on its player (the ``defence`` rule point, fired by the attack card's play), and stays."""

    label = "DEFENCE"
    colour = "#546e7a"
    _stops: tuple = ()  # the attack card types it stops

    def defence(self, s, attack, target, card):
        return card if attack_key(s, attack) in self._stops else None

    def worth(self, view, card):
        """Much where a card may be played on this player (a Competitive game, solitaire adversity) and no
        card of its Area carries this defence yet (one guards the whole Area, [E6]); little elsewhere."""
        s = view.s
        struck = s.config.mode == "competitive" or "adversity" in s.config.optional_rules
        held = any(s.deck.get(e) == self.spec.key for placed in view.area.grid.values() for e in placed.enhancements)
        return 3.5 if struck and not held else 0.3


def has_points(geometry) -> bool:
    """Does the rail have switch points (a port where two routes part, as on a turnout)?"""
    if geometry is None:
        return False
    return any(sum(1 for r in geometry.routes if port in r) > 1 for port in geometry.ports)


@register("facing_point_locks")
class FacingPointLocks(Defence):
    """Facing Point Locks ([E7]): on a card with switch points; they stop a Derail or a Vandalism
    played on the player."""

    _host = "one of your cards with switch points (a turnout)"
    _plural = True
    short = "FPL"
    _tag = ("Derail", "Vandalism")
    _effect = "a Derail or a Vandalism played on them is stopped."
    _stops = ("derail", "vandalism")

    def defence(self, s, attack, target, card):
        """A Derail anywhere in the Area; a Vandalism only on the locked card's neighbours under balance
        "v2" ([E7]: the locks hold the points at the industry's door, not the far side of the yard), or
        anywhere in the Area under "v1"."""
        if attack_key(s, attack) == "vandalism" and s.config.balance != "v1":
            host = host_of(s, card)
            if host is None or not isinstance(target, tuple) or target not in [host[1], *neighbours9(host[1])]:
                return None
        return super().defence(s, attack, target, card)

    def _host_problem(self, s, area, xy, host):
        if host.kind != "track" or not has_points(host.geometry):
            return (f"{self._goes} on one of your cards with switch points (a turnout); "
                    f"{where(s, area, xy)} has none")
        return None


@register("water_column")
class WaterColumn(Defence):
    """Water Column ([E8]): on the Office; it stops a Hotbox played on a train in the Office Area."""

    _host = "your Office (0,0)"
    short = "Water"
    _tag = ("Hotbox",)
    _effect = "a Hotbox played on a train in the Office Area is stopped."
    _stops = ("hotbox",)
    _host_problem = EnhancementRules._office_only


#: the attack card type an Overpass stops, and clears away when it is played
CROSSING = "railroad_crossing"


@register("overpass")
class Overpass(Defence):
    """Overpass ([E9]): on a track card; it stops a Railroad Crossing played on the player, and when
    it is played the Railroad Crossings already in the player's Office Area go to the Salvage Yard."""

    _host = "one of your track cards"
    short = "Overpass"
    _tag = ("Crossing",)
    _effect = "a Railroad Crossing played on them is stopped."
    _stops = (CROSSING,)

    def _host_problem(self, s, area, xy, host):
        if host.kind != "track":
            return f"{self._goes} on one of your track cards, not on {where(s, area, xy)}"
        return None

    def _played(self, s, p, it, ev):
        area = area_of(s, p)
        cleared = sorted(xy for xy, c in area.space.items() if attack_key(s, c) == CROSSING)
        if cleared:
            spots = ", ".join(f"{x},{y}" for x, y in cleared)
            ev.say("enhance", f"The {self.spec.name} clears away the Railroad Crossing{'s' if len(cleared) > 1 else ''} "
                   f"in {name(s, p)}'s Office Area ({spots}); they go to the Salvage Yard.",
                   data={"cleared": [list(xy) for xy in cleared]})
        for xy in cleared:
            lift(s, area.space[xy], ev, f"the {self.spec.name} carries the road over the line")


KIND_RULES[EnhancementRules.kind] = EnhancementRules


# --------------------------------------------------------------------------- the cards of this family

def _specs() -> tuple:
    """Enhancements played onto your own cards, and the defensive ones (v0.4.5 §4.2, §5): each lies on
    one of the player's placed cards (``Placed.enhancements``) and changes a rule there (rulings [E1]-[E9])."""
    made = []
    add = made.append
    for key, name, text in (
        ("yard_lights", "Yard Lights",
         "Enhancement, on your Office: +1 Move to your switching at the night Stages (11 PM to 5 AM)."),
        ("lunch_counter", "Lunch Counter",
         "Enhancement, on your Depot, Station or Terminal: +1 Revenue each time your Porters board passengers, "
         "three times a Day."),
        ("gantry_crane", "Gantry Crane",
         "Enhancement, on one of your freight facilities: +1 Laborer there each Stage."),
        ("siding_extension", "Siding Extension",
         "Enhancement, on your Office: +1 A/D track; the Office holds one more train."),
        ("facing_point_locks", "Facing Point Locks",
         "Defence, on one of your cards with switch points (a turnout): stops a Derail played on your "
         "trains, and a Vandalism played on this card or a card beside it. It stays."),
        ("water_column", "Water Column",
         "Defence, on your Office: stops a Hotbox played on a train in your Office Area. It stays."),
        ("overpass", "Overpass",
         "Defence, on one of your track cards: stops a Railroad Crossing played on you, and clears away "
         "the Railroad Crossings already on you. It stays."),
    ):
        add(CardSpec(key, "enhancement", name, text, rules=key))
    return tuple(made)


#: this family's cards, in the catalog's order
SPECS: tuple = _specs()

#: enhancements, the defensive ones included; 39 cards (docs/cards.md says why these counts)
ENHANCEMENTS: tuple = (
    ("yard_lights", 7, "Lights",
     "seven, as each everyday enhancement: a Move more at five night Stages of twelve is a modest "
     "edge, so the lights are common enough to be drawn when wanted, not collected [E2]"),
    ("lunch_counter", 7, "Lunch",
     "seven: one for each Office at a six-player table and one to spare; its Revenue comes only with "
     "passenger work, so it is worth most to the Offices that have grown [E3]"),
    ("gantry_crane", 7, "Gantry",
     "seven against twenty freight facilities: about one industry in three can have a crane, so a "
     "player chooses which industry to push [E4]"),
    ("siding_extension", 7, "SidingExt",
     "seven: the strongest everyday enhancement (it saves collisions), beside the four Terminals and "
     "three Yard Offices that also relieve a full Office; findable, but the A/D limit stays the rule "
     "[E5]"),
    ("facing_point_locks", 4, "Locks",
     "four against the three cards they stop (Derail ×2, Vandalism ×1): enough that a careful player "
     "finds one, too few for every Area, so an attack stays a gamble rather than a sure loss or a sure"
     " waste [E7]"),
    ("water_column", 4, "Column",
     "four against the two Hotboxes: as for the locks, a defence a player may find but nobody can "
     "count on holding [E8]"),
    ("overpass", 3, "Overpass",
     "three against four Railroad Crossings: it stops them and clears those already laid, the "
     "strongest defence, so the fewest copies [E9]"),
)

#: this family's rows of the full Home Office deck
DECK_ROWS: tuple = ENHANCEMENTS

#: balance "v2" (ruling [U3]): this family's card types -> their copies at a table of 1-2 seats and of 3-4 seats
TABLE_COPIES: dict = {
    "yard_lights": (1, 4), "lunch_counter": (1, 4), "gantry_crane": (1, 4), "siding_extension": (1, 4),
    "facing_point_locks": (1, 2), "water_column": (1, 2), "overpass": (1, 2),
}
