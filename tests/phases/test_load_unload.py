"""Load/Unload: Porters and Laborers (rulings L1-L4; v0.2 §9; v0.4.5 §4.6-4.7).

Scenarios are built with the position builder, then played on with intents. A train that must
stay at the Office across Stages is a Coal Drag carrying cars its card does not list, so the
Mainline phase holds it (ruling M5) instead of highballing it.
"""

from __future__ import annotations

import pytest

import stationmaster as sm
from stationmaster import invariants
from stationmaster.builder import Position
from stationmaster.intents import Board, Detrain
from stationmaster.phases.load_unload import FREIGHT_PAY, FREIGHT_PAY_BY_LENGTH, freight_pay, freight_pay_now
from stationmaster.rules import capacity, table_order, workers_left
from positions import finish_one_load, to_load_unload


SHED = (1, -1)  # a Produce Shed: reefers, loads only, 2 Laborers, 2 green boxes
BUSY = (-1, -1)  # a second industry that keeps its player in Load/Unload (see keep_busy)


# --------------------------------------------------------------------------- helpers


def why(g, text) -> str:
    """why_not in lower case ('' when legal)."""
    return (g.why_not(text) or "").lower()


def revenue_from_events(g) -> dict:
    out = {name: 0 for name in g.players}
    for e in g.events:
        if e.kind == "revenue":
            out[e.player] += e.amount
    return out


def assert_sound(g, start=None):
    """Invariants hold and Revenue equals the sum of revenue events (plus any preset Revenue)."""
    assert invariants.check(g.state) == []
    start = start or {}
    got = revenue_from_events(g)
    assert {n: g.revenue[n] - start.get(n, 0) for n in g.players} == got


def keep_busy(b, who="Player", at=BUSY):
    """A Mine Tipple with a load waiting and spare empties, so its player has Laborer work
    for several Stages and is not passed over (ruling L1) while we ask why_not."""
    b.lay(who, "mine_tipple", at)
    b.cars(who, at, ["HE5", "HE6"])
    b.boxes(who, at, green=["HL5", "HL6"])


def held_train(b, number=7, who="Player", ahead=("CE1",), behind=()):
    """A train on an A/D track that stays put: Train 7, a Coal Drag, may not leave with the coaches
    (or other cars) its card does not list (M5)."""
    return b.train(number, player=who, at=(0, 0), ahead=list(ahead), behind=list(behind),
                   arrived_earlier=False)


def fac(g, xy, seat=0):
    return g.state.areas[seat].facilities[xy]


# --------------------------------------------------------------------------- Porters (L2)


@pytest.mark.parametrize("rates", [(1, 1, 0), (2, 3, 0), (0, 1, 0)])
def test_board_swaps_empty_coach_for_loaded_and_earns_passenger_rate(rates):
    """L2: board TRAY puts the green box's loaded coach in place of an empty coach, the empty goes
    to the Classification Yard, +passenger rate (v0.4.5 §3.1: zero turns the Revenue off only)."""
    b = Position(seed=1, revenue=rates)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1"])
    t = held_train(b, ahead=["CE1"])
    g = b.game()
    to_load_unload(g)
    assert g.phase == "load_unload"
    assert sm.parse("board 1") in g.legal_intents()
    ev = g.apply("board 1")
    train = g.state.trains[t.tray]
    assert train.cars == ["CL1"]
    assert "CE1" in g.state.classification_yard
    assert fac(g, (0, 0)).green == []
    assert g.revenue["Player"] == rates[0]
    assert [e.amount for e in ev if e.kind == "revenue"] == ([rates[0]] if rates[0] else [])
    assert any(e.kind == "board" for e in ev)
    assert_sound(g)


@pytest.mark.parametrize("rates", [(1, 1, 0), (2, 3, 0), (0, 1, 0)])
def test_detrain_puts_loaded_coach_in_red_box_and_earns_passenger_rate(rates):
    """L2: detrain TRAY puts a loaded coach in a red box and an empty coach from the Division Yard
    (lowest id, Y1) takes its place, +passenger rate; zero rate still does the work."""
    b = Position(seed=1, revenue=rates)
    b.office("Player", "depot")
    t = held_train(b, ahead=["CL2"])
    g = b.game()
    to_load_unload(g)
    ev = g.apply("detrain 1")
    assert g.state.trains[t.tray].cars == ["CE1"]
    assert fac(g, (0, 0)).red == ["CL2"]
    assert "CE1" not in g.state.division_yard
    assert g.revenue["Player"] == rates[0]
    assert any(e.kind == "detrain" for e in ev)
    assert_sound(g)


def test_board_may_name_the_empty_coach_counted_from_the_front():
    """L2: 'board TRAY' replaces the empty coach nearest the front; 'board TRAY car N' the one the
    player names (counted from the front), offered when the train has more than one empty coach."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1"])
    t = held_train(b, ahead=["CE1", "CL2", "CE2"])  # from the front: CE2, CL2, CE1
    g = b.game()
    to_load_unload(g)
    boards = {str(i) for i in g.legal_intents() if isinstance(i, Board)}
    assert boards == {"board 1", "board 1 car 3"}
    assert sm.parse("board 1 car 3") == Board(1, 3) and str(Board(1, 3)) == "board 1 car 3"
    assert why(g, "board 1 car 2") == "car 2 of train 7 is a loaded coach, not an empty coach"
    assert why(g, "board 1 car 4") == "train 7 has 3 cars; count them from the front, 1 to 3"
    probe = g.copy()
    probe.apply("board 1")
    assert probe.state.trains[t.tray].cars == ["CL1", "CL2", "CE1"]  # the front empty, as before
    g.apply("board 1 car 3")
    assert g.state.trains[t.tray].cars == ["CE2", "CL2", "CL1"]
    assert "CE1" in g.state.classification_yard and g.revenue["Player"] == 1
    assert_sound(g)


def test_detrain_may_name_the_loaded_coach():
    """L2: 'detrain TRAY car N' detrains the loaded coach the player names; a coach boarded on this
    visit may not be named."""
    b = Position(seed=1)
    b.office("Player", "station")
    b.boxes("Player", (0, 0), green=["CL1"])
    keep_busy(b)
    t = held_train(b, ahead=["CL2", "CE1", "CL3"])  # from the front: CL3, CE1, CL2
    g = b.game()
    to_load_unload(g)
    detrains = {str(i) for i in g.legal_intents() if isinstance(i, Detrain)}
    assert detrains == {"detrain 1", "detrain 1 car 3"}
    g.apply("board 1")  # onto CE1, car 2
    assert "boarded here on this visit" in why(g, "detrain 1 car 2")
    assert why(g, "detrain 1 car 1") == ""
    g.apply("detrain 1 car 3")
    assert fac(g, (0, 0)).red == ["CL2"] and g.state.trains[t.tray].cars[:2] == ["CL3", "CL1"]
    assert_sound(g)


def test_board_and_detrain_text_forms():
    """L2: the coach is named as 'car N' after the tray; anything else is refused saying how to write it."""
    for text in ("board 2 car 3", "detrain 4 car 1", "board 2", "detrain 4"):
        assert str(sm.parse(text)) == text
    for text in ("board 2 3", "board 2 car", "detrain 2 coach 1", "board car 2"):
        with pytest.raises(sm.IllegalIntent, match="write it as|not a"):
            sm.parse(text)


@pytest.mark.parametrize("tier, porters", [("depot", 1), ("station", 2), ("terminal", 3)])
def test_porters_per_office_tier(tier, porters):
    """L2: Porters are Depot 1, Station 2, Terminal 3 (v0.2 §12.5)."""
    b = Position(seed=1)
    b.office("Player", tier)
    g = b.game()
    assert workers_left(g.state, g.state.areas[0], (0, 0)) == porters
    assert_sound(g)


def test_depot_porter_works_once_per_stage_and_again_next_stage():
    """L2 / v0.2 §9.1: a Depot's one Porter acts once a Stage; it is free again the next Stage."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1", "CL2"])
    t = held_train(b, ahead=["CE1", "CE2"])
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    # The only Porter has worked: the player has nothing left and is passed over (L1).
    assert (g.stage, g.phase) == (2, "local_operations")
    assert fac(g, (0, 0)).workers_used == 0  # reset at Shift Change
    to_load_unload(g)
    assert g.phase == "load_unload" and g.stage == 2
    g.apply("board 1")
    assert sorted(g.state.trains[t.tray].cars) == ["CL1", "CL2"]
    assert g.revenue["Player"] == 2
    assert_sound(g)


def test_station_two_porters_board_and_detrain_in_one_stage():
    """L2: a Station's two Porters give two passenger actions in one Stage, then no more."""
    b = Position(seed=1)
    b.office("Player", "station")
    b.boxes("Player", (0, 0), green=["CL1", "CL3"])
    t = held_train(b, ahead=["CE1", "CL2"])
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert g.actor == "Player" and g.phase == "load_unload"
    assert g.why_not("detrain 1") is None
    g.apply("detrain 1")
    assert fac(g, (0, 0)).red == ["CL2"]
    assert sorted(g.state.trains[t.tray].cars) == ["CE2", "CL1"]  # CE1 was retired, CE2 from the yard
    assert (g.stage, g.phase) == (2, "local_operations")  # both Porters used: passed over
    assert g.revenue["Player"] == 2
    assert_sound(g)


def test_porter_limit_refused_with_reason_when_other_work_remains():
    """L2: with every Porter used, board/detrain are refused in words while Laborer work remains."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1", "CL3"])
    keep_busy(b)
    held_train(b, ahead=["CE1", "CE2"])
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert g.phase == "load_unload" and g.actor == "Player"
    assert "porter" in why(g, "board 1")
    with pytest.raises(sm.IllegalIntent, match="Porter"):
        g.apply("board 1")
    assert_sound(g)


def test_no_detraining_passengers_boarded_on_this_visit():
    """L2 / v0.2 §9.3: passengers boarded here may not detrain before the train leaves."""
    b = Position(seed=1)
    b.office("Player", "station")
    b.boxes("Player", (0, 0), green=["CL1"])
    keep_busy(b)
    t = held_train(b, ahead=["CE1"])
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert sm.parse("detrain 1") not in g.legal_intents()
    assert "boarded here on this visit" in why(g, "detrain 1")
    g.apply("end")
    # Next Stage the train is still on this visit (held at the Office): still refused.
    to_load_unload(g)
    assert g.state.trains[t.tray].pos == (0, 0)
    assert "boarded here on this visit" in why(g, "detrain 1")
    assert_sound(g)


def test_a_visit_ends_when_the_train_highballs():
    """L2: a visit ends when the train highballs (its boarded list is cleared)."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1"])
    t = b.train(1, player="Player", at=(0, 0), behind=["CE1"], arrived_earlier=False)
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert g.state.trains[t.tray].boarded == ["CL1"]
    g.apply("agent pass")  # Stage 2: the train is made up right and the line is clear
    train = g.state.trains[t.tray]
    assert train.where == "mainline"
    assert train.boarded == []
    assert_sound(g)


def test_detrain_refused_when_red_boxes_full():
    """L2 / v0.2 §9.2: detraining needs an unoccupied red box (a Depot has two)."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), red=["CL3", "CL4"])
    keep_busy(b)
    held_train(b, ahead=["CL2"])
    g = b.game()
    to_load_unload(g)
    assert sm.parse("detrain 1") not in g.legal_intents()
    assert "red boxes are full" in why(g, "detrain 1")
    assert_sound(g)


def test_detrain_needs_an_empty_coach_in_the_division_yard():
    """L2 / v0.4.5 §4.6: an empty coach from the Division Yard replaces the detrained one."""
    b = Position(seed=1)
    b.office("Player", "depot")
    keep_busy(b)
    held_train(b, ahead=["CL2"])
    s = b.state
    for pid in [p for p in s.division_yard if p.startswith("CE")]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    g = b.game()
    to_load_unload(g)
    assert "no empty coach" in why(g, "detrain 1")
    assert_sound(g)


def test_board_needs_green_passengers():
    """L2 / v0.2 §9.2: boarding needs a loaded coach waiting in a green box."""
    b = Position(seed=1)
    b.office("Player", "depot")
    keep_busy(b)
    held_train(b, ahead=["CE2"])
    g = b.game()
    to_load_unload(g)
    assert "green boxes" in why(g, "board 1")
    assert_sound(g)


def test_board_needs_an_empty_coach_on_the_train():
    """L2 / v0.2 §9.2: boarding needs an empty coach on the train to replace."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1"])
    keep_busy(b)
    held_train(b, ahead=["CL2"])
    g = b.game()
    to_load_unload(g)
    assert "no empty coach" in why(g, "board 1")
    assert_sound(g)


def test_whistle_post_has_no_porters():
    """L2 / v0.4.5 §4.6: a Whistle Post has no Porters, so no passenger work at all (a Whistle Post
    Office: edition v4; from v5 every Office opens as a Depot)."""
    b = Position(seed=1, balance="v4")
    keep_busy(b)
    held_train(b, ahead=["CL2"], behind=["CE3"])
    g = b.game()
    to_load_unload(g)
    assert g.phase == "load_unload"
    assert not any(str(i).startswith(("board", "detrain")) for i in g.legal_intents())
    assert "whistle post has no porters" in why(g, "detrain 1")
    assert "whistle post has no porters" in why(g, "board 1")
    assert_sound(g)


def test_whistle_post_with_a_train_and_nothing_else_is_passed_over():
    """L1: at a Whistle Post with a loaded train and no freight work the player is passed over (edition
    v4: from v5 every Office opens as a Depot)."""
    b = Position(seed=1, balance="v4")
    held_train(b, ahead=["CL2"])
    g = b.game()
    g.apply("agent pass")
    assert (g.stage, g.phase) == (2, "local_operations")
    assert_sound(g)


def test_passenger_work_only_on_a_train_at_the_office():
    """L2: Porters work trains on the Office card only, not elsewhere in the Area."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.lay("Player", "straight", (1, 0))
    keep_busy(b)
    b.train(1, player="Player", at=(1, 0), ahead=["CL2"])
    g = b.game()
    to_load_unload(g)
    assert why(g, "detrain 1") == "porters work trains standing at your office; train 1 (crew tray 1) is not there"
    assert "not on an a/d track" in why(g, "detrain 2")  # no train in that Crew Tray
    assert_sound(g)


# --------------------------------------------------------------------------- Laborers (L3)


def shed_with_a_load_and_an_empty_reefer(**config):
    """A Produce Shed with a reefer load on its green box and an empty reefer spotted on its spur."""
    b = Position(seed=1, **config)
    b.lay("Player", "produce_shed", SHED)
    b.cars("Player", SHED, ["RE1"])
    b.boxes("Player", SHED, green=["RL1"])
    return b.game()


@pytest.mark.parametrize("rates", [(1, 1, 0), (2, 3, 0), (0, 1, 0), (1, 0, 0)])
def test_outbound_load_full_pipeline_over_two_stages(rates):
    """L3 / v0.2 §9.3: green→MEN→AT→WORK→car takes 4 Laborer actions (2 a Stage at a Produce
    Shed); only completion earns the freight rate; the empty car goes to Classification."""
    g = shed_with_a_load_and_an_empty_reefer(revenue=rates)
    to_load_unload(g)
    g.apply("work 1,-1 green")
    assert fac(g, SHED).pipeline == {"men": ("RL1", "out"), "at": None, "work": None}
    assert fac(g, SHED).green == []
    g.apply("work 1,-1 men")
    # Both Laborers have worked: Stage 1 is over, the load waits on AT.
    assert (g.stage, g.phase) == (2, "local_operations")
    assert fac(g, SHED).pipeline["at"] == ("RL1", "out")
    assert fac(g, SHED).workers_used == 0
    assert g.revenue["Player"] == 0
    to_load_unload(g)
    g.apply("work 1,-1 at")
    assert fac(g, SHED).pipeline["work"] == ("RL1", "out")
    ev = g.apply("work 1,-1 work")
    assert fac(g, SHED).pipeline == {"men": None, "at": None, "work": None}
    assert g.state.areas[0].grid[SHED].cars == ["RL1"]
    assert "RE1" in g.state.classification_yard
    assert g.revenue["Player"] == rates[1] * FREIGHT_PAY[g.config.balance][0]  # L6: the Day's first load
    assert [e.amount for e in ev if e.kind == "revenue"] == ([g.revenue["Player"]] if rates[1] else [])
    assert_sound(g)


@pytest.mark.parametrize("balance, pay", [("v1", 1), ("v2", 3)])
def test_a_finished_load_pays_three_under_v2_and_one_under_v1(balance, pay):
    """L5: a finished outbound load pays the freight rate times 3 under edition v2 (the default),
    once under v1 (v0.2's figure, the house rule); a boarded coach pays the passenger rate in both."""
    g = shed_with_a_load_and_an_empty_reefer(balance=balance)
    to_load_unload(g)
    g.apply("work 1,-1 green")
    g.apply("work 1,-1 men")
    to_load_unload(g)
    g.apply("work 1,-1 at")
    ev = g.apply("work 1,-1 work")
    assert [e.amount for e in ev if e.kind == "revenue"] == [pay]
    assert g.revenue["Player"] == pay == freight_pay(g.state)
    assert_sound(g)


def test_v2_freight_pay_scales_with_the_freight_rate():
    """L5: the freight rate is a unit; v2 pays three of them a load (rate 2: 6; rate 0: nothing)."""
    for rate, pay in ((0, 0), (1, 3), (2, 6)):
        g = sm.new_game(seed=1, revenue=(1, rate, 0), balance="v2")
        assert freight_pay(g.state) == pay
        assert freight_pay(sm.new_game(seed=1, revenue=(1, rate, 0), balance="v1").state) == rate


def shed_with_two_loads(stage=1, **config):
    """A Produce Shed with two reefer loads in its green boxes and two empty reefers spotted, at
    ``stage`` of Day 1."""
    b = Position(seed=1, **config)
    b.lay("Player", "produce_shed", SHED)
    b.cars("Player", SHED, ["RE1", "RE2"])
    b.boxes("Player", SHED, green=["RL1", "RL2"])
    b.state.stage = stage
    return b.game()


def test_v3_the_days_first_load_pays_six_and_the_rest_of_the_day_nothing():
    """L6: under edition v3 a player's first load or unload finished in a Day pays six times the
    freight rate; a second finished the same Day pays nothing (no revenue event)."""
    g = shed_with_two_loads(balance="v3")
    assert g.config.balance == "v3" and FREIGHT_PAY["v3"] == (6, 0)
    assert freight_pay(g.state) == freight_pay_now(g.state, 0) == 6  # what the bots value a load at
    assert finish_one_load(g) == [6]
    assert (g.day, g.revenue["Player"], g.state.freight_today) == (1, 6, {"Player": 1})
    assert freight_pay_now(g.state, 0) == 0
    assert finish_one_load(g) == []
    assert g.day == 1 and g.revenue["Player"] == 6 and g.state.freight_today == {"Player": 2}
    assert g.state.areas[0].grid[SHED].cars == ["RL1", "RL2"]  # both loads are on their cars all the same
    assert_sound(g)


def test_v3_the_freight_contract_starts_again_each_day():
    """L6: the count is the Day's: a load finished at the last Stage of Day 1 and the next one on
    Day 2 each pay the Day's first six."""
    g = shed_with_two_loads(stage=11, balance="v3")
    assert finish_one_load(g) == [6]  # finished at Stage 12 of Day 1, whose Laborers then ran out
    assert (g.day, g.stage, g.state.freight_today) == (2, 1, {})
    assert finish_one_load(g) == [6]
    assert (g.day, g.revenue["Player"], g.state.freight_today) == (2, 12, {"Player": 1})
    assert_sound(g)


@pytest.mark.parametrize("balance, pays", [("v1", [1, 1]), ("v2", [3, 3]), ("v3", [6, 0])])
def test_each_edition_pays_two_loads_of_one_day_by_its_own_schedule(balance, pays):
    """L5 / L6: two loads finished on one Day pay 1 + 1 under v1, 3 + 3 under v2 (every load alike,
    the house rules), 6 + 0 under v3; the freight rate stays the unit (rate 2 doubles each)."""
    for rate in (1, 2):
        g = shed_with_two_loads(balance=balance, revenue=(1, rate, 0))
        got = finish_one_load(g) + finish_one_load(g)
        assert got == [rate * p for p in pays if p]
        assert g.revenue["Player"] == rate * sum(pays) and g.day == 1


@pytest.mark.parametrize("length, balance, pays", [
    ("short", "v3", [9, 0]), ("standard", "v3", [6, 0]), ("campaign", "v3", [6, 0]), ("short", "v2", [3, 3]),
    ("short", "v1", [1, 1]),
    # the default edition v4's figures are being retuned ([V9]): its schedules are read from the tables
    ("short", "v4", list(FREIGHT_PAY_BY_LENGTH[("v4", "short")])), ("standard", "v4", list(FREIGHT_PAY["v4"]))])
def test_the_short_games_freight_contract_pays_nine_under_v3_only(length, balance, pays):
    """L7: in edition v3's Short game the Day's first load pays nine times the freight rate (the
    rest of the Day nothing); Standard and Campaign keep L6's six, v2 and v1 their every-load pay
    in Short too (v4, the default, has a Short schedule of its own). The bots value a load at the
    game's own figure."""
    assert set(FREIGHT_PAY_BY_LENGTH) == {("v3", "short"), ("v4", "short")}
    assert FREIGHT_PAY_BY_LENGTH[("v3", "short")] == (9, 0)
    for rate in (1, 2):
        g = shed_with_two_loads(length=length, balance=balance, revenue=(1, rate, 0))
        assert freight_pay(g.state) == rate * pays[0]
        got = finish_one_load(g) + finish_one_load(g)
        assert got == [rate * p for p in pays if p]
        assert g.revenue["Player"] == rate * sum(pays) and g.day == 1
        assert_sound(g)


def test_inbound_unload_full_pipeline_earns_on_the_red_box():
    """L3 / v0.4.5 §4.7: car→WORK (an empty from the Division Yard takes the car's place)→AT→
    MEN→red; +freight rate only when the load reaches the red box. Edition v4's pay, the Day's
    contract ([L6]); v5's car orders: tests/phases/test_car_orders.py."""
    b = Position(seed=1, revenue=(1, 2, 0), balance="v4")
    plant = (1, 1)
    b.lay("Player", "power_plant", plant)  # 3 Laborers, unloads hoppers
    b.cars("Player", plant, ["HL1"])
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,1 car")
    assert fac(g, plant).pipeline["work"] == ("HL1", "in")
    assert g.state.areas[0].grid[plant].cars == ["HE1"]
    g.apply("work 1,1 work")
    g.apply("work 1,1 at")
    assert fac(g, plant).pipeline["men"] == ("HL1", "in")
    assert (g.stage, g.phase) == (2, "local_operations")  # three Laborers used
    assert g.revenue["Player"] == 0
    to_load_unload(g)
    ev = g.apply("work 1,1 men")
    assert fac(g, plant).red == ["HL1"]
    assert not fac(g, plant).locked
    assert g.revenue["Player"] == 2 * FREIGHT_PAY["v3"][0]  # L6: the Day's first unload, 6 times the rate of 2
    assert [e.amount for e in ev if e.kind == "revenue"] == [12]
    assert_sound(g)


def test_laborers_one_action_each_per_stage_reset_next_stage():
    """L3 / v0.2 §9.1: each Laborer acts once a Stage; workers reset at Shift Change."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", SHED)
    b.cars("Player", SHED, ["RE1", "RE2"])
    b.boxes("Player", SHED, green=["RL1", "RL2"])
    keep_busy(b)
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,-1 green")
    g.apply("work 1,-1 men")
    assert workers_left(g.state, g.state.areas[0], SHED) == 0
    assert "free at this facility" in why(g, "work 1,-1 at")
    assert "free at this facility" in why(g, "work 1,-1 green")
    g.apply("end")
    assert g.stage == 2
    to_load_unload(g)
    assert workers_left(g.state, g.state.areas[0], SHED) == 2
    assert g.why_not("work 1,-1 at") is None
    assert_sound(g)


def test_a_red_box_in_load_unload_is_the_freight_agents_to_clear_not_a_laborers():
    """A2: in Load/Unload a player who would empty a red box is told who does (the board says this
    when its red box is clicked: the engine's words, not the board's)."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", SHED)
    b.boxes("Player", SHED, red=["RL1"])
    keep_busy(b)
    g = b.game()
    to_load_unload(g)
    assert g.phase == "load_unload"
    assert why(g, "agent clear 1,-1") == ("a laborer does not empty a red box; the freight agent clears it in "
                                          "local operations")
    assert "it is load/unload" in why(g, "agent stock 1,-1")


def test_hopping_past_an_occupied_box_costs_one_laborer_per_box():
    """L3 / v0.2 §9.1: a load may hop past an occupied box, one Laborer per box stepped."""
    b = Position(seed=1)
    tipple = (1, -1)
    b.lay("Player", "mine_tipple", tipple)  # 3 Laborers
    b.cars("Player", tipple, ["HE1", "HE2"])
    b.boxes("Player", tipple, green=["HL2"])
    b.state.areas[0].facilities[tipple].pipeline["men"] = (b.take_piece("HL1"), "out")
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,-1 green")  # hops MEN (taken) to AT: two Laborers
    assert fac(g, tipple).pipeline == {"men": ("HL1", "out"), "at": ("HL2", "out"), "work": None}
    assert workers_left(g.state, g.state.areas[0], tipple) == 1
    assert "takes 2 laborers; 1 is free" in why(g, "work 1,-1 men")
    assert sm.parse("work 1,-1 men") not in g.legal_intents()
    g.apply("work 1,-1 at")
    assert fac(g, tipple).pipeline["work"] == ("HL2", "out")
    assert_sound(g)


def test_an_unload_may_start_while_an_outbound_load_is_on_men_at_work():
    """L3: the lock keeps trains off the spur, not Laborers: a loaded car already spotted there may
    be unloaded while an outbound load is on MEN | AT | WORK (one load per box all the same)."""
    b = Position(seed=1)
    refinery = (1, -1)
    b.lay("Player", "oil_refinery", refinery)  # tank cars both ways, 3 Laborers
    b.cars("Player", refinery, ["TE1", "TL1"])
    b.boxes("Player", refinery, green=["TL2"])
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,-1 green")  # the outbound load to MEN: the spur is locked now
    assert fac(g, refinery).locked
    assert why(g, "work 1,-1 car") == ""
    g.apply("work 1,-1 car")  # TL1's load goes onto WORK; an empty tank from the Division Yard takes its place
    assert fac(g, refinery).pipeline == {"men": ("TL2", "out"), "at": None, "work": ("TL1", "in")}
    assert g.state.areas[0].grid[refinery].cars == ["TE1", "TE2"]
    assert_sound(g)


def test_loads_going_opposite_ways_pass_by_hopping():
    """L3 / v0.2 §9.1: an outbound and an inbound load meet on MEN | AT | WORK and pass each other as
    any load hops an occupied box: one Laborer per box stepped, whichever of them moves first."""
    b = Position(seed=1)
    refinery = (1, -1)
    b.lay("Player", "oil_refinery", refinery)
    b.cars("Player", refinery, ["TE1", "TE2"])
    pipe = b.state.areas[0].facilities[refinery].pipeline
    pipe["at"] = (b.take_piece("TL1"), "out")
    pipe["work"] = (b.take_piece("TL2"), "in")
    g = b.game()
    to_load_unload(g)
    out_first = g.copy()
    out_first.apply("work 1,-1 at")  # AT -> past WORK -> into the empty car: two Laborers
    assert fac(out_first, refinery).pipeline == {"men": None, "at": None, "work": ("TL2", "in")}
    assert out_first.state.areas[0].grid[refinery].cars == ["TL1", "TE2"]
    assert workers_left(out_first.state, out_first.state.areas[0], refinery) == 1
    assert_sound(out_first)
    g.apply("work 1,-1 work")  # WORK -> past AT -> MEN: two Laborers
    assert fac(g, refinery).pipeline == {"men": ("TL2", "in"), "at": ("TL1", "out"), "work": None}
    assert workers_left(g.state, g.state.areas[0], refinery) == 1
    assert_sound(g)


def test_industry_track_locked_while_a_load_is_on_the_pipeline():
    """L3 / S6 / v0.2 §9.3: a load on MEN|AT|WORK locks the industry track; a Move into it is
    refused until the load is finished."""
    b = Position(seed=1)
    spur = (-1, 1)
    b.lay("Player", "turnout_right", (0, 1))  # Office NW meets its SE leg; its W end runs west
    b.lay("Player", "produce_shed", spur, turned=True)  # turned: the spur opens to the east
    b.cars("Player", spur, ["RE1"])
    b.boxes("Player", spur, green=["RL1"])
    t = held_train(b, ahead=["BE1"])
    g = b.game()
    move = f"move {t.tray} west -1,1"
    probe = g.copy()
    probe.apply("switch")
    assert probe.why_not(move) is None  # unlocked: the spur is reachable
    to_load_unload(g)
    g.apply("work -1,1 green")
    g.apply("work -1,1 men")
    assert fac(g, spur).locked
    assert g.stage == 2
    g.apply("switch")
    reason = g.why_not(move)
    assert reason is not None and "locked" in reason
    with pytest.raises(sm.IllegalIntent):
        g.apply(move)
    g.apply("end")
    g.apply("work -1,1 at")
    g.apply("work -1,1 work")
    assert not fac(g, spur).locked
    assert g.stage == 3
    g.apply("switch")
    assert g.why_not(move) is None
    g.apply(move)
    assert g.state.trains[t.tray].pos == spur
    assert_sound(g)


def test_work_cannot_start_while_a_train_stands_on_the_industry_track():
    """L3: starting a load (green) or an unload (car) needs no Crew Tray on the industry track."""
    b = Position(seed=1)
    b.lay("Player", "grocers_warehouse", SHED)
    b.cars("Player", SHED, ["BE1", "BL1"])
    b.boxes("Player", SHED, green=["BL2"])
    keep_busy(b)
    b.train(5, player="Player", at=SHED)
    g = b.game()
    to_load_unload(g)
    assert "crew tray stands" in why(g, "work 1,-1 green")
    assert "crew tray stands" in why(g, "work 1,-1 car")
    assert_sound(g)


def test_outbound_start_needs_an_unclaimed_empty_car():
    """L3 / A1: each outbound load claims one empty car on the track; no unclaimed empty, no start."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", SHED)
    b.cars("Player", SHED, ["RE1"])
    b.boxes("Player", SHED, green=["RL1", "RL2"])
    keep_busy(b)
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,-1 green")
    assert "no unclaimed empty reefer" in why(g, "work 1,-1 green")
    assert_sound(g)


def test_no_unload_of_a_car_loaded_on_this_visit():
    """L3 / v0.2 §9.3: a car loaded here may not be unloaded here before it leaves; another
    loaded car of that kind may be."""
    b = Position(seed=1)
    b.lay("Player", "grocers_warehouse", SHED)  # boxcars, loads and unloads, 2 Laborers
    b.cars("Player", SHED, ["BE1"])
    b.boxes("Player", SHED, green=["BL1"])
    keep_busy(b)
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,-1 green")
    g.apply("work 1,-1 men")
    g.apply("end")
    to_load_unload(g)
    g.apply("work 1,-1 at")
    g.apply("work 1,-1 work")
    assert g.state.areas[0].grid[SHED].cars == ["BL1"]
    assert fac(g, SHED).loaded_here == ["BL1"]
    g.apply("end")
    to_load_unload(g)
    assert sm.parse("work 1,-1 car") not in g.legal_intents()
    assert "loaded here" in why(g, "work 1,-1 car")
    assert "until it has left your office area" in why(g, "work 1,-1 car").lower()
    assert_sound(g)


def test_v3_a_loaded_cars_mark_ends_when_it_leaves_the_office_area():
    """S8 (edition v3): the mark 'loaded here' lasts while the car is in the Office Area — on a card
    or on a train standing there — and is dropped at the next Load/Unload once it has gone, so a car
    that comes back on a later train is unloaded like any other."""
    from stationmaster.flow import Where
    from stationmaster.phases.load_unload import forget_departed_loads

    b = Position(seed=1)
    b.lay("Player", "grocers_warehouse", SHED)
    b.cars("Player", SHED, ["BL1"])
    b.train(11, player="Player", at=(0, 0), behind=["BL2"])
    marks = b.state.areas[0].facilities[SHED].loaded_here
    marks.extend(["BL1", "BL2", "BL3"])  # BL3 is nowhere in the Area: it has left
    forget_departed_loads(b.state)
    assert b.state.areas[0].facilities[SHED].loaded_here == ["BL1", "BL2"]
    g = b.game()
    to_load_unload(g)
    assert g.state.trains[1].where != Where.AREA  # train 11 has departed with BL2
    assert g.state.areas[0].facilities[SHED].loaded_here == ["BL1"]
    assert g.state.areas[0].grid[SHED].cars == ["BL1"]  # still marked: its Load/Unload had no work
    assert not fac(g, SHED).locked
    assert_sound(g)


def test_v2_unloads_a_car_loaded_here_once_it_was_picked_up():
    """S6 / S8 (edition v2, a house rule): the visit ends when the car is picked up, so a car set out
    again on the spur where it was loaded may be unloaded there."""
    b = Position(seed=1, balance="v2")
    b.lay("Player", "grocers_warehouse", SHED)
    b.cars("Player", SHED, ["BL1"])
    g = b.game()
    to_load_unload(g)
    assert sm.parse("work 1,-1 car") in g.legal_intents()
    assert_sound(g)


def test_unload_takes_a_car_not_loaded_on_this_visit():
    """L3: beside a car loaded here, another loaded car of that kind may be unloaded."""
    b = Position(seed=1)
    b.lay("Player", "grocers_warehouse", SHED)
    b.cars("Player", SHED, ["BL1", "BL2"])
    b.state.areas[0].facilities[SHED].loaded_here.append("BL1")
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,-1 car")
    assert fac(g, SHED).pipeline["work"] == ("BL2", "in")
    assert g.state.areas[0].grid[SHED].cars == ["BL1", "BE1"]
    assert_sound(g)


def test_unload_needs_a_matching_empty_in_the_division_yard():
    """L3 / v0.4.5 §7 FAQ: unloading swaps in an empty from the Division Yard; none, no unload."""
    b = Position(seed=1)
    plant = (1, 1)
    b.lay("Player", "power_plant", plant)
    b.cars("Player", plant, ["HL1"])
    keep_busy(b, at=(-1, 1))
    s = b.state
    for pid in [p for p in s.division_yard if p.startswith("HE")]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    g = b.game()
    to_load_unload(g)
    assert "no empty hopper" in why(g, "work 1,1 car")
    assert_sound(g)


def test_outbound_only_facility_does_not_unload():
    """L3: an industry with no red box (Produce Shed) does not unload."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", SHED)
    b.cars("Player", SHED, ["RL1"])
    keep_busy(b)
    g = b.game()
    to_load_unload(g)
    assert "does not unload" in why(g, "work 1,-1 car")


def test_inbound_load_waits_when_red_boxes_full():
    """L3: completing an unload needs a free red box; a full one holds the load on MEN."""
    b = Position(seed=1)
    plant = (1, 1)
    b.lay("Player", "power_plant", plant)  # 3 red boxes
    b.boxes("Player", plant, red=["HL2", "HL3", "HL4"])
    b.state.areas[0].facilities[plant].pipeline["men"] = (b.take_piece("HL1"), "in")
    keep_busy(b)
    g = b.game()
    to_load_unload(g)
    assert "red boxes at the power plant are full" in why(g, "work 1,1 men")
    assert_sound(g)


# --------------------------------------------------------------------------- Modifiers (L4)


def test_storage_shed_adds_a_red_box():
    """L4: a Storage Shed serving an unloading industry adds a red box."""
    b = Position(seed=1)
    plant = (1, 1)
    b.lay("Player", "power_plant", plant)
    b.lay("Player", "storage_shed", (2, 1), serves=plant)
    b.boxes("Player", plant, red=["HL2", "HL3", "HL4"])
    b.state.areas[0].facilities[plant].pipeline["men"] = (b.take_piece("HL1"), "in")
    g = b.game()
    assert capacity(g.state, g.state.areas[0], plant) == (0, 4)
    to_load_unload(g)
    g.apply("work 1,1 men")
    assert len(fac(g, plant).red) == 4
    assert g.revenue["Player"] == freight_pay(g.state)
    assert_sound(g)


def test_loading_dock_adds_a_green_box():
    """L4: a Loading Dock serving a loading industry adds a green box (stocked by the Freight Agent)."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", SHED)
    b.cars("Player", SHED, ["RE1", "RE2", "RE3"])
    b.boxes("Player", SHED, green=["RL1", "RL2"])
    without = b.game().copy()
    assert "green boxes at the produce shed are full" in why(without, "agent stock 1,-1")
    b.lay("Player", "loading_dock", (2, -1), serves=SHED)
    g = b.game()
    assert capacity(g.state, g.state.areas[0], SHED) == (3, 0)
    g.apply("agent stock 1,-1")
    assert len(fac(g, SHED).green) == 3
    assert_sound(g)


def test_team_track_adds_green_at_a_loader_and_red_at_an_unloader():
    """L4: Team Track gives +1 green if the industry loads, otherwise +1 red."""
    b = Position(seed=1)
    plant = (1, 1)
    b.lay("Player", "produce_shed", SHED)
    b.lay("Player", "power_plant", plant)
    b.lay("Player", "team_track", (2, -1), serves=SHED)
    g = b.game()
    s, area = g.state, g.state.areas[0]
    assert capacity(s, area, SHED) == (3, 0)
    assert capacity(s, area, plant) == (0, 3)
    area.modifiers[(2, -1)].serves = plant
    assert capacity(s, area, SHED) == (2, 0)
    assert capacity(s, area, plant) == (0, 4)


def test_extra_platform_adds_green_and_red_coach_boxes():
    """L4: an Extra Platform at a Depot+ adds +1 green and +1 red; a third detrain fits."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.lay("Player", "extra_platform", (1, 1), serves=(0, 0))
    b.boxes("Player", (0, 0), red=["CL3", "CL4"])
    held_train(b, ahead=["CL2"])
    g = b.game()
    assert capacity(g.state, g.state.areas[0], (0, 0)) == (3, 3)
    to_load_unload(g)
    g.apply("detrain 1")
    assert len(fac(g, (0, 0)).red) == 3
    assert_sound(g)


def test_section_gang_adds_one_worker_per_stage():
    """L4: a Section Gang adds one Laborer a Stage at a neighbouring facility, again next Stage."""
    b = Position(seed=1)
    tipple = (1, -1)
    b.lay("Player", "mine_tipple", tipple)  # 3 Laborers (+1 with the Gang)
    b.lay("Player", "section_gang", (2, -1))
    b.cars("Player", tipple, ["HE1", "HE2"])
    b.boxes("Player", tipple, green=["HL1", "HL2"])
    g = b.game()
    area = g.state.areas[0]
    assert workers_left(g.state, area, tipple) == 4
    to_load_unload(g)
    for it in ("work 1,-1 green", "work 1,-1 men", "work 1,-1 at", "work 1,-1 work"):
        g.apply(it)  # four Laborer actions in one Stage: the first load is done
    assert g.state.areas[0].grid[tipple].cars.count("HL1") == 1
    assert g.revenue["Player"] == freight_pay(g.state)
    assert g.stage == 2  # all four used
    area = g.state.areas[0]
    assert workers_left(g.state, area, tipple) == 4  # the Gang is back next Stage
    assert not area.modifiers[(2, -1)].used
    assert_sound(g)


def test_section_gang_serves_only_one_facility_a_stage():
    """L4 / v0.2 §9: a Modifier between two facilities helps only one of them each Stage."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", (1, -1))
    b.lay("Player", "produce_shed", (3, -1))
    b.lay("Player", "section_gang", (2, -1))
    b.cars("Player", (1, -1), ["RE1", "RE2"])
    b.boxes("Player", (1, -1), green=["RL1", "RL2"])
    b.cars("Player", (3, -1), ["RE3"])
    b.boxes("Player", (3, -1), green=["RL3"])
    g = b.game()
    to_load_unload(g)
    area = g.state.areas[0]
    assert workers_left(g.state, area, (1, -1)) == 3
    assert workers_left(g.state, area, (3, -1)) == 3
    g.apply("work 1,-1 green")
    g.apply("work 1,-1 men")
    g.apply("work 1,-1 green")  # the third action uses the Gang
    area = g.state.areas[0]
    assert area.modifiers[(2, -1)].used
    assert workers_left(g.state, area, (3, -1)) == 2
    assert_sound(g)


def test_the_section_gang_is_chosen_when_first_needed_after_a_facilitys_own_laborers():
    """L4: no choice is made in advance; a facility's own Laborers work first, and the Gang goes to the
    facility whose action first needs one more worker — there for the rest of the Stage."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", (1, -1))  # 2 Laborers each
    b.lay("Player", "produce_shed", (3, -1))
    b.lay("Player", "section_gang", (2, -1))
    b.cars("Player", (1, -1), ["RE1"])
    b.boxes("Player", (1, -1), green=["RL1"])
    b.cars("Player", (3, -1), ["RE2", "RE3"])
    b.boxes("Player", (3, -1), green=["RL2", "RL3"])
    keep_busy(b)
    g = b.game()
    to_load_unload(g)
    g.apply("work 1,-1 green")
    g.apply("work 1,-1 men")  # both of the first shed's own Laborers: the Gang is still free
    area = g.state.areas[0]
    assert not area.modifiers[(2, -1)].used
    assert workers_left(g.state, area, (1, -1)) == 1 and workers_left(g.state, area, (3, -1)) == 3
    g.apply("work 3,-1 green")
    g.apply("work 3,-1 men")
    g.apply("work 3,-1 green")  # the second shed needs a third worker: the Gang goes there
    area = g.state.areas[0]
    assert area.modifiers[(2, -1)].used and workers_left(g.state, area, (1, -1)) == 0
    assert "0 are free" in why(g, "work 1,-1 at")
    assert_sound(g)


def test_modifiers_serving_one_facility_stack():
    """L4: each Modifier serving a facility adds its own box: a Loading Dock, a Team Track and a
    Storage Shed at one Grocer's Warehouse give it two more green boxes and one more red."""
    b = Position(seed=1)
    grocer = (1, -1)
    b.lay("Player", "grocers_warehouse", grocer)  # 2 green, 2 red
    b.lay("Player", "loading_dock", (2, -1), serves=grocer)
    b.lay("Player", "team_track", (0, -1), serves=grocer)
    b.lay("Player", "storage_shed", (1, -2), serves=grocer)
    g = b.game()
    assert capacity(g.state, g.state.areas[0], grocer) == (4, 3)


def test_section_gang_beside_the_office_adds_a_porter():
    """L4: the Section Gang's worker may be a Porter at a neighbouring Depot."""
    b = Position(seed=1)
    b.office("Player", "depot")
    b.lay("Player", "section_gang", (1, 1))
    b.boxes("Player", (0, 0), green=["CL1"])
    held_train(b, ahead=["CE1", "CL2"])
    g = b.game()
    assert workers_left(g.state, g.state.areas[0], (0, 0)) == 2
    to_load_unload(g)
    g.apply("board 1")
    g.apply("detrain 1")
    assert g.revenue["Player"] == 2
    assert g.stage == 2
    assert_sound(g)


# --------------------------------------------------------------------------- turn order (L1)


def _two_player_busy(seed=3):
    b = Position(seed=seed, players=["Ann", "Bob", "Cy"], mode="competitive")
    for who in ("Ann", "Cy"):
        b.lay(who, "produce_shed", SHED)
    b.cars("Ann", SHED, ["RE1"])
    b.boxes("Ann", SHED, green=["RL1"])
    b.cars("Cy", SHED, ["RE2"])
    b.boxes("Cy", SHED, green=["RL2"])
    return b


def test_load_unload_players_act_from_the_superintendent_leftward_and_idle_ones_are_skipped():
    """L1 / v0.2 §5: Load/Unload runs from the Superintendent leftward; Bob, with nothing his
    workers can do, is passed over."""
    b = _two_player_busy()
    g = b.game()
    s = g.state
    order = [s.players[i].name for i in table_order(s)]
    to_load_unload(g)
    seen = []
    while g.phase == "load_unload":
        seen.append(g.actor)
        g.apply("end")
    assert seen == [n for n in order if n != "Bob"]
    assert g.stage == 2
    assert_sound(g)


def test_end_finishes_a_players_turn_with_work_left():
    """L1: 'end' finishes a Load/Unload turn at any time; the work stays for a later Stage."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", SHED)
    b.cars("Player", SHED, ["RE1"])
    b.boxes("Player", SHED, green=["RL1"])
    g = b.game()
    to_load_unload(g)
    g.apply("end")
    assert (g.stage, g.phase) == (2, "local_operations")
    assert fac(g, SHED).green == ["RL1"]
    assert_sound(g)


def test_solitaire_player_with_nothing_to_do_skips_load_unload():
    """L1: with no worker able to act, Load/Unload passes by without a decision."""
    g = Position(seed=1).game()
    g.apply("agent pass")
    assert (g.stage, g.phase, g.actor) == (2, "local_operations", "Player")
    assert "work passengers" not in " ".join(str(e) for e in g.events)
    assert_sound(g)


def test_load_unload_legal_intents_are_all_accepted():
    """L1-L3: every intent legal_intents offers in Load/Unload is accepted by apply."""
    b = Position(seed=1)
    b.office("Player", "station")
    b.boxes("Player", (0, 0), green=["CL1"])
    held_train(b, ahead=["CE1", "CL2"])
    b.lay("Player", "grocers_warehouse", SHED)
    b.cars("Player", SHED, ["BE1", "BL1"])
    b.boxes("Player", SHED, green=["BL2"])
    g = b.game()
    to_load_unload(g)
    for it in g.legal_intents():
        probe = g.copy()
        probe.apply(it)
        assert invariants.check(probe.state) == []


# --------------------------------------------------------------------------- yards (Y1)


def test_division_yard_of_only_cabooses_counts_as_empty_and_refills():
    """Y1: taking the last revenue car leaves only cabooses: the whole Classification Yard comes back."""
    b = Position(seed=1)
    b.office("Player", "depot")
    held_train(b, ahead=["CL2"])
    s = b.state
    for pid in [p for p in s.division_yard if p not in ("CE1", "K1", "K2", "K3", "K4", "K5", "K6")]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)
    g = b.game()
    to_load_unload(g)
    ev = g.apply("detrain 1")
    assert g.state.trains[1].cars == ["CE1"]
    assert any(e.kind == "yard_refilled" for e in ev)
    assert g.state.classification_yard == []
    assert len(g.state.division_yard) == 62 - 2  # all but CE1 (on the train) and CL2 (red box)
    assert g.state.division_yard == sorted(g.state.division_yard)
    assert_sound(g)


def test_swaps_take_the_lowest_numbered_matching_car():
    """Y1: any car taken for a swap is the lowest-numbered match (CE3 when CE1, CE2 are out)."""
    b = Position(seed=1)
    b.office("Player", "depot")
    held_train(b, ahead=["CL2", "CE1", "CE2"])
    g = b.game()
    to_load_unload(g)
    g.apply("detrain 1")
    assert sorted(g.state.trains[1].cars) == ["CE1", "CE2", "CE3"]
    assert_sound(g)
