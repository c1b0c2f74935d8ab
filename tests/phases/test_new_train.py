"""Scenario tests of the New Train phase: due trains, consists, held trains, Extras, manual make-up.

Rulings N1–N5 and Y1 of docs/rules.md (v0.2 §7, §12.4; v0.4.5 §4.4).
"""

from __future__ import annotations

import pytest

from stationmaster.builder import Position
from stationmaster.cards import PIECES
from stationmaster.errors import IllegalIntent
from stationmaster.invariants import check
from stationmaster.state import WaitingExtra

from positions import duo, of, run_stage, solo, to_decision

# --------------------------------------------------------------------------- helpers


def free_stage(b: Position) -> int:
    return max(st for st in range(1, 13) if st not in b.state.timetable)


TRACK = ["straight", "runaround"] * 3  # three of each in the deck


def park(b: Position, who, number: int, at, extra: bool = False, **kw):
    """A train standing out of the way on Secondary Track (it never moves by itself)."""
    area = b.state.areas[b.state.players[b._player(who)].seat]
    b.lay(who, TRACK[len(area.grid) - 1], at)
    on_timetable = any(b.state.deck[c] == f"train{number}" for c in b.state.timetable.values())
    if not extra and not on_timetable:
        b.schedule(number, free_stage(b))
    return b.train(number, player=who, at=at, extra=extra, **kw)


def fill_trays(b: Position, who, keep_free: int = 0) -> list:
    """Park trains on Secondary Track until only ``keep_free`` Crew Trays are left."""
    numbers = iter([12, 10, 8, 6, 4, 2])
    out = []
    x = 1
    while b.state.trays - len(b.state.trains) > keep_free:
        out.append(park(b, who, next(numbers), (x, -1)))
        x += 1
    return out


def extra_on_table(b: Position, number: int, player: int = 0) -> str:
    """An Extra played earlier and waiting on the table for a Crew Tray."""
    cid = b.take_card(f"extra{number}")
    b.state.extras.append(WaitingExtra(cid, player))
    return cid


def train_by_card(g, card):
    return next((t for t in g.state.trains.values() if t.card == card), None)


def kinds(pids) -> list:
    return [PIECES[p].kind for p in pids]


def ok(g) -> None:
    assert check(g.state) == []


# --------------------------------------------------------------------------- N1 / N2 due trains


def test_due_westbound_train_is_made_up_at_eastern_division_point():
    """N1/N2: odd (westbound) train due this Stage starts at the Eastern Division Point."""
    b = solo()
    card = b.schedule(5, 1)
    g = b.game()
    ev = run_stage(g)
    made = of(ev, "train_made_up")
    assert len(made) == 1 and made[0].data["train"] == "5"
    assert "Eastern Division Point" in made[0].text and "westbound" in made[0].text
    t = train_by_card(g, card)
    assert t.tray == made[0].data["tray"] and t.direction == "west" and not t.extra
    assert [e for e in of(ev, "highball") if "Eastern Division Point" in e.text]
    assert (t.where, t.pos) == ("mainline", (1, 1))  # highballed onto the last card's east region
    ok(g)


def test_due_eastbound_train_is_made_up_at_western_division_point():
    """N1/N2: even (eastbound) train starts at the Western Division Point."""
    b = duo()
    card = b.schedule(6, 1)
    g = b.game()
    ev = run_stage(g)
    made = of(ev, "train_made_up")
    assert len(made) == 1 and "Western Division Point" in made[0].text
    t = train_by_card(g, card)
    assert t.direction == "east" and (t.where, t.pos) == ("mainline", (0, 0))
    ok(g)


def test_made_up_train_waits_at_division_point_when_blocked():
    """N2/M4: a made-up train stays at its Division Point while the Mainline ahead is held."""
    b = solo()
    card = b.schedule(6, 1)
    b.schedule(3, free_stage(b))
    b.train(3, mainline=(0, 1), behind=["CE1"])  # westbound, coming at it in Subdivision 1
    g = b.game()
    ev = run_stage(g)
    t = train_by_card(g, card)
    assert (t.where, t.pos) == ("division_point", "west")
    assert of(ev, "train_made_up") and any("Train 6" in e.text for e in of(ev, "held"))
    ok(g)


def test_nothing_due_makes_up_nothing():
    """N1: a Stage with no train on the timetable makes up no train."""
    b = solo()
    b.schedule(5, 2)
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "train_made_up") == [] and not g.state.trains
    ev = run_stage(g)
    assert len(of(ev, "train_made_up")) == 1
    ok(g)


def test_train_played_onto_the_current_stage_runs_at_once():
    """N1 / v0.2 §7, D4: a timetabled train whose roll lands on this Stage is due in this New Train."""
    b = solo()
    for n, stage in zip(range(1, 12), range(2, 13)):  # every other slot taken: any roll wraps to Stage 1
        b.schedule(n, stage)
    b.hand("Ann", ["train12"])
    g = b.game()
    g.apply("draw home")
    ev = g.apply("play T12")
    assert of(ev, "timetable") and g.state.timetable[1] == "T12"
    ev = g.apply("end")
    made = of(ev, "train_made_up")
    assert [e.data["train"] for e in made] == ["12"] and "Western Division Point" in made[0].text
    ok(g)


# --------------------------------------------------------------------------- N3 consists


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_limited_gets_four_coaches_and_no_caboose(seed):
    """N3 / v0.2 §12.4: trains 1/2 (Limited) carry four coaches, no caboose."""
    b = solo(seed=seed)
    card = b.schedule(1, 1)
    g = b.game()
    run_stage(g)
    t = train_by_card(g, card)
    assert kinds(t.behind) == ["coach"] * 4 and t.ahead == []
    ok(g)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_manifest_freight_gets_three_boxcars_or_reefers_and_caboose(seed):
    """N3 / v0.2 §12.4: trains 5/6 carry 3 boxcars or reefers + caboose last (four-car limit)."""
    b = solo(seed=seed)
    card = b.schedule(5, 1)
    g = b.game()
    run_stage(g)
    t = train_by_card(g, card)
    k = kinds(t.behind)
    assert len(k) == 4 and k[-1] == "caboose"
    assert set(k[:3]) <= {"boxcar", "reefer"}
    ok(g)


@pytest.mark.parametrize("number,allowed", [(3, {"coach"}), (7, {"hopper"}), (9, {"tank"})])
def test_other_classes_respect_their_card(number, allowed):
    """N3 / v0.2 §12.4: Mail-Express 3 coaches no caboose; Coal Drag hoppers + caboose; Oil Train tanks + caboose."""
    b = solo()
    card = b.schedule(number, 1)
    g = b.game()
    run_stage(g)
    t = train_by_card(g, card)
    k = kinds(t.behind)
    assert len(k) <= 4 and set(k) - {"caboose"} <= allowed
    assert len([x for x in k if x != "caboose"]) == 3
    assert ("caboose" in k) == (number != 3)
    if "caboose" in k:
        assert k[-1] == "caboose"
    ok(g)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_way_freight_takes_any_cars_plus_caboose(seed):
    """N3: the Way Freight takes any three cars (coaches too) and a caboose: four in all."""
    b = solo(seed=seed)
    card = b.schedule(11, 1)
    g = b.game()
    run_stage(g)
    t = train_by_card(g, card)
    k = kinds(t.behind)
    assert len(k) == 4 and k[-1] == "caboose" and "caboose" not in k[:3]
    ok(g)


def test_way_freight_may_draw_coaches():
    """N3: 'way freight: any car incl. coaches' — with only coaches suitable it takes coaches."""
    b = solo()
    s = b.state
    # put every freight car out of the Division Yard (Classification does not refill while coaches remain)
    for pid in [p for p in s.division_yard if PIECES[p].kind in ("boxcar", "hopper", "reefer", "tank")]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    card = b.schedule(11, 1)
    g = b.game()
    run_stage(g)
    assert kinds(train_by_card(g, card).behind) == ["coach", "coach", "coach", "caboose"]
    ok(g)


def test_train_runs_short_when_few_suitable_cars_remain():
    """N3 / v0.2 §7: with one hopper left the Coal Drag runs with it and a caboose."""
    b = solo()
    s = b.state
    hoppers = [p for p in s.division_yard if PIECES[p].kind == "hopper"]
    for pid in hoppers[1:]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    card = b.schedule(7, 1)
    g = b.game()
    run_stage(g)
    t = train_by_card(g, card)
    assert t.behind == [hoppers[0], "K1"]
    ok(g)


def test_no_caboose_in_division_yard_train_runs_without_one():
    """N3: the caboose is added only if one is in the Division Yard."""
    b = solo()
    s = b.state
    for pid in [p for p in s.division_yard if PIECES[p].kind == "caboose"]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    card = b.schedule(5, 1)
    g = b.game()
    run_stage(g)
    k = kinds(train_by_card(g, card).behind)
    assert len(k) == 3 and "caboose" not in k
    ok(g)


def test_automatic_makeup_is_seeded():
    """N3/Y1: automatic make-up draws at random, seeded: the same position makes up the same consist."""
    consists = []
    for _ in range(2):
        b = solo(seed=7)
        card = b.schedule(11, 1)
        g = b.game()
        run_stage(g)
        consists.append(list(train_by_card(g, card).behind))
    assert consists[0] == consists[1]


# --------------------------------------------------------------------------- N1 held and annulled


def test_due_train_held_when_no_crew_tray_is_free():
    """N1 / v0.2 §7: with every Crew Tray in use the due train joins the held list."""
    b = solo()
    fill_trays(b, "Ann")
    card = b.schedule(9, 1)
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "train_made_up") == []
    held = of(ev, "held")
    assert len(held) == 1 and "Train 9" in held[0].text and "no Crew Tray is free" in held[0].text
    assert g.state.held == [card] and len(g.state.trains) == g.state.trays
    ok(g)


def test_held_trains_made_up_lowest_number_first_as_trays_free():
    """N1: held trains wait, then go out lowest number first, one per tray freed."""
    b = solo()
    park(b, "Ann", 6, (1, -1))
    park(b, "Ann", 8, (2, -1))
    b.schedule(2, free_stage(b))
    b.train(2, mainline=(1, 1), behind=["BE1", "K1"])  # leaves the Division in Stage 1
    b.schedule(4, free_stage(b))
    b.train(4, mainline=(1, 0), behind=["BE2", "K2"])  # leaves in Stage 2
    t9 = b.schedule(9, 1)
    t3 = b.schedule(3, 2)
    g = b.game()
    s = g.state
    ev = run_stage(g)  # Stage 1: 9 is due, no tray; train 2 leaves
    assert of(ev, "train_made_up") == [] and s.held == [t9]
    assert len(of(ev, "train_left_division")) == 1
    ev = run_stage(g)  # Stage 2: 3 is due too; one tray: 3 goes first, 9 waits; train 4 leaves
    assert [e.data["train"] for e in of(ev, "train_made_up")] == ["3"]
    assert s.held == [t9]
    assert any("Train 9 is held" in e.text for e in of(ev, "held"))
    ev = run_stage(g, "hold")  # Stage 3: 9 gets the freed tray (then follows 3 west: hold it)
    assert [e.data["train"] for e in of(ev, "train_made_up")] == ["9"]
    assert s.held == [] and train_by_card(g, t3) and train_by_card(g, t9)
    ok(g)


def test_due_train_annulled_when_its_last_run_is_still_on_the_division():
    """N1: a due train whose card is still running is annulled for today, not held."""
    b = solo()
    card = b.schedule(5, 1)
    park(b, "Ann", 5, (1, -1), behind=["BE1", "K1"])  # yesterday's run, still in the Area
    g = b.game()
    ev = run_stage(g)
    ann = of(ev, "annulled")
    assert len(ann) == 1 and "Train 5" in ann[0].text
    assert of(ev, "train_made_up") == [] and g.state.held == []
    assert sum(1 for t in g.state.trains.values() if t.card == card) == 1
    assert g.state.timetable[1] == card
    ok(g)


def test_due_train_already_held_is_not_held_twice():
    """N1: a due train still held from earlier stays held once."""
    b = solo()
    fill_trays(b, "Ann")
    card = b.schedule(9, 1)
    b.state.held.append(card)
    g = b.game()
    ev = run_stage(g)
    assert any("due again" in e.text for e in of(ev, "held"))
    assert g.state.held == [card]
    ok(g)


# --------------------------------------------------------------------------- N5 Extras


def test_extra_waits_for_a_crew_tray():
    """N5: an Extra on the table waits while every Crew Tray is in use."""
    b = solo()
    fill_trays(b, "Ann")
    cid = extra_on_table(b, 10)
    g = b.game()
    ev = run_stage(g)
    assert any("Extra waits for a Crew Tray" in e.text for e in of(ev, "held"))
    assert g.state.extras == [WaitingExtra(cid, 0)] and g.phase == "local_operations"
    ok(g)


def test_extra_made_up_when_tray_frees_run_west_starts_at_eastern_dp():
    """N5/Y1: once a tray frees, its player says 'run west' (Eastern DP), places cars, may 'end' early."""
    b = solo()
    fill_trays(b, "Ann", keep_free=1)
    b.schedule(2, free_stage(b))
    b.train(2, mainline=(1, 1), behind=["BE1", "K1"])  # leaves in Stage 1, freeing a tray
    cid = extra_on_table(b, 10)
    g = b.game()
    ev = run_stage(g)
    assert g.state.extras == [WaitingExtra(cid, 0)]
    assert of(ev, "train_left_division")
    to_decision(g)  # Stage 2: New Train asks for the Extra's direction
    assert g.phase == "new_train" and g.actor == "Ann"
    assert g.decision == "choose an Extra's direction"
    assert sorted(str(i) for i in g.legal_intents()) == ["run east", "run west"]
    assert g.why_not("place empty boxcar") is not None
    ev = g.apply("run west")
    assert of(ev, "extra_direction") and g.state.extras == []
    t = train_by_card(g, cid)
    assert (t.where, t.pos, t.direction, t.extra, t.label) == ("division_point", "east", "west", True, "X10")
    legal = [str(i) for i in g.legal_intents()]
    assert "end" in legal and "place empty boxcar" in legal and "place caboose" not in legal
    g.apply("place empty boxcar")
    assert t.behind == ["BE2"]  # Y1: the lowest-numbered alike car (BE1 is in Classification)
    ev = g.apply("end")
    made = of(ev, "train_made_up")
    assert len(made) == 1 and "Eastern Division Point" in made[0].text
    assert kinds(t.behind) == ["boxcar", "caboose"]
    assert any(e.data.get("train") == "X10" for e in of(ev, "highball"))
    assert (t.where, t.pos) == ("mainline", (1, 1))
    ok(g)


def test_extra_run_east_starts_at_western_dp_and_fills_to_four():
    """N5/N3: 'run east' starts at the Western DP; three cars then the caboose, four-car limit."""
    b = solo()
    cid = extra_on_table(b, 12)
    g = b.game()
    to_decision(g)
    g.apply("run east")
    t = train_by_card(g, cid)
    assert (t.pos, t.direction) == ("west", "east")
    g.apply("place loaded tank")
    g.apply("place empty coach")
    ev = g.apply("place loaded hopper")  # the third car fills it: made up at once
    assert of(ev, "train_made_up")
    assert kinds(t.behind) == ["tank", "coach", "hopper", "caboose"]
    assert len(t.behind) == 4
    ok(g)


def test_extra_played_in_local_operations_runs_the_same_stage():
    """N5 / D4: an Extra played from hand goes on the table and is made up in that Stage's New Train."""
    b = solo()
    b.hand("Ann", ["extra9"])
    g = b.game()
    g.apply("draw home")
    assert of(g.apply("play X9"), "extra")
    g.apply("end")
    assert g.phase == "new_train" and g.decision == "choose an Extra's direction"
    g.apply("run east")
    g.apply("end")  # no cars: a light engine and caboose
    assert kinds(train_by_card(g, "X9").behind) == ["caboose"]
    ok(g)


def test_extra_direction_is_chosen_by_the_player_who_played_it():
    """N5: the Extra's own player (not the Superintendent) chooses its direction and cars."""
    b = duo()
    cid = extra_on_table(b, 11, player=0)  # Ann played it; Bob wears the Fedora
    g = b.game()
    to_decision(g)
    assert g.actor == "Ann" and g.decision == "choose an Extra's direction"
    g.apply("run west")
    assert g.actor == "Ann"
    g.apply("place empty reefer")
    g.apply("end")
    t = train_by_card(g, cid)
    assert t.played_by == 0 and kinds(t.behind) == ["reefer", "caboose"]
    ok(g)


def test_extras_come_after_timetabled_trains():
    """N5: with one tray free the due timetabled train takes it; the Extra waits."""
    b = solo()
    fill_trays(b, "Ann", keep_free=1)
    cid = extra_on_table(b, 9)
    card = b.schedule(11, 1)
    g = b.game()
    ev = run_stage(g)  # no Extra direction asked
    assert [e.data["train"] for e in of(ev, "train_made_up")] == ["11"]
    assert train_by_card(g, card) is not None and g.state.extras == [WaitingExtra(cid, 0)]
    ok(g)


def test_extras_go_lowest_number_first():
    """N5: two Extras waiting: the lower number gets the tray first, whatever the order played."""
    b = solo()
    fill_trays(b, "Ann", keep_free=1)
    x12 = extra_on_table(b, 12)
    x9 = extra_on_table(b, 9)
    g = b.game()
    to_decision(g)
    assert g.decision == "choose an Extra's direction"
    g.apply("run east")
    assert train_by_card(g, x9) is not None and train_by_card(g, x12) is None
    g.apply("end")
    assert g.state.extras == [WaitingExtra(x12, 0)]
    ok(g)


# --------------------------------------------------------------------------- N4 manual make-up


def test_manual_makeup_players_place_in_turn_from_the_superintendent():
    """N4/Y1 / v0.2 §7 Gap 9: one car each from the Superintendent leftward, round after round, until full."""
    b = duo(optional_rules=["manual_makeup"])
    card = b.schedule(1, 1)
    g = b.game()
    to_decision(g)
    assert g.phase == "new_train" and g.decision == "place a car on a new train"
    actors = []
    for _ in range(4):
        assert sorted(str(i) for i in g.legal_intents()) == ["place empty coach", "place loaded coach"]
        actors.append(g.actor)
        ev = g.apply("place loaded coach" if len(actors) % 2 else "place empty coach")
        assert of(ev, "place_car")
    assert actors == ["Bob", "Ann", "Bob", "Ann"]
    assert of(ev, "train_made_up")
    t = train_by_card(g, card)
    assert t.behind == ["CL1", "CE1", "CL2", "CE2"]  # Y1: lowest id of the kind named
    ok(g)


def test_manual_makeup_refuses_unsuitable_cars_with_a_reason():
    """N4: a car the card does not list, a caboose, or 'end' on a timetabled train is refused."""
    b = duo(optional_rules=["manual_makeup"])
    b.schedule(1, 1)
    g = b.game()
    to_decision(g)
    why = g.why_not("place empty hopper")
    assert why and "hopper" in why and "coach" in why
    with pytest.raises(IllegalIntent):
        g.apply("place empty hopper")
    assert "caboose" in g.why_not("place caboose")
    assert g.why_not("end") is not None
    assert g.why_not("agent pass") is not None
    assert g.why_not("place loaded coach") is None
    ok(g)


def test_manual_makeup_refuses_a_car_the_division_yard_lacks():
    """N4: placing a suitable kind that is not in the Division Yard is refused."""
    b = solo(optional_rules=["manual_makeup"])
    b.schedule(3, 1)
    s = b.state
    for pid in [p for p in s.division_yard if p.startswith("CL")]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    g = b.game()
    to_decision(g)
    assert "no loaded coach" in g.why_not("place loaded coach")
    assert [str(i) for i in g.legal_intents()] == ["place empty coach"]
    ok(g)


def test_manual_makeup_adds_the_caboose_automatically():
    """N4: a freight train takes three placed cars; the caboose goes on last by itself."""
    b = solo(optional_rules=["manual_makeup"])
    card = b.schedule(7, 1)
    g = b.game()
    to_decision(g)
    assert g.actor == "Ann"
    g.apply("place loaded hopper")
    g.apply("place empty hopper")
    ev = g.apply("place loaded hopper")
    made = of(ev, "train_made_up")
    assert len(made) == 1 and made[0].data == {"tray": train_by_card(g, card).tray, "train": "7"}
    assert train_by_card(g, card).behind == ["HL1", "HE1", "HL2", "K1"]
    ok(g)


def test_manual_makeup_with_no_suitable_car_makes_up_at_once():
    """N4/N3: with nothing suitable in the Division Yard nobody is asked; the train runs short."""
    b = solo(optional_rules=["manual_makeup"])
    s = b.state
    for pid in [p for p in s.division_yard if PIECES[p].kind == "tank"]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    card = b.schedule(9, 1)
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "train_made_up") and kinds(train_by_card(g, card).behind) == ["caboose"]
    ok(g)
