"""Enhancements of the full Home deck ([E1]-[E9]): played from the hand onto one of your own placed
cards, they change a rule there (Yard Lights, Lunch Counter, Gantry Crane, Siding Extension) or stop
an opponent's card played on you (Facing Point Locks, Water Column, Overpass: the ``defence`` rule
point, which the opponent cards fire; here it is fired directly, with the attack cards' type keys)."""

import random

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS, CardSpec, catalog, fire
from stationmaster.cards.base import cards_in_scope
from stationmaster.intents import Play
from stationmaster.invariants import check
from stationmaster.phases.local_ops import moves_for
from stationmaster.rules import NIGHT_STAGES, ad_tracks, workers_left
from stationmaster.view.scene import build_scene
from stationmaster.view.svg import to_svg
from stationmaster.widgets.controller import Controller

from positions import fill_the_office, settled

ME = "Player"
ATTACKS = ("derail", "hotbox", "broken_coupler", "outlawed", "vandalism", "icc_fine", "freight_claim",
           "railroad_crossing", "right_of_way", "washout")


def _hand(b, key, who=ME):
    """Deal one card of type ``key`` into a hand (keeping the rest); its id."""
    p = b.state.players[b._player(who)]
    card = b.take_card(key)
    p.hand.append(card)
    return card


def _drawing(b):
    """The built game, its player in the Draw option (the draw taken)."""
    g = b.game()
    g.apply("draw home")
    return g


def _layout(b, who=ME):
    """Office, a Straight east of it, a Left Turnout beyond, and a Produce Shed on the turnout's leg."""
    b.lay(who, "straight", (1, 0))
    b.lay(who, "turnout_left", (2, 0))
    b.lay(who, "straight", (3, 0))
    b.lay(who, "produce_shed", (3, 1))


# --------------------------------------------------------------------------- [E1] playing one


def test_the_full_deck_deals_39_enhancements():
    """E1: 7 each of Yard Lights, Lunch Counter, Gantry Crane and Siding Extension; 4 Facing Point Locks,
    4 Water Columns, 3 Overpasses; the classic deck has none."""
    cat = catalog("full")
    counts = {k: cat[k].count for k in ("yard_lights", "lunch_counter", "gantry_crane", "siding_extension",
                                        "facing_point_locks", "water_column", "overpass")}
    assert counts == {"yard_lights": 7, "lunch_counter": 7, "gantry_crane": 7, "siding_extension": 7,
                      "facing_point_locks": 4, "water_column": 4, "overpass": 3}
    assert cat.kinds()["enhancement"] == 39 and "yard_lights" not in catalog("classic")
    whole = sm.new_game(deck="full", balance="v1").state.deck  # a table of one or two deals fewer ([U3])
    assert {"Lights1", "Lights7", "SidingExt7", "Locks4", "Column4", "Overpass3"} <= set(whole)


def test_an_enhancement_is_played_onto_one_of_your_cards_and_stays_there():
    """E1: 'play Lights1 at 0,0' lays the Yard Lights on the Office: no grid spot is taken, the card
    lies on the Office (Placed.enhancements) and is asked right after it at the rule points."""
    b = Position(seed=3, deck="full")
    _layout(b)
    lights = _hand(b, "yard_lights")
    g = _drawing(b)
    grid_before = dict(g.state.areas[0].grid)
    events = g.apply(f"play {lights} at 0,0")  # (and the built Produce Shed's car order turns up, [L8])
    assert [e.text for e in events if e.kind != "car_order"] == [
        "Player puts the Yard Lights on the Office: one more Move to the switching at the night Stages."]
    area = g.state.areas[0]
    assert area.office.enhancements == [lights] and lights not in g.state.players[0].hand
    assert set(area.grid) == set(grid_before)
    assert cards_in_scope(g.state, ("area",), seat=0)[:2] == [area.office.card, lights]
    assert g.parse(f"play {lights} at 0,0") == Play(lights, (0, 0))
    settled(g)


def test_legal_plays_are_the_cards_it_fits_and_why_not_says_where_it_goes():
    """E1: the legal intents offer exactly the fitting cards of your Area; every other try is refused
    in a player's words (no place, an empty spot, turned or serving, the wrong card, one of a kind)."""
    b = Position(seed=3, deck="full", balance="v1")  # two Yard Lights: the whole deck ([U3])
    _layout(b)
    gantry, locks, lights = _hand(b, "gantry_crane"), _hand(b, "facing_point_locks"), _hand(b, "yard_lights")
    b.enhance(ME, "yard_lights", (0, 0))
    g = _drawing(b)
    legal = g.legal_intents()
    assert [i.at for i in legal if isinstance(i, Play) and i.card == gantry] == [(3, 1)]
    assert [i.at for i in legal if isinstance(i, Play) and i.card == locks] == [(2, 0)]
    assert not [i for i in legal if isinstance(i, Play) and i.card == lights]  # the Office has its Yard Lights
    assert g.why_not(f"play {gantry}") == ("Say which of your cards the Gantry Crane goes on: "
                                           f"'play {gantry} at x,y' (your Office is 0,0)")
    assert g.why_not(f"play {gantry} at 1,1") == ("There is no card of yours at 1,1; the Gantry Crane goes on one "
                                                  "of your freight facilities")
    assert g.why_not(f"play {gantry} at 3,1 turned") == f"The Gantry Crane is put on a card as it is: 'play {gantry} at x,y'"
    assert g.why_not(f"play {gantry} at 1,0") == ("The Gantry Crane goes on one of your freight facilities, not on "
                                                  "the Straight at 1,0")
    assert g.why_not(f"play {lights} at 1,0") == "The Yard Lights go on your Office (0,0), not on the Straight at 1,0"
    assert g.why_not(f"play {lights} at 0,0") == ("The Office already carries Yard Lights; a card takes one "
                                                  "enhancement of each kind")
    assert g.why_not(f"play {locks} at 1,0") == ("The Facing Point Locks go on one of your cards with switch points "
                                                 "(a turnout); the Straight at 1,0 has none")
    settled(g)


def test_an_enhancement_stays_on_the_office_through_an_upgrade():
    """E1: the Office card changes under the Lunch Counter; the enhancement stays where it lies."""
    b = Position(seed=3, deck="full")
    b.office(ME, "depot")
    lunch = b.enhance(ME, "lunch_counter")
    station = _hand(b, "station")
    g = _drawing(b)
    g.apply(f"play {station}")
    assert g.state.areas[0].office.enhancements == [lunch] and check(g.state) == []


def test_card_conservation_counts_the_enhancements():
    """E1, DESIGN §4: an enhancement on a card is a card in play; one lost, or a second of a type on a
    card, breaks the invariants."""
    b = Position(seed=3, deck="full", balance="v1")  # a second Yard Lights: the whole deck ([U3])
    lights = b.enhance(ME, "yard_lights")
    g = b.game()
    assert check(g.state) == []
    s = g.state.clone()
    s.areas[0].office.enhancements.clear()
    assert any(lights in p and "missing" in p for p in check(s))
    s = g.state.clone()
    other = next(c for c in s.home if s.deck[c] == "yard_lights")
    s.home.remove(other)
    s.areas[0].office.enhancements.append(other)
    assert any("one of each type" in p for p in check(s))


# --------------------------------------------------------------------------- [E2] Yard Lights


@pytest.mark.parametrize("rules, night, day", [((), 7, 6), (("reduced_visibility",), 6, 6)])
def test_yard_lights_add_a_move_at_night(rules, night, day):
    """E2: at the night Stages (11, 12, 1, 2, 3) the switching gets one more Move; under Reduced
    Visibility that gives back the Move the dark took."""
    for stage in range(1, 13):
        b = Position(seed=1, deck="full", optional_rules=list(rules))
        b.enhance(ME, "yard_lights")
        b.state.stage = stage
        g = b.game()
        assert moves_for(g.state, 0) == (night if stage in NIGHT_STAGES else day), stage


def test_yard_lights_moves_are_the_switching_turns():
    """E2: a train switched at Midnight with Yard Lights on the Office has seven Moves."""
    b = Position(seed=1, deck="full")
    b.lay(ME, "straight", (1, 0))
    b.train(2, player=ME, at=(1, 0))
    b.enhance(ME, "yard_lights")
    g = b.game()
    g.apply("switch")
    assert g.state.turn.moves_left == 7


# --------------------------------------------------------------------------- [E3] Lunch Counter


def _lunch_position(lunch=True):
    b = Position(seed=2, deck="full")
    b.office(ME, "depot")
    if lunch:
        b.enhance(ME, "lunch_counter")
    b.boxes(ME, (0, 0), green=["CL1"])
    b.train(1, player=ME, at=(0, 0), ahead=["CE1", "CL2"])
    g = b.game()
    while g.phase != "load_unload":
        g.apply("agent pass")
    return g


def test_a_lunch_counter_pays_one_more_for_each_board():
    """E3: the Porter's Board pays the passenger rate and one more; a Detrain pays the rate only."""
    g = _lunch_position()
    rate = g.config.revenue[0]
    events = g.apply("board 1")
    (paid,) = [e for e in events if e.kind == "revenue"]
    assert paid.amount == rate + 1 and paid.data["source"] == "boarding"
    assert paid.text == (f"Player earns {rate + 1} Revenue: passengers boarded train 1 (+1 from the cards of "
                         "Player's Office Area).")
    g2 = _lunch_position(lunch=False)
    (plain,) = [e for e in g2.apply("board 1") if e.kind == "revenue"]
    assert plain.amount == rate and plain.text == f"Player earns {rate} Revenue: passengers boarded train 1."


def test_a_lunch_counter_does_not_pay_for_detraining():
    """E3: detraining passengers earns the rate alone."""
    g = _lunch_position()
    (paid,) = [e for e in g.apply("detrain 1") if e.kind == "revenue"]
    assert paid.amount == g.config.revenue[0]


def test_a_lunch_counter_needs_passenger_business():
    """E3: on a Whistle Post it is refused: no Porters, no passengers to feed (a Whistle Post Office:
    edition v4; from v5 every Office opens as a Depot)."""
    b = Position(seed=3, deck="full", balance="v4")
    lunch = _hand(b, "lunch_counter")
    g = _drawing(b)
    assert g.why_not(f"play {lunch} at 0,0") == ("The Lunch Counter serves passengers: it goes on a Depot, Station or "
                                                 "Terminal, and your Office is a Whistle Post")


# --------------------------------------------------------------------------- [E4] Gantry Crane


def test_a_gantry_crane_adds_a_laborer_at_its_facility_only():
    """E4: the Produce Shed with the crane has three Laborers a Stage, the one without it two."""
    b = Position(seed=3, deck="full")
    b.lay(ME, "produce_shed", (1, 1))
    b.lay(ME, "produce_shed", (2, 1))
    b.enhance(ME, "gantry_crane", (1, 1))
    g = b.game()
    area = g.state.areas[0]
    assert workers_left(g.state, area, (1, 1)) == 3 and workers_left(g.state, area, (2, 1)) == 2


def test_a_gantry_crane_lets_a_load_hop_three_boxes():
    """E4: a load from the green box to WORK over a busy MEN and AT takes three Laborers; the two of a
    Produce Shed cannot, with the crane they can."""
    for crane, ok in ((False, False), (True, True)):
        b = Position(seed=3, deck="full")
        b.lay(ME, "straight", (1, 0))
        b.lay(ME, "produce_shed", (2, 0))
        if crane:
            b.enhance(ME, "gantry_crane", (2, 0))
        b.cars(ME, (2, 0), ["RE1", "RE2", "RE3"])
        b.boxes(ME, (2, 0), green=["RL1"])
        fac = b.state.areas[0].facilities[(2, 0)]
        fac.pipeline["men"] = (b.take_piece("RL2"), "out")
        fac.pipeline["at"] = (b.take_piece("RL3"), "out")
        g = b.game()
        while g.phase != "load_unload":
            g.apply("agent pass")
        reason = g.why_not("work 2,0 green")
        assert (reason is None) == ok, reason
        if not ok:
            assert reason == "That takes 3 Laborers; 2 are free at this facility this Stage"
        else:
            g.apply("work 2,0 green")
            assert g.state.areas[0].facilities[(2, 0)].pipeline["work"] == ("RL1", "out")


def test_a_gantry_crane_goes_only_on_a_freight_facility():
    """E4: not on the Office, not on track."""
    b = Position(seed=3, deck="full")
    b.office(ME, "depot")
    gantry = _hand(b, "gantry_crane")
    g = _drawing(b)
    assert g.why_not(f"play {gantry} at 0,0") == "The Gantry Crane goes on one of your freight facilities, not on the Office"
    assert not [i for i in g.legal_intents() if isinstance(i, Play) and i.card == gantry]


# --------------------------------------------------------------------------- [E5] Siding Extension


def test_a_siding_extension_gives_the_office_one_more_ad_track():
    """E5: a Whistle Post with a Siding Extension holds two trains: a second may be switched onto it
    (a Whistle Post Office: edition v4; from v5 every Office opens as a Depot)."""
    b = Position(seed=3, deck="full", balance="v4")
    b.lay(ME, "straight", (-1, 0))
    b.lay(ME, "straight", (1, 0))
    b.enhance(ME, "siding_extension")
    b.train(12, player=ME, at=(0, 0))
    b.train(11, player=ME, at=(1, 0))
    g = b.game()
    assert ad_tracks(g.state, g.state.areas[0]) == 2
    g.apply("switch")
    g.apply("move 2 west 0,0")
    assert sorted(t.pos for t in g.state.trains.values()) == [(0, 0), (0, 0)]
    settled(g)


def test_a_siding_extension_takes_in_an_arrival_that_would_have_collided():
    """E5: Train 4 runs off the Damascus Bridge to the Office, whose printed A/D tracks trains that
    cannot leave hold; the Siding Extension's track takes it in (without it: a collision, M6)."""
    for extension in (False, True):
        b = Position(seed=2, deck="full")
        b.state.mainline = ["Damascus Bridge", "Low Line"]
        fill_the_office(b)
        if extension:
            b.enhance(ME, "siding_extension")
        b.train(4, mainline=(0, 1))
        g = b.game()
        events = g.apply("agent pass")
        crashed = [e for e in events if e.kind == "collision"]
        arrived = [e for e in events if e.kind == "arrival" and e.data.get("train") == "4"]
        assert bool(crashed) != extension and bool(arrived) == extension
        assert check(g.state) == []


def test_the_board_shows_the_extra_ad_track():
    """E5: the Area's header and the Office's pips count the Siding Extension's track."""
    b = Position(seed=3, deck="full")
    b.office(ME, "station")
    b.enhance(ME, "siding_extension")
    svg = to_svg(build_scene(b.game().state))
    assert "Station · 4 A/D" in svg


# --------------------------------------------------------------------------- [E6]-[E9] defences


def _defended(key, at, who=ME, **position):
    b = Position(**{"seed": 3, "deck": "full", **position})
    _layout(b, who)
    card = b.enhance(who, key, at)
    return b, card


@pytest.mark.parametrize("key, at, stops", [
    ("facing_point_locks", (2, 0), {"derail", "vandalism"}),
    ("water_column", (0, 0), {"hotbox"}),
    ("overpass", (1, 0), {"railroad_crossing"}),
])
def test_a_defence_answers_the_attacks_it_stops_and_stays(key, at, stops):
    """E6, E7, E8, E9: fired with an attack card on its player, a defence answers its own id for the
    attacks it stops and None for the others; it is not used up."""
    b, card = _defended(key, at, balance="v1")  # v1: the locks guard the whole Area (v2: [E7])
    s = b.game().state
    for attack in ATTACKS:
        want = card if attack in stops else None
        assert fire(s, "defence", attack, 1, seat=0) == want, attack
        assert fire(s, "defence", attack, (2, 0), seat=0) == want, attack
    assert s.areas[0].grid[at].enhancements == [card]


def test_a_defence_guards_only_its_own_players_area():
    """E6: Bo's Water Column stops a Hotbox played on Bo; on Ann, nothing answers."""
    b, column = _defended("water_column", (0, 0), who="Bo", players=["Ann", "Bo"], mode="competitive")
    s = b.game().state
    bo = s.players[1].seat
    assert fire(s, "defence", "hotbox", 1, seat=bo) == column
    assert fire(s, "defence", "hotbox", 1, seat=1 - bo) is None


def test_a_defence_knows_an_attack_by_its_card_id(monkeypatch):
    """E6: the point is fired with the attack's card id; the defence reads its type through the deck
    (a test-only Hotbox card, held in Ann's hand)."""
    monkeypatch.setitem(CARD_SPECS, "hotbox", CardSpec("hotbox", "order", "Hotbox", "A test-only attack card."))
    b, column = _defended("water_column", (0, 0), who="Bo", players=["Ann", "Bo"], mode="competitive")
    b.state.deck["TestHotbox1"] = "hotbox"
    b.state.players[0].hand.append("TestHotbox1")
    s = b.game().state
    assert fire(s, "defence", "TestHotbox1", 1, seat=s.players[1].seat) == column


@pytest.mark.parametrize("host, ok", [("turnout_left", True), ("turnout_right", True), ("runaround", True),
                                      ("straight", False)])
def test_facing_point_locks_go_on_a_card_with_switch_points(host, ok):
    """E7: a turnout or any track card where two routes part; not plain track, not the Office."""
    b = Position(seed=3, deck="full")
    b.lay(ME, host, (1, 0))
    locks = _hand(b, "facing_point_locks")
    g = _drawing(b)
    assert (g.why_not(f"play {locks} at 1,0") is None) == ok
    assert g.why_not(f"play {locks} at 0,0") == ("The Facing Point Locks go on one of your cards with switch points "
                                                 "(a turnout); the Office has none")


def test_a_water_column_goes_on_the_office():
    """E8: the Office is the one card a Water Column fits."""
    b = Position(seed=3, deck="full")
    _layout(b)
    column = _hand(b, "water_column")
    g = _drawing(b)
    assert [i.at for i in g.legal_intents() if isinstance(i, Play) and i.card == column] == [(0, 0)]


def test_an_overpass_goes_on_track_not_on_the_office_or_an_industry():
    """E9: any of your track cards, the turnout too; not the Office, not an industry."""
    b = Position(seed=3, deck="full")
    _layout(b)
    overpass = _hand(b, "overpass")
    g = _drawing(b)
    assert [i.at for i in g.legal_intents() if isinstance(i, Play) and i.card == overpass] == [(1, 0), (2, 0), (3, 0)]
    assert g.why_not(f"play {overpass} at 3,1") == ("The Overpass goes on one of your track cards, not on the Produce "
                                                    "Shed at 3,1")


# --------------------------------------------------------------------------- the board


def test_the_board_plays_an_enhancement_by_clicks():
    """E1: selecting Yard Lights lights up the one card it fits (the Office); a click there plays it,
    and the Office shows its tab, whose hover says what it is."""
    b = Position(seed=3, deck="full")
    _layout(b)
    lights = _hand(b, "yard_lights")
    c = Controller(_drawing(b), quick_play=False)  # selected first (one click: tests/widgets/test_clicks.py)
    c.sync()
    c.click(("hand", lights))
    assert "click a highlighted card of your Office Area" in c.message
    assert {t for t, k in c.highlights() if k == "target" and t[0] == "spot"} == {("spot", 0, 0, 0)}
    assert not c.click(("spot", 0, 1, 0))
    assert "Yard Lights go on your Office" in c.message
    assert c.click(("spot", 0, 0, 0))
    assert c.game.state.areas[0].office.enhancements == [lights]
    svg = to_svg(build_scene(c.game.state))
    assert ">Lights</text>" in svg and "Yard Lights on it: Enhancement, on your Office" in svg
    assert "    on 0,0: Yard Lights" in c.game.describe().splitlines()


def test_a_click_on_a_train_at_the_office_puts_the_enhancement_on_the_office():
    """E1: the train standing on the card covers it; a click on it plays the selected enhancement there."""
    b = Position(seed=3, deck="full")
    column = _hand(b, "water_column")
    b.train(2, player=ME, at=(0, 0))
    c = Controller(_drawing(b), quick_play=False)
    c.sync()
    c.click(("hand", column))
    assert c.click(("tray", 1))
    assert c.game.state.areas[0].office.enhancements == [column]


def test_clicks_for_an_enhancement_play_make_it():
    """E1, E4: the board's clicks for 'play Gantry1 at 3,1' (the card, then the facility) make it."""
    b = Position(seed=3, deck="full")
    _layout(b)
    gantry = _hand(b, "gantry_crane")
    c = Controller(_drawing(b))
    c.sync()
    for kind, what in c.clicks_for(Play(gantry, (3, 1))):
        (c.click if kind == "click" else c.press)(what)
    assert str(c.game.history[-1]) == f"play {gantry} at 3,1"


def test_a_card_that_fits_nowhere_says_why():
    """E1: a Gantry Crane without a freight facility: the board says why, from a card it was tried on."""
    b = Position(seed=3, deck="full")
    gantry = _hand(b, "gantry_crane")
    c = Controller(_drawing(b), quick_play=False, quick_discard=False)
    c.sync()
    c.click(("hand", gantry))
    assert c.message.startswith("The Gantry Crane is selected. The Gantry Crane fits no card of your Office Area now "
                                "(for instance: The Gantry Crane goes on one of your freight facilities, not on the Office)")


# --------------------------------------------------------------------------- random play, bots


@pytest.mark.parametrize("mode, players", [("solitaire", 1), ("coop", 2), ("competitive", 3)])
def test_random_play_with_enhancements_in_every_hand(mode, players):
    """E1, E2, E3, E5: random legal play of a full-deck game whose players hold enhancements from the
    start (and draw the rest): they are played, and the invariants hold after every intent."""
    names = ["Player"] if players == 1 else [f"P{i}" for i in range(players)]
    b = Position(seed=11, deck="full", players=names, mode=mode, balance="v1")  # a copy each: the whole deck
    for who in names:
        b.office(who, "depot")
        b.hand(who, ["yard_lights", "lunch_counter", "siding_extension"])
    g = b.game()
    r = random.Random(11)
    played = 0
    for _ in range(1500):
        if g.is_over:
            break
        legal = g.legal_intents()
        plays = [i for i in legal if isinstance(i, Play) and g.state.deck.get(i.card, "") in
                 {"yard_lights", "lunch_counter", "siding_extension", "gantry_crane", "facing_point_locks",
                  "water_column", "overpass"}]
        it = r.choice(plays) if plays and r.random() < 0.7 else r.choice(legal)
        played += it in plays
        g.apply(it)
        assert check(g.state) == [], str(it)
    assert played >= players * 3


def test_the_planner_plays_enhancements():
    """E1: the planner bot puts an enhancement it holds on a card it fits."""
    from stationmaster.bots import make

    b = Position(seed=3, deck="full")
    _layout(b)
    b.office(ME, "depot")
    lunch, = b.hand(ME, ["lunch_counter"])
    column = b.take_card("water_column")
    b.state.home.append(column)  # the card the draw takes
    g = _drawing(b)
    d = make("planner").decide(g)
    assert d.intent == Play(lunch, (0, 0)) and d.reason == "puts the Lunch Counter on its card at 0,0", d
    g.apply(d.intent)  # a defence waits for a game where someone attacks (tests/bots/test_bots_full_deck.py)
    assert make("planner").decide(g).intent != Play(column, (0, 0))
