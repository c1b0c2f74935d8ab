"""A switching turn tried out on the side, and how good the position it leaves is.

The planner's patterns (``planner.plan_switching``) and the switching search
(``switchsearch.search_switching``) both try Moves and set-outs on a ``Sandbox`` — the game's state
with the few parts a switching turn changes copied — through the engine's own Local Operations check
and apply, and judge where they end by ``area_value``.
"""

from __future__ import annotations

from ..cards import PIECES
from ..cards.base import fire
from ..flow import Option as TurnOption, Phase, Where
from ..intents import Move, Switch
from ..phases import local_ops, switching
from ..query import capacity, departure_problem, rail
from ..rules import Events
from .view import View

SPOTTED = 0.9  # a workable car spotted at its industry, per unit of a load's pay over a coach's
JUNK = 0.5  # how much more a car an industry cannot work costs on its spur, per unit of that pay
STRANDED = 1.0  # a car left on a siding: it blocks the track until a train comes back for it
#: how much a car spotted for an industry is worth while a train still stands on that spur: no work
#: starts there until it leaves ([L3]), and a train left there holds its Crew Tray (0 for "nothing"
#: left the planner standing on a spur all game on seed 1 of v5; 0.5 made 47.8 against 44.8 on 1-12)
BLOCKED = 0.5


# --------------------------------------------------------------------------- how good a switching position is


def area_value(v: View) -> float:
    """The worth of the player's Office Area for the work ahead, in Revenue-like units."""
    s, area = v.s, v.area
    value = -5.0 * v.overflow()
    standing = set()  # cards a train stands on: an industry there works nothing until it leaves ([L3])
    aboard = set()  # cars on the player's trains: a load aboard ships when its train leaves ([L8])
    trapped = set()  # cars set out between a train and the only way off its spur: it takes them along
    for t in v.trains_here():
        aboard.update(t.cars)
        if t.pos != (0, 0):
            standing.add(t.pos)
            trapped.update(_taken_along(v, t))
            value -= 6.0 if t.pos[1] == 0 else 3.0
        elif departure_problem(s, t):
            value -= 3.0
    for xy, fac in area.facilities.items():  # loads pulled for the Day's order: shipped as they leave
        if xy != (0, 0) and fac.loaded_here and v.order_left(xy, "out"):
            pulled = sum(1 for c in fac.loaded_here if c in aboard)
            value += sum(SPOTTED * v.order_share(xy, "out", k) for k in range(1, pulled + 1))
    for xy, placed in area.grid.items():
        if not placed.cars:
            continue
        if xy[1] == 0:
            value -= 5.0 * len(placed.cars)
            continue
        fac = area.facilities.get(xy)
        if fac is None or xy == (0, 0):
            value -= STRANDED * len(placed.cars)
            continue
        sp = v.spec(placed.card)
        want_empty = capacity(s, area, xy)[0] + 1 if sp.outbound else 0
        empties = loads = 0
        worth = BLOCKED if xy in standing else 1.0
        clog = 1.0 + JUNK * (v.freight - 1)  # a car the industry cannot work keeps a workable one off
        for c in placed.cars:
            if c in trapped:  # spotted only in name: the train couples it again as it leaves ([S4])
                value -= 0.4 * clog
                continue
            pc = PIECES[c]
            if pc.kind != sp.car:
                value -= 0.4 * clog
            elif not pc.loaded:
                empties += 1
                value += worth * SPOTTED * (v.freight + v.order_share(xy, "out", empties)) if empties <= want_empty \
                    else -0.2 * clog
            elif sp.inbound and c not in fac.loaded_here:
                loads += 1
                value += worth * SPOTTED * (v.freight + v.order_share(xy, "in", loads))
            else:
                value -= 0.3 * clog  # a load ready to go: room wanted
    return value


def _taken_along(v: View, t) -> list:
    """The cars standing on ``t``'s card that it must couple again to leave it: a stub spur is left
    one way only, through the cars set out between the train and its mouth."""
    placed = v.area.grid.get(t.pos)
    geo = rail(v.s, placed) if placed is not None and placed.cars else None  # a locked spur's too
    ways = [] if geo is None else [p for p in ("E", "W") if p in geo.ports]
    if len(ways) != 1:
        return []
    return switching.leaving_cars(v.s, v.area, t, "east" if ways == ["E"] else "west")


def moves(g, seat, tray, direction) -> list:
    """The cards a Move of ``tray`` in ``direction`` can end on (a Sandbox remembers them)."""
    return sorted(_reach(g, seat, tray, direction))


def _reach(g, seat, tray, direction) -> dict:
    """``switching.reach`` of ``tray`` in ``direction`` from ``g``'s position: card -> the path there
    (a Sandbox remembers it until its next apply: positions are tried from often, and ``try_step``
    moves along the remembered path instead of walking the rail again)."""
    memo = getattr(g, "memo", None)
    if memo is not None and (tray, direction) in memo:
        return memo[(tray, direction)]
    s = g.state
    t = s.trains.get(tray)
    if t is None or t.where != Where.AREA:
        return {}
    out = switching.reach(s, seat, s.areas[seat], t, direction)
    if memo is not None:
        memo[(tray, direction)] = out
    return out


class Sandbox:
    """A switching turn tried out on the side: the game's state with the few parts a Move or a
    set-out changes copied (the trains, the switching player's Office Area, the turn), the rest
    shared and never written. Switching runs through the engine's own Local Operations check and
    apply, so a rule change reaches the plans; copying a whole game for each try (the planner's
    time under v2, ~24 copies a plan) is what this saves."""

    __slots__ = ("state", "players", "actor", "seat", "memo", "facts")

    def __init__(self, state, players, actor, seat, facts=None):
        self.state, self.players, self.actor, self.seat = state, players, actor, seat
        self.memo = {}  # (tray, direction) -> the cards a Move reaches and its paths, until the next apply
        #: what no switching step changes (no card is laid or taken up), asked of many positions:
        #: shared by every copy of one turn (``View.ad_tracks``)
        self.facts = {} if facts is None else facts

    @classmethod
    def of(cls, game, seat):
        return cls(_switch_copy(game.state, seat), game.players, game.actor, seat)

    @property
    def phase(self):
        return self.state.phase

    def copy(self):
        return Sandbox(_switch_copy(self.state, self.seat), self.players, self.actor, self.seat, self.facts)

    def why_not(self, it):
        return local_ops.check(self.state, it)

    def apply(self, it, path=None):
        """Apply ``it``; a Move may bring its ``path`` (from ``_reach`` of this very position)."""
        self.memo.clear()
        if path is not None:
            local_ops.apply_move(self.state, it, Events(), path)
        else:
            local_ops.apply(self.state, it, Events())


def _shallow(o):
    """A shallow copy of a plain dataclass instance (what ``copy.copy`` does, without its dispatch)."""
    c = object.__new__(type(o))
    c.__dict__.update(o.__dict__)
    return c


def _train_copy(t):
    c = _shallow(t)
    c.ahead, c.behind, c.boarded, c.orders = list(t.ahead), list(t.behind), list(t.boarded), list(t.orders)
    return c


def _switch_copy(s, seat):
    """A copy of ``s`` that one switching turn at ``seat`` may change without touching ``s``."""
    c = _shallow(s)
    c.trains = {k: _train_copy(t) for k, t in s.trains.items()}
    c.turn = _shallow(s.turn)
    c.turn.order, c.turn.queue = list(s.turn.order), list(s.turn.queue)
    c.turn.passed = list(getattr(s.turn, "passed", ()))  # the stretches this Move has run over ([S1])
    c.express_used = list(s.express_used)  # (its records are immutable: a new list is a copy)
    area = _shallow(s.areas[seat])
    area.grid = {}
    for xy, placed in s.areas[seat].grid.items():
        q = area.grid[xy] = _shallow(placed)
        q.cars = list(placed.cars)
    area.facilities = {xy: _shallow(f) for xy, f in s.areas[seat].facilities.items()}
    c.areas = list(s.areas)
    c.areas[seat] = area
    return c


def try_step(g, it):
    """The position after ``it``, or None if it is refused (a copy; ``g`` is untouched). Every
    Move tried is one ``moves`` listed for ``g`` (its card is in reach), so on a Sandbox the rest of
    the engine's check is asked here (``_move_refused``) instead of walking the rail again."""
    if isinstance(g, Sandbox) and isinstance(it, Move):
        path = _reach(g, g.seat, it.tray, it.direction).get(it.to)
        if path is None or _move_refused(g.state, it):
            return None
        h = g.copy()
        h.apply(it, path)
        if h.state.turn.moves_left < 0:  # it took more Moves than were left
            return None
    else:
        if g.why_not(it) is not None:
            return None
        h = g.copy()
        h.apply(it)
    return h if h.phase == Phase.LOCAL_OPERATIONS and h.state.turn.option == TurnOption.SWITCH else None


def _move_refused(s, it) -> bool:
    """The engine's Move check ([S1]) but the reach: the Stage's one tray, a card rule that forbids
    switching it, and a Move left unless it goes on the way the last one went."""
    t = s.turn
    if t.tray is not None and t.tray != it.tray:
        return True
    tr = s.trains[it.tray]
    if fire(s, "switch_problem", tr, train=tr) is not None:
        return True
    return t.moves_left < 1 and t.last_move != (it.tray, it.direction)


def switching_start(game):
    """Where a switching plan starts: (the player's View, their seat, what their Area is worth now,
    a Sandbox of the position with the switch option taken)."""
    v0 = View(game)
    start = Sandbox.of(game, v0.seat)
    if start.state.turn.option is None:
        start.apply(Switch())
    return v0, v0.seat, area_value(v0), start
