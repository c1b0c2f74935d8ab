"""The board's interaction logic (widgets/controller.py), driven without a browser or widgets."""

import random

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.intents import Agent, Discard, Draw, End, Move, Play, SetOut
from stationmaster.widgets.controller import NO_MOVE, Controller
from stationmaster.widgets.words import for_mouse, quotes_intent

ME = "Player"


def do(c, steps):
    """Run ``clicks_for`` steps on a controller."""
    for kind, what in steps:
        if kind == "click":
            c.click(what)
        else:
            c.press(what)


def perform(c, intent):
    """Make an intent by clicks; the intent applied, or None."""
    n = len(c.game.history)
    do(c, c.clicks_for(intent))
    return c.game.history[n] if len(c.game.history) > n else None  # (an idle draw may end after it)


def labels(c):
    return [a.label for a in c.actions()]


def action(c, label):
    return next(a for a in c.actions() if a.label == label)


def targets(c, kind="target"):
    return {t for t, k in c.highlights() if k == kind}


# --------------------------------------------------------------------------- Local Operations options


def test_option_buttons_follow_the_legal_intents_and_say_why_not():
    g = sm.new_game(seed=7)
    c = Controller(g)
    assert labels(c)[:5] == ["Switch", "Draw home", "Take Dept 1", "Take Dept 2", "Take Dept 3"]
    switch = action(c, "Switch")
    assert not switch.enabled and switch.tip == g.why_not("switch")  # no train to switch
    assert action(c, "Draw home").enabled and action(c, "Agent pass").enabled
    assert ("home",) in targets(c) and ("dept", 2) in targets(c)
    assert "Local Operations" in c.status() and "Player" in c.status()


def test_click_home_office_draws_and_department_takes():
    g = sm.new_game(seed=7)
    c = Controller(g)
    assert c.click(("home",))
    assert g.history == (Draw("home"),)
    g2 = sm.new_game(seed=7)
    c2 = Controller(g2)
    assert c2.click(("dept", 2))
    assert g2.history == (Draw(2),)


def test_a_refused_click_shows_the_engine_reason():
    g = sm.new_game(seed=7)
    c = Controller(g)
    c.click(("home",))
    assert not c.click(("home",))  # one draw per Stage
    assert c.error and c.message == for_mouse(g.why_not("draw home"))
    assert "press the End button" in c.message and "'end'" not in c.message
    assert len(g.history) == 1


def test_switch_button_disabled_then_clicking_a_train_chooses_switch():
    b = Position(seed=3)
    b.lay(ME, "straight", (1, 0))
    b.train(11, player=ME, at=(1, 0), behind=["HL1"])
    g = b.game()
    c = Controller(g)
    assert action(c, "Switch").enabled
    assert (("tray", 1), "option") in c.highlights()
    assert c.click(("tray", 1))
    assert [str(i) for i in g.history] == ["switch"]
    assert c.tray == 1
    dest = {t[2:] for t in targets(c) if t[0] == "spot"}
    assert dest == {m.to for m in g.legal_intents() if isinstance(m, Move) and m.tray == 1}


# --------------------------------------------------------------------------- switching


def switching_position():
    """Train 10 on the Office and a turned Run-around at 0,-1 that it reaches both east and west,
    its player having chosen Switch (built, so that no deal's cards matter)."""
    b = Position(seed=16)
    b.lay(ME, "runaround", (0, -1), turned=True)
    b.train(10, player=ME, at=(0, 0), behind=["TE2", "TE1", "TL4", "K1"])
    g = b.game()
    g.apply("switch")
    assert g.state.trains[1].number == 10
    return g


def test_move_by_clicking_tray_then_spot_prefers_east_on_a_fresh_move():
    g = switching_position()
    legal = {str(i) for i in g.legal_intents()}
    assert {"move 1 east 0,-1", "move 1 west 0,-1"} <= legal
    c = Controller(g)
    c.click(("tray", 1))
    assert ("spot", 0, 0, -1) in targets(c)
    assert c.click(("spot", 0, 0, -1))
    assert str(g.history[-1]) == "move 1 east 0,-1"
    assert c.tray == 1  # stays selected for the next Move


def test_move_prefers_the_direction_that_continues_the_last_move():
    g = switching_position()
    c = Controller(g)
    g.apply("move 1 west 0,-1")
    g.undo()
    # make the last Move a westward one, then ask for a spot reachable both ways
    g.state.turn.last_move = (1, "west")
    c.sync()
    c.click(("tray", 1))
    c.click(("spot", 0, 0, -1))
    assert str(g.history[-1]) == "move 1 west 0,-1"


def test_a_spot_reached_both_ways_gets_a_button_for_the_way_a_click_does_not_take():
    """The click on a spot reached both ways takes the way the train already moves (east on a fresh
    Move); the other way is a button naming it, and the button makes that Move."""
    g = switching_position()
    c = Controller(g)
    c.click(("tray", 1))
    other = [a for a in c.actions() if a.label.startswith("Move ")]
    assert [a.label for a in other] == ["Move west to the Run-around"]
    assert other[0].enabled
    c.press(other[0].key)
    assert str(g.history[-1]) == "move 1 west 0,-1"
    assert c.tray == 1


def test_unreachable_spot_shows_the_engine_reason():
    g = switching_position()
    c = Controller(g)
    c.click(("tray", 1))
    assert not c.click(("spot", 0, 1, 1))
    assert c.error and c.message == g.why_not("move 1 east 1,1")


def test_setout_buttons_come_from_the_legal_setouts_of_the_selected_tray():
    b = Position(seed=3)
    b.lay(ME, "straight", (1, 0))
    b.train(11, player=ME, at=(1, 0), behind=["HL1", "BE1"], ahead=["TL1"])
    g = b.game()
    c = Controller(g)
    c.click(("tray", 1))
    want = {str(i) for i in g.legal_intents() if isinstance(i, SetOut) and i.tray == 1}
    shown = {a.key for a in c.actions() if a.label.startswith("Set out")}
    assert shown == want and "setout 1 rear 2" in shown and "setout 1 front 1" in shown
    assert "Set out rear 2" in labels(c)
    c.press("setout 1 rear 2")
    assert str(g.history[-1]) == "setout 1 rear 2"


def test_after_the_first_move_only_the_switched_tray_is_offered_and_others_say_why():
    """S1: the board lets the player click any train to start; once one has moved, the others are refused
    with the engine's reason and are no longer highlighted."""
    b = Position(seed=3)
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "straight", (-1, 0))
    b.train(11, player=ME, at=(1, 0))
    b.train(12, player=ME, at=(-1, 0))
    g = b.game()
    c = Controller(g)
    c.click(("tray", 2))
    assert str(g.history[-1]) == "switch"
    assert c.click(("spot", 0, 0, 0))
    assert str(g.history[-1]) == "move 2 east 0,0"
    assert ("tray", 1) not in targets(c, "option")
    assert not c.click(("tray", 1))
    assert c.error and "switching train 12" in c.message


def test_clicking_another_players_area_is_refused_with_a_message():
    g = sm.new_game(seed=3, players=["Ann", "Bo"], mode="competitive")
    c = Controller(g)
    c.click(("home",))
    c.click(("hand", g.state.players[c.player].hand[0]))
    other = 1 - c.seat
    assert not c.click(("spot", other, 1, 0))
    assert c.error and "Office Area" in c.message


# --------------------------------------------------------------------------- the Draw option


def draw_position(cards, seed=1, **kw):
    b = Position(seed=seed, **kw)
    b.hand(ME, cards)
    extra = kw.pop("setup", None)
    if extra:
        extra(b)
    g = b.game()
    g.apply("draw home")
    return g


def test_play_a_track_card_by_clicking_the_card_then_a_highlighted_spot():
    g = draw_position(["straight"])
    c = Controller(g, auto_end_draw=False)  # the draw stays open to look at
    card = g.state.players[0].hand[0]
    c.click(("hand", card))
    assert c.card == card and (("hand", card), "selected") in c.highlights()
    spots = {t[2:] for t in targets(c) if t[0] == "spot"}
    assert spots == {(-1, 0), (1, 0)}
    assert {("dept", 1), ("dept", 2), ("dept", 3)} <= targets(c)
    assert c.click(("spot", 0, 1, 0))
    assert g.history[-1] == Play(card, (1, 0))
    assert c.card is None  # the card left the hand


def test_play_on_an_illegal_spot_says_why():
    g = draw_position(["straight"])
    c = Controller(g)
    card = g.state.players[0].hand[0]
    c.click(("hand", card))
    assert not c.click(("spot", 0, 0, 2))
    assert c.message == g.why_not(f"play {card} at 0,2")


def test_turned_toggle_lays_the_card_turned():
    b = Position(seed=1)
    b.hand(ME, ["turnout_left"])
    b.lay(ME, "straight", (1, 0))
    g = b.game()
    g.apply("draw home")
    c = Controller(g, auto_end_draw=False)  # the draw stays open to look at
    card = next(x for x in g.state.players[0].hand if x.startswith("TurnoutL"))
    c.click(("hand", card))
    assert "Turned" in labels(c)
    plain = {t for t in targets(c) if t[0] == "spot"}
    c.press("ui:turned")
    assert c.turned and action(c, "Turned").toggled
    turned = {t for t in targets(c) if t[0] == "spot"}
    want = {("spot", 0, *i.at) for i in g.legal_intents() if isinstance(i, Play) and i.card == card and i.turned}
    assert turned == want and turned != plain
    spot = sorted(turned)[0]
    assert c.click(spot)
    assert g.history[-1] == Play(card, spot[2:], True)


def test_a_modifier_beside_two_facilities_asks_which_it_serves():
    b = Position(seed=1)
    b.lay(ME, "straight", (-1, 0))
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "mine_tipple", (-1, 1))
    b.lay(ME, "produce_shed", (1, 1))
    b.hand(ME, ["team_track"])
    g = b.game()
    g.apply("draw home")
    c = Controller(g, auto_end_draw=False)  # the draw stays open to look at
    card = next(x for x in g.state.players[0].hand if x.startswith("TeamTrack"))
    c.click(("hand", card))
    assert not c.click(("spot", 0, 0, 1))
    assert c.serves and set(c.serves["targets"]) == {(-1, 1), (1, 1)}
    assert targets(c) == {("spot", 0, -1, 1), ("spot", 0, 1, 1)}
    assert not c.click(("spot", 0, 0, 2))  # not one of the facilities
    assert c.error and c.serves
    assert c.click(("spot", 0, 1, 1))
    assert g.history[-1] == Play(card, (0, 1), False, (1, 1))


def test_office_upgrade_and_trains_play_by_button():
    g = draw_position(["station", "train5"])  # the Office opens as a Depot ([U5]): a Station goes on it
    c = Controller(g, quick_play=False)  # the two-click way (one click: tests/widgets/test_clicks.py)
    hand = g.state.players[0].hand
    station = next(x for x in hand if x.startswith("Station"))
    train = next(x for x in hand if x.startswith("T") and x[1:].isdigit())
    c.click(("hand", train))
    assert f"play {train}" in [a.key for a in c.actions()]
    c.press(f"play {train}")
    assert str(g.history[-1]) == f"play {train}"
    c.click(("hand", station))
    assert c.click(("spot", 0, 0, 0))  # clicking your Office plays the upgrade as well
    assert f"play {station}" in [str(i) for i in g.history[-2:]]  # (then the draw may end by itself)
    assert g.state.areas[0].office.card == station


def test_discard_by_clicking_a_department():
    g = draw_position(["straight"])
    c = Controller(g, auto_end_draw=False, quick_play=False, quick_discard=False)  # the draw stays open to look at
    card = g.state.players[0].hand[0]
    assert not c.click(("dept", 2))  # no card selected: says what to do
    assert c.error
    c.click(("hand", card))
    assert c.click(("dept", 2))
    assert g.history[-1] == Discard(card, 2)


def test_end_draw_refused_over_the_hand_limit_shows_the_reason():
    g = draw_position(["straight", "straight", "straight"])
    c = Controller(g)
    end = action(c, "End draw")
    assert not end.enabled and end.tip == g.why_not("end")
    assert not c.press("end")
    assert c.message == g.why_not("end")


# --------------------------------------------------------------------------- Freight Agent, Load/Unload, prompts


def tipple_with_a_red_box():
    """A Mine Tipple beside the Whistle Post with a hopper load waiting in its red box."""
    b = Position(seed=1)
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "mine_tipple", (0, 1))
    b.boxes(ME, (0, 1), red=["hopper"])
    return b.game()


def test_freight_agent_by_clicking_a_facility_then_choosing():
    g = tipple_with_a_red_box()
    c = Controller(g)
    assert ("spot", 0, 0, 1) in targets(c, "option")
    c.click(("spot", 0, 0, 1))
    keys = [a.key for a in c.actions()]
    assert "agent clear 0,1" in keys
    c.press("agent clear 0,1")
    assert g.history[-1] == Agent("clear", (0, 1))


def test_a_click_on_a_red_box_clears_it_and_on_a_green_box_stocks_it():
    """A1/A2: the Freight Agent's box is its gesture: one click on the red box clears it (a click on
    the facility elsewhere selects it and shows the buttons, unjam among them)."""
    g = tipple_with_a_red_box()
    c = Controller(g)
    assert (("box", 0, 0, 1, "red"), "target") in c.highlights()
    assert c.clicks_for(Agent("clear", (0, 1))) == [("click", ("box", 0, 0, 1, "red"))]
    assert c.click(("box", 0, 0, 1, "red"))
    assert g.history[-1] == Agent("clear", (0, 1))


def test_a_refused_click_on_a_red_box_says_why_the_agent_cannot_clear_it():
    """A click on an empty red box in Local Operations comes nearest to the Freight Agent's clear: its
    reason is the engine's for that (it was the reason against stocking the green box). In Load/Unload
    the engine says whose box it is."""
    b = Position(seed=1)
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "mine_tipple", (0, 1))
    g = b.game()
    c = Controller(g)
    assert not c.click(("box", 0, 0, 1, "red")) and c.error
    assert c.message == for_mouse(g.why_not("agent clear 0,1")) and "red box" in c.message.lower()
    b = Position(seed=1)
    b.lay(ME, "mine_tipple", (0, 1))
    b.boxes(ME, (0, 1), red=["HL6"])  # nothing for a Laborer there
    b.lay(ME, "mine_tipple", (-1, -1))  # work elsewhere keeps the player in Load/Unload
    b.cars(ME, (-1, -1), ["HE5"])
    b.boxes(ME, (-1, -1), green=["HL5"])
    g = b.game()
    while g.phase == "local_operations":
        g.apply("agent pass")
    assert g.phase == "load_unload"
    c = Controller(g)
    assert not c.click(("box", 0, 0, 1, "red")) and c.error
    assert c.message == for_mouse(g.why_not("agent clear 0,1"))
    assert c.message == "A Laborer does not empty a red box; the Freight Agent clears it in Local Operations"


def load_unload_position():
    """A Depot with a loaded coach in its green box and train 1 held at the Office with an empty
    coach (it arrived this Stage, so the Mainline phase does not move it), in Load/Unload."""
    b = Position(seed=1)
    b.office(ME, "depot")
    b.boxes(ME, (0, 0), green=["CL1"])
    b.train(1, player=ME, at=(0, 0), ahead=["CE1"], arrived_earlier=False)
    g = b.game()
    while g.phase == "local_operations":
        g.apply("agent pass")
    return g


def test_porters_board_by_tray_then_button_or_green_box():
    g = load_unload_position()
    assert g.phase == "load_unload" and "board 1" in {str(i) for i in g.legal_intents()}
    c = Controller(g)
    assert ("box", 0, 0, 0, "green") in targets(c)
    c.click(("tray", 1))
    assert "board 1" in [a.key for a in c.actions()]
    assert c.click(("box", 0, 0, 0, "green"))
    assert str(g.history[-1]) == "board 1"


def test_a_chosen_coach_is_a_button_of_its_own():
    """L2: with two empty coaches the board offers 'Board train 1, car 2' beside the plain Board button."""
    b = Position(seed=1)
    b.office(ME, "depot")
    b.boxes(ME, (0, 0), green=["CL1"])
    b.train(1, player=ME, at=(0, 0), ahead=["CE1", "CE2"], arrived_earlier=False)  # front: CE2, CE1
    g = b.game()
    while g.phase == "local_operations":
        g.apply("agent pass")
    c = Controller(g)
    c.click(("tray", 1))
    assert {"Board train 1 (tray 1)", "Board train 1 (tray 1), car 2"} <= set(labels(c))
    assert str(perform(c, sm.parse("board 1 car 2"))) == "board 1 car 2"
    assert g.state.trains[1].cars == ["CE2", "CL1"]


def test_pending_decisions_show_only_their_buttons():
    """M4: train 4 follows train 2 into its Subdivision, so the game waits on the Superintendent
    (built, so the test always reaches the decision; a seeded walk once skipped when it did not)."""
    b = Position(seed=1, players=["Ann", "Bo"], mode="competitive")
    for number, where in ((2, {"mainline": (0, 0), "behind": ["BE1", "K1"]}),  # in Subdivision 1
                          (4, {"division_point": "west", "behind": ["HE1", "K2"]})):
        b.schedule(number, max(st for st in range(1, 13) if st not in b.state.timetable))  # not due again
        b.train(number, **where)
    g = b.game()
    while g.phase == "local_operations":
        g.apply("agent pass")
    assert g.state.turn.pending is not None and g.decision == "clear or hold a following train"
    c = Controller(g)
    keys = {a.key for a in c.actions()}
    assert keys == {str(i) for i in g.legal_intents()}
    assert not c.click(("home",))
    assert c.error and "must" in c.message


def test_game_over_refuses_clicks_with_the_outcome():
    g = sm.new_game(seed=2, length="short")
    r = random.Random(2)
    while not g.is_over:
        g.apply(r.choice(g.legal_intents()))
    c = Controller(g)
    assert c.actions() == [] and c.highlights() == []
    assert not c.click(("home",))
    assert "over" in c.message
    assert c.status().startswith("Game over")


def test_a_script_changing_the_game_drops_a_stale_selection():
    g = draw_position(["straight"])
    c = Controller(g)
    card = g.state.players[0].hand[0]
    c.click(("hand", card))
    g.apply(f"discard {card} to 1")  # another cell
    c.sync()
    assert c.card is None


# --------------------------------------------------------------------------- whole games by mouse


@pytest.mark.parametrize("seed,config", [
    (3, {"length": "short"}),  # (a seed whose random game under v6 makes every kind checked below)
    (2, {"players": ["Ann", "Bo", "Cy"], "mode": "competitive", "length": "short",
         "optional_rules": ["manual_makeup", "emergency_toolbox"]}),
])
def test_whole_games_by_clicks(seed, config):
    """Every intent of a random game is made by clicks and buttons (a Move's spot click may choose
    the other direction to the same spot, as the board prefers)."""
    g = sm.new_game(seed=seed, **config)
    c = Controller(g)
    r = random.Random(seed)
    kinds = set()
    while not g.is_over:
        legal = g.legal_intents()
        busy = [i for i in legal if not isinstance(i, (End, Discard, Draw)) and str(i) != "agent pass"]
        it = r.choice(busy) if busy and r.random() < 0.8 else r.choice(legal)
        got = perform(c, it)
        assert got is not None, f"{it} not made by clicks: {c.message}"
        if isinstance(it, Move):
            assert (got.tray, got.to) == (it.tray, it.to)
        else:
            assert got == it
        kinds.add(type(it).__name__)
        assert len(g.history) < 3000
    assert {"Move", "Play", "Discard", "Draw", "End"} <= kinds


# --------------------------------------------------------------------------- messages for the mouse


def stuck_train_position():
    """Train 11 stands on the Office and there is no other card to move to: Switch would waste
    the Stage."""
    b = Position(seed=3)
    b.train(11, player=ME, at=(0, 0))
    return b.game()


def test_switch_is_greyed_with_the_reason_when_no_train_can_move():
    g = stuck_train_position()
    assert "switch" in {str(i) for i in g.legal_intents()}  # the engine allows it
    c = Controller(g)
    sw = action(c, "Switch")
    assert not sw.enabled and sw.tip == NO_MOVE
    assert not any(t[0] == "tray" for t, k in c.highlights())  # no train offered to click


def test_clicking_a_train_that_cannot_move_keeps_the_stage():
    g = stuck_train_position()
    c = Controller(g)
    assert not c.click(("tray", 11 if 11 in g.state.trains else next(iter(g.state.trains))))
    assert g.history == ()  # Switch was not chosen: the Stage is not lost
    assert c.error and c.message.startswith(NO_MOVE) and "Draw instead" in c.message
    assert "highlighted" not in c.message


def test_switch_greyed_without_trains_says_so():
    g = sm.new_game(seed=7)
    c = Controller(g)
    sw = action(c, "Switch")
    reason = g.why_not("switch")
    assert not sw.enabled and sw.tip == reason[0].upper() + reason[1:]


def test_a_card_that_fits_nowhere_says_so_without_intent_syntax():
    g = draw_position(["produce_shed"])
    c = Controller(g)
    card = next(x for x in g.state.players[0].hand if x.startswith("Shed"))
    assert "'play" in g.why_not(f"play {card}")  # the engine speaks to scripts too
    c.click(("hand", card))
    assert "fits no spot of your Office Area" in c.message and "Department" in c.message
    assert not quotes_intent(c.message) and "x,y" not in c.message
    assert for_mouse(g.why_not(f"play {card}")) == \
        "Say where to play the Produce Shed: click the card, then a highlighted spot"


def turned_only_position():
    b = Position(seed=1)
    b.hand(ME, ["turnout_left"])
    b.lay(ME, "straight", (1, 0))
    g = b.game()
    g.apply("draw home")
    card = next(x for x in g.state.players[0].hand if x.startswith("TurnoutL"))
    plays = [i for i in g.legal_intents() if isinstance(i, Play) and i.card == card and i.at is not None]
    only_turned = sorted({i.at for i in plays if i.turned} - {i.at for i in plays if not i.turned})
    assert only_turned, "the position needs a spot that takes the card only turned"
    return g, card, only_turned


def test_turned_only_spots_are_highlighted_and_a_click_lays_the_card_turned():
    g, card, only_turned = turned_only_position()
    c = Controller(g, auto_end_draw=False)  # the draw stays open to look at
    c.click(("hand", card))
    assert {("spot", 0, *xy) for xy in only_turned} == targets(c, "turned")
    assert "it fits there only turned" in c.message
    assert not c.turned
    assert c.click(("spot", 0, *only_turned[0]))
    assert g.history[-1] == Play(card, only_turned[0], True)
    assert "fits there only turned, so it was laid that way" in c.message


def test_a_card_laid_as_printed_against_the_turned_toggle_says_so():
    """The Turned toggle on, a click on a spot the card fits only as printed lays it as printed,
    and the message says that way (it said "turned": the toggle was read after the card had gone)."""
    g, card, _ = turned_only_position()
    plays = [i for i in g.legal_intents() if isinstance(i, Play) and i.card == card and i.at is not None]
    only_printed = sorted({i.at for i in plays if not i.turned} - {i.at for i in plays if i.turned})
    assert only_printed, "the position needs a spot that takes the card only as printed"
    c = Controller(g, auto_end_draw=False)
    c.click(("hand", card))
    c.press("ui:turned")
    assert c.turned and ("spot", 0, *only_printed[0]) in targets(c, "turned")
    assert c.click(("spot", 0, *only_printed[0]))
    assert g.history[-1] == Play(card, only_printed[0], False)
    assert "fits there only as printed, so it was laid that way" in c.message


def test_after_a_move_the_message_says_the_train_stays_selected():
    g = switching_position()
    c = Controller(g)
    c.click(("tray", 10 if 10 in g.state.trains else next(iter(g.state.trains))))
    tray = c.tray
    spot = sorted(targets(c))[0]
    assert c.click(spot)
    assert c.tray == tray
    label = c.train_label(tray)
    assert f"{label[0].upper() + label[1:]} is still selected" in c.message or "No Moves left" in c.message
    assert c.selection() == f"Selected: {label}."


def test_the_selection_is_always_stated():
    g = draw_position(["straight"])
    c = Controller(g)
    assert c.selection() == "Nothing selected."
    card = g.state.players[0].hand[0]
    c.click(("hand", card))
    assert c.selection() == "Selected: the Straight."
    c.press("ui:turned")
    assert c.selection() == "Selected: the Straight (to lay turned)."
    c.click(None)
    assert c.selection() == "Nothing selected."


def test_no_button_tip_or_message_quotes_intent_syntax_in_a_day_of_play():
    """A Day of solitaire played through the controller: every button's tooltip and every message
    is in words (no quoted intent text, no 'x,y')."""
    g = sm.new_game(seed=5, length="short")
    c = Controller(g)
    r = random.Random(5)
    while not g.is_over and g.day == 1:
        for a in c.actions():
            assert not quotes_intent(a.tip), a.tip
        legal = g.legal_intents()
        it = r.choice(legal)
        for kind, what in c.clicks_for(it):
            c.click(what) if kind == "click" else c.press(what)
            assert not quotes_intent(c.message) and "x,y" not in c.message, c.message
        if g.history and g.history[-1] != it and it in g.legal_intents():
            g.apply(it)  # a click the board resolves another way (the Move direction rule)


def test_ending_the_draw_with_one_card_says_card():
    g = draw_position(["straight"])
    hand = g.state.players[0].hand
    for card in hand[1:]:
        g.apply(f"discard {card} to 1")
    events = g.apply("end")
    assert "ends the draw holding 1 card." in " ".join(str(e) for e in events)


def test_a_train_order_is_played_by_its_trains_button():
    """M17: with an Expedite selected in the Draw option, the board offers one button per train it may
    go on (no spot, no plain Play button); pressing one gives the train the order."""
    b = Position(seed=2, deck="full")
    b.state.mainline = ["Damascus Bridge", "Low Line"]
    t = b.train(1, mainline=(0, 0))
    b.hand(ME, ["expedite"])
    g = b.game()
    c = Controller(g, quick_play=False)  # its buttons (one legal Play: one click, tests/widgets/test_clicks.py)
    g.apply("draw home")
    c.sync()
    (card,) = [x for x in g.state.players[0].hand if g.state.deck[x] == "expedite"]
    c.click(("hand", card))
    assert "button of the train" in c.message
    assert "Play Expedite" not in labels(c)
    assert f"Expedite: train 1 (tray {t.tray})" in labels(c)
    assert perform(c, f"play {card} on {t.tray}") == Play(card, tray=t.tray)
    assert g.state.trains[t.tray].orders == [card]


def test_a_mainline_modifier_is_played_by_its_division_cards_button():
    """M19: with Block Signals selected in the Draw option, the board offers a button per Division card
    it may go on; pressing one puts it there."""
    b = Position(seed=2, deck="full")
    b.state.mainline = ["Seaside Double Track", "Taney Cut"]
    b.hand(ME, ["block_signals"])
    g = b.game()
    c = Controller(g, quick_play=False)  # its buttons (one legal Play: one click, tests/widgets/test_clicks.py)
    g.apply("draw home")
    c.sync()
    (card,) = [x for x in g.state.players[0].hand if g.state.deck[x] == "block_signals"]
    c.click(("hand", card))
    assert "Mainline card" in c.message
    assert [a for a in labels(c) if a.startswith("Block Signals")] == ["Block Signals: Taney Cut"]
    assert perform(c, f"play {card} on Mainline 2") == Play(card, mainline=2)
    assert g.state.ml_modifiers == {1: [card]}


def test_a_selection_survives_the_boards_sync_within_the_turn_only():
    """The board's observer syncs the controller in the middle of every apply: a train clicked to
    choose Switch stays selected for its Moves, and nothing selected outlives the turn."""
    g = switching_position()
    g.undo()  # back to choosing the option, train 10 on the Office
    c = Controller(g)
    g.observe(lambda game: c.sync())
    assert c.click(("tray", 1)) and str(g.history[-1]) == "switch" and c.tray == 1
    move = next(m for m in g.legal_intents() if isinstance(m, Move) and m.tray == 1)
    assert c.click(("spot", 0, *move.to)) and c.tray == 1
    c.press("end")
    assert c.clicks == [] and c.tray is None


@pytest.mark.parametrize("seed", [0, 1])
def test_what_switch_would_lead_to_is_never_that_of_an_earlier_state(seed):
    """The Switch foresight is kept for one game state: it was keyed by the id() of the legal
    intents, which a later state's may take over once the earlier is freed, and then said "Switch
    with your trains ( can move)" or greyed Switch in the wrong Stage."""
    from stationmaster.widgets.automation import switch_check

    g = sm.new_game(seed=seed)
    c = Controller(g)
    rng = random.Random(seed)
    for n in range(600):
        if g.is_over:
            break
        if n % 3 == 0 and c.seat is not None:  # (asked now and then, as a board asks after a click)
            assert (c.switch_problem(), c.movable_after_switch()) == switch_check(g, c.seat), n
        g.apply(rng.choice(g.legal_intents()))
