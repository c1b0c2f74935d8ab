"""The gesture map: for each intent, the clicks and button presses that make it on the board.

A step is ``("click", target)`` (a scene hit target: ``("spot", seat, x, y)``, ``("tray", n)``,
``("hand", card)``, ``("home",)``, ``("dept", k)``, ``("box", seat, x, y, box)``,
``("player", seat)``) or ``("press", key)`` (a button; ``key`` is the intent's text). A gesture is
a tuple of steps. ``gestures(state, seat, intent)`` lists every gesture that makes the intent, the
usual mouse one first; each intent class's board entry (``widgets.intent_ui``) reads it from the
intent's fields and its card's rules (where the card is played: a spot, a train, a Division card, a
player), never from the phase. The controller keeps the steps made so far and matches them against
the gestures of the legal intents, so the rules of *when* an intent is allowed live only in the engine.
"""

from __future__ import annotations

from stationmaster.flow import Where
from stationmaster.intents import Agent, Move, Play
from stationmaster.query import trains_in_area

from .intent_ui import press, ui_of


def gestures(state, seat: int, it) -> list:
    """Every gesture (tuple of steps) that makes ``it`` for the player at ``seat``, usual one first
    (its board entry's, ``intent_ui``). The press of the intent's own text makes any intent; it is
    listed last when it is not the usual way."""
    own = ui_of(it).gestures(state, seat, it)
    alone = (press(it),)
    return own + [alone] if alone not in own else own


def alternatives(state, seat: int, target) -> list:
    """Targets a click on ``target`` also stands for when nothing takes the target itself: a box
    is part of its facility's spot; a spot where one of the player's trains stands stands for the
    train; a train stands on a spot (an enhancement goes on the card under it, [E1])."""
    kind = target[0]
    if kind == "box":
        return [("spot", *target[1:4])]
    if kind == "spot" and target[1] == seat:
        xy = tuple(target[2:4])
        return [("tray", t.tray) for t in trains_in_area(state, seat) if t.pos == xy]
    if kind == "tray":
        t = state.trains.get(target[1])
        if t is not None and t.where == Where.AREA:
            return [("spot", t.seat, *t.pos)]
    return []


def prefer(state, intents: list, turned: bool) -> list:
    """Of several intents one gesture makes, the ones the board means: a Move in the direction
    the train already moves this turn, else east; a card laid the way the Turned toggle says; a
    Freight Agent's stock or clear rather than an unjam of the same box."""
    out = list(intents)
    moves = [m for m in out if isinstance(m, Move)]
    if moves:
        last = state.turn.last_move
        out = ([m for m in moves if last == (m.tray, m.direction)] or [m for m in moves if m.direction == "east"]
               or moves)
    agents = [a for a in out if isinstance(a, Agent)]
    if agents and len(agents) == len(out):  # a click on a box stocks or clears it; unjam is a button
        out = [a for a in agents if a.action != "unjam"] or agents
    plays = [p for p in out if isinstance(p, Play)]
    if plays and len(plays) == len(out):
        out = [p for p in plays if p.turned == turned] or plays
    return out
