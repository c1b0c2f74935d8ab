"""Invariants that hold after every intent (DESIGN.md §4); tests call ``check(state)``."""

from __future__ import annotations

from collections import Counter

from .cards import fire, red_flag_id
from .cards.specs import is_situation
from .flow import Where
from .query import ad_tracks, spec_of
from .setup import rolling_stock
from .state import State


def piece_places(s: State) -> Counter:
    seen: Counter = Counter()
    seen.update(s.division_yard)
    seen.update(s.classification_yard)
    for t in s.trains.values():
        seen.update(t.ahead)
        seen.update(t.behind)
    for area in s.areas:
        for placed in area.grid.values():
            seen.update(placed.cars)
        for fac in area.facilities.values():
            seen.update(fac.green)
            seen.update(fac.red)
            seen.update(v[0] for v in fac.pipeline.values() if v)
    return seen


def card_places(s: State) -> Counter:
    seen: Counter = Counter()
    seen.update(s.home)
    for pile in s.departments:
        seen.update(pile)
    seen.update(s.salvage)
    seen.update(s.removed)
    seen.update(s.supply)
    for p in s.players:
        seen.update(p.hand)
    for area in s.areas:
        seen.update(pl.card for pl in area.grid.values())
        for pl in area.grid.values():
            seen.update(pl.enhancements)  # enhancements lie on the cards of the Area ([E1])
        seen.update(area.space.values())  # space-use cards opponents laid there ([O8])
    seen.update(s.timetable.values())
    seen.update(e.card for e in s.extras)
    seen.update(t.card for t in s.trains.values() if spec_of(s, t.card).kind == "extra")
    for t in s.trains.values():
        seen.update(t.orders)
    seen.update(e.card for e in s.sections)
    for cards in s.ml_modifiers.values():
        seen.update(cards)
    seen.update(s.situations)  # the Division's situation deck and its discard (adversity, [W1])
    seen.update(s.situations_used)
    return seen


def stray_situations(s: State) -> list:
    """Situation cards where only Home Office cards go (a hand, the Home Office deck, a Department,
    the Salvage Yard...): a situation card is face down in its pile, in its discard, or in play on a
    train or in an Office Area, nowhere else ([W1])."""
    allowed: Counter = Counter(s.situations)
    allowed.update(s.situations_used)
    for t in s.trains.values():
        allowed.update(t.orders)
    for area in s.areas:
        allowed.update(area.space.values())
    return sorted(c for c in card_places(s) if is_situation(c) and c not in allowed)


def check(s: State) -> list:
    """Every broken invariant, in words (empty when all hold)."""
    bad = []
    pieces = piece_places(s)
    stock = set(rolling_stock(s.config))  # the table's own stock ([U2])
    if set(pieces) != stock or any(n != 1 for n in pieces.values()):
        missing = sorted(stock - set(pieces))
        twice = sorted(p for p, n in pieces.items() if n > 1)
        foreign = sorted(set(pieces) - stock)
        bad.append(f"rolling stock: missing {missing}, twice {twice}, not this table's {foreign}")
    cards = card_places(s)
    expected = set(s.deck) | {f"WhistlePost{i + 1}" for i in range(len(s.areas))}
    if s.config.has("emergency_toolbox"):
        expected |= {red_flag_id(i) for i in range(len(s.players))}
    if set(cards) != expected or any(n != 1 for n in cards.values()):
        bad.append(f"cards: missing {sorted(expected - set(cards))}, extra {sorted(set(cards) - expected)}, "
                   f"twice {sorted(c for c, n in cards.items() if n > 1)}")
    stray = stray_situations(s)
    if stray:
        bad.append(f"situation cards {stray} lie among the Home Office cards ([W1])")
    listed = set(s.timetable.values())
    if any(c not in listed for c in s.held) or len(set(s.held)) != len(s.held):
        bad.append(f"held trains {s.held} are not each once on the timetable")
    if any(not t.extra and t.card not in listed for t in s.trains.values()):
        bad.append("a timetabled train is out whose card is not on the timetable")
    if any(not 1 <= t <= s.trays for t in s.trains):
        bad.append("a train uses a Crew Tray that does not exist")
    for tray, t in s.trains.items():
        if t.tray != tray:
            bad.append(f"train {t.label} is filed under tray {tray} but says {t.tray}")
        if len(t.ahead) + len(t.behind) > 4:
            bad.append(f"train {t.label} carries more than four cars")
    spots: Counter = Counter()
    for t in s.trains.values():
        if t.where == Where.AREA:
            spots[(t.seat, t.pos)] += 1
        elif t.where == Where.MAINLINE:
            spots[("ml", t.pos)] += 1
    for (a, b), n in spots.items():
        if a == "ml":
            if n > fire(s, "region_room", b, mainline=[b[0]]):
                bad.append(f"{n} trains share Mainline region {b}")
        elif b == (0, 0):
            if n > ad_tracks(s, s.areas[a]):
                bad.append(f"{n} trains at an Office with {ad_tracks(s, s.areas[a])} A/D tracks")
        elif n > 1:
            bad.append(f"{n} trains share card {b} of seat {a}")
    for seat, area in enumerate(s.areas):
        for xy, placed in area.grid.items():
            if len(placed.cars) > 4:
                bad.append(f"more than four cars stand on {xy} of seat {seat}")
        for xy, placed in area.grid.items():
            types = [s.deck.get(e) for e in placed.enhancements]
            if any(spec_of(s, e).kind != "enhancement" for e in placed.enhancements) or len(set(types)) != len(types):
                bad.append(f"the card at {xy} of seat {seat} carries {placed.enhancements}: enhancements only, "
                           "one of each type ([E1])")
        if area.grid[(0, 0)].cars:
            bad.append(f"cars stand on the Office of seat {seat}")
    if sorted(p.seat for p in s.players) != list(range(len(s.players))):
        bad.append("seats are not one per player")
    return bad
