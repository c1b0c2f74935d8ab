"""The switching search (bots/switchsearch.py) and the expert that switches by it."""

from __future__ import annotations

import stationmaster as sm
from stationmaster.bots.base import make
from stationmaster.bots.planner import PlannerBot, plan_switching
from stationmaster.bots.sandbox import area_value
from stationmaster.bots.switchsearch import search_switching
from stationmaster.bots.view import View
from stationmaster.flow import Phase
from stationmaster.intents import Switch


def first_turn_the_patterns_miss(seeds=range(1, 9), balance: str = "v5"):
    """The planner's game of the first of ``seeds`` that gets there, up to the first Local Operations
    choice where switching is offered, the patterns find no plan and the search finds one:
    (game, (gain, plan)). (Found, not pinned: a change of the planner's worth moves the position.)"""
    for seed in seeds:
        g = sm.new_game(seed=seed, balance=balance)
        bot = PlannerBot(seed, search_width=0)  # the patterns alone: the positions they leave
        while not g.is_over:
            s = g.state
            if s.phase == Phase.LOCAL_OPERATIONS and s.turn.option is None and s.turn.pending is None \
                    and Switch() in g.legal and not plan_switching(g)[1]:
                found = search_switching(g)
                if found[1]:
                    return g, found
            g.apply(bot.decide(g).intent)
    raise AssertionError(f"seeds {seeds}: no position where the search finds more than the patterns")


def test_the_search_finds_a_turn_the_patterns_miss_and_the_engine_plays_it_as_found():
    """L8: where the planner's patterns find no switching turn worth making, the search finds one:
    every step of it is legal in the real game, it ends with the player's turn, and it leaves the
    Office Area worth what the search said (its gain, plus a hundredth a step)."""
    g, (gain, plan) = first_turn_the_patterns_miss()
    before = area_value(View(g))
    h = g.copy()
    h.apply(Switch())
    for it in plan:
        assert h.why_not(it) is None, (it, h.why_not(it))
        h.apply(it)
    assert gain > 0
    assert abs(area_value(View(h)) - before - gain - 0.01 * len(plan)) < 1e-6


def test_the_planner_searches_under_car_orders_and_keeps_its_patterns_before():
    """L8: under v5 the planner switches where its patterns miss (its search, width 16); with
    ``search_width=0`` it keeps the patterns alone, as it plays editions before v5."""
    g, (gain, plan) = first_turn_the_patterns_miss()
    assert PlannerBot(1).width(g) == 16 and PlannerBot(1).decide(g).intent == Switch()
    assert not isinstance(PlannerBot(1, search_width=0).decide(g).intent, Switch)
    assert PlannerBot(1).width(sm.new_game(seed=1, balance="v4")) == 0


def test_the_expert_is_registered_and_is_the_planner_with_a_wide_search():
    """The expert is a bot of its own name whose switching search is wider than the planner's."""
    expert = make("expert", seed=3)
    assert expert.name == "expert" and isinstance(expert, PlannerBot)
    for balance in ("v4", "v5"):
        g = sm.new_game(seed=3, balance=balance)
        assert expert.width(g) >= 3 * max(1, PlannerBot(3).width(g))


def test_the_hint_to_switch_says_what_the_days_order_still_wants():
    """L8: when the planner (the Hint) switches cars to an industry with an open order, its reason
    says what the order still wants, in the board's words."""
    for seed in (1, 2, 3, 4):
        g = sm.new_game(seed=seed, balance="v5")
        bot = PlannerBot(seed)
        while not g.is_over:
            d = bot.decide(g)
            if isinstance(d.intent, Switch) and "order for today wants" in d.reason:
                assert "more load" in d.reason and ("out" in d.reason or "in" in d.reason)
                return
            g.apply(d.intent)
    raise AssertionError("no switching hint spoke of an order in four games")


def test_the_planner_pulls_the_loads_an_open_order_out_wants_shipped():
    """L8: an order out fills as its loads leave the Office Area, so with two loads loaded at the
    Produce Shed standing on its spur and the order for two open, the planner (the Hint) switches
    to pull them onto its train at the Office, and says so; the train leaves with them and the
    order is filled."""
    from stationmaster.builder import Position
    from stationmaster.lessons import put_train
    me, shed = "Player", (1, -1)
    b = Position(seed=1, balance="v5")
    b.lay(me, "straight", (-1, 0))
    b.lay(me, "straight", (1, 0))
    b.lay(me, "runaround", (0, -1), turned=True)
    b.lay(me, "produce_shed", shed)
    b.state.areas[0].facilities[shed].loaded_here.extend(b.cars(me, shed, ["RL1", "RL2"]))
    b.order(me, shed, out=2)
    put_train(b, 12, player=me, at=(0, 0), behind=["K1"])
    g = b.game()
    d = PlannerBot(1).decide(g)
    assert d.intent == Switch() and "pulls 2 reefer loads from the Produce Shed to ship them" in d.reason
    g.apply(d.intent)
    bot, stage, events = PlannerBot(1), g.state.stage, []
    while g.state.stage == stage:  # the turn, then the train departs with the loads
        events += g.apply(bot.decide(g).intent)
    train = next(t for t in g.state.trains.values() if t.label == "12")
    assert {"RL1", "RL2"} <= set(train.cars) and train.where != "area"
    assert g.state.areas[0].facilities[shed].orders["out"] == [2, 2]
    assert any(e.kind == "revenue" and "filling its order" in e.text for e in events)


def test_cars_set_out_between_a_train_and_its_spurs_mouth_are_not_spotted():
    """L3, S4: a train standing on a stub spur leaves it one way only and couples again every car it
    set out on that side: such cars are the train's, not spotted ones. The planner's worth of the Area
    counts them so (on seed 1011 of v6 it had shoved its tank cars and caboose onto a Refinery spur
    engine first and stood there from Day 2 to the end, the Refinery working nothing)."""
    from stationmaster.bots.sandbox import _taken_along
    from stationmaster.builder import Position

    def spur(split_west: bool):
        b = Position(seed=1, house_rules={"starter_siding": "on"})
        b.office("Player", "depot")
        b.lay("Player", "oil_refinery", (-1, -1), turned=True)  # a stub open to the east
        t = b.train(9, player="Player", at=(-1, -1), direction="west")
        b.cars("Player", (-1, -1), ["TE1", "TE2"])
        if split_west:  # the cars deeper in the stub than the train: it can leave them there
            t.split = 2
        return b.game()

    trapped, spotted = spur(False), spur(True)
    t = next(iter(trapped.state.trains.values()))
    assert _taken_along(View(trapped), t) == ["TE1", "TE2"]
    assert _taken_along(View(spotted), next(iter(spotted.state.trains.values()))) == []
    assert area_value(View(trapped)) < area_value(View(spotted)) - 1.0
    assert trapped.why_not("switch") is None
    h = trapped.copy()
    h.apply("switch")
    east = [i for i in h.legal_intents() if str(i).startswith(f"move {t.tray} east")]
    assert east
    h.apply(east[0])  # leaving, the train takes them along: what the worth said
    assert h.state.trains[t.tray].cars and not h.state.areas[0].grid[(-1, -1)].cars


def test_the_search_moves_along_the_rail_it_walked_and_never_writes_the_game():
    """The switching search walks each position's rail once and moves its trials along the paths it
    found (``local_ops.apply_move``): every such Move leaves the same position as the engine's own
    apply, and a whole search leaves the real game exactly as it was."""
    import copy

    from stationmaster.bots.sandbox import Sandbox, _reach, try_step
    from stationmaster.intents import Move

    g, _ = first_turn_the_patterns_miss()
    before = copy.deepcopy(g.state)
    search_switching(g, width=8, depth=6)
    plan_switching(g)
    assert g.state == before
    start = Sandbox.of(g, View(g).seat)
    start.apply(Switch())
    tried = 0
    for t in View(g).switchable():
        for d in ("east", "west"):
            for xy, path in _reach(start, start.seat, t.tray, d).items():
                h = try_step(start, Move(t.tray, d, xy))
                engine = g.copy()
                engine.apply(Switch())
                if engine.why_not(Move(t.tray, d, xy)) is not None:
                    assert h is None
                    continue
                engine.apply(Move(t.tray, d, xy))
                if h is not None:
                    tried += 1
                    assert h.state.trains == engine.state.trains and h.state.turn == engine.state.turn
                    assert h.state.areas[start.seat] == engine.state.areas[start.seat]
    assert tried >= 2
