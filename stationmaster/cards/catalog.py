"""Decks as data: which cards a game is dealt from (``new_game(deck=...)``).

A deck has three parts: the **Home Office deck** (shuffled and drawn from), the **Mainline** cards
(players + 1 drawn at setup to make the Division) and the **supply** beside them (one Whistle Post
per player, and one Red Flag per player with the Emergency Toolbox). ``catalog(deck)`` returns
them as ``Entry`` rows (key, name, kind, count, text) and checks that every card's rules class
exists (``cards/base.py``).

>>> catalog("classic")["depot"]
Entry('depot', 'Depot', 'office', 4)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .base import check_spec
from .specs import CARD_SPECS, CLASSIC_DECK, FEATURED_MAINLINE, FULL_HOME_DECK, MAINLINE_CARDS, SECTIONED_MAINLINE, CardSpec, deck_ids, mainline_key

PARTS = ("home", "mainline", "supply")

#: kinds of card played on an opponent: dealt only in Competitive games (ruling [O1])
COMPETITIVE_ONLY = ("action", "space")


@dataclass(frozen=True)
class DeckList:
    """What a deck is made of. ``home``: ``(card type, copies, id prefix)`` rows in dealing order;
    ``mainline``: card types of the Mainline cards; ``supply``: ``(card type, note)`` rows."""

    home: tuple
    mainline: tuple
    supply: tuple = (("whistle_post", "one per player: the starting Office"),
                     ("red_flag", "one per player, Emergency Toolbox only"))


#: the decks this version deals, by name (config.DECKS offers them to players)
DECK_LISTS: dict = {
    "classic": DeckList(CLASSIC_DECK, tuple(mainline_key(t) for t in MAINLINE_CARDS)),
    # the full game: the classic Home Office deck with the full game's cards played from the hand
    # (Yard Office [M16]...), and the Mainline deck whose cards have lengths, so crossing time depends
    # on train speed ([M11]), with one card of each Mainline device or feature ([M12]-[M15];
    # docs/cards.md says why these counts)
    "full": DeckList(FULL_HOME_DECK, tuple(mainline_key(t) for t, _ in SECTIONED_MAINLINE)
                     + tuple(mainline_key(row[0]) for row in FEATURED_MAINLINE)),
}


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

    @property
    def spec(self) -> CardSpec:
        return CARD_SPECS[self.key]

    def __repr__(self) -> str:
        return f"Entry({self.key!r}, {self.name!r}, {self.kind!r}, {self.count})"


class Catalog:
    """The cards of a deck as data: iterate for every ``Entry`` (Home Office deck, then Mainline,
    then supply), index by card type, or read ``home``, ``mainline``, ``supply``."""

    def __init__(self, deck: str, entries: tuple, ids: dict) -> None:
        self.deck = deck
        self.entries = entries
        self._ids = ids

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, key: str) -> Entry:
        for e in self.entries:
            if e.key == key:
                return e
        raise KeyError(f"the {self.deck} deck has no {key!r} card")

    def __contains__(self, key) -> bool:
        return any(e.key == key for e in self.entries)

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

    def ids(self, mode: str | None = None) -> dict:
        """Card id -> card type of the Home Office deck, in dealing order (a game's ``State.deck``).
        With a game ``mode``: the cards that mode deals — a Solitaire or Co-op game leaves out the
        cards played on an opponent ([O1])."""
        if mode is None or mode == "competitive":
            return dict(self._ids)
        return {c: k for c, k in self._ids.items() if CARD_SPECS[k].kind not in COMPETITIVE_ONLY}

    def kinds(self, part: str = "home") -> Counter:
        """Cards per kind in a part."""
        out: Counter = Counter()
        for e in self.part(part):
            out[e.kind] += e.count
        return out

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

    def add(key, count, part, note="", why=""):
        sp = check_spec(CARD_SPECS[key])
        entries.append(Entry(sp.key, sp.name, sp.kind, count, sp.text, part, note, why))

    counts = Counter(k for k, n, *_ in lst.home for _ in range(n))
    for key, copies, _, *why in lst.home:
        if key not in {e.key for e in entries}:
            add(key, counts[key], "home", why=why[0] if why else "")
    for key in lst.mainline:
        add(key, 1, "mainline")
    for key, note in lst.supply:
        add(key, 1, "supply", note)
    return Catalog(deck, tuple(entries), deck_ids(lst.home))
