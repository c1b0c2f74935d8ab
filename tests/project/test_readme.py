"""The README's two commands, tried as a new user would (the launch one in a fresh clone of the
work in hand: tests/launching.py)."""

import json
import pathlib
import re
import shutil
import urllib.parse

import pytest
from launching import CHROMIUM, Launched, clone_of_worktree, contents, get, git_status, jupyter_env, open_in_chromium

ROOT = pathlib.Path(__file__).resolve().parents[2]


def two_commands() -> tuple:
    text = (ROOT / "README.md").read_text()
    section = text.split("## The two commands", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)\n```", section, re.S)
    assert len(blocks) == 2, "the README's 'two commands' section holds exactly two bash commands"
    return blocks[0].strip(), blocks[1].strip()


def test_readme_gives_a_launch_and_a_test_command_and_ci_runs_the_test_one():
    launch, test = two_commands()
    assert launch.endswith(".venv/bin/stationmaster play") and '".[play]"' in launch
    assert "pytest" in test
    assert test in (ROOT / ".ci" / "run").read_text(), ".ci/run must run the README's test command as written"
    # every core (issue 30 item 6), a test file's tests on one worker (its module fixtures made once)
    assert test.endswith("-m pytest -n auto --dist loadscope")


def test_readme_scripting_example_runs_as_written(tmp_path, monkeypatch):
    """The scripting example in the README runs as written."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## Scripting a game", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)\n```", section, re.S)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})


@pytest.mark.slow
def test_launch_command_opens_the_play_notebook_from_a_fresh_clone(tmp_path):
    """In a fresh clone, the README's launch command, run verbatim, prints the play notebook's URL
    and serves the clone (docs/rules.md too); in Chromium (when there) that URL shows the notebook,
    the file browser opens docs/rules.md, the board plays; and the clone's files stay unchanged."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("this check needs git and a git checkout")
    clone = clone_of_worktree(tmp_path / "clone")
    launch, _ = two_commands()
    # what a headless test machine needs instead of a browser: loopback only, no browser, root allowed
    env = jupyter_env(tmp_path / "jupyter", ip="127.0.0.1", open_browser=False, allow_root=True)
    server = Launched(["bash", "-c", launch], clone, env, tmp_path / "launch.log")
    try:
        url = server.printed_url(timeout=600)  # the venv is built first
        assert urllib.parse.urlsplit(url).path == "/lab/tree/station-master.ipynb", url
        assert get(url, urllib.parse.urlsplit(url).path)[0] == 200
        assert "sm.play(" in json.dumps(contents(url, "station-master.ipynb")["content"])
        assert contents(url, "docs/rules.md")["content"].startswith("# ")
        if CHROMIUM.exists():
            open_in_chromium(url, "station-master.ipynb", run=True, shot=tmp_path / "failure.png")
    finally:
        server.stop()
    assert git_status(clone) == "", "playing changed the clone's files"
