"""``stationmaster play``: writes the play notebook into the folder if it is not there, then runs
JupyterLab on it (``--print`` prints that command instead); says how to install what is missing."""

import json
import pathlib
import shlex
import subprocess
import sys

import pytest

from stationmaster import cli

REPO = pathlib.Path(__file__).resolve().parent.parent


def test_print_shows_the_jupyterlab_command(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(__import__("os"), "geteuid", lambda: 1000)
    assert cli.main(["play", "--dir", str(tmp_path), "--print"]) == 0
    out = capsys.readouterr().out
    assert shlex.split(out) == [sys.executable, "-m", "jupyterlab", str(tmp_path / "station-master.ipynb")]


def test_print_with_options(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(__import__("os"), "geteuid", lambda: 1000)
    assert cli.main(["play", "--dir", str(tmp_path), "--print", "--no-browser", "--port", "8899"]) == 0
    cmd = shlex.split(capsys.readouterr().out)
    assert cmd[:4] == [sys.executable, "-m", "jupyterlab", str(tmp_path / "station-master.ipynb")]
    assert "--no-browser" in cmd and "--ServerApp.port=8899" in cmd
    assert "--allow-root" not in cmd


def test_allow_root_only_as_root(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(__import__("os"), "geteuid", lambda: 0)
    assert cli.main(["play", "--dir", str(tmp_path), "--print"]) == 0
    assert shlex.split(capsys.readouterr().out)[-1] == "--allow-root"


def test_the_play_notebook_is_written_once(tmp_path, capsys):
    folder = tmp_path / "new" / "folder"  # made if need be
    assert cli.main(["play", "--dir", str(folder), "--print"]) == 0
    nb = folder / "station-master.ipynb"
    assert nb.read_text(encoding="utf-8") == (REPO / "notebooks" / "play.ipynb").read_text(encoding="utf-8")
    assert f"wrote the play notebook {nb}" in capsys.readouterr().err
    nb.write_text(nb.read_text().replace("Play Station Master", "My own notes"))  # the player's edits
    assert cli.main(["play", "--dir", str(folder), "--print"]) == 0
    assert "My own notes" in nb.read_text()
    assert "wrote" not in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["station-master.ipynb"]


def test_the_working_folder_is_the_default(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["play", "--print"]) == 0
    assert shlex.split(capsys.readouterr().out)[3] == str(tmp_path.resolve() / "station-master.ipynb")
    assert (tmp_path / "station-master.ipynb").exists()


def test_the_packaged_notebook_is_notebooks_play():
    """stationmaster/data/play.ipynb is a copy of notebooks/play.ipynb: keep them the same."""
    assert json.loads(cli.play_notebook_text()) == json.loads((REPO / "notebooks" / "play.ipynb").read_text())


def test_play_runs_jupyterlab_in_the_folder(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "_missing_play_modules", lambda: [])
    monkeypatch.setattr(subprocess, "call", lambda cmd, cwd: calls.append((cmd, cwd)) or 0)
    assert cli.main(["play", "--dir", str(tmp_path), "--no-browser"]) == 0
    (cmd, cwd), = calls
    assert cmd == cli.play_command(tmp_path / "station-master.ipynb", no_browser=True)
    assert pathlib.Path(cwd) == tmp_path.resolve()


def test_missing_jupyterlab_says_how_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "_missing_play_modules", lambda: ["jupyterlab", "ipycanvas"])
    monkeypatch.setattr(subprocess, "call", lambda *a, **k: pytest.fail("must not run"))
    assert cli.main(["play", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "lacks jupyterlab, ipycanvas" in err
    assert 'pip install "stationmaster[play]"' in err


def test_what_is_checked_is_what_the_play_extra_installs():
    text = (REPO / "pyproject.toml").read_text()
    line = next(l for l in text.splitlines() if l.startswith("play = ["))
    for module in cli.PLAY_MODULES:
        assert f'"{module}>=' in line


@pytest.mark.parametrize("args, says", [
    (["--port", "0"], "--port must be from 1 to 65535"),
    (["--port", "70000"], "--port must be from 1 to 65535"),
])
def test_bad_port(tmp_path, capsys, args, says):
    assert cli.main(["play", "--dir", str(tmp_path), "--print", *args]) == 2
    assert says in capsys.readouterr().err


def test_dir_that_is_a_file(tmp_path, capsys):
    f = tmp_path / "f"
    f.write_text("x")
    assert cli.main(["play", "--dir", str(f), "--print"]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_console_command(tmp_path):
    done = subprocess.run([sys.executable, "-m", "stationmaster.cli", "play", "--print", "--dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert shlex.split(done.stdout)[1:3] == ["-m", "jupyterlab"]


def test_help(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["play", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for opt in ("--dir", "--no-browser", "--port", "--print", 'stationmaster[play]'):
        assert opt in out


def test_the_play_notebook_is_package_data():
    """pyproject.toml ships stationmaster/data/play.ipynb in the package (a non-editable install
    has it too: tests/test_binder.py installs the project that way and runs the command)."""
    import fnmatch

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert any(fnmatch.fnmatch("data/play.ipynb", pattern) for pattern in data["stationmaster"])
