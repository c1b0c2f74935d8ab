"""Saves: dumps -> loads reproduces the game; files are written atomically; untrusted input
gives a SaveError saying what is wrong; a history that turns illegal stops the replay there."""

import json
import re
import os
import random
import stat

import pytest

import stationmaster as sm
from stationmaster import saves
from stationmaster.config import DEFAULT_BALANCE
from stationmaster.invariants import check

from positions import random_play

CONFIGS = [
    dict(),
    dict(length="short"),
    dict(players=["Ann", "Bo", "Cy"], mode="competitive"),
    dict(players=["Ann", "Bo"], mode="coop", starting_hand="six",
         optional_rules=["manual_makeup", "emergency_toolbox", "reduced_visibility", "employee_rotation"]),
    dict(players=["Ann", "Bo", "Cy", "Di"], mode="competitive", victory="first_to_target",
         starting_hand="track_split", revenue=(2, 1, 1)),
]


def play(seed, steps=None, **kw):
    """A new game of ``seed`` after random legal play (seeded), to the end or for ``steps`` intents."""
    return random_play(sm.new_game(seed=seed, **kw), seed, steps)


def event_texts(g):
    return [e.text for e in g.events]


def assert_same_game(a, b):
    assert a.history == b.history
    assert a.state == b.state
    assert event_texts(a) == event_texts(b)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert a.dumps() == b.dumps()
    assert a.seed == b.seed and a.config == b.config
    assert a.outcome == b.outcome and a.revenue == b.revenue
    assert [str(i) for i in a.legal_intents()] == [str(i) for i in b.legal_intents()]


def base_save(**changes):
    d = sm.new_game(seed=3).to_json()
    d.update(changes)
    return d


def config_save(**changes):
    d = sm.new_game(seed=3).to_json()
    d["config"] = {**d["config"], **changes}
    return d


# ------------------------------------------------------------------------- round trips

@pytest.mark.parametrize("kw", CONFIGS, ids=lambda kw: kw.get("mode", "solitaire") + "-" + str(len(kw)))
def test_dumps_loads_reproduces_a_finished_game(kw):
    """R1: a save holds seed, configuration and intents; loading replays them to the same game."""
    g = play(11, **kw)
    assert g.is_over
    h = sm.loads(g.dumps())
    assert h.replay_error is None
    assert_same_game(g, h)
    assert check(h.state) == []


@pytest.mark.parametrize("steps", [0, 1, 7, 60])
def test_dumps_loads_mid_game(steps):
    g = play(5, steps=steps, players=["A", "B"], mode="competitive")
    h = sm.loads(g.dumps())
    assert_same_game(g, h)
    assert h.last_events == g.last_events
    # and the reloaded game goes on exactly like the original
    r1, r2 = random.Random(1), random.Random(1)
    for _ in range(30):
        if g.is_over:
            break
        a = r1.choice(g.legal_intents())
        b = r2.choice(h.legal_intents())
        assert a == b
        assert [e.text for e in g.apply(a)] == [e.text for e in h.apply(b)]
    assert_same_game(g, h)


def test_loads_accepts_bytes_and_a_byte_order_mark():
    g = play(2, steps=40)
    assert_same_game(g, sm.loads(g.dumps().encode("utf-8")))
    assert_same_game(g, sm.loads("\ufeff" + g.dumps()))
    assert_same_game(g, sm.loads(b"\xef\xbb\xbf" + g.dumps().encode()))


def test_save_format():
    """R1: the save format: format name, version, seed, configuration, intents."""
    g = play(4, steps=25, players=["Ann", "Bo"], mode="coop")
    d = json.loads(g.dumps())
    assert d["format"] == "station-master-save"
    assert d["version"] == 1
    assert d["seed"] == 4
    assert d["config"]["players"] == ["Ann", "Bo"] and d["config"]["mode"] == "coop"
    assert d["intents"] == [str(i) for i in g.history]
    assert d["day"] == g.day and d["stage"] == g.stage
    assert g.to_json() == d


def test_unicode_player_names_survive():
    g = play(8, steps=30, players=["Zoë", "Łukasz", "東"], mode="competitive")
    assert_same_game(g, sm.loads(g.dumps()))


def test_extra_top_level_fields_are_ignored_and_day_stage_are_informational():
    """The replay, not the recorded day and stage, says where the game stands (they are only checked
    for type and range, below)."""
    g = play(6, steps=20)
    d = g.to_json()
    d["comment"] = "from a notebook"
    d["day"], d["stage"] = (2, 7) if (g.day, g.stage) != (2, 7) else (1, 1)
    assert_same_game(g, sm.loads(json.dumps(d)))
    del d["day"], d["stage"]
    assert_same_game(g, sm.loads(json.dumps(d)))


# ------------------------------------------------------------------------- files

def test_save_and_load_a_file(tmp_path):
    g = play(9, steps=50, players=["A", "B", "C"], mode="competitive")
    path = tmp_path / "game.json"
    g.save(path)
    assert path.read_text(encoding="utf-8") == g.dumps()
    assert_same_game(g, sm.load(path))
    assert_same_game(g, sm.load(str(path)))
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_save_overwrites_atomically_and_keeps_permissions(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    os.chmod(path, 0o640)
    g = play(9, steps=10)
    g.save(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert sm.load(path).history == g.history
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_new_save_file_gets_ordinary_permissions(tmp_path):
    path = tmp_path / "new.json"
    sm.new_game(seed=1).save(path)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o666 & ~umask


def test_crash_while_saving_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    first = play(1, steps=5)
    first.save(path)
    before = path.read_bytes()

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(saves.os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):
        play(1, steps=30).save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_load_missing_file_and_directory(tmp_path):
    with pytest.raises(sm.SaveError, match="cannot read .*nope.json"):
        sm.load(tmp_path / "nope.json")
    with pytest.raises(sm.SaveError, match="cannot read"):
        sm.load(tmp_path)


def test_load_oversized_file(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (saves.MAX_BYTES + 1))
    with pytest.raises(sm.SaveError, match="limit is 5000000"):
        sm.load(path)


# ------------------------------------------------------------------------- bad input

def test_save_error_is_a_value_error():
    assert issubclass(sm.SaveError, ValueError)


@pytest.mark.parametrize("text,words", [
    ("", "empty"),
    ("   \n ", "empty"),
    ("not json", "not valid JSON"),
    ("{'format': 1}", "not valid JSON"),
    ('{"format": "station-master-save", "version": 1, "seed": 3, "conf', "is it truncated"),
    ("[1, 2, 3]", "must be a JSON object"),
    ('"text"', "must be a JSON object"),
    ("null", "must be a JSON object"),
    ("[" * 100_000 + "]" * 100_000, "nests too deeply"),
    ('{"seed": ' + "9" * 5000 + "}", "not valid JSON"),
])
def test_not_a_save(text, words):
    with pytest.raises(sm.SaveError) as e:
        sm.loads(text)
    assert words in str(e.value)


def test_truncated_real_save():
    text = play(3, steps=30).dumps()
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 2):
        with pytest.raises(sm.SaveError, match="not valid JSON.*line .*column .*truncated"):
            sm.loads(text[:cut])


def test_bytes_not_utf8():
    with pytest.raises(sm.SaveError, match=r"not UTF-8 text \(byte 1\)"):
        sm.loads(b'{\xff\xfe}')
    with pytest.raises(sm.SaveError, match="not UTF-8"):
        sm.loads(sm.new_game(seed=1).dumps().encode("utf-16"))


@pytest.mark.parametrize("value", [None, 42, ["a"], {"format": "x"}])
def test_not_text(value):
    with pytest.raises(sm.SaveError, match="a save is JSON text, not"):
        sm.loads(value)


def test_oversized_text_and_bytes():
    big = " " * (saves.MAX_BYTES + 1)
    with pytest.raises(sm.SaveError, match="5000001 characters; the limit is 5000000"):
        sm.loads(big)
    with pytest.raises(sm.SaveError, match="5000001 bytes; the limit is 5000000"):
        sm.loads(big.encode())


@pytest.mark.parametrize("changes,words", [
    (dict(format="chess-pgn"), "not a Station Master save: 'format' is 'chess-pgn'"),
    (dict(format=None), "'format' is None"),
    (dict(version=2), "save version 2 is not supported"),
    (dict(version=0), "save version 0 is not supported"),
    (dict(version="1"), "save version '1' is not supported"),
    (dict(version=True), "save version True is not supported"),
    (dict(version=1.5), "save version 1.5 is not supported"),
    (dict(seed=-1), "'seed' must be a whole number"),
    (dict(seed=2**63), "'seed' must be a whole number"),
    (dict(seed=1.5), "not 1.5"),
    (dict(seed="7"), "not '7'"),
    (dict(seed=True), "not True"),
    (dict(seed=None), "not None"),
    (dict(config=None), "'config' must be an object"),
    (dict(config=["solitaire"]), "'config' must be an object"),
    (dict(intents=None), "'intents' must be a list"),
    (dict(intents="draw home"), "'intents' must be a list"),
    (dict(intents={"1": "draw home"}), "'intents' must be a list"),
    (dict(intents=["draw home", 5]), "intent 2 must be a short text, not '5'"),
    (dict(intents=[None]), "intent 1 must be a short text, not 'None'"),
    (dict(intents=[["draw", "home"]]), "intent 1 must be a short text"),
    (dict(intents=["x" * 201]), "intent 1 must be a short text"),
])
def test_bad_top_level_fields(changes, words):
    with pytest.raises(sm.SaveError) as e:
        sm.loads(json.dumps(base_save(**changes)))
    assert words in str(e.value)


@pytest.mark.parametrize("changes,words", [
    (dict(day=0), "'day' must be a whole number from 1 to {days}, not 0"),
    (dict(day=99), "'day' must be a whole number from 1 to {days}, not 99"),
    (dict(day="2"), "'day' must be a whole number from 1 to {days}, not '2'"),
    (dict(day=True), "'day' must be a whole number from 1 to {days}, not True"),
    (dict(day=1.0), "'day' must be a whole number from 1 to {days}, not 1.0"),
    (dict(stage=0), "'stage' must be a whole number from 1 to 12, not 0"),
    (dict(stage=13), "'stage' must be a whole number from 1 to 12, not 13"),
    (dict(stage=None), "'stage' must be a whole number from 1 to 12, not None"),
    (dict(stage=[3]), "'stage' must be a whole number from 1 to 12, not [3]"),
])
def test_a_tampered_day_or_stage_is_refused_saying_which_and_why(changes, words):
    """The day and stage a save records are checked as the seed is: type and range, by name."""
    d = base_save(**changes)
    with pytest.raises(sm.SaveError) as e:
        sm.loads(json.dumps(d))
    assert words.format(days=sm.loads(json.dumps(base_save())).state.config.days) in str(e.value)


@pytest.mark.parametrize("number", ["1e400", "Infinity", "-Infinity", "NaN", "2.5"])
def test_a_day_or_stage_that_is_no_whole_number_in_the_text_is_refused(number):
    text = json.dumps(base_save())
    for key in ("day", "stage"):
        tampered = re.sub(rf'"{key}": \d+', f'"{key}": {number}', text, count=1)
        assert tampered != text
        with pytest.raises(sm.SaveError, match=f"'{key}' must be a whole number"):
            sm.loads(tampered)


def test_missing_fields():
    for key in ("format", "version", "seed", "config", "intents"):
        d = base_save()
        del d[key]
        with pytest.raises(sm.SaveError, match=f"'{key}'|{key}"):
            sm.loads(json.dumps(d))


def test_too_many_intents(monkeypatch):
    monkeypatch.setattr(saves, "MAX_INTENTS", 3)
    with pytest.raises(sm.SaveError, match="'intents' holds 4 entries; the limit is 3"):
        sm.loads(json.dumps(base_save(intents=["end"] * 4)))


@pytest.mark.parametrize("changes,words", [
    (dict(mode="chess"), "unknown mode 'chess'"),
    (dict(mode=3), "'config.mode' must be text"),
    (dict(length="forever"), "unknown length 'forever'"),
    (dict(victory="sudden_death"), "unknown victory"),
    (dict(starting_hand="ten"), "unknown starting hand"),
    (dict(deck="modern"), "unknown deck"),
    (dict(colour="red"), "unknown field(s): colour"),
    (dict(players=[]), "at least one player"),
    (dict(players="Ann"), "'config.players' must be a list of names"),
    (dict(players={"Ann": 1}), "'config.players' must be a list of names"),
    (dict(players=["Ann", 5]), "'config.players' must be a list of names"),
    (dict(players=["A", "B"]), "Solitaire is for one player"),
    (dict(players=list("ABCDEFG"), mode="competitive"), "1 to 6 players"),
    (dict(players=["Ann", "ann"], mode="competitive"), "names must differ"),
    (dict(players=["  "]), "non-empty"),
    (dict(optional_rules=["time_travel"]), "unknown optional rule 'time_travel'"),
    (dict(optional_rules="manual_makeup"), "'config.optional_rules' must be a list"),
    (dict(revenue=[1, 1]), "'config.revenue' must be three whole numbers"),
    (dict(revenue=[1, 1, 9]), "'config.revenue' must be three whole numbers"),
    (dict(revenue=[1.5, 1, 0]), "'config.revenue' must be three whole numbers"),
    (dict(revenue=[True, 1, 0]), "'config.revenue' must be three whole numbers"),
    (dict(revenue="110"), "'config.revenue' must be three whole numbers"),
])
def test_bad_config(changes, words):
    with pytest.raises(sm.SaveError) as e:
        sm.loads(json.dumps(config_save(**changes)))
    assert words in str(e.value)


def test_config_may_leave_fields_at_their_defaults():
    """Y1: a missing yard_refill means a save from before the choice existed: when_empty, the rule
    it was played by (not today's default); a missing balance likewise means the first edition of
    the numbers, v1."""
    d = base_save(config={})
    g = sm.loads(json.dumps(d))
    assert g.config == sm.new_game(seed=3, yard_refill="when_empty", balance="v1").config


def test_a_save_keeps_its_balance_edition():
    g = sm.new_game(seed=3)
    assert g.config.balance == DEFAULT_BALANCE and json.loads(g.dumps())["config"]["balance"] == DEFAULT_BALANCE
    assert sm.loads(sm.new_game(seed=3, balance="v4").dumps()).config.balance == "v4"
    assert sm.loads(sm.new_game(seed=3, balance="v3").dumps()).config.balance == "v3"
    assert sm.loads(sm.new_game(seed=3, balance="v1").dumps()).config.balance == "v1"
    assert sm.loads(sm.new_game(seed=3, balance="v2").dumps()).config.balance == "v2"
    with pytest.raises(ValueError, match="unknown balance"):
        sm.new_game(seed=3, balance="v9")


# ------------------------------------------------------------------------- replay stops

@pytest.mark.parametrize("k", [1, 2, 17, 40])
def test_illegal_intent_k_loads_the_game_after_k_minus_1(k):
    """R1: the replay stops at the first intent no longer legal and says where and why."""
    g = play(21, steps=60, players=["A", "B"], mode="competitive")
    texts = [str(i) for i in g.history]
    # the game as it stood before intent k, and what it says about a bad intent there
    before = sm.loads(json.dumps({**g.to_json(), "intents": texts[:k - 1]}))
    bad = "board 9"
    reason = before.why_not(bad)
    assert reason
    d = g.to_json()
    d["intents"] = texts[:k - 1] + [bad] + texts[k:]
    h = sm.loads(json.dumps(d))
    assert len(h.history) == k - 1
    assert_same_game(h, before)
    assert h.replay_error == f"intent {k} ('board 9') is not legal: {reason}; replay stopped after intent {k - 1}"
    assert before.replay_error is None


def test_junk_intent_text_stops_the_replay_with_the_parse_reason():
    g = play(4, steps=10)
    d = g.to_json()
    d["intents"][4] = "hop to the moon"
    h = sm.loads(json.dumps(d))
    assert len(h.history) == 4
    assert "intent 5 ('hop to the moon') is not legal: 'hop' is not an intent" in h.replay_error
    assert "replay stopped after intent 4" in h.replay_error


def test_intent_that_was_legal_in_another_game_is_not_here():
    g = play(30, steps=80)
    d = g.to_json()
    d["seed"] = 31  # same intents, different deal: somewhere they stop making sense
    h = sm.loads(json.dumps(d))
    assert h.replay_error is not None
    k = len(h.history) + 1
    assert h.replay_error.startswith(f"intent {k} (")
    assert f"replay stopped after intent {k - 1}" in h.replay_error


def test_intents_after_the_game_ended():
    """R1: intents after the end stop the replay, saying where."""
    g = play(12)
    assert g.is_over
    n = len(g.history)
    d = g.to_json()
    d["intents"] += ["draw home", "end"]
    h = sm.loads(json.dumps(d))
    assert h.is_over
    assert_same_game(g, h)
    assert h.replay_error == f"intent {n + 1} ('draw home') comes after the game ended; replay stopped there"


def test_a_loaded_game_with_a_replay_error_plays_on():
    g = play(4, steps=10)
    d = g.to_json()
    d["intents"] = d["intents"][:5] + ["hold"]
    h = sm.loads(json.dumps(d))
    assert h.replay_error and len(h.history) == 5
    h.apply(h.legal_intents()[0])
    assert len(h.history) == 6
    assert check(h.state) == []


# ------------------------------------------------------------------------- untrusted text

@pytest.mark.parametrize("name", ["\ud800x", "Ann\x00", "\x1b]0;owned\x07", "Ann\u200b", "Ann\u202e"])
def test_a_name_with_hidden_characters_is_not_a_valid_save(name):
    """A lone surrogate loaded, then the record notebook, the SVG board and the replay command broke
    on it; control and invisible characters let a save steer a terminal or break a notebook."""
    with pytest.raises(sm.SaveError, match="'config' is not a valid configuration: player name") as e:
        sm.loads(json.dumps(config_save(players=[name])))
    assert str(e.value).isprintable()


def test_names_that_read_the_same_are_not_a_valid_save():
    with pytest.raises(sm.SaveError, match="read the same"):
        sm.loads(json.dumps(config_save(players=["Ann", "ａｎｎ"],
                                        mode="competitive")))


HUGE = "\x1b[2J" * 50_000


@pytest.mark.parametrize("save", [
    base_save(format=HUGE),
    base_save(version=HUGE),
    base_save(version=[HUGE] * 10),
    base_save(seed=HUGE),
    config_save(**{HUGE[:1000] + str(i): 1 for i in range(1000)}),
    config_save(mode=HUGE),
    config_save(length=HUGE),
    config_save(optional_rules=[HUGE]),
    config_save(players=[HUGE]),
    base_save(intents=[HUGE]),
], ids=["format", "version", "version-list", "seed", "unknown-fields", "mode", "length", "optional-rule",
        "player", "intent"])
def test_save_errors_are_short_and_show_hidden_characters_escaped(save):
    """A message built from a save is capped and shows its control characters as escapes."""
    with pytest.raises(sm.SaveError) as e:
        sm.loads(json.dumps(save))
    msg = str(e.value)
    assert len(msg) < 400
    assert "\x1b" not in msg and msg.isprintable()


@pytest.mark.parametrize("bad", [
    "play " + "\x1b[2J\x1b]0;owned\x07" * 10,
    "play \ud800\u202e" + "X" * 190,
    "discard \x9b2J to 1",
])
def test_replay_error_is_short_and_shows_hidden_characters_escaped(bad):
    g = play(4, steps=3)
    d = g.to_json()
    d["intents"] = ["draw home", bad]
    h = sm.loads(json.dumps(d))
    assert len(h.history) == 1
    assert h.replay_error.startswith("intent 2 ('")
    assert "is not legal" in h.replay_error
    assert len(h.replay_error) < 400
    assert h.replay_error.isprintable()
