"""[Y1] The yard refill choices: when the Classification Yard's cars come back to the Division Yard."""

import pytest

import stationmaster as sm
from stationmaster.bots import play_turns


def _play(refill, seed=3, length="short"):
    g = sm.new_game(seed=seed, length=length, yard_refill=refill, bots={"Player": "random"})
    play_turns(g)
    return g


def test_unknown_refill_rule_is_refused():
    """[Y1] an unknown yard_refill value says which ones exist."""
    with pytest.raises(ValueError, match="when_empty"):
        sm.new_game(seed=1, yard_refill="sometimes")


@pytest.mark.parametrize("refill", ["stage_end", "day_end"])
def test_periodic_refill_empties_the_classification_yard(refill):
    """[Y1] under stage_end / day_end the Classification Yard is returned at that moment."""
    g = sm.new_game(seed=11, yard_refill=refill, bots={"Player": "random"})
    seen = []
    while not g.is_over:
        events = play_turns(g, max_decisions=1) and g.last_events
        for e in events or ():
            if e.kind == "yard_refilled" and e.data.get("when") == refill:
                seen.append(e)
                assert not g.state.classification_yard
    assert seen


def test_at_once_never_fills_the_classification_yard():
    """[Y1] under at_once used cars go straight back to the Division Yard."""
    g = sm.new_game(seed=11, yard_refill="at_once", bots={"Player": "random"})
    while not g.is_over:
        play_turns(g, max_decisions=1)
        assert not g.state.classification_yard


def test_old_saves_keep_the_when_empty_rule():
    """[Y1] a save written before the choice existed replays under when_empty."""
    g = sm.new_game(seed=5, yard_refill="when_empty")
    g.apply(g.legal_intents()[0])
    import json
    data = json.loads(g.dumps())
    del data["config"]["yard_refill"]
    assert sm.loads(json.dumps(data)).config.yard_refill == "when_empty"
