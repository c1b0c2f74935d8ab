"""What one seat may see, as a fixed-shape vector of numbers (numpy ``float32``).

``Observer(catalog)`` encodes a game for a seat: ``observer.encode(game, player) -> np.ndarray``,
always ``observer.size`` long for the table's configuration. ``observer.fields`` names the parts
(``{name: (offset, shape)}``) and ``observer.unpack(vector)`` cuts a vector into them;
``docs/learning-agents.md`` describes each field.

The encoding holds only what that player can see at the table: their own hand, every Office Area
(cards, cars, boxes, trains), the Mainline, the clock, the Departments' top cards, the yards, the
Revenue and the pending decision. Other players' hands and the Home Office deck appear only as
their sizes, the order of the Home Office never, nor the random stream: an observation of a game
equals the observation of any ``game.copy(determinize=player, seed=...)`` (``tests/env/test_env_observe.py``).

Seats are **relative**: index 0 is the observer's own Office, then the seats east of it in table
order, wrapping round, so one policy can play any seat.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from ..cards import PIECES
from ..cards.specs import spec
from ..flow import Option, Phase, Where
from ..setup import card_types
from .catalog import REACH_X, REACH_Y, SPOTS

PHASES = tuple(Phase)  # the phase table's order: local_operations, new_train, mainline, load_unload, shift_change
OPTIONS = (None, *Option)
PENDING = (None, "clearance", "grade", "direction", "makeup")
WHERE = tuple(Where)  # division_point, mainline, area
CAR_SLOTS = ("coach", "boxcar", "hopper", "reefer", "tank")
STAGES = 12
#: one grid spot's channels (see docs/learning-agents.md)
SPOT_CHANNELS = ("card", "type", "turned", "running", "empty_cars", "loaded_cars", "cabooses", "green", "red",
                 "men", "at", "work", "modifier", "enhancements", "space", "train")
#: one Crew Tray's channels
TRAIN_CHANNELS = ("out", "division_point", "mainline", "area", "seat", "x", "y", "mainline_card", "region",
                  "east", "number", "extra", "section", "coaches_empty", "coaches_loaded", "freight_empty",
                  "freight_loaded", "cabooses", "boarded", "cleared", "progress", "orders", "mine")
#: one Mainline card's channels
MAINLINE_CHANNELS = ("trains", "modifiers", "grade_east", "grade_west")
TABLE = ("day", "days", "stage", "stage_count", "target", "collisions_today", "superintendent", "to_act",
         "moves_left", "home", "salvage", "held", "extras_waiting", "over")


class Observer:
    """Encodes games of one configuration for any of its seats (see the module docstring)."""

    def __init__(self, catalog) -> None:
        self.catalog = catalog
        cfg = catalog.config
        self.seats = len(cfg.players)
        self.trays = catalog.trays
        self.mainline = catalog.mainline
        deck = _deck_of(catalog)
        cards = list(catalog.cards) + [f"WhistlePost{k + 1}" for k in range(self.seats)]
        specs = {c: spec(c, deck) for c in cards}
        self.types = tuple(sorted({sp.key for sp in specs.values()}))
        self.kinds = tuple(sorted({sp.kind for sp in specs.values()}))
        type_index = {t: k for k, t in enumerate(self.types)}
        kind_index = {t: k for k, t in enumerate(self.kinds)}
        self._type = {c: type_index[sp.key] for c, sp in specs.items()}
        self._kind = {c: kind_index[sp.kind] for c, sp in specs.items()}
        self._deck = deck
        self._number = {c: sp.number for c, sp in specs.items()}  # a train card's number (timetable)
        self._spot = {xy: k for k, xy in enumerate(SPOTS)}
        self._piece = {pid: (p.kind, p.loaded) for pid, p in PIECES.items()}
        self.spot_channels = tuple(f"kind:{k}" for k in self.kinds) + SPOT_CHANNELS
        layout = [
            ("phase", (len(PHASES),)),
            ("option", (len(OPTIONS),)),
            ("pending", (len(PENDING),)),
            ("pending_tray", (self.trays,)),
            ("table", (len(TABLE),)),
            ("revenue", (self.seats,)),
            ("hand_size", (self.seats,)),
            ("hand", (len(self.types),)),
            ("departments", (3, 1 + len(self.types))),
            ("division_yard", (2 * len(CAR_SLOTS) + 1,)),
            ("classification_yard", (2 * len(CAR_SLOTS) + 1,)),
            ("timetable", (STAGES,)),
            ("limits", (self.seats, 2)),
            ("areas", (self.seats, len(SPOTS), len(self.spot_channels))),
            ("trains", (self.trays, len(TRAIN_CHANNELS))),
            ("mainline", (self.mainline, len(MAINLINE_CHANNELS))),
        ]
        self.fields: dict = {}
        at = 0
        for name, shape in layout:
            self.fields[name] = (at, shape)
            at += int(np.prod(shape))
        self.size = at
        self._spot_width = len(self.spot_channels)
        self._sc = {c: len(self.kinds) + k for k, c in enumerate(SPOT_CHANNELS)}
        self._tc = {c: k for k, c in enumerate(TRAIN_CHANNELS)}
        # per piece: its slot in a yard, its channel on a grid spot, its channel in a Crew Tray
        sc, tc = self._sc, self._tc
        self._yard_slot = {pid: 2 * len(CAR_SLOTS) if k == "caboose" else 2 * CAR_SLOTS.index(k) + loaded
                           for pid, (k, loaded) in self._piece.items()}
        self._spot_car = {pid: sc["cabooses" if k == "caboose" else "loaded_cars" if loaded else "empty_cars"]
                          for pid, (k, loaded) in self._piece.items()}
        self._train_car = {pid: tc["cabooses" if k == "caboose" else ("coaches_" if k == "coach" else "freight_")
                                   + ("loaded" if loaded else "empty") if k != "caboose" else "cabooses"]
                           for pid, (k, loaded) in self._piece.items()}

    def __repr__(self) -> str:
        return f"<Observer {self.size} numbers a seat: {self.seats} seat(s), {len(self.types)} card types>"

    def card_type(self, card: str) -> str:
        """The card type of a card id of this table, e.g. ``"depot"`` for ``"Depot1"``."""
        try:
            return self.types[self._type[card]]
        except KeyError:
            raise ValueError(f"{card!r} is not a card of this table") from None

    def unpack(self, vector) -> dict:
        """The vector cut into its named fields, each in its shape."""
        v = np.asarray(vector)
        return {name: v[at:at + int(np.prod(shape))].reshape(shape) for name, (at, shape) in self.fields.items()}

    def encode(self, game, player: str, out=None) -> np.ndarray:
        """What ``player`` sees of ``game`` now (a fresh ``float32`` vector, or written into ``out``)."""
        s = game.state
        me = next((k for k, p in enumerate(s.players) if p.name == player), None)
        if me is None:
            raise ValueError(f"{player!r} is not a player of this game ({', '.join(game.players)})")
        if out is None:
            v = np.zeros(self.size, dtype=np.float32)
        else:
            v = out
            v.fill(0)
        f = self.fields
        d = defaultdict(int)  # index -> value: one numpy write at the end is far cheaper than many
        n = self.seats
        my_seat = s.players[me].seat
        rel_seat = {seat: (seat - my_seat) % n for seat in range(n)}
        rel_player = [rel_seat[p.seat] for p in s.players]

        d[f["phase"][0] + PHASES.index(s.phase)] = 1
        d[f["option"][0] + OPTIONS.index(s.turn.option)] = 1
        pend = s.turn.pending
        d[f["pending"][0] + PENDING.index(None if pend is None else pend.kind)] = 1
        tray = getattr(pend, "tray", None)
        if tray is not None and 1 <= tray <= self.trays:
            d[f["pending_tray"][0] + tray - 1] = 1
        cfg = s.config
        acting = game.actor
        t0 = f["table"][0]
        for k, x in enumerate((s.day, cfg.days, s.stage, s.stage_count, cfg.target, s.collisions_today,
                               s.superintendent == me, acting == player,
                               s.turn.moves_left if acting == player else 0, len(s.home), len(s.salvage),
                               len(s.held), len(s.extras), s.outcome is not None)):
            if x:
                d[t0 + k] = x
        r0, h0 = f["revenue"][0], f["hand_size"][0]
        for k, p in enumerate(s.players):
            d[r0 + rel_player[k]] = p.revenue
            d[h0 + rel_player[k]] = len(p.hand)
        h = f["hand"][0]
        for c in s.players[me].hand:
            d[h + self._type[c]] += 1
        d0 = f["departments"][0]
        width = 1 + len(self.types)
        for k, pile in enumerate(s.departments):
            d[d0 + k * width] = len(pile)
            if pile:
                d[d0 + k * width + 1 + self._type[pile[-1]]] = 1
        self._yard(d, f["division_yard"][0], s.division_yard)
        self._yard(d, f["classification_yard"][0], s.classification_yard)
        tt = f["timetable"][0]
        for stage, card in s.timetable.items():
            if 1 <= stage <= STAGES:
                d[tt + stage - 1] = self._number.get(card) or spec(card, self._deck).number
        lim = f["limits"][0]
        a0 = f["areas"][0]
        sw = self._spot_width
        per_seat = len(SPOTS) * sw
        sc = self._sc
        spot_car, train_car = self._spot_car, self._train_car
        for seat, area in enumerate(s.areas):
            rs = rel_seat[seat]
            d[lim + 2 * rs] = area.west_limit
            d[lim + 2 * rs + 1] = area.east_limit
            base = a0 + rs * per_seat
            for xy, placed in area.grid.items():
                k = self._spot.get(xy)
                if k is None:
                    continue
                o = base + k * sw
                card = placed.card
                d[o + self._kind[card]] = 1
                d[o + sc["card"]] = 1
                d[o + sc["type"]] = self._type[card] + 1
                d[o + sc["turned"]] = placed.rotated
                d[o + sc["running"]] = xy[1] == 0
                for pid in placed.cars:
                    d[o + spot_car[pid]] += 1
                d[o + sc["enhancements"]] = len(placed.enhancements)
            for xy, fac in area.facilities.items():
                k = self._spot.get(xy)
                if k is None:
                    continue
                o = base + k * sw
                d[o + sc["green"]] = len(fac.green)
                d[o + sc["red"]] = len(fac.red)
                for box, load in fac.pipeline.items():
                    if load is not None:
                        d[o + sc[box]] = 1 if load[1] == "out" else -1
            for xy in area.modifiers:
                k = self._spot.get(xy)
                if k is not None:
                    d[base + k * sw + sc["modifier"]] = 1
            for xy in area.space:
                k = self._spot.get(xy)
                if k is not None:
                    d[base + k * sw + sc["space"]] = 1
        tr0 = f["trains"][0]
        tw = len(TRAIN_CHANNELS)
        tc = self._tc
        m0 = f["mainline"][0]
        mw = len(MAINLINE_CHANNELS)
        for t in s.trains.values():
            if not 1 <= t.tray <= self.trays:
                continue
            o = tr0 + (t.tray - 1) * tw
            d[o + tc["out"]] = 1
            d[o + tc[t.where]] = 1
            if t.where == Where.AREA:
                rs = rel_seat[t.seat]
                d[o + tc["seat"]] = rs
                d[o + tc["x"]], d[o + tc["y"]] = t.pos
                k = self._spot.get(tuple(t.pos))
                if k is not None:
                    d[a0 + rs * per_seat + k * sw + sc["train"]] = t.tray
            elif t.where == Where.MAINLINE:
                d[o + tc["mainline_card"]] = t.pos[0] + 1
                d[o + tc["region"]] = t.pos[1]
                if 0 <= t.pos[0] < self.mainline:
                    d[m0 + t.pos[0] * mw] += 1
            else:
                d[o + tc["region"]] = t.pos == "east"
            d[o + tc["east"]] = t.direction == "east"
            d[o + tc["number"]] = t.number
            d[o + tc["extra"]] = t.extra
            d[o + tc["section"]] = t.section
            for pid in t.ahead:
                d[o + train_car[pid]] += 1
            for pid in t.behind:
                d[o + train_car[pid]] += 1
            d[o + tc["boarded"]] = len(t.boarded)
            d[o + tc["cleared"]] = t.cleared_by is not None
            d[o + tc["progress"]] = t.progress
            d[o + tc["orders"]] = len(t.orders)
            d[o + tc["mine"]] = t.played_by == me
        for k, name in enumerate(s.mainline[:self.mainline]):
            d[m0 + k * mw + 1] = len(s.ml_modifiers.get(k, ()))
            g = s.grades.get(name)
            if g is not None:
                d[m0 + k * mw + (2 if g == "east" else 3)] = 1
        if d:
            v[np.fromiter(d.keys(), np.intp, len(d))] = np.fromiter(d.values(), np.float32, len(d))
        return v

    def _yard(self, d, at: int, pieces) -> None:
        slot = self._yard_slot
        for pid in pieces:
            d[at + slot[pid]] += 1


def _deck_of(catalog) -> dict:
    """Card id -> card type of the table's deck (the same for every seed of the configuration,
    read from the card data: ``setup.card_types``)."""
    return card_types(catalog.config)


__all__ = ["Observer", "REACH_X", "REACH_Y"]
