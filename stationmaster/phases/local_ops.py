"""Local Operations: each player, from the Superintendent leftward, takes exactly one option —
Switch, Draw, or Freight Agent (v0.2 §6, v0.4.5 §4.2)."""

from __future__ import annotations

from itertools import combinations, permutations

from ..cards import PIECES
from ..cards import families, situations  # noqa: F401  (every card family registered, the specs checked)
from ..cards.base import fire
from ..flow import Option, Phase, Where
from ..intents import PIECE_ORDER, Agent, Discard, Draw, End, Exchange, Fly, Grade, Move, Play, SetOut, Sort, Switch
from ..query import (
    CAR_LIMIT, NIGHT_STAGES, actor, area_of, capacity, hand_limit, name, outbound_loads, spec_of,
    spotted_empties, table_order, trains_in_area, yard_has)
from ..house_rules import DAWN_PASSENGERS  # noqa: F401  ([L9]'s editions, by their old home)
from ..orders import dawn, has_orders, new_industries
from ..rules import Events, retire, take_from_yard
from ..state import PendingGrade, State
from . import drawing, switching


def begin(s: State, ev: Events) -> None:
    s.phase = Phase.LOCAL_OPERATIONS
    if s.stage == 1:
        fire(s, "day_start", ev)
        if has_orders(s.config):  # every industry turns up the Day's car order ([L8])
            dawn(s, ev)
        if s.config.rule("dawn_passengers"):
            _dawn_passengers(s, ev)
    fire(s, "stage_start", ev)
    if s.config.has("adversity"):  # the Division turns up a situation card ([W3])
        situations.turn_up(s, ev)
    s.turn.order = table_order(s)
    s.turn.index = 0
    _start_turn(s)


def _start_turn(s: State) -> None:
    t = s.turn
    t.option = None
    t.last_move = None
    t.passed = []
    t.tray = None
    t.offer = 0
    t.moves_left = moves_for(s, t.order[t.index]) if t.index < len(t.order) else 0


def moves_for(s: State, p: int) -> int:
    """Six Moves, five at night under Reduced Visibility, and what the Area's cards add."""
    night = s.config.has("reduced_visibility") and s.stage in NIGHT_STAGES
    return (5 if night else 6) + fire(s, "moves", p, seat=s.players[p].seat)


def _next_turn(s: State) -> None:
    s.turn.index += 1
    _start_turn(s)


def proceed(s: State, ev: Events) -> bool:
    return s.turn.index < len(s.turn.order)


# --------------------------------------------------------------------------- Freight Agent


def _agent_checks(s: State, p: int, a: Agent) -> str | None:
    area = area_of(s, p)
    xy = a.at
    if xy not in area.facilities:
        placed = area.grid.get(xy)
        if xy == (0, 0):
            return "a Whistle Post has no passenger boxes; upgrade it to a Depot first"
        what = f"the {spec_of(s, placed.card).name}" if placed else "nothing"
        return f"there is no facility at {xy[0]},{xy[1]} (it holds {what})"
    fac = area.facilities[xy]
    green, red = capacity(s, area, xy)
    if a.action == "stock":
        if xy == (0, 0):
            if len(fac.green) >= green:
                return f"all {green} green coach boxes at your Office are full"
            if not yard_has(s, "coach", True):
                return "the Division Yard has no loaded coach"
            return None
        sp = spec_of(s, area.grid[xy].card)
        if not green:
            return f"the {sp.name} only unloads; it has no green box"
        if len(fac.green) >= green:
            return f"all {green} green boxes at the {sp.name} are full"
        if not yard_has(s, sp.car, True):
            return f"the Division Yard has no loaded {sp.car}"
        empties = spotted_empties(s, area, xy)
        claimed = len(fac.green) + outbound_loads(fac)
        if empties <= claimed:
            return (f"no unclaimed empty {sp.car} is spotted at the {sp.name}: spot one there first "
                    f"({empties} spotted, {claimed} already claimed)")
        return None
    if a.action == "clear":
        return None if fac.red else "the red boxes there are empty"
    if a.action == "unjam":
        if a.box == "red":
            return "use 'agent clear' to clear a red box"
        if a.box == "green":
            return None if fac.green else "the green boxes there are empty"
        return None if fac.pipeline.get(a.box) else f"there is no load on {a.box.upper()}"
    return None


#: [A3] the editions whose Freight Agent works a whole facility in one action: stocking fills every
#: green box it can and clears every red box there, clearing empties every red box (before v5: one
#: box an action)
WHOLE_FACILITY_AGENT = ("v5", "v6")


def _dawn_passengers(s: State, ev: Events) -> None:
    """[L9] At dawn the morning's passengers wait at every Office: each free green box takes a
    loaded coach from the Division Yard, as far as the Yard has them (what ``agent stock 0,0``
    would do, without a player's turn)."""
    stock = Agent("stock", (0, 0))
    for p in range(len(s.players)):
        n = 0
        while _agent_checks(s, p, stock) is None:
            area_of(s, p).facilities[(0, 0)].green.append(take_from_yard(s, ev, "coach", True))
            n += 1
        if n:
            ev.say("agent", f"Dawn: {n} loaded coach{'es' if n > 1 else ''} of passengers wait{'s' if n == 1 else ''} "
                            f"in the green boxes at {name(s, p)}'s Office.")


def _agent(s: State, p: int, a: Agent, ev: Events) -> None:
    who = name(s, p)
    if a.action == "pass":
        ev.say("agent", f"{who} ends Local Operations without acting.")
        return
    area = area_of(s, p)
    fac = area.facilities[a.at]
    where = "the Office" if a.at == (0, 0) else f"the {spec_of(s, area.grid[a.at].card).name}"
    whole = s.config.balance in WHOLE_FACILITY_AGENT
    if a.action == "stock":
        kind = "coach" if a.at == (0, 0) else spec_of(s, area.grid[a.at].card).car
        n = 0
        while n == 0 or (whole and _agent_checks(s, p, a) is None):
            fac.green.append(take_from_yard(s, ev, kind, True))
            n += 1
        what = f"a loaded {kind} in a green box" if n == 1 else f"{n} loaded {kind}{'es' if kind.endswith('ch') else 's'} in {n} green boxes"
        cleared = len(fac.red) if whole else 0  # [A3] stocking a facility, the Agent clears it too
        for _ in range(cleared):
            retire(s, fac.red.pop(0))
        also = f" and clears {'a red box' if cleared == 1 else f'{cleared} red boxes'}" if cleared else ""
        ev.say("agent", f"{who}'s Freight Agent stocks {what}{also} at {where}.")
    elif a.action == "clear":
        n = len(fac.red) if whole else 1
        for _ in range(n):
            retire(s, fac.red.pop(0))
        what = "a red box" if n == 1 else f"{n} red boxes"
        ev.say("agent", f"{who}'s Freight Agent clears {what} at {where}.")
    else:
        if a.box == "green":
            pid = fac.green.pop(0)
        else:
            pid = fac.pipeline[a.box][0]
            fac.pipeline[a.box] = None
        retire(s, pid)
        ev.say("agent", f"{who}'s Freight Agent unjams the load on {a.box.upper()} at {where}.")


def _agent_candidates(s: State, p: int):
    area = area_of(s, p)
    for xy in sorted(area.facilities):
        yield Agent("stock", xy)
        yield Agent("clear", xy)
        for box in ("green", "men", "at", "work"):
            yield Agent("unjam", xy, box)
    yield Agent("pass")


# --------------------------------------------------------------------------- legality


def _grade_pending(s: State) -> bool:
    return isinstance(s.turn.pending, PendingGrade)


def _choose_grade(s: State, it: Grade, ev: Events) -> None:
    """The Superintendent sets a Heavy Grade's uphill direction ([M15])."""
    card = s.turn.pending.card
    s.turn.pending = None
    s.grades[card] = it.direction
    ev.say("grade", f"{name(s, s.superintendent)}, the Superintendent, sets the {card} uphill to the "
           f"{it.direction}: {'west' if it.direction == 'east' else 'east'}bound trains run downhill.",
           data={"card": card, "uphill": it.direction})


def legal(s: State) -> list:
    if _grade_pending(s):
        return [Grade("east"), Grade("west")]
    p = actor(s)
    out = []
    for cand in _candidates(s, p):
        if check(s, cand) is None:
            out.append(cand)
    return out


def _candidates(s: State, p: int):
    t = s.turn
    area = area_of(s, p)
    seat = s.players[p].seat
    if t.option is None:
        yield Switch()
        yield Draw("home")
        for k in (1, 2, 3):
            yield Draw(k)
        yield from _agent_candidates(s, p)
    elif t.option == Option.SWITCH:
        for tr in _switchable(s, p):
            for d in ("east", "west"):
                for xy in switching.reach(s, seat, area, tr, d):
                    yield Move(tr.tray, d, xy)
            for end in ("front", "rear"):
                for n in range(1, CAR_LIMIT + 1):
                    yield SetOut(tr.tray, end, n)
            yield from _yard_work_candidates(s, area, tr)
        yield End()
    else:
        yield from drawing.candidates(s, p)
        yield End()


def check(s: State, it) -> str | None:
    if _grade_pending(s):
        if isinstance(it, Grade):
            return None
        return (f"first the Superintendent, {name(s, s.turn.pending.player)}, chooses which way the "
                f"{s.turn.pending.card} climbs: 'grade east' or 'grade west'")
    if isinstance(it, Grade):
        return "the Heavy Grade's direction is chosen once, at setup"
    p = actor(s)
    t = s.turn
    who = name(s, p)
    if t.option is None:
        if isinstance(it, Switch):
            trains = trains_in_area(s, s.players[p].seat)
            if not trains:
                return "there is no Crew Tray in your Office Area to switch"
            if not _switchable_here(s, trains):  # [T2]: only no-switching trains stand here
                return fire(s, "switch_problem", trains[0], train=trains[0])
            return None
        if isinstance(it, Draw):
            return drawing.check_draw(s, it)
        if isinstance(it, Agent):
            return None if it.action == "pass" else _agent_checks(s, p, it)
        if isinstance(it, (Move, SetOut) + YARD_WORK):
            return f"{who}, choose to switch ('switch') before moving trains; it is your whole option"
        if isinstance(it, (Play, Discard)):
            return f"{who}, draw a card first ('draw home' or 'draw dept 1'); playing cards is part of the Draw option"
        if isinstance(it, End):
            return f"{who}, choose one option first: switch, draw, or a Freight Agent action ('agent pass' to do nothing)"
        return f"it is Local Operations: {who} chooses switch, draw or a Freight Agent action"
    if t.option == Option.SWITCH:
        if isinstance(it, End):
            return None
        if isinstance(it, Move):
            return _check_move(s, p, it)
        if isinstance(it, SetOut):
            return _check_setout(s, p, it)
        if isinstance(it, YARD_WORK):
            return _check_yard_work(s, p, it)
        return f"{who} chose to switch this Stage; only Moves, set-outs and 'end' are possible now"
    # draw option
    offer = drawing.check_offer(s, p, it)
    if offer:
        return offer
    if isinstance(it, End):
        limit = hand_limit(s, p)
        n = len(s.players[p].hand)
        if n > limit:
            return f"your hand holds {n} cards; play or discard down to {limit} before ending the draw"
        return None
    if isinstance(it, (Play, Discard)):
        return drawing.check_card(s, p, it)
    if isinstance(it, Draw):
        return "you have drawn your one card this Stage; play or discard, then 'end'"
    return f"{who} chose to draw this Stage; play or discard cards, then 'end'"


def _train_of(s: State, p: int, tray: int):
    tr = s.trains.get(tray)
    if tr is None or tr.where != Where.AREA or tr.seat != s.players[p].seat:
        return None
    return tr


def _switchable(s: State, p: int) -> list:
    """The trays the player may still switch: the one selected ([S1]), or, before the first Move
    or set-out picks it, every tray in the Area."""
    if s.turn.tray is not None:
        return [s.trains[s.turn.tray]]
    return trains_in_area(s, s.players[p].seat)


def _switchable_here(s: State, trains: list) -> list:
    """The trains a card's rule does not forbid to switch (a no-switching train's, [T2])."""
    return [tr for tr in trains if fire(s, "switch_problem", tr, train=tr) is None]


def _other_tray(s: State, tray: int) -> str | None:
    """[S1]: the six Moves belong to the one Crew Tray selected; the others stay put this Stage."""
    chosen = s.turn.tray
    if chosen is None or chosen == tray:
        return None
    label = s.trains[chosen].label
    return (f"you are switching train {label} this Stage: the Moves are its alone, and your other "
            f"trains stay put until you switch with them another Stage")


def _may_switch(s: State, p: int, tray: int):
    """(the train in ``tray``, None) if the player may switch it now, else (train or None, why not):
    it stands in their Area, it is the Stage's one tray ([S1]), and its card allows switching."""
    tr = _train_of(s, p, tray)
    if tr is None:
        return None, f"Crew Tray {tray} is not in your Office Area"
    problem = _other_tray(s, tray) or fire(s, "switch_problem", tr, train=tr)
    return tr, problem


def _check_move(s: State, p: int, m: Move) -> str | None:
    tr, problem = _may_switch(s, p, m.tray)
    if problem:
        return problem
    if s.turn.moves_left < 1 and not _continuing(s, m):
        return "you have used all your Moves this Stage; set out cars or 'end'"
    area = area_of(s, p)
    paths = switching.reach(s, tr.seat, area, tr, m.direction)
    if m.to not in paths:
        return switching.why_not_reach(s, tr.seat, area, tr, m.direction, m.to)
    path = paths[m.to]
    cost = _move_cost(s, m, path)
    extra = switching.entry_moves(s, tr.seat, tr, path)
    if s.turn.moves_left < cost + extra:
        left = s.turn.moves_left
        if cost and _continuing(s, m):  # [S1]: going round again is a new Move
            x, y = _passed_again(s, m, path)
            return (f"train {tr.label} already ran onto {x},{y} that way on this Move, so going round again "
                    f"is a new Move: that takes {cost + extra} Move{'s' if cost + extra != 1 else ''} and you have "
                    f"{left} left")
        return (f"that Move takes {cost + extra} Moves (the cards laid on its way cost {extra} more) and you have "
                f"{left} left")  # [O8]
    return None


def _continuing(s: State, m: Move) -> bool:
    """Whether ``m`` goes on the same way with the same tray as the Move before it ([S1])."""
    return s.turn.last_move == (m.tray, m.direction)


def _passed_again(s: State, m: Move, path: list):
    """The first card ``m`` would run onto by a stretch of track (the card entered by the same end)
    that the current Move has already run over, or None ([S1])."""
    return next((xy for xy, port in switching.stretches(path, m.direction) if (xy, port) in s.turn.passed), None)


def _move_cost(s: State, m: Move, path: list) -> int:
    """[S1]: 0 if ``m`` continues the current Move (same tray, same way, and over no stretch of track
    that Move has already run over: a train cannot go round a loop for free), else 1 for a new Move."""
    if _continuing(s, m) and _passed_again(s, m, path) is None:
        return 0
    return 1


def _check_setout(s: State, p: int, so: SetOut) -> str | None:
    tr, problem = _may_switch(s, p, so.tray)
    if problem:
        return problem
    if tr.pos == (0, 0):
        return "cars may not be left on the Office: there is a passenger platform there"
    side = tr.ahead if so.end == "front" else tr.behind
    if so.count < 1 or so.count > len(side):
        return (f"train {tr.label} has {len(side)} car{'s' if len(side) != 1 else ''} "
                f"{'ahead of' if so.end == 'front' else 'behind'} its engine")
    area = area_of(s, p)
    here = len(area.grid[tr.pos].cars)
    if here + so.count > CAR_LIMIT:
        return f"a card holds at most four standing cars; {here} already stand here"
    return fire(s, "setout_problem", tr, side[-so.count:], train=tr)


# --------------------------------------------------------------------------- apply


def _select(s: State, p: int, tray: int, ev: Events, moves: str) -> None:
    """[S1]: the Crew Tray that gets this Stage's Moves."""
    s.turn.tray = tray
    ev.say("option", f"{name(s, p)} switches train {s.trains[tray].label}{moves}.",
           data={"tray": tray, "train": s.trains[tray].label})


def apply(s: State, it, ev: Events) -> None:
    if _grade_pending(s):
        _choose_grade(s, it, ev)
        return
    p = actor(s)
    t = s.turn
    who = name(s, p)
    if t.option is None:
        if isinstance(it, Switch):
            t.option = Option.SWITCH
            t.moves_left = moves_for(s, p)
            trays = _switchable_here(s, trains_in_area(s, s.players[p].seat))
            if len(trays) == 1:
                _select(s, p, trays[0].tray, ev, f" ({t.moves_left} Moves)")
            else:
                ev.say("option", f"{who} switches ({t.moves_left} Moves): the first Move or set-out "
                       f"picks the train that gets them.")
        elif isinstance(it, Draw):
            t.option = Option.DRAW
            drawing.draw(s, p, it, ev)
        elif isinstance(it, Agent):
            _agent(s, p, it, ev)
            _next_turn(s)
        return
    if isinstance(it, End):
        if t.option == Option.SWITCH:
            ev.say("option", f"{who} ends switching.")
        else:
            n = len(s.players[p].hand)
            ev.say("option", f"{who} ends the draw holding {n} card{'s' if n != 1 else ''}.")
        _next_turn(s)
        return
    if isinstance(it, (Move, SetOut) + YARD_WORK) and t.tray is None:
        _select(s, p, it.tray, ev, "")
    if isinstance(it, Move):
        _move(s, p, it, ev, None)
    elif isinstance(it, SetOut):
        tr = s.trains[it.tray]
        block = switching.set_out(area_of(s, p), tr, it.end, it.count)
        fire(s, "cars_switched", tr, tuple(tr.pos), block, "set_out", train=tr)
        ev.say("set_out", f"Train {tr.label} sets out {len(block)} car{'s' if len(block) != 1 else ''} "
               f"from its {it.end} at {tr.pos[0]},{tr.pos[1]}.")
    elif isinstance(it, YARD_WORK):
        _yard_work(s, p, it, ev)
    elif isinstance(it, (Play, Discard)):
        drawing.apply_card(s, p, it, ev)
        if has_orders(s.config):  # an industry built today turns up its order at once ([L8])
            new_industries(s, ev)


def apply_move(s: State, it: Move, ev: Events, path: list) -> None:
    """A Move ([S1]) along ``path``, the cards ``switching.reach`` gives for ``it.to`` in this very
    position: for a caller that has just walked the rail from here (the bots' Sandbox, which tries
    every Move a train can make) instead of walking it again. Otherwise the same as ``apply``."""
    if _grade_pending(s) or s.turn.option is None:
        apply(s, it, ev)
        return
    p = actor(s)
    if s.turn.tray is None:
        _select(s, p, it.tray, ev, "")
    _move(s, p, it, ev, path)


def _move(s: State, p: int, it: Move, ev: Events, path: list | None) -> None:
    """[S1] the Move: its cost, the stretches it runs over, the cars it couples."""
    t = s.turn
    tr = s.trains[it.tray]
    area = area_of(s, p)
    if path is None:
        path = switching.reach(s, tr.seat, area, tr, it.direction)[it.to]
    new = _move_cost(s, it, path)
    again = _passed_again(s, it, path) if _continuing(s, it) else None
    cost = new + switching.entry_moves(s, tr.seat, tr, path)
    t.moves_left -= cost
    t.last_move = (it.tray, it.direction)
    t.passed = ([] if new else t.passed) + switching.stretches(path, it.direction)
    coupled = switching.move(s, tr.seat, area, tr, it.direction, path)
    extra = f", coupling {len(coupled)} car{'s' if len(coupled) != 1 else ''}" if coupled else ""
    cont = " (same Move)" if cost == 0 else (f" (a new Move: it has been round to {again[0]},{again[1]} already)"
                                             if again else "")
    ev.say("move", f"Train {tr.label} moves {it.direction} to {it.to[0]},{it.to[1]}{extra}{cont}; "
           f"{t.moves_left} Move{'' if t.moves_left == 1 else 's'} left.")


# --------------------------------------------------------------------------- yard work ([K3]-[K5])

#: the switching a train does standing on a yard card, one Move each: sort on a Small Yard, fly on a
#: Flying Switch, exchange on an Interchange
YARD_WORK = (Sort, Fly, Exchange)
#: the card's ``local_action`` each intent needs, and the card's name for the why-nots
_WORK_CARD = {Sort: ("sort", "a Small Yard"), Fly: ("fly", "a Flying Switch"), Exchange: ("exchange", "an Interchange")}


def _yard_work_candidates(s: State, area, tr):
    """The sorts, flying switches or exchanges to try for a train on a yard card (none elsewhere)."""
    action = switching.local_action(s, area, tr)
    if action == "sort":
        cars = tr.cars
        if len(cars) > 1:
            for order in permutations(cars):
                if list(order) != cars:
                    yield Sort(tr.tray, order)
    elif action == "fly":
        for to in sorted(switching.fly_targets(s, tr.seat, area, tr)):
            for n in range(1, len(tr.behind) + 1):
                yield Fly(tr.tray, n, to)
    elif action == "exchange":
        here = area.grid[tr.pos].cars
        for leave in _subsets(tr.cars):
            for take in _subsets(here):
                if leave or take:
                    yield Exchange(tr.tray, leave, take)


def _subsets(cars) -> list:
    """Every subset of ``cars`` as a tuple in rolling-stock order (as an Exchange writes them)."""
    ordered = sorted(cars, key=PIECE_ORDER.__getitem__)
    return [c for k in range(len(ordered) + 1) for c in combinations(ordered, k)]


def _check_yard_work(s: State, p: int, it) -> str | None:
    tr, problem = _may_switch(s, p, it.tray)
    if problem:
        return problem
    area = area_of(s, p)
    action, card = _WORK_CARD[type(it)]
    if switching.local_action(s, area, tr) != action:
        here = "the Office" if tr.pos == (0, 0) else f"the {spec_of(s, area.grid[tr.pos].card).name}"
        what = {"sort": "sorts its cars", "fly": "makes a flying switch", "exchange": "exchanges cars"}[action]
        return f"train {tr.label} stands on {here}; a train {what} standing on {card}"
    if s.turn.moves_left < 1:
        return f"you have used all your Moves this Stage; {_WORK_WORDS[action]} takes one"
    if isinstance(it, Sort):
        return _sort_problem(tr, it)
    if isinstance(it, Fly):
        return _fly_problem(s, area, tr, it)
    return _exchange_problem(s, area, tr, it)


def _car_words(cars) -> str:
    """Cars as a player names them: 'the empty hopper HE2, the caboose K1'."""
    return ", ".join(f"the {PIECES[c]}" for c in cars)


_WORK_WORDS = {"sort": "sorting a train", "fly": "a flying switch", "exchange": "an exchange"}


def _sort_problem(tr, it: Sort) -> str | None:
    cars = tr.cars
    if sorted(it.cars) != sorted(cars):
        named = ", ".join(cars) if cars else "no cars"
        return f"name each of train {tr.label}'s cars once, from the front to the rear ({named})"
    if list(it.cars) == cars:
        return f"train {tr.label}'s cars are already in that order"
    return None


def _fly_problem(s: State, area, tr, it: Fly) -> str | None:
    if not tr.behind:
        return f"train {tr.label} has no cars behind its engine to roll off"
    if not 1 <= it.count <= len(tr.behind):
        return f"train {tr.label} has {len(tr.behind)} car{'s' if len(tr.behind) != 1 else ''} behind its engine"
    x, y = it.to
    targets = switching.fly_targets(s, tr.seat, area, tr)
    if it.to not in targets:
        placed = area.grid.get(it.to)
        if placed is None or it.to not in area.facilities or it.to == (0, 0):
            what = f"the {spec_of(s, placed.card).name}" if placed else "nothing"
            return f"a flying switch rolls cars into a Freight Facility; {x},{y} holds {what}"
        if area.facilities[it.to].locked:
            return f"the {spec_of(s, placed.card).name} at {x},{y} is locked while a load is on its MEN | AT | WORK track"
        return (f"the Flying Switch's leg does not lead to the {spec_of(s, placed.card).name} at {x},{y} "
                "(the cut rolls off the leg only, over rail with no train and no cars on it)")
    here = len(area.grid[it.to].cars)
    if here + it.count > CAR_LIMIT:
        return f"a card holds at most four standing cars; {here} already stand at {x},{y}"
    return fire(s, "setout_problem", tr, tr.behind[-it.count:], train=tr)


def _exchange_problem(s: State, area, tr, it: Exchange) -> str | None:
    here = area.grid[tr.pos].cars
    stray = [c for c in it.leave if c not in tr.cars]
    if stray:
        return f"train {tr.label} does not carry {stray[0]}"
    stray = [c for c in it.take if c not in here]
    if stray:
        return f"{stray[0]} does not stand on the Interchange"
    after = len(tr.cars) - len(it.leave) + len(it.take)
    if after > CAR_LIMIT:
        return f"train {tr.label} would carry {after} cars; a Crew Tray holds at most four"
    standing = len(here) - len(it.take) + len(it.leave)
    if standing > CAR_LIMIT:
        return f"{standing} cars would stand on the Interchange; a card holds at most four"
    if it.leave:
        problem = fire(s, "setout_problem", tr, list(it.leave), train=tr)
        if problem:
            return problem
    if it.take:
        return fire(s, "pickup_problem", tr, tr.pos, list(it.take), train=tr)
    return None


def _yard_work(s: State, p: int, it, ev: Events) -> None:
    """Sort, fly or exchange: one Move of the selected tray; the next Move starts afresh ([K2])."""
    t = s.turn
    tr = s.trains[it.tray]
    area = area_of(s, p)
    t.moves_left -= 1
    t.last_move = None
    t.passed = []
    left = f"{t.moves_left} Move{'' if t.moves_left == 1 else 's'} left"
    if isinstance(it, Sort):
        switching.sort(tr, it.cars)
        ev.say("sort", f"Train {tr.label} sorts its cars on the Small Yard: {_car_words(it.cars)}, from the front; "
               f"{left}.", data={"tray": tr.tray, "cars": list(it.cars)})
    elif isinstance(it, Fly):
        direction, _ = switching.fly_targets(s, tr.seat, area, tr)[it.to]
        cut = switching.fly(area, tr, it.count, it.to, direction)
        where = spec_of(s, area.grid[it.to].card).name
        ev.say("fly", f"Train {tr.label} makes a flying switch: {len(cut)} car{'s' if len(cut) != 1 else ''} "
               f"roll{'s' if len(cut) == 1 else ''} into the {where} at {it.to[0]},{it.to[1]}; {left}.",
               data={"tray": tr.tray, "cars": list(cut), "to": list(it.to)})
    else:
        gone, got = switching.exchange(s, area, tr, it.leave, it.take)
        said = []
        if gone:
            said.append(f"leaves {_car_words(gone)}")
        if got:
            said.append(f"takes {_car_words(got)}")
        ev.say("exchange", f"Train {tr.label} {' and '.join(said)} at the Interchange; {left}.",
               data={"tray": tr.tray, "left": gone, "taken": got})
