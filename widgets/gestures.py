"""The gesture map: for each intent, the clicks and button presses that make it on the board.

A step is ``("click", target)`` (a scene hit target: ``("spot", seat, x, y)``, ``("tray", n)``,
``("hand", card)``, ``("home",)``, ``("dept", k)``, ``("box", seat, x, y, box)``,
``("player", seat)``) or ``("press", key)`` (a button; ``key`` is the intent's text). A gesture is
a tuple of steps. ``gestures(state, seat, intent)`` lists every gesture that makes the intent, the
usual mouse one first; it is read from the intent's own class and fields and from its card's rules
(where the card is played: a spot, a train, a Division card, a player), never from the phase. The
controller keeps the steps made so far and matches them against the gestures of the legal intents,
so the rules of *when* an intent is allowed live only in the engine.
"""

from __future__ import annotations

from stationmaster.cards import rules_of
from stationmaster.cards.opponent import is_opponent_card, player_named
from stationmaster.flow import Where
from stationmaster.intents import (
    Agent, Board, Detrain, Discard, Draw, Exchange, Fly, Move, Play, SetOut, Sort, Switch, Work,
)

#: the Office's boxes a Porter's click on the Office uses ([L2]): green boards, red detrains
PORTER_BOX = {Board: "green", Detrain: "red"}
#: the box a Freight Agent's action works ([A1]): stock fills the green box, clear empties the red
#: one; unjam frees the box it names
AGENT_BOX = {"stock": "green", "clear": "red"}


def click(*target) -> tuple:
    return ("click", tuple(target))


def press(intent) -> tuple:
    return ("press", str(intent))


def seat_of(state, name: str):
    """The seat of the player an intent names (None: no such player; the engine says why)."""
    p = player_named(state, name)
    return None if p is None else state.players[p].seat


def gestures(state, seat: int, it) -> list:
    """Every gesture (tuple of steps) that makes ``it`` for the player at ``seat``, usual one first.
    The press of the intent's own text makes any intent; it is listed last when it is not the
    usual way."""
    own = _gestures(state, seat, it)
    alone = (press(it),)
    return own + [alone] if alone not in own else own


def _gestures(state, seat: int, it) -> list:
    if isinstance(it, Move):  # a spot reached both ways: the click goes on the train's way (prefer),
        # the other way is its button once the train is selected
        return [(click("tray", it.tray), click("spot", seat, *it.to)), (click("tray", it.tray), press(it))]
    if isinstance(it, (SetOut, Fly)):
        return [(click("tray", it.tray), press(it))]
    if isinstance(it, Sort):  # the cars chosen from the front, the last follows by itself ([K3])
        return [(click("tray", it.tray),) + tuple(("press", f"ui:sort {c}") for c in it.cars[:-1])]
    if isinstance(it, Exchange):  # the cars toggled, then Exchange ([K5])
        cars = sorted(set(it.leave) | set(it.take))
        return [(click("tray", it.tray),) + tuple(("press", f"ui:swap {c}") for c in cars) + (press(it),)]
    if isinstance(it, Draw):
        return [(click("home"),) if it.source == "home" else (click("dept", it.source),)]
    if isinstance(it, Switch):  # a click on one of the player's trains chooses Switch and selects it
        trays = sorted(t.tray for t in state.trains.values() if t.where == Where.AREA and t.seat == seat)
        return [(press(it),)] + [(click("tray", n),) for n in trays]
    if isinstance(it, Agent):
        if it.at is None:  # pass
            return [(press(it),)]
        box = AGENT_BOX.get(it.action, it.box)  # the box the Freight Agent works: one click there
        return [(click("box", seat, *it.at, box),), (click("spot", seat, *it.at), press(it))]
    if isinstance(it, Work):  # a Laborer: the box itself, or the facility then its button
        return [(click("box", seat, *it.at, it.box),), (click("spot", seat, *it.at), press(it))]
    if isinstance(it, (Board, Detrain)):  # a Porter: the train, then the Office's box or its button
        box = click("box", seat, 0, 0, PORTER_BOX[type(it)])
        if it.car is not None:  # a chosen coach is a button ([L2])
            return [(click("tray", it.tray), press(it))]
        return [(click("tray", it.tray), box), (box,), (click("tray", it.tray), press(it))]
    if isinstance(it, Discard):
        return [(click("hand", it.card), click("dept", it.dept))]
    if isinstance(it, Play):
        return _play(state, seat, it)
    return [(press(it),)]  # end, clear/hold, run, grade, place, agent pass ...


def _play(state, seat: int, it) -> list:
    card = click("hand", it.card)
    if it.against is not None:  # on an opponent ([O2]): their train, spot or name plate
        victim = seat_of(state, it.against)
        if victim is None:
            return [(card, press(it))]
        if it.at is not None:
            return [(card, click("spot", victim, *it.at))]
        return [(card, click("player", victim)), (card, press(it))]
    if it.tray is not None:
        if is_opponent_card(state, it.card):  # an opponent's train, clicked
            return [(card, click("tray", it.tray))]
        return [(card, press(it))]  # a train order: the button of its train ([M17])
    if it.mainline is not None:
        return [(card, press(it))]  # the button of its Division card ([M19])
    if it.at is None:
        out = [(card, press(it))]
        player = next((i for i, p in enumerate(state.players) if p.seat == seat), None)
        spot = rules_of(state, it.card).play_spot(state, player) if player is not None else None
        if spot is not None:  # an upgrade: a click on the Office it replaces
            out.insert(0, (card, click("spot", seat, *spot)))
        return out
    steps = (card, click("spot", seat, *it.at))
    if it.serves is not None:  # a modifier beside several facilities: then the one it serves
        steps += (click("spot", seat, *it.serves),)
    return [steps]


def alternatives(state, seat: int, target) -> list:
    """Targets a click on ``target`` also stands for when nothing takes the target itself: a box
    is part of its facility's spot; a spot where one of the player's trains stands stands for the
    train; a train stands on a spot (an enhancement goes on the card under it, [E1])."""
    kind = target[0]
    if kind == "box":
        return [("spot", *target[1:4])]
    if kind == "spot" and target[1] == seat:
        xy = tuple(target[2:4])
        return [("tray", t.tray) for t in sorted(state.trains.values(), key=lambda t: t.tray)
                if t.where == Where.AREA and t.seat == seat and t.pos == xy]
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
