"""``stationmaster sweep`` and ``--rule KEY=VALUE`` (issue 32, items 2 and 3)."""

from __future__ import annotations

import json

import pytest

from stationmaster import cli

SWEEP = ["sweep", "--bot", "greedy", "--games", "2", "--jobs", "1", "--quiet"]


def test_sweep_prints_the_table_and_writes_json(tmp_path, capsys):
    path = tmp_path / "sweep.json"
    code = cli.main([*SWEEP, "--variant", "edition:", "--variant", "nodawn:dawn_passengers=off,target=20",
                     "--json", str(path)])
    out = capsys.readouterr().out
    assert code == cli.EXIT_OK
    assert "| nodawn | greedy | 2 |" in out and "vs edition (95% CI)" in out
    data = json.loads(path.read_text())
    assert data["variants"][1]["house_rules"] == {"dawn_passengers": False, "target": 20}
    assert [c["variant"] for c in data["cells"]] == ["edition", "nodawn"]


def test_sweep_rule_applies_to_every_variant_unless_it_sets_the_key(tmp_path, capsys):
    path = tmp_path / "sweep.json"
    assert cli.main([*SWEEP, "--variant", "a:target=12", "--variant", "b:", "--rule", "target=30",
                     "--baseline", "b", "--json", str(path)]) == cli.EXIT_OK
    capsys.readouterr()
    data = json.loads(path.read_text())
    assert [v["house_rules"] for v in data["variants"]] == [{"target": 12}, {"target": 30}]
    assert data["baseline"] == "b"


@pytest.mark.parametrize("argv, says", [
    (["--variant", "x:bogus=1"], "variant x: unknown house rule 'bogus'"),
    (["--variant", ":target=1"], "a variant's name is"),
    (["--variant", "a:", "--baseline", "zz"], "the baseline 'zz' is not one of the variants"),
])
def test_a_bad_sweep_exits_2_saying_why(argv, says, capsys):
    assert cli.main([*SWEEP, *argv]) == cli.EXIT_BAD
    assert says in capsys.readouterr().err


def test_simulate_takes_house_rules_beside_optional_rules(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    assert cli.main(["simulate", "--bot", "greedy", "--length", "short", "--games", "1", "--jobs", "1", "--quiet",
                     "--rule", "target=1", "--rule", "adversity", "--out", str(out)]) == cli.EXIT_OK
    row = json.loads(out.read_text())
    assert row["house_rules"] == {"target": 1} and row["optional_rules"] == ["adversity"] and row["target"] == 1
    assert "house rules target=1" in capsys.readouterr().out
    assert cli.main(["simulate", "--bot", "greedy", "--games", "1", "--quiet", "--rule", "order_pay=1"]) == cli.EXIT_BAD
    assert "house rule order_pay takes two whole numbers" in capsys.readouterr().err
