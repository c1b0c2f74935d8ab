"""Real-browser tests: JupyterLab + Debian Chromium (Playwright) run the play notebook.

See conftest.py for the server and browser fixtures. Skipped when /usr/bin/chromium is absent.
Everything a player does is done by clicking (menus, buttons, the board); ``window.jupyterapp``
is read only to know when JupyterLab and the kernel are ready.
"""

from __future__ import annotations

import json
import re
import time
import warnings

import pytest

from .conftest import NOTEBOOKS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

KERNEL_TIMEOUT = 90_000  # ms: kernel start on a cold machine

# The notebook panel for a path, the id of its DOM node, and whether its kernel is ready.
PANEL_STATE = """path => {
  const app = window.jupyterapp;
  if (!app) return null;
  const panel = [...app.shell.widgets('main')].find(w => w.context && w.context.path === path);
  if (!panel) return null;
  const session = panel.sessionContext;
  const kernel = session && session.session && session.session.kernel;
  return {
    id: panel.id, current: app.shell.currentWidget === panel, dirty: panel.context.model.dirty,
    ready: !!(panel.context.isReady && session.isReady && kernel
              && kernel.connectionStatus === 'connected' && kernel.status === 'idle'),
    kernelId: kernel ? kernel.id : null,
  };
}"""


class LabNotebook:
    """One notebook open in JupyterLab in its own workspace (so tabs of other tests are not
    restored next to it), with the actions a player does."""

    def __init__(self, page, server, path: str, workspace: str):
        self.page, self.server, self.path = page, server, path
        self.url = f"{server.url}/lab/workspaces/{workspace}/tree/{path}"
        self.sel = None  # CSS selector of this notebook's panel, once open

    # -- waiting ---------------------------------------------------------------------------
    def state(self) -> dict | None:
        return self.page.evaluate(PANEL_STATE, self.path)

    def wait_open(self) -> None:
        self.page.wait_for_function(
            f"path => {{ const s = ({PANEL_STATE})(path); return s && s.current; }}",
            arg=self.path, timeout=KERNEL_TIMEOUT)
        self.sel = '[id="%s"]' % self.state()["id"]
        self.page.wait_for_selector(f"{self.sel} .jp-Notebook .jp-Cell", state="visible")
        self.wait_kernel_idle()

    def wait_kernel_idle(self, timeout: int = KERNEL_TIMEOUT) -> None:
        """JupyterLab's session for the notebook is ready, its kernel connected and idle, and
        the toolbar's kernel indicator says idle too."""
        self.page.wait_for_function(
            f"path => {{ const s = ({PANEL_STATE})(path); return s && s.ready; }}",
            arg=self.path, timeout=timeout)
        self.page.wait_for_selector(
            f'{self.sel} .jp-Notebook-ExecutionIndicator[data-status="idle"]', timeout=timeout)

    # -- actions ---------------------------------------------------------------------------
    def open(self) -> "LabNotebook":
        self.page.goto(self.url)
        self.wait_open()
        return self

    def reload(self) -> None:
        """Reload the browser tab; JupyterLab reopens the notebook on the same kernel session.
        (Should JupyterLab ask "leave the page?", the answer is yes.)"""
        def leave(dialog):
            if dialog.type == "beforeunload":
                dialog.accept()
            else:
                dialog.dismiss()

        self.page.once("dialog", leave)
        self.page.reload()
        self.wait_open()

    def menu(self, top: str, item: str) -> None:
        page = self.page
        page.locator(".lm-MenuBar").get_by_role("menuitem", name=top, exact=True).click()
        entry = page.locator(".lm-Menu:not(.lm-MenuBar) .lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel").get_by_text(item, exact=True))
        entry.first.click()

    def accept_kernel_dialog(self) -> bool:
        """If JupyterLab asks which kernel to use, keep its choice (Python 3)."""
        dialog = self.page.locator(".jp-Dialog", has_text="Select Kernel")
        if dialog.count() and dialog.first.is_visible():
            dialog.first.get_by_role("button", name="Select", exact=True).click()
            return True
        return False

    def run_all_cells(self, attempts: int = 3) -> None:
        """Run > Run All Cells, then wait until every code cell has an execution count and the
        kernel is idle again. If no cell starts (a click that landed while JupyterLab was still
        wiring the session), the menu is used again."""
        for attempt in range(attempts):
            self.page.locator(f"{self.sel} .jp-Notebook").click(position={"x": 4, "y": 4})
            self.menu("Run", "Run All Cells")
            try:
                self.page.wait_for_function(
                    """sel => [...document.querySelectorAll(sel + ' .jp-CodeCell .jp-InputPrompt')]
                              .some(p => p.textContent.trim() !== '[ ]:')""",
                    arg=self.sel, timeout=10_000)
                break
            except Exception:
                if attempt == attempts - 1:
                    raise
                if not self.accept_kernel_dialog():
                    self.page.keyboard.press("Escape")
                self.wait_kernel_idle()
        self.page.wait_for_function(
            """sel => {
                 const ps = [...document.querySelectorAll(sel + ' .jp-CodeCell .jp-InputPrompt')];
                 return ps.length > 0 && ps.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
               }""", arg=self.sel, timeout=KERNEL_TIMEOUT)
        self.wait_kernel_idle()

    def save(self) -> None:
        """File > Save Notebook, then wait until JupyterLab no longer marks it modified."""
        self.menu("File", "Save Notebook")
        self.page.wait_for_function(
            f"path => {{ const s = ({PANEL_STATE})(path); return s && !s.dirty; }}",
            arg=self.path)

    # -- reading ---------------------------------------------------------------------------
    def cell_outputs(self) -> list[dict]:
        """For every code cell: its prompt, and its outputs' MIME types and texts."""
        return self.page.evaluate(
            """sel => [...document.querySelectorAll(sel + ' .jp-CodeCell')].map(cell => ({
                 prompt: cell.querySelector('.jp-InputPrompt').textContent.trim(),
                 outputs: [...cell.querySelectorAll('.jp-OutputArea-output')].map(o => ({
                   mime: o.getAttribute('data-mime-type'), text: o.innerText})),
               }))""", self.sel)


def workspace_name(request) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", request.node.name).strip("-")[:60]


def saved_errors(path) -> list[str]:
    nb = json.loads(path.read_text())
    return [f"{o.get('ename')}: {o.get('evalue')}" for c in nb["cells"] if c["cell_type"] == "code"
            for o in c.get("outputs", []) if o.get("output_type") == "error"]


def test_play_notebook_runs_in_jupyterlab(lab_server, page, screenshots_dir, request):
    """notebooks/play.ipynb opens in JupyterLab and Run All Cells runs it: every code cell gets
    an execution count, outputs appear, none is an error; a board in it is drawn."""
    t0 = time.monotonic()
    nb = LabNotebook(page, lab_server, "play.ipynb", workspace_name(request)).open()
    nb.run_all_cells()
    cells = nb.cell_outputs()
    assert cells, "no code cell rendered"
    assert any(c["outputs"] for c in cells), "Run All Cells showed no output"
    assert "Traceback" not in page.locator(f"{nb.sel} .jp-Notebook").inner_text()
    nb.save()
    errors = saved_errors(lab_server.root / "play.ipynb")
    assert not errors, errors
    stderr = [f"cell {i} ({c['prompt']}): {o['text']}" for i, c in enumerate(cells)
              for o in c["outputs"] if o["mime"] == "application/vnd.jupyter.stderr"]
    if stderr:
        warnings.warn("play.ipynb wrote to stderr in JupyterLab:\n" + "\n".join(stderr))
    sources = [c["source"] for c in json.loads((NOTEBOOKS / "play.ipynb").read_text())["cells"]
               if c["cell_type"] == "code"]
    if any(".play(" in "".join(src) for src in sources):  # the play notebook shows the board
        board = BoardView(nb)
        board.wait_shown()
        stats = board.settle()
        assert board.drawn(stats), f"the play notebook's board is not drawn: {brief(stats)}"
    assert not page.page_errors, page.page_errors
    page.locator(f"{nb.sel} .jp-Notebook .jp-CodeCell").first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots_dir / "jupyterlab-play.png"))
    print(f"\nplay.ipynb ran in JupyterLab in {time.monotonic() - t0:.1f}s")


# ---------------------------------------------------------------------------------------------
# The board: sm.play(seed=7) in JupyterLab, played by clicking.

BOARD = ".station-master-board"
BOARD_SOURCE = "import stationmaster as sm\n\nboard = sm.play(seed=7)\nboard"

# Per <canvas> of the board: size, how many pixels differ from the most common colour (the
# table), how many colours there are, a hash of every pixel (to tell any redraw), and the mean
# RGBA of each 40x40 block (to compare two drawings up to anti-aliasing).
BLOCK = 40
CANVAS_STATS = """sel => [...document.querySelectorAll(sel + ' canvas')].map(c => {
  const W = c.width, H = c.height, B = %d;
  const d = c.getContext('2d').getImageData(0, 0, W, H).data;
  const counts = new Map();
  const bw = Math.ceil(W / B), bh = Math.ceil(H / B);
  const sums = new Float64Array(bw * bh * 4), ns = new Uint32Array(bw * bh);
  let hash = 0;
  for (let y = 0, i = 0; y < H; y++) {
    const row = Math.floor(y / B) * bw;
    for (let x = 0; x < W; x++, i += 4) {
      const px = ((d[i] << 24) | (d[i + 1] << 16) | (d[i + 2] << 8) | d[i + 3]) >>> 0;
      counts.set(px, (counts.get(px) || 0) + 1);
      hash = (Math.imul(hash, 31) + px) >>> 0;
      const b = row + Math.floor(x / B);
      for (let k = 0; k < 4; k++) sums[b * 4 + k] += d[i + k];
      ns[b]++;
    }
  }
  let top = 0, topPx = 0;
  for (const [px, n] of counts) if (n > top) { top = n; topPx = px; }
  const blocks = [];
  for (let b = 0; b < bw * bh; b++)
    blocks.push([0, 1, 2, 3].map(k => Math.round(sums[b * 4 + k] / ns[b])));
  const r = c.getBoundingClientRect();
  return {width: W, height: H, shownWidth: r.width, shownHeight: r.height,
          pixels: W * H, background: topPx, other: W * H - top, colours: counts.size, hash,
          blocks};
})""" % BLOCK

def brief(stats: list[dict]) -> list[dict]:
    """Canvas stats without the per-block means, for messages."""
    return [{k: v for k, v in s.items() if k != "blocks"} for s in stats]


# The log: the widget after the "Log" heading of the board.
LOG_TEXT = """sel => {
  const board = document.querySelector(sel);
  if (!board) return null;
  const head = [...board.querySelectorAll('.widget-html')]
      .find(h => h.innerText.trim() === 'Log');
  return head && head.nextElementSibling ? head.nextElementSibling.innerText : null;
}"""


def write_notebook(path, source: str) -> None:
    nb = {"cells": [{"cell_type": "code", "id": "board", "metadata": {}, "source": source,
                     "outputs": [], "execution_count": None}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1))


class BoardView:
    """The board widget of a notebook in the browser, read through its canvas pixels and DOM."""

    def __init__(self, nb: LabNotebook):
        self.nb, self.page = nb, nb.page

    @property
    def sel(self) -> str:
        return f"{self.nb.sel} {BOARD}"

    def wait_shown(self, timeout: int = 30_000) -> None:
        """The board's canvas is on the page and something is painted on it."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_selector(f"{self.sel} canvas", state="visible",
                                        timeout=KERNEL_TIMEOUT)
        except PlaywrightTimeout:
            raise AssertionError("no board canvas appeared in the notebook") from None
        try:
            self.page.wait_for_function(
                f"sel => ({CANVAS_STATS})(sel).some(s => s.other > 0)", arg=self.sel,
                timeout=timeout, polling=200)
        except PlaywrightTimeout:
            raise AssertionError(f"the board's canvas stayed blank for {timeout / 1000:.0f}s: "
                                 f"{brief(self.canvases())}") from None

    def canvases(self) -> list[dict]:
        return self.page.evaluate(CANVAS_STATS, self.sel)

    def room(self) -> tuple[int, int]:
        """The room (CSS px) the board's page side reported for its canvas."""
        self.page.wait_for_function("sel => document.querySelector(sel).dataset.smRoom", arg=self.sel,
                                    timeout=30_000)
        w, h = self.page.evaluate("sel => document.querySelector(sel).dataset.smRoom", self.sel).split("x")
        return int(w), int(h)

    def shadow(self, *args, **options):
        """A board in the test's process for the same game (``sm.play(*args, **options)``), laid
        out for the room the browser's board has: it says where things are drawn there."""
        import stationmaster as sm

        shadow = sm.play(*args, autosave=False, **options)
        shadow.page.room_width, shadow.page.room_height = self.room()
        size = self.canvases()[-1]
        assert (size["width"], size["height"]) == (round(shadow.scene.width), round(shadow.scene.height)), \
            f"the browser draws a {size['width']}x{size['height']} table, the shadow {shadow.scene.width}x" \
            f"{shadow.scene.height}"
        return shadow

    def log(self) -> str:
        return self.page.evaluate(LOG_TEXT, self.sel) or ""

    def drawn(self, stats: list[dict] | None = None) -> bool:
        """The board's pixels are there: some canvas is mostly painted with a table colour and
        at least 5% of it is something else (rails, cards, text) in many colours."""
        stats = self.canvases() if stats is None else stats
        return any(s["other"] >= 0.05 * s["pixels"] and s["colours"] >= 20
                   and (s["background"] & 0xFF) == 0xFF for s in stats)

    def signature(self) -> tuple:
        return tuple(s["hash"] for s in self.canvases())

    def looks_like(self, before: list[dict], tolerance: int = 6) -> list[str]:
        """How the canvases now differ from ``before`` beyond anti-aliasing (mean RGBA of a
        40x40 block off by more than ``tolerance``): a list of differences, empty if none."""
        now = self.canvases()
        if [(s["width"], s["height"]) for s in now] != [(s["width"], s["height"]) for s in before]:
            return [f"canvas sizes {[(s['width'], s['height']) for s in now]}"]
        out = []
        for c, (a, b) in enumerate(zip(before, now)):
            bw = -(-a["width"] // BLOCK)
            for i, (pa, pb) in enumerate(zip(a["blocks"], b["blocks"])):
                if max(abs(u - v) for u, v in zip(pa, pb)) > tolerance:
                    out.append(f"canvas {c} block at ({i % bw * BLOCK}, {i // bw * BLOCK}): "
                               f"{pa} -> {pb}")
        return out

    def settle(self, timeout: float = 30.0) -> list[dict]:
        """Wait until the kernel is idle and the canvas pixels stop changing; the stats then."""
        deadline = time.monotonic() + timeout
        self.nb.wait_kernel_idle()
        last = self.canvases()
        while True:
            time.sleep(0.3)
            now = self.canvases()
            if [s["hash"] for s in now] == [s["hash"] for s in last] and self.nb.state()["ready"]:
                return now
            if time.monotonic() > deadline:
                raise AssertionError("the board's canvas kept changing")
            last = now

    def wait_changed(self, before_sig: tuple, before_log: str | None = None,
                     timeout: int = 30_000) -> None:
        """Wait until the canvas pixels differ from ``before_sig`` (and the log text from
        ``before_log``, when given)."""
        self.page.wait_for_function(
            f"""([sel, sig]) => {{
                 const now = ({CANVAS_STATS})(sel).map(s => s.hash);
                 return now.length === sig.length && now.some((h, i) => h !== sig[i]);
               }}""", arg=[self.sel, list(before_sig)], timeout=timeout, polling=200)
        if before_log is not None:
            self.page.wait_for_function(
                f"([sel, old]) => {{ const t = ({LOG_TEXT})(sel); return t !== null && t !== old; }}",
                arg=[self.sel, before_log], timeout=timeout)

    def click_board(self, x: float, y: float) -> None:
        """Click the board at scene pixel (x, y), scaled to the canvas as shown."""
        canvas = self.page.locator(f"{self.sel} canvas").last
        box = canvas.bounding_box()
        size = self.canvases()[-1]
        canvas.click(position={"x": x * box["width"] / size["width"],
                               "y": y * box["height"] / size["height"]})

    def click_button(self, label: str) -> None:
        self.page.locator(f"{self.sel} button.jupyter-button:visible").filter(
            has_text=label).first.click()


def target_point(board, target: tuple) -> tuple[float, float]:
    """A point where the hit region ``target`` is the topmost, on a board's current scene."""
    for h in board.scene.hits:
        if tuple(h.target) != target:
            continue
        for fy in (0.5, 0.3, 0.7):
            for fx in (0.5, 0.3, 0.7):
                x, y = h.x + h.w * fx, h.y + h.h * fy
                top = board.scene.hit(x, y)
                if top is not None and tuple(top.target) == target:
                    return x, y
    raise AssertionError(f"no clickable {target!r} on the board")


def test_board_plays_by_clicking_and_survives_reload(lab_server, page, screenshots_dir, request):
    """sm.play(seed=7) in JupyterLab: the canvas holds the board; clicking the Home Office, a card
    and the buttons plays intents (the board's pixels, the log and the autosave change); after a
    page reload the same kernel's board is drawn again, as it was (up to anti-aliasing)."""
    import stationmaster as sm
    from stationmaster.query import spec_of

    t0 = time.monotonic()
    page.set_viewport_size({"width": 1600, "height": 1300})
    name = "board_test.ipynb"
    write_notebook(lab_server.root / name, BOARD_SOURCE)
    autosave = lab_server.root / "station-master-autosave-seed7.json"  # the game's own autosave
    for old in lab_server.root.glob("station-master-autosave-seed7*.json"):
        old.unlink()

    nb = LabNotebook(page, lab_server, name, workspace_name(request)).open()
    kernel = nb.state()["kernelId"]
    nb.run_all_cells()
    board = BoardView(nb)
    board.wait_shown()
    first = board.settle()
    assert board.drawn(first), f"the canvas does not hold the board: {brief(first)}"
    log0 = board.log()
    assert "Day 1, Stage 1" in log0, log0
    t_shown = time.monotonic() - t0

    # A shadow of the kernel's board, driven with the same intents, says where things are drawn.
    shadow = board.shadow(seed=7)

    # 1. Click the Home Office deck on the board: draw home.
    sig, log = board.signature(), board.log()
    board.click_board(*target_point(shadow, ("home",)))
    board.wait_changed(sig, log)
    board.settle()
    assert "draws from the Home Office" in board.log()
    shadow.game.apply("draw home")

    # 2. Click the first card of the hand on the board: it is selected (highlighted), and the
    #    Discard buttons appear; 3. the "Discard to Dept 1" button. The hand holds one card over
    #    the limit for each pass (the three dealt, the first customer of [U6], the card drawn).
    while len(shadow.game.state.players[0].hand) > 3:  # (a click on a train or an Office plays it at once)
        card = next(h.target for h in shadow.scene.hits if h.target[0] == "hand"
                    and spec_of(shadow.game.state, h.target[1]).kind not in ("train", "extra", "office"))
        sig = board.signature()
        board.click_board(*target_point(shadow, tuple(card)))
        board.wait_changed(sig)
        page.locator(f"{board.sel} button:visible", has_text="Discard to Dept 1").wait_for()
        board.settle()
        sig, log = board.signature(), board.log()
        board.click_button("Discard to Dept 1")
        board.wait_changed(sig, log)
        board.settle()
        assert "discards" in board.log()
        shadow.game.apply(f"discard {card[1]} to 1")

    # 4. "End draw".

    log = board.log()
    board.click_button("End draw")
    page.wait_for_function(
        f"([sel, old]) => ({LOG_TEXT})(sel) !== old", arg=[board.sel, log], timeout=30_000)
    after = board.settle()
    shadow.game.apply("end")
    assert board.drawn(after)
    assert board.looks_like(first), "the intents left the board looking as it was dealt"

    # The kernel's game took exactly these intents (its autosave says so).
    played = [str(i) for i in sm.load(str(autosave)).history]
    assert played == [str(i) for i in shadow.game.history], played
    log_before_reload = board.log()

    # Reload the page: JupyterLab reopens the notebook on the same kernel; the board redraws.
    nb.save()
    t_reload = time.monotonic()
    nb.reload()
    assert nb.state()["kernelId"] == kernel, "the reload started another kernel"
    board.wait_shown()
    stats = board.settle()
    assert board.drawn(stats), f"after reload the canvas does not hold the board: {brief(stats)}"
    differences = board.looks_like(after)
    assert not differences, "after reload the board is drawn differently:\n" + "\n".join(
        differences[:20])
    assert board.log() == log_before_reload
    t_reload = time.monotonic() - t_reload
    assert not page.page_errors, page.page_errors

    # The screenshot for docs/: the file browser folded away (Ctrl+B), the board in view.
    page.keyboard.press("Control+b")
    page.wait_for_selector("#jp-left-stack", state="hidden")
    board.settle()
    page.locator(f"{nb.sel} .jp-OutputArea-output").first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots_dir / "board-jupyterlab.png"))
    print(f"\nboard shown in {t_shown:.1f}s; reload redraw in {t_reload:.1f}s; "
          f"whole test {time.monotonic() - t0:.1f}s")


# ---------------------------------------------------------------------------------------------
# A bot seat: the board plays it by itself, paced, while the page is only watched.

BOT_SOURCE = ("import stationmaster as sm\n\n"
              "board = sm.play(seed=4, players=['Ann', 'Bo'], mode='competitive', length='short',\n"
              "                bots={'Bo': 'random'}, pace=0.4, autosave=False)\n"
              "board")


def test_a_bot_seat_moves_by_itself(lab_server, page, screenshots_dir, request):
    """A board with a bot seat (Bo, the random bot, deals first with seed 4): without a click the
    canvas and the log change, one paced decision at a time, each logged with its reason; at
    Ann's turn the bots stop, and after Ann's click (a button) Bo answers by itself again."""
    import stationmaster as sm

    t0 = time.monotonic()
    page.set_viewport_size({"width": 1600, "height": 1300})
    name = "bot_test.ipynb"
    write_notebook(lab_server.root / name, BOT_SOURCE)
    nb = LabNotebook(page, lab_server, name, workspace_name(request)).open()
    nb.run_all_cells()
    board = BoardView(nb)
    board.wait_shown()

    # The bot's decisions arrive by themselves: the log grows without any click.
    seen = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        text = board.log()
        seen.add(text.count("Bo (random):"))
        if "Ann to" in page.locator(f"{board.sel} .sm-bar .widget-html").first.inner_text():
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the bot did not hand the game to Ann")
    expected = sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive", length="short",
                           bots={"Bo": "random"})
    n_bot = len(sm.bots.play_turns(expected))
    page.wait_for_function(  # the log's widget update may land just after the status line's
        f"([sel, n]) => (({LOG_TEXT})(sel) || '').split('Bo (random): picks at random').length - 1 === n",
        arg=[board.sel, n_bot], timeout=10_000)
    assert len(seen) >= 2 or n_bot == 1, f"the decisions came all at once: {sorted(seen)}"
    first = board.settle()
    assert board.drawn(first)

    # Ann passes (a button); Bo answers by itself: the canvas and the log change, no more clicks.
    sig, log = board.signature(), board.log()
    board.click_button("Agent pass")
    board.wait_changed(sig, log)
    page.wait_for_function(
        f"([sel, n]) => (({LOG_TEXT})(sel) || '').split('Bo (random):').length - 1 > n",
        arg=[board.sel, n_bot], timeout=30_000)
    board.settle()
    assert not page.page_errors, page.page_errors
    page.keyboard.press("Control+b")
    page.wait_for_selector("#jp-left-stack", state="hidden")
    page.locator(f"{nb.sel} .jp-OutputArea-output").first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots_dir / "board-bots-jupyterlab.png"))
    print(f"\nbot seat test {time.monotonic() - t0:.1f}s; Bo's opening decisions: {n_bot}")


FULL_SOURCE = ("import stationmaster as sm\n\n"
               "board = sm.play(seed=5, players=['Ann', 'Bo'], mode='competitive', deck='full', autosave=False)\n"
               "board")


#: the text fields and choices of the board whose words do not fit their box (a placeholder or the
#: chosen option, measured in the field's own font, against its width less its padding)
CUT_FIELDS = """sel => {
  const ctx = document.createElement('canvas').getContext('2d'), cut = [];
  for (const el of document.querySelectorAll(sel + ' .widget-text input, ' + sel + ' .widget-dropdown select')) {
    if (!el.offsetParent) continue;
    const cs = getComputedStyle(el);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = el.tagName === 'SELECT' ? (el.options[el.selectedIndex] || {}).text || '' : el.value || el.placeholder;
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const need = ctx.measureText(text).width;
    if (need > room) cut.push(`${text} (${Math.round(need)} px in ${Math.round(room)})`);
  }
  return cut; }"""


def test_a_full_deck_board_and_its_new_game_form(lab_server, page, screenshots_dir, request):
    """C1, W1: a full-deck Competitive board draws in JupyterLab; New game… shows the Deck and Yard
    refill choices and the adversity box, every field's words whole (the Players field's
    placeholder was cut to "Ann, Bo, Cy (blank: one p"), and starting from the form deals the deck
    chosen."""
    page.set_viewport_size({"width": 1600, "height": 1300})
    name = "full_deck_test.ipynb"
    write_notebook(lab_server.root / name, FULL_SOURCE)
    nb = LabNotebook(page, lab_server, name, workspace_name(request)).open()
    nb.run_all_cells()
    board = BoardView(nb)
    board.wait_shown()
    assert board.drawn(board.settle())
    board.click_button("New game")
    form = page.locator(f"{board.sel} .widget-dropdown:visible")
    form.filter(has_text="Deck").first.wait_for()
    labels = page.locator(f"{board.sel} .widget-dropdown:visible label").all_inner_texts()
    assert "Deck" in labels and "Yard refill" in labels, labels
    assert page.locator(f"{board.sel} .widget-checkbox:visible").filter(has_text="adversity").count() == 1
    assert page.evaluate(CUT_FIELDS, board.sel) == []
    form.filter(has_text="Deck").first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots_dir / "board-full-deck-form-jupyterlab.png"))
    print(f"\nscreenshot: {screenshots_dir / 'board-full-deck-form-jupyterlab.png'}")
    page.locator(f"{board.sel} .widget-dropdown:visible").filter(has_text="Deck").locator("select").select_option(label="Classic (52 cards)")
    board.click_button("Start new game")
    page.locator(f"{board.sel} button.jupyter-button").filter(has_text="Start new game").first.wait_for(state="hidden")
    assert not page.page_errors, page.page_errors
