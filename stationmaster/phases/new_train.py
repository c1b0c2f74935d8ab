"""New Train: make up due timetabled trains, then Extras, when a Crew Tray is free (v0.2 §7).

Due trains wait in the held list, lowest number first, until a tray frees up. Automatic make-up
draws suitable cars at random from the Division Yard (as a hand reaching into the pile would)
until the consist is full or nothing suitable is left, then adds a caboose if the card wants one.
Under the "manual_makeup" rule players place the cars, one each in turn from the Superintendent,
round after round. An Extra's player chooses its direction and its cars.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import PIECES
from ..cards.base import fire
from ..flow import Phase
from ..intents import End, Place, Run
from ..query import CAR_LIMIT, free_tray, name, spec_of, table_order, yard_has
from ..orders import has_orders, waybill_cars
from ..rules import below, Events, refill_division_yard, take_from_yard
from ..state import PendingDirection, PendingMakeup, State, Train

DP_FOR = {"east": "west", "west": "east"}  # a train starts at the Division Point behind it


def begin(s: State, ev: Events) -> None:
    s.phase = Phase.NEW_TRAIN
    s.turn.order = []
    s.turn.index = 0
    s.turn.pending = None
    card = s.timetable.get(s.stage)
    if card is None:
        return
    sp = spec_of(s, card)
    if any(t.card == card for t in s.trains.values()):
        ev.say("annulled", f"{sp.name} is due but its last run is still on the Division: today's run is annulled.")
    elif card in s.held:
        ev.say("held", f"{sp.name} is due again and still waits for a Crew Tray.")
    else:
        s.held.append(card)
        s.held.sort(key=lambda c: spec_of(s, c).number)


def _consist_room(s: State, t: Train) -> int:
    sp = spec_of(s, t.card)
    revenue_cars = sum(1 for c in t.behind if PIECES[c].kind != "caboose")
    room = min(sp.max_cars, CAR_LIMIT - (1 if sp.caboose else 0)) - revenue_cars
    return max(0, room)


def _suitable(s: State, t: Train) -> list:
    """The distinct (kind, loaded) cars in the Division Yard that may go on the train now."""
    if _consist_room(s, t) <= 0:
        return []
    ok = _allowed(s, t)
    found = []
    for pid in s.division_yard:
        pc = PIECES[pid]
        if (pc.kind, pc.loaded) in ok and (pc.kind, pc.loaded) not in found:
            found.append((pc.kind, pc.loaded))
    return found


def _allowed(s: State, t: Train) -> set:
    """The (kind, loaded) cars the train may take: its card's kinds, less any a card refuses."""
    return {(kind, loaded) for kind in spec_of(s, t.card).consist for loaded in (True, False)
            if fire(s, "makeup_problem", t, kind, loaded, train=t) is None}


def _add_caboose(s: State, t: Train, ev: Events) -> None:
    if spec_of(s, t.card).caboose:
        pid = take_from_yard(s, ev, "caboose", False)
        if pid:
            t.behind.append(pid)


def _made_up(s: State, t: Train, ev: Events) -> None:
    _add_caboose(s, t, ev)
    sp = spec_of(s, t.card)
    cars = ", ".join(str(PIECES[c]).rsplit(" ", 1)[0] for c in t.behind) or "no cars"
    dp = "Western" if t.pos == "west" else "Eastern"
    ev.say("train_made_up", f"Train {t.label} ({sp.train_class}, {t.direction}bound) is made up at the "
           f"{dp} Division Point in Crew Tray {t.tray}: {cars}.", data={"tray": t.tray, "train": t.label})


def _new_train(s: State, card: str, direction: str, tray: int, player: int = -1) -> Train:
    sp = spec_of(s, card)
    t = Train(tray=tray, card=card, number=sp.number, extra=sp.kind == "extra", direction=direction,
              where="division_point", pos=DP_FOR[direction], played_by=player)
    s.trains[tray] = t
    return t


def _auto_fill(s: State, t: Train, ev: Events) -> None:
    if has_orders(s.config):  # [L8] the waybills first: the cars the open orders along its way ask for
        for pid in waybill_cars(s, t, _allowed(s, t), _consist_room(s, t)):
            s.division_yard.remove(pid)
            t.behind.append(pid)
            refill_division_yard(s, ev)
    while True:
        ok = _allowed(s, t)  # asked again for each car: a card may allow a kind once ([T7], [T8])
        choices = [pid for pid in s.division_yard if (PIECES[pid].kind, PIECES[pid].loaded) in ok]
        if _consist_room(s, t) <= 0 or not choices:
            break
        pid = choices[below(s, len(choices))]
        s.division_yard.remove(pid)
        t.behind.append(pid)
        refill_division_yard(s, ev)
    _made_up(s, t, ev)


def proceed(s: State, ev: Events) -> bool:
    """Make up what can be made up; True when waiting on a player's choice."""
    t = s.turn
    if t.pending is not None:
        return True
    while s.held:
        tray = free_tray(s)
        if tray is None:
            for c in s.held:
                ev.say("held", f"{spec_of(s, c).name} is held: no Crew Tray is free.")
            break
        card = s.held.pop(0)
        train = _new_train(s, card, spec_of(s, card).direction, tray)
        if s.config.has("manual_makeup") and _suitable(s, train):
            order = tuple(table_order(s))
            t.pending = PendingMakeup(order[0], tray, order)
            return True
        _auto_fill(s, train, ev)
    while s.sections:  # [M18]: second sections, each behind its first, before the Extras
        order, card = s.sections[0].card, s.sections[0].train  # the Second Section runs as an order on its train
        if card in s.held:  # its first section waits for a tray: it waits behind it
            break
        tray = free_tray(s)
        if tray is None:
            ev.say("held", f"The Second Section of {spec_of(s, card).name} waits for a Crew Tray.",
                   data={"train": f"2nd {spec_of(s, card).number}"})
            break
        s.sections.pop(0)
        train = _new_train(s, card, spec_of(s, card).direction, tray)
        train.section = 2
        train.orders.append(order)
        if s.config.has("manual_makeup") and _suitable(s, train):
            order_ = tuple(table_order(s))
            t.pending = PendingMakeup(order_[0], tray, order_)
            return True
        _auto_fill(s, train, ev)
    s.extras.sort(key=lambda e: spec_of(s, e.card).number)
    if s.extras and free_tray(s) is not None:
        card, p = s.extras[0].card, s.extras[0].player
        t.pending = PendingDirection(p, card)
        return True
    if s.extras and free_tray(s) is None:
        ev.say("held", f"{len(s.extras)} Extra{'s wait' if len(s.extras) > 1 else ' waits'} for a Crew Tray.")
    return False


def legal(s: State) -> list:
    pend = s.turn.pending
    if isinstance(pend, PendingDirection):
        return [Run("east"), Run("west")]
    train = s.trains[pend.tray]
    out = []
    for kind, loaded in _suitable(s, train):
        out.append(Place(kind, loaded))
    if pend.extra:
        out.append(End())
    return out


def check(s: State, it) -> str | None:
    pend = s.turn.pending
    who = name(s, pend.player)
    if isinstance(pend, PendingDirection):
        if isinstance(it, Run):
            return None
        return f"{who}, choose the direction of your {spec_of(s, pend.card).name}: 'run east' or 'run west'"
    train = s.trains[pend.tray]
    if isinstance(it, End):
        if pend.extra:
            return None
        return f"{who} must place a suitable car while one remains in the Division Yard"
    if not isinstance(it, Place):
        return f"{who} is making up train {train.label}: place a car ('place empty hopper') from the Division Yard"
    sp = spec_of(s, train.card)
    if it.kind == "caboose":
        return "the caboose is added last, automatically, when the card calls for one"
    if it.kind not in sp.consist:
        return f"{sp.name} takes {', '.join(sp.consist)} cars, not a {it.kind}"
    refused = fire(s, "makeup_problem", train, it.kind, it.loaded, train=train)
    if refused:
        return refused
    if _consist_room(s, train) <= 0:
        return f"train {train.label} is full"
    if not yard_has(s, it.kind, it.loaded):
        return f"the Division Yard has no {'loaded' if it.loaded else 'empty'} {it.kind}"
    return None


def apply(s: State, it, ev: Events) -> None:
    t = s.turn
    pend = t.pending
    if isinstance(pend, PendingDirection):
        card, p = pend.card, pend.player
        s.extras.pop(0)
        tray = free_tray(s)
        train = _new_train(s, card, it.direction, tray, p)
        ev.say("extra_direction", f"{name(s, p)} sends {spec_of(s, card).name} {it.direction}.")
        if _suitable(s, train):
            t.pending = PendingMakeup(p, tray, (p,), extra=True)
        else:
            t.pending = None
            _made_up(s, train, ev)
        return
    train = s.trains[pend.tray]
    if isinstance(it, Place):
        pid = take_from_yard(s, ev, it.kind, it.loaded)
        train.behind.append(pid)
        ev.say("place_car", f"{name(s, pend.player)} puts a {'loaded' if it.loaded else 'empty'} {it.kind} "
               f"on train {train.label}.")
        if _suitable(s, train):  # the next player in the order places the next car
            nxt = pend.order[(pend.order.index(pend.player) + 1) % len(pend.order)]
            t.pending = replace(pend, player=nxt)
            return
    t.pending = None
    _made_up(s, train, ev)
