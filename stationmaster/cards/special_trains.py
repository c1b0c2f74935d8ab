"""Special trains of the full Home deck (v0.4.5 §4.3, §4.6): the rules of the Extras X13-X22 and of
the full deck's trains 3/4 and 7/8, as rules classes answering the switching, make-up and
passenger-work rule points, with their specs and their rows of the full deck (at the end); the rulings
are [T1]-[T9] in docs/rules.md.

The restrictions are printed on the train card, so they travel with the train: every rule here is
asked of the train's own card (the ``train`` scope), wherever the train stands.
"""

from __future__ import annotations

from ..intents import Board, Detrain
from ..query import area_of, office_tier, yard_has
from ..state import ExpressSpot
from .base import register
from .classic import TRAIN_CLASSES
from .kinds import ExtraRules, TrainRules
from .specs import FREIGHT_KINDS, PIECES, SPEEDS, CardSpec

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


# --------------------------------------------------------------------------- the cards of this family

#: the special Extras X13-X22 (rulings [T1]-[T6]): number, name, class (its speed: ``SPEEDS``), car kinds,
#: revenue cars, caboose, rules class ("" plain), its restriction (printed first)
SPECIAL_EXTRAS = (
    (13, "Through Freight", "Through Freight", ("coach",) + FREIGHT_KINDS, 3, True, "through_freight",
     "It picks up no cars on the way; it may set them out."),
    (14, "Crack Limited", "Crack Limited", ("coach",), 4, False, "crack_limited",
     "Passenger work at Terminals only. No switching: it cannot move, set out or sort locally."),
    (15, "Military Train", "Military", FREIGHT_KINDS, 3, True, "military_train",
     "No passenger work. No switching: it cannot move, set out or sort locally."),
    (16, "Director's Private Car", "Business Car", ("coach",), 1, False, "directors_car",
     "The business car: no passenger work. No switching: it cannot move, set out or sort locally."),
    *((n, f"Extra X{n}", "Extra", ("coach",) + FREIGHT_KINDS, 3, True, "", "") for n in range(17, 22)),
    (22, "Empty Car Extra", "Empty Car Extra", ("coach",) + FREIGHT_KINDS, 3, True, "empty_car_extra",
     "Empty cars only: it is made up with empties and picks up empty cars only."),
)

#: the full deck's trains 3/4 and 7/8 (v0.4.5 §4.3; rulings [T7], [T8]): card type -> (its full-deck type, car
#: kinds, what the card says); the classic specs stay as they are
FULL_TRAINS = {
    "train3": ("train3_full", ("coach", "boxcar"), "mail_express",
               "Up to 3 coaches, one of them may be an express boxcar; no caboose. Trains 3 and 4 share one "
               "freight car a Day at each spot: one pickup or set-out."),
    "train4": ("train4_full", ("coach", "boxcar"), "mail_express",
               "Up to 3 coaches, one of them may be an express boxcar; no caboose. Trains 3 and 4 share one "
               "freight car a Day at each spot: one pickup or set-out."),
    "train7": ("train7_full", ("hopper", "coach"), "coal_drag",
               "A rider coach, then up to 2 more hoppers + caboose (3 hoppers without a coach). It never sets "
               "out its coach."),
    "train8": ("train8_full", ("hopper", "coach"), "coal_drag",
               "A rider coach, then up to 2 more hoppers + caboose (3 hoppers without a coach). It never sets "
               "out its coach."),
}


def _train_base(n: int) -> dict:
    cls, _, _, cab = TRAIN_CLASSES[n if n % 2 else n - 1]
    return {"name": f"Train {n}", "number": n, "class": cls, "caboose": cab,
            "direction": "west" if n % 2 else "east"}


_TRAIN_BASE = {f"train{n}": _train_base(n) for n in (3, 4, 7, 8)}


def _specs() -> tuple:
    """Special trains (v0.4.5 §4.3, §4.6): the Extras X13-X22 and the full deck's trains 3/4, 7/8."""
    made = []
    add = made.append
    for n, title, cls, kinds, mx, cab, rules, text in SPECIAL_EXTRAS:
        cars = "any" if len(kinds) == 5 else " or ".join(kinds)
        consist = f"{cars} {mx} car{'s' if mx > 1 else ''}{' + caboose' if cab else ', no caboose'}"
        if kinds == ("coach",):
            consist = f"up to {mx} coach{'es' if mx > 1 else ''}, no caboose" if mx > 1 else "one coach, no caboose"
        elif kinds == FREIGHT_KINDS:
            consist = f"up to {mx} freight cars + caboose"
        plain = f"Extra train: runs once. The player who played it chooses its direction and its cars: {consist}."
        special = f"{text} {consist[0].upper()}{consist[1:]}. Extra train: runs once; its player chooses its " \
                  "direction and its cars."  # the restriction first: it is what the face has room for
        add(CardSpec(
            f"extra{n}", "extra", title, special if text else plain,
            number=n, consist=kinds, max_cars=mx, caboose=cab, train_class=cls, speed=SPEEDS[cls], rules=rules,
            aka=(f"Extra X{n}",) if title != f"Extra X{n}" else (),
        ))
    for key, (full_key, kinds, rules, text) in FULL_TRAINS.items():
        base = _TRAIN_BASE[key]
        add(CardSpec(
            full_key, "train", base["name"], f"{base['class']}, {base['direction']}bound. {text}",
            number=base["number"], direction=base["direction"], consist=kinds, max_cars=3,
            caboose=base["caboose"], train_class=base["class"], speed=SPEEDS[base["class"]], rules=rules,
        ))
    return tuple(made)


#: this family's cards, in the catalog's order
SPECS: tuple = _specs()

#: special trains: the Extras X13-X22; 10 cards (one each, like X9-X12: an Extra is one train)
SPECIAL_TRAINS: tuple = (
    ("extra13", 1, "X13",
     "one: a through freight that delivers but never collects [T1], [T9]"),
    ("extra14", 1, "X14",
     "one: the no-switching passenger train worked at Terminals only [T2], [T3]"),
    ("extra15", 1, "X15",
     "one: a no-switching freight no Porter works [T2], [T4]"),
    ("extra16", 1, "X16",
     "one: the Director's business car, no switching, no passengers [T2], [T4]"),
    ("extra17", 1, "X17",
     "one: an Extra is one particular train, like X9-X12; a plain Extra, so special trains stay the "
     "exception among the deck's fourteen Extras [T9]"),
    ("extra18", 1, "X18",
     "one: an Extra is one particular train, like X9-X12; a plain Extra, so special trains stay the "
     "exception among the deck's fourteen Extras [T9]"),
    ("extra19", 1, "X19",
     "one: an Extra is one particular train, like X9-X12; a plain Extra, so special trains stay the "
     "exception among the deck's fourteen Extras [T9]"),
    ("extra20", 1, "X20",
     "one: an Extra is one particular train, like X9-X12; a plain Extra, so special trains stay the "
     "exception among the deck's fourteen Extras [T9]"),
    ("extra21", 1, "X21",
     "one: an Extra is one particular train, like X9-X12; a plain Extra, so special trains stay the "
     "exception among the deck's fourteen Extras [T9]"),
    ("extra22", 1, "X22",
     "one: empties only, at make-up and on the way [T6]"),
)

#: this family's rows of the full Home Office deck
DECK_ROWS: tuple = SPECIAL_TRAINS

#: the full deck's trains 3/4 and 7/8 follow v0.4.5 §4.3 ([T7], [T8]): in the full deck's rows, classic card type ->
#: (this family's card type, why so many): the same ids T3, T4, T7, T8, their own specs
SWAPS: dict = {
    key: (row[0], f"one, the deck's Train {key[5:]} (id T{key[5:]}) in place of the classic card: " + (
        "coaches and one express boxcar, one freight car a Day at a spot with its sister [T7]" if key in ("train3", "train4")
        else "hoppers and a rider coach it never sets out [T8]"))
    for key, row in FULL_TRAINS.items()}
