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


def test_voila_app_shows_the_board_and_plays_by_clicking(voila_server, page):
    """``voila app.ipynb``: the standalone app."""
    t0 = time.monotonic()
    shown = check_app(page, voila_server.url + "/", voila_server.root, voila_server.log_tail)
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


# The element that scrolls the page around a node: its nearest scrolling ancestor, else the document.
SCROLLER = """el => {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const o = getComputedStyle(e).overflowY;
    if ((o === 'auto' || o === 'scroll') && e.scrollHeight > e.clientHeight) return e;
  }
  return document.scrollingElement;
}"""


def test_voila_a_click_on_the_board_never_scrolls_the_page(voila_server, page):
    """The standalone app at 1280x800, scrolled so the board's top is out of view: a press of a
    button under the board (Save) and then a click on the Home Office deck leave the page where
    it was (issue 9: it jumped up by about 435 px and the click landed on something else), and
    the click draws."""
    import stationmaster as sm

    from .test_jupyterlab import target_point

    autosave = voila_server.root / "station-master-autosave.json"
    sm.new_game(seed=7).save(autosave)  # the dealt game (the app's other test drew from it)
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(voila_server.url + "/", timeout=KERNEL_TIMEOUT)
        page.wait_for_selector(f"{BOARD} canvas", state="visible", timeout=KERNEL_TIMEOUT)
        page.wait_for_function(f"sel => ({CANVAS_STATS})(sel).some(s => s.other > 0)", arg=BOARD,
                               timeout=30_000, polling=200)
        settle(page)
        canvas = page.locator(f"{BOARD} canvas").last
        page.locator(f"{BOARD} button.jupyter-button", has_text="New game").first.click()  # room below
        page.locator(f"{BOARD} button.jupyter-button", has_text="Start new game").wait_for()
        save = page.locator(f"{BOARD} button.jupyter-button", has_text="Save").first
        # scroll the page's scroller so Save (under the board) is in view and the board's top is not
        page.evaluate(f"""b => {{ window.__scroller = ({SCROLLER})(document.querySelector(b)); }}""", BOARD)
        top = page.evaluate("b => document.querySelector(b).getBoundingClientRect().top", BOARD)
        bottom = save.bounding_box()["y"] + 40
        ctop = canvas.bounding_box()["y"]
        page.evaluate("d => { window.__scroller.scrollTop += d; }", max(ctop + 200, bottom - 800))
        time.sleep(0.3)
        assert canvas.bounding_box()["y"] < -40, "the board's top is in view"
        box = save.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 800, "Save is not in view"
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.locator(f"{BOARD} a[download]").wait_for()
        settle(page)
        shadow = sm.play(seed=7, autosave=False)  # laid out for the room the app's board has
        room = page.evaluate("b => document.querySelector(b).dataset.smRoom", BOARD)
        shadow.page.room_width, shadow.page.room_height = (int(v) for v in room.split("x"))
        x, y = target_point(shadow, ("home",))
        cb, size = canvas.bounding_box(), canvases(page)[-1]
        px, py = cb["x"] + x * cb["width"] / size["width"], cb["y"] + y * cb["height"] / size["height"]
        assert 0 < py < 800, "the Home Office deck is not in view"
        before = page.evaluate("() => window.__scroller.scrollTop")
        log = page.evaluate(LOG_TEXT, BOARD)
        page.mouse.click(px, py)
        page.wait_for_function(
            f"([sel, old]) => {{ const t = ({LOG_TEXT})(sel); return t !== null && t !== old; }}",
            arg=[BOARD, log], timeout=30_000)
        settle(page)
        after = page.evaluate("() => window.__scroller.scrollTop")
        assert "draws from the Home Office" in page.evaluate(LOG_TEXT, BOARD)
        assert after == before, f"the click scrolled the page from {before} to {after}"
        assert not page.page_errors, page.page_errors
    finally:
        sm.new_game(seed=7).save(autosave)  # the app's other test starts from the dealt game


def test_voila_app_at_1280x800_fits_the_screen_and_reads(voila_server, page, screenshots_dir):
    """The standalone app on a laptop screen (issue 15: it used two thirds of the width and was
    cut off at the bottom): once the page is scrolled to the board's control bar, the bar and the
    whole board are in view, laid out for the room (text and targets measured as shown, saved as
    board-sizes-voila.json); screenshot voila-app.png."""
    import stationmaster as sm
    from stationmaster.view.shapes import Text

    autosave = voila_server.root / "station-master-autosave.json"
    sm.new_game(seed=7).save(autosave)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_server.url + "/", timeout=KERNEL_TIMEOUT)
    page.wait_for_selector(f"{BOARD} canvas", state="visible", timeout=KERNEL_TIMEOUT)
    page.wait_for_function("sel => document.querySelector(sel).dataset.smRoom", arg=BOARD, timeout=30_000)
    settle(page)
    room = [int(v) for v in page.evaluate("b => document.querySelector(b).dataset.smRoom", BOARD).split("x")]
    shadow = sm.play(seed=7, autosave=False)
    shadow.page.room_width, shadow.page.room_height = room
    size = canvases(page)[-1]
    assert (size["width"], size["height"]) == (round(shadow.scene.width), round(shadow.scene.height)), (size, room)
    page.evaluate(f"""b => {{ const s = ({SCROLLER})(document.querySelector(b)), bar = document.querySelector(b + ' .sm-bar');
        s.scrollTop += bar.getBoundingClientRect().top - 2; }}""", BOARD)
    time.sleep(0.3)
    bar = page.locator(f"{BOARD} .sm-bar").first.bounding_box()
    canvas = page.locator(f"{BOARD} canvas").last.bounding_box()
    assert bar["y"] >= -1 and canvas["y"] + canvas["height"] <= 801, (bar, canvas)
    assert canvas["x"] >= 0 and canvas["x"] + canvas["width"] <= 1281, canvas
    scale = canvas["width"] / size["width"]
    texts = [t for t in shadow.scene.shapes if isinstance(t, Text) and str(t.text).strip()]
    got = {"viewport": {"width": 1280, "height": 800}, "room": room, "scale": round(scale, 3),
           "canvas_css_px": [round(canvas["width"]), round(canvas["height"])],
           "smallest_text_px": round(min(t.size for t in texts) * scale, 2),
           "smallest_target_px": round(min(min(h.w, h.h) for h in shadow.scene.hits) * scale, 2)}
    (screenshots_dir / "board-sizes-voila.json").write_text(json.dumps(got, indent=1))
    print("\n" + json.dumps({"voila": got}))
    page.screenshot(path=str(screenshots_dir / "voila-app.png"))
    assert got["smallest_text_px"] >= 10 and got["smallest_target_px"] >= 18, got
    assert not page.page_errors, page.page_errors
