"""The planner bot: legal, deterministic, sensible play in every mode, with reasons in words."""

import statistics

import pytest

import stationmaster as sm
from stationmaster.bots import Decision, available, make, play_turns
from stationmaster.bots.planner import PlannerBot, View, clearance_risk
from stationmaster.builder import Position


def _play(game, bot, limit=5000):
    decisions = []
    while not game.is_over and len(decisions) < limit:
        legal = game.legal_intents()
        d = bot.decide(game)
        assert isinstance(d, Decision) and d.intent in legal, (str(d), game.describe())
        assert d.reason and "\n" not in d.reason
        game.apply(d.intent)
        decisions.append(d)
    return decisions


def grocers_spur(**options):
    """Seed 3's solitaire with a Depot Office, straights either side, a run-around above it and the
    Grocer's Warehouse at its east end (1,1): a spur the planner can spot cars on."""
    b = Position(seed=3, **options)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.lay("Player", "grocers_warehouse", (1, 1))
    b.office("Player", "depot")
    return b


def test_planner_is_registered():
    assert "planner" in available()
    assert isinstance(make("planner", seed=2), PlannerBot)


@pytest.mark.parametrize("length", ["short", "standard"])
def test_planner_plays_whole_solitaire_games_legally(length):
    g = sm.new_game(seed=11, length=length)
    _play(g, make("planner", 11))
    assert g.is_over


@pytest.mark.parametrize("mode,players", [("competitive", ["Ann", "Bo"]), ("competitive", ["Ann", "Bo", "Cy"]),
                                          ("competitive", ["Ann", "Bo", "Cy", "Di"]), ("coop", ["Ann", "Bo", "Cy"])])
def test_planner_plays_every_seat_of_multiplayer_games(mode, players):
    g = sm.new_game(seed=5, players=players, mode=mode, length="short", optional_rules=("emergency_toolbox",),
                    bots={p: "planner" for p in players})
    done = play_turns(g)
    assert g.is_over and {p for p, _ in done} == set(players)


def test_planner_with_every_optional_rule():
    g = sm.new_game(seed=3, players=["Ann", "Bo"], mode="coop", length="short",
                    optional_rules=("reduced_visibility", "emergency_toolbox", "employee_rotation", "manual_makeup"),
                    starting_hand="six", bots={"Ann": "planner", "Bo": "planner"})
    play_turns(g)
    assert g.is_over


def test_planner_is_deterministic_and_decides_from_the_game_not_the_path():
    a, b = sm.new_game(seed=4, length="short"), sm.new_game(seed=4, length="short")
    da = _play(a, make("planner", 1))
    db = _play(b, make("planner", 1))
    assert [str(d) for d in da] == [str(d) for d in db]
    # after an undo, a fresh planner decides as before
    g = sm.new_game(seed=4, length="short")
    bot = make("planner", 1)
    for d in da[:80]:
        g.apply(d.intent)
    again = make("planner", 1).decide(g)
    assert again == bot.decide(g) == da[80]


def test_planner_beats_random_on_mean_revenue():
    """A small seeded ordering check: steady play earns more than random play."""
    planner, rand = [], []
    for seed in range(3):
        g = sm.new_game(seed=seed, length="short", yard_refill="day_end")
        _play(g, make("planner", seed))
        planner.append(g.revenue["Player"])
        h = sm.new_game(seed=seed, length="short", yard_refill="day_end")
        _play(h, make("random", seed))
        rand.append(h.revenue["Player"])
    assert statistics.mean(planner) > statistics.mean(rand) + 3


@pytest.mark.breaks_invariants  # the hand is set by hand: the deck no longer adds up
def test_planner_upgrades_the_office_first():
    """The Office opens as a Depot ([U5]): the Station in hand goes on it before anything else."""
    g = sm.new_game(seed=1)
    g.apply("draw home")
    assert g.state.areas[0].office.card.startswith("Depot")
    g.state.players[0].hand = ["Station1", "Straight1", "T5", "Tipple1"]
    d = make("planner").decide(g)
    assert str(d.intent) == "play Station1" and "Station" in d.reason


def test_planner_boards_and_detrains_what_it_can():
    b = Position(seed=1)
    b.office("Player", "station")
    b.boxes("Player", (0, 0), green=["CL1"])
    b.train(1, player="Player", at=(0, 0), behind=["CE1", "CL2"], arrived_earlier=False)
    g = b.game()
    g.apply("agent pass")
    bot = make("planner")
    seen = []
    while g.phase == "load_unload" and g.actor == "Player":
        d = bot.decide(g)
        seen.append(str(d.intent))
        g.apply(d.intent)
    assert {"board 1", "detrain 1"} <= set(seen)


def test_planner_stocks_for_a_spotted_empty():
    b = grocers_spur()
    b.cars("Player", (1, 1), ["boxcar"])
    g = b.game()
    d = make("planner").decide(g)
    assert str(d.intent) == "agent stock 1,1" and "Grocer" in d.reason


@pytest.mark.breaks_invariants  # trains put on the Division by hand, with no cards on the timetable
def test_planner_holds_a_follower_right_behind_its_leader():
    """A clearance that could end in a rear-end collision is held, and the reason says why."""
    g = sm.new_game(seed=2)
    s = g.state
    from stationmaster.state import Train
    s.trains[1] = Train(tray=1, card="T3", number=3, extra=False, direction="west", where="mainline", pos=(1, 1))
    s.trains[2] = Train(tray=2, card="T1", number=1, extra=False, direction="west", where="division_point",
                        pos="east")
    assert clearance_risk(s, s.trains[2]) is not None
    s.trains[1].pos = (0, 0)
    assert clearance_risk(s, s.trains[2]) is None


def test_planner_spots_cars_at_its_industry_and_brings_the_train_back():
    """A train at the Office with a loaded boxcar for the Grocer's Warehouse: the planner switches,
    sets it out on the spur, and the train is back on the A/D track, made up to leave."""
    b = grocers_spur()
    b.train(11, player="Player", at=(0, 0), behind=["BL1", "K1"])
    g = b.game()
    bot = make("planner")
    d = bot.decide(g)
    assert str(d.intent) == "switch", d
    events = g.apply(d.intent)
    while g.state.turn.option == "switch":
        step = bot.decide(g)
        assert make("planner").decide(g) == step  # mid-plan, a fresh planner decides the same
        events += g.apply(step.intent)
    assert "BL1" in g.state.areas[0].grid[(1, 1)].cars
    assert any(e.kind == "highball" and "11" in e.text for e in events)  # back on the A/D track, made up


def test_view_reachable_follows_the_rail():
    b = Position(seed=3)
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.lay("Player", "grocers_warehouse", (1, 1))
    g = b.game()
    v = View(g)
    assert {(0, 0), (1, 0), (0, 1), (1, 1)} <= v.reachable()


def test_switching_plans_are_tried_on_a_sandbox_that_leaves_the_game_as_it_was(monkeypatch):
    """The planner tries its switching plans on a light copy of the state (``Sandbox``): the
    trains, the switching player's Area and the turn are copied, the rest shared. Planning must
    never write to the game it plans for: the state is the same, byte for byte, after each plan,
    and the plan is the one a whole-game copy would find."""
    import pickle

    import stationmaster as sm
    from stationmaster.bots import make
    from stationmaster.bots.planner import View, plan_switching
    from stationmaster.bots.sandbox import Sandbox

    planned = 0
    for seed in (3, 12):
        g = sm.new_game(seed=seed)
        bot = make("planner", seed=seed)
        while not g.is_over and planned < 12:
            s = g.state
            if s.phase == "local_operations" and s.turn.pending is None and any(
                    t.cars for t in View(g).at_office()):
                before = pickle.dumps(s)
                gain, plan = plan_switching(g)
                assert pickle.dumps(g.state) == before
                with monkeypatch.context() as m:  # the same plan on whole-game copies
                    m.setattr(Sandbox, "of", classmethod(lambda cls, game, seat: game.copy()))
                    assert plan_switching(g) == (gain, plan)
                sandbox = Sandbox.of(g, View(g).seat)
                assert sandbox.state is not s and sandbox.state.trains is not s.trains
                planned += 1
            g.apply(bot.choose(g))
    assert planned >= 6


def test_a_spur_takes_cars_shoved_in_from_a_train_facing_the_way_it_opens():
    """A stub spur open to the west is entered moving east: only a train facing west enters it cars
    first (backing), so only such a train can set cars out on it; turned, the other way."""
    from stationmaster.bots.plays import spotting_facing
    b = Position(seed=3)
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.lay("Player", "grocers_warehouse", (1, 1))
    b.lay("Player", "turnout_left", (0, -1))
    b.lay("Player", "produce_shed", (-1, -1), turned=True)
    v = View(b.game())
    assert spotting_facing(v, (1, 1)) == "west" and spotting_facing(v, (-1, -1)) == "east"


@pytest.mark.parametrize("number, facing", [(5, "west"), (6, "east")])
def test_planner_builds_an_industry_open_to_the_trains_that_carry_its_cars(number, facing):
    """With Train 5 (westbound, boxcars) on the timetable the Grocer's Warehouse goes where a train
    facing west can shove boxcars in; with Train 6 (eastbound), the other way."""
    from stationmaster.bots.plays import facility_spots
    b = Position(seed=3)
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.schedule(number, 4)
    (grocer,) = b.hand("Player", ["grocers_warehouse"])
    v = View(b.game())
    from stationmaster.intents import Play
    legal = [Play(grocer, at, turned) for at in ((1, 1), (-1, 1), (2, 1)) for turned in (False, True)]
    spots = facility_spots(v, grocer, legal)
    assert spots and ("east" if spots[0].turned else "west") == facing


@pytest.mark.parametrize("turned, way", [(False, "west"), (True, "east")])
def test_planner_sends_an_extra_the_way_it_can_spot_cars(turned, way):
    """An Extra's direction is the player's to choose: the planner sends it the way it will face
    at the Office when that lets it shove cars into an industry it has built (here the Grocer's
    Warehouse), and says so."""
    from stationmaster.state import PendingDirection
    b = Position(seed=3)
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.lay("Player", "grocers_warehouse", (-1, 1) if turned else (1, 1), turned=turned)
    b.office("Player", "depot")
    g = b.game()
    extra = next(c for c, key in g.state.deck.items() if key == "extra9")
    d = PlannerBot()._direction(View(g), PendingDirection(0, extra))
    assert d.intent.direction == way and "spot cars" in d.reason


def test_a_planner_that_follows_its_plans_spots_the_same_cars_with_fewer_plans():
    """Search's rollouts use a planner that follows the switching plan it made when it chose to
    switch (``follow_plans``) rather than planning every step afresh: it plays legally and takes
    the steps of that plan."""
    b = grocers_spur()
    b.train(11, player="Player", at=(0, 0), behind=["BL1", "K1"])
    g = b.game()
    bot = PlannerBot(follow_plans=True)
    reasons = []
    assert str(bot.decide(g).intent) == "switch"
    g.apply("switch")
    while g.state.turn.option == "switch":
        d = bot.decide(g)
        reasons.append(d.reason)
        g.apply(d.intent)
    assert "BL1" in g.state.areas[0].grid[(1, 1)].cars
    assert reasons and all(r in ("follows the switching plan", "ends switching: the plan is done") for r in reasons)


def _switch_through(g, bot):
    """Let the planner choose to switch and play its plan out; the events."""
    d = bot.decide(g)
    assert str(d.intent) == "switch", d
    events = g.apply(d.intent)
    while g.state.turn.option == "switch":
        step = bot.decide(g)
        assert make("planner").decide(g) == step  # mid-plan, a fresh planner decides the same
        events += g.apply(step.intent)
    return events


def test_planner_turns_a_car_on_a_run_around_to_spot_it_in_a_spur_it_faced_the_wrong_way_for():
    """v0.2 A.5's facing point: the Grocer's Warehouse opens west, so only a train facing west can
    back a car in; Train 12 faces east. The planner sets the boxcar and caboose out on the
    Run-around, runs the engine round by the Office, couples them on its nose and shoves the
    boxcar into the spur."""
    from stationmaster.bots.plays import spotting_facing
    b = Position(seed=3)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.lay("Player", "grocers_warehouse", (1, 1))
    b.office("Player", "depot")
    b.train(12, player="Player", at=(0, 0), behind=["BL1", "K1"])
    g = b.game()
    assert spotting_facing(View(g), (1, 1)) == "west" and g.state.trains[1].direction == "east"
    events = _switch_through(g, make("planner"))
    assert g.state.areas[0].grid[(1, 1)].cars == ["BL1"] and g.state.areas[0].grid[(0, 1)].cars == []
    assert g.state.trains[1].cars == ["K1"]
    assert any(e.kind == "move" and "coupling 2 cars" in e.text for e in events)  # the cut on its nose
    assert any(e.kind == "highball" and "12" in e.text for e in events)  # back on the A/D track, made up


def test_without_the_deep_patterns_the_wrong_facing_train_spots_nothing():
    """The same position with the deeper search switched off: no plan spots the boxcar (what the
    planner did before it learned to run round)."""
    from stationmaster.bots.planner import plan_switching
    b = Position(seed=3)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.lay("Player", "grocers_warehouse", (1, 1))
    b.office("Player", "depot")
    b.train(12, player="Player", at=(0, 0), behind=["BL1", "K1"])
    g = b.game()
    gain, plan = plan_switching(g, deep=0)
    assert not any(str(i).startswith("setout") for i in plan)
    gain2, plan2 = plan_switching(g)
    assert gain2 > gain and any(str(i).startswith("setout") for i in plan2)


def test_planner_cuts_the_caboose_out_before_spotting_a_car():
    """Train 11 faces west and backs into the west-opening Grocer's Warehouse, its caboose the
    outer car: a plain set-out would leave the caboose on the spur with the boxcar. The planner
    first sets the caboose out off the spur (on the siding below the Office, or the Run-around),
    spots the boxcar alone, and goes back for the caboose."""
    b = Position(seed=3)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "runaround", (0, 1))
    b.lay("Player", "grocers_warehouse", (1, 1))
    b.lay("Player", "turnout_right", (0, -1), turned=True)
    b.lay("Player", "straight", (1, -1))
    b.office("Player", "depot")
    b.train(11, player="Player", at=(0, 0), behind=["BL1", "K1"])
    g = b.game()
    events = _switch_through(g, make("planner"))
    area = g.state.areas[0]
    assert area.grid[(1, 1)].cars == ["BL1"]
    assert g.state.trains[1].cars == ["K1"] and [xy for xy, p in area.grid.items() if p.cars] == [(1, 1)]
    set_outs = [e.text for e in events if e.kind == "set_out"]
    assert len(set_outs) == 2 and "at 1,1" not in set_outs[0] and "at 1,1" in set_outs[1]


@pytest.mark.breaks_invariants  # the hand is set by hand: the deck no longer adds up
def test_a_station_held_without_its_depot_gives_way_to_a_card_of_use_now():
    """At a Whistle Post a Station waits for a Depot: with the Depot in hand it is kept (worth more
    than a facility card), without it the facility card is kept and the Station discarded to a
    Department, where it stays within reach. (A Whistle Post Office: edition v4; from v5 every Office
    opens as a Depot.)"""
    from stationmaster.bots.plays import card_worth
    g = sm.new_game(seed=1, balance="v4")
    g.apply("draw home")
    v = View(g)
    v.player.hand = ["Station1", "Depot1", "Grocer1"]
    with_depot = card_worth(v, "Station1")
    v.player.hand = ["Station1", "Straight1", "Grocer1"]
    alone = card_worth(v, "Station1")
    assert with_depot > alone and alone < card_worth(v, "Grocer1") < with_depot


def test_copies_of_a_card_are_ordered_by_number_not_as_text():
    """Of two copies of an upgrade in hand only the first counts; "first" is by the copy's number
    (Depot2 before Depot10), not by the id's text."""
    from stationmaster.query import card_order
    assert sorted(["T10", "T9", "Depot10", "Depot2"], key=card_order) == ["Depot2", "Depot10", "T9", "T10"]


def two_spurs_on_a_turnout():
    """Seed 19's layout: a Right Turnout above the Office (its diagonal leg drops onto the Office's
    NW port) with the Produce Shed (turned, open east) at its west end and the Grocer's Warehouse
    (open west) at its east end. Moving west, a train runs from the Office into the Produce Shed
    engine first; only from there, moving east, does it reach the Grocer's Warehouse."""
    b = Position(seed=3)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "turnout_right", (0, 1))
    b.lay("Player", "produce_shed", (-1, 1), turned=True)
    b.lay("Player", "grocers_warehouse", (1, 1))
    b.office("Player", "depot")
    return b


def test_planner_spots_a_car_across_a_turnout_by_way_of_the_spur_at_its_other_end():
    """Train 11 faces west with a loaded boxcar for the Grocer's Warehouse: it cannot reach that spur
    in one Move, so it runs engine first into the Produce Shed, backs across the turnout into the
    Grocer's Warehouse, sets the boxcar out, and comes home the same way (two Moves there, two
    back). Each step is planned afresh from where the train stands: part way, on the Produce
    Shed's spur, the planner goes on to the Grocer's Warehouse instead of turning home."""
    b = two_spurs_on_a_turnout()
    b.train(11, player="Player", at=(0, 0), behind=["BL1"])
    g = b.game()
    assert "sets out cars at the Grocer's Warehouse" in make("planner").decide(g).reason
    events = _switch_through(g, make("planner"))
    area = g.state.areas[0]
    assert area.grid[(1, 1)].cars == ["BL1"] and area.grid[(-1, 1)].cars == []
    moves = [e.text for e in events if e.kind == "move"]
    assert [m.split(";")[0] for m in moves] == ["Train 11 moves west to -1,1", "Train 11 moves east to 1,1",
                                                "Train 11 moves west to -1,1", "Train 11 moves east to 0,0"]
    assert any(e.kind == "highball" and "11" in e.text for e in events)


def test_part_way_on_a_spur_the_planner_goes_on_to_the_spur_across_the_turnout():
    """The same position with the train already standing on the Produce Shed's spur (a plan part
    way done, two Moves left): the plan from there backs into the Grocer's Warehouse, not home."""
    from stationmaster.bots.planner import plan_switching
    b = two_spurs_on_a_turnout()
    b.train(11, player="Player", at=(-1, 1), behind=["BL1"])
    g = b.game()
    gain, plan = plan_switching(g)
    assert [str(i) for i in plan[:2]] == ["move 1 east 1,1", "setout 1 rear 1"], plan
    assert gain > 0


def grocers_off_the_office_leg():
    """A Left Turnout turned above the Office (its leg climbs from the Office's NE port) leads to the
    Grocer's Warehouse, open west; straights either side of the Office and no siding to cut cars
    out on."""
    b = Position(seed=3)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "turnout_left", (0, 1), turned=True)
    b.lay("Player", "grocers_warehouse", (1, 1))
    b.office("Player", "depot")
    return b


def test_with_no_siding_the_planner_cuts_the_caboose_out_on_the_running_track_and_comes_back_for_it():
    """Train 11 backs into the Grocer's Warehouse in one Move, but its caboose is the outer car: a
    plain set-out would leave it on the spur. With no siding the planner sets the caboose out on
    the Running Track beside the Office, spots the boxcar alone, and fetches the caboose before its
    Moves run out: nothing is left on the Running Track."""
    b = grocers_off_the_office_leg()
    b.train(11, player="Player", at=(0, 0), behind=["BL1", "K1"])
    g = b.game()
    events = _switch_through(g, make("planner"))
    area = g.state.areas[0]
    assert area.grid[(1, 1)].cars == ["BL1"]
    assert g.state.trains[1].cars == ["K1"]
    assert all(not p.cars for xy, p in area.grid.items() if xy[1] == 0)
    assert any(e.kind == "set_out" and "at 1,0" in e.text for e in events)
    assert any(e.kind == "highball" and "11" in e.text for e in events)  # back on the A/D track, made up


def test_a_train_back_at_the_office_fetches_the_cut_it_left_on_the_running_track():
    """Part way through that plan (the boxcar spotted, the train back on the A/D track, its caboose
    still on the Running Track at 1,0): the plan from there goes for the caboose and comes back."""
    from stationmaster.bots.planner import plan_switching
    b = grocers_off_the_office_leg()
    b.train(11, player="Player", at=(0, 0), behind=[])
    b.cars("Player", (1, 0), ["K1"])
    b.cars("Player", (1, 1), ["BL1"])
    g = b.game()
    gain, plan = plan_switching(g)
    assert [str(i) for i in plan] == ["move 1 east 1,0", "move 1 west 0,0"] and gain > 4


@pytest.mark.parametrize("balance, first", [("v4", "place loaded boxcar"), ("v1", "place loaded coach")])
def test_an_extras_make_up_puts_a_car_for_an_industry_it_can_spot_ahead_of_the_coaches(balance, first):
    """When a Day's freight pays more than a coach ([L6]), the first car for an industry the Extra can
    spot goes on before the coaches (the Grocer's Warehouse at 1,1 unloads and loads boxcars shoved in
    from a train facing west): a loaded one, then an empty one; with both aboard, a coach comes next. Under v1, where a load pays a coach's 1,
    the coaches the Depot wants come first, as before."""
    from stationmaster.intents import Place
    from stationmaster.state import PendingMakeup
    b = grocers_spur(balance=balance)
    t = b.train(9, extra=True, division_point="east", direction="west")
    g = b.game()
    legal = [Place("coach", True), Place("coach", False), Place("boxcar", False), Place("boxcar", True)]
    pend = PendingMakeup(0, t.tray, (0,), extra=True)
    assert str(PlannerBot()._makeup(View(g), legal, pend).intent) == first
    if balance == "v4":
        t.behind.append(b.take_piece("boxcar", loaded=True))
        assert str(PlannerBot()._makeup(View(g), legal, pend).intent) == "place empty boxcar"
        t.behind.append(b.take_piece("boxcar"))
        assert "coach" in str(PlannerBot()._makeup(View(g), legal, pend).intent)


def test_a_freight_train_for_an_industry_in_hand_is_kept_like_one_for_a_built_industry():
    """Before its industry is built a freight train is still worth keeping when the industry's card is
    in hand (Train 5 carries reefers for a Produce Shed), not when nothing in hand or on the ground
    takes its cars (an Oil Refinery wants tank cars)."""
    from stationmaster.bots.plays import card_worth

    def worth(industry):
        b = Position(seed=1)
        train5, _, factory = b.hand("Player", ["train5", "straight", industry])
        v = View(b.game())
        assert not v.industries(False)
        return card_worth(v, train5), card_worth(v, factory)
    for_a_shed, shed = worth("produce_shed")
    for_nothing, refinery = worth("oil_refinery")
    assert for_a_shed > for_nothing and for_nothing < refinery and for_a_shed >= shed - 1


@pytest.mark.parametrize("leaver, overflow", [(12, 1), (1, 0)])
def test_a_departing_train_junior_to_an_arrival_still_holds_its_ad_track_when_it_arrives(leaver, overflow):
    """Trains move in seniority order ([M1]): at a Depot (two A/D tracks) holding a train that cannot
    leave (its engine between cars, [M5]) and one made up to leave, an arriving Train 2 finds the Office
    full if the leaver is junior to it (Train 12 leaves after Train 2 arrives: a collision to prevent),
    and room if the leaver is senior (Train 1 is gone first)."""
    b = Position(seed=3)
    b.office("Player", "depot")
    b.train(11, player="Player", at=(0, 0), direction="east", ahead=("coach",), behind=("coach",))
    b.train(leaver, player="Player", at=(0, 0), direction="east")
    b.train(2, mainline=(0, 1), direction="east")
    v = View(b.game())
    assert [t.number for t in v.arriving(1)] == [2] and len(v.staying()) == 1
    assert v.overflow() == overflow


def test_with_the_office_about_to_overflow_the_planner_parks_a_train_on_an_industrys_spur():
    """A Depot's two A/D tracks hold Train 11, which cannot leave (its engine between cars, [M5]), and
    Train 12, made up to leave but junior to Train 2, due in this Mainline phase ([M1]): Train 2 would
    find the Office full. The only track off the Running Track is the Grocer's Warehouse's spur (the
    turnout above the Office is no place to stand), so the planner parks a train there rather than
    take the collision."""
    b = grocers_off_the_office_leg()
    b.train(11, player="Player", at=(0, 0), direction="east", ahead=("coach",), behind=("coach",))
    b.train(12, player="Player", at=(0, 0), direction="east")
    b.train(2, mainline=(0, 1), direction="east")
    g = b.game()
    assert View(g).overflow() == 1
    _switch_through(g, make("planner"))
    trains = g.state.trains.values()
    assert [t.number for t in trains if t.where == "area" and t.pos == (1, 1)]
    assert View(g).overflow() == 0


@pytest.mark.parametrize("siding, reach", [("on", 3), ("off", 2)])
def test_the_planner_lengthens_its_running_track_to_two_cards_beyond_the_offices_opening(siding, reach):
    """The planner counts a longer Running Track as room for later out to two cards beyond the line its
    Office opened with: three cards each side under [U6]'s starter siding (a Straight already laid
    each side), two on a bare line. With the line already two cards out each side, a Straight at 3,0
    is worth laying under the siding and not without it."""
    from stationmaster.bots.plays import running_track_reach, track_spots

    b = Position(seed=3, house_rules={"starter_siding": siding})
    card = b.hand("Player", ["straight"])[0]
    line = {-2: "straight", 2: "straight"} if siding == "on" else {
        -2: "turnout_left", -1: "straight", 1: "straight", 2: "turnout_left"}  # (the deck's five Straights)
    for x, key in line.items():
        b.lay("Player", key, (x, 0))
    g = b.game()
    g.apply(next(i for i in g.legal_intents() if str(i) == "draw home"))  # then a card may be played
    v = View(g)
    assert running_track_reach(v) == reach
    gains = {it.at: gain for gain, it in track_spots(v, card, g.legal_intents())}
    assert (3, 0) in gains and (-3, 0) in gains
    assert (gains[(3, 0)] > 0) == (siding == "on"), gains
