"""Local track of the full Home deck (rulings K1-K5): 45° curves, the Small Yard's sort, the Flying
Switch's flying switch and the Interchange's exchange, by the engine and by clicks on the board."""

import random
from itertools import permutations

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS, CardSpec, catalog, register
from stationmaster.cards.base import RULES
from stationmaster.cards.kinds import TrainRules
from stationmaster.intents import Exchange, Fly, Move, Play, Sort
from stationmaster.invariants import check
from stationmaster.track import Geometry
from stationmaster.view.scene import build_scene
from stationmaster.view.svg import to_svg
from stationmaster.widgets.controller import Controller

from positions import ME, cars_at, settled

LOCAL = {"curve_left": 6, "curve_right": 6, "small_yard": 5, "flying_switch": 5, "interchange": 4}


def yard_work(g, cls):
    return [it for it in g.legal_intents() if isinstance(it, cls)]


# --------------------------------------------------------------------------- positions


def on_small_yard(cars=("BE1", "K1", "BL1"), number=5, **kw):
    """Train 5 (westbound) standing on a Small Yard at 1,0 with these cars behind its engine."""
    b = Position(seed=3, deck="full", **kw)
    b.lay(ME, "small_yard", (1, 0))
    b.train(number, player=ME, at=(1, 0), behind=list(cars))
    return b


def flying_layout(b, who=ME):
    """A Flying Switch at 1,0 whose leg climbs by a turned Left Curve at 1,1 to a Mine Tipple at 2,1."""
    b.lay(who, "flying_switch", (1, 0))
    b.lay(who, "straight", (2, 0))
    b.lay(who, "curve_left", (1, 1), turned=True)
    b.lay(who, "mine_tipple", (2, 1))


def on_flying_switch(cars=("HE1", "HE2", "K1"), number=6):
    b = Position(seed=3, deck="full")
    flying_layout(b)
    b.train(number, player=ME, at=(1, 0), behind=list(cars))
    return b


def interchange_layout(b, who=ME, below=False):
    """An Interchange at 1,1 reached from the Office's NE stub by a turned Left Curve at 0,1 (``below``:
    at 1,-1 from its SE stub by a turned Right Curve at 0,-1)."""
    if below:
        b.lay(who, "curve_right", (0, -1), turned=True)
        b.lay(who, "interchange", (1, -1))
    else:
        b.lay(who, "curve_left", (0, 1), turned=True)
        b.lay(who, "interchange", (1, 1))


def at_interchange(waiting=("BL1", "BL2", "CL1"), cars=("HE1", "HE2", "K1"), at=(1, 1)):
    b = Position(seed=3, deck="full")
    interchange_layout(b)
    if waiting:
        b.cars(ME, (1, 1), list(waiting))
    b.train(6, player=ME, at=at, behind=list(cars))
    return b


# --------------------------------------------------------------------------- test-only train cards


class NoSwitching(TrainRules):
    def switch_problem(self, s, train):
        return "a no-switching train cannot be switched locally"


class NoPickup(TrainRules):
    def pickup_problem(self, s, train, xy, cars):
        return "this train cannot pick up cars"


class KeepsCaboose(TrainRules):
    def setout_problem(self, s, train, cars):
        return "this train cannot set out its caboose" if any(c.startswith("K") for c in cars) else None


@pytest.fixture
def train_rules(monkeypatch):
    """Give a train a test-only train card whose rules class restricts its switching."""
    def give(game, tray, cls):
        key = f"k_test_{cls.__name__.lower()}"
        monkeypatch.setitem(RULES, key, cls)
        register(key)(cls)
        base = CARD_SPECS["train5"]
        spec = CardSpec(key, "train", "Test Train", "A train card of the tests.", number=base.number,
                        direction=base.direction, consist=base.consist, max_cars=base.max_cars, caboose=True,
                        train_class=base.train_class, speed=base.speed, rules=key)
        monkeypatch.setitem(CARD_SPECS, key, spec)
        monkeypatch.setitem(game.state.deck, game.state.trains[tray].card, key)
    return give


# --------------------------------------------------------------------------- the deck


def test_the_full_deck_holds_the_26_local_track_cards():
    """K1: the full Home Office deck deals 6 Left and 6 Right Curves, 5 Small Yards, 5 Flying Switches
    and 4 Interchanges; the classic deck none."""
    full, classic = catalog("full"), catalog("classic")
    assert {k: full[k].count for k in LOCAL} == LOCAL and sum(LOCAL.values()) == 26
    assert not any(k in classic for k in LOCAL)
    g = sm.new_game(seed=1, deck="full", balance="v1")  # the whole deck; a small table deals fewer ([U3])
    dealt = [c for c, k in g.state.deck.items() if k in LOCAL]
    assert len(dealt) == 26 and {"CurveL1", "CurveR6", "SmallYard5", "Flying5", "Interchange4"} <= set(dealt)


# --------------------------------------------------------------------------- K1 curves


def test_curves_are_45_degree_plain_rail():
    """K1, G4: a Left Curve joins W to NE, a Right Curve W to SE; turned, E to SW and E to NW; both are
    Operational Rail with no through route."""
    left, right = CARD_SPECS["curve_left"], CARD_SPECS["curve_right"]
    assert left.geometry == Geometry.of([("W", "NE")]) and right.geometry == Geometry.of([("W", "SE")])
    assert left.geometry.rotated() == Geometry.of([("SW", "E")])
    assert right.geometry.rotated() == Geometry.of([("NW", "E")])
    assert left.operational and right.operational
    assert not left.geometry.through and not right.geometry.through


def test_a_curve_never_goes_on_the_running_track():
    """K1, G6: a curve lacks the east-west through route, so it cannot grow the Running Track."""
    b = Position(seed=3, deck="full")
    card = b.hand(ME, ["curve_left"])[0]
    g = b.game()
    g.apply("draw home")
    assert "cannot go on the Running Track" in g.why_not(f"play {card} at 1,0")
    assert "cannot go on the Running Track" in g.why_not(f"play {card} at -1,0 turned")
    assert not any(it.at[1] == 0 for it in g.legal_intents() if isinstance(it, Play) and it.card == card)


def test_a_curve_joins_a_branch_to_the_office_and_a_train_may_stop_on_it():
    """K1, G7, S2: a Left Curve laid turned above the Office meets its NE stub; a train moves onto it
    and stops there (Operational Rail)."""
    b = Position(seed=3, deck="full")
    card = b.hand(ME, ["curve_left"])[0]
    b.train(6, player=ME, at=(0, 0), behind=["HE1"])
    g = b.game()
    g.apply("draw home")
    assert Play(card, (0, 1), True) in g.legal_intents()
    assert "would not connect" in g.why_not(f"play {card} at 0,1")  # as printed its W end meets nothing
    g.apply(f"play {card} at 0,1 turned")
    assert g.state.areas[0].grid[(0, 1)].rotated
    b = Position(seed=3, deck="full")
    b.lay(ME, "curve_left", (0, 1), turned=True)
    b.train(6, player=ME, at=(0, 0), behind=["HE1"])
    g = b.game()
    g.apply("switch")
    assert Move(1, "east", (0, 1)) in g.legal_intents()
    g.apply("move 1 east 0,1")
    g.apply("setout 1 rear 1")
    assert g.state.trains[1].pos == (0, 1) and cars_at(g, (0, 1)) == ["HE1"]
    settled(g)


# --------------------------------------------------------------------------- K2 yard work and Moves


def test_yard_work_spends_one_move_and_the_next_move_is_a_new_one():
    """K2, S1: a sort spends one Move of the selected tray; a Move after it costs a Move again."""
    g = on_small_yard().game()
    g.apply("switch")
    g.apply("sort 1 K1 BE1 BL1")
    assert g.state.turn.moves_left == 5 and g.state.turn.last_move is None
    g.apply("move 1 west 0,0")
    assert g.state.turn.moves_left == 4
    settled(g)


def test_yard_work_picks_the_tray_and_leaves_the_others_put():
    """K2, S1: yard work picks the tray switched this Stage, like a first Move; the other trays stay put."""
    b = on_small_yard()
    b.train(6, player=ME, at=(0, 0), behind=["HE1"])
    g = b.game()
    g.apply("switch")
    g.apply("sort 1 BL1 K1 BE1")
    assert g.state.turn.tray == 1
    assert "the Moves are its alone" in g.why_not("move 2 west -1,0")
    settled(g)


def test_yard_work_needs_a_move_left_and_the_switch_option():
    """K2: no yard work before choosing to switch, nor once the Moves are spent."""
    g = on_small_yard().game()
    assert "choose to switch" in g.why_not("sort 1 K1 BE1 BL1")
    g.apply("switch")
    for order in (("K1", "BE1", "BL1"), ("BE1", "K1", "BL1")) * 3:
        g.apply(Sort(1, order))
    assert g.state.turn.moves_left == 0
    assert "used all your Moves" in g.why_not("sort 1 K1 BE1 BL1")
    assert not yard_work(g, Sort)


def test_a_no_switching_train_does_no_yard_work(train_rules):
    """K2, T2, v0.4.5 §4.3: a no-switching train cannot sort, fly or exchange (the switch_problem point);
    the lone train of the Area being one, Switch itself is refused, so the yard work is never offered."""
    for build, work, kind in ((on_small_yard, "sort 1 K1 BE1 BL1", Sort), (on_flying_switch, "fly 1 1 to 2,1", Fly),
                              (at_interchange, "exchange 1 take BL1", Exchange)):
        g = build().game()
        train_rules(g, 1, NoSwitching)
        assert "no-switching" in g.why_not("switch")
        assert not yard_work(g, kind)
        g.state.turn.option, g.state.turn.moves_left, g.state.turn.tray = "switch", 6, 1  # had it been chosen
        assert "no-switching" in g.why_not(work), work


def test_yard_work_on_the_wrong_card_says_which_card_does_it():
    """K2: each kind of yard work is done standing on its own card."""
    g = on_small_yard().game()
    g.apply("switch")
    assert g.why_not("fly 1 1 to 2,1") == ("Train 5 stands on the Small Yard; a train makes a flying switch "
                                           "standing on a Flying Switch")
    assert "exchanges cars standing on an Interchange" in g.why_not("exchange 1 leave K1")
    b = Position(seed=3, deck="full")
    b.train(5, player=ME, at=(0, 0), behind=["BE1", "K1"])
    g = b.game()
    g.apply("switch")
    assert g.why_not("sort 1 K1 BE1") == "Train 5 stands on the Office; a train sorts its cars standing on a Small Yard"
    assert "is not in your Office Area" in g.why_not("sort 4 K1 BE1")


# --------------------------------------------------------------------------- K3 Small Yard


def test_a_small_yard_offers_every_other_order_of_the_cars():
    """K3: every different order of the train's cars is a legal sort, the present one is not."""
    g = on_small_yard().game()
    g.apply("switch")
    sorts = yard_work(g, Sort)
    cars = ["BE1", "K1", "BL1"]
    assert {s.cars for s in sorts} == {p for p in permutations(cars) if list(p) != cars} and len(sorts) == 5
    for it in sorts:
        assert g.why_not(it) is None


def test_sorting_keeps_the_engine_in_its_place():
    """K3: the cars take the new order front to rear; as many stand ahead of the engine as before."""
    b = Position(seed=3, deck="full")
    b.lay(ME, "small_yard", (1, 0))
    t = b.train(5, player=ME, at=(1, 0), ahead=["CL1"], behind=["BE1", "K1"])
    g = b.game()
    g.apply("switch")
    assert t.cars == ["CL1", "BE1", "K1"]
    g.apply("sort 1 BE1 CL1 K1")
    assert t.ahead == ["BE1"] and t.behind == ["CL1", "K1"] and t.cars == ["BE1", "CL1", "K1"]
    assert "the empty boxcar BE1, the loaded coach CL1, the caboose K1, from the front" in g.last_events[-1].text
    settled(g)


def test_sort_why_nots():
    """K3: a sort names every car of the train once, in a new order."""
    g = on_small_yard().game()
    g.apply("switch")
    assert g.why_not("sort 1 BE1 K1 BL1") == "Train 5's cars are already in that order"
    assert g.why_not("sort 1 BE1 K1") == ("Name each of train 5's cars once, from the front to the rear "
                                          "(BE1, K1, BL1)")
    assert "Name each of train 5's cars once" in g.why_not("sort 1 BE1 K1 HL1")
    single = on_small_yard(cars=("K1",)).game()
    single.apply("switch")
    assert not yard_work(single, Sort) and "already in that order" in single.why_not("sort 1 K1")


def test_a_small_yard_may_grow_the_running_track():
    """K3, G6: with its through route a Small Yard may extend the Running Track at a Limit."""
    b = Position(seed=3, deck="full")
    card = b.hand(ME, ["small_yard"])[0]
    g = b.game()
    g.apply("draw home")
    assert g.why_not(f"play {card} at 1,0") is None
    g.apply(f"play {card} at 1,0")
    assert g.state.areas[0].east_limit == 2


def test_a_sorted_train_departs_with_its_caboose_at_the_far_end():
    """K3, M5: sorting the caboose to the rear makes the train fit to highball from the Office."""
    b = Position(seed=3, deck="full")
    b.lay(ME, "small_yard", (-1, 0))
    t = b.train(5, player=ME, at=(-1, 0), behind=["K1", "BE1"])
    g = b.game()
    g.apply("switch")
    g.apply("sort 1 BE1 K1")
    g.apply("move 1 east 0,0")
    assert t.behind == ["BE1", "K1"] and t.pos == (0, 0)
    settled(g)


# --------------------------------------------------------------------------- K4 Flying Switch


def test_a_train_may_stand_on_a_flying_switch_but_not_on_a_turnout():
    """K4, S2: the Flying Switch is Operational Rail, a plain turnout is not."""
    assert CARD_SPECS["flying_switch"].operational and not CARD_SPECS["turnout_left"].operational
    b = Position(seed=3, deck="full")
    flying_layout(b)
    b.train(6, player=ME, at=(0, 0), behind=["HE1"])
    g = b.game()
    g.apply("switch")
    assert Move(1, "east", (1, 0)) in g.legal_intents()


def test_a_flying_switch_rolls_a_rear_cut_up_the_curve_into_the_industry():
    """K4: one Move rolls the outer cars behind the engine off the leg, round the curve, into the Mine
    Tipple; they keep their order and the train stays on the Flying Switch."""
    g = on_flying_switch().game()
    t = g.state.trains[1]
    g.apply("switch")
    assert {str(i) for i in yard_work(g, Fly)} == {"fly 1 1 to 2,1", "fly 1 2 to 2,1", "fly 1 3 to 2,1"}
    g.apply("fly 1 2 to 2,1")
    # eastbound engine, cars behind it to the west: K1 outermost, HE2, then HE1 next to the engine
    assert t.behind == ["HE1"] and t.pos == (1, 0)
    assert cars_at(g, (2, 1)) == ["K1", "HE2"]
    assert g.state.turn.moves_left == 5
    assert "2 cars roll into the Mine Tipple" in g.last_events[-1].text
    settled(g)


def test_a_cut_stops_against_cars_on_the_spur_and_the_spur_holds_four():
    """K4, S5: the cut comes to rest against the cars already spotted; never more than four stand."""
    b = on_flying_switch()
    b.cars(ME, (2, 1), ["HL1", "HL2"])
    g = b.game()
    g.apply("switch")
    assert {i.count for i in yard_work(g, Fly)} == {1, 2}
    assert g.why_not("fly 1 3 to 2,1") == "A card holds at most four standing cars; 2 already stand at 2,1"
    g.apply("fly 1 1 to 2,1")
    assert cars_at(g, (2, 1)) == ["K1", "HL1", "HL2"]


def test_flying_switch_why_nots():
    """K4: only cars behind the engine, only into a Freight Facility the leg leads to, unlocked."""
    g = on_flying_switch().game()
    g.apply("switch")
    assert g.why_not("fly 1 4 to 2,1") == "Train 6 has 3 cars behind its engine"
    assert g.why_not("fly 1 1 to 1,1") == ("A flying switch rolls cars into a Freight Facility; 1,1 holds the "
                                           "Left Curve")
    assert "holds nothing" in g.why_not("fly 1 1 to 3,3")
    ahead = Position(seed=3, deck="full")
    flying_layout(ahead)
    ahead.train(6, player=ME, at=(1, 0), ahead=["HE1"])
    g2 = ahead.game()
    g2.apply("switch")
    assert g2.why_not("fly 1 1 to 2,1") == "Train 6 has no cars behind its engine to roll off"


def test_a_locked_industry_or_a_blocked_way_takes_no_cut():
    """K4, S6: a locked spur is no rail, and the cut never rolls through standing cars."""
    b = on_flying_switch()
    b.cars(ME, (1, 1), ["BL1"])
    g = b.game()
    g.apply("switch")
    assert not yard_work(g, Fly)
    assert "does not lead to the Mine Tipple" in g.why_not("fly 1 1 to 2,1")
    b = on_flying_switch()
    b.state.areas[0].facilities[(2, 1)].pipeline["men"] = (b.take_piece("HL1"), "out")
    g = b.game()
    g.apply("switch")
    assert "is locked while a load is on its MEN | AT | WORK track" in g.why_not("fly 1 1 to 2,1")


def test_a_train_card_that_keeps_its_caboose_cannot_fly_it(train_rules):
    """K2, K4: the set-out restrictions of a train card hold for a flying switch."""
    g = on_flying_switch().game()
    train_rules(g, 1, KeepsCaboose)
    g.apply("switch")
    assert g.why_not("fly 1 1 to 2,1") == "This train cannot set out its caboose"


def test_a_turned_flying_switch_rolls_its_cut_west():
    """K4, G4: turned, the leg drops to the south-west, so the cut rolls west into a spur turned to face it."""
    b = Position(seed=3, deck="full")
    b.lay(ME, "flying_switch", (-1, 0), turned=True)
    b.lay(ME, "straight", (-2, 0))
    b.lay(ME, "curve_left", (-1, -1))  # W-NE: its NE meets the switch's SW leg
    b.lay(ME, "produce_shed", (-2, -1), turned=True)  # the spur's end faces east
    t = b.train(5, player=ME, at=(-1, 0), behind=["RE1", "RE2"])  # westbound: cars east of the engine
    g = b.game()
    g.apply("switch")
    assert {str(i) for i in yard_work(g, Fly)} == {"fly 1 1 to -2,-1", "fly 1 2 to -2,-1"}
    g.apply("fly 1 2 to -2,-1")
    assert t.behind == [] and cars_at(g, (-2, -1)) == ["RE1", "RE2"]
    settled(g)


# --------------------------------------------------------------------------- K5 Interchange


def test_a_train_enters_an_interchange_without_coupling_its_cut():
    """K5, S4: the cut on an Interchange waits on its second track: a train of three enters beside
    three waiting cars, and leaves without them."""
    g = at_interchange(at=(0, 0)).game()
    t = g.state.trains[1]
    g.apply("switch")
    assert Move(1, "east", (1, 1)) in g.legal_intents()
    g.apply("move 1 east 1,1")
    assert t.cars == ["HE1", "HE2", "K1"] and cars_at(g, (1, 1)) == ["BL1", "BL2", "CL1"]
    g.apply("move 1 west 0,0")
    assert t.cars == ["HE1", "HE2", "K1"] and cars_at(g, (1, 1)) == ["BL1", "BL2", "CL1"]
    settled(g)


def test_an_exchange_leaves_any_cars_and_takes_any_cars():
    """K5: the kept cars keep their places, the taken ones couple on at the rear in the order they
    stood, the cars left wait at the open end of the cut; one Move."""
    g = at_interchange().game()
    t = g.state.trains[1]
    g.apply("switch")
    g.apply("exchange 1 leave HE2 take CL1 BL2")
    assert t.behind == ["HE1", "K1", "BL2", "CL1"]
    assert cars_at(g, (1, 1)) == ["HE2", "BL1"]
    assert g.state.turn.moves_left == 5
    assert g.last_events[-1].text == ("Train 6 leaves the empty hopper HE2 and takes the loaded boxcar BL2, the "
                                      "loaded coach CL1 at the Interchange; 5 Moves left.")
    settled(g)


def test_the_legal_exchanges_are_every_choice_within_the_limits():
    """K5: every choice of cars to leave and take that leaves at most four on the train and four waiting;
    with four and four, 69 of them."""
    g = at_interchange(waiting=("BL1", "BL2", "CL1", "TL1"), cars=("HE1", "HE2", "RE1", "K1")).game()
    g.apply("switch")
    ex = yard_work(g, Exchange)
    assert len(ex) == 69 and len(set(ex)) == 69
    assert all(len(e.leave) == len(e.take) for e in ex)
    for e in ex:
        assert g.why_not(e) is None and sm.parse(str(e)) == e


def test_exchange_why_nots():
    """K5: the cars named must be the train's and the cut's, and the four-car limits hold both ways."""
    g = at_interchange().game()
    g.apply("switch")
    assert g.why_not("exchange 1 take BL1 BL2") == "Train 6 would carry 5 cars; a Crew Tray holds at most four"
    assert g.why_not("exchange 1 leave BL1") == "Train 6 does not carry BL1"
    assert g.why_not("exchange 1 take HE1") == "HE1 does not stand on the Interchange"
    full = at_interchange(waiting=("BL1", "BL2", "CL1", "TL1")).game()
    full.apply("switch")
    assert full.why_not("exchange 1 leave K1") == "5 cars would stand on the Interchange; a card holds at most four"


def test_a_train_that_cannot_pick_up_may_only_leave_cars(train_rules):
    """K2, K5: the pick-up restrictions of a train card hold for the cars an exchange takes."""
    g = at_interchange().game()
    train_rules(g, 1, NoPickup)
    g.apply("switch")
    assert g.why_not("exchange 1 take BL1") == "This train cannot pick up cars"
    assert all(not e.take for e in yard_work(g, Exchange)) and yard_work(g, Exchange)


def test_an_interchange_goes_off_the_running_track():
    """K5, M16: an Interchange is laid off the Running Track like a Yard Office."""
    b = Position(seed=3, deck="full")
    card = b.hand(ME, ["interchange"])[0]
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "curve_left", (0, 1), turned=True)
    g = b.game()
    g.apply("draw home")
    assert g.why_not(f"play {card} at 2,0") == "An Interchange goes off the Running Track, like an industry spur"
    assert g.why_not(f"play {card} at 1,1") is None


# --------------------------------------------------------------------------- the board


def test_the_board_sorts_with_a_button_per_car_from_the_front():
    """K3: click the train on the Small Yard, then the cars from the front; the last follows by itself."""
    g = on_small_yard().game()
    c = Controller(g)
    c.click(("tray", 1))
    labels = [a.label for a in c.actions()]
    assert {"Sort: 1st empty boxcar", "Sort: 1st caboose", "Sort: 1st loaded boxcar"} <= set(labels)
    assert "sort its cars with the Sort buttons" in c.hint()
    c.press("ui:sort BL1")
    assert "New order so far, from the front: the loaded boxcar" in c.message
    assert "Sort: 2nd caboose" in [a.label for a in c.actions()] and g.history[-1] == sm.parse("switch")
    assert c.press("ui:sort K1")
    assert str(g.history[-1]) == "sort 1 BL1 K1 BE1"


def test_the_board_refuses_a_sort_into_the_same_order_and_cancels_a_sort():
    """K3: choosing the order the train already has says so; Cancel sort starts afresh."""
    g = on_small_yard().game()
    c = Controller(g)
    c.click(("tray", 1))
    c.press("ui:sort BL1")
    c.press("ui:cancel")
    assert c.sorting == [] and c.tray == 1
    c.press("ui:sort BE1")
    assert not c.press("ui:sort K1") and c.error and "already in that order" in c.message


def test_the_board_flies_a_cut_with_a_button():
    """K4: a Fly button per cut and industry; pressing one makes the flying switch."""
    g = on_flying_switch().game()
    c = Controller(g)
    c.click(("tray", 1))
    flies = [a for a in c.actions() if a.label.startswith("Fly")]
    assert [a.label for a in flies] == ["Fly 1 car to the Mine Tipple", "Fly 2 cars to the Mine Tipple",
                                        "Fly 3 cars to the Mine Tipple"]
    assert flies[1].tip == "Roll 2 cars off the rear of train 6 into the Mine Tipple (a flying switch)"
    assert c.press(flies[1].key) and str(g.history[-1]) == "fly 1 2 to 2,1"


def test_the_board_exchanges_with_leave_and_take_toggles():
    """K5: toggle the cars to leave and take, then Exchange; the button says why while it cannot."""
    g = at_interchange().game()
    c = Controller(g)
    c.click(("tray", 1))
    ex = [a for a in c.actions() if a.label == "Exchange"][0]
    assert not ex.enabled and ex.tip == "Choose cars to leave or take first"
    c.press("ui:swap BL1")
    c.press("ui:swap BL2")
    ex = [a for a in c.actions() if a.label == "Exchange"][0]
    assert not ex.enabled and "a Crew Tray holds at most four" in ex.tip
    c.press("ui:swap K1")
    toggled = {a.label for a in c.actions() if a.toggled}
    assert toggled == {"Leave car 3 (caboose)", "Take waiting car 1 (loaded boxcar)",
                       "Take waiting car 2 (loaded boxcar)"}
    ex = [a for a in c.actions() if a.label == "Exchange"][0]
    assert ex.enabled and c.press(ex.key)
    assert str(g.history[-1]) == "exchange 1 leave K1 take BL1 BL2"


@pytest.mark.parametrize("make,cls", [(on_small_yard, Sort), (on_flying_switch, Fly), (at_interchange, Exchange)])
def test_clicks_for_every_yard_intent_make_it(make, cls):
    """K3-K5: the board's clicks for each legal yard intent make exactly that intent."""
    for it in yard_work(_switched(make().game()), cls):
        g = _switched(make().game())
        c = Controller(g)
        for kind, what in c.clicks_for(it):
            c.click(what) if kind == "click" else c.press(what)
        assert g.history[-1] == it, (it, c.message)


def _switched(g):
    g.apply("switch")
    return g


def test_a_train_that_can_only_sort_is_offered_to_switch():
    """K3, S7: a full train on a Small Yard between trains it cannot pass can still sort, so Switch is
    offered and the train is highlighted."""
    b = on_small_yard(cars=("BE1", "K1", "BL1", "HE1"))
    b.train(6, player=ME, at=(0, 0))
    b.lay(ME, "straight", (2, 0))
    b.cars(ME, (2, 0), ["HE2"])
    g = b.game()
    c = Controller(g)
    assert c.switch_problem() is None and 1 in c.movable_after_switch()


def test_the_scene_draws_the_yard_cards():
    """K1, K3-K5: the cards draw their rail, the yard ladder, the rolling arrow and the second track."""
    b = on_flying_switch()
    interchange_layout(b, below=True)
    b.lay(ME, "small_yard", (-1, 0))
    b.lay(ME, "curve_right", (-1, 1))
    svg = to_svg(build_scene(b.game().state))
    assert svg.count("<polyline") > 10
    from stationmaster.view.scene.rail import yard_marks
    geo = CARD_SPECS["small_yard"].geometry
    assert len(yard_marks("sort", geo, 0, 0, 100, 70)[0]) == 3
    assert len(yard_marks("fly", CARD_SPECS["flying_switch"].geometry, 0, 0, 100, 70)[1]) == 1
    assert len(yard_marks("exchange", CARD_SPECS["interchange"].geometry, 0, 0, 100, 70)[0]) == 2
    assert yard_marks("", geo, 0, 0, 100, 70) == ([], [])


# --------------------------------------------------------------------------- random play with the cards


def yard_tables(mode, players, seed):
    """Every player's Area with a Small Yard, a Flying Switch to a Mine Tipple and an Interchange, and
    local track cards in hand, so random play meets the yard work."""
    b = Position(seed=seed, deck="full", players=players, mode=mode, length="short", balance="v1")  # whole deck
    for number, p in zip((6, 8, 10), players):
        b.train(number, player=p, at=(0, 0), behind=["hopper", "boxcar", "caboose"])
        flying_layout(b, p)
        interchange_layout(b, p, below=True)
        b.cars(p, (1, -1), ["tank", "reefer"])
        b.lay(p, "small_yard", (-1, 0))
        b.hand(p, ["curve_right", "small_yard", "interchange"])
    return b


@pytest.mark.parametrize("mode,players", [("solitaire", ["Player"]), ("coop", ["Ann", "Bo"]),
                                          ("competitive", ["Ann", "Bo", "Cy"])])
def test_random_play_with_yard_work_in_every_mode(mode, players):
    """K1-K5: random legal play that prefers yard work when it may, on Areas built with the yard cards, in
    every mode: no exception, the invariants after every intent, every legal intent round-trips, and
    each kind of yard work happens."""
    done = set()
    for seed in range(3):
        g = yard_tables(mode, players, seed).game()
        r = random.Random(seed)
        while not g.is_over:
            legal = g.legal_intents()
            for it in legal:
                assert g.parse(str(it)) == it
            work = [it for it in legal if isinstance(it, (Sort, Fly, Exchange))]
            it = r.choice(work) if work and r.random() < 0.6 else r.choice(legal)
            g.apply(it)
            done.add(type(it))
            assert check(g.state) == [], (str(it), check(g.state))
        h = g.copy()
        assert h.state == g.state
    assert {Sort, Fly, Exchange} <= done
