"""The action catalog: a fixed integer id for every intent the grammar can make at one table.

Learning agents choose from a fixed, numbered set of actions. ``ActionCatalog(config)`` numbers every
intent the intent classes of ``stationmaster.intents`` can express for a table of that configuration
(its players, deck and optional rules): verb × card × grid spot × Crew Tray × direction × ... . The
numbering is made from the intent classes and the configuration alone, never from a game's legal
list, so an intent has the same id in every game of that configuration, whatever the seed:

>>> import stationmaster as sm
>>> from stationmaster.env.catalog import ActionCatalog
>>> game = sm.new_game(seed=1)
>>> cat = ActionCatalog(game.config)
>>> cat.action(sm.parse("draw home"))
2
>>> cat.intent(2)
sm.parse('draw home')

The blocks, in id order, and what each spans are in ``docs/notation.md`` ("The action catalog");
``cat.blocks`` lists them. Two rules to know:

- **The grid window.** Grid spots are numbered in a window around the Office (``x`` from -6 to 6,
  ``y`` from -4 to 4, 117 spots). An Office Area never reached past ``|x| = 4``, ``|y| = 3`` in the
  games measured; an intent naming a spot outside the window has no id (``action`` raises, ``ids``
  skips it and counts it in ``uncatalogued``).
- **Yard work by position.** A Sort lists a train's cars in a new order and an Exchange names cars to
  leave and take: numbering every car sequence of the rolling stock would need millions of ids. So
  these two verbs are numbered by *position*: a Sort by the permutation of the train's present
  consist (front to rear), an Exchange by the subsets of the train's cars and of the cut standing
  on its card. Their ids therefore need the game (``action(intent, game)``, ``intent(i, game)``);
  an id means "this permutation of tray 3's consist" in every game.
"""

from __future__ import annotations

import functools
import operator
from itertools import permutations

from .. import intents as I
from ..flow import Where
from ..setup import card_ids

#: the grid window of the catalog: x from -REACH_X to REACH_X, y from -REACH_Y to REACH_Y
REACH_X = 6
REACH_Y = 4
SPOTS = tuple((x, y) for y in range(-REACH_Y, REACH_Y + 1) for x in range(-REACH_X, REACH_X + 1))
#: a Modifier serves a facility in its 3×3 neighbourhood: the offsets, in the catalog's order
NEIGHBOURS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
DIRECTIONS = ("east", "west")
ENDS = ("front", "rear")
UNJAM_BOXES = I.BOXES  # green, red, men, at, work
WORK_BOXES = ("green", "men", "at", "work", "car")
DRAW_SOURCES = ("home", 1, 2, 3)
DEPARTMENTS = (1, 2, 3)
COUNTS = tuple(range(1, I.CAR_LIMIT + 1))
COACHES = (None,) + COUNTS  # Board/Detrain: the coach nearest the front, or coach N from the front
PLACES = (("caboose", False),) + tuple((k, loaded) for k in I.CAR_WORDS for loaded in (False, True))
#: a Sort's new order as a permutation of the consist's positions (front = 0), for 1..CAR_LIMIT cars
ORDERS = tuple(p for n in range(1, I.CAR_LIMIT + 1) for p in permutations(range(n)))
#: an Exchange's choice: a bitmask of the train's cars (by position) × a bitmask of the cut's cars
SUBSETS = 1 << I.CAR_LIMIT

_SPOT_INDEX = {xy: k for k, xy in enumerate(SPOTS)}
_ORDER_INDEX = {p: k for k, p in enumerate(ORDERS)}



def action_id(action) -> int | None:
    """The whole number ``action`` is (an int, or numpy's integers), or None: never a bool, a float,
    a string or bytes, which ``int()`` would turn into some other action's id (2.5, "2", True)."""
    if isinstance(action, bool):
        return None
    try:
        return operator.index(action)
    except TypeError:
        return None


class Uncatalogued(ValueError):
    """An intent that has no id in this catalog (a spot outside the window, an unknown card)."""


def table_cards(config) -> tuple:
    """Every card id a player of this configuration could hold, sorted: the Home Office deck dealt
    for the table, the Depots an Office may open with beyond it (balance v5) and the supply's Red
    Flags (one per player, Emergency Toolbox), read from the card data (``setup.card_ids``)."""
    return tuple(sorted(card_ids(config)))


class ActionCatalog:
    """Fixed integer ids for the intents of one table configuration (see the module docstring).

    ``action(intent[, game]) -> int``, ``intent(i[, game]) -> Intent``, ``len(catalog)`` (its size),
    ``ids(game)`` the legal intents' ids, ``blocks`` the verb ranges. Build it once per
    configuration (``ActionCatalog.of(config)`` caches)."""

    def __init__(self, config) -> None:
        self.config = config
        self.players = tuple(config.players)
        self.cards = table_cards(config)
        self.trays = len(self.players) + 3  # Crew Trays: players + 3
        self.mainline = len(self.players) + 1  # Mainline cards of the Division: players + 1
        self._card_index = {c: k for k, c in enumerate(self.cards)}
        self._seat = {" ".join(n.split()): k for k, n in enumerate(self.players)}
        self.targets = self._play_targets()
        self._target_index = {t: k for k, t in enumerate(self.targets)}
        self._fixed: dict = {}  # intent -> id, for every block but Play, Discard, Sort, Exchange
        self._table: dict = {}  # id -> intent, the same blocks
        self.blocks: list = []  # (name, first id, size)
        self._build()
        self.size = self._next

    @classmethod
    @functools.lru_cache(maxsize=32)
    def of(cls, config) -> "ActionCatalog":
        """The catalog of a configuration, built once per process."""
        return cls(config)

    # ------------------------------------------------------------------ building

    def _play_targets(self) -> tuple:
        """Where a card may be played, as (at, turned, serves, tray, mainline, against) rows."""
        rows = [(None, False, None, None, None, None)]
        rows += [(xy, t, None, None, None, None) for xy in SPOTS for t in (False, True)]
        rows += [(xy, False, (xy[0] + dx, xy[1] + dy), None, None, None) for xy in SPOTS for dx, dy in NEIGHBOURS]
        rows += [(None, False, None, t, None, None) for t in range(1, self.trays + 1)]
        rows += [(None, False, None, None, m, None) for m in range(1, self.mainline + 1)]
        for name in self.players if len(self.players) > 1 else ():
            rows += [(at, False, None, None, None, name) for at in (None,) + SPOTS]
        return tuple(rows)

    def _block(self, name: str, intents) -> None:
        first = self._next
        for it in intents:
            self._fixed[it] = self._next
            self._table[self._next] = it
            self._next += 1
        self.blocks.append((name, first, self._next - first))

    def _span(self, name: str, size: int) -> int:
        first = self._next
        self._next += size
        self.blocks.append((name, first, size))
        return first

    def _build(self) -> None:
        self._next = 0
        trays = range(1, self.trays + 1)
        self._block("switch, end", [I.Switch(), I.End()])
        self._block("draw", [I.Draw(s) for s in DRAW_SOURCES])
        self._block("clear, hold", [I.Clearance(True), I.Clearance(False)])
        self._block("run", [I.Run(d) for d in DIRECTIONS])
        self._block("grade", [I.Grade(d) for d in DIRECTIONS])
        self._block("place", [I.Place(k, loaded) for k, loaded in PLACES])
        self._block("agent", [I.Agent("pass")] + [I.Agent(a, xy) for a in ("stock", "clear") for xy in SPOTS]
                    + [I.Agent("unjam", xy, b) for xy in SPOTS for b in UNJAM_BOXES])
        self._block("work", [I.Work(xy, b) for xy in SPOTS for b in WORK_BOXES])
        self._block("board", [I.Board(t, c) for t in trays for c in COACHES])
        self._block("detrain", [I.Detrain(t, c) for t in trays for c in COACHES])
        self._block("move", [I.Move(t, d, xy) for t in trays for d in DIRECTIONS for xy in SPOTS])
        self._block("setout", [I.SetOut(t, e, n) for t in trays for e in ENDS for n in COUNTS])
        self._block("fly", [I.Fly(t, n, xy) for t in trays for n in COUNTS for xy in SPOTS])
        self._discard = self._span("discard", len(self.cards) * len(DEPARTMENTS))
        self._play = self._span("play", len(self.cards) * len(self.targets))
        self._sort = self._span("sort", self.trays * len(ORDERS))
        self._exchange = self._span("exchange", self.trays * SUBSETS * SUBSETS)

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        seats = len(self.players)
        return (f"<ActionCatalog {self.size} actions: {seats} seat{'s' * (seats != 1)}, {self.config.deck} deck, "
                f"{len(self.cards)} cards, {len(SPOTS)} grid spots>")

    def action(self, intent, game=None) -> int:
        """The id of ``intent`` (an Intent or its text). A Sort or an Exchange needs the ``game`` it is
        for (they are numbered by position); an intent with no id raises ``Uncatalogued``."""
        it = I.parse(intent) if isinstance(intent, str) else intent
        i = self._fixed.get(it)
        if i is not None:
            return i
        kind = type(it)
        if kind is I.Play:
            card = self._card_index.get(it.card)
            against = None if it.against is None else self.players[self._seat_of(it.against)]
            target = self._target_index.get((it.at, it.turned, it.serves, it.tray, it.mainline, against))
            if card is None or target is None:
                raise Uncatalogued(self._why_not(it))
            return self._play + card * len(self.targets) + target
        if kind is I.Discard:
            card = self._card_index.get(it.card)
            if card is None or it.dept not in DEPARTMENTS:
                raise Uncatalogued(self._why_not(it))
            return self._discard + card * len(DEPARTMENTS) + DEPARTMENTS.index(it.dept)
        if kind is I.Sort or kind is I.Exchange:
            return self._yard_action(it, game)
        raise Uncatalogued(self._why_not(it))

    def _seat_of(self, name: str) -> int:
        k = self._seat.get(" ".join(str(name).split()))
        if k is None:
            raise Uncatalogued(f"{name!r} is not a player at this table ({', '.join(self.players)})")
        return k

    def _why_not(self, it) -> str:
        for f in ("at", "to", "serves"):
            xy = getattr(it, f, None)
            if xy is not None and xy not in _SPOT_INDEX:
                return (f"{str(it)!r} names the grid spot {xy[0]},{xy[1]}, outside the catalog's window "
                        f"(x from -{REACH_X} to {REACH_X}, y from -{REACH_Y} to {REACH_Y})")
        card = getattr(it, "card", None)
        if card is not None and card not in self._card_index:
            return f"{str(it)!r} names the card {card!r}, which is not dealt at this table"
        return f"{str(it)!r} has no id in this catalog"

    def _train(self, game, tray: int):
        if game is None:
            raise Uncatalogued("a Sort or an Exchange is numbered by the train's present cars: pass the game, "
                               "catalog.action(intent, game)")
        tr = game.state.trains.get(tray)
        if tr is None or tr.where != Where.AREA:
            raise Uncatalogued(f"Crew Tray {tray} has no train standing in an Office Area to sort or exchange")
        return tr

    def _yard_action(self, it, game) -> int:
        if not 1 <= it.tray <= self.trays:
            raise Uncatalogued(self._why_not(it))
        tr = self._train(game, it.tray)
        cars = tr.cars
        if isinstance(it, I.Sort):
            try:
                order = tuple(cars.index(c) for c in it.cars)
            except ValueError:
                raise Uncatalogued(f"{str(it)!r} names a car that is not on train {tr.label}") from None
            k = _ORDER_INDEX.get(order)
            if k is None:
                raise Uncatalogued(f"{str(it)!r}: a Sort of more than {I.CAR_LIMIT} cars has no id")
            return self._sort + (it.tray - 1) * len(ORDERS) + k
        here = game.state.areas[tr.seat].grid[tr.pos].cars
        try:
            leave = sum(1 << cars.index(c) for c in it.leave)
            take = sum(1 << here.index(c) for c in it.take)
        except ValueError:
            raise Uncatalogued(f"{str(it)!r} names a car that is neither on train {tr.label} nor on its card") from None
        if leave >= SUBSETS or take >= SUBSETS:
            raise Uncatalogued(f"{str(it)!r}: an Exchange among more than {I.CAR_LIMIT} cars has no id")
        return self._exchange + ((it.tray - 1) * SUBSETS + leave) * SUBSETS + take

    def intent(self, i: int, game=None):
        """The intent with id ``i``. A Sort's or an Exchange's id needs the ``game`` (see ``action``);
        an id that names no intent in that game (a position past the end of the consist) raises
        ``Uncatalogued``."""
        if action_id(i) is None:
            raise TypeError(f"an action id is a whole number, not {i!r}")
        i = action_id(i)
        if not 0 <= i < self.size:
            raise IndexError(f"action {i} is outside the catalog (0 to {self.size - 1})")
        it = self._table.get(i)
        if it is not None:
            return it
        if i >= self._exchange:
            k = i - self._exchange
            tray, rest = divmod(k, SUBSETS * SUBSETS)
            leave, take = divmod(rest, SUBSETS)
            tr = self._train(game, tray + 1)
            cars, here = tr.cars, game.state.areas[tr.seat].grid[tr.pos].cars
            if leave >> len(cars) or take >> len(here):
                raise Uncatalogued(f"action {i} names a car past the end of train {tr.label} or its card")
            by = I.PIECE_ORDER.__getitem__
            return I.Exchange(tray + 1, tuple(sorted((c for b, c in enumerate(cars) if leave >> b & 1), key=by)),
                              tuple(sorted((c for b, c in enumerate(here) if take >> b & 1), key=by)))
        if i >= self._sort:
            tray, k = divmod(i - self._sort, len(ORDERS))
            tr = self._train(game, tray + 1)
            order = ORDERS[k]
            if len(order) != len(tr.cars):
                raise Uncatalogued(f"action {i} sorts {len(order)} cars and train {tr.label} has {len(tr.cars)}")
            return I.Sort(tray + 1, tuple(tr.cars[j] for j in order))
        if i >= self._play:
            card, t = divmod(i - self._play, len(self.targets))
            at, turned, serves, tray, mainline, against = self.targets[t]
            return I.Play(self.cards[card], at, turned, serves, tray, mainline, against)
        card, d = divmod(i - self._discard, len(DEPARTMENTS))
        return I.Discard(self.cards[card], DEPARTMENTS[d])

    def ids(self, game) -> tuple:
        """``(ids, intents, uncatalogued)``: the legal intents of ``game`` that have ids, in the order
        ``game.legal`` lists them, their ids, and how many legal intents have none."""
        out_ids, out_its, missing = [], [], 0
        fixed = self._fixed
        for it in game.legal:
            i = fixed.get(it)
            if i is None:
                try:
                    i = self.action(it, game)
                except Uncatalogued:
                    missing += 1
                    continue
            out_ids.append(i)
            out_its.append(it)
        return out_ids, out_its, missing

    def block_of(self, i: int) -> str:
        """The name of the block id ``i`` falls in ("play", "move", ...)."""
        for name, first, size in self.blocks:
            if first <= i < first + size:
                return name
        raise IndexError(f"action {i} is outside the catalog (0 to {self.size - 1})")
