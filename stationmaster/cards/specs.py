"""The classic (v0.2 §12) components as data: rolling stock, card specs, the deck lists."""

from __future__ import annotations

from dataclasses import dataclass

from ..track import Geometry

# --------------------------------------------------------------------------- rolling stock

#: car kinds: code letter, name, loaded colour, empty colour
CAR_KINDS = {
    "coach": ("C", "blue", "white"),
    "boxcar": ("B", "brown", "white"),
    "hopper": ("H", "brown", "white"),
    "reefer": ("R", "brown", "white"),
    "tank": ("T", "brown", "white"),
    "caboose": ("K", "red", "red"),
}
FREIGHT_KINDS = ("boxcar", "hopper", "reefer", "tank")


@dataclass(frozen=True)
class Piece:
    """One rolling-stock piece. Loaded and empty cars are different pieces (blue vs white)."""

    id: str
    kind: str
    loaded: bool

    def __str__(self) -> str:
        if self.kind == "caboose":
            return f"caboose {self.id}"
        return f"{'loaded' if self.loaded else 'empty'} {self.kind} {self.id}"


#: the classic set (v0.2 §12.3): cars of each kind, as many loaded as empty, and the cabooses
CAR_COUNTS = {"coach": 8, "boxcar": 6, "hopper": 6, "reefer": 4, "tank": 4}
CABOOSES = 6
#: the largest table (config.MAX_PLAYERS): PIECES catalogues the stock of a table this size
MOST_SEATS = 6


def stock_counts(seats: int = 1) -> tuple:
    """(cars of each kind, loaded and empty alike; cabooses) of a table of ``seats`` under
    balance v2 (ruling [U2]): the classic set, and for every seat beyond the first half as many
    cars of each kind again and one caboose more (the Division's traffic grows with its Offices)."""
    extra = max(0, seats - 1)
    return {kind: n + extra * (n // 2) for kind, n in CAR_COUNTS.items()}, CABOOSES + extra


def _pieces(seats: int = 1) -> dict[str, Piece]:
    counts, cabooses = stock_counts(seats)
    out: dict[str, Piece] = {}
    for kind, n in counts.items():
        code = CAR_KINDS[kind][0]
        for loaded, tag in ((True, "L"), (False, "E")):
            for i in range(1, n + 1):
                pid = f"{code}{tag}{i}"
                out[pid] = Piece(pid, kind, loaded)
    for i in range(1, cabooses + 1):
        out[f"K{i}"] = Piece(f"K{i}", "caboose", False)
    return out


#: every rolling-stock piece a game may have, by id (e.g. "CL3" loaded coach 3, "HE2" empty hopper 2):
#: the classic set's 62 and the larger tables' extra stock of ruling [U2] (CL9 onward, K7 onward)
PIECES: dict[str, Piece] = _pieces(MOST_SEATS)
#: the 62 pieces of the classic set, by id (v0.2 §12.3), in PIECES' order
CLASSIC_PIECES: dict[str, Piece] = _pieces(1)


def piece_key(pid: str) -> tuple:
    """A piece id's place in the yards: by its letters, then by its number (CL2 before CL10), so
    that "the lowest-numbered match" ([Y1]) is the lowest number also past 9 ([U2])."""
    letters = pid.rstrip("0123456789")
    return letters, int(pid[len(letters):])


def stock_ids(seats: int = 1) -> list:
    """The ids of the rolling stock of a table of ``seats`` under ruling [U2], in yard order."""
    return sorted(_pieces(seats), key=piece_key)


def piece(pid: str) -> Piece:
    return PIECES[pid]


# --------------------------------------------------------------------------- card specs


@dataclass(frozen=True)
class CardSpec:
    """What is printed on a card. ``kind`` picks the rules that apply; the rest is data."""

    key: str  # the card type, e.g. "depot", "turnout_left"
    kind: str  # train | extra | office | facility | modifier | track | red_flag | mainline | order | ml_modifier | device
    name: str
    text: str
    geometry: Geometry | None = None  # rail printed on it (track, facility, office)
    operational: bool = True  # may a train stop here?
    # offices
    tier: int = 0
    ad_tracks: int = 0
    porters: int = 0
    green: int = 0
    red: int = 0
    # freight facilities
    car: str = ""
    laborers: int = 0
    # modifiers: what they add (e.g. {"green": 1}); "for" says which facilities they serve
    adds: tuple = ()
    serves: str = ""  # "freight" | "passenger" | "any"
    # trains
    number: int = 0
    direction: str = ""  # "east" | "west" | "" (an Extra's is chosen when it runs)
    consist: tuple = ()  # allowed car kinds for revenue cars
    max_cars: int = 0  # revenue cars
    caboose: bool = False
    train_class: str = ""
    speed: int = 0  # Mainline sections a Stage, by class (Dispatcher 1958); asked by sectioned Mainline cards
    # Mainline cards: length in sections (0: a plain card, two regions a Stage each whatever the train)
    sections: int = 0
    rules: str = ""  # the registered rules class (cards/base.py); "" = the default of its kind (cards/kinds.py)
    # what else a player may call it ([C2]): the names the sources give the card where ours differ
    aka: tuple = ()
    feature: str = ""  # a Mainline card's printed device or feature ("ABS Signals"), found by that name too

    @property
    def outbound(self) -> bool:
        return self.green > 0

    @property
    def inbound(self) -> bool:
        return self.red > 0


OFFICE_ROUTES = [("W", "E"), ("W", "NE"), ("W", "SE"), ("NW", "E"), ("SW", "E")]

#: sections of Mainline a train runs a Stage (ruling [M10]): Dispatcher's first class (passenger,
#: mail, express) four, second class (merchandise express freight) three, third class (drags) two
SPEEDS = {"Limited": 4, "Mail-Express": 4, "Manifest Freight": 3, "Coal Drag": 2, "Oil Train": 2,
          "Way Freight": 2, "Extra": 2,
          # the full deck's special Extras ([T5]): the business and passenger specials first class, the
          # through and military freights second, the empties third
          "Crack Limited": 4, "Business Car": 4, "Through Freight": 3, "Military": 3, "Empty Car Extra": 2}

_TRAIN_CLASSES = {
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


def mainline_key(title: str) -> str:
    """The spec key of a Mainline card (the table shows Mainline cards by name)."""
    return "ml_" + "_".join(title.lower().split())


def _specs() -> dict[str, CardSpec]:
    s: dict[str, CardSpec] = {}

    def add(c: CardSpec) -> None:
        s[c.key] = c

    for n in range(1, 13):
        cls, kinds, mx, cab = _TRAIN_CLASSES[n if n % 2 else n - 1]
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
    _special_train_specs(add)

    _local_track_specs(add)

    _enhancement_specs(add)

    _opponent_specs(add)

    _situation_specs(add)
    return s


# --------------------------------------------------------------------------- the full Home deck's parts
# Each part of the full Home Office deck adds its specs in its own function (called by ``_specs``)
# and lists its cards in its own rows below; docs/cards.md "The full Home deck" says why the counts.


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


def _special_train_specs(add) -> None:
    """Special trains (v0.4.5 §4.3, §4.6): the Extras X13-X22 and the full deck's trains 3/4, 7/8."""
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


def _train_base(n: int) -> dict:
    cls, _, _, cab = _TRAIN_CLASSES[n if n % 2 else n - 1]
    return {"name": f"Train {n}", "number": n, "class": cls, "caboose": cab,
            "direction": "west" if n % 2 else "east"}


_TRAIN_BASE = {f"train{n}": _train_base(n) for n in (3, 4, 7, 8)}


def _local_track_specs(add) -> None:
    """Local track and switching (v0.4.5 §4.2, §4.3): 45° curves, Small Yard, Flying Switch, Interchange.
    Their rules are in ``cards/local_track.py``; rulings [K1]-[K6]."""
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


def _enhancement_specs(add) -> None:
    """Enhancements played onto your own cards, and the defensive ones (v0.4.5 §4.2, §5): each lies on
    one of the player's placed cards (``Placed.enhancements``) and changes a rule there (rulings [E1]-[E9])."""
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


def _opponent_specs(add) -> None:
    """The 22 opponent-directed cards (v0.4.5 §6.2): 10 action and 12 space-use cards, Competitive only
    (rulings [O1]-[O11]; what each does is its row of ``cards/opponent.py`` ``EFFECTS``)."""
    on_train = "Play it on a train standing in an opponent's Office Area ('play CARD on TRAY'): "
    for key, name, text in (
        ("derail", "Derail", on_train + "the train cannot be switched or highball until the end of the next "
         "Stage. Stopped by Facing Point Locks."),
        ("hotbox", "Hotbox", on_train + "the train is held — it cannot highball — until the end of the next "
         "Stage. Stopped by a Water Column."),
        ("broken_coupler", "Broken Coupler", on_train + "the train cannot pick up or set out cars until the "
         "end of the next Stage."),
        ("outlawed", "Outlawed", on_train + "Hours of Service law: the train stops where it is — no Moves, no "
         "set-outs, no departure — until the next Shift Change (the end of Stage 3, 6, 9 or 12) brings a fresh "
         "crew."),
        ("vandalism", "Vandalism", "Play it on an opponent's freight facility or Office ('play CARD against "
         "NAME at x,y'): the loads waiting in its green boxes are lost to the Classification Yard. Stopped by "
         "Facing Point Locks beside it."),
        ("icc_fine", "ICC Fine", "Score penalty: play it against an opponent ('play CARD against NAME'); they "
         "lose 3 Revenue."),
        ("freight_claim", "Freight Claim", "Score penalty: play it against an opponent ('play CARD against "
         "NAME'); they lose 2 Revenue."),
    ):
        add(CardSpec(key, "action", name, text + " Competitive games only."))
    lay = "Lay it in an opponent's Office Area ('play CARD against NAME at x,y') "
    for key, name, text in (
        ("railroad_crossing", "Railroad Crossing", lay + "on a track card other than the Office: a train "
         "entering that card spends one more Move. Stopped by an Overpass."),
        ("right_of_way", "Right-of-Way Dispute", lay + "on an empty spot: nothing may be built there."),
        ("washout", "Washout", lay + "on a track card other than the Office with no train on it: no train may "
         "enter it."),
    ):
        add(CardSpec(key, "space", name, text + " Removed to the Salvage Yard at the end of the Day. Competitive "
                     "games only."))


def _situation_specs(add) -> None:
    """The one card of the Division's situation deck that is not an opponent-directed effect (optional rule
    ``adversity``, rulings [W1]-[W6]; the deck's other cards are Hotboxes, Derails... of ``_opponent_specs``)."""
    add(CardSpec("all_clear", "situation", "All Clear",
                 "Situation card (optional rule adversity): the Division turns up a quiet Stage; nothing goes "
                 "wrong. It goes straight back to the Division's situation discard."))


CARD_SPECS: dict[str, CardSpec] = _specs()

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


def with_copies(entries, copies: dict) -> tuple:
    """Deck rows ``entries`` with the copies of some card types changed (``{card type: copies}``)."""
    unknown = set(copies) - {key for key, *_ in entries}
    if unknown:
        raise ValueError(f"no rows for {sorted(unknown)}")
    return tuple((key, copies.get(key, n), prefix, *why) for key, n, prefix, *why in entries)


#: the full deck's classic cards: the same cards, more copies of the ones a bigger table builds with
#: (one copy of each timetabled train and Extra, as ever); 95 cards
FULL_CLASSIC = with_copies(CLASSIC_DECK, {
    "depot": 8, "station": 6, "terminal": 4,
    "mine_tipple": 4, "produce_shed": 4, "grocers_warehouse": 4, "oil_refinery": 4, "power_plant": 4,
    "team_track": 3, "loading_dock": 3, "storage_shed": 2, "extra_platform": 3, "section_gang": 2,
    "turnout_left": 7, "turnout_right": 7, "straight": 9, "runaround": 5,
})



def with_keys(entries, keys: dict) -> tuple:
    """Deck rows ``entries`` with some card types replaced (``{card type: (new card type, why so
    many)}``): the same ids and copies, other specs."""
    unknown = set(keys) - {key for key, *_ in entries}
    if unknown:
        raise ValueError(f"no rows for {sorted(unknown)}")
    return tuple((key, n, prefix, *why) if key not in keys else (*keys[key][:1], n, prefix, keys[key][1])
                 for key, n, prefix, *why in entries)


#: the full deck's trains 3/4 and 7/8 follow v0.4.5 §4.3 ([T7], [T8]): the same ids T3, T4, T7, T8, their own specs
FULL_CLASSIC = with_keys(FULL_CLASSIC, {
    key: (row[0], f"one, the deck's Train {key[5:]} (id T{key[5:]}) in place of the classic card: " + (
        "coaches and one express boxcar, one freight car a Day at a spot with its sister [T7]" if key in ("train3", "train4")
        else "hoppers and a rider coach it never sets out [T8]"))
    for key, row in FULL_TRAINS.items()})

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

#: the opponent-directed cards, dealt in Competitive games only; 22 cards (10 action, 12 space-use)
OPPONENT_CARDS: tuple = (
    ("derail", 2, "Derail",
     "two: the strongest train attack (no switching, no departure for two Stages), so a rare blow; "
     "Facing Point Locks answer it [O4]"),
    ("hotbox", 2, "Hotbox",
     "two, answered by the Water Column: a held train costs its player a Stage or two of work, a "
     "nuisance that two players in a game meet once or twice [O4]"),
    ("broken_coupler", 2, "Coupler",
     "two: the train still runs, so it is the mildest train attack, timed against a player about to "
     "switch [O4]"),
    ("outlawed", 1, "Outlawed",
     "one: it holds a train up to a whole shift (three Stages) under the Hours of Service law, so a "
     "single copy keeps it a surprise, not a plan [O4]"),
    ("vandalism", 1, "Vandal",
     "one: it undoes a player's stocked loads at one facility, so one copy in 213 cards [O7]"),
    ("icc_fine", 1, "Fine",
     "one: 3 Revenue is more than a Stage's work in the early Days, so the biggest score penalty is "
     "rare [O7]"),
    ("freight_claim", 1, "Claim",
     "one: the smaller score penalty, 2 Revenue [O7]"),
    ("railroad_crossing", 4, "Crossing",
     "four, answered by the Overpass: a Move lost each time a train crosses it, and only for the rest "
     "of the Day, so a mild card that may be common [O8]"),
    ("right_of_way", 4, "Dispute",
     "four: it only blocks building on one spot for a Day, so a mild card that may be common [O9]"),
    ("washout", 4, "Washout",
     "four, like the other space cards: it closes one card for the rest of the Day, but it may not be "
     "laid under a train, so the player sees it coming and keeps a way round [O10]"),
)

#: the Home Office deck of deck "full" (213 cards; docs/cards.md says why these counts)
FULL_HOME_DECK = FULL_CLASSIC + MAINLINE_SIDE + SPECIAL_TRAINS + LOCAL_TRACK + ENHANCEMENTS + OPPONENT_CARDS

#: the tables the full deck is dealt for (balance "v2", ruling [U3]): (most seats, band name); a table deals
#: the copies of the first band that seats it
SEAT_BANDS = ((2, "1-2 seats"), (4, "3-4 seats"), (6, "5-6 seats"))

#: balance "v2" (ruling [U3]): the full deck is dealt for the table. Card type with several copies -> its
#: copies at a table of 1-2 seats and of 3-4 seats; 5-6 seats deal every copy (the rows above: 213 cards). Each copy is marked
#: with the smallest table it is dealt at, so a smaller table's deck is the bigger one's with the marked
#: copies left out (the lowest-numbered ids stay: Depot1-Depot6 at 1-2 seats). The trains and Extras,
#: one each, are in every table's deck: at 1-2 seats the deck is the classic deck's proportions again,
#: its 52 cards with all 26 trains, 15 Offices and one of each card the full game adds (88 in Solitaire)
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
    "curve_left": (2, 4), "curve_right": (2, 4), "small_yard": (1, 3), "flying_switch": (1, 3),
    "interchange": (1, 2),
    "yard_lights": (1, 4), "lunch_counter": (1, 4), "gantry_crane": (1, 4), "siding_extension": (1, 4),
    "facing_point_locks": (1, 2), "water_column": (1, 2), "overpass": (1, 2),
    # opponent-directed cards (Competitive only): one of each train attack at two seats, the mild space
    # cards two (the one-copy cards are one at every table)
    "derail": (1, 2), "hotbox": (1, 2), "broken_coupler": (1, 2),
    "railroad_crossing": (2, 3), "right_of_way": (2, 3), "washout": (2, 3),
}

#: balance "v2" (ruling [U4]): the full deck's Departments are turned up with a Depot for each seat (the
#: first three seats), the rest from the top of the Home Office deck: an Office earns nothing until its
#: Depot, and the full deck buries its Depots deeper than the classic one
DEPARTMENT_SEEDS = ("depot", "depot", "depot")


def seat_band(seats: int) -> int:
    """The index in ``SEAT_BANDS`` of the smallest table that seats ``seats`` players."""
    for i, (most, _) in enumerate(SEAT_BANDS):
        if seats <= most:
            return i
    raise ValueError(f"the full deck is dealt for 1 to {SEAT_BANDS[-1][0]} seats, not {seats}")


def for_table(entries, table: dict, seats: int) -> tuple:
    """Deck rows ``entries`` as dealt at a table of ``seats`` players: each card type in ``table`` with
    its copies for that table (``{card type: copies at each band but the largest}``), the others whole."""
    band = seat_band(seats)
    if band == len(SEAT_BANDS) - 1:
        return tuple(entries)
    return with_copies(entries, {key: copies[band] for key, copies in table.items()})


#: the Division's situation deck of the optional rule ``adversity`` (rulings [W1]-[W6]): one card turned up at
#: each Stage start of a Solitaire game and struck at the lone player. Its own pile, never in the Home Office
#: deck: ``(card type, copies, id prefix, why so many)``; docs/rules.md [W2] gives the measurements behind it
SITUATION_DECK: tuple = (
    ("hotbox", 3, "SitHotbox", "three: the Dispatcher's commonest trouble, a hot journal box; it only holds a train"),
    ("broken_coupler", 3, "SitCoupler", "three: the mildest train trouble (the train still moves and departs)"),
    ("derail", 2, "SitDerail", "two: a minor derailment stops a train's switching and its departure"),
    ("outlawed", 1, "SitOutlawed", "one: it may stop a train for three Stages"),
    ("railroad_crossing", 2, "SitCrossing", "two: one Move more to enter a card, for the Day"),
    ("washout", 1, "SitWashout", "one: it closes a card for the Day"),
    ("right_of_way", 1, "SitDispute", "one: it blocks building on one spot for the Day"),
    ("vandalism", 1, "SitVandal", "one: the loads waiting in green boxes are lost"),
    ("all_clear", 8, "SitClear", "eight: about a third of the Stages pass quietly, so the Division is an opponent, "
     "not a landslide ([W2])"),
)


def deck_ids(entries) -> dict[str, str]:
    """Card id -> card type for deck entries ``(card type, copies, id prefix[, why so many])``, in order. A prefix
    ending in a digit names its one card (``T5``, ``X9``); the others are numbered (``Depot1``...)."""
    out: dict[str, str] = {}
    for key, copies, prefix, *_why in entries:
        if prefix[-1].isdigit():
            if copies != 1:
                raise ValueError(f"{prefix!r} names one card, not {copies} copies of {key!r}")
            out[prefix] = key
        else:
            for i in range(1, copies + 1):
                out[f"{prefix}{i}"] = key
    return out


#: card id -> card type of the situation deck (``SitHotbox1``...), the same in every game that plays adversity
SITUATION_IDS: dict[str, str] = deck_ids(SITUATION_DECK)


def is_situation(card: str) -> bool:
    """Is this card id one of the Division's situation cards (never a Home Office card)?"""
    return card in SITUATION_IDS


def classic_deck() -> dict[str, str]:
    """Card id -> card type for the 52 Home Office cards, in a fixed order."""
    return deck_ids(CLASSIC_DECK)


def red_flag_id(index: int) -> str:
    return f"RedFlag{index + 1}"




def spec(card_id_or_key: str, deck: dict[str, str] | None = None) -> CardSpec:
    """The spec of a card id (through ``deck``) or of a card type key."""
    if deck is not None and card_id_or_key in deck:
        return CARD_SPECS[deck[card_id_or_key]]
    if card_id_or_key.startswith("RedFlag"):
        return CARD_SPECS["red_flag"]
    if card_id_or_key.startswith("WhistlePost"):
        return CARD_SPECS["whistle_post"]
    return CARD_SPECS[card_id_or_key]
