"""Solitaire adversity, the optional rule ``adversity`` (rulings [W1]-[W6] in docs/rules.md): at each
Stage start the Division turns up a card of its own situation deck and strikes the lone player with
it, on a target drawn from the game's stream."""

import random
from collections import Counter

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import catalog
from stationmaster.cards.opponent import EFFECTS
from stationmaster.cards.situations import strike_targets, turn_up
from stationmaster.cards.specs import SITUATION_DECK, SITUATION_IDS, is_situation
from stationmaster.config import OPTIONAL_RULES, make_config
from stationmaster.invariants import check
from stationmaster.rules import Events
from stationmaster.view.scene import build_scene
from stationmaster.view.svg import to_svg
from stationmaster.widgets.controller import Controller
from positions import until_stage

ADVERSITY = ["adversity"]


def solo(deck="classic", seed=3, **options):
    """A Solitaire position with adversity (Ann alone)."""
    return Position(seed=seed, players=["Ann"], deck=deck, optional_rules=ADVERSITY, **options)


def rig(s, key_or_id: str) -> str:
    """Make one situation card of that type (or that id) the only one face down: the next turned up."""
    pool = s.situations + s.situations_used
    card = next(c for c in sorted(pool) if c == key_or_id or s.deck[c] == key_or_id)
    s.situations_used = sorted(c for c in pool if c != card)
    s.situations = [card]
    return card




def turn_ups(events) -> list:
    """The events that tell what the Division turned up (one a Stage)."""
    return [e for e in events if e.kind in ("situation", "attack", "defence") and e.data.get("by") == "the Division"]


def random_game(seed, deck="classic", busy=0.7, length="short", **options):
    g = sm.new_game(seed=seed, deck=deck, length=length, optional_rules=ADVERSITY, **options)
    r = random.Random(seed)
    steps = 0
    while not g.is_over:
        legal = g.legal_intents()
        active = [i for i in legal if str(i) not in ("end", "agent pass", "hold")]
        g.apply(r.choice(active if active and r.random() < busy else legal))
        steps += 1
        assert steps < 20_000
        yield g


# --------------------------------------------------------------------------- W1: Solitaire only


@pytest.mark.parametrize("mode,players", [("coop", ["Ann", "Bo"]), ("competitive", ["Ann", "Bo"])])
def test_adversity_is_refused_outside_solitaire_in_words(mode, players):
    """W1: the rule strikes a lone player; in a Co-op or Competitive game it is refused, saying why
    and what to do."""
    with pytest.raises(ValueError) as err:
        make_config(players, mode=mode, optional_rules=ADVERSITY)
    words = str(err.value)
    assert f"it is for Solitaire games, and this is a {mode} game" in words
    assert "leave 'adversity' out or play Solitaire" in words
    with pytest.raises(ValueError, match="for Solitaire games"):
        sm.new_game(seed=1, players=players, mode=mode, optional_rules=ADVERSITY)


@pytest.mark.parametrize("deck", ["classic", "full"])
def test_adversity_is_a_solitaire_optional_rule_for_both_decks_kept_in_the_save(deck):
    """W1, W6: 'adversity' is an optional rule of Solitaire games with either deck; the configuration
    (so the rule) is in the save, and a save loads to the same game."""
    assert "adversity" in OPTIONAL_RULES
    g = sm.new_game(seed=2, deck=deck, optional_rules=ADVERSITY)
    assert g.config.optional_rules == ("adversity",) and check(g.state) == []
    for _ in range(60):
        g.apply(g.legal_intents()[0])
    text = g.dumps()
    assert '"adversity"' in text
    h = sm.loads(text)
    assert h.state == g.state and [e.text for e in h.events] == [e.text for e in g.events]


def test_without_the_rule_nothing_turns_up():
    """W1: a Solitaire game without the rule has no situation deck and turns nothing up."""
    g = sm.new_game(seed=2)
    assert g.state.situations == [] and g.state.situation is None
    assert not any(is_situation(c) for c in g.state.deck)
    until_stage(g, 3)
    assert not [e for e in g.events if e.kind == "situation" or "Division turns up" in e.text]


# --------------------------------------------------------------------------- W2: the situation deck


def test_the_situation_deck_is_a_pile_of_its_own():
    """W2, W1: the situation deck is 22 cards — 14 of the opponent-directed troubles and 8 All Clear,
    no score penalty — face down beside the Home Office deck, which is dealt exactly as without the
    rule."""
    counts = Counter()
    for key, n, prefix, why in SITUATION_DECK:
        counts[key] += n
        assert why and prefix.startswith("Sit")
    assert sum(counts.values()) == 22 and counts["all_clear"] == 8
    assert set(counts) - {"all_clear"} <= set(EFFECTS)
    assert not {"icc_fine", "freight_claim"} & set(counts)
    for deck in ("classic", "full"):
        plain = {"starter_siding": "off"}  # the deck as catalogued (v6's sidings come from the supply, U6)
        with_rule = sm.new_game(seed=9, deck=deck, optional_rules=ADVERSITY, house_rules=plain).state
        without = sm.new_game(seed=9, deck=deck, house_rules=plain).state
        home = catalog(deck).ids("solitaire", seats=1)  # a table of one ([U3])
        assert {c: k for c, k in with_rule.deck.items() if not is_situation(c)} == home == without.deck
        assert sorted(with_rule.situations + with_rule.situations_used) == sorted(SITUATION_IDS)
        # the deal of the Home Office deck is the same: the situation deck takes nothing from it
        assert with_rule.players[0].hand == without.players[0].hand
        assert not any(is_situation(c) for c in with_rule.home + with_rule.players[0].hand)


# --------------------------------------------------------------------------- W3: turning a card up


def test_a_hotbox_turned_up_holds_the_train_and_the_player_is_told():
    """W3: the Division turns up a Hotbox and strikes the one train standing in Ann's Office Area: it
    is held until the end of the next Stage, as if an opponent had played it ([O4]); one event says
    what turned up, where it struck and what it does; the board keeps it as this Stage's situation."""
    b = solo()
    t5 = b.train(number=5, player="Ann", at=(0, 0))
    hot = rig(b.state, "hotbox")
    ev = Events()
    assert turn_up(b.state, ev) == hot
    assert [str(e) for e in ev] == ["The Division turns up a Hotbox on train 5 at Ann's Office: it is held and "
                                    "cannot highball until the end of Stage 2 (2:00 AM) of Day 1."]
    assert ev[0].data["by"] == "the Division" and ev[0].player == "Ann"
    assert b.state.trains[t5.tray].orders == [hot] and b.state.inflicted[hot][1] is None
    assert b.state.situation == (hot, "train 5", str(ev[0]))
    g = b.game()
    assert check(g.state) == []
    until_stage(g, 2)
    held = [e for e in g.events if e.kind == "held" and e.data.get("train") == "5"]
    assert held and held[0].data["reason"] == "hotbox"
    until_stage(g, 3)
    assert "The Hotbox the Division played on train 5 ends: it may highball again." in [e.text for e in g.events]
    assert hot in g.state.situations_used and hot not in g.state.salvage and check(g.state) == []


def test_nothing_to_strike_has_no_effect_and_says_so():
    """W3: a card with no legal target in Ann's Area does nothing and the event says so."""
    b = solo()
    der = rig(b.state, "derail")
    ev = Events()
    turn_up(b.state, ev)
    assert [str(e) for e in ev] == ["The Division turns up a Derail: nothing to strike (no train stands in your "
                                    "Office Area): no effect."]
    assert ev[0].kind == "situation" and b.state.situations_used[-1] == der
    assert b.state.situation == (der, "no effect", str(ev[0]))
    assert check(b.state) == []


def test_all_clear_is_a_quiet_stage():
    """W2, W3: All Clear does nothing; it goes straight back to the situation discard."""
    b = solo()
    clear = rig(b.state, "all_clear")
    ev = Events()
    turn_up(b.state, ev)
    assert [str(e) for e in ev] == ["The Division turns up All Clear: a quiet Stage, nothing goes wrong."]
    assert clear in b.state.situations_used and check(b.state) == []


def test_the_target_is_drawn_among_the_legal_ones_and_the_space_cards_follow_O8_to_O10():
    """W3: the target is one of those an opponent could play the card on, drawn with the game's
    stream (the same seed, the same target); a Washout closes a clear track card for the Day."""
    picks = set()
    for seed in range(1, 13):
        b = solo(seed=seed)
        b.lay("Ann", "straight", (1, 0))
        b.lay("Ann", "straight", (2, 0))
        b.lay("Ann", "straight", (-1, 0))
        b.train(number=5, player="Ann", at=(2, 0))
        wash = rig(b.state, "washout")
        legal = strike_targets(b.state, wash, 0)
        assert sorted(legal) == [(-1, 0), (1, 0)]  # not the Office, not under train 5
        twin = b.state.clone()
        turn_up(b.state, Events())
        turn_up(twin, Events())
        at = next(xy for xy, c in b.state.areas[0].space.items() if c == wash)
        assert twin.areas[0].space == b.state.areas[0].space and at in legal
        picks.add(at)
        assert b.state.inflicted[wash][2] == b.state.stage_count + 12 - b.state.stage  # to the Day's end
    assert picks == {(-1, 0), (1, 0)}


def test_a_card_turns_up_at_every_stage_start():
    """W3: the Division turns up exactly one card at each Stage start, the first Stage too, after the
    Day's start; the Stage's situation is on the state for the board."""
    g = sm.new_game(seed=4, optional_rules=ADVERSITY)
    assert len(turn_ups(g.events)) == 1 and g.state.situation is not None
    until_stage(g, 5)
    assert len(turn_ups(g.events)) == 5


# --------------------------------------------------------------------------- W4: defences


def test_a_defence_stops_the_card_struck_at_it():
    """W4: the Division does not see the defences: a Hotbox struck at a train in an Office Area with a
    Water Column is stopped, the player is told, and the card goes back to the situation discard."""
    b = solo(deck="full")
    b.enhance("Ann", "water_column", (0, 0))
    t5 = b.train(number=5, player="Ann", at=(0, 0))
    hot = rig(b.state, "hotbox")
    assert strike_targets(b.state, hot, 0) == [t5.tray]  # a target although defended
    ev = Events()
    turn_up(b.state, ev)
    assert [str(e) for e in ev] == ["Ann's Water Column stops the Hotbox the Division turned up on train 5 at "
                                    "Ann's Office: the Hotbox goes to the Division's situation discard."]
    assert b.state.trains[t5.tray].orders == [] and hot in b.state.situations_used
    assert b.state.situation[1] == "stopped" and check(b.state) == []


# --------------------------------------------------------------------------- W5: where the cards go


def test_situation_cards_never_reach_the_salvage_yard():
    """W5: a situation card done with — its time up, its train gone, a penalty paid, vandals gone —
    goes back to the situation discard, never to the Salvage Yard; the invariants say so if one
    strays."""
    b = solo()
    t5 = b.train(number=5, player="Ann", at=(0, 0))
    cpl = rig(b.state, "broken_coupler")
    turn_up(b.state, Events())
    assert b.state.trains[t5.tray].orders == [cpl]
    g = b.game()
    until_stage(g, 4)  # train 5 left the table with it
    assert tray_gone(g, t5.tray) and cpl in g.state.situations_used and cpl not in g.state.salvage
    assert check(g.state) == []
    s = g.state.clone()
    s.situations_used.remove(cpl)
    s.salvage.append(cpl)
    assert any("lie among the Home Office cards" in p for p in check(s))


def tray_gone(g, tray):
    t = g.state.trains.get(tray)
    return t is None or t.number != 5 or t.where != "area"


def test_the_discard_is_turned_over_when_the_pile_is_empty():
    """W5: when every card has been turned up, the discard is turned over (cards still in play stay);
    a Stage later the pile is down by one."""
    b = solo()
    s = b.state
    s.situations_used = sorted(s.situations + s.situations_used)
    s.situations = []
    ev = Events()
    turn_up(s, ev)
    assert str(ev[0]) == "The Division's situation discard is turned over: 22 cards face down again."
    assert len(s.situations) == 21 and len(s.situations_used) == 1 and check(s) == []


# --------------------------------------------------------------------------- W6: replays, undo, copies


def test_the_same_seed_and_intents_give_the_same_adversity():
    """W6: the situation cards and their targets are drawn from the game's stream: a replay of the
    intents on the same seed is the same game, event for event."""
    g = None
    for g in random_game(11, deck="full"):
        pass
    h = sm.new_game(seed=11, deck="full", length="short", optional_rules=ADVERSITY)
    for it in g.history:
        h.apply(it)
    assert h.state == g.state and [e.text for e in h.events] == [e.text for e in g.events]
    assert sm.loads(g.dumps()).state == g.state
    assert len(turn_ups(g.events)) == 3 * 12


def test_undo_takes_back_a_turn_up_and_redo_brings_the_same():
    """W6: undo restores the state before the Stage began (the situation pile too), never redraws:
    redo turns up the same card on the same target."""
    g = sm.new_game(seed=6, optional_rules=ADVERSITY)
    until_stage(g, 2)
    before = g.state.clone()
    until_stage(g, 4)
    after, events = g.state.clone(), [e.text for e in g.events]
    while g.state != before:
        g.undo()
    assert g.state == before
    while g.can_redo() is None:
        g.redo()
    assert g.state == after and [e.text for e in g.events] == events


def test_a_look_ahead_copy_does_not_know_the_next_card():
    """W6: the pile keeps no order and a determinized copy deals the stream afresh, so two look-ahead
    copies of one game may see different cards turn up next."""
    g = sm.new_game(seed=5, optional_rules=ADVERSITY)
    seen = set()
    for k in range(8):
        h = g.copy(determinize="Player", seed=k)
        assert sorted(h.state.situations) == h.state.situations == g.state.situations
        until_stage(h, 2)
        seen.add(h.state.situation[0])
    assert len(seen) > 1


# --------------------------------------------------------------------------- random play, bots, board


@pytest.mark.parametrize("deck,seed", [("classic", 1), ("classic", 2), ("full", 3), ("full", 4)])
def test_random_legal_play_with_adversity_keeps_the_invariants(deck, seed):
    """W3, W5: random legal play in a Solitaire game with adversity, either deck, keeps every
    invariant after every intent, and the Division's cards strike."""
    g = None
    for g in random_game(seed, deck=deck):
        assert check(g.state) == [], (deck, seed, len(g.history))
    struck = [e for e in g.events if e.kind == "attack" and e.data.get("by") == "the Division"]
    assert struck and g.is_over


@pytest.mark.parametrize("deck", ["classic", "full"])
def test_the_bots_play_on_with_adversity(deck):
    """W3: the planner plays a whole Short game with the Division striking, keeping the invariants."""
    g = sm.new_game(seed=8, players=["Ann"], length="short", deck=deck, optional_rules=ADVERSITY,
                    bots={"Ann": "planner"})
    sm.bots.play_turns(g)
    assert g.is_over and check(g.state) == []
    assert len(turn_ups(g.events)) == 36


def test_the_board_shows_the_situation_turned_up_this_stage():
    """W3: the board shows this Stage's situation card beside the Home Office deck, with what it did,
    in the full and the compact card rows (a click, and the text view, say it in words); a game
    without the rule shows none."""
    b = solo()
    b.train(number=5, player="Ann", at=(0, 0))
    rig(b.state, "hotbox")
    turn_up(b.state, Events())
    g = b.game()
    for compact in (False, True):
        scene = build_scene(g.state, compact=compact)
        svg = to_svg(scene)
        assert "SITUATION" in svg and "Hotbox" in svg
        tips = [h.tip for h in scene.hits if h.target == ("situation",)]
        assert tips and tips[0].startswith("Situation turned up this Stage: The Division turns up a Hotbox")
    plain = to_svg(build_scene(sm.new_game(seed=3).state))
    assert "SITUATION" not in plain
    c = Controller(g)
    assert c.click(("situation",)) is False and not c.error
    assert c.message.startswith("This Stage's situation card: The Division turns up a Hotbox on train 5")
    assert "Situation: The Division turns up a Hotbox on train 5" in g.describe()
    assert "Situation:" not in sm.new_game(seed=3).describe()


def test_the_new_game_form_offers_adversity_and_says_why_not_outside_solitaire():
    """W1: the board's New game form has the rule (from OPTIONAL_RULES) with a label that says it is
    Solitaire's; a Co-op game with it is refused in words and the game stays."""
    pytest.importorskip("ipywidgets")
    pytest.importorskip("ipycanvas")
    from stationmaster.widgets.board import GameBoard

    board = GameBoard(sm.new_game(seed=7), autosave=False)
    box = board.f_rules["adversity"]
    assert box.description == "adversity (Solitaire)" and box.tooltip.startswith("Solitaire only")
    box.value = True
    board.f_start.click()
    g = board.game
    assert g.config.optional_rules == ("adversity",) and g.state.situation is not None
    board.f_players.value = "Ann, Bo"
    board.f_mode.value = "coop"
    board.f_start.click()
    assert board.game is g and "adversity rule is for Solitaire games" in board.f_problem.value


def test_the_cards_page_lists_the_situation_deck():
    """W2: docs/cards.md lists the situation deck as SITUATION_DECK has it (name, count, why)."""
    from pathlib import Path

    from stationmaster.cards import CARD_SPECS

    page = (Path(__file__).resolve().parents[2] / "docs" / "cards.md").read_text()
    total = sum(n for _, n, _, _ in SITUATION_DECK)
    assert f"## The Division's situation deck (optional rule `adversity`, {total})" in page
    for key, n, _, why in SITUATION_DECK:
        assert f"| {CARD_SPECS[key].name} | {n} | {why} |" in page
