"""Hostile autosave files (issue 17, break 1): a file named like an autosave whose fields are of
the wrong type or out of range (a ``seed``, ``day`` or ``stage`` of ``1e400`` or ``Infinity``...)
is listed as unreadable and set aside like a corrupt one; listing, resuming and ``sm.play()``
never fail in its folder."""

import functools
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stationmaster as sm
from stationmaster.widgets import autosave as a

NAME = "station-master-autosave-seed7.json"


@functools.lru_cache(maxsize=1)
def real_save() -> str:
    g = sm.new_game(seed=7)
    g.apply("draw home")
    return g.dumps()


def save_text(**fields) -> str:
    """A real save of seed 7 (one intent), with ``fields`` replaced by raw JSON texts."""
    data = json.loads(real_save())
    text = json.dumps({k: v for k, v in data.items() if k not in fields}, indent=1)
    extra = "".join(f', "{k}": {raw}' for k, raw in fields.items())
    return text[:-2] + extra + "\n}"


HOSTILE = ["1e400", "-1e400", "Infinity", "-Infinity", "NaN", "1.5", "7.0", "true", "null", '"7"', "[]",
           "{}", "-1", "0", str(2**63), "1" + "0" * 400]


@pytest.mark.parametrize("field, raw", [(f, r) for f in ("seed", "day", "stage") for r in HOSTILE
                                        if (f, r) != ("seed", "0")])  # seed 0 is a real seed
def test_a_hostile_number_is_listed_as_unreadable_and_set_aside_on_resume(tmp_path, field, raw):
    (tmp_path / NAME).write_text(save_text(**{field: raw}))
    [entry] = a.autosaves(tmp_path)
    assert entry.seed is None and entry.describe() == f"{NAME} (unreadable)"
    got = a.resume_latest(tmp_path)
    assert got.game is None and got.level == "error"
    assert "could not be loaded" in got.message and "corrupt.json" in got.message
    assert not (tmp_path / NAME).exists()
    assert (tmp_path / "station-master-autosave-seed7.corrupt.json").read_text() == save_text(**{field: raw})


@pytest.mark.parametrize("fields", [
    {"config": '{"players": ["A", "B", "C", "D", "E", "F", "G"], "mode": "coop"}'},
    {"config": '{"players": ["' + "x" * 41 + '"]}'},
    {"config": '{"players": ["Bo\\u001b[2J"]}'},  # ESC: would steer a terminal
    {"config": '{"players": ["Bo"], "mode": "chess"}'},
    {"bots": '{"Player": ""}'},
    {"bots": '{"Player": ["planner"]}'},
], ids=["7 players", "41 characters", "ESC", "mode chess", "empty bot", "bot list"])
def test_names_modes_and_bots_that_no_game_has_are_listed_as_unreadable_and_set_aside(tmp_path, fields):
    (tmp_path / NAME).write_text(save_text(**fields))
    assert [e.describe() for e in a.autosaves(tmp_path)] == [f"{NAME} (unreadable)"]
    got = a.resume_latest(tmp_path)
    assert got.game is None and "could not be loaded" in got.message and "corrupt.json" in got.message


def test_the_reason_names_the_broken_field_in_a_players_words(tmp_path):
    (tmp_path / NAME).write_text(save_text(day="1e400"))
    got = a.resume(tmp_path / NAME)
    assert "'day' must be a whole number from 1 to 5, not inf" in got.message  # saves.loads's check


def test_a_good_autosave_beside_a_hostile_one_is_still_resumed(tmp_path):
    good = sm.new_game(seed=3)
    good.apply("draw home")
    good.save(tmp_path / "station-master-autosave-seed3.json")
    os.utime(tmp_path / "station-master-autosave-seed3.json", (1_000_000, 1_000_000))
    (tmp_path / NAME).write_text(save_text(stage="Infinity"))
    got = a.resume_latest(tmp_path)
    assert got.game is not None and got.game.seed == 3 and got.game.history == good.history
    assert "seed7.corrupt.json" in got.message and "Resumed" in got.message


def test_sm_play_new_game_and_autosaves_work_in_a_folder_with_a_hostile_autosave(tmp_path, monkeypatch):
    pytest.importorskip("ipywidgets")  # the conftest fails the run first if the test extra is missing
    monkeypatch.chdir(tmp_path)
    (tmp_path / NAME).write_text(save_text(seed="1e400"))
    (tmp_path / "station-master-autosave-seed8.json").write_text(save_text(day="Infinity"))
    assert [e.seed for e in sm.widgets.autosaves()] == [None, None]
    board = sm.play()
    assert board.game.history == () and "could not be loaded" in board.message.value
    assert sorted(p for p in os.listdir(tmp_path) if "corrupt" in p) == [
        "station-master-autosave-seed7.corrupt.json", "station-master-autosave-seed8.corrupt.json"]
    later = tmp_path / "station-master-autosave-seed9.json"  # another board's file turns bad meanwhile
    later.write_text(save_text(stage="-Infinity"))
    board.new_button.value = True  # New game… lists it, unreadable, without failing
    assert board.f_autosaves.options == (("station-master-autosave-seed9.json (unreadable)", str(later)),)
    assert board.resume_autosave(str(later)) is False
    assert "could not be loaded" in board.message.value and not later.exists()


# ---------------------------------------------------------------- property: any field, any JSON


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | st.text(max_size=5)
    | st.sampled_from(["1e400", "-1e400", "Infinity", "NaN", "1.5", "1" + "0" * 30]).map(lambda r: ("raw", r)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6)


def to_raw(v) -> str:
    """JSON text for a drawn value; ("raw", text) pieces go in as they are (1e400, Infinity...)."""
    if isinstance(v, tuple):
        return v[1]
    if isinstance(v, list):
        return "[" + ", ".join(to_raw(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {to_raw(x)}" for k, x in v.items()) + "}"
    return json.dumps(v)


FIELDS = ["seed", "day", "stage", "config", "bots", "intents", "format", "version"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, min_size=1, max_size=3))
def test_no_malformed_field_breaks_listing_or_resuming(tmp_path, fields):
    for p in tmp_path.iterdir():
        p.unlink()
    raw = {k: to_raw(v) for k, v in fields.items()}
    (tmp_path / NAME).write_text(save_text(**raw))
    [entry] = a.autosaves(tmp_path)
    if entry.seed is not None:  # listed: every field shown is what a real game could have
        assert type(entry.day) is int and 1 <= entry.day <= 10 and 1 <= entry.stage <= 12
        assert all(type(p) is str for p in entry.players) and type(entry.mode) is str
        entry.describe()
    got = a.resume_latest(tmp_path)
    if got.game is None:  # not resumed: set aside, with the reason, and nothing lost
        assert got.level == "error" and "corrupt" in got.message
        assert not (tmp_path / NAME).exists()
    else:
        assert entry.seed == got.game.seed


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_or_a_folder_named_like_an_autosave_is_never_waited_on(tmp_path):
    """Opening a pipe for reading waits for a writer: a pipe named like an autosave once made
    sm.play() wait forever in its folder. Now it is listed as unreadable and left alone."""
    import signal

    os.mkfifo(tmp_path / NAME)
    (tmp_path / "station-master-autosave-seed8.json").mkdir()
    good = sm.new_game(seed=3)
    good.save(tmp_path / "station-master-autosave-seed3.json")
    os.utime(tmp_path / "station-master-autosave-seed3.json", (1_000_000, 1_000_000))

    def stuck(signum, frame):
        raise AssertionError("waited on the pipe")

    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(20)
    try:
        listed = {e.name: e.seed for e in a.autosaves(tmp_path)}
        got = a.resume_latest(tmp_path)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert listed == {NAME: None, "station-master-autosave-seed8.json": None, "station-master-autosave-seed3.json": 3}
    assert got.game is not None and got.game.seed == 3
    assert f"The autosave {NAME} is not a file (a folder, a pipe or a device), so it was left alone." in got.message
    assert (tmp_path / NAME).exists() and (tmp_path / "station-master-autosave-seed8.json").is_dir()
