"""The greedy bot: immediate Revenue first, otherwise a fixed list; legal, deterministic, no peeking."""

import stationmaster as sm
from stationmaster.bots import available, make, play_turns
from stationmaster.bots.greedy import PREFERENCES, revenue_now


def test_greedy_is_registered():
    assert "greedy" in available()
    assert make("greedy", seed=4).name == "greedy"


def test_greedy_plays_a_whole_game_legally_with_a_reason_for_each_decision():
    g = sm.new_game(seed=3, length="short", bots={"Player": "greedy"})
    checked = sm.new_game(seed=3, length="short")
    for _, decision in play_turns(g):
        assert decision.intent in checked.legal_intents()
        assert decision.reason and "\n" not in decision.reason
        checked.apply(decision.intent)
    assert g.is_over and checked.history == g.history


def test_greedy_is_deterministic_and_a_function_of_the_game():
    a = sm.new_game(seed=6, length="short", bots={"Player": "greedy"})
    b = sm.new_game(seed=6, length="short", bots={"Player": "greedy"})
    play_turns(a)
    play_turns(b)
    assert a.history == b.history and a.revenue == b.revenue
    g = sm.new_game(seed=6)
    bot = make("greedy", seed=1)
    for _ in range(30):
        g.apply(bot.choose(g))
    before = bot.decide(g)
    g.apply(before.intent)
    g.undo()
    assert bot.decide(g) == before


def test_greedy_takes_the_largest_immediate_revenue_when_there_is_one():
    seen = 0
    g = sm.new_game(seed=1, length="short", yard_refill="at_once")
    bot = make("greedy")
    while not g.is_over:
        decision = bot.decide(g)
        gains = [revenue_now(g, it) or 0 for it in g.legal_intents()]
        if max(gains) > 0:
            seen += 1
            assert revenue_now(g, decision.intent) == max(gains)
            assert decision.reason == f"'{decision.intent}' earns {max(gains)} Revenue now"
        else:
            assert decision.reason.startswith("nothing earns Revenue now")
        g.apply(decision.intent)
    assert seen >= 3  # the game did offer Revenue to take


def test_greedy_follows_its_list_when_nothing_earns():
    g = sm.new_game(seed=2)
    decision = make("greedy").decide(g)
    first = next(p for p in PREFERENCES if any(str(i).startswith(p[0]) for i in g.legal_intents()))
    assert str(decision.intent).startswith(first[0]) and first[1] in decision.reason  # the first legal one
    # v5's opening Depot ([U5]) is stocked by the morning's passengers ([L9]), a v4 Whistle Post has
    # no boxes: both draw
    assert first[0] == "draw home"
    g = sm.new_game(seed=2, balance="v4")
    assert str(make("greedy").decide(g).intent) == "draw home"


def test_greedy_stocks_a_box_before_it_draws():
    """Careless play still keeps its boxes stocked (issue 16): a legal stock comes before a draw."""
    texts = [p for p, _ in PREFERENCES]
    assert texts.index("agent stock ") < texts.index("draw home")
    g = sm.new_game(seed=2, bots={"Player": "greedy"})
    bot = make("greedy")
    for _ in range(3000):
        if g.outcome is not None:
            break
        legal = [str(i) for i in g.legal_intents()]
        d = bot.decide(g)
        if any(t.startswith("agent stock ") for t in legal) and d.reason.startswith("nothing earns"):
            assert str(d.intent).startswith("agent stock "), d
            return
        g.apply(d.intent)
    raise AssertionError("the game never offered a box to stock")


def test_trials_that_draw_a_card_or_roll_a_die_are_not_used():
    """The bot never learns a hidden card or a future roll: such trials count for nothing."""
    g = sm.new_game(seed=2)
    assert revenue_now(g, "draw home") is None
