"""Real-browser test: notebooks/app.ipynb as a standalone Voilà app in Debian Chromium.

Voilà serves a copy of the app notebook from a temp folder on a free 127.0.0.1 port (with an
autosave of ``sm.new_game(seed=7)`` there, so ``sm.play()`` resumes a known game). The page shows
the title and the board, no code; the board's canvas holds the board; clicking "Draw home" plays
an intent (the log, the canvas and the autosave change). Screenshot: voila-app.png (tools/screenshots.py).
The same app is also opened as Binder's Voilà badge does, at /voila/render/app.ipynb of the
JupyterLab server (Voilà's server extension).
Skipped, like the JupyterLab tests, when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

from .conftest import NOTEBOOKS, SERVER_START_TIMEOUT, _free_port, _stop
from .test_jupyterlab import BOARD, CANVAS_STATS, LOG_TEXT, brief

pytestmark = [pytest.mark.browser, pytest.mark.slow]

KERNEL_TIMEOUT = 90_000  # ms


class VoilaServer:
    def __init__(self, proc, url, root, log):
        self.proc, self.url, self.root, self.log = proc, url, root, log

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no server log)"


def _launch(root, env, log) -> VoilaServer:
    port = _free_port()
    cmd = [sys.executable, "-m", "voila", "app.ipynb", "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", "--Voila.port_retries=0", "--show_tracebacks=True"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    server = VoilaServer(proc, f"http://127.0.0.1:{port}", root, log)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while proc.poll() is None:  # listening is enough: a GET would start a kernel
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return server
        except OSError:
            if time.monotonic() > deadline:
                _stop(proc)
                pytest.fail(f"Voilà did not listen in {SERVER_START_TIMEOUT}s:\n{server.log_tail()}")
            time.sleep(0.25)
    return server


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory):
    pytest.importorskip("voila", reason="Voilà is not installed (pip install 'stationmaster[play]')")
    import stationmaster as sm

    base = tmp_path_factory.mktemp("voila")
    root = base / "app"
    root.mkdir()
    shutil.copy(NOTEBOOKS / "app.ipynb", root / "app.ipynb")
    sm.new_game(seed=7).save(root / "station-master-autosave.json")
    env = dict(os.environ)
    for var, name in {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data",
                      "JUPYTER_RUNTIME_DIR": "runtime", "IPYTHONDIR": "ipython"}.items():
        (base / name).mkdir()
        env[var] = str(base / name)
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    server = None
    try:
        for attempt in range(3):  # a free port can be taken between the probe and the bind
            server = _launch(root, env, base / f"voila-{attempt}.log")
            if server.proc.poll() is None:
                break
        else:
            pytest.fail(f"Voilà would not start:\n{server.log_tail()}")
        yield server
    finally:
        if server is not None:
            _stop(server.proc)


def canvases(page) -> list[dict]:
    return page.evaluate(CANVAS_STATS, BOARD)


def settle(page, timeout: float = 30.0) -> list[dict]:
    """Wait until the board's canvas pixels stop changing; their stats then."""
    deadline = time.monotonic() + timeout
    last = canvases(page)
    while True:
        time.sleep(0.4)
        now = canvases(page)
        if [s["hash"] for s in now] == [s["hash"] for s in last]:
            return now
        if time.monotonic() > deadline:
            raise AssertionError("the board's canvas kept changing")
        last = now


def check_app(page, url: str, root, log_tail, screenshot=None) -> float:
    """Open the app at ``url`` (serving from ``root``, where a seed-7 autosave waits): title and
    board, no code; "Draw home" plays an intent. Returns the seconds until the board was drawn."""
    t0 = time.monotonic()
    page.set_viewport_size({"width": 1500, "height": 1250})
    page.goto(url, timeout=KERNEL_TIMEOUT)
    try:
        page.wait_for_selector(f"{BOARD} canvas", state="visible", timeout=KERNEL_TIMEOUT)
        page.wait_for_function(f"sel => ({CANVAS_STATS})(sel).some(s => s.other > 0)", arg=BOARD,
                               timeout=30_000, polling=200)
    except Exception:
        raise AssertionError(f"no board drawn in the Voilà app:\n{log_tail()}") from None
    first = settle(page)
    assert any(s["other"] >= 0.05 * s["pixels"] and s["colours"] >= 20 for s in first), \
        f"the canvas does not hold the board: {brief(first)}"
    t_shown = time.monotonic() - t0

    body = page.locator("body").inner_text()
    assert "Station Master" in body  # the title
    assert "import stationmaster" not in body and "sm.play(" not in body  # no code shown
    assert "Traceback" not in body
    log0 = page.evaluate(LOG_TEXT, BOARD) or ""
    assert "Day 1, Stage 1" in log0, log0

    # Click "Draw home" under the board: the intent is played.
    before = [s["hash"] for s in first]
    page.locator(f"{BOARD} button.jupyter-button:visible").filter(has_text="Draw home").first.click()
    page.wait_for_function(
        f"([sel, old]) => {{ const t = ({LOG_TEXT})(sel); return t !== null && t !== old; }}",
        arg=[BOARD, log0], timeout=30_000)
    after = settle(page)
    assert [s["hash"] for s in after] != before, "the board was not redrawn"
    assert "draws from the Home Office" in page.evaluate(LOG_TEXT, BOARD)
    saved = json.loads((root / "station-master-autosave.json").read_text())
    assert saved["seed"] == 7 and saved["intents"] == ["draw home"]
    assert not page.page_errors, page.page_errors
    if screenshot:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(screenshot))
    return t_shown


def test_voila_app_shows_the_board_and_plays_by_clicking(voila_server, page, screenshots_dir):
    """``voila app.ipynb``: the standalone app."""
    t0 = time.monotonic()
    shown = check_app(page, voila_server.url + "/", voila_server.root, voila_server.log_tail,
                      screenshots_dir / "voila-app.png")
    print(f"\nVoilà app: board shown in {shown:.1f}s, whole test {time.monotonic() - t0:.1f}s")


def test_voila_app_in_the_jupyter_server(lab_server, page):
    """/voila/render/app.ipynb on the JupyterLab server: how Binder's Voilà badge opens the app
    (Voilà's server extension)."""
    pytest.importorskip("voila", reason="Voilà is not installed (pip install 'stationmaster[play]')")
    import stationmaster as sm

    assert (lab_server.root / "app.ipynb").exists()
    autosave = lab_server.root / "station-master-autosave.json"
    sm.new_game(seed=7).save(autosave)
    t0 = time.monotonic()
    try:
        shown = check_app(page, lab_server.url + "/voila/render/app.ipynb", lab_server.root,
                          lab_server.log_tail)
    finally:
        autosave.unlink(missing_ok=True)  # the server's folder is shared with other tests
    print(f"\nVoilà in the Jupyter server: board shown in {shown:.1f}s, "
          f"whole test {time.monotonic() - t0:.1f}s")
