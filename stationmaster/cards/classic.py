"""The classic family: the classic set of cards (v0.2 §12), the Mainline decks and the full game's
Mainline-side cards, with the rules classes of its cards that change a rule.

The classic set's trains and Extras, Offices, industries, Modifiers, track, the Red Flag and plain
Mainline cards play by their kinds' defaults (``cards/kinds.py``); the full game's Mainline deck
([M11]-[M15]) and its Mainline-side cards ([M16]-[M20]) each add a rule of their own, written here.
``cards/families.py`` registers the family, deals the classic deck (``CLASSIC_DECK``) and this
family's part of the full one (``DECK_ROWS``).
"""

from __future__ import annotations

from ..flow import Where
from ..intents import Play
from ..query import first_region, name, spec_of
from ..state import WaitingSection
from ..track import Geometry
from .base import fire, register
from .kinds import DispatchDevice, MainlineModifier, OrderRules, SectionedMainline, TrackRules
from .specs import PIECES, SPEEDS, CardSpec, FREIGHT_KINDS, mainline_key, with_copies


# --------------------------------------------------------------------------- the train orders ([M17], [M18])


@register("expedite")
class Expedite(OrderRules):
    """Expedite ([M17]): at each Office it arrives at, the train stays for that Stage's Load/Unload
    and departs at the Shift Change (the usual clearance and collision checks), not a Stage later."""

    _effect = "it leaves each Office it reaches at that Stage's Shift Change."
    _tag = ("same Stage",)

    def departs_at_shift_change(self, s, train):
        return True


@register("second_section")
class SecondSection(OrderRules):
    """Second Section ([M18]): played on the train the timetable has due this Stage ('play Second1',
    in Local Operations, before the New Train phase); an identical train, its second section, is made
    up behind it at the same Division Point when a Crew Tray is free, after the due trains and before
    the Extras, and runs junior to it. The card rides with the second section."""

    on_train = False
    _tag = ("2nd section",)

    def play_problem(self, s, p, it):
        if it.at is not None or it.turned or it.serves is not None:
            return f"the {self.spec.name} is played without a place: 'play {it.card}'"
        due = s.timetable.get(s.stage)
        if due is None:
            return (f"no train is due out this Stage ({s.stage}); a {self.spec.name} is played on the train the "
                    "timetable has due")
        sp = spec_of(s, due)
        if any(t.card == due for t in s.trains.values()):
            return f"{sp.name}'s last run is still on the Division, so today's run is annulled"
        if any(e.train == due for e in s.sections):
            return f"{sp.name} already has a {self.spec.name} ordered"
        return None

    def candidates(self, s, p, card, spots):
        yield Play(card)

    def highball_problem(self, s, train):
        """The second section keeps a Stage behind its first: never into the region it holds."""
        if train.section != 2:
            return None
        ahead = first_region(s, train)
        for t in s.trains.values():
            if t.card == train.card and t.section == 1 and t.where == Where.MAINLINE and tuple(t.pos) == ahead:
                half = "western" if ahead[1] == 0 else "eastern"
                return (f"its first section, train {t.label}, still holds the {half} half of the "
                        f"{s.mainline[ahead[0]]}; a second section keeps a Stage behind its train")
        return None

    def play(self, s, p, it, ev):
        due = s.timetable[s.stage]
        s.sections.append(WaitingSection(it.card, due, p))
        sp = spec_of(s, due)
        ev.say("order", f"{name(s, p)} orders a {self.spec.name} for {sp.name}: an identical train runs right "
               f"behind it when a Crew Tray is free.", data={"train": str(sp.number), "order": self.spec.key})

    def worth(self, view, card):
        """A second run of a passenger train boards twice the passengers ([M18])."""
        passenger = any("coach" in view.spec(c).consist for c in view.s.timetable.values())
        return 3.5 if view.tier >= 1 and passenger else 1.0


# --------------------------------------------------------------------------- beside the Office ([M16], [M20])


@register("yard_office")
class YardOffice(TrackRules):
    """A Yard Office ([M16]): a yard track off the Running Track, laid like an industry spur. A train
    without coaches arriving at a full Office diverts onto it (when nothing stands there) instead of
    colliding; it is then in the Office Area like any train the player switches."""

    label = "YARD"
    colour = "#6d5a3a"
    _running_track = False

    def diverts_arrival(self, s, train, seat):
        if any(PIECES[c].kind == "coach" for c in train.cars):
            return None
        if fire(s, "switch_problem", train, train=train):  # [T2]: it could never be switched back out
            return None
        area = s.areas[seat]
        for xy, placed in sorted(area.grid.items()):
            if placed.card in s.deck and s.deck[placed.card] == self.spec.key and not placed.cars \
                    and not any(t.where == Where.AREA and t.seat == seat and tuple(t.pos) == xy
                                for t in s.trains.values()):
                return xy
        return None


@register("train_order_signal")
class TrainOrderSignal(DispatchDevice):
    """A Train Order Signal ([M20]): once a Day it holds a train arriving at the full Office at the
    Limits instead of letting it collide."""

    def device_hold(self, s, train, seat):
        ready = self._ready(s, seat)
        return ready[0] if ready else None


# --------------------------------------------------------------------------- the Mainline's devices and features ([M12]-[M15], [M19])


@register("abs")
class AbsSignals(SectionedMainline):
    """ABS Signals ([M12]): the block signals at the entrance of this card hold a train that would
    follow another into the Subdivision, without asking the Superintendent."""

    def clearance(self, s, train, ahead):
        return "hold" if any(o.direction == train.direction for o in ahead) else None


@register("passing")
class PassingSiding(SectionedMainline):
    """A Passing Siding ([M13]): entered without the occupancy check; each half holds two trains
    (one on the main, one in the siding), so opposing trains meet and pass here."""

    def clearance(self, s, train, ahead):
        return "clear"

    def region_room(self, s, pos):
        return 2


@register("interlocking")
class Interlocking(SectionedMainline):
    """An Interlocking ([M14]): the tower's home signals hold a train running off this card to a
    full Office at the Limits instead of letting it collide."""

    def holds_arrival(self, s, train, seat):
        return True


@register("block_signals")
class BlockSignals(MainlineModifier):
    """Block Signals: the card gets ABS Signals ([M12], [M19])."""

    _tag = ("ABS",)
    _effect = "its ABS Signals hold a train that would follow another into the Subdivision."
    clearance = AbsSignals.clearance


@register("interlocking_tower")
class InterlockingTower(MainlineModifier):
    """Interlocking Tower: the card gets an Interlocking ([M14], [M19])."""

    _tag = ("tower",)
    _effect = "its tower holds a train running off it to a full Office at the Limits."
    holds_arrival = Interlocking.holds_arrival


#: the speed of a train that climbs a Heavy Grade without a helper: first class ([M15])
CLIMBS_UNAIDED = 4


@register("heavy_grade")
class HeavyGrade(SectionedMainline):
    """A Heavy Grade ([M15]): its uphill direction is chosen at setup (``State.grades``); an uphill
    train slower than first class stops one Stage to take a helper, then climbs at its own speed."""

    def crossing_time(self, s, train):
        stages = super().crossing_time(s, train)
        if s.grades.get(self.spec.name) == train.direction and spec_of(s, train.card).speed < CLIMBS_UNAIDED:
            return stages + 1
        return stages


# --------------------------------------------------------------------------- the cards

#: the routes of an Office card's rail
OFFICE_ROUTES = [("W", "E"), ("W", "NE"), ("W", "SE"), ("NW", "E"), ("SW", "E")]

#: the timetabled trains by odd number (its even sister the same, eastbound): class, car kinds, revenue cars,
#: caboose
TRAIN_CLASSES = {
    1: ("Limited", ("coach",), 4, False),
    3: ("Mail-Express", ("coach",), 3, False),
    5: ("Manifest Freight", ("boxcar", "reefer"), 3, True),
    7: ("Coal Drag", ("hopper",), 3, True),
    9: ("Oil Train", ("tank",), 3, True),
    11: ("Way Freight", ("coach",) + FREIGHT_KINDS, 3, True),
}


#: plain classic Mainline cards (two regions each); N + 1 are drawn at random for N players
MAINLINE_CARDS = (
    "Prairie Tangent", "River Valley", "Cedar Cut", "Long Fill", "Mill Creek Bridge",
    "Pine Ridge", "Salt Flats", "Horseshoe Curve",
)


#: the Mainline deck of deck "full" (ruling [M11]): (name, length in sections), drawn like the plain ones
SECTIONED_MAINLINE = (
    ("Low Line", 8), ("Johnstown Tangent", 8), ("Seaside Flats", 6), ("Elsburg Curve", 6),
    ("Taney Cut", 6), ("Avalon Fill", 6), ("Damascus Bridge", 4), ("Branch Creek Trestle", 4),
)


#: the full deck's Mainline cards with a device or a feature (rulings [M12]-[M15]): (name, length in
#: sections, rules class, what the card says); they cross like the others ([M11]) and add their rule
FEATURED_MAINLINE = (
    ("Seaside Double Track", 6, "abs",
     "ABS Signals: a train about to follow another into the Subdivision from this card is held by the "
     "signals, without asking the Superintendent."),
    ("FR Passing Siding", 6, "passing",
     "Passing Siding: a train enters it without the occupancy check; each half holds two trains, so "
     "opposing trains meet and pass here."),
    ("Summit Grade", 8, "heavy_grade",
     "Heavy Grade: the Superintendent chooses the uphill direction at setup; an uphill freight (second "
     "or third class) stops one Stage for a helper."),
    ("HX Interlocking", 4, "interlocking",
     "Interlocking: a train running off this card to a full Office is held at the Limits instead of "
     "colliding."),
)


def _specs() -> tuple:
    made = []
    add = made.append
    for n in range(1, 13):
        cls, kinds, mx, cab = TRAIN_CLASSES[n if n % 2 else n - 1]
        direction = "west" if n % 2 else "east"
        cars = " or ".join(kinds) if len(kinds) < 5 else "any cars"
        add(CardSpec(
            f"train{n}", "train", f"Train {n}",
            f"{cls}, {direction}bound. Up to {mx} {cars}{' + caboose' if cab else ', no caboose'}.",
            number=n, direction=direction, consist=kinds, max_cars=mx, caboose=cab, train_class=cls,
            speed=SPEEDS[cls],
        ))
    for n in range(9, 13):
        add(CardSpec(
            f"extra{n}", "extra", f"Extra X{n}",
            "Extra train: runs once. The player who played it chooses its direction and its cars: "
            "any 3 cars + caboose.",
            number=n, consist=("coach",) + FREIGHT_KINDS, max_cars=3, caboose=True, train_class="Extra",
            speed=SPEEDS["Extra"],
        ))
    office = Geometry.of(OFFICE_ROUTES)
    for key, name, tier, ad, porters, boxes in (
        ("whistle_post", "Whistle Post", 0, 1, 0, 0),
        ("depot", "Depot", 1, 2, 1, 2),
        ("station", "Station", 2, 3, 2, 3),
        ("terminal", "Terminal", 3, 4, 3, 4),
    ):
        add(CardSpec(
            key, "office", name,
            f"{ad} A/D track{'s' if ad > 1 else ''}."
            + (f" Control Point. {porters} Porter{'s' if porters > 1 else ''}, {boxes} green and {boxes} red coach boxes."
               if tier else " Not a Control Point; no passenger business."),
            geometry=office, tier=tier, ad_tracks=ad, porters=porters, green=boxes, red=boxes,
        ))
    spur = Geometry.of(ports=["W"])
    for key, name, car, lab, out, inn in (
        ("mine_tipple", "Mine Tipple", "hopper", 3, 3, 0),
        ("produce_shed", "Produce Shed", "reefer", 2, 2, 0),
        ("grocers_warehouse", "Grocer's Warehouse", "boxcar", 2, 2, 2),
        ("oil_refinery", "Oil Refinery", "tank", 3, 2, 2),
        ("power_plant", "Power Plant", "hopper", 3, 0, 3),
    ):
        way = "loads and unloads" if out and inn else ("loads" if out else "unloads")
        add(CardSpec(
            key, "facility", name,
            f"Industry spur; {way} {car}s. {lab} Laborers, {out} green, {inn} red boxes, MEN | AT | WORK.",
            geometry=spur, car=car, laborers=lab, green=out, red=inn,
        ))
    for key, name, adds, serves, text in (
        ("team_track", "Team Track", (("box", 1),), "freight",
         "Beside a freight facility: +1 green box if it loads, otherwise +1 red box."),
        ("loading_dock", "Loading Dock", (("green", 1),), "freight_out",
         "Beside a freight facility that loads: +1 green box."),
        ("storage_shed", "Storage Shed", (("red", 1),), "freight_in",
         "Beside a freight facility that unloads: +1 red box."),
        ("extra_platform", "Extra Platform", (("green", 1), ("red", 1)), "passenger",
         "Beside a Depot, Station or Terminal: +1 green and +1 red coach box."),
        ("section_gang", "Section Gang", (("worker", 1),), "any",
         "+1 Laborer or Porter each Stage, at one neighbouring facility."),
    ):
        add(CardSpec(key, "modifier", name, text, adds=adds, serves=serves))
    add(CardSpec("straight", "track", "Straight", "Straight track, west to east.",
                 geometry=Geometry.of([("W", "E")])))
    add(CardSpec("turnout_left", "track", "Left Turnout",
                 "Points at the west end; the diverging leg climbs to the north-east. Pass-through only.",
                 geometry=Geometry.of([("W", "E"), ("W", "NE")]), operational=False))
    add(CardSpec("turnout_right", "track", "Right Turnout",
                 "Points at the west end; the diverging leg drops to the south-east. Pass-through only.",
                 geometry=Geometry.of([("W", "E"), ("W", "SE")]), operational=False))
    add(CardSpec("runaround", "track", "Run-around",
                 "Through track with a bypass: both 45° legs drop to the card below, "
                 "so with the Office (or another Run-around) it makes a passing loop.",
                 geometry=Geometry.of([("W", "E"), ("W", "SE"), ("SW", "E"), ("SW", "SE")])))
    add(CardSpec("yard_office", "track", "Yard Office",
                 "A yard track with its yardmaster's office, laid off the Running Track like an industry spur. "
                 "A train without coaches arriving at a full Office diverts to it instead of colliding.",
                 geometry=Geometry.of(ports=["W"]), rules="yard_office"))
    add(CardSpec("expedite", "order", "Expedite",
                 "Train order: play it on a train in a Crew Tray. At each Office it reaches, the train stays for "
                 "that Stage's Load/Unload and departs at the Shift Change.", rules="expedite"))
    add(CardSpec("second_section", "order", "Second Section",
                 "Train order: play it on the train due out this Stage. An identical train runs right behind "
                 "it, junior to it, when a Crew Tray is free.", rules="second_section"))
    add(CardSpec("block_signals", "ml_modifier", "Block Signals",
                 "Mainline modifier: play it on a card of the Division that prints no device. The card gets ABS "
                 "Signals: a train about to follow another into the Subdivision from it is held.",
                 rules="block_signals", aka=("ABS Signals",)))
    add(CardSpec("interlocking_tower", "ml_modifier", "Interlocking Tower",
                 "Mainline modifier: play it on a card of the Division that prints no device. The card gets an "
                 "Interlocking: a train running off it to a full Office is held at the Limits.",
                 rules="interlocking_tower"))
    add(CardSpec("train_order_signal", "device", "Train Order Signal",
                 "Dispatch device, beside the Office off the Running Track. Once a Day it holds a train arriving "
                 "at the full Office at the Limits instead of letting it collide.", rules="train_order_signal"))
    add(CardSpec("red_flag", "red_flag", "Red Flag",
                 "Emergency Toolbox. While you hold it your hand limit is four, and while you wear the "
                 "Fedora it holds a following train without a question. House rule red_flag_escape: "
                 "instead it is spent, and removed from the game, the first time a collision would be "
                 "your fault: the moving train stops short."))
    for title in MAINLINE_CARDS:
        add(CardSpec(mainline_key(title), "mainline", title,
                     "Plain Mainline: two regions; a train runs one region per Stage."))
    for title, length in SECTIONED_MAINLINE:
        add(CardSpec(mainline_key(title), "mainline", title,
                     f"{length} sections of Mainline: a train crosses it in {length} ÷ its speed Stages, "
                     "rounded up.", sections=length, rules="sectioned"))
    for title, length, rules, text in FEATURED_MAINLINE:
        add(CardSpec(mainline_key(title), "mainline", title, f"{length} sections. {text}", sections=length,
                     rules=rules, feature=text.split(":")[0]))
    return tuple(made)


#: this family's cards, in the catalog's order
SPECS: tuple = _specs()

#: the 52-card Home Office deck of v0.2 §12.1: (card type, copies, id prefix)
CLASSIC_DECK = (
    *((f"train{n}", 1, f"T{n}") for n in range(1, 13)),
    *((f"extra{n}", 1, f"X{n}") for n in range(9, 13)),
    ("depot", 4, "Depot"), ("station", 3, "Station"), ("terminal", 2, "Terminal"),
    ("mine_tipple", 2, "Tipple"), ("produce_shed", 2, "Shed"), ("grocers_warehouse", 2, "Grocer"),
    ("oil_refinery", 2, "Refinery"), ("power_plant", 2, "Plant"),
    ("team_track", 1, "TeamTrack"), ("loading_dock", 1, "Dock"), ("storage_shed", 1, "Storage"),
    ("extra_platform", 1, "Platform"), ("section_gang", 1, "Gang"),
    ("turnout_left", 3, "TurnoutL"), ("turnout_right", 3, "TurnoutR"),
    ("straight", 3, "Straight"), ("runaround", 3, "Runaround"),
)


#: the full deck's classic cards: the same cards, more copies of the ones a bigger table builds with
#: (one copy of each timetabled train and Extra, as ever); 95 cards
FULL_CLASSIC = with_copies(CLASSIC_DECK, {
    "depot": 8, "station": 6, "terminal": 4,
    "mine_tipple": 4, "produce_shed": 4, "grocers_warehouse": 4, "oil_refinery": 4, "power_plant": 4,
    "team_track": 3, "loading_dock": 3, "storage_shed": 2, "extra_platform": 3, "section_gang": 2,
    "turnout_left": 7, "turnout_right": 7, "straight": 9, "runaround": 5,
})

#: the full game's cards that act on the Mainline or its trains ([M16]-[M20]); 21 cards. Every row of
#: the full deck's parts ends with why the deck has so many (docs/cards.md shows it)
MAINLINE_SIDE = (
    ("yard_office", 3, "YardOffice",
     "three, one fewer than the Terminals: a relief valve, not a second Office, so a freight run into a busy "
     "Office stays a risk the Division plans around rather than one the deck always forgives; it competes "
     "with the industries for the spots off the Running Track [M16]"),
    ("expedite", 6, "Expedite",
     "one for every two timetabled trains, in a deck four times the classic one: an order is spent with one "
     "run, so a player now and then clears a busy A/D track a Stage early, but the Division is never "
     "expedited throughout and the timetable's pace stays the rule [M17]"),
    ("second_section", 4, "Second",
     "four: a second section doubles a train for one run and costs a Crew Tray, so it is an event of the "
     "game rather than a habit — with a tray per player and three more for twelve timetabled trains, trays "
     "are the scarce thing it competes for, with the Extras behind it [M18]"),
    ("block_signals", 3, "Signals",
     "three, against one ABS card in the Mainline deck: a Division of three to seven cards can be signalled "
     "where its players need it, but not wholesale, so following stays the Superintendent's question on "
     "most of it [M19]"),
    ("interlocking_tower", 2, "Tower",
     "two, beside the HX Interlocking: a tower is a big investment and the collision it saves is the local "
     "player's, so few in the deck keep a full Office a real risk [M19]"),
    ("train_order_signal", 3, "OrderSignal",
     "three, one use a Day each: a signal saves a full Office once and then the Day's traffic is the "
     "player's problem again, so it softens the Interlocking-less Divisions without replacing A/D tracks "
     "[M20]"),
)

#: this family's rows of the full Home Office deck: the classic cards (the special trains family puts its
#: trains 3/4 and 7/8 in place of the classic ones, ``SWAPS``), then the Mainline-side cards
DECK_ROWS: tuple = FULL_CLASSIC + MAINLINE_SIDE

#: balance "v2" (ruling [U3]): this family's card types with several copies -> their copies at a table of 1-2
#: seats and of 3-4 seats (cards/families.py says how a table is dealt)
TABLE_COPIES: dict = {
    # the Office pyramid, which every Office Area climbs once: a solitaire Office finds its Depot as soon
    # as in the classic deck (6 in 88 against 4 in 52) and no player is stranded at a bigger table
    "depot": (6, 7), "station": (5, 6), "terminal": (4, 4),
    # the classic deck's industries, Modifiers and track at 1-2 seats, about halfway to the full deck's
    # at 3-4
    "mine_tipple": (2, 3), "produce_shed": (2, 3), "grocers_warehouse": (2, 3), "oil_refinery": (2, 3),
    "power_plant": (2, 3),
    "team_track": (1, 2), "loading_dock": (1, 2), "storage_shed": (1, 2), "extra_platform": (1, 2),
    "section_gang": (1, 2),
    "turnout_left": (3, 5), "turnout_right": (3, 5), "straight": (3, 6), "runaround": (3, 4),
    # the full game's own cards: one of each at 1-2 seats (two of each curve, which a branch needs in
    # pairs), about half their copies at 3-4
    "yard_office": (1, 2), "expedite": (1, 3), "second_section": (1, 2), "block_signals": (1, 2),
    "interlocking_tower": (1, 1), "train_order_signal": (1, 2),
}

#: balance "v2" (ruling [U4]): the full deck's Departments are turned up with a Depot for each seat (the
#: first three seats), the rest from the top of the Home Office deck: an Office earns nothing until its
#: Depot, and the full deck buries its Depots deeper than the classic one
DEPARTMENT_SEEDS = ("depot", "depot", "depot")

#: the Mainline cards of each deck, by card type: the classic deck's plain ones; the full deck's with lengths
#: ([M11]) and one card of each Mainline device or feature ([M12]-[M15])
CLASSIC_MAINLINE = tuple(mainline_key(t) for t in MAINLINE_CARDS)
FULL_MAINLINE = (tuple(mainline_key(t) for t, _ in SECTIONED_MAINLINE)
                 + tuple(mainline_key(row[0]) for row in FEATURED_MAINLINE))
