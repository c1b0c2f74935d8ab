"""``stationmaster play``: writes the play notebook into the folder if it is not there, then runs
JupyterLab with the folder as its root, opening the notebook (``--print`` prints that command
instead); says how to install what is missing."""

import json
import pathlib
import shlex
import subprocess
import sys
import urllib.parse

import pytest
from launching import Launched, contents, free_port, get, jupyter_env

from stationmaster import cli

REPO = pathlib.Path(__file__).resolve().parents[2]


def jupyterlab(folder) -> list:
    """The command for a folder: JupyterLab with the folder as its root, opening the notebook."""
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
            "--LabApp.default_url=/lab/tree/station-master.ipynb"]


def test_print_shows_the_jupyterlab_command(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(__import__("os"), "geteuid", lambda: 1000)
    assert cli.main(["play", "--dir", str(tmp_path), "--print"]) == 0
    out = capsys.readouterr().out
    assert shlex.split(out) == jupyterlab(tmp_path)


def test_print_with_options(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(__import__("os"), "geteuid", lambda: 1000)
    assert cli.main(["play", "--dir", str(tmp_path), "--print", "--no-browser", "--port", "8899"]) == 0
    cmd = shlex.split(capsys.readouterr().out)
    assert cmd[:5] == jupyterlab(tmp_path)
    assert "--no-browser" in cmd and "--ServerApp.port=8899" in cmd
    assert "--allow-root" not in cmd


def test_allow_root_only_as_root(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(__import__("os"), "geteuid", lambda: 0)
    assert cli.main(["play", "--dir", str(tmp_path), "--print"]) == 0
    assert shlex.split(capsys.readouterr().out)[-1] == "--allow-root"


def test_print_writes_nothing(tmp_path, capsys):
    """--print only says the command: no folder, no notebook (issue 15)."""
    folder = tmp_path / "new"
    assert cli.main(["play", "--dir", str(folder), "--print"]) == 0
    assert not folder.exists()


def test_the_play_notebook_is_written_once(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "_missing_play_modules", lambda: [])
    monkeypatch.setattr(subprocess, "call", lambda cmd, cwd: 0)
    folder = tmp_path / "new" / "folder"  # made if need be
    assert cli.main(["play", "--dir", str(folder), "--no-browser"]) == 0
    nb = folder / "station-master.ipynb"
    assert nb.read_text(encoding="utf-8") == (REPO / "notebooks" / "play.ipynb").read_text(encoding="utf-8")
    assert f"wrote the play notebook {nb}" in capsys.readouterr().err
    nb.write_text(nb.read_text().replace("Play Station Master", "My own notes"))  # the player's edits
    assert cli.main(["play", "--dir", str(folder), "--no-browser"]) == 0
    assert "My own notes" in nb.read_text()
    assert "wrote" not in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["station-master.ipynb"]


def test_the_working_folder_is_the_default(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["play", "--print"]) == 0
    assert shlex.split(capsys.readouterr().out)[:5] == jupyterlab(tmp_path.resolve())


def test_the_packaged_notebook_is_notebooks_play():
    """stationmaster/data/play.ipynb is a copy of notebooks/play.ipynb: keep them the same."""
    written, repo = json.loads(cli.play_notebook_text()), json.loads((REPO / "notebooks" / "play.ipynb").read_text())
    for nb in (written, repo):  # the written one says the running Python's version (issue 28.8)
        nb["metadata"]["language_info"].pop("version")
    assert written == repo


def test_play_runs_jupyterlab_in_the_folder(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "_missing_play_modules", lambda: [])
    monkeypatch.setattr(subprocess, "call", lambda cmd, cwd: calls.append((cmd, cwd)) or 0)
    assert cli.main(["play", "--dir", str(tmp_path), "--no-browser"]) == 0
    (cmd, cwd), = calls
    assert cmd == cli.play_command(tmp_path / "station-master.ipynb", no_browser=True)
    assert pathlib.Path(cwd) == tmp_path.resolve()


def test_a_folder_name_with_spaces_stays_one_argument(tmp_path, capsys):
    folder = tmp_path / "my games"
    assert cli.main(["play", "--dir", str(folder), "--print"]) == 0
    assert shlex.split(capsys.readouterr().out)[3] == f"--ServerApp.root_dir={folder}"


@pytest.mark.slow
def test_no_browser_prints_the_notebooks_url_and_serves_the_working_folder(tmp_path):
    """For real: `stationmaster play --no-browser` in a folder starts JupyterLab, which prints the
    URL of the play notebook itself (not of the Launcher) and serves the whole working folder."""
    pytest.importorskip("jupyterlab")
    folder = tmp_path / "games"
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "notes.md").write_text("# my notes\n")
    env = jupyter_env(tmp_path / "jupyter", ip="127.0.0.1", allow_root=True)
    server = Launched([sys.executable, "-m", "stationmaster.cli", "play", "--no-browser", "--port",
                       str(free_port())], folder, env, tmp_path / "play.log")
    try:
        url = server.printed_url()
        path = urllib.parse.urlsplit(url).path
        assert path == "/lab/tree/station-master.ipynb", url
        assert get(url, path)[0] == 200
        assert {e["name"] for e in contents(url)["content"]} == {"docs", "station-master.ipynb"}
        assert contents(url, "docs/notes.md")["content"] == "# my notes\n"
        assert "sm.play(" in json.dumps(contents(url, "station-master.ipynb")["content"])
    finally:
        server.stop()


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
    has it too: tests/project/test_binder.py installs the project that way and runs the command)."""
    import fnmatch

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert any(fnmatch.fnmatch("data/play.ipynb", pattern) for pattern in data["stationmaster"])
