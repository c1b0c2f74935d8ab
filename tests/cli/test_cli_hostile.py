"""The command line against hostile input (issue 17, breaks 2, 4 and 5): bad paths, huge and
negative numbers, bot options of the wrong type, an interrupted long simulation. Every one ends
with a message in a player's words and exit status 2 (130 for Ctrl-C), never a traceback."""

import json
import os
import signal
import subprocess
import sys
import time

import importlib

import pytest

from stationmaster import cli
from stationmaster.bots import simulate
from stationmaster.bots.simulate import iter_simulate, max_jobs

sim = importlib.import_module("stationmaster.bots.simulate")  # the module (the package exports the function)
LONG = "a" * 300  # longer than any file system's name limit (255)


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


# ------------------------------------------------------------------- play: folders


@pytest.mark.parametrize("extra", [[], ["--print"]])
def test_play_in_the_home_of_no_user_says_so(capsys, extra):
    code, out, err = run(capsys, "play", "--dir", "~no-such-user-17/x", *extra)
    assert code == 2 and out == ""
    assert "there is no user 'no-such-user-17', so ~no-such-user-17 names no home folder" in err


@pytest.mark.parametrize("extra", [[], ["--print"]])
def test_play_in_a_folder_whose_name_is_too_long_says_so(tmp_path, capsys, monkeypatch, extra):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "play", "--dir", LONG, *extra)
    assert code == 2 and out == ""
    assert "File name too long" in err and len(err) < 300  # the name is shown cut short
    assert os.listdir(tmp_path) == []


def test_play_in_a_folder_that_cannot_be_made_says_why(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    code, _, err = run(capsys, "play", "--dir", str(tmp_path / "file" / "below"))
    assert code == 2 and "cannot write" in err and "Not a directory" in err


# ------------------------------------------------------------------- simulate: numbers and files


@pytest.mark.parametrize("argv, words", [
    (["--games", "-5"], "games must be a whole number from 1, not -5"),
    (["--seed", "-1"], "seed must be a whole number from 0"),
    (["--seed", "9" * 30], "the seeds must stay below 2**63"),
    (["--jobs", "-3"], "jobs must be a whole number of worker processes from 1"),
    (["--players", "-1", "--mode", "coop"], "players must be a whole number of seats from 1"),
    (["--players", "9" * 25, "--mode", "coop"], "seats 1 to 6 players"),  # refused at once, not after 10**25 names
    (["--out", LONG], "File name too long"),
    (["--out", "/"], "Is a directory"),
    (["--out", "no-such-folder-17/rows.jsonl"], "No such file or directory"),
    (["--rule", "nonsense"], "unknown optional rule"),
])
def test_simulate_refuses_bad_numbers_and_paths_before_any_game(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "simulate", "--bot", "random", "--length", "short", "--games", "1", "--quiet", *argv)
    assert code == 2 and out == "" and words in err


def test_jobs_beyond_the_machine_are_capped_and_said(capsys):
    code, out, err = run(capsys, "simulate", "--bot", "random", "--length", "short", "--games", "3", "--jobs",
                         "100000", "--quiet", "--json")
    assert code == 0
    assert f"--jobs 100000 is more than this machine's CPUs can run at once; using {max_jobs()}" in err
    assert json.loads(out)["jobs"] == min(max_jobs(), 3)
    with pytest.warns(RuntimeWarning, match=f"using {max_jobs()}"):
        rows = simulate("random", length="short", games=2, seed=1, jobs=10**9)
    assert [r["seed"] for r in rows] == [1, 2]


# ------------------------------------------------------------------- simulate: bot options


BAD_OPTIONS = [
    ("search", 'rollouts="abc"', "the search bot's option rollouts must be a whole number from 0 to 10000, not 'abc'"),
    ("search", 'max_seconds="soon"', "option max_seconds must be a number from 0.001 to 3600 (or null: no time cap"),
    ("search", "max_seconds=soon", "not 'soon'"),  # not JSON: read as text
    ("search", "horizon=[1]", "option horizon must be a whole number from 1 to 1000, not [1]"),
    ("search", "candidates=-5", "option candidates must be a whole number from 1 to 100, not -5"),
    ("search", "rollouts=2.5", "option rollouts must be a whole number"),
    ("search", "rollouts=true", "not True"),
    ("search", "margin=1e400", "option margin must be a number from 0 to 1000, not inf"),
    ("search", "margin=NaN", "not nan"),
    ("search", "depth=3", "the search bot does not take these options: depth. The options it takes:\n  rollouts:"),
    ("planner", 'switch_nodes="x"', "the planner bot's option switch_nodes must be a whole number from 1 to 100000"),
    ("planner", "switch_nodes=0", "not 0"),
    ("random", "depth=3", "the random bot does not take these options: depth. The options it takes: none"),
    ("greedy", "x=1", "the greedy bot does not take these options: x"),
]


@pytest.mark.parametrize("bot, option, words", BAD_OPTIONS)
def test_a_bad_bot_option_exits_2_with_what_it_must_be(capsys, bot, option, words):
    code, out, err = run(capsys, "simulate", "--bot", bot, "--length", "short", "--games", "1", "--quiet",
                         "--bot-option", option)
    assert code == 2 and out == "" and words in err


@pytest.mark.parametrize("bot, option, words", BAD_OPTIONS)
def test_a_bad_bot_option_is_refused_by_the_python_api_before_any_game(bot, option, words):
    key, _, value = option.partition("=")
    try:
        value = json.loads(value)
    except ValueError:
        pass
    with pytest.raises(ValueError) as e:
        simulate(bot, length="short", games=1, bot_options={key: value})
    assert words in str(e.value)


def test_the_bots_check_their_own_options_when_made():
    from stationmaster.bots.planner import PlannerBot
    from stationmaster.bots.search import SearchBot
    with pytest.raises(ValueError, match="candidates must be a whole number from 1"):
        SearchBot(1, candidates=-5)
    with pytest.raises(ValueError, match="switch_nodes must be"):
        PlannerBot(1, switch_nodes="x")
    assert SearchBot(1, max_seconds=None, budget=None).max_seconds is None  # null: no time cap
    assert SearchBot(1, max_seconds=2).max_seconds == 2  # a whole number is a number


def test_good_bot_options_still_reach_the_bot(capsys):
    code, out, _ = run(capsys, "simulate", "--bot", "planner", "--length", "short", "--games", "1", "--quiet",
                       "--bot-option", "switch_nodes=5", "--json")
    assert code == 0 and json.loads(out)["games"] == 1


# ------------------------------------------------------------------- simulate: streaming


def test_iter_simulate_yields_rows_as_they_finish_and_stops_its_workers_when_closed():
    import multiprocessing
    rows = iter_simulate("random", length="short", games=10**12, seed=5, jobs=2)  # no list of 10**12 tasks
    first = [next(rows) for _ in range(3)]
    assert [r["seed"] for r in first] == [5, 6, 7]
    rows.close()
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []


def _lines(path):
    try:
        return path.read_text().splitlines()
    except FileNotFoundError:
        return []


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_every_finished_row_and_prints_the_summary_so_far(tmp_path, jobs):
    """A run of 10**12 games: rows are appended as games finish; Ctrl-C (SIGINT to the whole
    process group, as a terminal sends it) stops it with the summary of the finished games."""
    out = tmp_path / "rows.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "stationmaster.cli", "simulate", "--bot", "random",
                             "--length", "short", "--games", str(10**12), "--jobs", str(jobs), "--out", str(out),
                             "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(_lines(out)) < 5 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert len(_lines(out)) >= 5, proc.stderr.read() if proc.poll() is not None else "no rows after 60 s"
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130 and "Traceback" not in stderr
    rows = [json.loads(line) for line in _lines(out)]
    info = json.loads(stdout)
    assert info["games"] == len(rows) >= 5 and info["stopped"] == "interrupted"
    assert [r["seed"] for r in rows] == list(range(1, len(rows) + 1))
    assert info["seeds"] == [1, len(rows)]
    assert f"interrupted after {len(rows)} of {10**12} games; the {len(rows)} finished game(s) are in" in stderr


def test_rows_are_written_as_games_finish_not_at_the_end(tmp_path, monkeypatch):
    """Each row is on disk (flushed) before the next game is played."""
    out = tmp_path / "rows.jsonl"
    seen = []
    real = sim.play_one

    def spy(task):
        seen.append(len(_lines(out)))
        return real(task)

    monkeypatch.setattr(sim, "play_one", spy)
    assert cli.main(["simulate", "--bot", "random", "--length", "short", "--games", "4", "--jobs", "1",
                     "--quiet", "--out", str(out)]) == 0
    assert seen == [0, 1, 2, 3] and len(_lines(out)) == 4


def test_a_full_disk_stops_the_run_with_the_summary_so_far(capsys):
    if not os.path.exists("/dev/full"):
        pytest.skip("this system has no /dev/full")
    code, out, err = run(capsys, "simulate", "--bot", "random", "--length", "short", "--games", "3", "--jobs", "1",
                         "--quiet", "--out", "/dev/full")
    assert code == 2 and "cannot write /dev/full: No space left on device after 0 of 3 games" in err


@pytest.mark.parametrize("kw, words", [
    (dict(bot_options=[1, 2]), "bot_options maps option names to values"),
    (dict(bot_options={1: 2}), "bot_options maps option names to values"),
    (dict(optional_rules="adversity"), "optional_rules is a list of rule names"),
    (dict(games=True), "games must be a whole number"),
    (dict(seed=1.0), "seed must be a whole number"),
    (dict(jobs=2.0), "jobs must be a whole number"),
    (dict(players=10**20, mode="coop"), "seats 1 to 6 players"),
])
def test_the_python_api_refuses_settings_of_the_wrong_kind_with_a_value_error(kw, words):
    with pytest.raises(ValueError, match=words):
        simulate(**({"bot": "random", "length": "short", "games": 1} | kw))


# ------------------------------------------------------------------- replay: paths and files


@pytest.mark.parametrize("name, words", [
    ("folder", "Is a directory"),
    (LONG, "File name too long"),
    ("missing.json", "No such file or directory"),
])
def test_replay_of_a_path_that_is_no_save_exits_2(tmp_path, capsys, monkeypatch, name, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    code, out, err = run(capsys, "replay", name)
    assert code == 2 and out == "" and words in err


def test_replay_of_a_save_with_a_huge_seed_or_a_unicode_digit(tmp_path, capsys):
    import stationmaster as sm
    g = sm.new_game(seed=3)
    g.apply("draw home")
    data = json.loads(g.dumps())
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data).replace('"seed": 3', '"seed": 1e400'))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "'seed' must be a whole number from 0 to 2**63 - 1, not inf" in err
    data["intents"].append("board ①")
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1 and "write numbers with the digits 0-9" in out and "engine error" not in out


def test_ctrl_c_while_a_row_is_written_waits_until_it_is_counted(tmp_path, capsys, monkeypatch):
    """A SIGINT that lands between writing a row and counting it would leave the file one row
    ahead of the summary: it is held until the row is both written and counted."""
    out = tmp_path / "rows.jsonl"
    real = sim.Summary.add
    calls = []

    def add_after_a_ctrl_c(self, row):
        calls.append(row["seed"])
        if len(calls) == 2:  # Ctrl-C arrives while the second row is being handled
            os.kill(os.getpid(), signal.SIGINT)
        return real(self, row)

    monkeypatch.setattr(sim.Summary, "add", add_after_a_ctrl_c)
    before = signal.getsignal(signal.SIGINT)  # Python's default, or SIG_IGN in a job started with '&'
    code, stdout, err = run(capsys, "simulate", "--bot", "random", "--length", "short", "--games", "50",
                            "--jobs", "1", "--quiet", "--json", "--out", str(out))
    assert code == 130 and calls == [1, 2]
    assert json.loads(stdout)["games"] == 2 == len(_lines(out))
    assert "interrupted after 2 of 50 games" in err
    assert signal.getsignal(signal.SIGINT) is before  # put back as it was
