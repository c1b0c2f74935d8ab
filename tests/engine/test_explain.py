"""The Hint and What can I do? explain in game terms (stationmaster/explain.py, widgets/advice.py):
what an intent earns, makes possible or avoids, never the intent said again; a hint never sends the
player to take a card they could not then play; every pending decision has its items."""

import random

import pytest

import stationmaster as sm
from stationmaster import explain
from stationmaster.builder import Position
from stationmaster.query import spec_of
from stationmaster.bots.planner import PlannerBot
from stationmaster.intents import Board, Clearance, Draw, End, Grade
from stationmaster.widgets import advice
from stationmaster.widgets.controller import Controller
from stationmaster.widgets.words import say

ME = "Player"


def load_unload_position():
    """L2: two loaded coaches' worth of passengers waiting in the Depot's green box, train 1 at the
    Office with an empty coach, in Load/Unload."""
    b = Position(seed=1)
    b.office(ME, "depot")
    b.boxes(ME, (0, 0), green=["CL1", "CL2"])
    b.train(1, player=ME, at=(0, 0), ahead=["CE1"], arrived_earlier=False)
    g = b.game()
    while g.phase == "local_operations":
        g.apply("agent pass")
    return g


def test_boarding_is_explained_by_the_passengers_waiting_and_the_train_standing_there():
    """L2: 'Board the 2 passengers waiting at your Office: train 1 stands on your A/D track ...'."""
    g = load_unload_position()
    why = explain.why(g, Board(1))
    assert why.startswith("Board the 2 passengers waiting at your Office: train 1 stands on your A/D track")
    assert "earns 1 Revenue now" in why
    assert say(g.state, Board(1), 0) not in why


def clearance_with_a_train_ahead():
    """A solitaire game played at random until the Superintendent must clear or hold a train with
    another train running ahead of it on the Mainline."""
    for seed in range(1, 40):
        g = sm.new_game(seed=seed)
        r = random.Random(seed)
        while not g.is_over and len(g.history) < 1500:
            pend = g.state.turn.pending
            if pend is not None and pend.kind == "clearance" and explain._ahead_where(g.state, pend.tray):
                return g
            g.apply(r.choice(g.legal_intents()))
    pytest.fail("no clearance with a train ahead in 40 random games")


def test_hold_and_clear_name_the_train_ahead_and_where_it_is():
    """M4: 'Hold: train 5 is still crossing Cedar Cut, and train 9 would run into its rear'."""
    g = clearance_with_a_train_ahead()
    s = g.state
    follower = s.trains[s.turn.pending.tray]
    label, card = explain._ahead_where(s, follower.tray)[0]
    assert card in s.mainline
    hold = explain.why(g, Clearance(False))
    assert hold == f"Hold: train {label} is still crossing {card}, and train {follower.label} would run into its rear"
    clear = explain.why(g, Clearance(True))
    assert clear.startswith(f"Clear: train {label} is far enough ahead on {card}")
    items = [w for w, _ in advice.options(Controller(g))]
    assert any(w.startswith(f"Hold train {follower.label}: Hold: train {label}") for w in items)
    assert any(w.startswith(f"Clear train {follower.label}: Clear:") for w in items)


def test_a_hint_never_takes_a_card_it_cannot_play_and_says_why():
    """D3: the Terminal on Department 1 cannot go on a Depot (the default edition's opening Office,
    [U5]; upgrades one step at a time); the planner would take it (a Station in hand is the tier
    between), the Hint draws from the Home Office instead and says why."""
    b = Position(seed=1)
    assert spec_of(b.state, b.state.areas[0].office.card).key == "depot"
    b.hand("Player", ["station"])
    terminal = b.take_card("terminal")
    b._game.state.departments[0].append(terminal)
    g = b.game()
    assert explain.follows_through(g, Draw(1)).startswith("the Terminal on Department 1 could not be played")
    assert PlannerBot().decide(g).intent == Draw(1)
    got = advice.hint(g)
    assert got.intent != Draw(1) and explain.follows_through(g, got.intent) is None
    assert got.intent == Draw("home")
    assert "The Terminal on Department 1 could not be played after taking it (your Office is a Depot" \
        in got.reason


def test_taking_a_playable_card_says_what_it_is_for_and_where_it_fits():
    b = Position(seed=1)
    straight = b.take_card("straight")
    b._game.state.departments[1].append(straight)
    g = b.game()
    why = explain.why(g, Draw(2))
    assert why.startswith("The Straight is track: room for more cards and trains in your Office Area; it fits")
    assert explain.follows_through(g, Draw(2)) is None


def test_ending_a_draw_says_which_cards_are_kept_and_why():
    b = Position(seed=1)
    b.hand(ME, ["station"])
    g = b.game()
    g.apply("draw home")
    c = Controller(g, auto_end_draw=False)
    hand = [sm.rules.spec_of(g.state, x).name for x in g.state.players[0].hand]
    why = explain.why(g, End())
    assert "Station" in why and ("keep" in why.lower() or "Keep" in why)
    assert "end the draw" not in why.lower()
    assert hand and c.actions()


def test_the_heavy_grade_has_an_item_per_direction_and_a_reasoned_hint():
    """M15: What can I do? lists both uphill directions with why; the Hint chooses the direction
    fewer trains climb and says so (in Competitive it once said 'places a car the train can take')."""
    g = next(g for g in (sm.new_game(seed=n, deck="full", players=["Ann", "Bo"], mode="competitive")
                         for n in range(1, 60)) if g.state.turn.pending is not None)
    assert g.state.turn.pending.kind == "grade"
    c = Controller(g)
    items = advice.options(c)
    assert [h for _, h in items] == ["press Uphill east", "press Uphill west"]
    assert all("climb" in w for w, _ in items)
    got = advice.hint(g)
    assert isinstance(got.intent, Grade) and got.intent.direction == explain.grade_choice(g.state)
    climb, down = explain.grade_counts(g.state, got.intent.direction)
    assert climb <= down and "for a helper" in got.reason and "places a car" not in got.reason


def test_every_pending_decision_has_items():
    """What can I do? is never empty while a person must decide: clearance, Extra direction,
    make-up and grade each list their choices."""
    kinds = set()
    for seed in range(1, 6):
        g = sm.new_game(seed=seed, players=["Ann", "Bo"], mode="competitive", optional_rules=["manual_makeup"])
        r = random.Random(seed)
        while not g.is_over and len(g.history) < 600:
            pend = g.state.turn.pending
            if pend is not None:
                items = advice.options(Controller(g))
                assert len(items) >= len(g.legal_intents()), (pend.kind, items)
                kinds.add(pend.kind)
            g.apply(r.choice(g.legal_intents()))
    assert {"clearance", "makeup"} <= kinds


def test_hint_reasons_say_why_not_what():
    """A Standard game by the Hint: every reason is there and none is the intent said again."""
    g = sm.new_game(seed=4)
    seen = set()
    while not g.is_over and len(g.history) < 250:
        got = advice.hint(g)
        said = say(g.state, got.intent, 0)
        assert got.reason and said.lower() not in got.reason.lower(), (said, got.reason)
        assert not got.reason.lower().startswith(said.split()[0].lower() + " " + said.split()[-1].lower())
        seen.add(type(got.intent).__name__)
        g.apply(got.intent)
    assert {"Draw", "Play", "End", "Clearance", "Board"} <= seen


def test_an_extras_passengers_are_explained_with_its_own_label_and_a_list_names_each_card_once():
    """L2: detraining an Extra's passengers is explained with the Extra's label as printed ('Train
    X11 brought passengers…', not 'Train x11'); a list of cards names each card once."""
    from stationmaster.intents import Detrain

    b = Position(seed=1)
    b.office(ME, "depot")
    t = b.train(11, player=ME, at=(0, 0), ahead=["CL1"], extra=True, arrived_earlier=False)
    g = b.game()
    while g.phase == "local_operations":
        g.apply("agent pass")
    why = explain.why(g, Detrain(t.tray))
    assert why.startswith("Train X11 brought passengers for your Office"), why
    assert explain._and(["Run-around", "Straight", "Run-around"]) == "Run-around and Straight"


def test_the_reason_to_clear_a_red_box_says_how_full_the_boxes_are():
    """A Freight Agent's clear was explained as "the red box is full" whatever the boxes held (tutorial
    11's expert cleared 2 of 4): the reason says how many are full, and a full one is called full."""
    from stationmaster.intents import Agent
    b = Position(seed=3)
    b.boxes("Player", (0, 0), red=["coach"])
    g = b.game()
    said = explain.why(g, Agent("clear", (0, 0)))
    assert "hold 1 of 2" in said and "full" not in said
    b = Position(seed=3)
    b.boxes("Player", (0, 0), red=["coach", "coach"])
    said = explain.why(b.game(), Agent("clear", (0, 0)))
    assert "are full (2 of 2)" in said
