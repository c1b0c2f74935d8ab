"""Load/Unload: each player, from the Superintendent leftward, works passengers and freight
with Porters and Laborers, one action per worker per Stage (v0.2 §9, v0.4.5 §4.6–4.7).

Passengers: a Porter boards a loaded coach from a green box onto a train at the Office (its empty
coach goes to the Classification Yard), or detrains a loaded coach into a red box (an empty coach
from the Division Yard takes its place). Freight runs green → MEN → AT → WORK → car for loads and
car → WORK → AT → MEN → red for unloads; a Laborer moves a load one box, or hops it past occupied
boxes for one Laborer per box. Any load on MEN | AT | WORK locks the industry track.
"""

from __future__ import annotations

from ..cards import PIECES
from ..cards.base import fire
from ..flow import Phase, Where
from ..intents import Agent, Board, Detrain, End, Work
from ..query import (
    actor, area_of, capacity, name, office_tier, outbound_loads, player_at, spec_of, spotted_empties, table_order,
    trains_on, workers_left, yard_has)
from ..house_rules import FREIGHT_PAY, FREIGHT_PAY_BY_LENGTH  # noqa: F401  (the edition tables, by their old home)
from ..orders import has_orders, ship, work_finished
from ..rules import earn, Events, retire, take_from_yard, use_workers
from ..state import PIPELINE, State
from .switching import LOADED_MARK_ENDS_ON_PICKUP

def freight_schedule(config) -> tuple:
    """The edition's freight schedule for the game's length ([L5], [L6], [L7]: ``house_rules.FREIGHT_PAY``),
    or the house rule ``freight_pay``."""
    return config.rule("freight_pay")

OUT_ROUTE = ("green", "men", "at", "work", "car")
IN_ROUTE = ("car", "work", "at", "men", "red")


def forget_departed_loads(s: State, ev: Events | None = None) -> None:
    """[S8]: a car loaded at an industry is marked there until it has left its Office Area (on a
    departing train, to the yards, through an Interchange); a mark is dropped once the car is
    neither on a card of the Area nor on a train standing in it. Run as each Load/Unload begins,
    before any Laborer works, so a car that has gone and come back is a new delivery. A load that
    left the Area (not one unloaded into a box there) is shipped: it counts for its industry's order
    ([L8], ``orders.ship``)."""
    for seat, area in enumerate(s.areas):
        here = {c for placed in area.grid.values() for c in placed.cars}
        here.update(c for t in s.trains.values() if t.where == Where.AREA and t.seat == seat for c in t.cars)
        boxed = {c for fac in area.facilities.values()
                 for c in (*fac.green, *fac.red, *(v[0] for v in fac.pipeline.values() if v))}
        for xy, fac in sorted(area.facilities.items()):
            if not fac.loaded_here:
                continue
            gone = [c for c in fac.loaded_here if c not in here and c not in boxed]
            fac.loaded_here = [c for c in fac.loaded_here if c in here]
            if gone and ev is not None:
                _ship(s, ev, seat, xy, gone)


def _ship(s: State, ev: Events, seat: int, xy, gone: list) -> None:
    """Count loads that left the Area for their industry's order, paying its bonus when filled."""
    counted, bonus, filled = ship(s, seat, xy, len(gone))
    if not counted:
        return
    p = player_at(s, seat)
    sp = spec_of(s, s.areas[seat].grid[xy].card)
    wanted, done = s.areas[seat].facilities[xy].orders["out"]
    loads = f"{counted} {sp.car} load{'s' if counted > 1 else ''}"
    if filled:
        earn(s, ev, p, bonus, f"{loads} shipped from the {sp.name}, filling its order for the Day (+{bonus})",
             "freight_out")
    else:
        ev.say("shipped", f"{loads} shipped from the {sp.name} at {name(s, p)}'s Office: its order is "
                          f"{done} of {wanted} out today.", player=s.players[p].name)


def begin(s: State, ev: Events) -> None:
    forget_departed_loads(s, ev)
    s.phase = Phase.LOAD_UNLOAD
    s.turn.order = table_order(s)
    s.turn.index = 0
    s.turn.pending = None


def proceed(s: State, ev: Events) -> bool:
    """Players with nothing their workers can do are passed over ([L1])."""
    t = s.turn
    while t.index < len(t.order):
        if any(not isinstance(i, End) for i in legal(s)):
            return True
        t.index += 1
    return False


def legal(s: State) -> list:
    p = actor(s)
    area = area_of(s, p)
    seat = s.players[p].seat
    out = []
    for tr in sorted(trains_on(s, seat, (0, 0)), key=lambda t: t.tray):
        for cls in (Board, Detrain):
            if check(s, cls(tr.tray)) is None:
                out.append(cls(tr.tray))
                default = _coach(tr, cls, None)
                out += [cls(tr.tray, n) for n, c in enumerate(tr.cars, 1)
                        if c != default and check(s, cls(tr.tray, n)) is None]
    for xy in sorted(area.facilities):
        if xy == (0, 0):
            continue
        for box in ("green", "men", "at", "work", "car"):
            cand = Work(xy, box)
            if check(s, cand) is None:
                out.append(cand)
    out.append(End())
    return out


def _takes(tr, cls, c: str) -> bool:
    """Is car ``c`` one a Board (an empty coach) or a Detrain (a loaded coach that did not board on
    this visit) may work?"""
    pc = PIECES[c]
    if cls is Board:
        return pc.kind == "coach" and not pc.loaded
    return pc.kind == "coach" and pc.loaded and c not in tr.boarded


def _coach(tr, cls, car: int | None) -> str | None:
    """[L2]: the coach a Porter works — the one named by ``car`` (counted from the front), else the
    first from the front that fits."""
    if car is not None:
        c = tr.cars[car - 1] if 1 <= car <= len(tr.cars) else None
        return c if c is not None and _takes(tr, cls, c) else None
    return next((c for c in tr.cars if _takes(tr, cls, c)), None)


def _car_problem(tr, cls, car: int) -> str | None:
    """Why car number ``car`` of the train is not a coach this Porter can work (None: it is)."""
    n = len(tr.cars)
    if not 1 <= car <= n:
        return f"train {tr.label} has {n} car{'s' if n != 1 else ''}; count them from the front, 1 to {n}"
    c = tr.cars[car - 1]
    if _takes(tr, cls, c):
        return None
    pc = PIECES[c]
    what = f"{'a loaded' if pc.loaded else 'an empty'} {pc.kind}"
    if cls is Detrain and pc.kind == "coach" and pc.loaded:
        return (f"the passengers in car {car} boarded here on this visit; they may not detrain before "
                f"the train leaves")
    need = "an empty coach" if cls is Board else "a loaded coach"
    return f"car {car} of train {tr.label} is {what}, not {need}"


def _route_plan(s: State, p: int, xy, box: str):
    """For a Laborer action: (load piece, direction, list of boxes stepped into) or a reason."""
    area = area_of(s, p)
    fac = area.facilities[xy]
    sp = spec_of(s, area.grid[xy].card)
    if box == "green":
        if not fac.green:
            return "the green boxes there are empty"
        direction, piece = "out", fac.green[0]
    elif box == "car":
        if not sp.inbound:
            return f"the {sp.name} does not unload"
        cars = [c for c in area.grid[xy].cars
                if PIECES[c].kind == sp.car and PIECES[c].loaded and c not in fac.loaded_here]
        if not cars:
            if any(PIECES[c].kind == sp.car and PIECES[c].loaded for c in area.grid[xy].cars):
                return ("that car was loaded here; it may not be unloaded here until it has left your Office Area"
                        if not LOADED_MARK_ENDS_ON_PICKUP[s.config.balance] else
                        "that car was loaded here on this visit; it may not be unloaded again before it leaves")
            return f"no loaded {sp.car} is spotted on the {sp.name}'s track"
        if not yard_has(s, sp.car, False):
            return f"the Division Yard has no empty {sp.car} to put in its place"
        direction, piece = "in", cars[0]
    else:
        load = fac.pipeline.get(box)
        if load is None:
            return f"there is no load on {box.upper()}"
        piece, direction = load
    route = OUT_ROUTE if direction == "out" else IN_ROUTE
    i = route.index(box)
    steps = []
    for nxt in route[i + 1:]:
        steps.append(nxt)
        if nxt in PIPELINE and fac.pipeline[nxt] is not None:
            continue
        break
    final = steps[-1]
    if final == "car":
        if spotted_empties(s, area, xy) <= outbound_loads(fac, besides=piece):
            return f"no empty {sp.car} is spotted on the {sp.name}'s track to take the load"
    if final == "red":
        if len(fac.red) >= capacity(s, area, xy)[1]:
            return f"the red boxes at the {sp.name} are full; clear one with the Freight Agent"
    if box in ("green", "car"):
        if trains_on(s, s.players[p].seat, xy):
            return f"a Crew Tray stands on the {sp.name}'s track; work starts once it has gone"
        if box == "green":
            if spotted_empties(s, area, xy) <= outbound_loads(fac):
                return f"no unclaimed empty {sp.car} is spotted on the {sp.name}'s track"
    return piece, direction, steps


def check(s: State, it) -> str | None:
    p = actor(s)
    who = name(s, p)
    area = area_of(s, p)
    seat = s.players[p].seat
    if isinstance(it, End):
        return None
    if isinstance(it, (Board, Detrain)):
        if office_tier(s, area) < 1:
            return "a Whistle Post has no Porters; upgrade to a Depot for passenger work"
        tr = s.trains.get(it.tray)
        if tr is not None and tr.where == Where.AREA and tr.seat == seat and tr.pos != (0, 0):
            return f"Porters work trains standing at your Office; train {tr.label} (Crew Tray {it.tray}) is not there"
        if tr is None or tr.where != Where.AREA or tr.seat != seat or tr.pos != (0, 0):
            return f"Crew Tray {it.tray} is not on an A/D track at your Office"
        refused = fire(s, "work_problem", p, it, tr, train=tr, seat=seat)
        if refused:
            return refused
        if workers_left(s, area, (0, 0)) < 1:
            return "every Porter has worked this Stage"
        fac = area.facilities[(0, 0)]
        if isinstance(it, Board):
            if not fac.green:
                return "no passengers wait in your green boxes; stock them with the Freight Agent"
            if not any(PIECES[c].kind == "coach" and not PIECES[c].loaded for c in tr.cars):
                return f"train {tr.label} has no empty coach to board"
            return _car_problem(tr, Board, it.car) if it.car is not None else None
        loaded = [c for c in tr.cars if PIECES[c].kind == "coach" and PIECES[c].loaded]
        if not loaded:
            return f"train {tr.label} has no loaded coach"
        if all(c in tr.boarded for c in loaded):
            return "those passengers boarded here on this visit; they may not detrain before the train leaves"
        if it.car is not None and _car_problem(tr, Detrain, it.car):
            return _car_problem(tr, Detrain, it.car)
        if len(fac.red) >= capacity(s, area, (0, 0))[1]:
            return "your red boxes are full; clear one with the Freight Agent"
        if not yard_has(s, "coach", False):
            return "the Division Yard has no empty coach to put in its place"
        return None
    if isinstance(it, Work):
        if it.at not in area.facilities or it.at == (0, 0):
            return f"there is no freight facility at {it.at[0]},{it.at[1]}"
        refused = fire(s, "work_problem", p, it, None, seat=seat)
        if refused:
            return refused
        plan = _route_plan(s, p, it.at, it.box)
        if isinstance(plan, str):
            return plan
        need = len(plan[2])
        have = workers_left(s, area, it.at)
        if have < need:
            return (f"that takes {need} Laborer{'s' if need > 1 else ''}; "
                    f"{have} {'is' if have == 1 else 'are'} free at this facility this Stage")
        return None
    if isinstance(it, Agent) and it.action == "clear":  # the red boxes are the Freight Agent's ([A2])
        return "a Laborer does not empty a red box; the Freight Agent clears it in Local Operations"
    return f"it is Load/Unload: {who} works passengers and freight, then 'end'"


def _pay(s: State, ev: Events, p: int, amount: int, why: str, source: str) -> None:
    """Pay for passenger or freight work, with what the cards of the player's Area add (the
    ``revenue`` rule point: a Lunch Counter, [E3])."""
    extra = fire(s, "revenue", p, amount, source, seat=s.players[p].seat)
    if extra:
        why += f" ({'+' if extra > 0 else '-'}{abs(extra)} from the cards of {name(s, p)}'s Office Area)"
    earn(s, ev, p, amount + extra, why, source)


def freight_pay(s: State) -> int:
    """What a player's first finished freight load or unload of a Day pays before the cards' extras
    ([L5], [L6]): the freight rate times the first figure of the game's freight schedule (``freight_schedule``) (the bots value a
    load by it); under car orders ([L8]) what a car worked pays, without the order's bonus."""
    if has_orders(s.config):
        return s.config.revenue[1] * s.config.rule("order_pay")[0]
    return s.config.revenue[1] * freight_schedule(s.config)[0]


def freight_pay_now(s: State, p: int) -> int:
    """What player ``p``'s next finished load or unload pays today before the cards' extras: under
    v3 the Day's freight contract ([L6]) pays the Day's first more than the rest."""
    schedule = freight_schedule(s.config)
    done = s.freight_today.get(s.players[p].name, 0)
    return s.config.revenue[1] * schedule[min(done, len(schedule) - 1)]


def _pay_freight(s: State, ev: Events, p: int, xy, why: str, source: str) -> None:
    """Pay a finished load or unload at today's rate ([L6]) and count it for the Day; under car
    orders ([L8]) every car pays alike, and the one that fills a way of the industry's order for the
    Day pays its bonus too."""
    who = s.players[p].name
    if has_orders(s.config):
        seat = s.players[p].seat
        amount, bonus, filled = work_finished(s, seat, xy, "out" if source == "freight_out" else "in")
        s.freight_today[who] = s.freight_today.get(who, 0) + 1
        if filled:
            sp = spec_of(s, s.areas[seat].grid[xy].card)
            why += f", filling the {sp.name}'s order for the Day (+{bonus})"
        _pay(s, ev, p, amount + bonus, why, source)
        return
    amount = freight_pay_now(s, p)
    s.freight_today[who] = s.freight_today.get(who, 0) + 1
    _pay(s, ev, p, amount, why, source)


def _replace(seq: list, old: str, new: str) -> None:
    seq[seq.index(old)] = new


def apply(s: State, it, ev: Events) -> None:
    p = actor(s)
    who = name(s, p)
    area = area_of(s, p)
    rates = s.config.revenue
    if isinstance(it, End):
        s.turn.index += 1
        return
    if isinstance(it, (Board, Detrain)):
        tr = s.trains[it.tray]
        fac = area.facilities[(0, 0)]
        use_workers(s, area, (0, 0), 1)
        side = None
        if isinstance(it, Board):
            empty = _coach(tr, Board, it.car)
            full = fac.green.pop(0)
            side = tr.ahead if empty in tr.ahead else tr.behind
            _replace(side, empty, full)
            retire(s, empty)
            tr.boarded.append(full)
            ev.say("board", f"{who}'s Porter boards passengers onto train {tr.label}.")
            _pay(s, ev, p, rates[0], f"passengers boarded train {tr.label}", "boarding")
        else:
            full = _coach(tr, Detrain, it.car)
            empty = take_from_yard(s, ev, "coach", False)
            side = tr.ahead if full in tr.ahead else tr.behind
            _replace(side, full, empty)
            fac.red.append(full)
            ev.say("detrain", f"{who}'s Porter detrains passengers from train {tr.label}.")
            _pay(s, ev, p, rates[0], f"passengers detrained from train {tr.label}", "detraining")
        return
    fac = area.facilities[it.at]
    sp = spec_of(s, area.grid[it.at].card)
    piece, direction, steps = _route_plan(s, p, it.at, it.box)
    use_workers(s, area, it.at, len(steps))
    cars = area.grid[it.at].cars
    if it.box == "green":
        fac.green.remove(piece)
    elif it.box == "car":
        empty = take_from_yard(s, ev, sp.car, False)
        _replace(cars, piece, empty)
    else:
        fac.pipeline[it.box] = None
    final = steps[-1]
    if final in PIPELINE:
        fac.pipeline[final] = (piece, direction)
        ev.say("work", f"{who}'s Laborer{'s move' if len(steps) > 1 else ' moves'} a {sp.car} load "
               f"to {final.upper()} at the {sp.name}.")
    elif final == "car":
        empty = next(c for c in cars if PIECES[c].kind == sp.car and not PIECES[c].loaded)
        _replace(cars, empty, piece)
        retire(s, empty)
        fac.loaded_here.append(piece)
        ev.say("work", f"{who}'s Laborer loads a {sp.car} at the {sp.name}.", data={"finished": "freight_out"})
        _pay_freight(s, ev, p, it.at, f"a {sp.car} loaded at the {sp.name}", "freight_out")
    else:
        fac.red.append(piece)
        ev.say("work", f"{who}'s Laborer puts an unloaded {sp.car} load in a red box at the {sp.name}.", data={"finished": "freight_in"})
        _pay_freight(s, ev, p, it.at, f"a {sp.car} unloaded at the {sp.name}", "freight_in")
