"""Real-browser tests of the board where it opens and in other windows (issue 15):

- **The play notebook opens at the bar.** ``station-master.ipynb`` written the way ``stationmaster
  play`` writes it, opened in JupyterLab at 1280x800 (its default layout, the file browser open),
  its cell run with Shift+Enter as the notebook says: with no scrolling by the test or the player,
  the control bar and the whole canvas are in the notebook's view (their bounding boxes against
  the view's).
- **A narrow window and a large one.** A 2-player board at 900x800 (the file browser open leaves
  the board about 500 px): the table reflows for that width and is shown 1:1 (never shrunk), no
  text under 10 px, no target under 18 px, nothing cut off at the sides; then the same board at
  1920x1080: laid out again for the larger room, the bar and the whole board on one screen. The
  figures are saved (``board-sizes-narrow-2-players.json``, ``board-sizes-1920x1080-2-players.json``)
  for ``benchmarks/board_browser.py``.

Skipped, like the other browser tests, when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import json
import time

import pytest

from .conftest import LAPTOP, VIEW, open_notebook_board
from .test_board_room import TABLES, measure
from .test_jupyterlab import BoardView, LabNotebook, workspace_name

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NARROW = {"width": 900, "height": 800}
LARGE = {"width": 1920, "height": 1080}


def boxes_in_view(page, nb, board) -> dict:
    """The control bar's and the canvas's bounding boxes, the notebook's view, and which of the
    two are not wholly in it (as the page is: nothing is scrolled here)."""
    view = page.evaluate(VIEW, nb.sel)
    parts = {"bar": page.locator(f"{board.sel} .sm-bar").first, "canvas": page.locator(f"{board.sel} canvas").last}
    boxes = {k: v.bounding_box() for k, v in parts.items()}
    out = [k for k, b in boxes.items() if b is None or b["y"] < view["top"] - 1
           or b["y"] + b["height"] > view["bottom"] + 1 or b["x"] < view["left"] - 1
           or b["x"] + b["width"] > view["right"] + 1]
    return {"view": view, "boxes": boxes, "out_of_view": out}


def settle(board, timeout: float = 30.0) -> None:
    """``BoardView.settle`` for any window size: the kernel idle (JupyterLab's own state: at 900 px
    its toolbar folds the kernel indicator away) and the canvas's pixels still for a second."""
    deadline = time.monotonic() + timeout
    last, still = None, 0
    while still < 3:
        assert time.monotonic() < deadline, "the board did not settle"
        time.sleep(0.35)
        now = [c["hash"] for c in board.canvases()]
        still = still + 1 if now == last and board.nb.state()["ready"] else 0
        last = now


def test_the_play_notebook_opens_with_the_bar_and_the_whole_board_on_one_screen(lab_server, page, screenshots_dir,
                                                                                 request):
    from stationmaster.cli import PLAY_NOTEBOOK, play_notebook_text

    page.set_viewport_size(LAPTOP)
    (lab_server.root / PLAY_NOTEBOOK).write_text(play_notebook_text(), encoding="utf-8")
    nb = LabNotebook(page, lab_server, PLAY_NOTEBOOK, workspace_name(request)).open()
    assert page.locator("#jp-left-stack").is_visible(), "JupyterLab's default layout has the file browser open"
    nb.wait_kernel_idle()
    page.locator(f"{nb.sel} .jp-CodeCell .jp-InputArea-editor").first.click()  # as the notebook says:
    page.keyboard.press("Shift+Enter")  # run the cell below with Shift+Enter
    board = BoardView(nb)
    board.wait_shown()
    page.wait_for_function("sel => document.querySelector(sel).dataset.smRoom", arg=board.sel)
    board.settle()
    deadline = time.monotonic() + 15  # the board settles its size for the room, and scrolls itself to its bar
    got = boxes_in_view(page, nb, board)
    while got["out_of_view"] and time.monotonic() < deadline:
        time.sleep(0.25)
        got = boxes_in_view(page, nb, board)
    time.sleep(1.0)  # and stays there
    got = boxes_in_view(page, nb, board)
    page.screenshot(path=str(screenshots_dir / "board-opened-jupyterlab.png"))
    print("\n" + json.dumps(got))
    assert not got["out_of_view"], got
    assert got["boxes"]["bar"]["y"] - got["view"]["top"] <= 12, "the bar is at the top of the view"
    assert not page.page_errors, page.page_errors


def test_a_narrow_window_reflows_the_board_and_a_large_one_fits_it(lab_server, page, screenshots_dir, request):
    game_expr = TABLES["2-players"]
    nb, board = open_notebook_board(page, lab_server, request, "narrow-2p.ipynb",
                                    f"import stationmaster as sm\nboard = sm.play({game_expr}, autosave=False)\nboard")
    # (opened and run at 1280x800: at 900 px JupyterLab's toolbar folds the kernel's status away)
    assert page.locator("#jp-left-stack").is_visible(), "JupyterLab's default layout has the file browser open"
    figures = {}
    for name, viewport in (("narrow-2-players", NARROW), ("1920x1080-2-players", LARGE)):
        if page.viewport_size != viewport:
            before = board.room()
            page.set_viewport_size(viewport)
            page.wait_for_function("([sel, old]) => document.querySelector(sel).dataset.smRoom !== old",
                                   arg=[board.sel, f"{before[0]}x{before[1]}"])
            settle(board)
        shadow = board.shadow(eval(game_expr, {"sm": __import__("stationmaster")}))
        got = measure(page, nb, board, shadow)
        got["viewport"] = viewport
        got["room"] = list(board.room())
        figures[name] = got
        (screenshots_dir / f"board-sizes-{name}.json").write_text(json.dumps(got, indent=1))
        if name.startswith("narrow"):
            page.screenshot(path=str(screenshots_dir / "board-narrow-jupyterlab.png"))
    print("\n" + json.dumps(figures))
    narrow, large = figures["narrow-2-players"], figures["1920x1080-2-players"]
    assert narrow["room"][0] < 760 and narrow["scale"] >= 0.99, narrow  # reflowed for its width, not shrunk
    assert narrow["smallest_text_px"] >= 10 and narrow["smallest_target_px"] >= 18, narrow
    assert not [k for k in narrow["out_of_view"] if k == "bar"], narrow
    box = page.evaluate(VIEW, nb.sel)
    assert narrow["canvas_css_px"][0] <= box["right"] - box["left"], "nothing cut off at the sides"
    assert not large["out_of_view"], large  # the bar and the whole board on one screen
    assert large["smallest_text_px"] >= 10 and large["smallest_target_px"] >= 18, large
    assert not page.page_errors, page.page_errors
