"""Special trains of the full Home deck (rulings T1-T9, v0.4.5 §4.3, §4.6): the Extras X13-X22 and the
full deck's trains 3/4 and 7/8, played through the engine, by clicks on the board, and by the bots."""

import random

import pytest

import stationmaster as sm
from stationmaster.state import ExpressSpot, WaitingExtra
from stationmaster.bots import make
from stationmaster.builder import Position
from stationmaster.cards import PIECES, catalog
from stationmaster.cards.base import fire, rules_of
from stationmaster.cards.kinds import crossing_stages
from stationmaster.cards.specs import CARD_SPECS, mainline_key
from stationmaster.invariants import check
from stationmaster.view.scene import build_scene
from stationmaster.view.svg import to_svg
from stationmaster.widgets.controller import Controller

from positions import B, C, E, F, ME, a2_layout, cars_at, run_stage, settled, to_decision


def full(**kw):
    kw.setdefault("seed", 3)
    return Position(deck="full", **kw)


def why(g, text) -> str:
    """The refusal as the engine words it, less the capital it adds at the start ('' when legal)."""
    r = g.why_not(text) or ""
    return r[:1].lower() + r[1:]


def kinds(pids) -> list:
    return [PIECES[p].kind for p in pids]


def to_load_unload(g):
    stage = g.state.stage_count
    while g.phase == "local_operations" and g.state.stage_count == stage:
        g.apply("agent pass")
    assert g.phase == "load_unload"


# --------------------------------------------------------------------------- T9 the deck


def test_the_full_deck_holds_the_special_trains_once_each():
    """T9: X13-X22 are one card each in the full Home deck; the full deck's T3, T4, T7, T8 are its own
    trains 3/4 and 7/8, while the classic deck keeps its trains (its golden games are unchanged)."""
    cat = catalog("full")
    for n in range(13, 23):
        assert cat[f"extra{n}"].count == 1
    assert [cat[f"extra{n}"].name for n in (13, 14, 15, 16, 22)] == [
        "Through Freight", "Crack Limited", "Military Train", "Director's Private Car", "Empty Car Extra"]
    assert all(CARD_SPECS[f"extra{n}"].rules == "" for n in range(17, 22))  # plain Extras, like X9-X12
    deck = sm.new_game(seed=1, deck="full").state.deck
    assert [deck[i] for i in ("T3", "T4", "T7", "T8", "T5", "X13", "X22")] == [
        "train3_full", "train4_full", "train7_full", "train8_full", "train5", "extra13", "extra22"]
    classic = sm.new_game(seed=1).state.deck
    assert classic["T3"] == "train3" and "X13" not in classic
    assert "train3_full" not in catalog("classic")


def test_special_trains_run_at_their_class_speed():
    """T5: on the full deck's Mainline a special Extra crosses at its class's speed: the Crack Limited and
    the Director's Private Car first class, the Through Freight and the Military Train second, the Empty
    Car Extra and the plain Extras third."""
    speeds = {n: CARD_SPECS[f"extra{n}"].speed for n in range(13, 23)}
    assert speeds == {13: 3, 14: 4, 15: 3, 16: 4, 17: 2, 18: 2, 19: 2, 20: 2, 21: 2, 22: 2}
    b = full()
    t = b.train(14, extra=True, mainline=(0, 0), direction="east")
    g = b.game()
    sections = CARD_SPECS[mainline_key(g.state.mainline[0])].sections
    assert fire(g.state, "crossing_time", t, train=t) >= crossing_stages(sections, 4)
    assert crossing_stages(sections, 4) <= crossing_stages(sections, 2)


# --------------------------------------------------------------------------- T1 Through Freight


def test_through_freight_sets_out_but_never_picks_up():
    """T1: X13 may set out cars, but cannot couple cars standing on a card (so it cannot enter it), nor
    the cars it set out itself."""
    b = full()
    a2_layout(b)
    b.cars(ME, C, ["BE1"])
    t = b.train(13, extra=True, player=ME, at=F, direction="west", behind=["HE1", "TE1", "K1"])
    g = b.game()
    g.apply("switch")
    g.apply(f"move {t.tray} west 0,1")
    assert "picks up no cars; it may only set them out" in why(g, f"move {t.tray} east 1,1")
    assert f"move {t.tray} east 1,1" not in {str(i) for i in g.legal_intents()}
    g.apply(f"setout {t.tray} rear 2")  # the tank car and the caboose stay on B
    assert cars_at(g, B) == ["TE1", "K1"]
    reason = why(g, f"move {t.tray} east 1,0")
    assert "would couple the cars it set out on 0,1" in reason and "picks up no cars" in reason
    assert not any(str(i).startswith(f"move {t.tray} east") for i in g.legal_intents())
    g.apply(f"move {t.tray} west 0,0")  # away from them: it leaves them there
    assert cars_at(g, B) == ["TE1", "K1"] and g.state.trains[t.tray].cars == ["HE1"]
    settled(g)


# --------------------------------------------------------------------------- T2 no-switching trains


@pytest.mark.parametrize("number", [14, 15, 16])
def test_a_no_switching_train_cannot_be_switched(number):
    """T2: the Crack Limited, the Military Train and the Director's Private Car cannot move or set out in
    an Office Area; with no other train there, Switch itself is refused, saying why."""
    b = full()
    a2_layout(b)
    car = "CE1" if number != 15 else "BE1"
    t = b.train(number, extra=True, player=ME, at=E, direction="west", behind=[car])
    g = b.game()
    name = CARD_SPECS[f"extra{number}"].name
    reason = why(g, "switch")
    assert reason == (f"train X{number}, the {name}, is a no-switching train: it may not move, set out or "
                      "sort cars in an Office Area")
    assert "switch" not in {str(i) for i in g.legal_intents()}
    # with a train that can be switched beside it, Switch picks that one, and refuses the special one
    b = full()
    a2_layout(b)
    t = b.train(number, extra=True, player=ME, at=E, direction="west", behind=[car])
    other = b.train(11, player=ME, at=F, behind=["HE1"])
    third = b.train(5, player=ME, at=(-1, 0), behind=["BE2"])
    g = b.game()
    g.apply("switch")
    assert g.state.turn.tray is None  # two trains may be switched: the first Move picks
    assert "no-switching train" in why(g, f"move {t.tray} east 1,1")
    assert "no-switching train" in why(g, f"setout {t.tray} rear 1")
    assert not any(getattr(i, "tray", None) == t.tray for i in g.legal_intents())
    g.apply(f"move {other.tray} west 0,1")
    settled(g)
    assert third.tray != t.tray


def test_switch_selects_the_one_train_that_may_be_switched():
    """T2: with one switchable train beside a no-switching one, Switch gives its Moves to that train."""
    b = full()
    a2_layout(b)
    b.train(15, extra=True, player=ME, at=E, direction="west", behind=["BE1"])
    other = b.train(11, player=ME, at=F, behind=["HE1"])
    g = b.game()
    ev = g.apply("switch")
    assert g.state.turn.tray == other.tray
    assert "switches train 11 (6 Moves)" in ev[0].text


def test_a_yard_office_does_not_take_a_no_switching_train():
    """T2 with M16: a coachless no-switching train is not diverted onto a Yard Office, where it could
    never be switched back to the Office; a plain coachless Extra is."""
    b = full()
    b.lay(ME, "straight", F)
    b.lay(ME, "yard_office", (1, 1))
    military = b.train(15, extra=True, division_point="west", direction="east", behind=["BE1", "K1"])
    plain = b.train(17, extra=True, mainline=(0, 1), direction="east", behind=["BE2", "K2"])
    g = b.game()
    s = g.state
    assert fire(s, "diverts_arrival", plain, 0, seat=0) == (1, 1)
    assert fire(s, "diverts_arrival", military, 0, seat=0) is None


# --------------------------------------------------------------------------- T3, T4 passenger work


@pytest.mark.parametrize("office, allowed", [("depot", False), ("station", False), ("terminal", True)])
def test_the_crack_limited_works_passengers_at_terminals_only(office, allowed):
    """T3: Porters board and detrain the Crack Limited at a Terminal only."""
    b = full()
    b.office(ME, office)
    b.boxes(ME, E, green=["CL1"])
    t = b.train(14, extra=True, player=ME, at=E, direction="west", behind=["CE1", "CL2"],
                arrived_earlier=False)
    b.train(17, extra=True, player=ME, at=E, direction="west", behind=["CE2"], arrived_earlier=False)  # work to do
    g = b.game()
    to_load_unload(g)
    for text in (f"board {t.tray}", f"detrain {t.tray}"):
        reason = why(g, text)
        if allowed:
            assert reason == ""
        else:
            name = office.capitalize()
            assert reason == f"train X14, the Crack Limited, stops for passengers at Terminals only; this Office is a {name}"
    if allowed:
        g.apply(f"board {t.tray}")
        assert "CL1" in g.state.trains[t.tray].cars
    settled(g)


@pytest.mark.parametrize("number, says", [(15, "carries no passengers"),
                                          (16, "carries the Director, not passengers")])
def test_military_train_and_directors_car_take_no_passenger_work(number, says):
    """T4: no Porter boards or detrains the Military Train or the Director's Private Car, even at a
    Terminal."""
    b = full()
    b.office(ME, "terminal")
    b.boxes(ME, E, green=["CL1"])
    t = b.train(number, extra=True, player=ME, at=E, direction="west", behind=["CE1"], arrived_earlier=False)
    other = b.train(17, extra=True, player=ME, at=E, direction="west", behind=["CE2"], arrived_earlier=False)
    g = b.game()
    to_load_unload(g)
    assert says in why(g, f"board {t.tray}") and "no Porter works it" in why(g, f"board {t.tray}")
    assert {str(i) for i in g.legal_intents() if str(i).startswith(("board", "detrain"))} == {f"board {other.tray}"}
    settled(g)


# --------------------------------------------------------------------------- T6 Empty Car Extra


def test_the_empty_car_extra_is_made_up_with_empties_only():
    """T6: the Empty Car Extra's player may place empty cars only."""
    b = full()
    b.state.extras.append(WaitingExtra(b.take_card("extra22"), 0))
    g = b.game()
    to_decision(g)
    g.apply("run east")
    assert why(g, "place loaded tank") == "the Empty Car Extra takes empty cars only, not a loaded tank"
    places = [str(i) for i in g.legal_intents() if str(i).startswith("place")]
    assert places and all(p.startswith("place empty") for p in places)
    g.apply(places[0])
    settled(g)


def test_the_empty_car_extra_picks_up_empty_cars_only():
    """T6: it couples empty cars, never a loaded one."""
    b = full()
    a2_layout(b)
    b.cars(ME, C, ["BL1"])
    t = b.train(22, extra=True, player=ME, at=F, direction="west", behind=["HE1", "K1"])
    g = b.game()
    g.apply("switch")
    g.apply(f"move {t.tray} west 0,1")
    assert why(g, f"move {t.tray} east 1,1").endswith(
        "the Empty Car Extra picks up empty cars only, and loaded boxcar stands on 1,1")
    b = full()
    a2_layout(b)
    b.cars(ME, C, ["BE1"])
    t = b.train(22, extra=True, player=ME, at=F, direction="west", behind=["HE1", "K1"])
    g = b.game()
    g.apply("switch")
    g.apply(f"move {t.tray} west 0,1")
    g.apply(f"move {t.tray} east 1,1")
    assert "BE1" in g.state.trains[t.tray].cars
    settled(g)


# --------------------------------------------------------------------------- T7 trains 3/4


def test_mail_express_carries_one_express_boxcar():
    """T7: at make-up trains 3/4 of the full deck take coaches and at most one boxcar."""
    b = full(optional_rules=["manual_makeup"])
    b.schedule(3, 1)
    g = b.game()
    to_decision(g)
    g.apply("place empty boxcar")
    assert why(g, "place empty boxcar") == "a Mail-Express carries one express boxcar; train 3 has one already"
    assert not any(str(i).endswith("boxcar") for i in g.legal_intents())
    g.apply("place empty coach")
    settled(g)


def test_automatic_makeup_of_trains_3_and_7_keeps_to_the_card():
    """T7, T8: the automatic make-up asks the card for every car, so a Mail-Express never gets two
    boxcars and a Coal Drag takes its rider coach first."""
    for seed in range(1, 25):
        for number in (3, 7):
            b = full(seed=seed)
            b.schedule(number, 1)
            g = b.game()
            to_decision(g)
            t = next(t for t in g.state.trains.values() if t.number == number)
            ks = kinds(t.cars)
            if number == 3:
                assert ks.count("boxcar") <= 1 and set(ks) <= {"coach", "boxcar"}
            else:
                assert ks[0] == "coach" and ks.count("coach") == 1 and ks[-1] == "caboose"
            assert check(g.state) == []


def _express_at_the_grocers(b, number=3):
    """Train 3 (westbound) on F with a coach and an empty boxcar; the Grocer's Warehouse on C."""
    a2_layout(b)
    return b.train(number, player=ME, at=F, behind=["CE1", "BE1"])


def test_trains_3_and_4_work_one_freight_car_at_a_spot_a_day():
    """T7: the Mail-Express sets out its boxcar at the Grocer's Warehouse; that spends the spot's freight
    car for the Day, so it cannot couple it again there today, nor can train 4."""
    b = full()
    t = _express_at_the_grocers(b)
    g = b.game()
    g.apply("switch")
    g.apply(f"move {t.tray} west 0,1")
    g.apply(f"move {t.tray} east 1,1")
    g.apply(f"setout {t.tray} rear 1")
    assert cars_at(g, C) == ["BE1"] and g.state.express_used == [ExpressSpot(0, 1, 1)]
    g.apply(f"move {t.tray} west 0,1")
    assert why(g, f"move {t.tray} east 1,1").endswith(
        "trains 3 and 4 have already picked up or set out their one freight car at 1,1 today")
    settled(g)
    # train 4 shares the budget
    b = full()
    a2_layout(b)
    b.cars(ME, C, ["BE1"])
    b.state.express_used.append(ExpressSpot(0, 1, 1))
    t4 = b.train(4, player=ME, at=B, behind=["CE1"])
    g = b.game()
    g.apply("switch")
    assert "already picked up or set out their one freight car at 1,1 today" in why(g, f"move {t4.tray} east 1,1")
    # elsewhere it is still free
    b = full()
    a2_layout(b)
    b.cars(ME, C, ["BE1"])
    b.state.express_used.append(ExpressSpot(0, -1, 1))
    t4 = b.train(4, player=ME, at=B, behind=["CE1"])
    g = b.game()
    g.apply("switch")
    g.apply(f"move {t4.tray} east 1,1")
    assert "BE1" in g.state.trains[t4.tray].cars and ExpressSpot(0, 1, 1) in g.state.express_used
    settled(g)


def test_the_express_budget_comes_back_at_the_end_of_the_day():
    """T7: the spent spots are cleared when the Day ends."""
    b = full()
    b.state.stage = 12
    b.state.express_used.append(ExpressSpot(0, 1, 1))
    g = b.game()
    run_stage(g)
    assert g.state.day == 2 and g.state.express_used == []


def test_trains_3_and_4_pick_up_one_freight_car_and_one_boxcar():
    """T7: two freight cars on one card are more than the spot's one; a second boxcar more than the
    card's one."""
    b = full()
    a2_layout(b)
    b.cars(ME, C, ["BE2", "HE1"])
    t = b.train(4, player=ME, at=B, behind=["CE1"])
    g = b.game()
    g.apply("switch")
    assert "work one freight car a Day at a spot, and 2 would be coupled" in why(g, f"move {t.tray} east 1,1")
    b = full()
    a2_layout(b)
    b.cars(ME, C, ["BE2"])
    t = b.train(4, player=ME, at=B, behind=["CE1", "BE1"])
    g = b.game()
    g.apply("switch")
    assert why(g, f"move {t.tray} east 1,1").endswith("a Mail-Express carries one express boxcar; train 4 has one already")


# --------------------------------------------------------------------------- T8 trains 7/8


def test_the_coal_drag_never_sets_out_its_rider_coach():
    """T8: a Coal Drag sets out hoppers and its caboose, never its coach."""
    b = full()
    a2_layout(b)
    t = b.train(7, player=ME, at=F, behind=["CE1", "HE1", "HE2", "K1"])
    g = b.game()
    g.apply("switch")
    assert why(g, f"setout {t.tray} rear 4") == "train 7, a Coal Drag, never sets out its rider coach"
    assert f"setout {t.tray} rear 4" not in {str(i) for i in g.legal_intents()}
    g.apply(f"setout {t.tray} rear 3")
    assert g.state.trains[t.tray].cars == ["CE1"]
    settled(g)


def test_the_coal_drag_takes_one_rider_coach():
    """T8: the rider coach goes on first at make-up, and a Coal Drag takes one."""
    b = full(optional_rules=["manual_makeup"])
    b.schedule(8, 1)
    g = b.game()
    to_decision(g)
    assert why(g, "place empty hopper") == "train 8's rider coach goes on first; a Coal Drag takes its hoppers behind it"
    g.apply("place empty coach")
    assert why(g, "place loaded coach") == "a Coal Drag carries one rider coach; train 8 has one already"
    g.apply("place loaded hopper")
    settled(g)


# --------------------------------------------------------------------------- the board and the bots


def test_the_board_shows_the_special_trains_and_says_why_not():
    """T2, T4: the cards' faces say the restriction; clicking a no-switching train says why it cannot be
    switched, and a Porter's refusal names the train."""
    b = full()
    a2_layout(b, office="terminal")
    b.hand(ME, ["extra14", "extra22", "train3_full"])
    t = b.train(15, extra=True, player=ME, at=E, direction="west", behind=["BE1", "K1"])
    c = Controller(b.game())
    svg = to_svg(build_scene(c.game.state))
    assert "TERMINALS ONLY" in svg and "EXTRA · EMPTIES" in svg and "TIMETABLE · EXPRESS" in svg
    assert "<title>Crack Limited: Passenger work at Terminals only." in svg
    assert "X14" in svg and "X15 Military" in svg
    assert not c.click(("tray", t.tray))
    assert "is a no-switching train" in c.message and "'" not in c.message
    assert rules_of(c.game.state, "X15").label == "NO SWITCHING"


def test_bots_play_out_positions_with_special_trains():
    """T1-T8: the planner and the greedy bot play Stages with every special train in play, without a
    refused intent, and the invariants hold."""
    for bot in ("planner", "greedy"):
        b = full(players=["Ann"])
        a2_layout(b, who="Ann", office="terminal")
        b.train(15, extra=True, player="Ann", at=E, direction="west", behind=["BE1", "K1"])
        b.train(3, player="Ann", at=F, behind=["CE1", "BE2"])
        b.train(7, player="Ann", at=(-1, 0), behind=["CE2", "HE1", "K2"])
        b.hand("Ann", ["extra13", "extra14", "extra16", "extra22"])
        g = b.game()
        player = make(bot, seed=1)
        for _ in range(400):
            if g.is_over or g.state.day > 1:
                break
            it = player.decide(g).intent
            assert g.why_not(it) is None
            g.apply(it)
            assert check(g.state) == []


def test_random_play_with_every_special_train_in_hand():
    """T1-T8: random legal play in every mode, the special trains dealt into every hand at the start."""
    played = set()
    for mode, players in (("solitaire", ["A"]), ("coop", ["A", "B"]), ("competitive", ["A", "B", "C"])):
        for seed in (1, 2):
            b = full(seed=seed, mode=mode, players=players, length="short")
            specials = ["extra13", "extra14", "extra15", "extra16", "extra22"]
            trains = ["train3_full", "train4_full", "train7_full", "train8_full"]
            for i, p in enumerate(players):
                b.hand(p, (specials + trains)[i::len(players)])
            g = b.game()
            r = random.Random(seed)
            while not g.is_over:
                legal = g.legal_intents()
                plays = [i for i in legal if str(i).startswith("play ") and str(i).split()[1][0] in "TX"]
                it = r.choice(plays) if plays else r.choice(legal)
                if it in plays:
                    played.add(str(it).split()[1])
                g.apply(it)
                assert check(g.state) == [], (mode, seed, str(it))
    assert {"X13", "X14", "X15", "X16", "X22", "T3", "T4", "T7", "T8"} <= played


def test_the_planner_asks_the_cards_what_an_extra_is_good_for():
    """T2-T4: the planner plays an Extra only if its Office can switch it or work its passengers: never
    the Military Train or the Director's Private Car, the Crack Limited only at a Terminal."""
    from stationmaster.bots.planner import View
    from stationmaster.cards.kinds import extra_of_use

    for office, crack in (("station", False), ("terminal", True)):
        b = full()
        b.office(ME, office)
        ids = b.hand(ME, ["extra13", "extra14", "extra15", "extra16", "extra22"])
        v = View(b.game())
        assert [extra_of_use(v, c) for c in ids] == [True, crack, False, False, True]
