"""A branch's autosave (``Game.branch``, ``widgets/autosave.py``): a branch shares its original's
seed, so it gets a file of its own (``...-seed7-branch42.json``) and never writes over, resumes or
adopts its original's autosave; the original's autosave path is where the branch says it came from."""

import json
import os

import stationmaster as sm
from stationmaster.widgets import autosave as a

from positions import random_play


def played(steps=30):
    return random_play(sm.new_game(seed=7), 7, steps)


def test_a_branch_autosaves_to_a_file_of_its_own_beside_its_original(tmp_path):
    g = played()
    saver = a.Autosaver(tmp_path)
    assert saver.write(g) is None
    original = tmp_path / "station-master-autosave-seed7.json"
    assert a.claimed(g) == str(original) and g.save_path == str(original)
    before = original.read_text()
    b = g.branch(12)
    assert a.autosave_name(b) == "station-master-autosave-seed7-branch12.json"
    assert b.branched_from.path == str(original)
    assert saver.write(b) is None
    branch_file = tmp_path / "station-master-autosave-seed7-branch12.json"
    assert a.claimed(b) == str(branch_file)
    assert json.loads(branch_file.read_text())["branched_from"]["path"] == str(original)
    b.apply(b.legal_intents()[-1])
    assert saver.write(b) is None
    assert original.read_text() == before  # the original's autosave is untouched
    # both are listed, the branch as a branch, and each resumes as its own game
    listed = {e.name: e for e in a.autosaves(tmp_path)}
    assert set(listed) == {original.name, branch_file.name}
    assert "a branch before decision 12" in listed[branch_file.name].describe()
    assert "branch" not in listed[original.name].describe()
    assert a.resume(branch_file).game.dumps() == b.dumps()
    assert a.resume(original).game.dumps() == g.dumps()


def test_a_second_branch_at_the_same_decision_takes_the_next_name(tmp_path):
    g = played()
    saver = a.Autosaver(tmp_path)
    saver.write(g)
    one, two = g.branch(12), g.branch(12)
    saver.write(one)
    saver.write(two)
    assert os.path.basename(a.claimed(two)) == "station-master-autosave-seed7-branch12-2.json"


def test_a_branch_with_a_history_the_original_shares_never_adopts_its_autosave(tmp_path):
    """A branch from now has the same seed, configuration and intents as its original: only its
    ``branched_from`` tells them apart, and that is enough to keep their autosaves apart."""
    g = played()
    saver = a.Autosaver(tmp_path)
    saver.write(g)
    b = sm.loads(g.branch().dumps())
    assert saver.adopt_same(b) is None
    saver.write(b)
    assert os.path.basename(a.claimed(b)) == "station-master-autosave-seed7-branch31.json"
    assert a.resume(tmp_path / "station-master-autosave-seed7.json").game.branched_from is None


def test_a_board_autosaving_to_a_named_file_puts_a_branch_beside_it(tmp_path):
    g = played()
    saver = a.Autosaver(tmp_path / "my-game.json")
    saver.write(g)
    b = g.branch(5)
    saver.write(b)
    assert os.path.basename(a.claimed(b)) == "my-game-branch5.json"
    assert sm.load(tmp_path / "my-game.json").dumps() == g.dumps()
