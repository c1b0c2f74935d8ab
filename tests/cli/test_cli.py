"""The ``stationmaster`` command: replay a save and summarise it; help. (``play``: test_cli_play.py.)"""

import io
import json
import subprocess
import sys

import pytest

import stationmaster as sm
from stationmaster import cli
from stationmaster.safetext import is_hidden

from positions import random_play


def play(seed, steps=None, **kw):
    """A new game of ``seed`` after random legal play (seeded), to the end or for ``steps`` intents."""
    return random_play(sm.new_game(seed=seed, **kw), seed, steps)


@pytest.fixture
def mid_game(tmp_path):
    g = play(3, steps=50, players=["Ann", "Bo"], mode="competitive", optional_rules=["manual_makeup"])
    path = tmp_path / "mid.json"
    g.save(path)
    return g, path


def test_replay_a_running_game(mid_game, capsys):
    g, path = mid_game
    assert cli.main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert f"Save:      {path}" in out
    assert "Players:   Ann, Bo" in out
    assert "competitive, standard, highest after days (seed 3; optional rules: manual makeup)" in out
    assert f"Day {g.day}, Stage {g.stage}, {g.phase.replace('_', ' ')}" in out
    assert "Revenue:   " + ", ".join(f"{k} {v}" for k, v in g.revenue.items()) in out
    assert "Intents:   50 replayed" in out
    assert f"To act:    {g.actor} ({g.decision})" in out
    assert "Replay:    complete" in out
    assert "Outcome" not in out


def test_replay_a_finished_game(tmp_path, capsys):
    g = play(2)
    path = tmp_path / "done.json"
    g.save(path)
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Outcome:   {g.outcome.reason} (won: {', '.join(g.outcome.winners) or 'nobody'})" in out
    assert f"Intents:   {len(g.history)} replayed" in out
    assert "To act" not in out


def test_replay_that_stops_early_exits_1(mid_game, capsys):
    g, path = mid_game
    d = json.loads(path.read_text())
    d["intents"][9] = "board 9"
    path.write_text(json.dumps(d))
    assert cli.main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Intents:   9 replayed" in out
    assert "STOPPED:   intent 10 ('board 9') is not legal:" in out
    assert "replay stopped after intent 9" in out


def test_replay_intents_after_the_end_exits_1(tmp_path, capsys):
    g = play(2)
    d = g.to_json()
    d["intents"].append("draw home")
    path = tmp_path / "long.json"
    path.write_text(json.dumps(d))
    assert cli.main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "comes after the game ended" in out
    assert "Outcome:" in out


@pytest.mark.parametrize("content,words", [
    ("", "the save is empty"),
    ("{not json", "not valid JSON"),
    ('{"format": "other"}', "not a Station Master save"),
    ('{"format": "station-master-save", "version": 9}', "save version 9 is not supported"),
])
def test_bad_save_exits_2_with_the_reason_on_stderr(tmp_path, capsys, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert cli.main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"stationmaster: {path}: ")
    assert words in err


def test_missing_file_exits_2(tmp_path, capsys):
    assert cli.main(["replay", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "nope.json" in err


def test_json_summary(mid_game, capsys):
    g, path = mid_game
    assert cli.main(["replay", "--json", str(path)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info == cli.summary(g)
    assert info["players"] == ["Ann", "Bo"]
    assert info["intents"] == 50
    assert info["revenue"] == g.revenue
    assert info["replay_error"] is None and info["over"] is False


def test_replay_from_stdin(mid_game, capsys, monkeypatch):
    g, path = mid_game

    class FakeStdin:
        buffer = io.BytesIO(path.read_bytes())

    monkeypatch.setattr(sys, "stdin", FakeStdin)
    assert cli.main(["replay", "-"]) == 0
    out = capsys.readouterr().out
    assert "Save:      <stdin>" in out and "Intents:   50 replayed" in out


def test_help(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "usage: stationmaster" in out
    assert "replay" in out and "play" in out


def test_replay_help(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["replay", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "SAVE.json" in out
    assert "control and invisible characters from it are printed as escapes such as \\x1b" in " ".join(out.split())


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"stationmaster {sm.__version__}"


def test_no_command_prints_help_and_exits_2(capsys):
    assert cli.main([]) == 2
    assert "usage: stationmaster" in capsys.readouterr().err


def test_unknown_command_and_missing_argument_exit_2(capsys):
    for argv in (["fly"], ["replay"]):
        with pytest.raises(SystemExit) as e:
            cli.main(argv)
        assert e.value.code == 2
    capsys.readouterr()


def test_module_entry_point(mid_game):
    g, path = mid_game
    done = subprocess.run([sys.executable, "-m", "stationmaster.cli", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Intents:   50 replayed" in done.stdout


# ------------------------------------------------------------------------- untrusted text

def shows_nothing_hidden(text):
    """True when no control, invisible or surrogate character would reach the terminal."""
    return not any(is_hidden(c) for c in text.replace("\n", ""))


def test_a_name_with_a_lone_surrogate_is_refused_not_a_traceback(tmp_path, capsys):
    """It used to load, then printing it raised UnicodeEncodeError."""
    d = sm.new_game(seed=1).to_json()
    d["config"]["players"] = ["\ud800x"]
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(d))
    assert cli.main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "player name '\\ud800x' has a lone surrogate" in err and "(U+D800)" in err
    assert shows_nothing_hidden(err)


@pytest.mark.parametrize("as_json", [False, True])
def test_control_characters_in_a_save_never_reach_the_terminal(tmp_path, capsys, as_json):
    """An intent text with ESC sequences (clear the screen, retitle the window) is shown escaped."""
    d = sm.new_game(seed=1).to_json()
    d["intents"] = ["draw home", "play \x1b[2J\x1b]0;owned\x07\u202e\x9b31m"]
    path = tmp_path / "esc.json"
    path.write_text(json.dumps(d))
    assert cli.main(["replay", *(["--json"] if as_json else []), str(path)]) == 1
    out, err = capsys.readouterr()
    assert err == ""
    assert shows_nothing_hidden(out)
    assert "\\x1b[2J\\x1b]0;owned\\x07\\u202e\\x9b31m" in (json.loads(out)["replay_error"] if as_json else out)


def test_unknown_field_names_are_shown_escaped_and_capped(tmp_path, capsys):
    d = sm.new_game(seed=1).to_json()
    d["config"].update({f"\x1b[2J{'x' * 5000}{i}": 1 for i in range(500)})
    path = tmp_path / "fields.json"
    path.write_text(json.dumps(d))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "unknown field(s): \\x1b[2Jxxx" in err and "and 495 more" in err
    assert shows_nothing_hidden(err) and len(err) < 500


def test_the_summary_shows_hidden_characters_escaped(tmp_path, capsys):
    """Whatever reaches the summary (a file name, a name, a reason) is printed with visible escapes."""
    g = play(3, steps=5)
    path = tmp_path / "a\x1b]0;owned\x07.json"
    g.save(path)
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Save:      " + str(tmp_path) + "/a\\x1b]0;owned\\x07.json" in out
    info = cli.summary(g)
    info.update(players=["A\x1bnn"], actor="A\x1bnn", replay_error="it stopped\u2028\x00 here")
    text = cli.format_summary("x\ud800", info)
    assert shows_nothing_hidden(text)
    assert "Save:      x\\ud800" in text and "Players:   A\\x1bnn" in text
    assert "STOPPED:   it stopped\\u2028\\x00 here" in text


def test_the_json_summary_escapes_hidden_characters_and_keeps_the_text():
    info = {"players": ["Zoë", "A\x1bnn"], "replay_error": "\ud800 \u202e \U000e0041 \x9b \x00 é 東"}
    text = cli.json_text(info)
    assert shows_nothing_hidden(text) and text.encode("utf-8")
    assert "Zoë" in text and "é 東" in text  # visible text stays readable
    assert json.loads(text) == info
