"""Real-browser test of the replay's keys (issue 31.2): JupyterLab at 1280x800 in its default layout,
Debian Chromium.

``sm.replay(game, review=sm.review(game))`` in the first of three cells: once the replay has the focus (a click
on its picture), ← → ↑ ↓ Home End step it as documented (the step on its status line changes, the
picture is redrawn) while JupyterLab's own shortcuts for those keys do not fire (command mode's ↑/↓
would select another cell; the notebook does not scroll); once the focus is back on the notebook,
↑ is JupyterLab's again. Screenshot board-replay-review-jupyterlab.png: a reviewed decision, the
played and the better move marked, the verdict, the why and the curve.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from .conftest import LAPTOP, SCROLLER
from .test_jupyterlab import BoardView, LabNotebook, workspace_name

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: the planner's game of Standard solitaire with a random decision now and then, reviewed (the fast
#: depth: about a second), the replay opened at the decision the review found costliest
REPLAY_SOURCE = """import random
import stationmaster as sm
from stationmaster.bots import make

game = sm.new_game(seed=5)
planner, rng = make("planner", seed=5), random.Random(1)
while len(game.history) < 90:  # the planner's moves, and a random one now and then
    legal = list(game.legal)
    game.apply(rng.choice(legal) if len(game.history) % 9 == 4 and len(legal) > 1 else planner.decide(game).intent)
review = sm.review(game, depth="fast", progress=False)
worst = max(review.decisions, key=lambda j: j.loss)
replay = sm.replay(game, review=review, step=worst.seq)
replay"""

STATUS = "sel => (document.querySelector(sel + ' .sm-bar .sm-line') || {}).innerText || ''"
NOTEBOOK = "() => { const nb = window.jupyterapp.shell.currentWidget.content; return [nb.activeCellIndex, nb.mode]; }"


def _write(path, cells) -> None:
    nb = {"cells": [{"cell_type": "code", "id": f"c{k}", "metadata": {}, "source": src, "outputs": [],
                     "execution_count": None} for k, src in enumerate(cells)],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1))


def _decision(text: str):
    m = re.search(r"Decision (\d+) of (\d+)", text)
    return (int(m.group(1)), int(m.group(2))) if m else ("end" if "After decision" in text else None)


def test_replay_keys_step_it_and_leave_jupyterlabs_shortcuts_alone(lab_server, page, screenshots_dir, request):
    page.set_viewport_size(LAPTOP)
    _write(lab_server.root / "replay_keys.ipynb", [REPLAY_SOURCE, "x = 1", "y = 2"])
    nb = LabNotebook(page, lab_server, "replay_keys.ipynb", workspace_name(request)).open()
    nb.run_all_cells()
    board = BoardView(nb)
    board.wait_shown()
    board.settle()
    sel = f"{nb.sel} .sm-replay"
    start = _decision(page.evaluate(STATUS, sel))
    assert isinstance(start, tuple), page.evaluate(STATUS, sel)
    k, n = start
    # the reviewed decision as the README shows it: the bar scrolled to the top of the notebook
    page.evaluate(f"""([nb, sel]) => {{ const s = ({SCROLLER})(nb), b = document.querySelector(sel + ' .sm-bar');
        s.scrollTop += b.getBoundingClientRect().top - s.getBoundingClientRect().top - 4; }}""", [nb.sel, sel])
    time.sleep(0.5)
    words = page.locator(f"{sel} .sm-words").inner_text()
    assert ("mistake" in words or "blunder" in words) and "Better" in words and "Revenue lost" in words, words
    assert page.locator(f"{sel} svg.sm-curve").count() == 1
    page.screenshot(path=str(screenshots_dir / "board-replay-review-jupyterlab.png"))

    canvas = page.locator(f"{sel} canvas").last
    box = canvas.bounding_box()
    canvas.click(position={"x": box["width"] * 0.5, "y": 12})  # a click on the picture changes nothing
    page.wait_for_function(f"sel => ({STATUS})(sel).includes('nothing here changes it')", arg=sel, timeout=10_000)
    # the step button "on one decision" takes the focus (ipycanvas's canvas keeps the keys it has
    # the focus for; a button does not, so JupyterLab would see them but for the replay's helper)
    page.locator(f"{sel} .sm-steps button.jupyter-button").nth(3).click()
    k += 1
    page.wait_for_function(f"([sel, k]) => ({STATUS})(sel).includes(`Decision ${{k}} of`)", arg=[sel, k],
                           timeout=10_000)
    assert page.evaluate("sel => document.activeElement.tagName === 'BUTTON' && "
                         "document.querySelector(sel).contains(document.activeElement)", sel)
    cells_before = page.evaluate(NOTEBOOK)

    scroll_before = page.evaluate(f"nb => ({SCROLLER})(nb).scrollTop", nb.sel)

    def press(key, want):
        sig = board.signature()
        page.keyboard.press(key)
        page.wait_for_function(f"([sel, want]) => {{ const t = ({STATUS})(sel); return want === 'end' ? "
                               f"t.includes('After decision') : t.includes(`Decision ${{want}} of`); }}",
                               arg=[sel, want], timeout=10_000)
        board.wait_changed(sig)
        assert page.evaluate(NOTEBOOK) == cells_before, f"{key} reached JupyterLab"

    press("ArrowRight", k + 1)
    press("ArrowLeft", k)
    press("End", "end")
    press("Home", 1)
    t = time.monotonic()
    page.keyboard.press("ArrowDown")  # one Stage on: a later decision
    page.wait_for_function(f"sel => !({STATUS})(sel).includes('Decision 1 of')", arg=sel, timeout=10_000)
    down = _decision(page.evaluate(STATUS, sel))
    assert isinstance(down, tuple) and down[0] > 1, down
    press("ArrowUp", 1)
    assert time.monotonic() - t < 10
    assert int(page.evaluate("sel => document.querySelector(sel).dataset.smKeys", sel)) == 6  # the helper took each
    assert abs(page.evaluate(f"nb => ({SCROLLER})(nb).scrollTop", nb.sel) - scroll_before) < 2, \
        "a replay key scrolled the notebook"
    # Play on from here: a board of its own in the replay's place; back, the keys are the replay's again
    page.locator(f"{sel} .sm-steps button.jupyter-button", has_text="Play on from here").click()
    back = page.locator(f"{sel} button.jupyter-button", has_text="Back to the replay")
    back.wait_for()
    page.wait_for_function(f"sel => document.querySelectorAll(sel + ' .station-master-board:not(.sm-replay) canvas')"
                           ".length > 0", arg=sel, timeout=20_000)
    assert "Played on from decision 1" in page.locator(f"{sel} .sm-bar").first.inner_text()
    back.click()
    page.locator(f"{sel} .sm-steps").wait_for()
    page.wait_for_function("sel => document.querySelector(sel).contains(document.activeElement)", arg=sel,
                           timeout=10_000)
    press("ArrowRight", 2)
    # the focus on the notebook again (a cell's prompt clicked, command mode): ↑ is JupyterLab's
    page.locator(f"{nb.sel} .jp-Cell").nth(2).locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    at = page.evaluate(NOTEBOOK)
    assert at == [2, "command"], at
    page.keyboard.press("ArrowUp")
    page.wait_for_function(f"() => ({NOTEBOOK})()[0] === 1", timeout=5_000)
    assert _decision(page.evaluate(STATUS, sel)) == (2, n)
    assert not page.page_errors, page.page_errors
