"""Edition v5's car orders ([L8]), the Freight Agent working a whole facility ([A3]) and the Offices
that open as Depots ([U5])."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import stationmaster as sm
from stationmaster import invariants
from stationmaster.builder import Position
from stationmaster.cards import PIECES
from stationmaster.orders import ORDER_PAY, ORDER_SIZES, waybill_cars
from stationmaster.phases.load_unload import freight_pay
from positions import finish_one_load, random_play, run_stage

SHED = (1, -1)  # the Produce Shed of the load tests (test_load_unload.py)
ME = "Player"


def shed(loads=3, order=2, **config):
    """A v5 Produce Shed with ``loads`` reefer loads stocked, as many empties spotted, and an order
    for ``order`` loads out today."""
    b = Position(seed=1, balance="v5", **config)
    b.lay(ME, "produce_shed", SHED)
    b.cars(ME, SHED, [f"RE{i}" for i in range(1, loads + 1)])
    b.boxes(ME, SHED, green=[f"RL{i}" for i in range(1, loads + 1)])
    b.state.areas[0].facilities[SHED].orders = {"out": [order, 0]}
    return b.game()


def ship_loads(g, n):
    """Take ``n`` of the loads standing on the Produce Shed's spur out of the Office Area (as a
    departing train would: to the Classification Yard here) and play the Stage out: its
    Load/Unload counts what left; returns the Stage's events."""
    cars = g.state.areas[0].grid[SHED].cars
    for pid in [c for c in cars if PIECES[c].loaded][:n]:
        cars.remove(pid)
        g.state.classification_yard.append(pid)
    return run_stage(g)


def test_every_car_pays_when_it_is_loaded_and_the_order_fills_as_loads_ship():
    """L8: under v5 every finished load pays twice the freight rate when it is loaded; the order
    out counts the loads that leave the Office Area, and the one that fills it pays three more."""
    assert ORDER_PAY["v5"] == (2, 3)
    g = shed(loads=3, order=2)
    assert freight_pay(g.state) == 2  # what a bot values a car at, before the order's bonus
    assert finish_one_load(g) == [2] and finish_one_load(g) == [2]
    assert g.state.areas[0].facilities[SHED].orders == {"out": [2, 0]}  # loaded, not yet shipped
    events = ship_loads(g, 1)
    assert [e.kind for e in events if e.kind in ("shipped", "revenue")] == ["shipped"]
    assert "its order is 1 of 2 out today" in next(e.text for e in events if e.kind == "shipped")
    events = ship_loads(g, 1)
    assert [e.amount for e in events if e.kind == "revenue"] == [3]
    assert g.state.areas[0].facilities[SHED].orders == {"out": [2, 2]}
    assert finish_one_load(g) == [2]  # beyond the order: still its two
    assert g.revenue[ME] == 9 and invariants.check(g.state) == []


def test_a_load_unloaded_in_the_area_is_not_shipped():
    """L8: a load that leaves its spur for a box of the same Office Area has not left the Area."""
    g = shed(loads=1, order=1)
    finish_one_load(g)
    cars = g.state.areas[0].grid[SHED].cars
    pid = next(c for c in cars if PIECES[c].loaded)
    cars.remove(pid)
    g.state.areas[0].facilities[SHED].red.append(pid)
    events = run_stage(g)
    assert not [e for e in events if e.kind in ("shipped", "revenue")]
    assert g.state.areas[0].facilities[SHED].orders == {"out": [1, 0]}


def test_the_order_pays_by_the_freight_rate():
    """L8: the freight rate stays the unit: at rate 2 a car pays 4 and filling the order 6 more."""
    g = shed(loads=1, order=1, revenue=(1, 2, 0))
    assert finish_one_load(g) == [4]
    assert [e.amount for e in ship_loads(g, 1) if e.kind == "revenue"] == [6]


def test_v4_still_pays_the_days_contract():
    """L6 / L8: the same three loads under v4 pay six, then nothing (v4's saves replay as they were)."""
    b = Position(seed=1, balance="v4")
    b.lay(ME, "produce_shed", SHED)
    b.cars(ME, SHED, ["RE1", "RE2"])
    b.boxes(ME, SHED, green=["RL1", "RL2"])
    g = b.game()
    assert finish_one_load(g) == [6] and finish_one_load(g) == []


def test_orders_turn_up_at_dawn_within_their_sizes_and_lapse_with_the_day():
    """L8: at each dawn every industry turns up an order for each way it works, sized by its
    Laborers (one to three cars at three Laborers, one or two at two), announced as an event; the
    next dawn replaces it, whatever was worked."""
    b = Position(seed=5, balance="v5")
    b.lay(ME, "produce_shed", SHED)  # two Laborers, outbound
    b.lay(ME, "oil_refinery", (-1, -1), turned=True)  # three Laborers, both ways
    b.state.stage = 12
    g = b.game()
    assert all(not f.orders for xy, f in g.state.areas[0].facilities.items())
    seen = {}
    for day in (2, 3, 4):
        events = []
        while g.day < day:
            events += run_stage(g)
        assert sum(e.kind == "car_order" for e in events) == 2  # one event an industry
        facs = g.state.areas[0].facilities
        assert set(facs[SHED].orders) == {"out"} and set(facs[(-1, -1)].orders) == {"out", "in"}
        assert facs[SHED].orders["out"][0] in set(ORDER_SIZES[2])
        assert all(facs[(-1, -1)].orders[w][0] in set(ORDER_SIZES[3]) for w in ("out", "in"))
        assert all(done == 0 for f in (facs[SHED], facs[(-1, -1)]) for _, done in f.orders.values())
        seen[day] = (facs[SHED].orders["out"][0], facs[(-1, -1)].orders["out"][0], facs[(-1, -1)].orders["in"][0])
        g.state.areas[0].facilities[SHED].orders["out"][1] = 1  # worked today: tomorrow starts afresh
        g.state.stage = 12
    assert len(set(seen.values())) > 1  # the orders are rolled, not fixed


def test_an_industry_built_today_turns_up_its_order_at_once():
    """L8: an industry played during the Day turns up its order for the rest of that Day, and says so."""
    b = Position(seed=3, balance="v5")
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "runaround", (0, 1))
    b.hand(ME, ["Grocer1"])
    g = b.game()
    g.apply("draw home")
    events = g.apply("play Grocer1 at 1,1")
    orders = [e for e in events if e.kind == "car_order"]
    assert len(orders) == 1 and "Grocer's Warehouse" in orders[0].text and "today" in orders[0].text
    assert set(g.state.areas[0].facilities[(1, 1)].orders) == {"out", "in"}


def test_v4_industries_turn_up_no_orders():
    """L8: editions before v5 have no car orders."""
    g = random_play(sm.new_game(seed=4, balance="v4"), 4, steps=400)
    assert all(not f.orders for a in g.state.areas for f in a.facilities.values())


def test_a_freight_trains_make_up_brings_the_cars_the_open_orders_ask_for_first():
    """L8 (waybills): an automatic make-up first takes, for each open order way along the train's
    way, a car that fills it — an empty for a load to ship, a loaded car for an unload — then
    draws the rest at random."""
    b = Position(seed=2, balance="v5")
    b.lay(ME, "power_plant", SHED)  # inbound hoppers
    b.lay(ME, "produce_shed", (-1, -1), turned=True)  # outbound reefers
    b.state.areas[0].facilities[SHED].orders = {"in": [2, 0]}
    b.state.areas[0].facilities[(-1, -1)].orders = {"out": [1, 1]}  # already filled: asks for nothing
    card = b.schedule(11, 1)  # a Way Freight: any cars
    g = b.game()
    run_stage(g)
    t = next(t for t in g.state.trains.values() if t.card == card)
    first = PIECES[t.behind[0]]
    assert (first.kind, first.loaded) == ("hopper", True)
    assert invariants.check(g.state) == []


def test_waybills_serve_the_offices_in_the_order_the_train_reaches_them_and_respect_the_room():
    """L8: an eastbound train serves the western Office first, a westbound the eastern; no more cars
    than the room it has."""
    b = Position(players=["Ann", "Bob"], mode="competitive", seed=1, balance="v5")
    west, east = (next(p.name for p in b.state.players if p.seat == k) for k in (0, 1))
    b.lay(west, "power_plant", SHED)  # the western Office wants a loaded hopper in
    b.lay(east, "mine_tipple", SHED)  # the eastern an empty hopper to load
    b.state.areas[0].facilities[SHED].orders = {"in": [1, 0]}
    b.state.areas[1].facilities[SHED].orders = {"out": [1, 0]}
    hoppers = {("hopper", True), ("hopper", False)}

    def cars(direction, room):
        train = SimpleNamespace(direction=direction)
        return [(PIECES[c].kind, PIECES[c].loaded) for c in waybill_cars(b.state, train, hoppers, room)]

    assert cars("east", 1) == [("hopper", True)]
    assert cars("west", 1) == [("hopper", False)]
    assert cars("west", 4) == [("hopper", False), ("hopper", True)]
    assert cars("east", 4) == [("hopper", True), ("hopper", False)]
    assert cars("east", 0) == []


def test_v5_freight_agent_serves_the_whole_office_in_one_action():
    """A3: under v5 'agent stock' fills every free green box of the facility it can and clears its
    red boxes too; 'agent clear' empties every red box there. v4 works one box an action."""
    b = Position(seed=1, balance="v5")
    b.boxes(ME, (0, 0), red=["CL1", "CL2"])
    g = b.game()
    events = g.apply("agent stock 0,0")
    fac = g.state.areas[0].facilities[(0, 0)]
    assert (len(fac.green), len(fac.red)) == (2, 0)
    assert any("stocks 2 loaded coaches in 2 green boxes and clears 2 red boxes" in e.text for e in events)
    assert invariants.check(g.state) == []

    b = Position(seed=1, balance="v5")
    b.boxes(ME, (0, 0), green=["CL3", "CL4"], red=["CL1", "CL2"])  # nothing to stock: clearing alone
    g = b.game()
    g.apply("agent clear 0,0")
    assert g.state.areas[0].facilities[(0, 0)].red == []

    b = Position(seed=1, balance="v4")
    b.office(ME, "depot")
    b.boxes(ME, (0, 0), red=["CL1", "CL2"])
    g = b.game()
    g.apply("agent stock 0,0")
    fac = g.state.areas[0].facilities[(0, 0)]
    assert (len(fac.green), len(fac.red)) == (1, 2)


def test_v5_freight_agent_stocks_an_industry_once_for_each_unclaimed_empty():
    """A3: at an industry each load stocked still needs an unclaimed empty spotted ([A1])."""
    b = Position(seed=1, balance="v5")
    b.lay(ME, "mine_tipple", SHED)  # three green boxes
    b.cars(ME, SHED, ["HE1", "HE2"])
    g = b.game()
    events = g.apply("agent stock 1,-1")
    assert len(g.state.areas[0].facilities[SHED].green) == 2
    assert any("2 loaded hoppers in 2 green boxes" in e.text for e in events)


@pytest.mark.parametrize("deck, players", [("classic", 1), ("classic", 4), ("classic", 6), ("full", 3)])
def test_v5_every_office_opens_as_a_depot(deck, players):
    """U5: under v5 every Office opens as a Depot taken from the Home Office deck (its Whistle Post
    back in the supply); the classic deck's four Depots get one more card for each seat beyond;
    no Department is seeded with a Depot. Under v4 they open as Whistle Posts."""
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    mode = "solitaire" if players == 1 else "competitive"
    g = sm.new_game(players=names, mode=mode, deck=deck, seed=7, balance="v5")
    s = g.state
    assert all(s.deck[a.grid[(0, 0)].card] == "depot" and (0, 0) in a.facilities for a in s.areas)
    assert len({a.grid[(0, 0)].card for a in s.areas}) == players
    assert sorted(s.supply) == sorted(f"WhistlePost{i + 1}" for i in range(players))
    assert invariants.check(s) == []
    v4 = sm.new_game(players=names, mode=mode, deck=deck, seed=7, balance="v4")
    assert all(a.grid[(0, 0)].card.startswith("WhistlePost") for a in v4.state.areas)
    random_play(g, 7, steps=300)
    assert invariants.check(g.state) == []


def test_a_v5_game_saves_and_replays_exactly():
    """L8, A3, U5: a v5 game (orders rolled, whole-facility Agents, Depot Offices) replays from its save."""
    g = random_play(sm.new_game(seed=11, balance="v5"), 11, steps=700)
    h = sm.loads(g.dumps())
    assert h.config.balance == "v5" and h.state == g.state


@pytest.mark.parametrize("players", [1, 3])
def test_v5_passengers_wait_at_every_office_at_dawn(players):
    """L9: under v5 each Office's free green boxes fill with loaded coaches from the Division Yard
    at dawn (the deal's first dawn too, and again each Day); v4 leaves them to the Freight Agent."""
    names = ["Ann", "Bo", "Cy"][:players]
    mode = "solitaire" if players == 1 else "coop"
    g = sm.new_game(seed=2, balance="v5", players=names, mode=mode)
    for area in g.state.areas:
        fac = area.facilities[(0, 0)]
        assert len(fac.green) == 2 and all(PIECES[c].kind == "coach" and PIECES[c].loaded for c in fac.green)
    assert sum(e.kind == "agent" and "Dawn" in e.text for e in g.events) == players
    built = Position(seed=2, balance="v5")
    built.boxes(ME, (0, 0))  # a built position's boxes are its own
    assert built.state.areas[0].facilities[(0, 0)].green == []
    g4 = sm.new_game(seed=2, balance="v4", players=names, mode=mode)
    assert all(not area.facilities.get((0, 0)) or not area.facilities[(0, 0)].green for area in g4.state.areas)
    assert invariants.check(g.state) == []

