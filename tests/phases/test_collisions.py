"""Scenario tests of collisions (M6, M7, V3) and the Red Flag (M9).

docs/rules.md M6/M7/M9/V3; v0.2 §8.3, §10, §3.4, Appendix B; v0.4.5 §4.5.
"""

from __future__ import annotations

from stationmaster.builder import Position
from stationmaster.invariants import check

from positions import duo, of, run_stage, solo

# --------------------------------------------------------------------------- helpers


def free_stage(b: Position) -> int:
    return max(st for st in range(1, 13) if st not in b.state.timetable)


def put(b: Position, number: int, **kw):
    """A train on the table; a timetabled card is scheduled at a late Stage no test reaches."""
    if not kw.get("extra"):
        b.schedule(number, free_stage(b))
    return b.train(number, **kw)


def track(b: Position, who, *spots) -> None:
    """Lay Straights (then Run-arounds) on spots of an Area; y = 0 extends the Running Track."""
    for xy in spots:
        try:
            b.lay(who, "straight", xy)
        except ValueError:
            b.lay(who, "runaround", xy)


def penalties(events) -> list:
    return [(e.player, e.amount) for e in of(events, "revenue")]


def ok(g) -> None:
    """Invariants hold and every player's Revenue is the sum of their revenue events."""
    assert check(g.state) == []
    for p in g.state.players:
        assert p.revenue == sum(e.amount for e in g.events if e.kind == "revenue" and e.player == p.name)


# --------------------------------------------------------------------------- arrival collisions


def test_arrival_strikes_cars_on_running_track_between_limits_and_office():
    """M6/M7 / v0.2 §8.3, §10 Gap 2c: standing cars inside the Limits wreck the arriving train; local fault."""
    b = duo()
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["HE1", "HL1"])
    t = put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    tray, card = t.tray, t.card
    g = b.game()
    s = g.state
    ev = run_stage(g)
    col = of(ev, "collision")
    assert len(col) == 1 and col[0].player == "Ann"
    assert {k: col[0].data[k] for k in ("trains", "cars", "reason", "at_fault")} == {
        "trains": ["2"], "cars": ["HE1", "HL1"], "reason": "fouled_arrival", "at_fault": "Ann"}
    assert penalties(ev) == [("Ann", -5)] and g.revenue == {"Ann": -5, "Bob": 0}
    assert tray not in s.trains and of(ev, "arrival") == []
    assert s.areas[0].grid[(-1, 0)].cars == []
    assert {"HE1", "HL1", "BE1"} <= set(s.classification_yard) and "K1" in s.division_yard
    assert card in s.timetable.values()  # M7: the timetabled card stays on the timetable
    assert s.collisions_today == 1
    ok(g)


def test_arrival_strikes_a_train_on_running_track():
    """M6/M7: a train standing between the Limits and the Office: both trains destroyed, local fault."""
    b = duo()
    track(b, "Bob", (-1, 0))
    parked = put(b, 6, player="Bob", at=(-1, 0), behind=["RE1", "K2"])
    t = put(b, 4, mainline=(1, 1), behind=["HE1", "K1"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    col = of(ev, "collision")
    assert len(col) == 1 and col[0].player == "Bob" and sorted(col[0].data["trains"]) == ["4", "6"]
    assert penalties(ev) == [("Bob", -5)]
    assert parked.tray not in s.trains and t.tray not in s.trains and not s.trains
    assert {"K1", "K2"} <= set(s.division_yard) and {"RE1", "HE1"} <= set(s.classification_yard)
    ok(g)


def test_arrival_strikes_the_first_obstruction_met_from_the_limits():
    """M6: coming in from the west Limit, the cars nearest the Limit are struck; the others stay."""
    b = solo()
    track(b, "Ann", (-1, 0), (-2, 0))
    b.cars("Ann", (-2, 0), ["TE1"])
    b.cars("Ann", (-1, 0), ["TE2"])
    put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    assert of(ev, "collision")[0].data["cars"] == ["TE1"]
    assert s.areas[0].grid[(-2, 0)].cars == [] and s.areas[0].grid[(-1, 0)].cars == ["TE2"]
    ok(g)


def test_westbound_arrival_checks_the_east_side_running_track():
    """M6: a westbound train enters by the east Limit; cars on the west side are not in its way."""
    b = solo()
    track(b, "Ann", (-1, 0), (1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    put(b, 3, mainline=(1, 0), behind=["CE1"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "collision") == [] and len(of(ev, "arrival")) == 1
    ok(g)


def test_arrival_at_full_whistle_post_destroys_both_trains():
    """M6/M7 / v0.2 §8.3 Gap 2d: a Whistle Post has one A/D track; arriving at a full one is a local collision.
    Edition v4: from v5 every Office opens as a Depot."""
    b = solo(balance="v4")
    junior = put(b, 12, player="Ann", at=(0, 0), ahead=["BE1"], behind=["K2"])  # badly made up: stays
    t = put(b, 2, mainline=(0, 1), behind=["HE1", "K1"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    col = of(ev, "collision")
    assert len(col) == 1 and col[0].player == "Ann" and sorted(col[0].data["trains"]) == ["12", "2"]
    assert "A/D" in col[0].text
    assert penalties(ev) == [("Ann", -5)]
    assert not s.trains and junior.card in s.timetable.values() and t.card in s.timetable.values()
    assert {"BE1", "HE1"} <= set(s.classification_yard) and {"K1", "K2"} <= set(s.division_yard)
    ok(g)


def test_arrival_at_full_depot_destroys_the_junior_train_only():
    """M6/M7: every A/D track of a Depot taken: the Extra (junior on a tie) dies with the arrival; Extra → Salvage."""
    b = solo()
    b.office("Ann", "depot")
    senior = put(b, 10, player="Ann", at=(0, 0), arrived_earlier=False, behind=["TE1", "K3"])
    junior = put(b, 10, extra=True, player="Ann", at=(0, 0), direction="west", arrived_earlier=False,
                 behind=["TE2", "K2"])
    t = put(b, 2, mainline=(0, 1), behind=["HE1", "K1"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    col = of(ev, "collision")
    assert len(col) == 1 and sorted(col[0].data["trains"]) == ["2", "X10"]
    assert penalties(ev) == [("Ann", -5)]
    assert senior.tray in s.trains and junior.tray not in s.trains and t.tray not in s.trains
    assert junior.card in s.salvage and junior.card not in s.timetable.values()
    assert t.card in s.timetable.values()
    ok(g)


# --------------------------------------------------------------------------- departure collisions


def test_departure_strikes_cars_between_office_and_limits():
    """M6/M7 / v0.2 §8.3: highballing over standing cars on the Running Track is the local player's collision."""
    b = duo()
    track(b, "Bob", (1, 0))
    b.cars("Bob", (1, 0), ["TE1"])
    t = put(b, 6, player="Bob", at=(0, 0), behind=["BE1", "K1"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    col = of(ev, "collision")
    assert len(col) == 1 and col[0].player == "Bob" and col[0].data["cars"] == ["TE1"]
    assert "leaving" in col[0].text and of(ev, "highball") == []
    assert penalties(ev) == [("Bob", -5)] and g.revenue == {"Ann": 0, "Bob": -5}
    assert t.tray not in s.trains and "TE1" in s.classification_yard and "BE1" in s.classification_yard
    assert "K1" in s.division_yard and s.areas[1].grid[(1, 0)].cars == []
    ok(g)


def test_departure_strikes_a_train_between_office_and_limits():
    """M6: highballing into a train on its own Running Track destroys both; local fault."""
    b = solo()
    track(b, "Ann", (-1, 0))
    put(b, 8, player="Ann", at=(-1, 0), behind=["HE1", "K2"])
    put(b, 3, player="Ann", at=(0, 0), behind=["CL1"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    col = of(ev, "collision")
    assert len(col) == 1 and sorted(col[0].data["trains"]) == ["3", "8"]
    assert not s.trains and g.revenue == {"Ann": -5}
    assert {"HE1", "CL1"} <= set(s.classification_yard)
    ok(g)


def test_departure_ignores_cars_behind_the_train():
    """M6: only the Running Track the train departs over counts; cars on the other side are not struck."""
    b = solo()
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    t = put(b, 2, player="Ann", at=(0, 0), behind=["CE1", "CE2"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "collision") == [] and g.state.trains[t.tray].pos == (1, 0)
    ok(g)


# --------------------------------------------------------------------------- Mainline collisions


def test_cleared_follower_enters_leaders_region_superintendents_fault():
    """M6 / v0.2 §10: the Superintendent clears a follower into the region its leader just entered."""
    b = duo()
    lead = put(b, 2, division_point="west", behind=["BE1", "K1"])
    follow = put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    s = g.state
    ev = run_stage(g, "clear")
    assert [e.data["train"] for e in of(ev, "highball")] == ["2"]
    assert any("Train 4" in e.text for e in of(ev, "clearance_asked"))
    col = of(ev, "collision")
    assert len(col) == 1 and col[0].player == "Bob"  # the Superintendent, not the local player
    assert sorted(col[0].data["trains"]) == ["2", "4"]
    assert penalties(ev) == [("Bob", -5)] and g.revenue == {"Ann": 0, "Bob": -5}
    assert lead.tray not in s.trains and follow.tray not in s.trains
    assert s.collisions_today == 1
    ok(g)


def test_cleared_senior_follower_rear_ends_a_junior_leader_that_has_not_moved():
    """M1/M6: the senior follower moves first; cleared into the junior leader's region it collides."""
    b = duo()
    put(b, 8, mainline=(0, 0), behind=["HE1", "K1"])
    put(b, 2, division_point="west", behind=["BE1", "K2"])
    g = b.game()
    ev = run_stage(g, "clear")
    col = of(ev, "collision")
    assert len(col) == 1 and col[0].player == "Bob" and "Mainline" in col[0].text
    assert not g.state.trains
    ok(g)


def test_mainline_head_on_with_nobody_cleared_is_current_superintendents_fault():
    """M6: a Mainline collision with no clearance given falls on the current Superintendent."""
    b = duo()
    put(b, 2, mainline=(1, 0), behind=["BE1", "K1"])  # moves first into (1, 1)
    put(b, 3, mainline=(1, 1), behind=["CE1"])
    g = b.game()
    ev = run_stage(g)
    col = of(ev, "collision")
    assert len(col) == 1 and col[0].player == "Bob" and penalties(ev) == [("Bob", -5)]
    ok(g)


def test_mainline_collision_fault_goes_to_who_cleared_the_other_train():
    """M6: if the mover was not cleared, the Superintendent who cleared the struck train is at fault."""
    b = duo()
    put(b, 2, mainline=(1, 0), behind=["BE1", "K1"])
    other = put(b, 4, mainline=(1, 1), behind=["HE1", "K2"])
    other.cleared_by = 0  # Ann cleared it earlier, when she wore the Fedora
    g = b.game()
    ev = run_stage(g)
    assert [e.player for e in of(ev, "collision")] == ["Ann"] and penalties(ev) == [("Ann", -5)]
    ok(g)


# --------------------------------------------------------------------------- V3 collision floor


def _three_wrecks(b: Position) -> None:
    """Three trains that each strike standing cars in the same Mainline phase (two players)."""
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    track(b, "Bob", (-1, 0), (1, 0))
    b.cars("Bob", (-1, 0), ["TE2"])
    b.cars("Bob", (1, 0), ["TE3"])
    put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])  # arrives at Ann's from the west
    put(b, 4, mainline=(1, 1), behind=["BE2", "K2"])  # arrives at Bob's from the west
    put(b, 5, mainline=(2, 0), behind=["BE3", "K3"])  # arrives at Bob's from the east


def test_three_collisions_in_a_day_end_competitive_game_for_everyone():
    """V3 / v0.2 §3.4: the third collision of a Day in Competitive ends the game; everyone loses."""
    b = duo()
    _three_wrecks(b)
    g = b.game()
    ev = run_stage(g)
    assert len(of(ev, "collision")) == 3
    assert g.is_over and g.outcome.winners == ()
    assert "collisions" in g.outcome.reason and g.outcome.kind == "collision_floor"
    assert of(ev, "game_over")
    assert g.legal_intents() == [] and g.actor is None
    assert g.state.collisions_today == 3
    ok(g)


def test_three_collisions_in_coop_do_not_end_the_game():
    """V3: the collision floor is Competitive only."""
    b = duo(mode="coop")
    _three_wrecks(b)
    g = b.game()
    ev = run_stage(g)
    assert len(of(ev, "collision")) == 3 and not g.is_over
    assert g.state.collisions_today == 3
    ok(g)


def test_two_collisions_are_counted_and_the_game_goes_on():
    """M7/V3: collisions_today counts each collision; two do not end a Competitive game."""
    b = duo()
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    track(b, "Bob", (-1, 0))
    b.cars("Bob", (-1, 0), ["TE2"])
    put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    put(b, 4, mainline=(1, 1), behind=["BE2", "K2"])
    g = b.game()
    ev = run_stage(g)
    assert len(of(ev, "collision")) == 2 and g.state.collisions_today == 2 and not g.is_over
    assert g.revenue == {"Ann": -5, "Bob": -5}
    ok(g)


def test_collisions_reset_at_day_end():
    """V3 / v0.4.5 §4.1: two collisions in Stage 12, a third on the next Day does not end the game."""
    b = duo()
    b.state.stage = 12
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    track(b, "Bob", (-1, 0), (1, 0))
    b.cars("Bob", (-1, 0), ["TE2"])
    b.cars("Bob", (1, 0), ["TE3"])
    put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])  # Stage 12: strikes TE1 at Ann's
    put(b, 5, mainline=(2, 0), behind=["BE3", "K3"])  # Stage 12: strikes TE3 at Bob's
    put(b, 6, mainline=(1, 0), behind=["BE2", "K2"])  # Stage 12: to (1, 1); Day 2 Stage 1: strikes TE2
    g = b.game()
    ev = run_stage(g)
    assert len(of(ev, "collision")) == 2 and of(ev, "day_end")
    assert g.day == 2 and g.stage == 1 and g.state.collisions_today == 0
    ev = run_stage(g)
    assert len(of(ev, "collision")) == 1 and not g.is_over and g.state.collisions_today == 1
    ok(g)


# --------------------------------------------------------------------------- M9 Red Flag


def test_red_flag_averts_the_holders_arrival_collision():
    """M9 / v0.2 App. B, house rule red_flag_escape: the flag is spent, leaves the hand for good, the
    train stops short."""
    b = solo(optional_rules=["emergency_toolbox", "red_flag_escape"])
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    t = put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    g = b.game()
    s = g.state
    assert "RedFlag1" in s.players[0].hand
    ev = run_stage(g)
    flag = of(ev, "red_flag")
    assert len(flag) == 1 and flag[0].player == "Ann"
    assert of(ev, "collision") == [] and of(ev, "revenue") == [] and g.revenue == {"Ann": 0}
    assert "RedFlag1" not in s.players[0].hand and s.removed == ["RedFlag1"]
    assert (s.trains[t.tray].where, s.trains[t.tray].pos) == ("mainline", (0, 1))  # stopped short
    assert s.areas[0].grid[(-1, 0)].cars == ["TE1"] and s.collisions_today == 0
    ok(g)
    ev = run_stage(g)  # tries again next Stage: no flag left now
    assert len(of(ev, "collision")) == 1 and g.revenue == {"Ann": -5}
    ok(g)


def test_red_flag_averts_the_holders_departure_collision():
    """M9, red_flag_escape: a departing train that would strike cars stays on its A/D track; the flag is spent."""
    b = solo(optional_rules=["emergency_toolbox", "red_flag_escape"])
    track(b, "Ann", (1, 0))
    b.cars("Ann", (1, 0), ["TE1"])
    t = put(b, 2, player="Ann", at=(0, 0), behind=["CE1", "CE2"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "red_flag") and of(ev, "collision") == [] and of(ev, "highball") == []
    assert g.state.trains[t.tray].pos == (0, 0) and g.state.removed == ["RedFlag1"]
    ok(g)


def test_red_flag_averts_the_superintendents_clearance_collision():
    """M9, red_flag_escape: the Superintendent is asked (v0.2), and their flag stops the cleared follower
    short; it asks again next Stage."""
    b = duo(optional_rules=["emergency_toolbox", "red_flag_escape"])
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    follow = put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    s = g.state
    ev = run_stage(g, "clear")
    flag = of(ev, "red_flag")
    assert len(flag) == 1 and flag[0].player == "Bob"
    assert of(ev, "collision") == [] and g.revenue == {"Ann": 0, "Bob": 0}
    assert s.removed == ["RedFlag2"] and "RedFlag1" in s.players[0].hand
    f = s.trains[follow.tray]
    assert (f.where, f.pos) == ("division_point", "west")
    ev = run_stage(g, "hold")  # next Stage the follower tries again and the question comes back
    assert len(of(ev, "clearance_asked")) == 1
    ok(g)


def test_red_flag_not_spent_on_someone_elses_collision():
    """M9, red_flag_escape: only the holder's own fault spends the flag: Ann's flag does not save Bob."""
    b = duo(optional_rules=["emergency_toolbox", "red_flag_escape"])
    s = b.state
    s.players[1].hand.remove("RedFlag2")  # Bob spent his earlier
    s.removed.append("RedFlag2")
    track(b, "Bob", (-1, 0))
    b.cars("Bob", (-1, 0), ["TE1"])
    put(b, 4, mainline=(1, 1), behind=["HE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "red_flag") == [] and len(of(ev, "collision")) == 1
    assert "RedFlag1" in g.state.players[0].hand and g.revenue == {"Ann": 0, "Bob": -5}
    ok(g)


def test_without_emergency_toolbox_nobody_holds_a_flag():
    """M9: the Red Flag exists only under the Emergency Toolbox rule."""
    b = solo()
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "red_flag") == [] and len(of(ev, "collision")) == 1
    ok(g)


def test_red_flags_hold_a_follower_without_asking_the_superintendent():
    """M9/M4, v0.4.5 §4.5: under the Emergency Toolbox the Superintendent's Red Flag holds a following
    train automatically: no question, no collision, the flag stays in hand."""
    b = duo(optional_rules=["emergency_toolbox"])
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    follow = put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    s = g.state
    ev = run_stage(g)
    assert of(ev, "clearance_asked") == [] and s.turn.pending is None
    held = [e for e in of(ev, "held") if e.data.get("train") == "4"]
    assert len(held) == 1 and held[0].data["reason"] == "red_flag"
    assert "Red Flag" in held[0].text and "train 2 is ahead" in held[0].text
    assert (s.trains[follow.tray].where, s.trains[follow.tray].pos) == ("division_point", "west")
    assert of(ev, "collision") == [] and of(ev, "red_flag") == [] and s.removed == []
    assert all(any(c.startswith("RedFlag") for c in p.hand) for p in s.players)
    ok(g)


def test_red_flags_do_not_stop_a_collision_by_default():
    """M9, v0.4.5: the Red Flags hold followers; they are never spent to stop a collision short
    (that is the house rule red_flag_escape)."""
    b = solo(optional_rules=["emergency_toolbox"])
    track(b, "Ann", (-1, 0))
    b.cars("Ann", (-1, 0), ["TE1"])
    put(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    g = b.game()
    ev = run_stage(g)
    assert of(ev, "red_flag") == [] and len(of(ev, "collision")) == 1 and g.revenue == {"Ann": -5}
    assert "RedFlag1" in g.state.players[0].hand
    ok(g)


def test_without_a_red_flag_in_the_superintendents_hand_the_superintendent_is_asked():
    """M9/M4: the follower is held automatically only while the Superintendent holds a Red Flag."""
    b = duo(optional_rules=["emergency_toolbox"])
    s = b.state
    sup = s.players[s.superintendent]
    flag = next(c for c in sup.hand if c.startswith("RedFlag"))
    sup.hand.remove(flag)
    s.removed.append(flag)
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    ev = run_stage(g, "hold")
    assert len(of(ev, "clearance_asked")) == 1
    ok(g)
