"""Notes on the record (``Game.annotate``, ``Game.notes``): on the latest decision or any, removed by
empty text, dropped by undo past them, never shared by a copy, kept by saves (checked when a save is
tampered with) and shown in the record notebook beside their decisions."""

import json

import pytest

import stationmaster as sm
from stationmaster.game import MAX_NOTE

from positions import random_play


def played(steps=40, seed=5, **kw):
    return random_play(sm.new_game(seed=seed, **kw), seed, steps)


def test_annotate_notes_the_latest_decision_or_any_and_empty_text_removes_it():
    g = played()
    g.annotate("  a wide turn of the wheel  ")
    g.annotate(3, "the draw that mattered")
    assert dict(g.notes) == {3: "the draw that mattered", 40: "a wide turn of the wheel"}
    assert list(g.notes) == [3, 40]  # in order of the record
    g.annotate(3, "second thoughts")  # a new note replaces the old
    assert g.notes[3] == "second thoughts"
    g.annotate(3, "")
    g.annotate("   ")
    assert dict(g.notes) == {}


def test_notes_are_read_only_and_change_nothing_in_the_game():
    g = played()
    before = (g.state, g.history, g.legal_intents())
    g.annotate(1, "x")
    with pytest.raises(TypeError):
        g.notes[2] = "y"
    assert (g.state, g.history, g.legal_intents()) == before
    assert dict(g.notes) == {1: "x"}


@pytest.mark.parametrize("args,words", [
    ((0, "x"), "there is no decision 0 to note: this game has decisions 1 to 40"),
    ((41, "x"), "there is no decision 41 to note"),
    ((-1, "x"), "there is no decision -1"),
    (("3", "x"), "a decision is named by its number (1 to 40), not '3'"),
    ((True, "x"), "not True"),
    ((2.0, "x"), "not 2.0"),
    ((3, 5), "the note on decision 3 must be text, not 5"),
    ((None,), "the note on decision 40 must be text, not None"),
    ((3, "x" * (MAX_NOTE + 1)), f"is {MAX_NOTE + 1} characters long; the limit is {MAX_NOTE}"),
    ((3, "bad\x1b[2Jnote"), "holds a control character (U+001B"),
])
def test_bad_annotations_say_what_is_wrong_and_change_nothing(args, words):
    g = played()
    g.annotate(2, "kept")
    with pytest.raises(ValueError) as e:
        g.annotate(*args)
    assert words in str(e.value)
    assert dict(g.notes) == {2: "kept"}


def test_annotate_before_any_decision_and_with_too_many_arguments():
    g = sm.new_game(seed=1)
    with pytest.raises(ValueError, match="there is no decision to note yet"):
        g.annotate("too early")
    with pytest.raises(ValueError, match="this game has no decision yet"):
        g.annotate(1, "too early")
    with pytest.raises(TypeError, match="annotate takes"):
        g.annotate(1, "a", "b")


def test_a_note_may_hold_line_breaks():
    g = played()
    g.annotate(4, "first line\nsecond line")
    assert sm.loads(g.dumps()).notes[4] == "first line\nsecond line"


def test_undo_past_a_noted_decision_drops_its_note_and_redo_does_not_bring_it_back():
    g = played()
    g.annotate(39, "kept")
    g.annotate(40, "goes")
    g.undo()
    assert dict(g.notes) == {39: "kept"}
    g.redo()
    assert dict(g.notes) == {39: "kept"}
    g.annotate("on the redone decision")
    assert dict(g.notes) == {39: "kept", 40: "on the redone decision"}


def test_a_copy_shares_no_notes_with_the_original():
    g = played()
    g.annotate(5, "original")
    c = g.copy()
    c.annotate(5, "copy's")
    c.annotate(6, "only the copy's")
    g.annotate(7, "only the original's")
    assert dict(g.notes) == {5: "original", 7: "only the original's"}
    assert dict(c.notes) == {5: "copy's", 6: "only the copy's"}


def test_notes_survive_save_and_load(tmp_path):
    g = played(players=["Ann", "Bo"], mode="competitive")
    g.annotate(1, "Ann opens")
    g.annotate("Bo's latest: «quoted» & <b>odd</b>")
    data = g.to_json()
    assert data["notes"] == {"1": "Ann opens", "40": "Bo's latest: «quoted» & <b>odd</b>"}
    loaded = sm.loads(g.dumps())
    assert dict(loaded.notes) == dict(g.notes)
    assert loaded.dumps() == g.dumps()
    g.save(tmp_path / "g.json")
    assert dict(sm.load(tmp_path / "g.json").notes) == dict(g.notes)


def test_a_save_without_notes_has_no_notes_key_and_old_saves_load():
    g = played()
    assert "notes" not in g.to_json()
    old = g.to_json()  # a save of before notes existed: no "notes" key
    assert dict(sm.loads(json.dumps(old)).notes) == {}


def test_notes_after_a_replay_stop_are_dropped_with_their_decisions():
    g = played()
    g.annotate(10, "before the stop")
    g.annotate(30, "after the stop")
    data = g.to_json()
    data["intents"][19] = "draw from the moon"  # intent 20 turns illegal: the game after 19 loads
    loaded = sm.loads(json.dumps(data))
    assert loaded.replay_error and len(loaded.history) == 19
    assert dict(loaded.notes) == {10: "before the stop"}


@pytest.mark.parametrize("notes,words", [
    (["a note"], "'notes' must map decision numbers to note texts"),
    ("a note", "'notes' must map decision numbers to note texts"),
    ({"0": "x"}, "'notes' has the key '0', which is no decision of this save (a number from 1 to 40)"),
    ({"41": "x"}, "'notes' has the key '41', which is no decision"),
    ({"three": "x"}, "'notes' has the key 'three'"),
    ({"03": "x"}, "'notes' has the key '03'"),
    ({"3": 7}, "'notes.3': the note on decision 3 must be text, not 7"),
    ({"3": None}, "'notes.3': the note on decision 3 must be text, not None"),
    ({"3": "y" * (MAX_NOTE + 1)}, f"'notes.3': the note on decision 3 is {MAX_NOTE + 1} characters long"),
    ({"3": "ok", "4": "\u202eevil"}, "'notes.4': the note on decision 4 holds an invisible formatting character"),
])
def test_a_tampered_notes_field_says_what_is_wrong_and_where(notes, words):
    data = played().to_json()
    data["notes"] = notes
    with pytest.raises(sm.SaveError) as e:
        sm.loads(json.dumps(data))
    assert words in str(e.value)


def code_of(nb):
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def test_the_record_notebook_shows_each_note_beside_its_decision_and_keeps_it():
    from stationmaster import record
    g = played()
    g.annotate(2, "why *this* discard")
    g.annotate("the last one")
    nb = record.notebook(g)
    text = ["".join(c["source"]) for c in nb["cells"]]
    stage_of = {}
    for k, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown" and "**Note:**" in "".join(cell["source"]):
            stage_of[k] = "".join(cell["source"])
    same_stage = g.timeline[1].turn.same_turn(g.timeline[39].turn) or (
        g.timeline[1].turn.day, g.timeline[1].turn.stage) == (g.timeline[39].turn.day, g.timeline[39].turn.stage)
    assert len(stage_of) == (1 if same_stage else 2)
    told = "\n".join(stage_of.values())
    intent2 = str(g.history[1])
    # the note follows its decision's narration line
    lines = told.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"- `{intent2}`"))
    assert lines[at + 1] == "  - **Note:** why \\*this\\* discard"
    assert "  - **Note:** the last one" in lines
    assert any("| Notes | 2 |" in t for t in text)
    # running the record's code replays the game with its notes
    ns = {}
    exec(code_of(nb).rsplit("\ngame", 1)[0], ns)
    assert dict(ns["game"].notes) == dict(g.notes)
    assert ns["game"].dumps() == g.dumps()
