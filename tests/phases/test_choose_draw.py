"""[D5] Choosing the draw: a draw from the Home Office turns up two cards; the player keeps one and
discards the other face up onto a Department before doing anything else."""

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.server.views import HIDDEN, view_state

from positions import ME, settled

RULE = ["choose_draw"]


def drawn_two(hand=("Straight1",), **options):
    """A game under [D5] in which the player holds ``hand`` and has just drawn from the Home Office."""
    b = Position(seed=options.pop("seed", 3), optional_rules=RULE, **options)
    b.hand(ME, list(hand))
    g = b.game()
    top, second = g.state.home[-1], g.state.home[-2]
    ev = g.apply("draw home")
    return g, (top, second), ev


def test_a_home_draw_turns_up_two_cards_and_only_discarding_one_of_them_is_legal():
    """D5: both cards come to the hand; the legal intents are the discards of one of the two."""
    g, (top, second), ev = drawn_two()
    assert g.state.players[0].hand == ["Straight1", top, second]
    assert g.state.turn.offer == 2
    legal = g.legal_intents()
    assert legal and {it.card for it in legal} == {top, second}
    assert all(type(it).__name__ == "Discard" for it in legal)
    assert ev[0].data["private"] and ev[0].data["card"] == [top, second]
    assert top not in ev[0].text and second not in ev[0].text
    settled(g)


def test_keeping_one_sends_the_other_face_up_to_the_department_and_the_draw_goes_on():
    """D5: after the discard the turn is an ordinary Draw option: the kept card may be played."""
    g, (top, second), _ = drawn_two()
    ev = g.apply(f"discard {second} to 2")
    assert g.state.departments[1][-1] == second
    assert g.state.players[0].hand == ["Straight1", top]
    assert g.state.turn.offer == 0
    assert "keeps one of the two cards drawn" in ev[0].text
    assert any(str(it) == "end" for it in g.legal_intents())
    g.apply("end")
    settled(g)


def test_playing_or_ending_before_choosing_is_refused_in_a_players_words():
    """D5: the refusal names the two cards and says what to do."""
    g, (top, second), _ = drawn_two()
    why = g.why_not("end")
    assert why and "keep one of the two cards you drew" in why and f"discard {top} to 1" in why
    assert g.why_not("discard Straight1 to 1")  # an old card of the hand is not one of the two
    assert g.why_not(f"discard {top} to 3") is None


def test_a_department_draw_is_still_one_card():
    """D5: only the Home Office's draw turns up two; a Department's top card is taken alone."""
    b = Position(seed=3, optional_rules=RULE)
    b.state.departments[1].append(b.take_card("TurnoutL1"))
    b.hand(ME, [])
    g = b.game()
    g.apply("draw dept 2")
    assert g.state.turn.offer == 0 and g.state.players[0].hand == ["TurnoutL1"]


def test_without_the_rule_a_home_draw_is_one_card():
    """D1 stays the rule of a game without [D5]."""
    b = Position(seed=3)
    b.hand(ME, [])
    g = b.game()
    g.apply("draw home")
    assert len(g.state.players[0].hand) == 1 and g.state.turn.offer == 0


def test_with_one_card_left_and_nothing_to_reshuffle_the_one_card_is_kept():
    """D5 with D2: when the Home Office holds one card and nothing can come back, that card is drawn alone."""
    b = Position(seed=3, optional_rules=RULE)
    b.hand(ME, [])
    s = b.state
    keep = s.home[-1]
    s.removed.extend(s.home[:-1])
    del s.home[:-1]
    for pile in s.departments:
        s.removed.extend(pile)
        pile.clear()
    s.removed.extend(s.salvage)
    s.salvage.clear()
    g = b.game()
    g.apply("draw home")
    assert g.state.players[0].hand == [keep] and g.state.turn.offer == 0


def test_the_other_seats_never_see_the_two_cards():
    """D5: the turn records how many cards wait, not which; a rival's view blanks them as any hand."""
    g = sm.new_game(seed=4, players=["Ann", "Bob"], mode="competitive", optional_rules=RULE)
    actor = g.actor
    g.apply("draw home")
    other = next(p for p in g.players if p != actor)
    seen = view_state(g, other)
    hand = next(p.hand for p in seen.players if p.name == actor)
    assert seen.turn.offer == 2 and hand[-2:] == [HIDDEN, HIDDEN]


def test_a_game_stopped_between_the_draw_and_the_choice_saves_and_loads():
    """D5: the save replays the draw; the choice is still to make after loading."""
    g = sm.new_game(seed=6, optional_rules=RULE)
    g.apply("draw home")
    g2 = sm.loads(g.dumps())
    assert g2.state.turn.offer == 2 and set(str(i) for i in g2.legal_intents()) == set(str(i) for i in g.legal_intents())


def test_the_planner_keeps_the_card_of_more_use_and_every_bot_gets_through_a_game():
    """D5: the planner returns the card it values less; the other bots choose among the legal discards."""
    from stationmaster.bots.play import bot_for
    g, (top, second), _ = drawn_two(hand=())
    d = bot_for(sm.new_game(seed=1, bots={"Player": "planner"}), "Player")  # a planner to ask
    decision = d.decide(g)
    assert type(decision.intent).__name__ == "Discard" and decision.intent.card in (top, second)
    assert "keeps the" in decision.reason
    for bot in ("random", "greedy", "passenger"):
        game = sm.new_game(seed=2, length="short", bots={"Player": bot}, optional_rules=RULE)
        while not game.is_over:
            game.apply(bot_for(game, game.actor).decide(game).intent)
        assert game.is_over
