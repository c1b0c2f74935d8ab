"""``stationmaster review SAVE``: prints the decisions that cost Revenue and writes the record
notebook with the review's comments; a save it cannot load, or a player not in the game, is refused
with exit status 2 and nothing written."""

import json

import stationmaster as sm
from stationmaster import cli
from planted import unstocked_game


def test_review_prints_the_mistakes_and_writes_the_notebook(tmp_path, capsys):
    g, _ = unstocked_game(9, 120, every=True)  # every stocking of an industry's box passed: mistakes to report
    save = tmp_path / "game.json"
    g.save(save)
    out_nb = tmp_path / "out.ipynb"
    assert cli.main(["review", str(save), "--out", str(out_nb), "--depth", "fast", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("Review of Player: ") and "agent pass -> agent stock" in out
    assert "Revenue lost by kind: freight agent" in out and f"{out_nb}" in out
    nb = json.loads(out_nb.read_text(encoding="utf-8"))
    assert any("Review: " in "".join(c["source"]) and "**Note:**" in "".join(c["source"]) for c in nb["cells"])
    assert cli.main(["review", str(save), "--depth", "fast"]) == 0  # the default notebook: beside the save
    assert (tmp_path / "game-review.ipynb").exists()
    assert "reviewing: " in capsys.readouterr().err


def test_review_refuses_what_it_cannot_review(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert cli.main(["review", str(bad)]) == 2
    assert "stationmaster: " in capsys.readouterr().err
    save = tmp_path / "game.json"
    sm.new_game(seed=1).save(save)
    assert cli.main(["review", str(save), "--player", "Zed", "--out", str(tmp_path / "x.ipynb")]) == 2
    assert "Zed is not a player of this game (its players: Player)" in capsys.readouterr().err
    assert cli.main(["review", str(save), "--jobs", "0"]) == 2
    assert not (tmp_path / "x.ipynb").exists()
