"""A plain-text picture of the table, for scripts, doctests and terminals."""

from __future__ import annotations

from ..cards import PIECES
from ..decisions import PHASE_NAMES
from ..flow import Where
from ..query import CLOCK, actor, ad_tracks, capacity, player_at, spec_of

SHORT = {
    "straight": "====", "turnout_left": "=/==", "turnout_right": "=\\==", "runaround": "=vv=",
    "whistle_post": "[WP]", "depot": "[De]", "station": "[St]", "terminal": "[Te]",
    "mine_tipple": "=Tip", "produce_shed": "=Shd", "grocers_warehouse": "=Gro",
    "oil_refinery": "=Ref", "power_plant": "=Pow", "team_track": "+tt+", "loading_dock": "+dk+",
    "storage_shed": "+st+", "extra_platform": "+pl+", "section_gang": "+sg+",
}


def car_code(pid: str) -> str:
    p = PIECES[pid]
    if p.kind == "caboose":
        return "k"
    c = {"coach": "c", "boxcar": "b", "hopper": "h", "reefer": "r", "tank": "t"}[p.kind]
    return c.upper() if p.loaded else c


def consist(t) -> str:
    """Cars west to east with the engine as < or > (its facing)."""
    eng = ">" if t.direction == "east" else "<"
    front = "".join(car_code(c) for c in t.ahead)
    back = "".join(car_code(c) for c in t.behind)
    if t.direction == "east":
        return back[::-1] + eng + front
    return front[::-1] + eng + back


def area_lines(s, seat: int) -> list:
    area = s.areas[seat]
    lines = []
    ys = sorted({y for (_, y) in area.grid}, reverse=True)
    xs = range(area.west_limit, area.east_limit + 1)
    for y in ys:
        row = []
        for x in xs:
            if y == 0 and x in (area.west_limit, area.east_limit):
                row.append(" |L| ")
                continue
            placed = area.grid.get((x, y))
            if placed is None:
                row.append("  .  ")
                continue
            sp = spec_of(s, placed.card)
            mark = SHORT.get(sp.key, sp.key[:4])
            if placed.rotated and sp.car:  # a turned spur: its bumper at the west end
                mark = mark[1:] + "="
            elif placed.rotated:
                mark = mark[::-1]  # a '/' or '\\' leg turned half round is the same slant
            row.append(mark.center(5))
        lines.append(f"{y:>3} " + "".join(row))
    lines.append("    " + "".join(f"{x:^5}" for x in xs))
    for t in sorted(s.trains.values(), key=lambda t: t.tray):
        if t.where == Where.AREA and t.seat == seat:
            lines.append(f"    train {t.label} (tray {t.tray}) at {t.pos[0]},{t.pos[1]}: {consist(t)}")
    for xy, placed in sorted(area.grid.items()):
        if placed.cars:
            lines.append(f"    cars at {xy[0]},{xy[1]}: {''.join(car_code(c) for c in placed.cars)}")
    for xy, placed in sorted(area.grid.items()):
        if placed.enhancements:  # [E1]
            names = ", ".join(spec_of(s, c).name for c in placed.enhancements)
            lines.append(f"    on {xy[0]},{xy[1]}: {names}")
    for xy, fac in sorted(area.facilities.items()):
        g, r = capacity(s, area, xy)
        pipe = " ".join(f"{b.upper()}:{car_code(v[0]) + ('>' if v[1] == 'out' else '<') if v else '-'}"
                        for b, v in fac.pipeline.items())
        what = "Office" if xy == (0, 0) else spec_of(s, area.grid[xy].card).name
        extra = "" if xy == (0, 0) else f"  {pipe}"
        lines.append(f"    {what} at {xy[0]},{xy[1]}: green {len(fac.green)}/{g}, red {len(fac.red)}/{r}{extra}")
    return lines


def describe(s) -> str:
    """The whole table in plain text."""
    out = []
    who = actor(s)
    head = f"Day {s.day}, Stage {s.stage} ({CLOCK[s.stage - 1]}), {PHASE_NAMES[s.phase]}"
    if s.outcome is not None:
        head += f" — game over: {s.outcome.reason}"
    elif who is not None:
        head += f" — {s.players[who].name} to act"
    out.append(head)
    if s.config.house_rules:
        out.append(f"House rules: {s.config.variant}")
    out.append("Revenue: " + ", ".join(f"{p.name} {p.revenue}" for p in s.players)
               + f"   Superintendent: {s.players[s.superintendent].name}   collisions today: {s.collisions_today}")
    tt = ", ".join(f"{st}:{spec_of(s, c).number}" for st, c in sorted(s.timetable.items())) or "empty"
    out.append(f"Timetable: {tt}   held: {', '.join(s.held) or 'none'}")
    chain = ["WDP"]
    for i, name in enumerate(s.mainline):
        regions = []
        for r in (0, 1):
            t = next((t for t in s.trains.values() if t.where == Where.MAINLINE and t.pos == (i, r)), None)
            regions.append(f"{t.label}{'>' if t.direction == 'east' else '<'}" if t else "..")
        chain.append(f"[{name}: {' '.join(regions)}]")
        if i < len(s.areas):
            p = player_at(s, i)
            chain.append(f"({s.players[p].name} {spec_of(s, s.areas[i].office.card).name})")
    chain.append("EDP")
    out.append("Division: " + " ".join(chain))
    for side in ("west", "east"):
        waiting = [t.label for t in s.trains.values() if t.where == Where.DIVISION_POINT and t.pos == side]
        if waiting:
            out.append(f"At the {side.title()}ern Division Point: {', '.join(waiting)}")
    for seat in range(len(s.areas)):
        p = player_at(s, seat)
        area = s.areas[seat]
        office = spec_of(s, area.office.card)
        out.append(f"{s.players[p].name}'s Office Area ({office.name}, {ad_tracks(s, area)} A/D):")
        out.extend(area_lines(s, seat))
    if who is not None:
        hand = s.players[who].hand
        out.append(f"{s.players[who].name}'s hand: " + ", ".join(f"{c} ({spec_of(s, c).name})" for c in hand))
    depts = "  ".join(f"{k + 1}: {spec_of(s, p[-1]).name if p else '—'}" for k, p in enumerate(s.departments))
    out.append(f"Departments: {depts}   Home Office: {len(s.home)}   Salvage: {len(s.salvage)}")
    if s.config.has("adversity"):  # the Division's situation card of this Stage ([W3])
        out.append(f"Situation: {s.situation[2] if s.situation else 'none yet'}   "
                   f"(situation pile {len(s.situations)}, discard {len(s.situations_used)})")
    out.append(f"Division Yard: {len(s.division_yard)} cars   Classification Yard: {len(s.classification_yard)}")
    return "\n".join(out)
