"""Special trains of the full Home deck (v0.4.5 §4.3, §4.6): the rules of the Extras X13-X22 and of
the full deck's trains 3/4 and 7/8, as rules classes answering the switching, make-up and
passenger-work rule points. Their specs are in ``specs.py`` (``_special_train_specs``); the rulings
are [T1]-[T9] in docs/rules.md.

The restrictions are printed on the train card, so they travel with the train: every rule here is
asked of the train's own card (the ``train`` scope), wherever the train stands.
"""

from __future__ import annotations

from ..intents import Board, Detrain
from ..query import area_of, office_tier, yard_has
from ..state import ExpressSpot
from .base import register
from .kinds import ExtraRules, TrainRules
from .specs import FREIGHT_KINDS, PIECES

#: the Office tier of a Terminal (Whistle Post 0, Depot 1, Station 2, Terminal 3)
TERMINAL = 3
_TIERS = ("Whistle Post", "Depot", "Station", "Terminal")


def _count(cars, kind: str) -> int:
    return sum(1 for c in cars if PIECES[c].kind == kind)


def _freight(cars) -> list:
    return [c for c in cars if PIECES[c].kind in FREIGHT_KINDS]


def _piece(pid: str) -> str:
    """'a loaded boxcar' — a piece as a player says it."""
    return str(PIECES[pid]).rsplit(" ", 1)[0]


# --------------------------------------------------------------------------- the special Extras


class SpecialExtra(ExtraRules):
    """An Extra with a restriction printed on it: played, made up and run like X9-X12 ([N5]); its
    face line says the restriction."""

    _face = "EXTRA"  # the face line: the restriction, in as much as the card's width holds

    @property
    def label(self):
        return self._face


@register("through_freight")
class ThroughFreight(SpecialExtra):
    """X13 Through Freight ([T1]): runs through with what it was made up with — it may set cars out
    at an Office Area on its way, but never couples a car standing there (nor one it set out itself)."""

    _face = "EXTRA · NO PICKUPS"

    def pickup_problem(self, s, train, xy, cars):
        return f"the {self.spec.name} (X{self.spec.number}) picks up no cars; it may only set them out"


class NoSwitching(SpecialExtra):
    """A no-switching train ([T2]): it cannot move, set out or sort in an Office Area; it stands on
    the A/D track it arrived on until it highballs."""

    _face = "NO SWITCHING"  # "EXTRA · NO SWITCHING" is wider than the card; the plate says Extra

    def switch_problem(self, s, train):
        return (f"train {train.label}, the {self.spec.name}, is a no-switching train: it may not move, "
                f"set out or sort cars in an Office Area")


class NoPassengerWork(NoSwitching):
    """A no-switching train no Porter works ([T4]): the Military Train and the Director's Private Car."""

    _carries = "no passengers"

    def work_problem(self, s, player, intent, train):
        if train is not None and isinstance(intent, (Board, Detrain)):
            return f"train {train.label}, the {self.spec.name}, carries {self._carries}: no Porter works it"
        return None


@register("crack_limited")
class CrackLimited(NoSwitching):
    """X14 Crack Limited ([T3]): a no-switching passenger train whose passengers board and detrain at
    Terminals only (v0.4.5 §4.6)."""

    _face = "TERMINALS ONLY"

    def work_problem(self, s, player, intent, train):
        if train is None or not isinstance(intent, (Board, Detrain)):
            return None
        tier = office_tier(s, area_of(s, player))
        if tier >= TERMINAL:
            return None
        return (f"train {train.label}, the {self.spec.name}, stops for passengers at Terminals only; "
                f"this Office is a {_TIERS[tier]}")


@register("military_train")
class MilitaryTrain(NoPassengerWork):
    """X15 Military Train ([T4]): freight cars and a caboose under military orders — no switching,
    no passenger work."""


@register("directors_car")
class DirectorsCar(NoPassengerWork):
    """X16 Director's Private Car ([T4]): the Director's business car — no switching, no passenger
    work."""

    _carries = "the Director, not passengers"


@register("empty_car_extra")
class EmptyCarExtra(SpecialExtra):
    """X22 Empty Car Extra ([T6]): empties only — made up with empty cars, it couples empty cars only
    (a caboose is never loaded)."""

    _face = "EXTRA · EMPTIES"

    def makeup_problem(self, s, train, kind, loaded):
        if loaded:
            return f"the {self.spec.name} takes empty cars only, not a loaded {kind}"
        return None

    def pickup_problem(self, s, train, xy, cars):
        loaded = [c for c in cars if PIECES[c].loaded]
        if loaded:
            return (f"the {self.spec.name} picks up empty cars only, and {_piece(loaded[0])} stands "
                    f"on {xy[0]},{xy[1]}")
        return None


# --------------------------------------------------------------------------- the full deck's timetabled trains


class OneOfAKind(TrainRules):
    """A timetabled train whose card allows at most one car of a kind (``_one``): make-up, pickups
    and departure keep to it."""

    _one = ""  # the car kind the card allows once
    _what = ""  # how the card calls that car

    def _too_many(self, train, cars) -> str | None:
        if _count(train.cars, self._one) + _count(cars, self._one) > 1:
            return f"a {self.spec.train_class} carries one {self._what}; train {train.label} has one already"
        return None

    def makeup_problem(self, s, train, kind, loaded):
        if kind == self._one and _count(train.cars, self._one):
            return f"a {self.spec.train_class} carries one {self._what}; train {train.label} has one already"
        return None

    def pickup_problem(self, s, train, xy, cars):
        return self._too_many(train, cars)

    def highball_problem(self, s, train):
        n = _count(train.cars, self._one)
        if n > 1:  # two coupled in one Move, from two cards: set one out before leaving
            return (f"train {train.label} carries {n} {self._one}s; a {self.spec.train_class} runs with one "
                    f"{self._what}")
        return None


@register("mail_express")
class MailExpress(OneOfAKind):
    """Trains 3/4 of deck "full" ([T7]): coaches and one express boxcar; the two trains share one
    freight car a Day at each grid spot of an Office Area — one pickup or one set-out there, whichever
    comes first, counted in ``State.express_used`` and given back at the end of the Day."""

    _one = "boxcar"
    _what = "express boxcar"

    @property
    def label(self):
        return "TIMETABLE · EXPRESS"

    def _spent(self, s, train, xy, cars) -> str | None:
        freight = _freight(cars)
        if not freight:
            return None
        if len(freight) > 1:
            return (f"trains 3 and 4 work one freight car a Day at a spot, and {len(freight)} would be "
                    f"coupled or set out at {xy[0]},{xy[1]}")
        if ExpressSpot(train.seat, *xy) in s.express_used:
            return (f"trains 3 and 4 have already picked up or set out their one freight car at "
                    f"{xy[0]},{xy[1]} today")
        return None

    def pickup_problem(self, s, train, xy, cars):
        return super().pickup_problem(s, train, xy, cars) or self._spent(s, train, xy, cars)

    def setout_problem(self, s, train, cars):
        return self._spent(s, train, tuple(train.pos), cars)

    def cars_switched(self, s, train, xy, cars, how):
        if _freight(cars):
            s.express_used.append(ExpressSpot(train.seat, *xy))


@register("coal_drag")
class CoalDrag(OneOfAKind):
    """Trains 7/8 of deck "full" ([T8]): hoppers and a rider coach, which goes on first at make-up
    (when the Division Yard has one) and is never set out."""

    _one = "coach"
    _what = "rider coach"

    @property
    def label(self):
        return "TIMETABLE · RIDER"

    def makeup_problem(self, s, train, kind, loaded):
        if kind != "coach" and not _count(train.cars, "coach") and (yard_has(s, "coach", True)
                                                                   or yard_has(s, "coach", False)):
            return f"train {train.label}'s rider coach goes on first; a Coal Drag takes its hoppers behind it"
        return super().makeup_problem(s, train, kind, loaded)

    def setout_problem(self, s, train, cars):
        if _count(cars, "coach"):
            return f"train {train.label}, a Coal Drag, never sets out its rider coach"
        return None
