"""``stationmaster serve``: its options, and its errors in a player's words (issue 19). The server
itself is run by test_server_durability.py (a real process) and test_remote.py (in a thread)."""

from __future__ import annotations

import socket

import pytest

from stationmaster.cli import EXIT_BAD, main, parser


def test_serve_has_the_issues_options_and_documented_limits():
    text = parser()._subparsers._group_actions[0].choices["serve"].format_help()
    for option in ("--host", "--port", "--db", "--max-message-bytes", "--max-tables", "--max-connections",
                   "--rate", "--burst", "--bot-pace", "--sync", "--max-connections-total", "--idle-seconds",
                   "--webhook-timeout", "--compress"):
        assert option in text
    assert "127.0.0.1" in text and "8765" in text and "SQLite" in text


def test_bad_limits_are_refused_in_words(capsys):
    assert main(["serve", "--rate", "0"]) == EXIT_BAD
    assert "rate" in capsys.readouterr().err
    assert main(["serve", "--max-message-bytes", "10"]) == EXIT_BAD
    assert "--max-message-bytes must be a number of at least 1024, not 10" in capsys.readouterr().err


def test_a_port_in_use_is_said_plainly(tmp_path, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "t.db")]) == EXIT_BAD
    err = capsys.readouterr().err
    assert f"cannot serve on 127.0.0.1:{port}" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["serve", "--port", "x"], ["serve", "--sync", "maybe"]])
def test_malformed_options_exit_with_usage(argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2


def test_a_database_that_cannot_be_used_is_said_plainly(tmp_path, capsys):
    import sqlite3
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE songs (title TEXT)")
    con.commit()
    con.close()
    (tmp_path / "garbage.db").write_text("not a database")
    for db, words in [(tmp_path / "no" / "such" / "folder.db", "cannot use"), (tmp_path, "cannot use"),
                      (tmp_path / "garbage.db", "not a database"), (other, "database of something else")]:
        assert main(["serve", "--port", "0", "--db", str(db)]) == EXIT_BAD
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err, err
    con = sqlite3.connect(other)
    assert [r[0] for r in con.execute("SELECT name FROM sqlite_master")] == ["songs"]  # left as it was
    con.close()
