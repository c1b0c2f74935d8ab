"""Scenario tests of the Mainline phase: seniority, timing, clearance, highball, arrival, leaving.

Rulings M1–M9 of docs/rules.md (v0.2 §8, v0.4.5 §4.5). Positions are set up with the
builder; the Division runs west→east: Western Division Point, Mainline card 0, seat 0's Office,
Mainline card 1, seat 1's Office, ..., Mainline card N, Eastern Division Point.
"""

from __future__ import annotations

import pytest

from stationmaster.builder import Position
from stationmaster.errors import IllegalIntent
from stationmaster.invariants import check

from positions import duo, of, run_stage, solo, to_decision

# --------------------------------------------------------------------------- helpers

FAR = 12  # the first built train is scheduled here, the next ones at 11, 10, ...: Stages no test reaches


def put(b: Position, number: int, stage: int | None = None, **kw):
    """A timetabled train on the table, its card scheduled at a late Stage no test reaches."""
    if not kw.get("extra"):
        b.schedule(number, stage or free_stage(b))
    return b.train(number, **kw)


def free_stage(b: Position) -> int:
    return max(st for st in range(1, 13) if st not in b.state.timetable)


def park(b: Position, who, number: int, at, **kw):
    """A train standing on a card in an Office Area (a Straight is laid there first)."""
    b.lay(who, "straight", at)
    b.schedule(number, free_stage(b))
    return b.train(number, player=who, at=at, **kw)


def tray_of(g, label):
    for t in g.state.trains.values():
        if t.label == label:
            return t
    return None


def ok(g) -> None:
    assert check(g.state) == []


# --------------------------------------------------------------------------- M1 seniority


def test_movers_go_in_seniority_order_lowest_number_first():
    """M1: trains move lowest number first, whatever their Crew Tray."""
    b = duo()
    b.office("Ann", "depot")  # Control Point: the two departures below do not see each other
    put(b, 8, division_point="west", behind=["BE1", "K1"])  # tray 1
    put(b, 3, player="Bob", at=(0, 0), behind=["CE1"])  # tray 2, westbound from seat 1
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["3", "8"]
    assert tray_of(g, "3").pos == (1, 1) and tray_of(g, "8").pos == (0, 0)
    ok(g)


def test_timetabled_train_moves_before_extra_of_same_number():
    """M1 / v0.2 §8 Gap 5: on a number tie the timetabled train goes before the Extra."""
    b = duo()
    b.office("Ann", "depot")
    b.office("Bob", "depot")
    put(b, 10, extra=True, division_point="west", direction="east", behind=["HE1", "K1"])  # tray 1
    put(b, 10, player="Bob", at=(0, 0), behind=["TE1", "K2"])  # tray 2, eastbound from seat 1
    put(b, 2, player="Ann", at=(0, 0), behind=["CE1"])  # tray 3, the senior train
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["2", "10", "X10"]
    ok(g)


def test_train_on_secondary_or_running_track_is_not_a_mover():
    """M1 / M5: only trains at a Division Point, on the Mainline or on the Office card move."""
    b = solo()
    park(b, "Ann", 2, (1, -1), behind=["BE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "highball") == [] and tray_of(g, "2").pos == (1, -1)
    ok(g)


# --------------------------------------------------------------------------- M2 timing


def test_region_per_stage_timing_across_the_division():
    """M2: departure enters the first region, one region a Stage, arrival two Stages after departure."""
    b = duo()
    put(b, 2, division_point="west", behind=["CE1", "CL1"])
    g = b.game()
    where = {}
    kinds = {}
    for _ in range(9):
        n = g.state.stage_count
        ev = run_stage(g)
        kinds[n] = [e.kind for e in ev if e.kind in ("highball", "arrival", "train_left_division")]
        t = tray_of(g, "2")
        where[n] = None if t is None else (t.where, t.seat, t.pos)
        ok(g)
    assert where == {
        1: ("mainline", -1, (0, 0)),
        2: ("mainline", -1, (0, 1)),
        3: ("area", 0, (0, 0)),
        4: ("mainline", -1, (1, 0)),
        5: ("mainline", -1, (1, 1)),
        6: ("area", 1, (0, 0)),
        7: ("mainline", -1, (2, 0)),
        8: ("mainline", -1, (2, 1)),
        9: None,
    }
    assert kinds == {1: ["highball"], 2: [], 3: ["arrival"], 4: ["highball"], 5: [], 6: ["arrival"],
                     7: ["highball"], 8: [], 9: ["train_left_division"]}


def test_westbound_train_crosses_from_the_eastern_division_point():
    """M2 / N2: a westbound train runs from card N region 1 down to card 0 region 0."""
    b = solo()
    put(b, 3, division_point="east", behind=["CE1"])
    g = b.game()
    seen = []
    for _ in range(6):
        run_stage(g)
        t = tray_of(g, "3")
        seen.append(None if t is None else (t.where, t.pos))
    assert seen == [("mainline", (1, 1)), ("mainline", (1, 0)), ("area", (0, 0)),
                    ("mainline", (0, 1)), ("mainline", (0, 0)), None]
    ok(g)


def test_arrival_takes_an_ad_track_and_emits_arrival_event():
    """M2 / v0.2 §8.2: running off a card goes through the Limits to the Office, onto an A/D track."""
    b = duo()
    t = put(b, 4, mainline=(0, 1), behind=["HE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    arr = of(ev, "arrival")
    assert len(arr) == 1 and {k: arr[0].data[k] for k in ("train", "seat")} == {"train": "4", "seat": 0}
    train = g.state.trains[t.tray]
    assert (train.where, train.seat, train.pos) == ("area", 0, (0, 0))
    assert train.arrived == 1 and train.cleared_by is None
    ok(g)


def test_non_expedited_arrival_waits_for_a_later_mainline_phase():
    """M1 / v0.4.5 §4.5: a train that arrived this Stage does not highball again until the next."""
    b = solo()
    put(b, 2, player="Ann", at=(0, 0), behind=["CE1", "CL1"], arrived_earlier=False)
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "highball") == [] and tray_of(g, "2").pos == (0, 0)
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["2"]
    assert tray_of(g, "2").where == "mainline" and tray_of(g, "2").pos == (1, 0)
    ok(g)


def test_train_arriving_this_phase_is_not_moved_again_in_it():
    """M1 / v0.4.5 §4.5: the train arrives and stays on its A/D track for the rest of the Stage."""
    b = solo()
    put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    assert [e.kind for e in ev if e.kind in ("arrival", "highball")] == ["arrival"]
    assert tray_of(g, "2").where == "area"
    ok(g)


# --------------------------------------------------------------------------- M8 leaving the Division


def test_leaving_eastern_division_point_frees_tray_and_returns_cars():
    """M8: cars to the yards (cabooses to the Division Yard, others to Classification), tray free."""
    b = solo()
    t = put(b, 2, mainline=(1, 1), behind=["BE1", "HL1", "K1"])
    tray = t.tray
    g = b.game()
    s = g.state
    ev = run_stage(g)
    left = of(ev, "train_left_division")
    assert len(left) == 1 and {k: left[0].data[k] for k in ("train", "tray")} == {"train": "2", "tray": tray}
    assert "Eastern Division Point" in left[0].text
    assert tray not in s.trains
    assert "BE1" in s.classification_yard and "HL1" in s.classification_yard
    assert "K1" in s.division_yard
    assert s.timetable[FAR] == t.card  # the timetabled card stays on the timetable
    assert of(ev, "revenue") == [] and g.revenue == {"Ann": 0}  # transit rate 0 by default
    ok(g)


def test_leaving_western_division_point_westbound():
    """M8: a westbound train leaves from Mainline card 0 region 0 at the Western Division Point."""
    b = solo()
    put(b, 3, mainline=(0, 0), behind=["CL1", "CE1"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    left = of(ev, "train_left_division")
    assert len(left) == 1 and "Western Division Point" in left[0].text
    assert not s.trains and {"CL1", "CE1"} <= set(s.classification_yard)
    ok(g)


def test_extra_leaving_the_division_goes_to_salvage():
    """M8/M7 / v0.2 §12.4: an Extra runs once; when it leaves its card goes to the Salvage Yard."""
    b = solo()
    t = put(b, 11, extra=True, mainline=(1, 1), direction="east", behind=["TL1", "K1"])
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "train_left_division")] == ["X11"]
    assert t.card in g.state.salvage and not g.state.trains
    ok(g)


def test_leaving_pays_transit_revenue_to_every_player():
    """M8 / v0.4.5 §4.5: with a transit rate of 2 each player earns 2 when a train leaves."""
    b = duo(revenue=(1, 1, 2))
    put(b, 2, mainline=(2, 1), behind=["BE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    rev = of(ev, "revenue")
    assert sorted((e.player, e.amount) for e in rev) == [("Ann", 2), ("Bob", 2)]
    assert g.revenue == {"Ann": 2, "Bob": 2}
    ok(g)


def test_leaving_pays_nothing_at_transit_rate_zero():
    """M8: with the default transit rate 0 no revenue event is raised."""
    b = duo(revenue=(1, 1, 0))
    put(b, 2, mainline=(2, 1), behind=["BE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "train_left_division") and of(ev, "revenue") == []
    assert g.revenue == {"Ann": 0, "Bob": 0}
    ok(g)


# --------------------------------------------------------------------------- M3 / M4 clearance


def test_opposing_train_in_next_subdivision_holds_the_train():
    """M4: an opposing train anywhere in the next Subdivision holds the train, no question asked."""
    b = duo()
    put(b, 3, mainline=(0, 1), behind=["CE1"])  # westbound, moves first to (0, 0): Subdivision 1
    t4 = put(b, 4, division_point="west", behind=["CL1"])
    g = b.game()
    ev = run_stage(g)  # no answers: nobody is asked
    held = of(ev, "held")
    assert len(held) == 1 and "Train 4" in held[0].text and "other way" in held[0].text
    assert of(ev, "clearance_asked") == []
    assert g.state.trains[t4.tray].where == "division_point"
    ok(g)


def test_trains_waiting_at_division_points_are_not_in_the_subdivision():
    """M3: a train at the opposite Division Point does not block; once it highballs it does."""
    b = solo(balance="v4")  # one Subdivision from end to end: a Whistle Post Office (v5's is a Depot, [U5])
    put(b, 5, division_point="east", behind=["BE1", "K1"])
    put(b, 6, division_point="west", behind=["RE1", "K2"])
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["5"]
    assert any("Train 6" in e.text for e in of(ev, "held"))
    ok(g)


def test_following_train_asks_the_superintendent():
    """M4: a following occupant makes the game wait on the Superintendent: 'clear' or 'hold'."""
    b = duo()
    put(b, 2, mainline=(0, 0), behind=["BE1", "K1"])  # in Subdivision 1
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    ev = to_decision(g)
    assert g.phase == "mainline"
    assert g.actor == "Bob"  # Bob wears the Fedora
    assert g.decision == "clear or hold a following train"
    assert sorted(str(i) for i in g.legal_intents()) == ["clear", "hold"]
    asked = of(ev, "clearance_asked")
    assert len(asked) == 1 and "Train 4" in asked[0].text and "train 2" in asked[0].text
    assert g.why_not("agent pass") is not None
    with pytest.raises(IllegalIntent):
        g.apply("agent pass")
    assert check(g.state) == []


def test_superintendent_hold_keeps_the_follower_at_the_division_point():
    """M4: 'hold' keeps the following train where it is; it asks again next Stage."""
    b = duo(balance="v4")  # the leader two Stages in one Subdivision: a Whistle Post Office (v4, [U5])
    put(b, 2, mainline=(1, 0), behind=["BE1", "K1"])
    t4 = put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    ev = run_stage(g, "hold")
    assert any("holds train 4" in e.text for e in of(ev, "held"))
    assert g.state.trains[t4.tray].where == "division_point"
    assert of(ev, "collision") == []
    ev = run_stage(g, "hold")  # train 2 is now on card 1 region 1: still in the Subdivision
    assert len(of(ev, "clearance_asked")) == 1
    ok(g)


def test_superintendent_clear_sends_the_follower():
    """M4: 'clear' highballs the follower into the next Subdivision, remembering who cleared it."""
    b = duo()
    put(b, 2, mainline=(0, 0), behind=["BE1", "K1"])  # in Subdivision 1
    t4 = put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    ev = run_stage(g, "clear")
    hb = [e for e in of(ev, "highball") if e.data["train"] == "4"]
    assert len(hb) == 1 and "clearance" in hb[0].text
    t = g.state.trains[t4.tray]
    assert (t.where, t.pos) == ("mainline", (0, 0)) and t.cleared_by == 1
    assert of(ev, "collision") == []
    ok(g)


def test_control_point_splits_the_subdivision():
    """M3: a Depot ends the next Subdivision; an opposing train beyond it does not hold the train."""
    b = duo()
    b.office("Ann", "depot")
    put(b, 3, mainline=(2, 1), behind=["CE1"])
    put(b, 4, division_point="west", behind=["CL1"])
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["4"]
    assert of(ev, "held") == []
    ok(g)


def _upgrade_then_run(b, upgrade: bool):
    """Ann plays a Depot onto her Whistle Post in Local Operations (or passes), then the Stage runs."""
    b.hand("Ann", ["depot"])
    g = b.game()
    start, ev = g.state.stage_count, []
    if upgrade:
        ev += g.apply("draw home")
        ev += g.apply(f"play {g.state.players[0].hand[0]}")
        ev += g.apply("end")
    while g.state.stage_count == start:
        ev += g.apply("hold" if g.state.turn.pending else "agent pass" if g.phase == "local_operations" else "end")
    return g, ev


def test_an_upgrade_splits_the_subdivision_at_once_with_trains_on_it():
    """M3/D3: the Depot splits the Subdivision the moment it is played, trains on it or not: the leader
    on the Mainline runs on undisturbed, and the follower's clearance looks only as far as the Depot."""
    for upgrade in (False, True):
        b = solo(balance="v4")  # a Whistle Post Office: edition v4 (from v5 every Office opens as a Depot, [U5])
        lead = put(b, 2, mainline=(1, 0), behind=["BE1", "K1"])  # east of Ann's Office
        follow = put(b, 4, division_point="west", behind=["HE1", "K2"])
        g, ev = _upgrade_then_run(b, upgrade)
        assert g.state.trains[lead.tray].pos == (1, 1)  # ran its region either way
        if upgrade:
            assert of(ev, "clearance_asked") == []
            (hb,) = of(ev, "highball")
            assert hb.data["train"] == "4" and hb.data["subdivision"] == 1
            assert g.state.trains[follow.tray].pos == (0, 0)
        else:  # the control: one Subdivision from end to end, so the Superintendent is asked
            assert [e.data["train"] for e in of(ev, "clearance_asked")] == ["4"]
        ok(g)


def test_a_train_at_the_upgraded_office_is_at_a_control_point_outside_both_subdivisions():
    """M3/D3: a westbound train held on a Whistle Post's A/D track is in the Subdivision and holds an
    eastbound train; once the Office is a Depot it stands at a Control Point and holds nobody."""
    for upgrade in (False, True):
        b = solo(balance="v4")  # a Whistle Post Office: edition v4 (from v5 every Office opens as a Depot, [U5])
        put(b, 11, player="Ann", at=(0, 0), ahead=["BE1"], behind=["K1"])  # engine between cars: stays
        put(b, 4, division_point="west", behind=["HE1", "K2"])
        g, ev = _upgrade_then_run(b, upgrade)
        held4 = [e for e in of(ev, "held") if e.data.get("train") == "4"]
        if upgrade:
            assert held4 == [] and [e.data["train"] for e in of(ev, "highball")] == ["4"]
        else:
            assert [e.data["reason"] for e in held4] == ["opposing"]
        ok(g)


def test_any_number_of_trains_may_wait_at_a_division_point():
    """M3/N2: a Division Point has no A/D tracks: trains made up there wait side by side, as many as
    there are Crew Trays, and none of them is in the Subdivision or in another's way."""
    b = solo()
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    b.schedule(6, 1)  # due now: made up at the Western Division Point this Stage
    put(b, 11, mainline=(0, 1), behind=["TE1", "K3"])  # westbound, coming: holds every eastbound
    g = b.game()
    ev = run_stage(g)
    waiting = sorted(t.label for t in g.state.trains.values() if (t.where, t.pos) == ("division_point", "west"))
    assert waiting == ["2", "4", "6"] and len(g.state.trains) == g.state.trays
    assert of(ev, "collision") == [] and of(ev, "clearance_asked") == []
    assert sorted((e.data["train"], e.data["reason"]) for e in of(ev, "held") if "reason" in e.data) == [
        ("2", "opposing"), ("4", "opposing"), ("6", "opposing")]
    ok(g)


def test_whistle_post_does_not_split_the_subdivision():
    """M3: the same position with a Whistle Post at seat 0 holds train 4 (control for the Depot test)."""
    b = duo(balance="v4")  # a Whistle Post Office: edition v4 (from v5 every Office opens as a Depot, [U5])
    put(b, 3, mainline=(2, 1), behind=["CE1"])
    put(b, 4, division_point="west", behind=["CL1"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "highball") == [] and len(of(ev, "held")) == 1
    ok(g)


def test_following_train_beyond_a_control_point_is_not_asked_about():
    """M3/M4: a same-direction train past the next Control Point asks nothing."""
    b = duo()
    b.office("Ann", "depot")
    put(b, 2, mainline=(1, 1), behind=["BE1", "K1"])  # arrives at seat 1 this Stage
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    ev = run_stage(g)  # no clearance question
    assert of(ev, "clearance_asked") == []
    assert "4" in [e.data["train"] for e in of(ev, "highball")]
    ok(g)


def trio(**kw) -> Position:
    """Three players; with seed 5 Ann, Bob, Cy sit at seats 0, 1, 2 and Ann wears the Fedora."""
    b = Position(players=["Ann", "Bob", "Cy"], mode="competitive", seed=5, **kw)
    assert [p.seat for p in b.state.players] == [0, 1, 2] and b.state.superintendent == 0
    return b


def test_westbound_subdivision_runs_through_whistle_posts_to_the_control_point():
    """M3: from the Eastern DP the Subdivision runs over card 3, Cy's Whistle Post, card 2, to Bob's Depot."""
    b = trio(balance="v4")  # Cy's Whistle Post Office: edition v4 (from v5 every Office opens as a Depot, [U5])
    b.office("Bob", "depot")
    put(b, 5, division_point="east", behind=["BE1", "K1"])
    put(b, 6, mainline=(1, 0), behind=["RE1", "K2"])  # beyond Bob's Depot: not in it
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["5"]
    ok(g)
    b = trio(balance="v4")
    b.office("Bob", "depot")
    put(b, 5, division_point="east", behind=["BE1", "K1"])
    put(b, 6, mainline=(2, 0), behind=["RE1", "K2"])  # on card 2, inside it: opposing
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "highball") == [] and any("Train 5" in e.text for e in of(ev, "held"))
    ok(g)


def test_whistle_post_secondary_track_train_does_not_block_or_ask():
    """M3 / v0.2 §8.1 Gap 2b: a train on Secondary Track at a Whistle Post is clear of the Subdivision."""
    b = duo()
    park(b, "Ann", 6, (1, -1), behind=["BE1", "K1"])  # same direction, Secondary Track
    park(b, "Ann", 5, (2, -1), direction="west", behind=["RE1", "K2"])  # opposing, Secondary Track
    t4 = put(b, 4, division_point="west", behind=["HE1", "K3"])
    g = b.game()
    ev = run_stage(g)  # no answers given: a question would fail the helper
    assert of(ev, "clearance_asked") == [] and of(ev, "held") == []
    assert g.state.trains[t4.tray].pos == (0, 0)
    ok(g)


def test_whistle_post_running_track_opposing_train_blocks():
    """M3: the same opposing train on the Whistle Post's Running Track holds the train."""
    b = duo(balance="v4")  # a Whistle Post Office: edition v4 (from v5 every Office opens as a Depot, [U5])
    park(b, "Ann", 5, (1, 0), direction="west", behind=["RE1", "K2"])
    t4 = put(b, 4, division_point="west", behind=["HE1", "K3"])
    g = b.game()
    ev = run_stage(g)
    assert len(of(ev, "held")) == 1 and "other way" in of(ev, "held")[0].text
    assert g.state.trains[t4.tray].where == "division_point"
    ok(g)


def test_whistle_post_running_track_following_train_asks_superintendent():
    """M3/M4: a same-direction train on the Whistle Post's Running Track is a following occupant."""
    b = duo(balance="v4")  # a Whistle Post Office: edition v4 (from v5 every Office opens as a Depot, [U5])
    park(b, "Ann", 6, (1, 0), behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K3"])
    g = b.game()
    ev = run_stage(g, "hold")
    assert len(of(ev, "clearance_asked")) == 1
    ok(g)


def test_train_at_whistle_post_office_is_in_the_subdivision():
    """M3: a train standing on a Whistle Post's Office card (y = 0) occupies the Subdivision."""
    b = duo(balance="v4")  # a Whistle Post Office: edition v4 (from v5 every Office opens as a Depot, [U5])
    put(b, 5, player="Ann", at=(0, 0), direction="west", ahead=["BE1"], behind=["K1"])  # badly made up
    t4 = put(b, 4, division_point="west", behind=["HE1", "K3"])
    g = b.game()
    ev = run_stage(g)
    assert any("Train 4" in e.text and "other way" in e.text for e in of(ev, "held"))
    assert g.state.trains[t4.tray].where == "division_point"
    ok(g)


# --------------------------------------------------------------------------- M5 highball conditions


def test_highball_from_office_when_made_up_right():
    """M5: engine at the front, caboose last: the train departs into the next card's first region."""
    b = solo()
    t = put(b, 6, player="Ann", at=(0, 0), behind=["BE1", "RL1", "K1"])
    g = b.game()
    ev = run_stage(g)
    hb = of(ev, "highball")
    assert len(hb) == 1 and "Ann's Office" in hb[0].text
    assert (g.state.trains[t.tray].where, g.state.trains[t.tray].pos) == ("mainline", (1, 0))
    ok(g)


def test_highball_refused_with_the_engine_between_cars():
    """M5: an engine with cars on both sides holds the train at the Office, with no collision."""
    b = solo()
    t = put(b, 2, player="Ann", at=(0, 0), ahead=["BE1"], behind=["K1"])
    g = b.game()
    ev = run_stage(g)
    held = of(ev, "held")
    assert len(held) == 1 and "engine stands between cars" in held[0].text
    assert held[0].data["reason"] == "made_up"
    assert of(ev, "collision") == [] and of(ev, "highball") == []
    assert g.state.trains[t.tray].pos == (0, 0) and g.state.trains[t.tray].where == "area"
    ok(g)


def test_highball_with_the_engine_at_the_rear_and_the_caboose_at_the_far_end():
    """M5, v0.4.5 §4.5: engine at one end — either end — and caboose at the far end: a westbound
    K h h <E (engine at the east end, its cars ahead of it) departs."""
    b = solo()
    t = put(b, 7, player="Ann", at=(0, 0), ahead=["HL1", "HL2", "K1"])  # nearest the engine first
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["7"]
    assert g.state.trains[t.tray].where == "mainline" and g.state.trains[t.tray].ahead == ["HL1", "HL2", "K1"]
    ok(g)


def test_highball_refused_when_caboose_is_not_at_the_far_end():
    """M5: a caboose beside the engine, whichever end the engine is at, holds the train, with no collision."""
    for ahead, behind in (((), ("K1", "BE1")), (("K1", "BE1"), ())):
        b = solo()
        t = put(b, 6, player="Ann", at=(0, 0), ahead=ahead, behind=behind)
        g = b.game()
        ev = run_stage(g)
        held = of(ev, "held")
        assert len(held) == 1 and "caboose is not at the far end from its engine" in held[0].text
        assert of(ev, "collision") == [] and g.state.trains[t.tray].where == "area"
        assert g.revenue == {"Ann": 0}
        ok(g)


def test_train_without_caboose_or_cars_may_depart():
    """M5 / v0.4.5 §4.4: a short train (even a light engine) may depart if in order."""
    b = solo()
    put(b, 2, player="Ann", at=(0, 0))
    g = b.game()
    ev = run_stage(g)
    assert [e.data["train"] for e in of(ev, "highball")] == ["2"]
    ok(g)


def test_highball_refused_with_cars_its_card_does_not_list():
    """M5: a train leaves only with cars its card lists, no more than it allows, and a caboose only if it runs one."""
    for number, cars, why in ((2, ["HE1"], "carries a hopper"), (2, ["CE1", "K1"], "without a caboose"),
                              (6, ["BE1", "K1", "K2"], "2 cabooses"), (4, ["CE1", "CE2", "CE3", "CE4"], "allows 3")):
        b = solo()
        t = put(b, number, player="Ann", at=(0, 0), behind=cars)
        g = b.game()
        ev = run_stage(g)
        held = of(ev, "held")
        assert len(held) == 1 and why in held[0].text, (number, cars, held)
        assert of(ev, "highball") == [] and g.state.trains[t.tray].where == "area"
        ok(g)
