"""The ladder on paired deals (tools/ladder.py, issue 29 item 6): the steps' gaps in pooled-sd units, the
share of deals the better bot scores more on, the paired difference's confidence interval and the luck
measure, checked against figures worked by hand and against the textbook tables."""

from __future__ import annotations

import importlib.util
import math
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("ladder", ROOT / "tools" / "ladder.py")
ladder = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("ladder", ladder)
_spec.loader.exec_module(ladder)


def _rows(revenues, seed=1, won=None):
    return [{"seed": seed + i, "revenue": {"Player": r}, "won": bool(won and won[i])} for i, r in enumerate(revenues)]


@pytest.mark.parametrize("df, table", [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (10, 2.228),
                                       (30, 2.042), (199, 1.972)])
def test_t_quantile_matches_the_tables(df, table):
    assert ladder.t_quantile(0.975, df) == pytest.approx(table, abs=0.0005)


def test_the_paired_difference_and_its_confidence_interval():
    paired = [(10, 11), (10, 12), (10, 13), (10, 14), (10, 15)]  # differences 1..5: mean 3, sd √2.5
    mean, low, high = ladder.paired_difference(paired)
    half = 2.7764 * math.sqrt(2.5) / math.sqrt(5)
    assert mean == 3 and low == pytest.approx(3 - half, abs=1e-3) and high == pytest.approx(3 + half, abs=1e-3)
    assert ladder.paired_difference([(1, 4)]) == (3, None, None)
    assert ladder.paired_difference([]) == (None, None, None)


def test_the_gap_is_in_pooled_sd_units():
    # lower: mean 2, variance 2; upper: mean 6, variance 8; pooled sd √5
    assert ladder.pooled_gap([1, 3], [4, 8]) == pytest.approx(4 / math.sqrt(5))
    assert ladder.pooled_gap([3, 3], [3, 3]) is None and ladder.pooled_gap([1], [2, 3]) is None


def test_the_share_of_deals_counts_a_tie_half():
    assert ladder.share_better([(1, 2), (3, 3), (5, 4), (0, 1)]) == 0.625
    assert ladder.share_better([]) is None


def test_the_correlation_is_pearsons():
    xs, ys = [1, 2, 3, 4, 5], [2, 1, 4, 3, 5]
    mx, my = 3, 3
    r = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / math.sqrt(
        sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys))
    assert ladder.correlation(list(zip(xs, ys))) == pytest.approx(r) == pytest.approx(0.8)
    assert ladder.correlation([(1, 5), (2, 5), (3, 5)]) is None  # a bot that scored the same every deal
    assert ladder.correlation([(1, 2), (2, 3)]) is None


def test_pairs_are_the_deals_both_bots_played_in_seed_order():
    lower = _rows([1, 2, 3, 4], seed=10)  # seeds 10-13
    upper = list(reversed(_rows([5, 6, 7], seed=12)))  # seeds 12-14, given out of order
    assert ladder.pairs(lower, upper) == [(3, 5), (4, 6)]


def test_each_step_compares_a_bot_with_the_one_below_on_the_same_deals():
    by_bot = {"random": _rows([0, 1, 2, 1]), "greedy": _rows([5, 9, 7, 7]),
              "planner": _rows([30, 20, 25, 25], won=[1, 0, 1, 1]), "search": _rows([40] * 4)}
    steps = ladder.steps(by_bot)
    assert [s["bot"] for s in steps] == ["random", "greedy", "planner"]  # passenger not played, search no rung
    assert "below" not in steps[0]
    planner = steps[2]
    assert planner["below"] == "greedy" and planner["deals"] == 4 and planner["won"] == 0.75
    assert planner["diff"] == 18 and planner["share"] == 1.0
    assert planner["gap"] == pytest.approx(18 / math.sqrt((8 / 3 + 50 / 3) / 2))
    assert ladder.strongest_pair(by_bot)[:2] == ("greedy", "planner")
    pair = ladder.compare(by_bot, "planner", "expert")
    assert pair is None
    by_bot["expert"] = _rows([34, 22, 30, 25])
    pair = ladder.compare(by_bot, "planner", "expert")
    assert (pair["deals"], pair["diff"], pair["share"]) == (4, 2.75, 0.875)
    assert pair["r"] == pytest.approx(ladder.correlation([(30, 34), (20, 22), (25, 30), (25, 25)]))


def test_the_section_says_which_ladder_bots_are_absent_and_why():
    by_bot = {b: _rows([i, i + 2, i + 1]) for i, b in enumerate(("random", "greedy", "passenger", "planner"))}
    summarize = lambda rows: {"depth_games": 0}  # noqa: E731  (rows saved before the depth figures)
    text = ladder.section(by_bot, ["random", "greedy", "passenger", "planner"], "a test", summarize, lambda rows: 0.4)
    assert "`expert` is absent: not registered" in text
    assert "| 4 | `planner` | 3 (1–3) |" in text and "`passenger` and `planner`" in text
    text = ladder.section(by_bot, ["random", "greedy", "passenger", "planner", "expert"], "a test", summarize,
                          lambda rows: 0.4)
    assert "`expert` was not played" in text and "not registered" not in text
