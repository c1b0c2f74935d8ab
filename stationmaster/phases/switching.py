"""Local switching (v0.2 Appendix A): where a Move can go, coupling, and setting out.

A Move runs in one direction, east or west, from the card the train stands on, through any
connected rail, and ends on Operational Rail. It may not enter a card with another train (the
Office with a free A/D track excepted), couples every car standing on a card it enters (ahead of
the engine when moving forward, behind it when backing), may not exceed four cars, and never
enters a locked industry. Continuing in the same direction after a stop is the same Move, unless
it runs onto a stretch of track (``stretches``: a card entered by the same end) the Move already ran
onto: going round a loop again is a new Move ([S1]).

The full deck's yard cards add yard work for a train standing on them ([K3]-[K5]): ``sort`` on a
Small Yard, ``fly`` (``fly_targets``) on a Flying Switch, ``exchange`` on an Interchange, whose
waiting cut a train does not couple (``couples``).
"""

from __future__ import annotations

from collections import deque

from ..cards.base import fire, rules_of
from ..query import CAR_LIMIT, ad_tracks, geometry, spec_of, trains_on
from ..state import Area, State, Train
from ..track import EAST_SIDE, NEIGHBOUR, exit_side


#: [S8] when a car loaded at an industry may be unloaded there again: under editions v1 and v2 once it
#: is picked up from the spur ("the visit ends", [S6]); under v3 only after it has left the Office Area
#: (``load_unload.forget_departed_loads``), so one car re-spotted every Day is no freight of its own
LOADED_MARK_ENDS_ON_PICKUP = {"v1": True, "v2": True, "v3": False, "v4": False, "v5": False, "v6": False}


def couples(s: State, area: Area, xy) -> bool:
    """Does a train on the card at ``xy`` couple the cars standing there ([S4])? Not on an
    Interchange, whose cut waits on its second track ([K5])."""
    return rules_of(s, area.grid[xy].card).couples_on_entry


def _enter_problem(s: State, seat: int, area: Area, t: Train, xy, carried: int, memo: dict | None = None) -> str | None:
    """Why ``t``, carrying ``carried`` cars, may not enter the card at ``xy`` (None: it may). ``memo``
    keeps, for one search over the Area, what does not depend on the cars carried."""
    facts = memo.get(xy) if memo is not None else None
    if facts is None:
        facts = _entry_facts(s, seat, area, t, xy)
        if memo is not None:
            memo[xy] = facts
    problem, couples_here, standing, pickup = facts
    if problem or not couples_here:
        return problem
    if carried + standing > CAR_LIMIT:
        return (f"coupling the {standing} car{'s' if standing != 1 else ''} standing on {xy[0]},{xy[1]} "
                f"would make {carried + standing}, more than a Crew Tray's four")
    return pickup


def _entry_facts(s: State, seat: int, area: Area, t: Train, xy) -> tuple:
    """What entering ``xy`` meets whatever ``t`` carries: (a reason it may not, or None; does it
    couple the cars there; how many stand there; the reason picking them up is refused, or None)."""
    others = [o for o in trains_on(s, seat, xy) if o.tray != t.tray]
    if xy == (0, 0):
        if len(others) >= ad_tracks(s, area):
            return "every A/D track at the Office is taken", False, 0, None
    elif others:
        return f"train {others[0].label} stands on {xy[0]},{xy[1]}", False, 0, None
    closed = fire(s, "enter_problem", t, xy, seat=seat)  # a Washout ([O10])
    if closed:
        return closed, False, 0, None
    if not couples(s, area, xy):
        return None, False, 0, None
    standing = len(area.grid[xy].cars)
    pickup = fire(s, "pickup_problem", t, xy, list(area.grid[xy].cars), train=t) if standing else None
    return None, True, standing, pickup


def leaving_cars(s: State, area: Area, t: Train, direction: str) -> list:
    """Cars the train set out on its own card that lie ahead of it in ``direction`` (none on a card
    whose cars stand apart, [K5])."""
    if not couples(s, area, t.pos):
        return []
    cars = area.grid[t.pos].cars
    return list(cars[t.split:]) if direction == "east" else list(reversed(cars[:t.split]))


def _recouple_problem(s: State, t: Train, leaving: list) -> str | None:
    """Moving toward cars it set out on its own card couples them again: a pickup ([T1], [T7])."""
    return fire(s, "pickup_problem", t, tuple(t.pos), leaving, train=t)


def reach(s: State, seat: int, area: Area, t: Train, direction: str) -> dict:
    """Every card a Move of ``t`` in ``direction`` can end on: xy -> path (list of cards)."""
    start = t.pos
    leaving = leaving_cars(s, area, t, direction)
    if leaving and _recouple_problem(s, t, leaving):
        return {}
    carried = len(t.ahead) + len(t.behind) + len(leaving)
    out: dict = {}
    seen = {(start, None)}
    queue = deque([(start, None, carried, [start])])
    memo: dict = {}  # xy -> _entry_facts, asked once a search
    geos: dict = {}  # xy -> geometry, asked once a search

    def geometry_at(xy):
        if xy not in geos:
            geos[xy] = geometry(s, area, xy)
        return geos[xy]

    while queue:
        here, entry, load, path = queue.popleft()
        geo = geometry_at(here)
        if geo is None:
            continue
        for port in geo.exits(entry, direction):
            dx, dy, their = NEIGHBOUR[port]
            there = (here[0] + dx, here[1] + dy)
            other = geometry_at(there)
            if other is None or their not in other.ports or (there, their) in seen:
                continue
            if _enter_problem(s, seat, area, t, there, load, memo) is not None:
                continue
            seen.add((there, their))
            _, couples_there, standing, _ = memo[there]
            new_load = load + (standing if couples_there else 0)
            new_path = path + [there]
            if there != start and spec_of(s, area.grid[there].card).operational and there not in out:
                out[there] = new_path
            queue.append((there, their, new_load, new_path))
    return out


def stretches(path: list, direction: str) -> list:
    """The stretches of track a Move along ``path`` runs onto: (card, the port it enters by) for each
    card after the first. Which port a step enters by follows from the step and the direction: a
    train moving east leaves by an east-side port, so it enters the next card by a west-side one."""
    out = []
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        step = (x1 - x0, y1 - y0)
        port = next(p for p, (dx, dy, _) in NEIGHBOUR.items() if (dx, dy) == step and p in exit_side(direction))
        out.append(((x1, y1), NEIGHBOUR[port][2]))
    return out


def entry_moves(s: State, seat: int, t: Train, path: list) -> int:
    """Moves the cards along ``path`` (after its first) take beyond the Move itself (a Railroad
    Crossing, [O8])."""
    return sum(fire(s, "entry_moves", t, xy, seat=seat) for xy in path[1:])


def why_not_reach(s: State, seat: int, area: Area, t: Train, direction: str, to) -> str:
    """A player's reason a Move cannot end on ``to``."""
    x, y = to
    placed = area.grid.get(to)
    if placed is None:
        return f"there is no track at {x},{y}"
    sp = spec_of(s, placed.card)
    if sp.geometry is None:
        return f"the {sp.name} at {x},{y} is not track"
    fac = area.facilities.get(to)
    if fac is not None and to != (0, 0) and fac.locked:
        return f"the {sp.name} at {x},{y} is locked while a load is on its MEN | AT | WORK track"
    if not sp.operational:
        return f"a train may pass through the {sp.name} at {x},{y} but cannot stop on it"
    if to == t.pos:
        return f"train {t.label} already stands on {x},{y}"
    leaving = leaving_cars(s, area, t, direction)
    problem = _recouple_problem(s, t, leaving) if leaving else None
    if problem:
        return f"moving {direction}, train {t.label} would couple the cars it set out on {t.pos[0]},{t.pos[1]}: {problem}"
    problem = _enter_problem(s, seat, area, t, to, len(t.ahead) + len(t.behind))
    if problem:
        return f"train {t.label} cannot stop on {x},{y}: {problem}"
    return (f"train {t.label} cannot reach {x},{y} moving {direction} in one Move "
            f"(the rail does not lead there that way, or another train or too many cars are in the way)")


def move(s: State, seat: int, area: Area, t: Train, direction: str, path: list) -> list:
    """Run the train along ``path``, coupling what it meets; returns the cars coupled."""
    forward = direction == t.direction
    coupled = []

    def couple(cars: list) -> None:
        (t.ahead if forward else t.behind).extend(cars)
        coupled.extend(cars)

    start = area.grid[t.pos]
    leaving = leaving_cars(s, area, t, direction)
    if leaving:
        for c in leaving:
            start.cars.remove(c)
        couple(leaving)
        fire(s, "cars_switched", t, tuple(t.pos), leaving, "pickup", train=t)
    for xy in path[1:]:
        placed = area.grid[xy]
        if placed.cars and couples(s, area, xy):
            meet = list(placed.cars) if direction == "east" else list(reversed(placed.cars))
            placed.cars.clear()
            couple(meet)
            fire(s, "cars_switched", t, tuple(xy), meet, "pickup", train=t)
            fac = area.facilities.get(xy)
            if fac is not None and LOADED_MARK_ENDS_ON_PICKUP[s.config.balance]:
                fac.loaded_here = [p for p in fac.loaded_here if p not in meet]
    t.pos = path[-1]
    t.split = 0
    return coupled


def set_out(area: Area, t: Train, end: str, count: int) -> list:
    """Leave the ``count`` outer cars of one end standing on the train's card."""
    side_list = t.ahead if end == "front" else t.behind
    block = side_list[-count:]
    del side_list[-count:]
    toward = t.direction if end == "front" else ("west" if t.direction == "east" else "east")
    cars = area.grid[t.pos].cars
    split = t.split
    if toward == "west":
        cars[split:split] = list(reversed(block))
        t.split = split + count
    else:
        cars[split:split] = list(block)
    return block


# --------------------------------------------------------------------------- yard work ([K3]-[K5])


def local_action(s: State, area: Area, t: Train) -> str:
    """The yard work the card the train stands on offers: "sort", "fly", "exchange" or ""."""
    placed = area.grid.get(t.pos)
    return rules_of(s, placed.card).local_action if placed is not None else ""


def sort(t: Train, order) -> None:
    """Put the train's cars in ``order`` (front to rear); the engine keeps its place ([K3])."""
    n = len(t.ahead)
    order = list(order)
    t.ahead = list(reversed(order[:n]))
    t.behind = order[n:]


def fly_targets(s: State, seat: int, area: Area, t: Train) -> dict:
    """Where a cut rolled off the train standing on a Flying Switch can come to rest ([K4]): the
    Freight Facilities its leg leads to, xy -> (the way the cut rolls, the cards it rolls over). The
    cut leaves by the leg (not the through route), rolls on that way through rail where no train
    and no car stands, never through the Office, and stops in the first industry spur it enters."""
    geo = geometry(s, area, t.pos)
    out: dict = {}
    if geo is None:
        return out
    for leg in sorted(geo.ports - {"W", "E"}):
        direction = "east" if leg in EAST_SIDE else "west"
        queue = deque([(t.pos, leg, [t.pos])])
        seen = set()
        while queue:
            here, port, path = queue.popleft()
            dx, dy, their = NEIGHBOUR[port]
            there = (here[0] + dx, here[1] + dy)
            other = geometry(s, area, there)
            if other is None or their not in other.ports or (there, their) in seen or there == (0, 0):
                continue
            seen.add((there, their))
            if trains_on(s, seat, there):
                continue
            if there in area.facilities:
                out.setdefault(there, (direction, path + [there]))
                continue
            if area.grid[there].cars:
                continue
            for nxt in other.exits(their, direction):
                queue.append((there, nxt, path + [there]))
    return out


def fly(area: Area, t: Train, count: int, to, direction: str) -> list:
    """Roll the ``count`` rear cars into the spur at ``to``, rolling ``direction`` ([K4]); returns
    them (outermost last). They keep their order and stop against any cars already on the spur."""
    cut = t.behind[-count:]
    del t.behind[-count:]
    # the cut west to east: behind an eastbound engine its cars stand west of it, outermost first
    west_to_east = list(reversed(cut)) if t.direction == "east" else list(cut)
    spur = area.grid[to].cars
    spur[:] = west_to_east + spur if direction == "east" else spur + west_to_east
    return cut


def exchange(s: State, area: Area, t: Train, leave, take) -> tuple:
    """Leave cars with the cut on the Interchange and take cars from it ([K5]): the train's other
    cars keep their places, the cars taken couple on at its rear in the order they stood from the
    stub's open end, and the cars left stand at the open end of the cut. Returns (left, taken)."""
    placed = area.grid[t.pos]
    left = [c for c in t.cars if c in leave]
    t.ahead = [c for c in t.ahead if c not in leave]
    t.behind = [c for c in t.behind if c not in leave]
    open_west = "W" in geometry(s, area, t.pos).ports
    standing = [c for c in placed.cars if c not in take]
    taken = [c for c in placed.cars if c in take]
    if not open_west:
        taken.reverse()
    t.behind.extend(taken)
    placed.cars[:] = left + standing if open_west else standing + left
    t.split = 0
    return left, taken
