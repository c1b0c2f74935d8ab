"""Every notebook in notebooks/ runs top to bottom (nbclient), and every notebook is committed
without outputs. The tutorials' Solution cells are hidden and do their exercise only with
``SOLUTIONS = True`` (first code cell): Run All as it comes leaves every exercise to the learner,
and with the flag set (as here, in CI) every exercise's check says Done."""

import json
import pathlib
import re
import subprocess

import nbclient
import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
TUTORIALS = [p for p in NOTEBOOKS if re.match(r"\d\d-", p.name)]
FLAG_OFF, FLAG_ON = "SOLUTIONS = False", "SOLUTIONS = True"
#: parameter lines a notebook's first code cell sets for a reader, and what the tests set instead (a tiny budget)
QUICK = {"learning-agents.ipynb": (("TRAIN_SECONDS = 180", "TRAIN_SECONDS = 3"), ("EVAL_GAMES = 40", "EVAL_GAMES = 3"))}
#: what a tutorial leaves in its folder on purpose: 06 saves a game for its reader to load (git ignores it)
LEFT_BEHIND = {"06-scripting.ipynb": {"lesson-06.json"}}


def committed_notebooks() -> list:
    """Every notebook git tracks here; outside a git checkout, those in notebooks/ and the package."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--", "*.ipynb"], cwd=ROOT, capture_output=True,
                                check=True, timeout=60).stdout.decode()
        tracked = [ROOT / p for p in listed.split("\0") if p]
    except (OSError, subprocess.SubprocessError):
        tracked = []
    return sorted(tracked or NOTEBOOKS + list((ROOT / "stationmaster" / "data").glob("*.ipynb")))


@pytest.mark.parametrize("path", committed_notebooks(), ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_committed_without_outputs(path):
    """Outputs, execution counts and saved widget state stay out of the repository."""
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert not [c["id"] for c in code if c.get("outputs")], "cells with outputs"
    assert not [c["id"] for c in code if c.get("execution_count") is not None], "cells with execution counts"
    assert "widgets" not in nb["metadata"], "saved widget state"


def src(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def notebook_text(name: str) -> str:
    """Every cell's source of a notebook under notebooks/, joined: what a reader of it sees written."""
    return "".join(src(c) for c in json.loads((ROOT / "notebooks" / name).read_text())["cells"])


def solution_cells(nb) -> list:
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and src(c).startswith("# Solution")]


def execute(path, tmp_path, solutions: bool = False):
    """Run a copy of the notebook in ``tmp_path``; the tutorials with ``SOLUTIONS`` as asked."""
    nb = nbformat.read(path, as_version=4)
    if path in TUTORIALS:
        first = next(c for c in nb.cells if c.cell_type == "code")
        assert first.source.count(FLAG_OFF) == 1
        first.source = first.source.replace(FLAG_OFF, FLAG_ON if solutions else FLAG_OFF)
    if path.name in QUICK:
        first = next(c for c in nb.cells if c.cell_type == "code")
        for line, quick in QUICK[path.name]:
            assert first.source.count(line) == 1, f"{path.name}'s first code cell no longer sets {line!r}"
            first.source = first.source.replace(line, quick)
    return run(nb, tmp_path)


def run(nb, tmp_path):
    """Execute the notebook ``nb`` (in memory) in ``tmp_path``; it must raise no error."""
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
    return nb


def checks_after_solutions(nb) -> list:
    """What each exercise's check cell (the cell after a Solution cell) showed."""
    shown = []
    for i in solution_cells(nb):
        check = nb.cells[i + 1]
        assert check.source == "lesson.check()"
        (result,) = [o for o in check.outputs if o.get("output_type") == "execute_result"]
        shown.append(result["data"]["text/markdown"])
    return shown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path, tmp_path):
    """Tutorials run with SOLUTIONS = True, so that every Solution runs and every check says Done."""
    nb = execute(path, tmp_path, solutions=True)
    if path in TUTORIALS:
        shown = checks_after_solutions(nb)
        assert shown and all(s.startswith("✅ Done") for s in shown), shown
        assert_leaves_its_folder_as_it_found_it(path, tmp_path)


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_run_all_leaves_every_exercise_to_the_learner(path, tmp_path):
    """As it comes (SOLUTIONS = False) a tutorial still runs top to bottom without an error, but no
    Solution cell does its exercise: each says how to turn it on, and each check says Not yet."""
    nb = execute(path, tmp_path, solutions=False)
    for i in solution_cells(nb):
        said = "".join(o.get("text", "") for o in nb.cells[i].outputs)
        assert said.startswith("Solution not run: set SOLUTIONS = True"), said
    shown = checks_after_solutions(nb)
    assert shown and all(s.startswith("⏳ Not yet") for s in shown), shown
    assert_leaves_its_folder_as_it_found_it(path, tmp_path)


def assert_leaves_its_folder_as_it_found_it(path, folder) -> None:
    """A tutorial run in an empty folder leaves it empty but for what it names in LEFT_BEHIND (27.15:
    tutorial 10 left its server's tables.db and its export behind, untracked, in notebooks/)."""
    left = {p.name for p in folder.iterdir()} - LEFT_BEHIND.get(path.name, set())
    assert not left, f"{path.name} left {sorted(left)} in its folder"


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_solution_cells_are_hidden_marked_and_guarded(path):
    """Each Solution cell is collapsed in JupyterLab (source_hidden), tagged, says what it is on
    its first line (what a collapsed cell shows), runs only under ``if SOLUTIONS:``, and sits
    between the exercise's "your turn" cell and its check."""
    nb = nbformat.read(path, as_version=4)
    first = next(c for c in nb.cells if c.cell_type == "code")
    assert re.search(r"^SOLUTIONS = False$", first.source, re.M)
    found = solution_cells(nb)
    assert found
    for i in found:
        cell = nb.cells[i]
        assert cell.metadata.get("jupyter", {}).get("source_hidden") is True
        assert "solution" in cell.metadata.get("tags", [])
        lines = cell.source.splitlines()
        assert lines[0].startswith("# Solution (click to show)") and lines[1] == "if SOLUTIONS:"
        assert all(l.startswith("    ") or l in ("", "else:") for l in lines[2:])
        assert nb.cells[i - 1].cell_type == "code" and "# Your" in nb.cells[i - 1].source
        assert nb.cells[i + 1].source == "lesson.check()"


def test_tutorial_1s_instructions_followed_literally_finish_each_exercise(tmp_path):
    """The code in each "# Your turn: ..." comment of tutorial 1, run as it is written (and no
    Solution), does the exercise: every check says Done. (It once asked for an 'end' of
    Load/Unload that the game never asks for: Load/Unload passes over a player with no work.)"""
    path = ROOT / "notebooks" / "01-the-stage.ipynb"
    nb = nbformat.read(path, as_version=4)
    turns = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("# Your turn: ")]
    assert len(turns) == len(solution_cells(nb))
    for cell in turns:
        cell.source = cell.source.splitlines()[0][len("# Your turn: "):]
    shown = checks_after_solutions(run(nb, tmp_path))
    assert all(s.startswith("✅ Done") for s in shown), shown
    # and they show no list of events before the check (§2 once printed 24 Event(...) lines)
    printed = [o for cell in turns for o in cell.outputs if o.get("output_type") == "execute_result"]
    assert not printed, printed
    # a tutorial's boards do not autosave: nothing was written beside the notebook (issue 15)
    assert not list(tmp_path.glob("station-master-autosave*.json"))


def test_the_multiplayer_tutorials_coop_targets_are_the_engines():
    """V6 / V8: the Co-op targets tutorial 7 states for a Short game are what the engine deals, so an
    edition that changes them cannot leave the text behind."""
    import stationmaster as sm

    text = notebook_text("07-multiplayer.ipynb")
    found = re.search(r"Short: (\d+) for two players, (\d+) for three, (\d+) for four; Standard: (\d+), (\d+) and (\d+)",
                      text)
    assert found, "tutorial 7 no longer states the Short and Standard Co-op targets"
    teams = [["A", "B", "C", "D"][:n] for n in (2, 3, 4)]
    dealt = [sm.new_game(seed=1, players=t, mode="coop", length=length).config.target
             for length in ("short", "standard") for t in teams]
    assert [int(x) for x in found.groups()] == dealt


def test_the_scripting_tutorials_short_target_is_the_engines():
    """V9, V10, V11: the Short target tutorial 6 states is the one a new Short game is dealt (and the older
    editions' it lists are theirs), so a retuned edition cannot leave the text behind."""
    import stationmaster as sm

    text = notebook_text("06-scripting.ipynb")
    found = re.search(r"a target of (\d+) Revenue \((\d+) under `balance=\"v5\"`, (\d+) under `balance=\"v4\"`, (\d+) under the house rule "
                      r"`balance=\"v3\"`, (\d+) under `balance=\"v2\"`, (\d+) under `balance=\"v1\"`\)", text)
    assert found, "tutorial 6 no longer states the Short targets"
    dealt = [sm.new_game(seed=1, length="short", **({"balance": b} if b else {})).config.target
             for b in (None, "v5", "v4", "v3", "v2", "v1")]
    assert [int(x) for x in found.groups()] == dealt
