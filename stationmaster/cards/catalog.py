"""Decks as data: which cards a game is dealt from (``new_game(deck=...)``).

A deck has three parts: the **Home Office deck** (shuffled and drawn from), the **Mainline** cards
(players + 1 drawn at setup to make the Division) and the **supply** beside them (one Whistle Post
per player, and one Red Flag per player with the Emergency Toolbox). ``catalog(deck)`` returns
them as ``Entry`` rows (key, name, kind, count, text) and checks that every card's rules class
exists (``cards/base.py``).

A card is found by what a player would call it: its card type, its printed name, a card id of the
deck, or the name the sources give it (``CardSpec.aka``), in any case and spacing, with or without
punctuation. ``find`` lists every card a name may mean, with the Mainline cards that print a device of
that name (ruling [C2]):

>>> catalog("classic")["depot"]
Entry('depot', 'Depot', 'office', 4)
>>> full = catalog("full")
>>> full["ABS Signals"], full["heavy grade"], full["X13"], full["X22"]
(Entry('block_signals', 'Block Signals', 'ml_modifier', 3), Entry('ml_summit_grade', 'Summit Grade', 'mainline', 1), Entry('extra13', 'Through Freight', 'extra', 1), Entry('extra22', 'Empty Car Extra', 'extra', 1))
>>> [e.name for e in full.find("ABS Signals")]
['Block Signals', 'Seaside Double Track']

The full deck is dealt for the table under balance "v2" (ruling [U3]): ``ids(mode, seats)`` are the
cards a table of that many seats is dealt, and an entry's ``table`` its copies at 1-2, 3-4 and 5-6 seats:

>>> len(full.ids("solitaire", seats=1)), len(full.ids("solitaire")), full["depot"].table
(88, 191, (6, 7, 8))
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field

from .base import check_spec
from .specs import CARD_SPECS, SEAT_BANDS, CardSpec, deck_ids, for_table, seat_band

PARTS = ("home", "mainline", "supply")

#: kinds of card played on an opponent: dealt only in Competitive games (ruling [O1])
COMPETITIVE_ONLY = ("action", "space")


@dataclass(frozen=True)
class DeckList:
    """What a deck is made of. ``home``: ``(card type, copies, id prefix)`` rows in dealing order;
    ``mainline``: card types of the Mainline cards; ``supply``: ``(card type, note)`` rows; ``table``:
    ``{card type: copies at each seat band but the largest}`` for a deck dealt for the table ([U3]), empty
    for a deck dealt whole; ``seeds``: the card types the Departments are turned up with, one a seat ([U4])."""

    home: tuple
    mainline: tuple
    supply: tuple = (("whistle_post", "one per player: the starting Office"),
                     ("red_flag", "one per player, Emergency Toolbox only"))
    table: dict = field(default_factory=dict)
    seeds: tuple = ()


#: the decks this version deals, by name (config.DECKS offers them to players): the classic deck, and the
#: full game's — the classic Home Office deck with the full game's cards played from the hand (Yard Office
#: [M16]...), and the Mainline deck whose cards have lengths, so crossing time depends on train speed
#: ([M11]), with one card of each Mainline device or feature ([M12]-[M15]; docs/cards.md says why these
#: counts). Dealt by ``cards/families.py`` from the card families' rows.
DECK_LISTS: dict = {}


def classic_deck() -> dict[str, str]:
    """Card id -> card type for the 52 Home Office cards, in a fixed order."""
    return deck_ids(DECK_LISTS["classic"].home)


@dataclass(frozen=True)
class Entry:
    """One card type of a deck: ``count`` copies (supply cards: per player, see ``note``)."""

    key: str
    name: str
    kind: str
    count: int
    text: str
    part: str = "home"  # home | mainline | supply
    note: str = ""
    why: str = ""  # why the deck has so many (deck rows may say)
    table: tuple = ()  # a deck dealt for the table ([U3]): copies at each of SEAT_BANDS; () dealt whole

    @property
    def spec(self) -> CardSpec:
        return CARD_SPECS[self.key]

    def __repr__(self) -> str:
        return f"Entry({self.key!r}, {self.name!r}, {self.kind!r}, {self.count})"


class Catalog:
    """The cards of a deck as data: iterate for every ``Entry`` (Home Office deck, then Mainline,
    then supply), index by card type, or read ``home``, ``mainline``, ``supply``."""

    def __init__(self, deck: str, entries: tuple, ids: dict, rows: tuple = (), table: dict | None = None,
                 seeds: tuple = ()) -> None:
        self.deck = deck
        self.seeds = seeds
        self.entries = entries
        self._ids = ids
        self._rows = rows
        self._table = dict(table or {})

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, name: str) -> Entry:
        """The card a name names (see ``find``): the first of them."""
        found = self.find(name)
        if found:
            return found[0]
        near = difflib.get_close_matches(str(name), sorted({n for e in self.entries for n in self._names(e)}), n=3)
        hint = f": did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        raise KeyError(f"the {self.deck} deck has no card called {name!r}{hint}")

    def __contains__(self, name) -> bool:
        return isinstance(name, str) and bool(self.find(name))

    @staticmethod
    def _names(e: Entry) -> tuple:
        """The names of entry ``e`` a misspelt name is compared with."""
        return (e.key, e.name) + e.spec.aka

    def find(self, name: str) -> tuple:
        """Every card of the deck a name may mean (ruling [C2]), in this order: the card type
        (``"block_signals"``), the printed name (``"Block Signals"``), a card id (``"X13"``,
        ``"Depot3"``), the name the sources give it (v0.4.5's ``"ABS Signals"``, ``"Heavy Grade"``), and
        last the Mainline cards that print a device or feature of that name (``"ABS Signals"``: the
        Seaside Double Track). Case, spaces and punctuation do not matter; () when nothing matches."""
        want = _plain(name)
        if not want:
            return ()
        by_id = next((k for c, k in self._ids.items() if _plain(c) == want), None)
        ranked = []
        for i, e in enumerate(self.entries):
            level = next((n for n, hit in enumerate((
                want == _plain(e.key),
                want == _plain(e.name),
                by_id == e.key,
                any(want == _plain(n) for n in e.spec.aka),
                e.part == "mainline" and want == _plain(e.spec.feature),
            )) if hit), None)
            if level is not None:
                ranked.append((level, i, e))
        return tuple(e for _, _, e in sorted(ranked, key=lambda r: r[:2]))

    def part(self, part: str) -> tuple:
        return tuple(e for e in self.entries if e.part == part)

    @property
    def home(self) -> tuple:
        return self.part("home")

    @property
    def mainline(self) -> tuple:
        return self.part("mainline")

    @property
    def supply(self) -> tuple:
        return self.part("supply")

    def ids(self, mode: str | None = None, seats: int | None = None) -> dict:
        """Card id -> card type of the Home Office deck, in dealing order (a game's ``State.deck``).
        With a game ``mode``: the cards that mode deals — a Solitaire or Co-op game leaves out the
        cards played on an opponent ([O1]). With ``seats``: the cards a table of that many players is
        dealt, for a deck dealt for the table ([U3]; balance "v2"); None, or a deck dealt whole: every card."""
        ids = self._ids if seats is None or not self._table else deck_ids(for_table(self._rows, self._table, seats))
        if mode is None or mode == "competitive":
            return dict(ids)
        return {c: k for c, k in ids.items() if CARD_SPECS[k].kind not in COMPETITIVE_ONLY}

    def kinds(self, part: str = "home", seats: int | None = None) -> Counter:
        """Cards per kind in a part (the Home Office deck: as a table of ``seats`` is dealt it, [U3])."""
        out: Counter = Counter()
        for e in self.part(part):
            out[e.kind] += self.copies(e, seats)
        return out

    def copies(self, entry: Entry, seats: int | None = None) -> int:
        """Copies of a card type a table of ``seats`` players is dealt (None: the whole deck)."""
        if seats is None or not entry.table:
            return entry.count
        return entry.table[seat_band(seats)]

    def __repr__(self) -> str:
        home = self.kinds()
        kinds = ", ".join(f"{k} {n}" for k, n in home.items())
        return (f"<Catalog {self.deck!r}: Home Office deck {sum(home.values())} cards ({kinds}); "
                f"Mainline {len(self.mainline)} cards; supply {', '.join(e.name for e in self.supply)}>")

    def table(self) -> str:
        """The catalog as a plain-text table (count, kind, name, text)."""
        rows = []
        for part in PARTS:
            rows.append(f"-- {part}")
            for e in self.part(part):
                n = f"{e.count}/player" if e.part == "supply" else str(e.count)
                rows.append(f"{n:>9}  {e.kind:<9} {e.name:<20} {e.text}")
        return "\n".join(rows)


def catalog(deck: str = "classic") -> Catalog:
    """The cards of a deck (``new_game(deck=...)``), each card's rules checked."""
    lst = DECK_LISTS.get(deck)
    if lst is None:
        raise ValueError(f"unknown deck {deck!r}: this version has {', '.join(DECK_LISTS)}")
    entries = []

    def add(key, count, part, note="", why="", table=()):
        sp = check_spec(CARD_SPECS[key])
        entries.append(Entry(sp.key, sp.name, sp.kind, count, sp.text, part, note, why, table))

    def dealt(seats):
        return Counter(k for k, n, *_ in for_table(lst.home, lst.table, seats) for _ in range(n))

    counts = Counter(k for k, n, *_ in lst.home for _ in range(n))
    bands = [dealt(most) for most, _ in SEAT_BANDS] if lst.table else []
    for key, copies, _, *why in lst.home:
        if key not in {e.key for e in entries}:
            add(key, counts[key], "home", why=why[0] if why else "",
                table=tuple(band[key] for band in bands))
    for key in lst.mainline:
        add(key, 1, "mainline")
    for key, note in lst.supply:
        add(key, 1, "supply", note)
    return Catalog(deck, tuple(entries), deck_ids(lst.home), lst.home, lst.table, lst.seeds)


def _plain(name) -> str:
    """A name as ``find`` compares it: case-folded letters and digits only."""
    return "".join(ch for ch in str(name).casefold() if ch.isalnum())
