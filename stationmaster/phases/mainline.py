"""Mainline: trains move by themselves in seniority order (v0.2 §8, §10; v0.4.5 §4.5).

Each Mainline card has two regions and a train runs one region per Stage (a card of the full deck
takes its length ÷ the train's speed in Stages instead); highballing puts it in the first region of
the next card, and running off a card takes it through the next Limits to the Office (or out of the
Division at the far Division Point) in the same Stage. Clearance looks
through the next Subdivision: an opposing train holds the train, a train ahead going the same way
makes the Superintendent decide. Collisions are automatic.
"""

from __future__ import annotations

from collections import ChainMap

from ..cards import PIECES
from ..cards.base import HELD_REASONS, answering, fire, rules_of
from ..flow import Phase, Where
from ..intents import Clearance
from ..query import (
    ad_tracks, departure_problem, first_region, name, office_tier, player_at, red_flag_holds_followers,
    spec_of, trains_on)
from ..rules import check_target, collide, earn, Events, remove_train, spend_red_flag
from ..state import PendingClearance, State, Train

ORDER_TEXT = {"east": "eastbound", "west": "westbound"}

#: Why a Mainline event happened, by the rules of the Mainline: ``event.data["reason"]``
MAINLINE_REASONS = {
    "subdivision_clear": "highballed: nobody is in the next Subdivision",
    "superintendent_clear": "highballed on the Superintendent's clearance",
    "following": "a train ahead goes the same way: the Superintendent is asked",
    "opposing": "held: a train is coming the other way in the next Subdivision",
    "superintendent_hold": "held by the Superintendent",
    "red_flag": "held: the Superintendent's Red Flag protects the train ahead",
    "made_up": "held: not made up to leave",
    "card": "held by a card's rule",
    "ad_full": "every A/D track at the Office ahead is taken",
    "ad_free": "arrived on a free A/D track",
    "fouled_arrival": "a train or cars on the Running Track between the Limits and the Office",
    "fouled_departure": "a train or cars on the Running Track between the Office and the Limits",
    "region_taken": "another train holds the Mainline region entered",
    "division_point": "ran off the far Division Point",
    "abs": "held: the ABS Signals of the card ahead protect the train in front ([M12])",
    "passing": "highballed onto a Passing Siding without the occupancy check ([M13])",
    "met": "shares a Passing Siding's half with another train: they meet and pass ([M13])",
    "interlocking": "held at the Limits by the Interlocking: every A/D track is taken ([M14])",
    "yard_office": "every A/D track is taken: a train without coaches diverts to the Yard Office ([M16])",
    "device": "held at the Limits by a dispatch device, one of its uses for the Day ([M20])",
    "expedite_follow": "held at the Shift Change: a train ahead goes the same way, and nobody is asked ([M17])",
}
#: every reason code of a Mainline event: the Mainline's own, then those the card families declare
#: (``cards.base.held_reason``: a Derail's, a Hotbox's... known only to their family)
REASONS = ChainMap(MAINLINE_REASONS, HELD_REASONS)


def begin(s: State, ev: Events) -> None:
    s.phase = Phase.MAINLINE
    s.turn.pending = None
    movers = [t for t in s.trains.values()
              if t.where in (Where.DIVISION_POINT, Where.MAINLINE)
              or (t.where == Where.AREA and t.pos == (0, 0) and t.arrived < s.stage_count)]
    s.turn.queue = [t.tray for t in sorted(movers, key=lambda t: t.rank)]


def proceed(s: State, ev: Events) -> bool:
    t = s.turn
    if t.pending is not None:
        return True
    while t.queue and s.outcome is None:
        tray = t.queue[0]
        train = s.trains.get(tray)
        if train is None:
            t.queue.pop(0)
            continue
        if _step(s, train, ev, decided=None):
            return True
        t.queue.pop(0)
    return False


# --------------------------------------------------------------------------- the Division's shape


def _n(s: State) -> int:
    return len(s.mainline) - 1


def stretch(s: State, train: Train) -> list:
    """The next Subdivision ahead: ('ml', i) and ('office', seat) stops up to a Control Point
    or Division Point. Whistle Posts are an internal part of a Subdivision."""
    d = train.direction
    i = first_region(s, train)[0]
    out = []
    while True:
        out.append(("ml", i))
        seat = i if d == "east" else i - 1
        if seat < 0 or seat >= len(s.areas):
            return out
        if office_tier(s, s.areas[seat]) >= 1:
            return out
        out.append(("office", seat))
        i = i + 1 if d == "east" else i - 1


def subdivision_of(s: State, card: int) -> int:
    """The Subdivision a Mainline card lies in, numbered 1, 2, ... from the Western Division Point:
    every Control Point (Depot, Station, Terminal) west of the card starts a new one."""
    return 1 + sum(1 for seat in range(min(card, len(s.areas))) if office_tier(s, s.areas[seat]) >= 1)


def _ml(train: Train, reason: str, **data) -> dict:
    """Event data of a Mainline step: which train, and why as a reason code (one of ``REASONS``,
    read by ``stationmaster.slowmo``)."""
    assert reason in REASONS, reason
    return {"phase": "mainline", "train": train.label, "reason": reason, **data}


def occupants(s: State, train: Train) -> list:
    """Trains in the next Subdivision. A train on Secondary Track at a Whistle Post is clear of it."""
    found = []
    for kind, idx in stretch(s, train):
        for o in s.trains.values():
            if o.tray == train.tray:
                continue
            if kind == "ml" and o.where == Where.MAINLINE and o.pos[0] == idx:
                found.append(o)
            elif kind == "office" and o.where == Where.AREA and o.seat == idx and o.pos[1] == 0:
                found.append(o)
    return found


def _region_trains(s: State, pos, exclude: int) -> list:
    return [o for _, o in sorted(s.trains.items())
            if o.tray != exclude and o.where == Where.MAINLINE and tuple(o.pos) == tuple(pos)]


def _running_track(area, direction_from_office: str) -> list:
    """Running Track cards between the Office and the Limits on one side, nearest the Office first."""
    if direction_from_office == "east":
        return [(x, 0) for x in range(1, area.east_limit)]
    return [(x, 0) for x in range(-1, area.west_limit, -1)]


def _obstruction(s: State, seat: int, cards: list):
    area = s.areas[seat]
    for xy in cards:
        trains = trains_on(s, seat, xy)
        cars = list(area.grid[xy].cars)
        if trains or cars:
            return xy, trains, cars
    return None


def _card_hold(s: State, train: Train, reason: str) -> tuple:
    """A card's rule may hold a departing train (ABS Signals, special trains, a Hotbox...): (reason
    code, problem) — the holding card's own reason code ([O5]) or ``reason``; (reason, None) when no
    card holds it."""
    card, problem = answering(s, "highball_problem", train, train=train,
                              seat=train.seat if train.where == Where.AREA else None)
    return (rules_of(s, card).hold_reason or reason) if card else reason, problem


def _mainline_fault(s: State, *trains) -> int:
    for t in trains:
        if t is not None and t.cleared_by is not None:
            return t.cleared_by
    return s.superintendent


# --------------------------------------------------------------------------- one train's movement


def _step(s: State, train: Train, ev: Events, decided) -> bool:
    """Move one train; True if the Superintendent must decide first."""
    if train.where == Where.MAINLINE:
        _run(s, train, ev)
        return False
    return _highball(s, train, ev, decided)


def _enter_region(s: State, train: Train, pos, ev: Events, fault_hint=None) -> bool:
    """Put the train into a Mainline region; a train already there is a collision, unless the card
    has room for more (a Passing Siding, [M13]). False if it stopped."""
    others = _region_trains(s, pos, train.tray)
    room = fire(s, "region_room", pos, mainline=[pos[0]]) if others else 1
    if others and len(others) < room:
        ev.say("meet", f"Train {train.label} meets train {others[0].label} on the {s.mainline[pos[0]]}: one "
               f"takes the siding and they pass.",
               data=_ml(train, "met", other=others[0].label, card=s.mainline[pos[0]]))
    elif others:
        other = max(others, key=lambda o: o.rank)
        fault = _mainline_fault(s, train, other) if fault_hint is None else fault_hint
        where = f"on the {s.mainline[pos[0]]} Mainline card"
        why = _ml(train, "region_taken", card=s.mainline[pos[0]])
        if spend_red_flag(s, ev, fault, f"train {train.label}", why):
            return False
        collide(s, ev, fault, where, [train, other], [], why)
        return False
    train.where = Where.MAINLINE
    train.seat = -1
    train.pos = pos
    return True


def depart(s: State, train: Train, ev: Events) -> None:
    """An expedited departure at the Shift Change ([M17]): the Mainline's checks, but a follower is
    held rather than the Superintendent asked."""
    _highball(s, train, ev, None, at_shift_change=True)


def _highball(s: State, train: Train, ev: Events, decided, at_shift_change: bool = False) -> bool:
    here = ("the Western Division Point" if train.pos == "west" else "the Eastern Division Point") \
        if train.where == Where.DIVISION_POINT else f"{name(s, player_at(s, train.seat))}'s Office"
    if train.where == Where.AREA:
        reason, problem = "made_up", departure_problem(s, train)
        if problem is None:
            reason, problem = _card_hold(s, train, "made_up")
        if problem:
            ev.say("held", f"Train {train.label} is held at {here}: {problem}.",
                   data=_ml(train, reason, problem=problem, where=here))
            return False
    else:
        reason, problem = _card_hold(s, train, "card")
        if problem:
            ev.say("held", f"Train {train.label} is held at {here}: {problem}.",
                   data=_ml(train, reason, problem=problem, where=here))
            return False
    first = first_region(s, train)[0]
    subdivision = subdivision_of(s, first)
    occ = occupants(s, train)
    verdict = fire(s, "clearance", train, occ, train=train, seat=train.seat if train.where == Where.AREA else None,
                   mainline=[first]) if occ else None
    if verdict == "clear":  # a Passing Siding: no occupancy check ([M13])
        occ = []
    opposing = [o for o in occ if o.direction != train.direction]
    following = [o for o in occ if o.direction == train.direction]
    if not opposing and following and verdict == "hold":  # ABS Signals ([M12])
        ev.say("held", f"Train {train.label} is held at {here} by the ABS Signals of the {s.mainline[first]}: "
               f"train {following[0].label} is ahead in the next Subdivision.",
               data=_ml(train, "abs", ahead=[o.label for o in following], subdivision=subdivision, where=here,
                        card=s.mainline[first]))
        return False
    if opposing:
        ev.say("held", f"Train {train.label} is held at {here}: train {opposing[0].label} is coming the "
               f"other way in the next Subdivision.",
               data=_ml(train, "opposing", opposing=opposing[0].label, subdivision=subdivision,
                        where=here))
        return False
    cleared_by = None
    if following and decided is None and red_flag_holds_followers(s):
        ev.say("held", f"Train {train.label} is held at {here} by the Superintendent's Red Flag: train "
               f"{following[0].label} is ahead in the next Subdivision.",
               data=_ml(train, "red_flag", ahead=[o.label for o in following], subdivision=subdivision,
                        where=here, superintendent=name(s, s.superintendent)))
        return False
    if following and at_shift_change:
        ev.say("held", f"Train {train.label} is held at {here} until the next Mainline phase: train "
               f"{following[0].label} is ahead going the same way.",
               data=_ml(train, "expedite_follow", ahead=[o.label for o in following], subdivision=subdivision,
                        where=here))
        return False
    if following:
        if decided is None:
            s.turn.pending = PendingClearance(s.superintendent, train.tray, tuple(o.label for o in following))
            ev.say("clearance_asked", f"Train {train.label} at {here} would follow train "
                   f"{following[0].label} into the next Subdivision: the Superintendent, "
                   f"{name(s, s.superintendent)}, must clear or hold it.",
                   data=_ml(train, "following", ahead=[o.label for o in following], subdivision=subdivision,
                            superintendent=name(s, s.superintendent), where=here))
            return True
        if not decided:
            ev.say("held", f"The Superintendent holds train {train.label} at {here}.",
                   data=_ml(train, "superintendent_hold", subdivision=subdivision, where=here,
                            superintendent=name(s, s.superintendent)))
            return False
        cleared_by = s.superintendent
    if train.where == Where.AREA:
        seat = train.seat
        local = player_at(s, seat)
        hit = _obstruction(s, seat, _running_track(s.areas[seat], train.direction))
        if hit is not None:
            xy, trains, cars = hit
            why = _ml(train, "fouled_departure", where=here, at=list(xy))
            if spend_red_flag(s, ev, local, f"train {train.label}", why):
                return False
            s.areas[seat].grid[xy].cars.clear()
            collide(s, ev, local, f"leaving {here} at {xy[0]},{xy[1]}", [train] + trains, cars, why)
            return False
    if not _enter_region(s, train, first_region(s, train), ev,
                         fault_hint=cleared_by if cleared_by is not None else None):
        return False
    train.cleared_by = cleared_by
    train.boarded = []
    train.progress = 0
    reason = ("superintendent_clear" if cleared_by is not None else "passing" if verdict == "clear"
              else "subdivision_clear")
    how = {"superintendent_clear": " on the Superintendent's clearance",
           "passing": f" onto the {s.mainline[first]} without the occupancy check"}.get(reason, "")
    when = {"when": "shift_change"} if at_shift_change else {}
    how += " at the Shift Change, on its Expedite order" if at_shift_change else ""
    ev.say("highball", f"Train {train.label} highballs {ORDER_TEXT[train.direction]} from {here}{how}.",
           data=_ml(train, reason, subdivision=subdivision, where=here, direction=train.direction,
                    card=s.mainline[first], **when))
    return False


def _run(s: State, train: Train, ev: Events) -> None:
    i, r = train.pos
    d = train.direction
    far = 1 if d == "east" else 0
    stages = fire(s, "crossing_time", train, train=train)
    if stages is None:  # a plain card: one region a Stage ([M2])
        if r != far:
            _enter_region(s, train, (i, far), ev)
            return
    else:  # a card with a length: its crossing time, the first half in the near region ([M11])
        train.progress += 1
        if train.progress < stages:
            if r != far and train.progress >= (stages + 1) // 2:
                _enter_region(s, train, (i, far), ev)
            return
    n = _n(s)
    if d == "east":
        if i == n:
            _leave(s, train, ev)
        else:
            _arrive(s, train, i, ev)
    else:
        if i == 0:
            _leave(s, train, ev)
        else:
            _arrive(s, train, i - 1, ev)


def _arrive(s: State, train: Train, seat: int, ev: Events) -> None:
    area = s.areas[seat]
    local = player_at(s, seat)
    who = name(s, local)
    side = "west" if train.direction == "east" else "east"
    approach = list(reversed(_running_track(area, side)))  # from the Limits toward the Office
    hit = _obstruction(s, seat, approach)
    if hit is not None:
        xy, trains, cars = hit
        why = _ml(train, "fouled_arrival", where=f"{who}'s Limits", at=list(xy))
        if spend_red_flag(s, ev, local, f"arriving train {train.label}", why):
            return
        area.grid[xy].cars.clear()
        collide(s, ev, local, f"inside {who}'s Limits at {xy[0]},{xy[1]}", [train] + trains, cars, why)
        return
    at_office = trains_on(s, seat, (0, 0))
    tracks = ad_tracks(s, area)
    if len(at_office) >= tracks:
        yard = fire(s, "diverts_arrival", train, seat, seat=seat)
        if yard is not None:
            _take_spot(s, train, seat, yard)
            ev.say("arrival", f"Train {train.label} finds every A/D track at {who}'s Office taken and diverts to "
                   f"the Yard Office at {yard[0]},{yard[1]}.",
                   data=_ml(train, "yard_office", seat=seat, at=list(yard), where=f"{who}'s Yard Office"))
            return
        if fire(s, "holds_arrival", train, seat, train=train, seat=seat):
            ev.say("held", f"Train {train.label} is held at {who}'s Limits: every A/D track is taken.",
                   data=_ml(train, "interlocking", where=f"{who}'s Limits"))
            return
        device = fire(s, "device_hold", train, seat, seat=seat)
        if device is not None:  # a dispatch device spends one of its uses for the Day ([M20])
            s.device_uses[device] = s.device_uses.get(device, 0) + 1
            dev = spec_of(s, device).name
            ev.say("held", f"Train {train.label} is held at {who}'s Limits by the {dev}: every A/D track is taken.",
                   data=_ml(train, "device", where=f"{who}'s Limits", device=dev))
            return
        why = _ml(train, "ad_full", where=f"{who}'s Office")
        if spend_red_flag(s, ev, local, f"arriving train {train.label}", why):
            return
        junior = max(at_office, key=lambda t: t.rank)
        collide(s, ev, local, f"at {who}'s Office (no free A/D track)", [train, junior], [], why)
        return
    _take_spot(s, train, seat, (0, 0))
    ev.say("arrival", f"Train {train.label} arrives at {who}'s {spec_of(s, area.office.card).name} "
           f"and takes an A/D track.",
           data=_ml(train, "ad_free", seat=seat, office=f"{who}'s {spec_of(s, area.office.card).name}",
                    track=len(at_office) + 1, tracks=tracks))


def _take_spot(s: State, train: Train, seat: int, xy) -> None:
    """The train arrives in the Office Area at ``xy`` (the Office, or a Yard Office, [M16])."""
    train.where = Where.AREA
    train.seat = seat
    train.pos = tuple(xy)
    train.split = 0
    train.arrived = s.stage_count
    train.cleared_by = None


def _leave(s: State, train: Train, ev: Events) -> None:
    dp = "Eastern" if train.direction == "east" else "Western"
    ev.say("train_left_division", f"Train {train.label} leaves the Division at the {dp} Division Point; "
           f"Crew Tray {train.tray} is free.", data=_ml(train, "division_point", tray=train.tray, division_point=dp))
    remove_train(s, train)
    rate = s.config.revenue[2]
    if rate:
        for p in range(len(s.players)):
            earn(s, ev, p, rate, f"train {train.label} completed its run", "transit", judge=False)
        check_target(s, ev)


# --------------------------------------------------------------------------- the Superintendent


def legal(s: State) -> list:
    return [Clearance(True), Clearance(False)]


def check(s: State, it) -> str | None:
    if isinstance(it, Clearance):
        return None
    pend = s.turn.pending
    return (f"the Superintendent, {name(s, pend.player)}, must decide whether train "
            f"{s.trains[pend.tray].label} may follow into the occupied Subdivision: 'clear' or 'hold'")


def apply(s: State, it: Clearance, ev: Events) -> None:
    pend = s.turn.pending
    s.turn.pending = None
    train = s.trains[pend.tray]
    _highball(s, train, ev, decided=it.clear)
    s.turn.queue.pop(0)
