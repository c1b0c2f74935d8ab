"""The bot protocol, the registry, bot seats in a game, their saves and undo against bots."""

import pytest

import stationmaster as sm
from stationmaster.bots import Bot, Decision, available, make, play_turns, register


def test_registry_lists_and_makes_bots():
    assert "random" in available()
    bot = make("random", seed=3)
    assert bot.name == "random" and bot.seed == 3
    assert make(bot) is bot
    with pytest.raises(ValueError, match="unknown bot"):
        make("nobody")


def test_random_bot_is_legal_and_deterministic():
    g1, g2 = sm.new_game(seed=5), sm.new_game(seed=5)
    b1, b2 = make("random", seed=9), make("random", seed=9)
    for _ in range(60):
        d1, d2 = b1.decide(g1), b2.decide(g2)
        assert d1 == d2 and isinstance(d1, Decision)
        assert d1.intent in g1.legal_intents()
        g1.apply(d1.intent)
        g2.apply(d2.intent)


def test_a_decision_depends_on_the_game_not_on_the_path():
    """After an undo the bot decides what it decided before (its stream is derived per decision)."""
    g = sm.new_game(seed=2)
    bot = make("random", seed=1)
    first = bot.choose(g)
    g.apply(first)
    second = bot.choose(g)
    g.undo()
    assert bot.choose(g) == first
    g.apply(first)
    assert bot.choose(g) == second


def test_new_game_bots_keyword_validates():
    with pytest.raises(ValueError, match="not a player"):
        sm.new_game(seed=1, players=["Ann", "Bo"], mode="competitive", bots={"Cy": "random"})
    with pytest.raises(ValueError, match="unknown bot"):
        sm.new_game(seed=1, players=["Ann", "Bo"], mode="competitive", bots={"Bo": "genius"})
    g = sm.new_game(seed=1, players=["Ann", "Bo"], mode="competitive", bots={"Bo": "random"})
    assert g.bots == {"Bo": "random"} and g.humans == ("Ann",)


def test_play_turns_stops_at_a_human_and_bots_only_games_finish():
    g = sm.new_game(seed=4, players=["Ann", "Bo", "Cy"], mode="competitive", bots={"Bo": "random", "Cy": "random"})
    for _ in range(40):
        done = play_turns(g)
        assert all(p in ("Bo", "Cy") for p, _ in done)
        if g.is_over:
            break
        assert g.actor == "Ann"
        g.apply(g.legal_intents()[0])
    watch = sm.new_game(seed=4, length="short", bots={"Player": "random"})
    play_turns(watch)
    assert watch.is_over


def test_saves_record_bot_seats_and_load_them():
    g = sm.new_game(seed=4, players=["Ann", "Bo"], mode="coop", bots={"Bo": "random"})
    play_turns(g)
    g.apply(g.legal_intents()[0])
    text = g.dumps()
    h = sm.loads(text)
    assert h.bots == {"Bo": "random"} and h.history == g.history
    assert '"bots"' not in sm.new_game(seed=4).dumps()  # solitaire saves are as before
    with pytest.raises(sm.SaveError, match="bots"):
        sm.loads(text.replace('"Bo": "random"', '"Bo": 7'))


def test_undo_against_bots_goes_back_to_the_humans_last_decision():
    g = sm.new_game(seed=8, players=["Ann", "Bo", "Cy"], mode="competitive", bots={"Bo": "random", "Cy": "random"})
    play_turns(g)
    assert g.actor == "Ann"
    before = g.history
    mine = g.legal_intents()[-1]
    g.apply(mine)
    play_turns(g)
    assert g.actor == "Ann" and len(g.history) > len(before) + 1
    assert g.undo() == mine
    assert g.history == before and g.actor == "Ann"
    g.redo()
    play_turns(g)  # the bots decide as they did before
    assert g.actor == "Ann"


def test_a_bot_of_your_own():
    @register
    class FirstLegal(Bot):
        name = "first-legal-test"

        def decide(self, game):
            return Decision(game.legal_intents()[0], "takes the first legal intent")

    g = sm.new_game(seed=1, length="short", bots={"Player": "first-legal-test"})
    play_turns(g, max_decisions=25)
    assert len(g.history) == 25
