"""What a card is, and every card of the game assembled: the rolling stock, ``CardSpec``, and the
registry the card families fill.

Each card family (``cards/families.py``'s ``FAMILIES``) writes its own cards beside its rules: its
``SPECS`` and its rows of the full Home Office deck. ``cards/families.py`` puts them here, in
``CARD_SPECS`` (every card type's spec, the families' order) and ``SITUATION_IDS``, and the decks in
``cards/catalog.py``'s ``DECK_LISTS``; this module keeps what every family shares (the speeds of the
train classes, the deck-row helpers, the Mainline cards' keys) and, for scripts written before the
families held their cards, the names it held then (``specs.OPPONENT_CARDS``: ``MOVED``).
"""

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
#: rolling stock a Crew Tray carries, and cars standing on one card (the phases read it from ``query``)
CAR_LIMIT = 4


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


#: sections of Mainline a train runs a Stage (ruling [M10]): Dispatcher's first class (passenger,
#: mail, express) four, second class (merchandise express freight) three, third class (drags) two
SPEEDS = {"Limited": 4, "Mail-Express": 4, "Manifest Freight": 3, "Coal Drag": 2, "Oil Train": 2,
          "Way Freight": 2, "Extra": 2,
          # the full deck's special Extras ([T5]): the business and passenger specials first class, the
          # through and military freights second, the empties third
          "Crack Limited": 4, "Business Car": 4, "Through Freight": 3, "Military": 3, "Empty Car Extra": 2}


def mainline_key(title: str) -> str:
    """The spec key of a Mainline card (the table shows Mainline cards by name)."""
    return "ml_" + "_".join(title.lower().split())


# --------------------------------------------------------------------------- the registry the families fill

#: every card type's spec, by card type, in the families' order: filled by ``cards/families.py``
CARD_SPECS: dict[str, CardSpec] = {}

#: card id -> card type of the situation deck (``SitHotbox1``...), the same in every game that plays adversity:
#: filled by ``cards/families.py`` from the situations family's ``SITUATION_DECK``
SITUATION_IDS: dict[str, str] = {}

#: the names this module held before each family held its own cards (``FULL_CLASSIC``, ``OPPONENT_CARDS``,
#: ``SITUATION_DECK``...), each the family's own object: filled by ``cards/families.py``
MOVED: dict = {}


def __getattr__(name: str):
    """``specs.OPPONENT_CARDS`` and the other names in ``MOVED``, read where they live now."""
    try:
        return MOVED[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


# --------------------------------------------------------------------------- deck rows
# A deck row is ``(card type, copies, id prefix[, why so many])``.


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


def with_copies(entries, copies: dict) -> tuple:
    """Deck rows ``entries`` with the copies of some card types changed (``{card type: copies}``)."""
    unknown = set(copies) - {key for key, *_ in entries}
    if unknown:
        raise ValueError(f"no rows for {sorted(unknown)}")
    return tuple((key, copies.get(key, n), prefix, *why) for key, n, prefix, *why in entries)


def with_keys(entries, keys: dict) -> tuple:
    """Deck rows ``entries`` with some card types replaced (``{card type: (new card type, why so
    many)}``): the same ids and copies, other specs."""
    unknown = set(keys) - {key for key, *_ in entries}
    if unknown:
        raise ValueError(f"no rows for {sorted(unknown)}")
    return tuple((key, n, prefix, *why) if key not in keys else (*keys[key][:1], n, prefix, keys[key][1])
                 for key, n, prefix, *why in entries)


#: the tables the full deck is dealt for (balance "v2", ruling [U3]): (most seats, band name); a table deals
#: the copies of the first band that seats it
SEAT_BANDS = ((2, "1-2 seats"), (4, "3-4 seats"), (6, "5-6 seats"))


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


def is_situation(card: str) -> bool:
    """Is this card id one of the Division's situation cards (never a Home Office card)?"""
    return card in SITUATION_IDS


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
