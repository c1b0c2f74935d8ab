"""Real-browser tests of the board's layout (issue 28): JupyterLab at 1280x800 with the file browser
open, and a 900 px window, Debian Chromium, played by mouse.

- **Every choice in view.** Load/Unload with a train whose cars can be chosen, and the choice of a
  Local Operations option with an Agent's work: every decision button lies inside the bar's visible
  box (no row scrolling sideways, nothing under What can I do? / Hint), at 1280x800 and at 900 px.
- **Nothing moves under the pointer below the Area.** A game whose Office Area has grown to five
  rows, played on by mouse laying cards: the canvas never gets shorter and the Home Office and the
  Departments never move, unless the board grew; Save's download link moves none of the tools.
- **A grown Area keeps its sizes.** On that board, no text under 10 px and no target under 18 px as
  the screen shows them.

Screenshots of each case are saved (``board-buttons-*.png``, ``board-grown-area-jupyterlab.png``).
Skipped, like the other browser tests, when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import json
import time

import pytest

from .conftest import LAPTOP, open_notebook_board
from .test_board_room import BOARD_TOP, SCROLL_TO_BAR, click_through, measure
from .test_jupyterlab import target_point

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: a Load/Unload decision of seed 1 (after 102 random steps): Board and Detrain, each also to a
#: chosen car, Work all, End; seven steps earlier, the choice of an option with "Agent: stock" (edition
#: v4's deal)
LOAD_UNLOAD = """import random
import stationmaster as sm
game = sm.new_game(seed=1, balance="v4")
r = random.Random(1)
for _ in range(102):
    game.apply(r.choice(game.legal_intents()))
board = sm.play(game, autosave=False)
board"""
BACK_TO_OPTIONS = 7

#: the positions of every decision button, of the actions box's visible rectangle and of the helpers
BAR_BOXES = """sel => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const acts = document.querySelector(sel + ' .sm-actions'), helpers = document.querySelector(sel + ' .sm-helpers');
  return {actions: box(acts), scroll: [acts.scrollWidth, acts.clientWidth, acts.scrollHeight, acts.clientHeight],
          helpers: box(helpers), window: [window.innerWidth, window.innerHeight],
          buttons: [...acts.querySelectorAll('button')].map(b => ({text: b.innerText.trim(), ...box(b),
                                                                   cut: b.scrollWidth > b.clientWidth + 1}))}; }"""


def buttons_out_of_view(page, board) -> tuple:
    """The decision buttons not wholly inside the actions box's visible rectangle (or overlapping
    the helpers, or cut short), and the figures."""
    got = page.evaluate(BAR_BOXES, board.sel)
    a, hp = got["actions"], got["helpers"]
    out = []
    for b in got["buttons"]:
        inside = (a["x"] - 1 <= b["x"] and b["x"] + b["w"] <= a["x"] + a["w"] + 1
                  and a["y"] - 1 <= b["y"] and b["y"] + b["h"] <= a["y"] + a["h"] + 1)
        over_helpers = b["x"] + b["w"] > hp["x"] + 1 and b["y"] < hp["y"] + hp["h"] and b["y"] + b["h"] > hp["y"]
        if not inside or over_helpers or b["cut"] or b["x"] + b["w"] > got["window"][0]:
            out.append(b["text"])
    sw, cw, sh, ch = got["scroll"]
    if sw > cw + 1:
        out.append(f"the row scrolls sideways ({sw} px in {cw} px)")
    if sh > ch + 1:
        out.append(f"the row scrolls ({sh} px in {ch} px)")
    return out, got


def settle(board, timeout: float = 30.0) -> None:
    """``BoardView.settle`` without the toolbar's kernel indicator, which a 900 px window hides:
    the notebook's session ready and the canvas pixels still for 0.3 s."""
    deadline = time.monotonic() + timeout
    last = board.canvases()
    while True:
        time.sleep(0.3)
        now = board.canvases()
        if [s["hash"] for s in now] == [s["hash"] for s in last] and board.nb.state()["ready"] \
                and board.nb.state().get("idle", True):
            return
        assert time.monotonic() < deadline, "the board's canvas kept changing"
        last = now


def press_helper(page, board, label: str) -> None:
    page.locator(f"{board.sel} .sm-helpers button.jupyter-button").filter(has_text=label).first.click()
    settle(board)


def check_buttons(page, board, screenshots_dir, name: str, want: list) -> dict:
    page.evaluate(SCROLL_TO_BAR, [board.nb.sel, board.sel])
    time.sleep(0.3)
    out, got = buttons_out_of_view(page, board)
    page.screenshot(path=str(screenshots_dir / f"board-buttons-{name}.png"))
    shown = [b["text"] for b in got["buttons"]]
    assert all(any(w in s for s in shown) for w in want), (want, shown)
    assert not out, f"{name}: not in the bar's visible box: {out}\n{json.dumps(got, indent=1)}"
    return got


def test_every_decision_button_is_in_view_at_1280x800_and_at_900px(lab_server, page, screenshots_dir, request):
    """Issue 28.3: in Load/Unload the row held six buttons and showed three (scrollWidth 932 px,
    clientWidth 562 px); "Agent: …" was cut off the same way."""
    nb, board = open_notebook_board(page, lab_server, request, "buttons.ipynb", LOAD_UNLOAD)
    assert page.locator("#jp-left-stack").is_visible(), "JupyterLab's default layout has the file browser open"
    load = ["Board train 2 (tray 1)", "car 3", "Detrain train 2 (tray 1)", "car 4", "Work all", "End Load/Unload"]
    figures = {"1280x800 load/unload": check_buttons(page, board, screenshots_dir, "load-unload-laptop", load)}
    for _ in range(BACK_TO_OPTIONS):  # back, by Undo, to the choice of an option
        press_helper(page, board, "Undo")
    options = ["Switch", "Draw home", "Take Dept 1", "Take Dept 2", "Take Dept 3", "Agent: stock", "Agent pass"]
    figures["1280x800 options"] = check_buttons(page, board, screenshots_dir, "options-laptop", options)
    page.set_viewport_size({"width": 900, "height": 800})  # a 900 px window, the file browser still open
    settle(board)
    figures["900 options"] = check_buttons(page, board, screenshots_dir, "options-900", options)
    for _ in range(BACK_TO_OPTIONS):
        press_helper(page, board, "Redo")
    figures["900 load/unload"] = check_buttons(page, board, screenshots_dir, "load-unload-900", load)
    print("\n" + json.dumps({k: {"actions": v["actions"], "scroll": v["scroll"]} for k, v in figures.items()}))
    assert not page.page_errors, page.page_errors


# ---------------------------------------------------------------------------------------------
# A grown Area, played by mouse

#: laying cards preferred: seed 5's Area has three rows after the first step, four after the second
#: (a turnout laid south), five after the 13th (an Extra Platform north)
WEIGHTS = {"play": 30, "switch": 12, "move": 10, "setout": 4, "draw": 4, "discard": 1, "end": 1.5,
           "agent": 3, "clear": 3, "hold": 1, "run": 2, "place": 2}
GROWN = f"""import random
import stationmaster as sm
W = {WEIGHTS!r}
game = sm.new_game(seed=5, balance="v5")  # (v5: the bare Office of three rows, [U6] opens v6 with four)
r = random.Random(3)
for _ in range(1):
    legal = game.legal_intents()
    game.apply(r.choices(legal, [0.3 if str(i) == "agent pass" else W.get(str(i).split()[0], 15) for i in legal])[0])
board = sm.play(game, autosave=False)
board"""


def grown_game():
    import random

    import stationmaster as sm

    ns: dict = {}
    exec(GROWN.rsplit("board = ", 1)[0], ns)
    return ns["game"], ns["r"], sm


def rows(game) -> int:
    ys = {y for _, y in game.state.areas[game.state.players[0].seat].grid} | {0}
    return max(ys) - min(ys) + 3


PLACES = f"""([sel, board]) => {{
  const c = [...document.querySelectorAll(board + ' canvas')].pop();
  return {{top: ({BOARD_TOP})([sel, board]), height: c.getBoundingClientRect().height}}; }}"""


def test_a_growing_area_played_by_mouse_moves_nothing(lab_server, page, screenshots_dir, request):
    """Issue 28.4: the canvas went 533→585→549→585 px between clicks as laying track grew and
    shrank the Area, moving the hand and the piles 35–52 px."""
    nb, board = open_notebook_board(page, lab_server, request, "grown.ipynb", GROWN)
    game, r, sm = grown_game()
    shadow = board.shadow(game)
    assert rows(game) == 3

    def where() -> dict:
        at = page.evaluate(PLACES, [nb.sel, board.sel])
        piles = {h.target: h.y for h in shadow.scene.hits if h.target[0] in ("home", "dept")}
        return {"height": round(at["height"], 1), "piles": {k: round(at["top"] + y, 1) for k, y in piles.items()},
                "rows": len({k[2] for k in shadow.scene.spot_rects})}

    seen = [where()]
    g = shadow.game
    while rows(g) < 5 and len(g.history) < 60 and not g.is_over:  # the Area grows from three rows to five
        legal = g.legal_intents()
        intent = r.choices(legal, [0.3 if str(i) == "agent pass" else WEIGHTS.get(str(i).split()[0], 15)
                                   for i in legal])[0]
        click_through(page, nb, board, shadow, intent, seen, note=where)
    assert board.log().strip().splitlines()[-1] in shadow.log_text(), "the browser's game left the shadow's"
    assert {s["rows"] for s in seen} == {3, 4, 5} and rows(g) == 5, "the Area grew to five rows"
    for a, b in zip(seen, seen[1:]):  # (the room holds five rows: the board never needs to grow here)
        assert abs(b["height"] - a["height"]) <= 1, f"the board's height changed between two clicks: {a} -> {b}"
        moved = [k for k in a["piles"] if abs(b["piles"][k] - a["piles"][k]) > 1]
        assert not moved, f"{moved} moved between two clicks: {a} -> {b}"
    page.screenshot(path=str(screenshots_dir / "board-grown-area-played-jupyterlab.png"))

    # Save: its download link appears on a line of its own and moves none of the tools
    tools = [page.locator(f"{board.sel} .sm-upload").first] + [
        page.locator(f"{board.sel} button.jupyter-button", has_text=t).first for t in ("Dark", "Mainline, step by step")]

    def boxes() -> list:
        return [t.bounding_box() for t in tools]

    page.locator(f"{board.sel} button.jupyter-button", has_text="Save").first.scroll_into_view_if_needed()
    before = boxes()
    page.locator(f"{board.sel} button.jupyter-button", has_text="Save").first.click()
    page.locator(f"{board.sel} a[download]").wait_for()
    board.settle()
    after = boxes()
    assert [(round(b["x"]), round(b["y"])) for b in before] == [(round(b["x"]), round(b["y"])) for b in after], \
        f"Save's link moved the tools: {before} -> {after}"
    print(json.dumps({"clicks": len(seen) - 1, "heights": sorted({s["height"] for s in seen}),
                      "rows": sorted({s["rows"] for s in seen})}))
    assert not page.page_errors, page.page_errors


#: an Area grown to six rows and six columns: a Depot with track, a Run-around, two industries and
#: their Modifiers north of the Running Track, a turnout south of it
WIDE = """import stationmaster as sm
from stationmaster.builder import Position
b = Position(seed=11, players=["Ann"])
b.office("Ann", "depot")
for kind, at in [("straight", (-1, 0)), ("turnout_left", (1, 0)), ("straight", (2, 0)), ("runaround", (0, 1)),
                 ("runaround", (1, 1)), ("mine_tipple", (2, 1)), ("section_gang", (2, 2))]:
    b.lay("Ann", kind, at)
b.lay("Ann", "grocers_warehouse", (-1, 1), turned=True)
b.lay("Ann", "loading_dock", (-1, 2), serves=(-1, 1))
b.lay("Ann", "turnout_right", (-1, -1), turned=True)
b.hand("Ann", ["terminal", "runaround", "team_track"])
game = b.game()
board = sm.play(game, autosave=False)
board"""


#: the narrowest a grid card may be on screen: "Refinery" whole at 10 px (``room.CELL_MIN_W``)
GRID_CARD_PX = 58


def test_a_grown_area_keeps_its_sizes_on_screen(lab_server, page, screenshots_dir, request):
    """Issue 28.5: with five rows the grid's cards were about 40x28 px and their labels ("Refin…",
    "Produ…") about 9 px. On a six-row Area: no text under 10 px, no target under 18 px, grid cards
    at least CELL_MIN_W wide on screen and their names whole."""
    from stationmaster.view.shapes import Text

    nb, board = open_notebook_board(page, lab_server, request, "wide.ipynb", WIDE)
    ns: dict = {}
    exec(WIDE.rsplit("board = ", 1)[0], ns)
    shadow = board.shadow(ns["game"])
    assert len({k[2] for k in shadow.scene.spot_rects}) == 6, "six rows"
    got = measure(page, nb, board, shadow)
    cells = list(shadow.scene.spot_rects.values())
    names = [str(s.text) for s in shadow.scene.shapes if isinstance(s, Text) and s.layer == "table"
             and any(x <= s.x <= x + w and y <= s.y <= y + h for x, y, w, h in cells)]
    got["grid_cell_css_px"] = [round(cells[0][2] * got["scale"], 1), round(cells[0][3] * got["scale"], 1)]
    got["grid_names_cut"] = [n for n in names if n.endswith("…")]
    page.screenshot(path=str(screenshots_dir / "board-grown-area-jupyterlab.png"))
    print("\n" + json.dumps({"grown area": got}))
    assert not got["out_of_view"], got
    assert got["smallest_text_px"] >= 10 and got["smallest_target_px"] >= 18, got
    assert got["grid_cell_css_px"][0] >= GRID_CARD_PX - 0.5 and not got["grid_names_cut"], got
    assert not page.page_errors, page.page_errors


MODEL_JSON = """path => { const p = [...window.jupyterapp.shell.widgets('main')].find(w => w.context && w.context.path === path);
  return p ? p.context.model.toJSON() : null; }"""


def test_the_play_notebook_opens_saved(lab_server, page, request):
    """Issue 28.8: the tab showed "unsaved" as soon as the play notebook opened, before anything
    was run: opening it must leave it as it is on disk."""
    from stationmaster.cli import PLAY_NOTEBOOK, play_notebook_text

    from .test_jupyterlab import LabNotebook, workspace_name

    page.set_viewport_size(LAPTOP)
    (lab_server.root / PLAY_NOTEBOOK).write_text(play_notebook_text(), encoding="utf-8")
    nb = LabNotebook(page, lab_server, PLAY_NOTEBOOK, workspace_name(request)).open()
    nb.wait_kernel_idle()
    time.sleep(2.0)  # the kernel's info has reached the notebook
    on_disk = json.loads(play_notebook_text())
    model = page.evaluate(MODEL_JSON, PLAY_NOTEBOOK)
    assert not nb.state()["dirty"], f"unsaved on opening: metadata {model['metadata']} (on disk " \
                                    f"{on_disk['metadata']}); cells {model['cells']}"
    assert not page.locator(f"{nb.sel} .jp-mod-dirty, .lm-TabBar-tab.jp-mod-dirty").count()


ACTIVE_CELL = """path => { const p = [...window.jupyterapp.shell.widgets('main')].find(w => w.context && w.context.path === path);
  return p.content.activeCellIndex; }"""


def test_a_press_on_the_board_leaves_the_notebooks_active_cell(lab_server, page, request):
    """Issue 28.8: a click on a board button made the board's cell the active one, so the next
    Shift+Enter re-ran the board. With the cell under the board active, a board button, a click on
    the board's canvas, a button again and a Shift+Enter: the cell under the board runs, the
    board's cell is not run again."""
    from .test_jupyterlab import BoardView, LabNotebook, workspace_name

    nb_json = {"cells": [{"cell_type": "code", "id": "board", "metadata": {}, "outputs": [], "execution_count": None,
                          "source": "import stationmaster as sm\nboard = sm.play(seed=7, autosave=False)\nboard"},
                         {"cell_type": "code", "id": "after", "metadata": {}, "outputs": [], "execution_count": None,
                          "source": "len(board.game.history)"}],
               "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
               "nbformat": 4, "nbformat_minor": 5}
    page.set_viewport_size(LAPTOP)
    (lab_server.root / "cells.ipynb").write_text(json.dumps(nb_json))
    nb = LabNotebook(page, lab_server, "cells.ipynb", workspace_name(request)).open()
    nb.run_all_cells()
    board = BoardView(nb)
    board.wait_shown()
    board.settle()
    page.locator(f"{nb.sel} .jp-Cell").nth(1).locator(".jp-InputPrompt").click()  # the cell under the board
    assert page.evaluate(ACTIVE_CELL, "cells.ipynb") == 1
    board.click_button("What can I do?")
    board.settle()
    assert page.evaluate(ACTIVE_CELL, "cells.ipynb") == 1, "a board button made the board's cell active"
    shadow = board.shadow(seed=7)
    board.click_board(*target_point(shadow, ("home",)))  # draw from the Home Office
    board.settle()
    assert page.evaluate(ACTIVE_CELL, "cells.ipynb") == 1, "a click on the board made the board's cell active"
    prompts = page.locator(f"{nb.sel} .jp-CodeCell .jp-InputPrompt")
    board.click_button("What can I do?")  # shut it: a button has the focus (the canvas keeps its keys)
    board.settle()
    before = [prompts.nth(i).inner_text().strip() for i in range(2)]
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("([sel, old]) => [...document.querySelectorAll(sel + ' .jp-CodeCell .jp-InputPrompt')]"
                           ".some((p, i) => !['[*]:', old[i]].includes(p.innerText.trim()))", arg=[nb.sel, before],
                           timeout=30_000)
    board.settle()
    after = [prompts.nth(i).inner_text().strip() for i in range(2)]
    assert after[0] == before[0] and after[1] != before[1], f"Shift+Enter ran the board's cell: {before} -> {after}"
    assert not page.page_errors, page.page_errors


@pytest.mark.parametrize("split", ["split-right", "split-bottom"])
def test_a_board_in_a_split_view_is_laid_out_for_it(lab_server, page, screenshots_dir, request, split):
    """Issue 28.8: a board shown in a split view (another document beside it, or under it) was
    scaled down rather than laid out again. It is laid out for the room it is given and shown
    1:1: the table as wide as the board, no text under 10 px on screen."""
    nb, board = open_notebook_board(page, lab_server, request, f"{split}.ipynb",
                                    "import stationmaster as sm\nboard = sm.play(seed=7, autosave=False)\nboard")
    wide = board.room()
    page.evaluate("mode => window.jupyterapp.commands.execute('docmanager:open', "
                  "{path: 'scripting.ipynb', options: {mode}}).then(() => true)", split)
    page.wait_for_function("sel => { const r = document.querySelector(sel).dataset.smRoom; "
                           f"return r && r !== '{wide[0]}x{wide[1]}'; }}", arg=board.sel, timeout=30_000)
    time.sleep(1.0)
    settle(board)
    room = board.room()
    shadow = board.shadow(seed=7)
    canvas = page.locator(f"{board.sel} canvas").last.bounding_box()
    size = board.canvases()[-1]
    scale = round(canvas["width"] / size["width"], 3)
    page.screenshot(path=str(screenshots_dir / f"board-{split}-jupyterlab.png"))
    from stationmaster.view.shapes import Text
    smallest = min(t.size for t in shadow.scene.shapes if isinstance(t, Text) and str(t.text).strip())
    got = {"room_before": wide, "room_split": room, "canvas_css_px": [round(canvas["width"]), round(canvas["height"])],
           "drawn": [size["width"], size["height"]], "scale": scale, "smallest_text_px": smallest * scale}
    print("\n" + json.dumps(got))
    assert room != wide and size["width"] == max(420, room[0]), got
    assert scale >= 0.99 and got["smallest_text_px"] >= 10, got
    assert not page.page_errors, page.page_errors
