"""A switching turn found by search rather than by patterns: a beam over Moves and set-outs.

The planner's switching (``planner.plan_switching``) tries a steady player's patterns — into a spur
and back, out past a turnout and back in, cut the caboose out — and finds nothing when a turn needs
two of them chained (park two cars on a siding, pull the finished load, shove the empty in, fetch
the two cars). This search tries every Move a train can make and every cut it can set out, keeps
the ``width`` best positions after each step by the planner's own worth of an Office Area
(``sandbox.area_value``), never the same position twice, and returns the best plan it met. It runs
on the planner's Sandbox (the engine's own checks and applies), so it knows every rule the engine
knows.
"""

from __future__ import annotations

from ..intents import Move, SetOut
from .sandbox import area_value, moves, switching_start, try_step
from .view import View

WIDTH = 12  # positions kept after each step
DEPTH = 14  # steps (Moves and set-outs) at most in one turn


def _key(g, seat) -> tuple:
    """A position, for telling two paths to the same position apart: the trains and standing cars."""
    s = g.state
    trains = tuple(sorted((t.tray, t.pos, tuple(t.ahead), tuple(t.behind)) for t in s.trains.values()
                          if t.seat == seat))
    cars = tuple((xy, tuple(p.cars)) for xy, p in sorted(s.areas[seat].grid.items()) if p.cars)
    return trains, cars, s.turn.moves_left, s.turn.tray


def _steps(g, seat, trays):
    """Every Move and set-out the switching player could try next (the engine refuses the rest)."""
    s = g.state
    chosen = s.turn.tray
    for tray in trays if chosen is None else (chosen,):
        t = s.trains.get(tray)
        if t is None:
            continue
        for d in ("east", "west"):
            for xy in moves(g, seat, tray, d):
                yield Move(tray, d, xy)
        for end, side in (("front", t.ahead), ("rear", t.behind)):
            for n in range(1, len(side) + 1):
                yield SetOut(tray, end, n)


def search_switching(game, width: int = WIDTH, depth: int = DEPTH):
    """(gain, intents): the best switching turn found from ``game``'s position (gain over doing
    nothing, by ``area_value``, less a hundredth a step), ([] when nothing beats standing still)."""
    v0, seat, base, start = switching_start(game)
    trays = [t.tray for t in v0.switchable()]
    best = (0.0, [])
    seen = {_key(start, seat)}
    frontier = [(0.0, start, [])]
    for _ in range(depth):
        grown = []
        for _, g, path in frontier:
            for it in _steps(g, seat, trays):
                h = try_step(g, it)
                if h is None:
                    continue
                k = _key(h, seat)
                if k in seen:
                    continue
                seen.add(k)
                p = path + [it]
                val = area_value(View(h)) - base - 0.01 * len(p)
                if val > best[0] + 1e-9:
                    best = (val, p)
                grown.append((val, h, p))
        if not grown:
            break
        grown.sort(key=lambda x: (-x[0], str(x[2])))
        frontier = grown[:width]
    return best
