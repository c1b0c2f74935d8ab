"""Command-line values that used to start something that could not work, or end in a traceback
(issue 27, items 2 and 10): each is refused at start with exit status 2 and one line on stderr,
and nothing is started or lost."""

from __future__ import annotations

import json

import pytest

from stationmaster import cli


def refused(capsys, *argv) -> str:
    """Run the command; it must exit 2 with one line on stderr and nothing on stdout. The line."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert (code, out) == (cli.EXIT_BAD, ""), (code, out, err)
    assert err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err, err
    return err


@pytest.fixture
def never_served(monkeypatch):
    """A server that starts fails the test at once instead of serving until killed."""
    uvicorn = pytest.importorskip("uvicorn")

    def served(*args, **kw):
        raise AssertionError("the server started on a value it should have refused")

    monkeypatch.setattr(uvicorn.Server, "run", served)


# ------------------------------------------------------------------------- serve: numbers at start

@pytest.mark.parametrize("argv, words", [
    (["--port", "70000"], "--port must be from 0 to 65535, not 70000"),
    (["--port", "-5"], "--port must be from 0 to 65535, not -5"),
    (["--port", str(10**20)], "--port must be from 0 to 65535"),
    (["--rate", "nan"], "--rate must be"),
    (["--rate", "inf"], "--rate must be"),
    (["--idle-seconds", "nan"], "--idle-seconds must be"),
    (["--bot-pace", "nan"], "--bot-pace must be"),
    (["--bot-pace", "inf"], "--bot-pace must be"),
    (["--bot-pace", "100"], "--bot-pace must be a number from 0 to 60, not 100"),
    (["--webhook-timeout", "nan"], "--webhook-timeout must be"),
    (["--request-timeout", "0"], "--request-timeout must be"),
    (["--db", ""], "--db needs a file name"),
])
def test_serve_refuses_values_that_cannot_work_before_serving(tmp_path, capsys, monkeypatch, never_served,
                                                              argv, words):
    monkeypatch.chdir(tmp_path)
    defaults = {"--db": str(tmp_path / "t.db"), "--port": "0"}  # never the default port: it may be taken
    given = [x for k, v in defaults.items() if k not in argv for x in (k, v)]
    err = refused(capsys, "serve", *given, *argv)
    assert words in err


def test_lite_serve_refuses_a_port_out_of_range(capsys, monkeypatch):
    from stationmaster import lite

    def served(*args, **kw):
        raise AssertionError("lite serve started")

    monkeypatch.setattr(lite, "serve", served)
    assert "--port must be from 0 to 65535, not 70000" in refused(capsys, "lite", "serve", "--port", "70000")


def test_the_limits_themselves_refuse_what_is_not_a_finite_number_in_range():
    from stationmaster.server import Limits
    for bad in [dict(rate=float("nan")), dict(idle_seconds=float("inf")), dict(webhook_timeout=float("nan")),
                dict(bot_pace=61), dict(bot_pace=0.5, min_bot_pace=1), dict(request_seconds=0)]:
        with pytest.raises(ValueError):
            Limits(**bad)
    assert Limits(bot_pace=60, webhook_timeout=0).bot_pace == 60


# ------------------------------------------------------------------------- simulate and play

def test_a_bot_option_nested_50000_deep_is_refused_in_one_line(capsys):
    err = refused(capsys, "simulate", "--bot", "random", "--length", "short", "--games", "1", "--quiet",
                  "--bot-option", "x=" + "[" * 50_000)
    assert "bot option x" in err and "nested" in err


@pytest.mark.parametrize("extra", [[], ["--print"]])
def test_play_in_a_folder_below_a_file_is_refused_even_when_only_printing(tmp_path, capsys, extra):
    (tmp_path / "afile").write_text("mine")
    err = refused(capsys, "play", "--dir", str(tmp_path / "afile" / "sub"), *extra)
    assert "Not a directory" in err
    assert (tmp_path / "afile").read_text() == "mine"


def test_play_print_in_a_folder_that_can_be_made_still_prints_and_makes_nothing(tmp_path, capsys):
    assert cli.main(["play", "--dir", str(tmp_path / "new" / "sub"), "--print"]) == cli.EXIT_OK
    assert "jupyterlab" in capsys.readouterr().out
    assert not (tmp_path / "new").exists()


# ------------------------------------------------------------------------- simulate --out

SIM = ["simulate", "--bot", "random", "--length", "short", "--games", "2", "--quiet", "--jobs", "1"]


def test_simulate_out_refuses_a_file_that_holds_something_and_leaves_it_whole(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    out.write_text("my study\n")
    err = refused(capsys, *SIM, "--out", str(out))
    assert "already holds" in err and "--append" in err
    assert out.read_text() == "my study\n"


def test_simulate_out_append_adds_the_rows_after_what_is_there(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    assert cli.main([*SIM, "--out", str(out)]) == cli.EXIT_OK
    first = out.read_text()
    assert cli.main([*SIM, "--out", str(out), "--append"]) == cli.EXIT_OK
    lines = out.read_text().splitlines()
    assert out.read_text().startswith(first) and len(lines) == 4
    assert [json.loads(line)["seed"] for line in lines] == [1, 2, 1, 2]
    capsys.readouterr()


def test_simulate_out_writes_an_empty_file_it_is_given(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    out.write_text("")
    assert cli.main([*SIM, "--out", str(out)]) == cli.EXIT_OK
    assert len(out.read_text().splitlines()) == 2
    capsys.readouterr()


def test_simulate_out_of_an_empty_name_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "--out needs a file name" in refused(capsys, *SIM, "--out", "")


def test_simulate_append_without_out_is_refused(capsys):
    assert "--append adds rows to the --out file" in refused(capsys, *SIM, "--append")
