"""Shift Change: workers reset, the Fedora passes after Stages 3, 6, 9 and 12, the Pocket Watch
advances; at the end of Stage 12 the Day ends (collisions reset, Employee Rotation, victory)."""

from __future__ import annotations

from ..cards.base import fire
from ..flow import Phase, Where
from ..query import CLOCK, FEDORA_STAGES, name, player_at
from ..rules import days_over, Events, return_classified
from ..state import State
from .mainline import depart


def _expedited_departures(s: State, ev: Events) -> None:
    """[M17]: trains that arrived at an Office this Stage and carry an Expedite order depart now, in
    seniority order, after the Load/Unload, with the Mainline's clearance and collision checks
    (a follower is held, not asked about: nobody is asked at a Shift Change)."""
    for t in sorted(s.trains.values(), key=lambda t: t.rank):
        if s.outcome is not None:
            return
        if (t.tray in s.trains and t.where == Where.AREA and tuple(t.pos) == (0, 0) and t.arrived == s.stage_count
                and fire(s, "departs_at_shift_change", t, train=t)):
            depart(s, t, ev)


def begin(s: State, ev: Events) -> None:
    s.phase = Phase.SHIFT_CHANGE
    s.turn.pending = None


def proceed(s: State, ev: Events) -> bool:
    _expedited_departures(s, ev)
    if s.outcome is not None:  # a departure's collision ended the game
        return False
    for area in s.areas:
        for fac in area.facilities.values():
            fac.workers_used = 0
        for m in area.modifiers.values():
            m.used = False
    n = len(s.players)
    ev.say("stage_end", f"Stage {s.stage} ({CLOCK[s.stage - 1]}) of Day {s.day} ends.",
           data={"day": s.day, "stage": s.stage})
    fire(s, "stage_end", ev)
    if s.stage in FEDORA_STAGES and n > 1:
        seat = s.players[s.superintendent].seat
        s.superintendent = player_at(s, (seat + 1) % n)
        ev.say("fedora", f"The Fedora passes to {name(s, s.superintendent)}, the new Superintendent.")
    return_classified(s, ev, "stage_end")
    if s.stage < 12:
        s.stage += 1
        return False
    ev.say("day_end", f"Day {s.day} ends.", data={"day": s.day})
    fire(s, "day_end", ev)
    return_classified(s, ev, "day_end")
    s.device_uses.clear()  # dispatch devices' uses come back for the new Day ([M20])
    s.freight_today.clear()  # the Day's freight contract starts again ([L6])
    s.express_used.clear()  # trains 3/4 work a freight car again at every spot ([T7])
    s.collisions_today = 0
    s.at_fault_today.clear()
    if s.day >= s.config.days:
        days_over(s, ev)
        return False
    if s.config.has("employee_rotation") and n > 1:
        for p in s.players:
            p.seat = (p.seat + 1) % n
        ev.say("rotation", "Employee Rotation: every Station Master moves one Office east, "
               "taking Revenue, hand and the Fedora along.")
    s.day += 1
    s.stage = 1
    return False
