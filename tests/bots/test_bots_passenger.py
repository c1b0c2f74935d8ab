"""The passenger-only bot (issue 16): the strategy that ignores freight and switching, played well."""

import stationmaster as sm
from stationmaster.bots import available, make, play_turns
from stationmaster.intents import Agent, Play, Switch, Work
from stationmaster.rules import spec_of


def test_passenger_is_registered():
    assert "passenger" in available()
    assert make("passenger", seed=2).name == "passenger"


def test_passenger_plays_a_whole_game_legally_and_never_touches_freight_or_track():
    """It never switches, never lays track, an industry or a freight Modifier, never works freight;
    it does upgrade the Office, board and detrain, and stock the Office's green boxes."""
    g = sm.new_game(seed=3, bots={"Player": "passenger"})
    checked = sm.new_game(seed=3)
    kinds, texts = set(), []
    for _, decision in play_turns(g):
        it = decision.intent
        assert it in checked.legal_intents()
        assert decision.reason and "\n" not in decision.reason
        assert it != Switch() and not isinstance(it, Work)
        if isinstance(it, Agent) and it.at is not None:
            assert it.at == (0, 0)
        if isinstance(it, Play):
            kinds.add(spec_of(checked.state, it.card).kind)
        texts.append(str(it))
        checked.apply(it)
    assert g.is_over and checked.history == g.history
    assert not kinds & {"track", "facility"}, kinds
    assert "office" in kinds and "train" in kinds
    assert any(t.startswith("board") for t in texts) and any(t.startswith("detrain") for t in texts)
    assert "agent stock 0,0" in texts
    assert g.revenue["Player"] > 0


def test_passenger_holds_every_follower():
    """It always holds at a clearance: the strategy never risks a collision on the Mainline."""
    g = sm.new_game(seed=5, bots={"Player": "passenger"})
    answers = [str(d.intent) for _, d in play_turns(g) if str(d.intent) in ("hold", "clear")]
    assert answers and set(answers) == {"hold"}


def test_passenger_earns_no_freight_in_the_study():
    """The study's rows for it have passenger Revenue only (one short game on the default edition)."""
    (row,) = sm.bots.simulate("passenger", length="short", games=1, seed=4)
    by = row["revenue_by_source"]
    assert by["freight_out"] == by["freight_in"] == 0 and by["boarding"] + by["detraining"] > 0
