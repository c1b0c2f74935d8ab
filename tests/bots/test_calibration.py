"""A small seeded calibration run (issue 8): on the same deals, steady play out-earns careless play,
which out-earns random play. It asserts the bots' order, not tuned thresholds; docs/balance.md has
the full study."""

import pytest

from stationmaster.bots import simulate, summarize


@pytest.mark.parametrize("length", ["short", pytest.param("standard", marks=pytest.mark.slow)])
def test_the_bots_keep_their_order_on_the_same_deals(length):
    """Y1: under the default supply rule the planner out-earns greedy, which out-earns random."""
    games = 6 if length == "short" else 3
    info = {bot: summarize(simulate(bot, length=length, games=games, seed=11, jobs=1))
            for bot in ("random", "greedy", "planner")}
    mean = {bot: i["mean_revenue"] for bot, i in info.items()}
    assert mean["planner"] > mean["greedy"] > mean["random"], mean
    assert info["planner"]["wins"] >= info["greedy"]["wins"] >= info["random"]["wins"] == 0
    assert all(i["yard_refill"] == "day_end" for i in info.values())
