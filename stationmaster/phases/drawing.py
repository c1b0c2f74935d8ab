"""The Draw option: draw one card, play eligible cards, discard to Departments (v0.2 §6.2, §11)."""

from __future__ import annotations

from ..intents import Discard, Draw, Play
from ..rules import (
    Events, area_of, d12, is_facility, name, neighbours9, office_tier, shuffle, spec_of,
)
from ..state import Facility, Modifier, Placed, State
from ..track import NEIGHBOUR


# --------------------------------------------------------------------------- drawing


def check_draw(s: State, d: Draw) -> str | None:
    if d.source == "home":
        if not s.home and not s.salvage and not any(s.departments):
            return "the Home Office deck is empty and there is nothing to reshuffle"
        return None
    if not s.departments[d.source - 1]:
        return f"Department {d.source} is empty"
    return None


def reshuffle(s: State, ev: Events) -> None:
    """The Home Office ran out: Salvage Yard and Departments are shuffled into a new deck."""
    cards = list(s.salvage)
    for pile in s.departments:
        cards.extend(pile)
        pile.clear()
    s.salvage.clear()
    cards.sort()
    shuffle(s, cards)
    s.home = cards + s.home
    if cards:
        ev.say("reshuffle", f"The Home Office deck ran out: {len(cards)} cards from the Salvage Yard and "
               "Departments are reshuffled into it.")
    refill_departments(s, ev, after_reshuffle=True)


def refill_departments(s: State, ev: Events, after_reshuffle: bool = False) -> None:
    for k, pile in enumerate(s.departments):
        if not pile and s.home:
            if after_reshuffle and len(s.home) == 1:
                return  # so few cards left that refilling would empty the new deck and reshuffle forever
            pile.append(s.home.pop())
            if not s.home:
                reshuffle(s, ev)
                return


def draw(s: State, p: int, d: Draw, ev: Events) -> None:
    hand = s.players[p].hand
    if d.source == "home":
        if not s.home:
            reshuffle(s, ev)
        card = s.home.pop()
        hand.append(card)
        ev.say("draw", f"{name(s, p)} draws from the Home Office.", data={"card": card, "private": True})
        if not s.home:
            reshuffle(s, ev)
    else:
        card = s.departments[d.source - 1].pop()
        hand.append(card)
        ev.say("draw", f"{name(s, p)} takes the {spec_of(s, card).name} ({card}) from Department {d.source}.")
    refill_departments(s, ev)


# --------------------------------------------------------------------------- playing cards


def _placement_problem(s: State, p: int, pl: Play, sp) -> str | None:
    area = area_of(s, p)
    if pl.at is None:
        return f"say where to play the {sp.name}: 'play {pl.card} at x,y'"
    x, y = pl.at
    if pl.at in area.grid:
        return f"{x},{y} already holds the {spec_of(s, area.grid[pl.at].card).name}"
    if sp.kind == "modifier":
        if pl.turned:
            return "a Modifier has no rail to turn"
        if y == 0 or not (area.west_limit < x < area.east_limit):
            return (f"a Modifier goes off the Running Track, between your Limits' columns "
                    f"({area.west_limit + 1} to {area.east_limit - 1}), not at {x},{y}")
        return None
    if pl.serves is not None:
        return "only a Modifier serves a facility"
    if y == 0:
        if x not in (area.west_limit, area.east_limit):
            return f"{x},{y} is on the Running Track; it can only grow at its Limits ({area.west_limit},0 or {area.east_limit},0)"
        if sp.kind != "track":
            return f"a {sp.name} cannot go on the Running Track; it would break the through route"
        if not sp.geometry.through:
            return f"the {sp.name} has no east–west through route for the Running Track"
        return None
    if not (area.west_limit < x < area.east_limit):
        return (f"{x},{y} is beyond your Limits; Secondary Track is built between columns "
                f"{area.west_limit + 1} and {area.east_limit - 1} (extend the Running Track to widen it)")
    geo = sp.geometry.rotated() if pl.turned else sp.geometry
    for port in sorted(geo.ports):
        dx, dy, their = NEIGHBOUR[port]
        n = area.grid.get((x + dx, y + dy))
        if n is None:
            continue
        nsp = spec_of(s, n.card)
        if nsp.geometry is None:
            continue
        ngeo = nsp.geometry.rotated() if n.rotated else nsp.geometry
        if their in ngeo.ports:
            return None
    turn = " (try it turned)" if not pl.turned else ""
    return f"the {sp.name} at {x},{y} would not connect to any track{turn}"


def _modifier_targets(s: State, p: int, sp, xy) -> list:
    area = area_of(s, p)
    out = []
    for n in neighbours9(xy):
        if not is_facility(s, area, n):
            continue
        if n == (0, 0):
            ok = sp.serves in ("passenger", "any")
        else:
            fsp = spec_of(s, area.grid[n].card)
            ok = (sp.serves in ("freight", "any") or (sp.serves == "freight_out" and fsp.outbound)
                  or (sp.serves == "freight_in" and fsp.inbound))
        if ok:
            out.append(n)
    return out


def check_card(s: State, p: int, it) -> str | None:
    hand = s.players[p].hand
    if it.card not in hand:
        return f"{it.card} is not in your hand (you hold {', '.join(hand) or 'nothing'})"
    sp = spec_of(s, it.card)
    if isinstance(it, Discard):
        if sp.kind == "red_flag":
            return "your Red Flag stays in your hand until it is spent; it cannot be discarded"
        return None
    if sp.kind == "red_flag":
        return "your Red Flag plays itself: it is spent the first time a collision would be your fault"
    if sp.kind in ("train", "extra", "office"):
        if it.at is not None or it.turned or it.serves is not None:
            return f"the {sp.name} is played without a place: 'play {it.card}'"
    if sp.kind == "office":
        area = area_of(s, p)
        tier = office_tier(s, area)
        current = spec_of(s, area.office.card).name
        if sp.tier != tier + 1:
            order = "Whistle Post → Depot → Station → Terminal"
            if sp.tier <= tier:
                return f"your Office is already a {current}; upgrades go {order}"
            return f"your Office is a {current}; upgrades go strictly {order}, one step at a time"
        return None
    if sp.kind == "train":
        if it.card in s.timetable.values():
            return f"{sp.name} is already on the timetable"
        return None
    if sp.kind == "extra":
        return None
    problem = _placement_problem(s, p, it, sp)
    if problem:
        return problem
    if sp.kind == "modifier":
        targets = _modifier_targets(s, p, sp, it.at)
        if not targets:
            return f"the {sp.name} must go beside a facility it can serve; none is next to {it.at[0]},{it.at[1]}"
        if dict(sp.adds).get("worker"):
            if it.serves is not None:
                return f"the {sp.name} lends its worker to any neighbouring facility; play it without 'for'"
            return None
        if it.serves is None and len(targets) > 1:
            spots = ", ".join(f"{a},{b}" for a, b in targets)
            return f"the {sp.name} is beside several facilities ({spots}); say which it serves with 'for x,y'"
        if it.serves is not None and it.serves not in targets:
            return f"the {sp.name} at {it.at[0]},{it.at[1]} cannot serve {it.serves[0]},{it.serves[1]}"
    return None


def candidates(s: State, p: int):
    area = area_of(s, p)
    hand = s.players[p].hand
    spots = set()
    ys = [xy[1] for xy in area.grid] + [xy[1] for xy in area.modifiers]
    lo, hi = min(ys) - 1, max(ys) + 1
    for x in range(area.west_limit, area.east_limit + 1):
        for y in range(lo, hi + 1):
            if (x, y) not in area.grid:
                spots.add((x, y))
    spots = sorted(spots)
    seen = set()
    for card in hand:
        sp = spec_of(s, card)
        key = (sp.key, card)
        if key in seen:
            continue
        seen.add(key)
        for k in (1, 2, 3):
            yield Discard(card, k)
        if sp.kind in ("train", "extra", "office"):
            yield Play(card)
        elif sp.kind in ("track", "facility"):
            for xy in spots:
                yield Play(card, xy)
                if sp.geometry.rotated() != sp.geometry:
                    yield Play(card, xy, True)
        elif sp.kind == "modifier":
            for xy in spots:
                if xy[1] == 0:
                    continue
                targets = _modifier_targets(s, p, sp, xy)
                if not targets:
                    continue
                if dict(sp.adds).get("worker") or len(targets) == 1:
                    yield Play(card, xy)
                else:
                    for tgt in targets:
                        yield Play(card, xy, serves=tgt)


def apply_card(s: State, p: int, it, ev: Events) -> None:
    who = name(s, p)
    hand = s.players[p].hand
    hand.remove(it.card)
    sp = spec_of(s, it.card)
    if isinstance(it, Discard):
        s.departments[it.dept - 1].append(it.card)
        ev.say("discard", f"{who} discards the {sp.name} ({it.card}) to Department {it.dept}.")
        return
    area = area_of(s, p)
    if sp.kind == "office":
        old = area.office.card
        area.office.card = it.card
        if old.startswith("WhistlePost"):
            s.supply.append(old)
        else:
            s.salvage.append(old)
        area.facilities.setdefault((0, 0), Facility())
        ev.say("upgrade", f"{who} upgrades the Office to a {sp.name}: {sp.ad_tracks} A/D tracks"
               f"{', a Control Point' if sp.tier == 1 else ''}.")
    elif sp.kind == "train":
        roll = d12(s)
        slot = roll
        while slot in s.timetable:
            slot = slot % 12 + 1
        s.timetable[slot] = it.card
        moved = "" if slot == roll else f", taken, so it goes down the column to Stage {slot}"
        ev.say("timetable", f"{who} plays {sp.name}: the D12 rolls {roll}{moved}. It runs every Day at Stage {slot}.",
               data={"roll": roll, "slot": slot})
    elif sp.kind == "extra":
        s.extras.append([it.card, p])
        ev.say("extra", f"{who} plays {sp.name}; it runs when a Crew Tray is free.")
    elif sp.kind == "modifier":
        serves = None
        if not dict(sp.adds).get("worker"):
            serves = it.serves or _modifier_targets(s, p, sp, it.at)[0]
        area.modifiers[it.at] = Modifier(it.card, serves)
        area.grid[it.at] = Placed(it.card)
        ev.say("play", f"{who} places the {sp.name} at {it.at[0]},{it.at[1]}.")
    else:
        area.grid[it.at] = Placed(it.card, it.turned)
        x, y = it.at
        if y == 0:
            if x == area.west_limit:
                area.west_limit -= 1
            else:
                area.east_limit += 1
        if sp.kind == "facility":
            area.facilities[it.at] = Facility()
        grow = " and moves the Limits out" if y == 0 else ""
        ev.say("play", f"{who} lays the {sp.name} at {x},{y}{' turned' if it.turned else ''}{grow}.")
