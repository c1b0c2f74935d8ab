"""Real-browser test of launching, as a new player does it from a clone: `stationmaster play
--no-browser` (what the README's play command runs), the printed URL opened in Debian Chromium.

Skipped, like the other browser tests, when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import json
import sys
import urllib.parse

import pytest
from launching import Launched, clone_of_worktree, free_port, git_status, jupyter_env, open_in_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_printed_url_opens_the_play_notebook_with_the_clone_in_the_file_browser(tmp_path):
    """The printed URL shows the play notebook (not the Launcher); the file browser, rooted at the
    clone, leads to docs/rules.md and opens it; the notebook's cell draws the board and is saved;
    and the clone's files are as they were (git status is clean)."""
    clone = clone_of_worktree(tmp_path / "clone")
    env = jupyter_env(tmp_path / "jupyter", ip="127.0.0.1", allow_root=True)
    server = Launched([sys.executable, "-m", "stationmaster.cli", "play", "--no-browser",
                       "--port", str(free_port())], clone, env, tmp_path / "play.log")
    try:
        url = server.printed_url()
        assert urllib.parse.urlsplit(url).path == "/lab/tree/station-master.ipynb", url
        open_in_chromium(url, "station-master.ipynb", run=True, shot=tmp_path / "failure.png")
    finally:
        server.stop()
    saved = json.loads((clone / "station-master.ipynb").read_text())
    assert any(c.get("outputs") for c in saved["cells"]), "the played notebook was not saved"
    assert git_status(clone) == "", "playing changed the clone's files"
