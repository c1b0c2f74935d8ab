"""Sweeps of rule variants on paired deals (issue 32, item 3): every cell on the same seeds, the
difference against the baseline with a 95% interval from the paired differences, seats rotated
round the table for a lineup."""

from __future__ import annotations

import json
import math
import statistics

import pytest

from stationmaster import sweep as sweep_module
from stationmaster.sweep import Lineup, Variant, parse_variant, sweep, t975

VARIANTS = {"edition": {}, "nodawn": {"dawn_passengers": "off"}}


@pytest.fixture(scope="module")
def tiny():
    """greedy and random, Short solitaire, four deals, the edition against no dawn passengers."""
    return sweep(VARIANTS, ["greedy", "random"], length="short", games=4, seed=11)


def test_every_cell_plays_the_same_seeds(tiny):
    for v in ("edition", "nodawn"):
        for bot in ("greedy", "random"):
            rows = tiny.cell_rows(v, bot)
            assert [r["seed"] for r in rows] == [11, 12, 13, 14]
            assert all(r["bot"] == bot for r in rows)
    assert all(r["house_rules"] == {"dawn_passengers": False} for r in tiny.cell_rows("nodawn", "greedy"))
    assert all("house_rules" not in r for r in tiny.cell_rows("edition", "greedy"))


def test_the_paired_interval_is_the_hand_computation_from_the_rows(tiny):
    """The difference is the mean of (variant - baseline) on each seed, and its 95% interval the
    mean ± t(0.975, 3) × sd / sqrt(4), t = 3.182 from the table (four pairs, three df)."""
    base = {r["seed"]: r["revenue"]["Player"] for r in tiny.cell_rows("edition", "greedy")}
    mine = {r["seed"]: r["revenue"]["Player"] for r in tiny.cell_rows("nodawn", "greedy")}
    d = [mine[s] - base[s] for s in sorted(base)]
    mean = sum(d) / 4
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / 3)
    half = 3.182 * sd / 2
    cell = next(c for c in tiny.cells if (c["variant"], c["bot"]) == ("nodawn", "greedy"))
    assert cell["diff"] == pytest.approx(mean) and cell["pairs"] == 4
    assert cell["ci"] == pytest.approx([mean - half, mean + half])
    assert cell["mean_revenue"] == pytest.approx(sum(mine.values()) / 4)
    assert cell["sd"] == pytest.approx(statistics.stdev(mine.values()))
    baseline = next(c for c in tiny.cells if (c["variant"], c["bot"]) == ("edition", "greedy"))
    assert baseline["diff"] is None and baseline["ci"] is None


def test_t_quantiles():
    assert t975(3) == 3.182 and t975(35) == 2.042 and t975(200) == 1.96


def test_the_result_as_json_markdown_html_and_a_plot(tiny):
    data = json.loads(json.dumps(tiny.to_json()))
    assert data["baseline"] == "edition" and len(data["cells"]) == 4 and data["settings"]["games"] == 4
    assert data["variants"][1] == {"name": "nodawn", "house_rules": {"dawn_passengers": False}}
    table = tiny.table()
    assert table.splitlines()[0].startswith("| variant | bot | games | mean Revenue | sd | won | freight |")
    assert "| nodawn | greedy | 4 |" in table and "Student's t" in table
    assert "<table>" in tiny._repr_html_()
    svg = tiny.plot()._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") == 2  # one bar a non-baseline cell


def test_a_lineup_plays_each_deal_once_a_rotation_round_the_table():
    """Competitive, planner-free for speed: greedy and random each play both seats of every deal."""
    r = sweep({"edition": {}}, ["greedy+random"], length="short", games=2, seed=5, mode="competitive")
    rows = r.cell_rows("edition", "greedy+random")
    assert sorted((x["seed"], x["rotation"]) for x in rows) == [(5, 0), (5, 1), (6, 0), (6, 1)]
    assert Lineup(("greedy", "random"), 0).bot_of(["P1", "P2"], "P1") == "greedy"
    assert Lineup(("greedy", "random"), 1).bot_of(["P1", "P2"], "P1") == "random"
    cell = r.cells[0]
    assert cell["games"] == 4 and cell["deals"] == 2 and set(cell["by_bot"]) == {"greedy", "random"}
    greedy = [x["revenue"]["P1"] for x in rows if x["rotation"] == 0] + [x["revenue"]["P2"] for x in rows if x["rotation"] == 1]
    assert cell["by_bot"]["greedy"]["mean_revenue"] == pytest.approx(statistics.fmean(greedy))


def test_jobs_and_backend_keywords_go_to_iter_simulate(monkeypatch):
    seen = []

    def fake(*args, **kw):
        seen.append((args[4], kw))
        return (row for row in ())

    monkeypatch.setattr(sweep_module, "iter_simulate", fake)
    sweep({"a": {}}, ["greedy"], games=2, jobs=3, client="the client", scheduler="tcp://x")
    assert seen == [(3, {"client": "the client", "scheduler": "tcp://x"})]


def test_a_variants_text_keeps_commas_inside_values():
    v = parse_variant("rich:order_pay=3,4,target=20")
    assert v == Variant("rich", (("order_pay", "3,4"), ("target", "20")))
    assert parse_variant("edition:") == parse_variant("edition") == Variant("edition", ())


@pytest.mark.parametrize("variants, bots, kw, says", [
    ([":target=3"], ["greedy"], {}, "a variant's name is 1-40 letters"),
    (["a:bogus=1"], ["greedy"], {}, "variant a: unknown house rule 'bogus'"),
    (["a:target=x"], ["greedy"], {}, "variant a: house rule target takes a whole number"),
    (["a:target"], ["greedy"], {}, "a house rule is written KEY=VALUE"),
    (["a:", "a:target=3"], ["greedy"], {}, "variant names must differ: a is given twice"),
    (["a:"], ["greedy"], {"baseline": "b"}, "the baseline 'b' is not one of the variants: a"),
    (["a:"], ["greedy+random"], {}, "the lineup greedy+random seats 2 bots"),
    (["a:"], ["nobody"], {}, "unknown bot 'nobody'"),
    (["a:"], [], {}, "at least one bot"),
    (["a:"], ["greedy"], {"games": 0}, "games must be a whole number from 1"),
])
def test_bad_sweeps_are_refused_before_any_game(variants, bots, kw, says):
    with pytest.raises(ValueError) as e:
        sweep(variants, bots, **kw)
    assert says in str(e.value)


def test_a_lineup_plays_the_same_games_in_worker_processes():
    """The lineup's bots are made per game from its seed, so two processes play what one does."""
    def rows(jobs):
        r = sweep({"a": {}}, ["greedy+random"], length="short", games=2, seed=3, mode="coop", jobs=jobs)
        return [{k: v for k, v in x.items() if k != "seconds"} for x in r.cell_rows("a", "greedy+random")]
    assert rows(1) == rows(2)
