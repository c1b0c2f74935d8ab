"""Questions about a game state that change nothing: the read model.

What a card's spec is, who sits where and is called what, whose decision it is, an Office
Area's rail, boxes and workers, the Division Yard, the trays, where a departing train enters the
Mainline, why a train may not depart, the spots a card may be played on. The phases, the cards,
the bots, the lessons, the scene and the notebook UI ask here; ``rules.py`` keeps what changes
the state (Revenue, yards, collisions, victory). Nothing here draws from the random stream or
writes to the state.
"""

from __future__ import annotations

from .cards import PIECES, fire, spec as card_spec
from .cards.specs import CAR_LIMIT, is_situation  # noqa: F401 - CAR_LIMIT: the phases and bots read it here
from .flow import Phase, Where
from .state import Area, Facility, State, Train
from .track import Geometry

NIGHT_STAGES = (1, 2, 3, 11, 12)
FEDORA_STAGES = (3, 6, 9, 12)
CLOCK = ("Midnight", "2:00 AM", "4:00 AM", "6:00 AM", "8:00 AM", "10:00 AM", "Noon",
         "2:00 PM", "4:00 PM", "6:00 PM", "8:00 PM", "10:00 PM")


def spec_of(s: State, card: str):
    return card_spec(card, s.deck)


def salvage_words(card: str) -> str:
    """Where ``to_salvage`` puts a card, in words."""
    return "the Division's situation discard" if is_situation(card) else "the Salvage Yard"


def name(s: State, p: int) -> str:
    return s.players[p].name


def player_at(s: State, seat: int) -> int:
    for i, p in enumerate(s.players):
        if p.seat == seat:
            return i
    raise KeyError(seat)


def area_of(s: State, p: int) -> Area:
    return s.areas[s.players[p].seat]


def table_order(s: State) -> list:
    """Player indices from the Superintendent leftward (eastward along the seats, wrapping)."""
    n = len(s.players)
    first = s.players[s.superintendent].seat
    return [player_at(s, (first + k) % n) for k in range(n)]


def hand_limit(s: State, p: int) -> int:
    return 4 if holds_red_flag(s, p) else 3


def actor(s: State) -> int | None:
    """Index of the player who must decide now, or None when the game is over."""
    if s.outcome is not None:
        return None
    t = s.turn
    if t.pending is not None:
        return t.pending.player
    if s.phase in (Phase.LOCAL_OPERATIONS, Phase.LOAD_UNLOAD) and t.index < len(t.order):
        return t.order[t.index]
    return None


def pooled(s: State) -> int:
    return sum(p.revenue for p in s.players)


def yard_has(s: State, kind: str, loaded: bool) -> bool:
    return any(PIECES[p].kind == kind and (kind == "caboose" or PIECES[p].loaded == loaded)
               for p in s.division_yard)


def rail(s: State, placed) -> Geometry | None:
    """A placed card's rail as it lies (turned or not), locked or not; None for a Modifier."""
    geo = spec_of(s, placed.card).geometry
    if geo is None:
        return None
    return geo.rotated() if placed.rotated else geo


def geometry(s: State, area: Area, xy) -> Geometry | None:
    """The rail on a grid spot, or None (no card, a Modifier, or a locked industry)."""
    placed = area.grid.get(xy)
    if placed is None:
        return None
    fac = area.facilities.get(xy)
    if fac is not None and xy != (0, 0) and fac.locked:
        return None
    return rail(s, placed)


def trains_on(s: State, seat: int, xy) -> list:
    return [t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat and t.pos == xy]


def trains_in_area(s: State, seat: int) -> list:
    return sorted((t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat),
                  key=lambda t: t.tray)


def seat_of(s: State, area: Area) -> int:
    """The seat of an Office Area of this game (by identity: two Areas never share an Office)."""
    return next(k for k, a in enumerate(s.areas) if a is area)


def ad_tracks(s: State, area: Area) -> int:
    """Trains the Office holds at once: its printed A/D tracks and what its cards add (a Siding
    Extension, [E5])."""
    return spec_of(s, area.office.card).ad_tracks + fire(s, "ad_tracks", seat_of(s, area), seat=seat_of(s, area))


def office_tier(s: State, area: Area) -> int:
    return spec_of(s, area.office.card).tier


def neighbours9(xy) -> list:
    x, y = xy
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def is_facility(s: State, area: Area, xy) -> bool:
    if xy == (0, 0):
        return office_tier(s, area) >= 1
    return xy in area.facilities


def capacity(s: State, area: Area, xy) -> tuple:
    """(green, red) boxes of a facility, its Modifiers included."""
    if xy == (0, 0):
        sp = spec_of(s, area.office.card)
    else:
        sp = spec_of(s, area.grid[xy].card)
    green, red = sp.green, sp.red
    for m in area.modifiers.values():
        if m.serves != xy:
            continue
        for what, n in spec_of(s, m.card).adds:
            if what == "green" or (what == "box" and sp.green):
                green += n
            elif what == "red" or (what == "box" and not sp.green):
                red += n
    return green, red


def spotted_empties(s: State, area: Area, xy) -> int:
    """Empty cars of the industry's kind standing on its spur."""
    kind = spec_of(s, area.grid[xy].card).car
    return sum(1 for c in area.grid[xy].cars if PIECES[c].kind == kind and not PIECES[c].loaded)


def outbound_loads(fac: Facility, besides: str | None = None) -> int:
    """Outbound loads on MEN | AT | WORK (each claims a spotted empty car), ``besides`` one piece."""
    return sum(1 for v in fac.pipeline.values() if v and v[1] == "out" and v[0] != besides)


def gang_for(s: State, area: Area, xy):
    for mxy, m in sorted(area.modifiers.items()):
        if not m.used and dict(spec_of(s, m.card).adds).get("worker") and xy in neighbours9(mxy):
            return m
    return None


def own_workers(s: State, area: Area, xy) -> int:
    """The facility's own Porters (the Office) or Laborers (an industry), with what the cards lying on
    it add (a Gantry Crane, [E4]); Modifiers aside."""
    printed = spec_of(s, area.office.card).porters if xy == (0, 0) else spec_of(s, area.grid[xy].card).laborers
    seat = seat_of(s, area)
    return printed + fire(s, "workers", seat, xy, seat=seat)


def workers_left(s: State, area: Area, xy) -> int:
    """Porters (at the Office) or Laborers (at an industry) still free this Stage."""
    fac = area.facilities[xy]
    left = max(0, own_workers(s, area, xy) - fac.workers_used)
    if gang_for(s, area, xy) is not None:
        left += 1
    return left


def free_tray(s: State) -> int | None:
    for tray in range(1, s.trays + 1):
        if tray not in s.trains:
            return tray
    return None


def holds_red_flag(s: State, p: int) -> bool:
    return any(c.startswith("RedFlag") for c in s.players[p].hand)


def red_flag_holds_followers(s: State) -> bool:
    """[M9], v0.4.5 §4.5: while the Superintendent holds a Red Flag, a following train is held
    without asking (unless the house rule red_flag_escape plays the flags v0.2's way)."""
    return not s.config.has("red_flag_escape") and holds_red_flag(s, s.superintendent)


# --------------------------------------------------------------------------- the Mainline and the grid

def first_region(s: State, train: Train) -> tuple:
    """(Mainline card, region) a train enters when it departs from where it stands."""
    d = train.direction
    if train.where == Where.DIVISION_POINT:
        return (0, 0) if d == "east" else (len(s.mainline) - 1, 1)
    k = train.seat
    return (k + 1, 0) if d == "east" else (k, 1)


def departure_problem(s: State, train: Train) -> str | None:
    """Why the train may not depart as made up, or None. [M5], v0.4.5 §4.5: the engine at one end (either end), the caboose (one, if the card runs
    one) at the far end, and only the cars its card lists."""
    if train.ahead and train.behind:
        return f"train {train.label}'s engine stands between cars; it must be at one end of the train"
    sp = spec_of(s, train.card)
    kinds = [PIECES[c].kind for c in (train.ahead or train.behind)]  # nearest the engine first
    cabooses = kinds.count("caboose")
    if cabooses and not sp.caboose:
        return f"train {train.label} ({sp.train_class}) runs without a caboose; set it out"
    if cabooses > 1:
        return f"train {train.label} carries {cabooses} cabooses; it runs with one"
    if cabooses and kinds[-1] != "caboose":
        return f"train {train.label}'s caboose is not at the far end from its engine"
    wrong = [k for k in kinds if k != "caboose" and k not in sp.consist]
    if wrong:
        return (f"train {train.label} ({sp.train_class}) carries a {wrong[0]}, which its card does not "
                f"list ({' or '.join(sp.consist)})")
    revenue_cars = len(kinds) - cabooses
    if revenue_cars > sp.max_cars:
        return f"train {train.label} ({sp.train_class}) carries {revenue_cars} cars; its card allows {sp.max_cars}"
    return None


def empty_spots(s: State, p: int) -> list:
    """Empty grid spots inside the Limits' columns, one row beyond the cards north and south."""
    area = area_of(s, p)
    ys = [xy[1] for xy in area.grid] + [xy[1] for xy in area.modifiers]
    lo, hi = min(ys) - 1, max(ys) + 1
    return [(x, y) for x in range(area.west_limit, area.east_limit + 1) for y in range(lo, hi + 1)
            if (x, y) not in area.grid]


def card_order(card: str) -> tuple:
    """A card id's place among its copies: "Depot2" before "Depot10" (ids compared as text put
    "T10" before "T9")."""
    stem = card.rstrip("0123456789")
    return stem, int(card[len(stem):] or 0)
