"""Rules shared by the phases that change the state: Revenue and victory, the random stream, the
yards, workers, trains leaving play, collisions, Red Flags.

The questions that change nothing (whose turn, look-ups, geometry, capacities, workers left...)
are in ``query.py``. The names this module defined before that split are still importable from
here (a script written against ``stationmaster.rules`` keeps working); the package itself
imports them from ``query`` (``tests/project/test_imports.py`` checks).
"""

from __future__ import annotations

from .cards import PIECES
from .cards.specs import is_situation, piece_key
from .events import Event
from .rng import Rng
from .query import gang_for, name, own_workers, pooled, spec_of
from .query import (  # noqa: F401  (the read-only names, importable here as before the split)
    CAR_LIMIT, CLOCK, FEDORA_STAGES, NIGHT_STAGES, actor, ad_tracks, area_of, capacity, free_tray, geometry,
    hand_limit, holds_red_flag, is_facility, neighbours9, office_tier, outbound_loads, player_at,
    red_flag_holds_followers, salvage_words, seat_of, spotted_empties, table_order, trains_in_area, trains_on,
    workers_left, yard_has)
from .state import Area, Outcome, State, Train

COLLISION_PENALTY = 5


class Events(list):
    """The events of one ``apply``, with a helper to add one."""

    def say(self, kind: str, text: str, **kw) -> Event:
        e = Event(kind, text, **kw)
        self.append(e)
        return e


# --------------------------------------------------------------------------- randomness

def d12(s: State) -> int:
    r = Rng(s.rng)
    v = r.d12()
    s.rng = r.state
    return v


def below(s: State, n: int) -> int:
    r = Rng(s.rng)
    v = r.below(n)
    s.rng = r.state
    return v


def shuffle(s: State, items: list) -> None:
    r = Rng(s.rng)
    r.shuffle(items)
    s.rng = r.state


# --------------------------------------------------------------------------- cards and people

def to_salvage(s: State, *cards: str) -> None:
    """Spent cards go to the Salvage Yard — but a situation card of the Division's (optional rule
    adversity) goes back to the situation discard, never among the Home Office cards ([W1])."""
    for card in cards:
        (s.situations_used if is_situation(card) else s.salvage).append(card)


# --------------------------------------------------------------------------- Revenue and victory

#: where Revenue comes from, as the ``source`` of a ``revenue`` event's data (for tallies)
REVENUE_SOURCES = ("boarding", "detraining", "freight_out", "freight_in", "transit", "collision", "penalty")


def earn(s: State, ev: Events, p: int, amount: int, why: str, source: str, judge: bool = True) -> None:
    """Change a player's Revenue; every change is a ``revenue`` event, its ``data["source"]`` one
    of REVENUE_SOURCES. ``judge=False`` defers the first-to-target check when several players are
    paid at one moment."""
    if amount == 0:
        return
    assert source in REVENUE_SOURCES, source
    s.players[p].revenue += amount
    who = name(s, p)
    verb = "earns" if amount > 0 else "loses"
    ev.say("revenue", f"{who} {verb} {abs(amount)} Revenue: {why}.", player=who, amount=amount,
           data={"source": source})
    if judge:
        check_target(s, ev)


def finish(s: State, ev: Events, winners, reason: str, kind: str) -> None:
    if s.outcome is not None:
        return
    s.outcome = Outcome(tuple(winners), reason, kind)
    ev.say("game_over", f"Game over: {reason}", data={"winners": list(winners)})


def check_target(s: State, ev: Events) -> None:
    """First-to-target ends the game the moment the target is reached ([V1])."""
    c = s.config
    if c.victory != "first_to_target" or s.outcome is not None:
        return
    if c.mode == "coop":
        if pooled(s) >= c.target:
            finish(s, ev, [p.name for p in s.players],
                   f"the team's pooled Revenue reached {c.target}; everyone wins.", "target_reached")
    else:
        there = [p for p in s.players if p.revenue >= c.target]
        if not there:
            return
        best = max(p.revenue for p in there)
        winners = [p.name for p in there if p.revenue == best]
        if len(winners) == 1:
            reason = f"{winners[0]} reached the target of {c.target} Revenue first."
        else:
            reason = f"{' and '.join(winners)} reached the target of {c.target} Revenue at the same moment."
        finish(s, ev, winners, reason, "target_reached")


def days_over(s: State, ev: Events) -> None:
    """The last Day has ended: judge the game as its mode and victory condition say."""
    c = s.config
    names = [p.name for p in s.players]
    if c.victory == "first_to_target":
        finish(s, ev, [], f"the {c.days} Days ran out before anyone reached {c.target} Revenue.", "days_over")
        return
    if c.mode == "solitaire":
        p = s.players[0]
        if p.revenue >= c.target:
            finish(s, ev, names, f"{p.name} finished Day {c.days} with {p.revenue} Revenue, "
                   f"reaching the target of {c.target}.", "days_over")
        else:
            finish(s, ev, [], f"{p.name} finished Day {c.days} with {p.revenue} Revenue, "
                   f"short of the target of {c.target}.", "days_over")
    elif c.mode == "coop":
        total = pooled(s)
        if total >= c.target:
            finish(s, ev, names, f"the team's pooled Revenue is {total}, reaching {c.target}.", "days_over")
        else:
            finish(s, ev, [], f"the team's pooled Revenue is {total}, short of {c.target}.", "days_over")
    else:
        judge_competitive(s, ev, range(len(s.players)))


def judge_competitive(s: State, ev: Events, contenders, prefix: str = "", kind: str = "days_over",
                      days: int | None = None) -> None:
    """A Competitive, highest-after-days game judged among ``contenders`` (player indices): the
    collective floor ([V2]: on the leader under balance v2, on the table under v1; for ``days``
    Days played, all of them unless told), then the highest Revenue wins, a tie sharing the win.
    ``prefix`` and ``kind`` say why it ends now."""
    c = s.config
    total = pooled(s)
    best = max(s.players[i].revenue for i in contenders)
    floor = c.floor_for(c.days if days is None else days)
    if c.floor_on_leader and best < floor:
        finish(s, ev, [], f"{prefix}the highest Revenue is {best}, below the collective floor of "
               f"{floor}: nobody kept the Division running; everyone loses.", "revenue_floor")
    elif not c.floor_on_leader and total < floor:
        finish(s, ev, [], f"{prefix}the table's combined Revenue is {total}, below the collective floor of "
               f"{floor}; everyone loses.", "revenue_floor")
    else:
        winners = [s.players[i].name for i in contenders if s.players[i].revenue == best]
        who = " and ".join(winners)
        finish(s, ev, winners, f"{prefix}{who} {'has' if len(winners) == 1 else 'share'} the highest "
               f"Revenue, {best}.", kind)


# --------------------------------------------------------------------------- rolling stock and yards

def refill_division_yard(s: State, ev: Events) -> None:
    """The Classification Yard refills the Division Yard when that holds no revenue cars
    (cabooses return there directly and do not keep it from counting as empty; [Y1])."""
    if s.classification_yard and all(PIECES[p].kind == "caboose" for p in s.division_yard):
        n = len(s.classification_yard)
        s.division_yard.extend(s.classification_yard)
        s.division_yard.sort(key=piece_key)
        s.classification_yard.clear()
        ev.say("yard_refilled", f"The Division Yard was empty: {n} cars come back from the Classification Yard.",
               data={"cars": n, "when": "empty"})


def take_from_yard(s: State, ev: Events, kind: str, loaded: bool) -> str | None:
    """Take the lowest-numbered matching car from the Division Yard (any matching car is alike)."""
    for pid in s.division_yard:
        pc = PIECES[pid]
        if pc.kind == kind and (kind == "caboose" or pc.loaded == loaded):
            s.division_yard.remove(pid)
            refill_division_yard(s, ev)
            return pid
    return None


def return_classified(s: State, ev: Events, when: str) -> None:
    """Under ``yard_refill`` "stage_end" / "day_end", the Classification Yard's cars go back to the
    Division Yard at that moment ([Y1])."""
    if s.config.yard_refill == when and s.classification_yard:
        n = len(s.classification_yard)
        s.division_yard.extend(s.classification_yard)
        s.division_yard.sort(key=piece_key)
        s.classification_yard.clear()
        ev.say("yard_refilled", f"{n} used car{'s' if n != 1 else ''} come back from the Classification Yard "
               "to the Division Yard.", data={"cars": n, "when": when})


def retire(s: State, pid: str) -> None:
    """A used piece: cabooses go straight back to the Division Yard, other cars to Classification
    (or straight back too, under ``yard_refill="at_once"``)."""
    if PIECES[pid].kind == "caboose" or s.config.yard_refill == "at_once":
        s.division_yard.append(pid)
        s.division_yard.sort(key=piece_key)
    else:
        s.classification_yard.append(pid)
        s.classification_yard.sort(key=piece_key)


# --------------------------------------------------------------------------- the Office Area

def use_workers(s: State, area: Area, xy, n: int) -> None:
    base = own_workers(s, area, xy)
    fac = area.facilities[xy]
    for _ in range(n):
        if fac.workers_used < base:
            fac.workers_used += 1
        else:
            gang = gang_for(s, area, xy)
            assert gang is not None
            gang.used = True


# --------------------------------------------------------------------------- trains and collisions

def remove_train(s: State, t: Train) -> None:
    """Take a train off the table: engine and tray back, cars to the yards, card to its place."""
    for pid in t.cars:
        retire(s, pid)
    t.ahead, t.behind = [], []
    del s.trains[t.tray]
    to_salvage(s, *t.orders)  # its train orders are spent with the run ([M17])
    t.orders = []
    sp = spec_of(s, t.card)
    if sp.kind == "extra":
        s.salvage.append(t.card)


def collide(s: State, ev: Events, at_fault: int, where: str, trains: list, cars: list,
            data: dict | None = None) -> None:
    """A collision: the trains and struck cars are destroyed, the party at fault loses 5.
    ``data`` adds to the event's data (the Mainline's reason code, [M6])."""
    labels = " and ".join(f"train {t.label}" for t in trains)
    struck = f" strikes {len(cars)} standing car{'s' if len(cars) != 1 else ''}" if cars else ""
    ev.say("collision", f"Collision {where}: {labels}{struck}. {name(s, at_fault)} is at fault.",
           player=name(s, at_fault),
           data={**(data or {}), "trains": [t.label for t in trains], "cars": list(cars),
                 "at_fault": name(s, at_fault)})
    for t in trains:
        remove_train(s, t)
    for pid in cars:
        retire(s, pid)
    s.collisions_today += 1
    s.at_fault_today.append(at_fault)
    earn(s, ev, at_fault, -COLLISION_PENALTY, f"collision {where}", "collision")
    refill_division_yard(s, ev)
    if s.config.mode == "competitive" and s.collisions_today >= 3 and s.outcome is None:
        collision_floor(s, ev)


def collision_floor(s: State, ev: Events) -> None:
    """The third collision of a Day shuts the Division down ([V3]). Under balance v1 everyone
    loses; under v2 the players at fault for one of the Day's collisions lose and the others are
    judged as when the last Day ends, so that a careless seat's wrecks do not decide their game,
    the collective floor counted for the Days begun (3 a Day up to and with the shutdown's Day)."""
    shut = f"three collisions on Day {s.day}; the Division is shut down"
    faulty = sorted(set(s.at_fault_today))
    clean = [i for i in range(len(s.players)) if i not in faulty]
    if s.config.balance == "v1" or not clean:
        finish(s, ev, [], f"{shut} and everyone loses.", "collision_floor")
        return
    blamed = " and ".join(name(s, i) for i in faulty)
    prefix = f"{shut}: {blamed}, at fault, {'loses' if len(faulty) == 1 else 'lose'}; "
    if s.config.victory == "first_to_target":
        finish(s, ev, [], prefix + "nobody reached the target, and everyone else loses too.", "collision_floor")
        return
    if s.day < s.config.days:  # the floor for the Days begun, not for Days never run ([V3])
        prefix += f"after {s.day} Day{'s' if s.day != 1 else ''} begun, "
    judge_competitive(s, ev, clean, prefix, "collision_floor", days=s.day)


def spend_red_flag(s: State, ev: Events, p: int, what: str, data: dict | None = None) -> bool:
    """House rule red_flag_escape ([M9], v0.2): if the player at fault holds a Red Flag, it is spent
    and the collision does not happen. ``data`` (the averted collision's reason code) goes on the event."""
    if not s.config.has("red_flag_escape"):
        return False
    hand = s.players[p].hand
    for c in hand:
        if c.startswith("RedFlag"):
            hand.remove(c)
            s.removed.append(c)
            ev.say("red_flag", f"{name(s, p)} waves the Red Flag: {what} stops short. The flag is spent.",
                   player=name(s, p), data={**(data or {}), "holder": name(s, p)})
            return True
    return False
