"""Branches (``Game.branch``): a new game from the position in which a decision was made, to play it
differently; the original untouched; seats as ``new_game`` seats them; the notes it keeps; where it
came from, in its save, ``describe`` and repr."""

import json

import pytest

import stationmaster as sm
from stationmaster.builder import Position

from positions import random_play


def played(steps=60, seed=9, **kw):
    return random_play(sm.new_game(seed=seed, **kw), seed, steps)


def fingerprint(game):
    """Everything a branch must not change in its original."""
    return (game.state, game.history, [str(e) for e in game.events], dict(game.notes), game.dumps(),
            game.redo_next, game.bots, game.timeline.snapshot_points)


def test_a_branch_starts_in_the_position_where_the_decision_was_made():
    g = played()
    b = g.branch(25)
    assert b.history == g.history[:24]
    assert b.state == g.copy().branch(25).state
    again = sm.new_game(seed=9)
    again.replay(g.history[:24])
    assert b.state == again.state and b.actor == again.actor
    assert g.history[24] in b.legal  # the decision it branched before is open again...
    others = [i for i in b.legal_intents() if i != g.history[24]]
    if others:  # ...and so is any other
        b.apply(others[0])
        assert b.history[-1] != g.history[24]


def test_branching_leaves_the_original_untouched(tmp_path):
    g = played()
    g.annotate(10, "kept in both")
    g.annotate(50, "the original's alone")
    g.undo()
    before = fingerprint(g)
    b = g.branch(30)
    b.annotate(10, "changed in the branch")
    b.annotate(29, "the branch's alone")
    b.apply(b.legal_intents()[-1])
    b.undo()
    b.undo()
    assert fingerprint(g) == before
    g.apply(g.legal_intents()[0])  # and the branch does not follow the original
    assert b.history == g.history[:28]


def test_a_branch_keeps_the_notes_of_the_entries_it_keeps():
    g = played()
    g.annotate(3, "kept")
    g.annotate(24, "kept too")
    g.annotate(25, "the decision branched before: not kept")
    g.annotate(40, "not kept")
    assert dict(g.branch(25).notes) == {3: "kept", 24: "kept too"}


def test_branch_from_now_and_from_the_very_start():
    g = played()
    now = g.branch()
    assert now.history == g.history and now.state == g.state
    assert now.branched_from.seq == len(g.history) + 1
    start = g.branch(1)
    assert start.history == () and start.state == sm.new_game(seed=9).state
    assert g.branch(len(g.history) + 1).state == g.state


def test_a_branch_has_no_redo_and_plays_on_as_a_game():
    g = played()
    g.undo()
    b = g.branch()
    assert b.redo_next is None and g.redo_next is not None
    random_play(b, 3, 20)
    assert len(b.history) == 79


@pytest.mark.parametrize("seq,words", [
    (0, "there is no decision 0 to branch from: this game has decisions 1 to 60"),
    (62, "there is no decision 62 to branch from"),
    (-3, "there is no decision -3"),
    ("5", "branch from a decision's number (1 to 61), not '5'"),
    (True, "not True"),
    (5.0, "not 5.0"),
])
def test_a_bad_seq_says_what_is_wrong(seq, words):
    g = played()
    with pytest.raises(ValueError) as e:
        g.branch(seq)
    assert words in str(e.value)


def test_bots_are_seated_as_new_game_seats_them():
    g = played(players=["Ann", "Bo"], mode="competitive", bots={"Bo": "planner"})
    assert g.branch(10).bots == {}  # hot-seat unless told
    assert g.branch(10, bots=g.bots).bots == {"Bo": "planner"}
    assert g.branch(10, bots={"Ann": "greedy", "Bo": "expert"}).bots == {"Ann": "greedy", "Bo": "expert"}
    with pytest.raises(ValueError, match="unknown bot 'nobody' for Bo"):
        g.branch(10, bots={"Bo": "nobody"})
    with pytest.raises(ValueError, match="'Cy', who is not a player of this game"):
        g.branch(10, bots={"Cy": "planner"})
    assert g.bots == {"Bo": "planner"}


def test_its_save_says_where_it_came_from_and_survives_load(tmp_path):
    g = played()
    path = tmp_path / "original.json"
    g.save(path)
    b = g.branch(42)
    came = b.to_json()["branched_from"]
    assert came == {"seed": 9, "seq": 42, "game": g.timeline.fingerprint(), "path": str(path)}
    assert len(came["game"]) == 12 and came["game"] != played(steps=61).timeline.fingerprint()
    loaded = sm.loads(b.dumps())
    assert loaded.branched_from == b.branched_from
    assert loaded.dumps() == b.dumps()
    assert f"Branched from game {came['game']} (seed 9, saved as {path}) before decision 42" in loaded.describe()
    assert "branched from seed 9 before decision 42" in repr(loaded)
    # a branch of a game never saved names no file; a branch of a loaded game names the file read
    assert "path" not in played().branch(5).to_json()["branched_from"]
    assert sm.load(path).branch(5).branched_from.path == str(path)
    # a game that is no branch says nothing of it
    assert "branched_from" not in g.to_json() and "Branched" not in g.describe() and "branched" not in repr(g)


def test_a_branch_of_a_branch_names_its_own_original():
    g = played()
    b = g.branch(40)
    random_play(b, 4, 5)
    bb = b.branch(42)
    assert bb.branched_from.game == b.timeline.fingerprint() != g.timeline.fingerprint()


@pytest.mark.parametrize("value,words", [
    ("original", "'branched_from' must be an object with seed, seq and game"),
    ({"seed": 9, "seq": 4}, "'branched_from.game' must be a fingerprint of hexadecimal digits, not None"),
    ({"seed": -1, "seq": 4, "game": "ab"}, "'branched_from.seed' must be a whole number from 0 to 2**63 - 1, not -1"),
    ({"seed": 9, "seq": 0, "game": "ab"}, "'branched_from.seq' must be a whole number from 1 to"),
    ({"seed": 9, "seq": "4", "game": "ab"}, "'branched_from.seq' must be a whole number from 1 to 200001, not '4'"),
    ({"seed": 9, "seq": 4, "game": "<script>"}, "'branched_from.game' must be a fingerprint"),
    ({"seed": 9, "seq": 4, "game": "ab", "path": 3}, "'branched_from.path' must be a file path"),
    ({"seed": 9, "seq": 4, "game": "ab", "path": ""}, "'branched_from.path' must be a file path"),
    ({"seed": 9, "seq": 4, "game": "ab", "path": "x\x1b]0;owned\x07.json"},
     "'branched_from.path' must be a file path of at most 1000 characters, none of them hidden, not 'x\\x1b]0;"),
    ({"seed": 9, "seq": 4, "game": "ab", "when": "now"}, "'branched_from' has unknown field(s): when"),
])
def test_a_tampered_branched_from_says_what_is_wrong(value, words):
    data = played().branch(4).to_json()
    data["branched_from"] = value
    with pytest.raises(sm.SaveError) as e:
        sm.loads(json.dumps(data))
    assert words in str(e.value)


def test_a_built_game_branches_but_its_branch_cannot_be_saved_either():
    b = Position(seed=1, players=["Ann"])
    b.office("Ann", "depot")
    b.lay("Ann", "straight", (1, 0))
    b.cars("Ann", (1, 0), ["HL1"])
    g = b.game()
    first = g.state.clone()
    g.apply("agent pass")
    start = g.state.clone()
    random_play(g, 2, 10)
    br = g.branch(2)
    assert br.history == g.history[:1]
    assert "position builder" in br.can_save()
    with pytest.raises(sm.SaveError, match="position builder"):
        br.dumps()
    assert br.state == start != g.state  # the built position after decision 1, not the seed's deal
    assert g.branch(1).state == first


def test_a_determinized_copy_branches_only_from_after_it_was_made():
    g = played()
    d = g.copy(determinize="Player", seed=1)
    with pytest.raises(ValueError, match="cannot be branched before decision 61, the moment it was made"):
        d.branch(30)
    assert d.branch().history == g.history


def test_the_record_notebook_of_a_branch_says_where_it_came_from_and_replays_it():
    from stationmaster import record
    g = played()
    b = g.branch(20)
    random_play(b, 6, 4)
    nb = record.notebook(b)
    header = "".join(nb["cells"][0]["source"])
    assert f"| Branched from | game {g.timeline.fingerprint()} (seed 9) before decision 20 |" in header
    ns = {}
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    exec(code.rsplit("\ngame", 1)[0], ns)
    assert ns["game"].history == b.history


def test_a_path_no_save_could_hold_is_left_out_of_where_a_branch_came_from():
    g = played()
    g.save_path = "/tmp/odd\x1b[2J/game.json"
    b = g.branch(5)
    assert b.branched_from.path is None and sm.loads(b.dumps()).branched_from == b.branched_from
    g.save_path = "/" + "x" * 1000
    assert g.branch(5).branched_from.path is None
