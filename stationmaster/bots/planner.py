"""The planner: a steady player's strategy, one scored heuristic per kind of decision.

What a good player does, in order of what pays: keep the Office clear and the trains made up (a
collision costs 5); upgrade the Office (Porters and passenger boxes); put passenger trains on the
timetable; stock the green boxes a coming train can be boarded from and clear the red boxes its
passengers will detrain into; build industries a train can reach and switch empties and loads to
them; and let Porters and Laborers do every piece of work they can. The planner reads only what its
player can see (the table, its own hand, public piles) and is deterministic: the same game gives the
same decision. Each decision says why in a player's words.
"""

from __future__ import annotations

from ..cards import PIECES, spec as card_spec
from ..cards.kinds import TIMETABLE_CAP
from ..flow import Option as TurnOption, Phase, Where
from ..phases.drawing import offered
from ..intents import Agent, Board, Clearance, Detrain, Discard, Draw, End, Move, Place, Run, SetOut, Switch, Work
from ..query import CAR_LIMIT, card_order, ad_tracks, capacity, departure_problem, outbound_loads, spotted_empties
from .base import Bot, Decision, Option, check_options, register
from .plays import best_play, card_worth, spotting_facing
from ..phases import local_ops
from .sandbox import area_value, moves as _moves, switching_start, try_step as _try
from .switchsearch import search_switching
from .view import View

SWITCH_NODES = 60  # industry visits and set-outs tried per switching plan (each on a game copy)
DEEP_NODES = 50  # more positions tried to cut cars out or run round them, when the plain visits spot nothing
def _home(g, seat, tray, path, out, via: bool = True, pickup=None):
    """Finish a plan by bringing the train back onto the Office's A/D track (either way), if need
    be by way of one card where it reverses (out of a spur reached by a trailing point); with
    ``pickup``, also by way of that card, to couple the cars the plan set out there first."""
    if pickup is not None and g.state.areas[seat].grid[pickup].cars:
        _collect(g, seat, tray, path, out, pickup)
    found = False
    for d in ("east", "west"):
        if (0, 0) in _moves(g, seat, tray, d):
            h = _try(g, Move(tray, d, (0, 0)))
            if h is not None:
                out.append((h, path + [Move(tray, d, (0, 0))]))
                found = True
    if found or not via:
        return
    for d in ("east", "west"):
        for xy in _moves(g, seat, tray, d):
            h = _try(g, Move(tray, d, xy))
            if h is not None:
                _home(h, seat, tray, path + [Move(tray, d, xy)], out, via=False)


def _collect(g, seat, tray, path, out, pickup, via: bool = True) -> None:
    """``_home`` by way of ``pickup`` (straight there, or reversing once on the way), coupling the
    cars the plan set out there."""
    for d in ("east", "west"):
        for xy in _moves(g, seat, tray, d):
            if xy != pickup and not via:
                continue
            h = _try(g, Move(tray, d, xy))
            if h is None:
                continue
            if xy == pickup:
                _home(h, seat, tray, path + [Move(tray, d, xy)], out)
            elif xy not in g.state.areas[seat].facilities:
                _collect(h, seat, tray, path + [Move(tray, d, xy)], out, pickup, via=False)


def _useful(v: View, xy, cars) -> bool:
    """Does this block of cars hold one the industry at ``xy`` can work?"""
    sp = v.spec(v.area.grid[xy].card)
    return any(PIECES[c].kind == sp.car and (PIECES[c].loaded and sp.inbound or not PIECES[c].loaded and sp.outbound)
               for c in cars)


def _set_outs(v: View, g, seat, tray, xy, path, out, pickup=None) -> int:
    """Plans that set out a block the industry at ``xy`` can work, then go back; returns tries. The
    block's inner car (the one nearest the engine) is one the industry works: a longer block would
    only add cars it cannot work to its spur."""
    tr = g.state.trains[tray]
    tries = 0
    for end, side in (("front", tr.ahead), ("rear", tr.behind)):
        for n in range(1, len(side) + 1):
            if not _useful(v, xy, [side[-n]]):  # the block's inner car: a larger block than the last
                continue  # useful car needs only adds cars the industry cannot work
            k = _try(g, SetOut(tray, end, n))
            tries += 1
            if k is not None:
                _home(k, seat, tray, path + [SetOut(tray, end, n)], out, pickup=pickup)
    return tries


def _visits(v: View, g, seat, tray, path, out, budget: list, pickup=None) -> None:
    """Plans from ``g`` that reach an industry spur (head-on, or by a trailing point: out past the
    turnout and back into the spur), set out a block it works (or just couple the finished cars),
    and come back. The Move out past the turnout may end in another spur: two spurs laid at either
    end of a turnout the train reaches by its diagonal leg are one Move apart, and the far one is
    reached only by running into the near one engine first and backing across the turnout (the
    cars then go in first: how a train facing the near spur's way spots the far one). ``budget``
    ([tries left]) bounds the positions tried."""
    inds = set(v.industries())
    for d in ("east", "west"):
        for xy in _moves(g, seat, tray, d):
            if budget[0] <= 0:
                return
            h = _try(g, Move(tray, d, xy))
            budget[0] -= 1
            if h is None:
                continue
            path1 = path + [Move(tray, d, xy)]
            if xy in inds:
                _home(h, seat, tray, path1, out, pickup=pickup)
                budget[0] -= _set_outs(v, h, seat, tray, xy, path1, out, pickup)
            for d2 in ("east", "west"):  # a trailing point: out past the turnout (or into the spur
                for xy2 in _moves(h, seat, tray, d2):  # across it, engine first), back into the spur
                    if xy2 not in inds or xy2 == xy or budget[0] <= 0:
                        continue
                    k = _try(h, Move(tray, d2, xy2))
                    budget[0] -= 1
                    if k is None:
                        continue
                    path2 = path1 + [Move(tray, d2, xy2)]
                    _home(k, seat, tray, path2, out, pickup=pickup)
                    budget[0] -= _set_outs(v, k, seat, tray, xy2, path2, out, pickup)


def _wanted(v: View) -> set:
    """(car kind, loaded) pairs one of the player's reachable, unlocked industries works and has room
    for (a spur holds four cars, [S5]: a full one takes no car, however the train is switched)."""
    want = set()
    for xy in v.industries():
        if v.area.facilities[xy].locked or len(v.area.grid[xy].cars) >= CAR_LIMIT:
            continue
        sp = v.spec(v.area.grid[xy].card)
        if sp.inbound:
            want.add((sp.car, True))
        if sp.outbound:
            want.add((sp.car, False))
    return want


def _spur_cars(v: View) -> tuple:
    """(cars on industry spurs that the industry can work, cars there it cannot: a caboose, a car
    of another kind), counting loads and empties as ``_useful`` does."""
    works = junk = 0
    for xy in v.industries(False):
        for c in v.area.grid[xy].cars:
            if _useful(v, xy, [c]):
                works += 1
            elif PIECES[c].kind != v.spec(v.area.grid[xy].card).car:
                junk += 1
    return works, junk


def _cut_out(v: View, g, seat, tray, want, out, budget: list, moving: bool = True) -> None:
    """Plans that first set a block out on a siding (off the Running Track and the industries), then
    visit an industry. Two patterns: a block of cars no industry here works (the caboose, say) comes
    off the outer end so that the useful car behind it is the one shoved into the spur (the trailing
    point of v0.2 A.5, its first step); or the block holding the useful cars is left for the engine
    to run round by another way (a Run-around, A.5's facing point) and couple them on its nose,
    turned, to shove them into a spur the train faced the wrong way for. Last, where no siding
    serves, the junk is cut out on a Running Track card beside the Office for the Stage: the plan
    spots the car and comes back for the cut before it ends (cars left on the Running Track cost
    most in ``area_value``, so only a plan that fetches them pays)."""
    inds = set(v.industries())
    facing = g.state.trains[tray].direction

    def works(cars):
        return any((PIECES[c].kind, PIECES[c].loaded) in want for c in cars)

    here = g.state.trains[tray].pos
    stops = [(None, here)]  # set out where it stands
    if moving:  # (a train part way through a plan sets out where it stands, or not at all)
        stops += [(d, xy) for d in ("east", "west") for xy in _moves(g, seat, tray, d)]
    stops = [(d, xy) for d, xy in stops if xy not in inds and xy != (0, 0)]
    siding = [(d, xy) for d, xy in stops if xy[1] != 0]  # off the Running Track
    running = [(d, xy) for d, xy in stops if xy[1] == 0]  # on it, for the Stage: the plan comes back for the cut

    def reach_them(stops):
        reached = []
        for d, xy in stops:
            if d is None:
                reached.append((xy, g, []))
            elif budget[0] > 0:
                h = _try(g, Move(tray, d, xy))
                budget[0] -= 1
                if h is not None:
                    reached.append((xy, h, [Move(tray, d, xy)]))
        return reached

    def cuts(reached, turning):
        for xy, h, first in reached:
            tr = h.state.trains[tray]
            for end, side in (("rear", tr.behind), ("front", tr.ahead)):
                for n in range(1, len(side) + 1):
                    block, rest = side[-n:], side[:-n] + (tr.ahead if end == "rear" else tr.behind)
                    if budget[0] <= 0:
                        return
                    if not turning and not works(block) and works(rest):  # drop the junk, spot the rest
                        k = _try(h, SetOut(tray, end, n))
                        budget[0] -= 1
                        if k is not None:
                            _visits(v, k, seat, tray, first + [SetOut(tray, end, n)], out, budget, pickup=xy)
                    elif turning and end == "rear" and works(block):  # leave the cut, run round it
                        k = _try(h, SetOut(tray, end, n))
                        budget[0] -= 1
                        if k is not None:
                            _run_round(v, k, seat, tray, xy, facing, first + [SetOut(tray, end, n)], out, budget)

    reached = reach_them(siding)
    cuts(reached, False)  # the caboose cut out first: shorter plans, and the commoner need
    cuts(reached, True)
    cuts(reach_them(running), False)  # last, the cut left on the Running Track while the train spots


def _run_round(v: View, g, seat, tray, cut_at, facing, path, out, budget: list) -> None:
    """The engine, its cut left at ``cut_at``, runs round by another way (one or two Moves) and comes
    back onto it moving forward, coupling it on its nose; then it shoves on into an industry spur
    and sets out the block the industry works there (turning the cars, v0.2 A.5 facing point)."""
    inds = set(v.industries())

    def onto_the_cut(b, steps):
        if cut_at not in _moves(b, seat, tray, facing) or budget[0] <= 0:
            return
        c = _try(b, Move(tray, facing, cut_at))
        budget[0] -= 1
        if c is None or not c.state.trains[tray].ahead:
            return
        steps = steps + [Move(tray, facing, cut_at)]
        for xy in _moves(c, seat, tray, facing):
            if xy in inds and budget[0] > 0:
                k = _try(c, Move(tray, facing, xy))
                budget[0] -= 1
                if k is not None:
                    budget[0] -= _set_outs(v, k, seat, tray, xy, steps + [Move(tray, facing, xy)], out)

    for d in ("east", "west"):
        for y in _moves(g, seat, tray, d):
            if y == cut_at or budget[0] <= 0:
                continue
            b = _try(g, Move(tray, d, y))
            budget[0] -= 1
            if b is None or b.state.trains[tray].ahead:
                continue
            steps = path + [Move(tray, d, y)]
            onto_the_cut(b, steps)
            for d2 in ("east", "west"):
                for z in _moves(b, seat, tray, d2):
                    if z in (cut_at, y) or budget[0] <= 0:
                        continue
                    c = _try(b, Move(tray, d2, z))
                    budget[0] -= 1
                    if c is not None:
                        onto_the_cut(c, steps + [Move(tray, d2, z)])


def plan_switching(game, nodes: int = SWITCH_NODES, deep: int | None = None, search_width: int = 0):
    """A switching plan from a steady player's patterns, each tried on game copies: bring a stray
    train back to the Office; run a train at the Office into an industry spur (in one Move, or two:
    out past a turnout, or into one spur and back across its turnout into another), set out the
    cars that industry works (or just couple the finished ones) and come back; a train part way
    through a plan (on a siding or a spur) goes on from there the same ways; and, when those spot no
    car an industry works or leave a car it cannot work on its spur (the caboose, mostly), cut the
    caboose or other cars out first, or run round the cut to turn it (``_cut_out``, at most
    ``deep`` more positions tried). (gain, intents)."""
    deep = DEEP_NODES if deep is None else deep
    v0, seat, base, start = switching_start(game)
    finals = []
    inds = set(v0.industries())
    budget = [nodes]
    # cars a plan set out on the way (the caboose cut out, say): the plan goes back for them
    left = sorted((xy[1] != 0, xy) for xy, p in v0.area.grid.items()
                  if p.cars and xy != (0, 0) and xy not in v0.area.facilities)
    pickup = left[0][1] if left else None
    for t in v0.switchable():
        if t.pos != (0, 0):
            _home(start, seat, t.tray, [], finals, pickup=pickup)
            if t.pos in inds:  # part way through a visit: set out here, then back
                _set_outs(v0, start, seat, t.tray, t.pos, [], finals, pickup)
            for d in ("east", "west"):  # or out to where it can turn back
                for xy in _moves(start, seat, t.tray, d):
                    h = _try(start, Move(t.tray, d, xy))
                    if h is not None:
                        _home(h, seat, t.tray, [Move(t.tray, d, xy)], finals)
            # part way through a plan: on to an industry from here (from a spur too: out of it engine
            # first and back into the spur across the turnout)
            _visits(v0, start, seat, t.tray, [], finals, budget, pickup)
            continue
        if pickup is not None:  # back at the Office with a cut still set out: fetch it
            _home(start, seat, t.tray, [], finals, pickup=pickup)
        if v0.overflow():  # park it off the A/D track, clear of the Running Track (an industry's spur
            for d in ("east", "west"):  # will do: a collision costs more than a Stage of its work)
                for xy in _moves(start, seat, t.tray, d):
                    if xy[1] != 0:
                        h = _try(start, Move(t.tray, d, xy))
                        if h is not None:
                            finals.append((h, [Move(t.tray, d, xy)]))
        _visits(v0, start, seat, t.tray, [], finals, budget, pickup)
    best, best_state = _best(finals, base)
    before = _spur_cars(v0)
    after = _spur_cars(View(best_state)) if best_state is not None else before
    if deep > 0 and (after[0] <= before[0] or after[1] > before[1]):  # nothing spotted, or junk left on a spur
        want = _wanted(v0)
        more = []
        budget = [deep]
        for t in v0.switchable():
            standing = v0.area.grid[t.pos].cars if t.pos != (0, 0) and t.pos not in inds else []
            if any((PIECES[c].kind, PIECES[c].loaded) in want for c in t.cars):
                _cut_out(v0, start, seat, t.tray, want, more, budget, moving=t.pos == (0, 0))
            if any((PIECES[c].kind, PIECES[c].loaded) in want for c in standing):  # part way round its cut
                _run_round(v0, start, seat, t.tray, t.pos, t.direction, [], more, budget)
        if more:
            deeper, _ = _best(more + [(best_state, best[1])] if best_state is not None else more, base)
            best = deeper
    if search_width:  # a turn that chains the patterns: the search finds it (bots/switchsearch.py)
        found = search_switching(game, width=search_width)
        if found[0] > best[0] + 1e-9:
            best = found
    return best


def _switch_key(game) -> tuple:
    """What a switching plan is made from, in short (the Stage, the trains and the cars standing in
    the Office Area): the planner's check that a plan it made a moment ago is for this position."""
    s = game.state
    trains = tuple(sorted((t.tray, t.where, t.seat, t.pos, t.direction, tuple(t.ahead), tuple(t.behind))
                          for t in s.trains.values()))
    cars = tuple((xy, tuple(p.cars)) for a in s.areas for xy, p in sorted(a.grid.items()) if p.cars)
    return s.day, s.stage, s.turn.index, trains, cars


def _best(finals, base):
    """The best (gain, plan) among the positions reached, and its position; ties to the plan first
    in text order, so that the choice does not depend on the order the plans were found."""
    best, state = (0.0, []), None
    for g, path in finals:
        val = area_value(View(g)) - base - 0.01 * len(path)
        if val > best[0] + 1e-9 or (abs(val - best[0]) < 1e-9 and best[1] and str(path) < str(best[1])):
            best, state = (val, path), g
    return best, state


# --------------------------------------------------------------------------- the Superintendent


def _line(s, train):
    """Regions a train at a Division Point or an Office runs through, in order, with the Office
    (seat) each card's far end leads to (None: the Division Point)."""
    n = len(s.mainline) - 1
    out = []
    if train.direction == "east":
        i = 0 if train.where == Where.DIVISION_POINT else train.seat + 1
        while i <= n:
            out += [((i, 0), None), ((i, 1), i if i < len(s.areas) else None)]
            i += 1
    else:
        i = n if train.where == Where.DIVISION_POINT else train.seat
        while i >= 0:
            out += [((i, 1), None), ((i, 0), i - 1 if i >= 1 else None)]
            i -= 1
    return out


def clearance_risk(s, train) -> str | None:
    """Why clearing a following train could end in a collision, or None when it is safe: the train
    ahead must be two regions on (one, if it moves first), and the next Office must have room."""
    line = _line(s, train)
    index = {pos: k for k, (pos, _) in enumerate(line)}
    for o in s.trains.values():
        if o.tray == train.tray or o.direction != train.direction:
            continue
        if o.where == Where.MAINLINE and o.pos in index:
            gap = index[o.pos]
            if gap < 1 or (gap < 2 and train.rank < o.rank):
                return f"train {o.label} is just ahead of it"
        elif o.where == Where.AREA and o.pos[1] == 0 and card_spec(s.areas[o.seat].office.card, s.deck).tier == 0:
            return f"train {o.label} stands at a Whistle Post ahead of it"
    for pos, seat in line:
        if seat is None:
            continue
        office = s.areas[seat]
        sp = card_spec(office.office.card, s.deck)
        if sp.tier >= 1:  # the Control Point ending the Subdivision: room for one more?
            there = sum(1 for o in s.trains.values() if o.where == Where.AREA and o.seat == seat and o.pos == (0, 0))
            coming = sum(1 for o in s.trains.values() if o.where == Where.MAINLINE and o.tray != train.tray
                         and _arrives_at(s, o, seat))
            if there + coming + 1 > ad_tracks(s, office):
                return f"the {sp.name} it runs to has no A/D track to spare"
            return None
    return None


def _arrives_at(s, train, seat) -> bool:
    i, r = train.pos
    return (train.direction == "east" and i <= seat) or (train.direction == "west" and i >= seat + 1)


# --------------------------------------------------------------------------- cards


def discard_dept(v: View) -> int:
    """The Department to discard to: the one whose top card is worth least to this player (an
    empty one first: it covers nothing). The board's one-click discard asks it too."""
    worst = None
    for k in (1, 2, 3):
        pile = v.s.departments[k - 1]
        w = card_worth(v, pile[-1]) if pile else -1
        if worst is None or w < worst[0]:
            worst = (w, k)
    return worst[1]


#: what the first car of a kind an industry works, and the train can spot there, adds to its place in a
#: make-up when freight pays more than a coach: it goes on ahead of the coaches
FIRST_FREIGHT_CAR = 1.0


# --------------------------------------------------------------------------- the bot


@register
class PlannerBot(Bot):
    """A steady player: builds the Office and reachable industries, stocks and clears boxes for the
    trains it can see coming, switches cars to the industries, and holds followers."""

    name = "planner"
    OPTIONS = (Option("switch_nodes", int, 1, 100_000,
                      help=f"industry visits and set-outs tried per switching plan (default {SWITCH_NODES})"),
               Option("search_width", int, 0, 1_000,
                      help="positions the switching search keeps a step, when the patterns are not enough "
                           "(0: patterns only; bots/switchsearch.py)"))
    #: the switching search's width by edition (0, or an edition not listed: the patterns alone). Under
    #: car orders ([L8], v5) a switching turn fills the Day's orders, and chaining the patterns pays:
    #: on tuning seeds 1-40 width 16 made 41.5 a game against the patterns' 36.8 (docs/balance.md);
    #: the editions before keep the play they were tuned with
    SEARCH_WIDTH = {"v5": 16, "v6": 16}

    def __init__(self, seed: int = 0, switch_nodes: int = SWITCH_NODES, follow_plans: bool = False,
                 search_width: int | None = None) -> None:
        super().__init__(seed)
        check_options(PlannerBot, {"switch_nodes": switch_nodes} if search_width is None else
                      {"switch_nodes": switch_nodes, "search_width": search_width})
        self.switch_nodes = switch_nodes
        self.search_width = search_width  # None: the edition's (``SEARCH_WIDTH``)

        #: follow the plan made when choosing to switch, step by step, instead of planning each step
        #: afresh (search's rollouts: a third of the work; the decision then depends on the bot's
        #: memory of that plan, so the planner a player meets plans afresh)
        self.follow_plans = follow_plans
        self._following = None  # (game, history length at the next step, the steps left)
        #: (game, history length, (gain, plan)) of the plan made to score the switch option: the
        #: plan's first step once the player has chosen to switch (the same plan, not made twice)
        self._planned = None

    def width(self, game) -> int:
        """The switching search's width for this game (the option given, else the edition's)."""
        if self.search_width is not None:
            return self.search_width
        table = self.SEARCH_WIDTH
        return table.get(game.state.config.balance, 0) if isinstance(table, dict) else table

    def decide(self, game) -> Decision:
        legal = self.legal(game)
        if len(legal) == 1:
            return Decision(legal[0], "the only thing to do")
        s = game.state
        v = View(game)
        pend = s.turn.pending
        if pend is not None:
            kind = pend.kind
            if kind == "clearance":
                return self._clearance(v, pend)
            if kind == "direction":
                return self._direction(v, pend)
            return self._makeup(v, legal, pend)
        if s.phase == Phase.LOAD_UNLOAD:
            return self._work(v, legal)
        if s.turn.option is None:
            return self._option(v, legal)
        if s.turn.option == TurnOption.SWITCH:
            return self._switch(v, legal)
        return self._draw(v, legal)

    # ---------------------------------------------------------------- Superintendent

    def _clearance(self, v: View, pend) -> Decision:
        s = v.s
        t = s.trains[pend.tray]
        ahead = ", ".join(pend.ahead)
        risk = clearance_risk(s, t)
        if risk is None:
            return Decision(Clearance(True), f"clears train {t.label}: train {ahead} is far enough ahead and "
                                             f"there is room where it arrives")
        return Decision(Clearance(False), f"holds train {t.label}: {risk}")

    # ---------------------------------------------------------------- New Train

    def _direction(self, v: View, pend) -> Decision:
        s = v.s
        n = len(s.areas)
        east = v.seat + 1  # Mainline cards to cross before reaching the Office, eastbound
        west = n - v.seat
        opposing = {"east": 0, "west": 0}
        for t in s.trains.values():
            if t.where == Where.MAINLINE:
                opposing["east" if t.direction == "west" else "west"] += 1
        spots = {"east": 0, "west": 0}  # industries it could shove cars into, facing each way
        consist = set(v.spec(pend.card).consist)
        for xy in v.industries():
            if v.spec(v.area.grid[xy].card).car in consist:
                spots[spotting_facing(v, xy)] += 1
        d = "east" if (-spots["east"], east, opposing["east"]) <= (-spots["west"], west, opposing["west"]) else "west"
        if spots[d]:
            return Decision(Run(d), f"sends the Extra {d}: facing {d} it can spot cars at "
                                    f"{spots[d]} industr{'y' if spots[d] == 1 else 'ies'} here")
        return Decision(Run(d), f"sends the Extra {d}: it reaches the Office soonest that way")

    def _makeup(self, v: View, legal, pend) -> Decision:
        wants = []
        green, red = (capacity(v.s, v.area, (0, 0)) if v.tier >= 1 else (0, 0))
        if v.tier >= 1:
            off = v.office
            wants.append((3.0 - len(off.red) / max(1, red), Place("coach", True), "loaded coach for passengers to detrain"))
            wants.append((2.0 + len(off.green), Place("coach", False), "empty coach to board passengers"))
        tr = v.s.trains.get(getattr(pend, "tray", None))  # a make-up names its tray (not a Heavy Grade)
        aboard = {(PIECES[c].kind, PIECES[c].loaded) for c in tr.cars} if tr is not None else set()
        for xy in v.industries():
            sp = v.spec(v.area.grid[xy].card)
            fits = 0.3 if tr is not None and spotting_facing(v, xy) == tr.direction else 0.0  # it can spot it
            for loaded, base, what in ((True, 2.5, "loaded"), (False, 2.4, "empty")):
                if not (sp.inbound if loaded else sp.outbound):
                    continue
                # a Day's freight pays more than a coach ([L6]): the first car for an industry the train
                # can spot goes on before the coaches
                first = FIRST_FREIGHT_CAR if v.freight > 1 and fits and (sp.car, loaded) not in aboard else 0.0
                wants.append((base + fits + first, Place(sp.car, loaded), f"{what} {sp.car} for the {sp.name}"))
        wants.sort(key=lambda w: -w[0])
        for _, it, why in wants:
            if it in legal:
                return Decision(it, f"puts a {why} on the train")
        ends = [i for i in legal if isinstance(i, End)]
        if ends:
            return Decision(ends[0], "runs the Extra with what it has")
        return Decision(legal[0], "places a car the train can take")

    # ---------------------------------------------------------------- Load/Unload

    def _work(self, v: View, legal) -> Decision:
        order = {"work": 0, "at": 1, "men": 2, "car": 3, "green": 4}
        best = None
        for it in legal:
            if isinstance(it, Detrain):
                key = (0, 0)
                why = f"detrains passengers from train {v.s.trains[it.tray].label} at the Office"
            elif isinstance(it, Board):
                key = (0, 1)
                why = f"boards passengers onto train {v.s.trains[it.tray].label} at the Office"
            elif isinstance(it, Work):
                key = (1, order[it.box], it.at)
                sp = v.spec(v.area.grid[it.at].card)
                load = v.area.facilities[it.at].pipeline.get(it.box)
                inbound = it.box == "car" or (load is not None and load[1] == "in")
                if it.box == "car":
                    why = f"starts unloading a loaded {sp.car} at the {sp.name}"
                elif it.box == "green":
                    why = f"starts a {sp.car} load from the green box at the {sp.name}"
                elif it.box == "work" and not inbound:
                    why = f"loads the empty {sp.car} at the {sp.name}"
                elif it.box == "men" and inbound:
                    why = f"puts an unloaded {sp.car} load in a red box at the {sp.name}"
                else:
                    why = f"moves a {sp.car} load on from {it.box.upper()} at the {sp.name}"
            else:
                continue
            if best is None or key < best[0]:
                best = (key, it, why)
        if best is None:
            return Decision(End(), "nothing more for the Porters and Laborers")
        return Decision(best[1], best[2])

    # ---------------------------------------------------------------- Local Operations

    def _option(self, v: View, legal) -> Decision:
        best = self.option_scores(v, legal)[0]
        return Decision(best[1], best[2])

    def option_scores(self, v: View, legal) -> list:
        """Every Local Operations option worth a thought, best first: (score, intent, reason)."""
        s = v.s
        options = []  # (score, intent, reason)
        legal_set = set(legal)
        # switching: a stuck train must be freed; cars may be worth spotting
        if Switch() in legal_set:
            need = self._switch_need(v)
            if need:
                gain, plan = plan_switching(v.game, self.switch_nodes, search_width=self.width(v.game))
                self._planned = (v.game, len(v.game.history), _switch_key(v.game), (gain, plan))
                if plan:
                    options.append((min(4.0, 0.6 + gain), Switch(), f"switches: {self._plan_words(v, plan)}"))
                    if self.follow_plans:
                        self._following = (v.game, len(v.game.history) + 1, list(plan))
        # the Office's passenger boxes
        if v.tier >= 1:
            green, red = capacity(s, v.area, (0, 0))
            soon = v.at_office() + v.arriving(2)
            empties = v.coaches(soon, False)
            loaded = v.coaches(soon, True)
            stock = Agent("stock", (0, 0))
            coach_trains = any("coach" in v.spec(c).consist for c in v.s.timetable.values())
            if stock in legal_set:
                if empties > len(v.office.green):
                    sc, why = 0.95, "stocks a green box at the Office: the coming train has empty coaches to board"
                else:
                    sc, why = (0.5 if coach_trains else 0.2), "stocks a green box at the Office ahead of the next passenger train"
                options.append((sc, stock, why))
            clear = Agent("clear", (0, 0))
            if clear in legal_set:
                free = red - len(v.office.red)
                if loaded > free:
                    sc, why = 0.9, "clears a red box at the Office: the coming train brings more passengers than there is room for"
                else:
                    sc, why = (0.45 if free == 0 else 0.4 if coach_trains else 0.05), \
                        "clears a red box at the Office so that passengers can detrain"
                options.append((sc, clear, why))
                if stock in legal_set and v.s.config.balance in local_ops.WHOLE_FACILITY_AGENT:
                    # [A3] stocking the Office clears its red boxes too: one action for both
                    (k, best), = [(i, o) for i, o in enumerate(options) if o[1] == stock]
                    options[k] = (max(best[0], sc) + 0.01, stock, best[2] + ", and clears its red boxes")
        # industries
        for xy in sorted(v.area.facilities):
            if xy == (0, 0):
                continue
            sp = v.spec(v.area.grid[xy].card)
            fac = v.area.facilities[xy]
            stock = Agent("stock", xy)
            if stock in legal_set:
                options.append((1.0, stock, f"stocks a {sp.car} load at the {sp.name} for the spotted empty"))
            clear = Agent("clear", xy)
            if clear in legal_set:
                full = len(fac.red) >= capacity(s, v.area, xy)[1]
                waiting = any(PIECES[c].kind == sp.car and PIECES[c].loaded for c in v.area.grid[xy].cars) \
                    or any(p and p[1] == "in" for p in fac.pipeline.values())
                sc = 0.92 if full and waiting else (0.4 if full else 0.05)
                options.append((sc, clear, f"clears a red box at the {sp.name}"))
        # drawing
        draw_score, draw_it, draw_why = self._draw_choice(v, legal_set)
        if draw_it is not None:
            options.append((draw_score, draw_it, draw_why))
        options.append((0.0, Agent("pass"), "nothing worth doing this Stage"))
        options.sort(key=lambda o: (-o[0], str(o[1])))
        return options

    def _draw_choice(self, v: View, legal_set):
        hand = v.player.hand
        build = 0.7 if v.tier < 1 else (0.55 if v.tier < 3 else 0.45)
        if v.tier >= 2 and len(v.s.timetable) >= TIMETABLE_CAP - 1 and len(v.industries(False)) >= 2:
            build = 0.3  # the Office is built: drawing is for what turns up
        if len(hand) >= 3 and all(card_worth(v, c) < 4 for c in hand):
            build -= 0.05
        best = None
        limit = 4 if any(c.startswith("RedFlag") for c in hand) else 3
        # a full hand keeps a taken card only if it is worth more than the least card in it (else
        # it is discarded back at once, and the same card taken again every Stage)
        floor = min((card_worth(v, c) for c in hand if not c.startswith("RedFlag")), default=0.0) \
            if len(hand) >= limit else 0.0
        for k in (1, 2, 3):
            it = Draw(k)
            if it in legal_set:
                top = v.s.departments[k - 1][-1]
                w = card_worth(v, top)
                if w >= 6 and w > floor and (best is None or w > best[0]):
                    best = (w, it, f"takes the {v.spec(top).name} from Department {k}")
        if best is not None:
            return build + 0.1, best[1], best[2]
        if Draw("home") in legal_set:
            return build, Draw("home"), "draws from the Home Office to build"
        return 0.0, None, ""

    def _switch_need(self, v: View) -> bool:
        """Worth planning a switch: a train off the Office or not made up, cars fouling the Running
        Track, a car on a train for an industry, or a spur full of finished cars."""
        for t in v.switchable():
            if t.pos != (0, 0) or departure_problem(v.s, t):
                return True
        if any(p.cars for xy, p in v.area.grid.items() if xy[1] == 0) or v.overflow():
            return True
        if not v.at_office():
            return False
        want = set()
        for xy in v.industries():
            sp = v.spec(v.area.grid[xy].card)
            fac = v.area.facilities[xy]
            cars = v.area.grid[xy].cars
            if fac.locked:
                continue
            if len(cars) >= 3:
                return True
            if v.order_left(xy, "out") and any(c in fac.loaded_here for c in cars):
                return True  # [L8] loads to pull for the Day's order
            empties = spotted_empties(v.s, v.area, xy)
            if sp.outbound and (empties <= len(fac.green) + outbound_loads(fac)
                                or empties < v.order_left(xy, "out")):  # [L8] the Day's order wants more
                want.add((sp.car, False))
            loads = sum(1 for c in cars if PIECES[c].kind == sp.car and PIECES[c].loaded)
            if sp.inbound and (not loads or loads < v.order_left(xy, "in")):
                want.add((sp.car, True))
        return any((PIECES[c].kind, PIECES[c].loaded) in want for t in v.switchable() if t.pos == (0, 0)
                   for c in t.cars)

    def _plan_words(self, v: View, plan) -> str:
        """The plan as a player would say it: which train, where, and what for."""
        first = plan[0]
        label = v.s.trains[first.tray].label
        stops = [i.to for i in plan if isinstance(i, Move) and i.to != (0, 0)]
        at, spots = v.s.trains[first.tray].pos, []  # where the cars are set out (across a turnout, the
        for i in plan:  # second spur the train reaches, not the first)
            if isinstance(i, Move):
                at = i.to
            elif isinstance(i, SetOut):
                spots.append(at)
        where = ""
        stop = next((xy for xy in spots if xy in v.area.facilities), stops[0] if stops else None)
        if stop in v.area.facilities:
            where = f" at the {v.spec(v.area.grid[stop].card).name}"
            orders = v.area.facilities[stop].orders  # [L8] what the cars are for, in the board's words
            short = [f"{n - done} more {'load' if n - done == 1 else 'loads'} {w}" for w, (n, done) in orders.items()
                     if done < n]
            if short:
                where += f", whose order for today wants {' and '.join(short)}"
        home = isinstance(plan[-1], Move) and plan[-1].to == (0, 0)
        pulled = self._pulled(v, plan)
        if pulled:  # [L8] loads pulled to ship: the order out fills as they leave the Area
            (xy, n), = list(pulled.items())[:1]
            sp = v.spec(v.area.grid[xy].card)
            left = v.order_left(xy, "out")
            return (f"train {label} pulls {n} {sp.car} load{'s' if n > 1 else ''} from the {sp.name} to ship "
                    f"them (its order for today wants {left} more load{'s' if left > 1 else ''} out)")
        if any(isinstance(i, SetOut) for i in plan):
            return f"train {label} sets out cars{where} and comes back to the Office"
        if stops and home:
            return f"train {label} picks up the cars{where} and comes back to the Office"
        if home:
            return f"train {label} goes back onto the Office's A/D track"
        return f"train {label} pulls off the A/D track so the arriving train has room"

    @staticmethod
    def _pulled(v: View, plan) -> dict:
        """{industry spot: loads loaded there that the plan brings aboard} for industries whose order
        out is open ([L8]): the plan played on a Sandbox."""
        _, _, _, g = switching_start(v.game)
        for it in plan:
            g = _try(g, it)
            if g is None:
                return {}
        aboard = {c for t in g.state.trains.values() if t.where == Where.AREA and t.seat == v.seat for c in t.cars}
        before = {c for t in v.trains_here() for c in t.cars}
        out = {}
        for xy, fac in sorted(v.area.facilities.items()):
            n = sum(1 for c in fac.loaded_here if c in aboard and c not in before)
            if n and xy != (0, 0) and v.order_left(xy, "out"):
                out[xy] = n
        return out

    def _switch(self, v: View, legal) -> Decision:
        """Each step is planned afresh from the position (no memory between decisions), so a
        decision depends on the game alone, after an undo or a reload too."""
        game = v.game
        f = self._following
        if f is not None and f[0] is game and f[1] == len(game.history) and (not f[2] or f[2][0] in legal):
            if not f[2]:
                self._following = None
                return Decision(End(), "ends switching: the plan is done")
            it = f[2][0]
            self._following = (game, f[1] + 1, f[2][1:])
            return Decision(it, "follows the switching plan")
        p = self._planned
        if p is not None and p[0] is game and p[1] + 1 == len(game.history) and game.history[-1] == Switch() \
                and p[2] == _switch_key(game):
            gain, plan = p[3]  # planned a moment ago, to choose to switch: the same position but the option
        else:
            gain, plan = plan_switching(game, self.switch_nodes, search_width=self.width(game))
        self._planned = None
        if not plan or plan[0] not in legal:
            return Decision(End(), "ends switching: the cars stand where they do the most good")
        it = plan[0]
        label = game.state.trains[it.tray].label
        if isinstance(it, Move):
            where = "back onto the Office's A/D track" if it.to == (0, 0) else f"to {it.to[0]},{it.to[1]}"
            why = f"moves train {label} {it.direction} {where}"
        else:
            cars = f"{it.count} car{'s' if it.count != 1 else ''} from train {label}'s {it.end}"
            at = game.state.trains[it.tray].pos
            why = (f"sets out {cars} for the industry" if at in game.state.areas[v.seat].facilities else
                   f"sets out {cars} on {at[0]},{at[1]}, to come back for them")
        return Decision(it, why)

    # ---------------------------------------------------------------- the Draw option

    def _draw(self, v: View, legal) -> Decision:
        offer = offered(v.s, v.me)
        if offer:  # [D5]: keep the card of more use, return the other to a Department
            other = min(offer, key=lambda c: (card_worth(v, c), card_order(c)))
            keep = next(c for c in offer if c != other)
            return Decision(Discard(other, self._discard_dept(v)),
                            f"keeps the {v.spec(keep).name} and returns the {v.spec(other).name}")
        hand = list(v.player.hand)
        # play what helps now: each card as its kind is played (``plays.py``), the best of them
        plays = [p for p in (best_play(v, card, legal) for card in hand) if p is not None]
        if plays:
            plays.sort(key=lambda p: (-p[0], str(p[1])))
            return Decision(plays[0][1], plays[0][2])
        limit = 4 if any(c.startswith("RedFlag") for c in hand) else 3
        if len(hand) > limit:
            keep = sorted((c for c in hand if not c.startswith("RedFlag")), key=lambda c: (card_worth(v, c), card_order(c)))
            worst = keep[0]
            dept = self._discard_dept(v)
            return Decision(Discard(worst, dept), f"discards the {v.spec(worst).name}: least use to this Office")
        return Decision(End(), "ends the draw")

    def _discard_dept(self, v: View) -> int:
        return discard_dept(v)
