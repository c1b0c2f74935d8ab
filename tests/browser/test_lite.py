"""The JupyterLite site in a real browser: built once for the session (``stationmaster.lite.build``,
downloads kept in build/lite-cache), served on 127.0.0.1 by ``stationmaster.lite.server``, opened
in Debian Chromium with every request that is not for 127.0.0.1 aborted.

- the play notebook opens first and runs: the board (the SVG surface) appears, a click on the
  Home Office draws a card (the log says so), the game is autosaved into the browser's storage,
  and after a page reload the play notebook resumes that game; Save downloads it and Load (after
  Replace) loads that file back;
- the first tutorial runs top to bottom without a Python error;
- the same click in the site and in JupyterLab (``sm.play(surface="svg")``), timed in the page
  (pointer-down to the repaint of the SVG surface).

Figures (seconds from opening the site to a playable board; click medians) are printed as JSON and
saved as lite-*.json beside the screenshots (``benchmarks/lite.py`` runs these tests and prints them).
"""

from __future__ import annotations

import json
import shutil
import statistics
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import NOTEBOOKS, REPO
from .test_jupyterlab import LabNotebook, target_point, workspace_name, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}
SITE_TIMEOUT = 120_000  # ms: the kernel's start on a cold cache, on a loaded 2-core machine
NB = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"  # the notebook shown
SURFACE = ".station-master-board svg.sm-surface"
# the latency notebook (added to the test's site only): a fixed game, no autosave
LATENCY_SOURCE = ("import stationmaster as sm\n\nboard = sm.play(seed=7, auto_end_draw=False, quick_play=False, "
                  "quick_discard=False, autosave=False, surface='svg')\nboard")
# the replay notebook (issue 31.2: the replay works in the site too): a short game, replayed on the SVG
# surface the site draws with, opened at its first decision
REPLAY_SOURCE = ("import stationmaster as sm\n\ngame = sm.new_game(seed=3)\n"
                 "while len(game.history) < 30:\n    game.apply(game.legal_intents()[0])\n"
                 "replay = sm.replay(game, step=1)\nreplay")
#: the latency board's options (LATENCY_SOURCE's), for the shadow that follows its clicks
LATENCY_BOARD = {"seed": 7, "auto_end_draw": False, "quick_play": False, "quick_discard": False}
CLICKS = 15
LOG_TEXT = """() => {
  const board = document.querySelector('.station-master-board');
  if (!board) return null;
  const head = [...board.querySelectorAll('.widget-html')].find(h => h.innerText.trim() === 'Log');
  return head && head.nextElementSibling ? head.nextElementSibling.innerText : null;
}"""
PAINTS = f"() => {{ const s = document.querySelector('{SURFACE}'); return s ? Number(s.dataset.smPaints || 0) : -1; }}"
SCROLL_BY = """dy => { const s = [...document.querySelectorAll('.jp-WindowedPanel-outer')].find(e => e.offsetParent);
  if (s) s.scrollTop += dy; }"""
ERRORS = """() => [...document.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"],'
                                          + '.jp-RenderedText[data-mime-type="application/vnd.jupyter.error"]')]
                 .map(e => e.innerText.slice(0, 400))"""


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    """The site, built once (the play notebook, the tutorials, and a latency notebook for this test)."""
    from stationmaster import lite

    source = tmp_path_factory.mktemp("lite-notebooks")
    for nb in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy2(nb, source / nb.name)
    write_notebook(source / "lite-latency.ipynb", LATENCY_SOURCE)
    write_notebook(source / "lite-replay.ipynb", REPLAY_SOURCE)
    out = tmp_path_factory.mktemp("lite") / "site"
    t0 = time.monotonic()
    site = lite.build(out, cache=REPO / "build" / "lite-cache", notebooks=source, log=lambda m: None)
    site.build_seconds = round(time.monotonic() - t0, 1)
    srv = lite.server(out, background=True)
    site.url = srv.url
    try:
        yield site
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.fixture
def offline(browser_context):
    """Abort every request that is not for 127.0.0.1 (the service worker's too); the list of aborted URLs."""
    aborted: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            r.continue_()
        else:
            aborted.append(url)
            r.abort()

    browser_context.route("**/*", route)
    try:
        yield aborted
    finally:
        browser_context.unroute("**/*", route)


def current_tab(page) -> str:
    return page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel").first.inner_text()


CURRENT_TAB = ("() => { const t = document.querySelector('.lm-DockPanel-tabBar .lm-TabBar-tab.jp-mod-current"
               " .lm-TabBar-tabLabel'); return t ? t.innerText : ''; }")


def open_notebook(page, site, name: str, steady: float = 2.0) -> None:
    """Open ``name`` in the site and make sure it is the notebook shown. The site's browser storage
    keeps the tabs earlier tests opened, and JupyterLab restores that layout as it starts: it can
    bring an older tab to the front after ``name``'s opened (CI once ran a cell of lite-latency in
    place of lite-replay's), or close ``name``'s tab as it puts its own back (CI once showed the
    file browser with lite-replay open and no tab of it). As a player would, click ``name``'s tab
    again, or open it again from the file browser when it has no tab, until it has stayed in front
    for ``steady`` seconds."""
    page.goto(f"{site.url}lab/index.html?path={name}")
    page.wait_for_function(f"name => ({CURRENT_TAB})() === name", arg=name, timeout=SITE_TIMEOUT)
    deadline, since = time.monotonic() + SITE_TIMEOUT / 1000, time.monotonic()
    while time.monotonic() - since < steady:
        if time.monotonic() > deadline:
            raise AssertionError(f"{name} never stayed the notebook shown (shown: {page.evaluate(CURRENT_TAB)!r})")
        if page.evaluate(CURRENT_TAB) != name:
            tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=name)
            if tab.count():
                tab.first.click()
            else:
                page.locator(".jp-DirListing-item", has_text=name).first.dblclick()
            since = time.monotonic()
        time.sleep(0.2)
    page.wait_for_selector(f"{NB} .jp-CodeCell", state="visible", timeout=SITE_TIMEOUT)


def run_cell(page, index: int = 0, attempts: int = 4) -> None:
    """Click into the index-th code cell and run it (Shift+Enter), as a player does. A run made
    while the in-browser kernel is still starting can be dropped (the cell stays "[ ]:", seen in
    CI about one run in three): as a player would, run it again until its prompt shows it queued,
    running or run."""
    prompt = f"{NB} .jp-CodeCell .jp-InputPrompt"
    for _ in range(attempts):
        dialog = page.locator(".jp-Dialog .jp-mod-accept")  # a kernel chooser, should one show: as a player,
        if dialog.count():  # accept the kernel it offers (the site's notebooks name theirs, so it should not)
            dialog.first.click()
        page.locator(f"{NB} .jp-CodeCell .jp-InputArea-editor").nth(index).click()
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_function("([sel, i]) => { const p = document.querySelectorAll(sel)[i];"
                                   " return p && !/^\\[\\s*\\]:?$/.test(p.innerText.trim()); }",
                                   arg=[prompt, index], timeout=20_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"code cell {index} never ran after {attempts} runs")


def wait_board(page, timeout: int = SITE_TIMEOUT) -> None:
    page.wait_for_selector(SURFACE, state="visible", timeout=timeout)
    page.wait_for_function(f"() => ({PAINTS})() >= 1 && document.querySelector('{SURFACE} .layer-table').childElementCount > 50",
                           timeout=timeout)


def shadow_board(page, **options):
    """A board in this process laid out for the room the page's board reported (the same places)."""
    import stationmaster as sm

    page.wait_for_function("() => document.querySelector('.station-master-board').dataset.smRoom", timeout=30_000)
    room = page.evaluate("() => document.querySelector('.station-master-board').dataset.smRoom")
    shadow = sm.play(autosave=False, surface="svg", **options)
    shadow.page.room_width, shadow.page.room_height = (int(v) for v in room.split("x"))
    size = page.evaluate(f"() => [...['smWidth', 'smHeight']].map(k => Number(document.querySelector('{SURFACE}').dataset[k]))")
    assert size == [round(shadow.scene.width), round(shadow.scene.height)], (size, shadow.scene.width, shadow.scene.height)
    return shadow


def click_scene(page, x: float, y: float) -> None:
    """A mouse click at scene pixel (x, y) of the board as shown."""
    svg = page.locator(SURFACE)
    w, h = page.evaluate(f"() => [...['smWidth', 'smHeight']].map(k => Number(document.querySelector('{SURFACE}').dataset[k]))")
    box = svg.bounding_box()
    py = box["y"] + y * box["height"] / h
    if not 60 <= py <= LAPTOP["height"] - 60:  # scroll the notebook to bring the point into view
        page.evaluate(SCROLL_BY, py - LAPTOP["height"] / 2)
        time.sleep(0.2)
        box = svg.bounding_box()
    page.mouse.click(box["x"] + x * box["width"] / w, box["y"] + y * box["height"] / h)


def click_latency(page, x: float, y: float, timeout: float = 30.0) -> float:
    """Milliseconds from the pointer-down on the board to the surface's repaint, as the page times them."""
    before = page.evaluate(PAINTS)
    click_scene(page, x, y)
    page.wait_for_function(f"n => ({PAINTS})() > n", arg=before, timeout=timeout * 1000)
    time.sleep(0.15)  # a second message of the same click would land here
    return page.evaluate(f"() => {{ const d = document.querySelector('{SURFACE}').dataset; "
                         "return Number(d.smPaintAt) - Number(d.smClickAt); }")


def latency_plan(page, board_shadow, measure) -> list:
    """As the JupyterLab latency test plays: a draw, then twice (three selections of a card in hand,
    a discard of it to Department 1), then selections; the shadow follows every click. The board has
    quick_play and quick_discard off, as there, so that a click on a card selects it whatever the deal."""
    out = []

    def click(kind, target):
        x, y = target_point(board_shadow, target)
        out.append((kind, measure(x, y)))
        board_shadow.click(x, y)

    def card():
        return [tuple(h.target) for h in board_shadow.scene.hits if h.target[0] == "hand"][0]

    click("draw", ("home",))
    for _ in range(2):
        for _ in range(3):
            click("select", card())
        click("discard", ("dept", 1))
    while len(out) < CLICKS:
        click("select", card())
    return out


def summary(clicks) -> dict:
    intents = [v for k, v in clicks if k != "select"]
    return {"clicks": len(clicks), "median_ms": round(statistics.median(v for _, v in clicks), 1),
            "intent_clicks_median_ms": round(statistics.median(intents), 1),
            "selection_clicks_median_ms": round(statistics.median(v for k, v in clicks if k == "select"), 1),
            "all_ms": [[k, round(v, 1)] for k, v in clicks]}


def save(folder, name: str, result: dict) -> None:
    print("\n" + json.dumps(result))
    (folder / name).write_text(json.dumps(result, indent=1))


def test_site_plays_saves_in_the_browser_and_resumes_offline(lite_site, browser_context, offline, page,
                                                             screenshots_dir, tmp_path):
    page.set_viewport_size(LAPTOP)
    t0 = time.monotonic()
    page.goto(lite_site.url)  # the front page sends the player to the play notebook
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", state="visible", timeout=SITE_TIMEOUT)
    assert current_tab(page) == "play.ipynb", current_tab(page)
    shown = time.monotonic() - t0
    run_cell(page)
    wait_board(page)
    playable = time.monotonic() - t0
    page.wait_for_function(f"() => ({LOG_TEXT})() !== null", timeout=30_000)
    page.screenshot(path=str(screenshots_dir / "lite-board.png"))
    assert not page.evaluate(ERRORS), page.evaluate(ERRORS)

    shadow = shadow_board(page, seed=1)  # Day 1, Stage 1: the Home Office is where it is in any deal
    before = page.evaluate(LOG_TEXT)
    click_scene(page, *target_point(shadow, ("home",)))
    page.wait_for_function("old => { const t = (" + LOG_TEXT + ")(); return t && t !== old && /Home Office/.test(t); }",
                           arg=before, timeout=30_000)
    log_after_click = page.evaluate(LOG_TEXT)
    status = page.locator(".station-master-board .sm-bar .widget-html").first.inner_text()
    time.sleep(1.0)  # the autosave goes through the kernel's drive to the browser's storage

    # reload: a new kernel; the play notebook's sm.play() resumes the autosave from the browser's storage
    page.once("dialog", lambda d: d.accept())
    page.reload()
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", state="visible", timeout=SITE_TIMEOUT)
    run_cell(page)
    wait_board(page)
    page.wait_for_function(f"() => ({LOG_TEXT})() !== null", timeout=30_000)
    message = page.locator(".station-master-board .sm-bar .widget-html").nth(1).inner_text()
    resumed_status = page.locator(".station-master-board .sm-bar .widget-html").first.inner_text()
    page.screenshot(path=str(screenshots_dir / "lite-resumed.png"))
    assert not page.evaluate(ERRORS), page.evaluate(ERRORS)
    assert "resum" in message.lower(), (message, resumed_status)
    assert "Home Office" in (page.evaluate(LOG_TEXT) or "") or status == resumed_status, \
        (log_after_click, page.evaluate(LOG_TEXT), status, resumed_status)

    # Save: a download of the game; Load: that file back, after Replace (the game in progress is asked about)
    page.locator(".station-master-board button.jupyter-button", has_text="Save").first.click()
    link = page.locator(".station-master-board a[download]").first
    link.wait_for(timeout=30_000)
    with page.expect_download() as got:
        link.click()
    saved = tmp_path / "saved.json"
    got.value.save_as(saved)
    assert "draw home" in saved.read_text()
    with page.expect_file_chooser() as chooser:
        page.locator(".station-master-board .sm-upload").first.click()
    chooser.value.set_files(str(saved))
    page.locator(".station-master-board button.jupyter-button", has_text="Replace").first.click()
    page.wait_for_function("() => /Loaded saved.json/.test(document.querySelector('.station-master-board .sm-bar')"
                           ".innerText)", timeout=30_000)
    assert not page.evaluate(ERRORS), page.evaluate(ERRORS)
    assert not offline, offline[:5]
    save(screenshots_dir, "lite-open.json", {
        "viewport": LAPTOP, "build_s": lite_site.build_seconds, "notebook_shown_s": round(shown, 1),
        "playable_s": round(playable, 1), "budget_s": 60, "aim_s": 20,
        "aborted_requests": len(offline), "cold_cache": True})
    assert playable < 3 * 60, playable  # the 60 s figure is reported; only a hang fails here


def test_first_tutorial_runs_without_a_python_error(lite_site, offline, page):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lite_site, "01-the-stage.ipynb")
    time.sleep(1.0)  # JupyterLab restores its layout as it starts: let the notebook's panel settle
    page.wait_for_function("nb => document.querySelectorAll(nb + ' .jp-CodeCell').length > 0", arg=NB,
                           timeout=SITE_TIMEOUT)
    page.locator(f"{NB} .jp-Cell").first.click()
    page.locator(".lm-MenuBar").get_by_role("menuitem", name="Run", exact=True).click()
    page.locator(".lm-Menu:not(.lm-MenuBar) .lm-Menu-item").filter(
        has=page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True)).first.click()
    # every code cell has run: none waits ([*]) and the last one has its number
    page.wait_for_function(
        """nb => { const ps = [...document.querySelectorAll(nb + ' .jp-CodeCell .jp-InputPrompt')].map(p => p.textContent);
                   return ps.length && !ps.some(t => t.includes('*')) && /\\d/.test(ps[ps.length - 1]); }""",
        arg=NB, timeout=SITE_TIMEOUT)
    page.wait_for_selector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status="idle"]', timeout=SITE_TIMEOUT)
    assert not page.evaluate(ERRORS), page.evaluate(ERRORS)
    assert not offline, offline[:5]


def test_a_click_in_the_site_against_the_same_click_in_jupyterlab(lite_site, offline, lab_server, page,
                                                                   screenshots_dir, request):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lite_site, "lite-latency.ipynb")
    run_cell(page)
    wait_board(page)
    time.sleep(1.0)
    lite_clicks = latency_plan(page, shadow_board(page, **LATENCY_BOARD),
                               lambda x, y: click_latency(page, x, y))
    assert "Home Office" in page.evaluate(LOG_TEXT) and "discard" in page.evaluate(LOG_TEXT)

    write_notebook(lab_server.root / "lite-latency.ipynb", LATENCY_SOURCE)
    nb = LabNotebook(page, lab_server, "lite-latency.ipynb", workspace_name(request)).open()
    nb.run_all_cells()
    wait_board(page)
    time.sleep(1.0)
    lab_clicks = latency_plan(page, shadow_board(page, **LATENCY_BOARD),
                              lambda x, y: click_latency(page, x, y))
    result = {"viewport": LAPTOP, "surface": "svg", "lite": summary(lite_clicks), "jupyterlab": summary(lab_clicks)}
    for key in ("median_ms", "intent_clicks_median_ms", "selection_clicks_median_ms"):
        result[f"ratio_{key[:-3]}"] = round(result["lite"][key] / max(1.0, result["jupyterlab"][key]), 2)
    result["ratio"] = result["ratio_median"]
    result["budget_ratio"] = 2.0
    save(screenshots_dir, "lite-latency.json", result)
    assert result["ratio"] < 6.0, result  # the 2x figure is reported; only a collapse fails here


def test_the_replay_steps_by_button_and_key_in_the_site(lite_site, offline, page):
    """Issue 31.2: ``sm.replay`` in the JupyterLite site (Pyodide, the SVG surface): a step button moves
    it one decision, and with the focus on it → moves it one more, as in JupyterLab."""
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lite_site, "lite-replay.ipynb")
    time.sleep(1.0)  # JupyterLab restores its layout as it starts: let the notebook's panel settle
    run_cell(page)
    replay = ".station-master-board.sm-replay"
    status = f"() => (document.querySelector('{replay} .sm-bar .sm-line') || {{}}).innerText || ''"
    page.wait_for_function(f"() => ({status})().includes('Decision 1 of 30')", timeout=SITE_TIMEOUT)
    page.wait_for_selector(f"{replay} svg.sm-surface", state="visible", timeout=SITE_TIMEOUT)
    page.locator(f"{replay} .sm-steps button.jupyter-button").nth(3).click()  # one decision on
    page.wait_for_function(f"() => ({status})().includes('Decision 2 of 30')", timeout=30_000)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => ({status})().includes('Decision 3 of 30')", timeout=30_000)
    assert not page.evaluate(ERRORS), page.evaluate(ERRORS)
    assert not offline, offline[:5]
