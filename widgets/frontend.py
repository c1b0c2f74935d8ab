"""What the board needs from the page itself: a few lines of browser code and the board's CSS.

- **No jump on a click.** ipycanvas focuses its canvas on every mouse-down with ``el.focus()``,
  which scrolls a canvas that is not wholly in view back into view, so the page jumps under the
  pointer and the click lands elsewhere. A capture listener on the board focuses the canvas
  first with ``preventScroll``; ipycanvas's own focus is then a no-op.
- **JupyterLab's theme.** ``page_theme`` is "light" or "dark" as JupyterLab's body says
  (``data-jp-theme-light``), kept up to date; "" where the page has no theme (the board then
  keeps light).
- **The notebook's cell stays as it was.** A press on the board's canvas or one of its buttons
  does not reach JupyterLab's notebook (its mouse-down and the focus it gives), which would make
  the board's cell the active one, so that the next Shift+Enter re-ran the board; text fields
  (the New game form) keep JupyterLab's handling, which tells typing from notebook shortcuts.
- **Quiet canvas.** The board uses mouse-down and taps only; the other mouse events stop before
  ipycanvas, which would send each to the kernel (one message per pixel the pointer moves) and
  would keep the mouse wheel from scrolling the page over the board.
- **The scale.** ``scale`` is the canvas's (or the SVG surface's) shown width over its drawn width
  (1.0 at full size).
- **The room.** ``room_width`` and ``room_height`` are the CSS pixels the board's canvas may use:
  the board's width, and the height of the window (JupyterLab's notebook view, Voilà's page) less
  the board's control bar, whose height never changes; reported again whenever the board or the
  view round it changes size (a window resized, a split view opened beside or under it). The board sizes its canvas from them, so
  the bar and the whole board are on one screen once the bar is at the top.
- **Opened at the bar.** With ``scroll_to_bar`` (``sm.play``'s boards), the first display scrolls
  what scrolls the notebook so that the control bar is at the top of the view: the bar and the
  whole board are on one screen without the player scrolling. It aims again while the board
  settles its size (the repaint for the room), for a few seconds at most, and never after the
  player scrolled, clicked or typed. The kernel may also ask for it once (a custom message
  ``{"scroll": "bar"}``): a game started from the New game form, which closes under the pointer.
- **The New game form in view.** The form opens below the board's buttons, under the window's
  edge on a laptop; ``{"scroll": "form"}`` scrolls just enough to show it whole (its top kept),
  and keeps doing so for a second while the form changes size (a refusal's second line is laid
  out after the message comes).

The browser code runs through anywidget (a front-end loader for widgets); without anywidget the
board works, only these are missing. The CSS is a ``<style>`` block in an HTML widget:
it sizes the canvas to the room it has (the control bar above it stays in view) and themes the
board's controls and log like the board.
"""

from __future__ import annotations

try:
    import anywidget
    import traitlets
except ImportError:  # pragma: no cover - the board works without it
    anywidget = None

ESM = r"""
function render({ model, el }) {
  el.classList.add("sm-page-helper");
  let board = null, tries = 0, stop = false;
  const observers = [];
  const theme = () => {
    const v = document.body.dataset.jpThemeLight;
    const t = v === "true" ? "light" : v === "false" ? "dark" : "";
    if (model.get("page_theme") !== t) { model.set("page_theme", t); model.save_changes(); }
  };
  const onDown = (e) => {
    const c = e.target;
    if (c && c.tagName === "CANVAS" && document.activeElement !== c) c.focus({ preventScroll: true });
  };
  // The board listens to mouse-down (and taps) only: ipycanvas would send every other mouse event
  // to the kernel (a message per pixel moved) and swallow the wheel, so the page would not scroll.
  const quiet = (e) => { if (e.target && e.target.tagName === "CANVAS") e.stopPropagation(); };
  const QUIET = ["mousemove", "mouseup", "mouseout", "wheel"];
  // A press on the board's canvas or a button is the board's, not the notebook's: JupyterLab would
  // make the board's cell the active one (on the mouse-down and on the focus it gives), so the next
  // Shift+Enter re-ran the board. Text fields keep JupyterLab's handling (it must know that a key
  // typed there is text, not a notebook shortcut).
  const KEEP = ["mousedown", "focusin"];
  const keepCell = (e) => {
    const t = e.target;
    if (t && t.closest && t.closest("canvas, svg.sm-surface, button, .jupyter-button") && !t.closest("input, textarea, select")) e.stopPropagation();
  };
  const scale = () => {
    const cs = board && board.querySelectorAll("canvas, svg.sm-surface");
    if (!cs || !cs.length) return;
    const c = cs[cs.length - 1];
    const w = c.getBoundingClientRect().width;
    const drawn = c.tagName === "CANVAS" ? c.width : Number(c.dataset.smWidth);  // the SVG surface's own width
    if (!drawn || !w) return;
    const s = Math.round((w / drawn) * 1000) / 1000;
    if (model.get("scale") !== s) { model.set("scale", s); model.save_changes(); }
  };
  // the nearest box round the board that scrolls (JupyterLab's notebook, Voilà's page), or null (the window)
  const scroller = () => {
    for (let el = board && board.parentElement; el; el = el.parentElement) {
      const st = getComputedStyle(el);
      if ((st.overflowY === "auto" || st.overflowY === "scroll") && el.scrollHeight > el.clientHeight + 1) return el;
    }
    return null;
  };
  // The room the canvas may use: the board's inner width; the height of what scrolls the
  // notebook (or the window) less the control bar above the canvas.
  const room = () => {
    if (!board) return;
    // the smallest scrolling box round the board, within the window
    let view = window.innerHeight;
    for (let el = board.parentElement; el; el = el.parentElement) {
      const st = getComputedStyle(el);
      if ((st.overflowY === "auto" || st.overflowY === "scroll") && el.clientHeight > 200) view = Math.min(view, el.clientHeight);
    }
    const bar = board.querySelector(".sm-bar");
    const barH = bar ? bar.getBoundingClientRect().height : 0;
    const cs = getComputedStyle(board);
    const w = Math.floor(board.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight));
    const h = Math.floor(view - barH - 12);
    board.dataset.smRoom = `${w}x${h}`;  // for the browser tests
    if (w > 0 && (model.get("room_width") !== w || model.get("room_height") !== h)) {
      model.set("room_width", w); model.set("room_height", h); model.save_changes();
    }
  };
  // Opened at the bar (scroll_to_bar): the control bar to the top of the view, while the board
  // settles, until the player scrolls, clicks or types.
  let aim = true;
  const AIM_EVENTS = ["wheel", "mousedown", "keydown", "touchstart"];
  const stopAim = (e) => { if (e.isTrusted) aim = false; };
  const toBar = (asked) => {
    if (!asked && (!aim || stop || !board || !model.get("scroll_to_bar"))) return;
    const bar = board && board.querySelector(".sm-bar");
    if (!bar) return;
    const sc = scroller();
    const d = bar.getBoundingClientRect().top - (sc ? sc.getBoundingClientRect().top : 0) - 2;
    if (Math.abs(d) < 2) return;
    if (sc) sc.scrollTop += d; else window.scrollBy(0, d);
  };
  const attach = () => {
    if (stop) return;
    board = el.closest(".station-master-board");
    if (!board) { if (tries++ < 600) requestAnimationFrame(attach); return; }
    board.addEventListener("mousedown", onDown, true);
    QUIET.forEach((t) => board.addEventListener(t, quiet, { capture: true, passive: true }));
    KEEP.forEach((t) => board.addEventListener(t, keepCell));
    theme();
    const mo = new MutationObserver(theme);
    mo.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
    observers.push(mo);
    if (window.ResizeObserver) {
      const ro = new ResizeObserver(() => { scale(); room(); toBar(); });
      ro.observe(board);
      // and the boxes that scroll round it (JupyterLab's notebook panel): a split view under the
      // notebook gives the board less height with its width unchanged
      for (let up = board.parentElement; up; up = up.parentElement) {
        const st = getComputedStyle(up);
        if (st.overflowY === "auto" || st.overflowY === "scroll") ro.observe(up);
      }
      observers.push(ro);
    }
    const onResize = () => room();
    window.addEventListener("resize", onResize);
    observers.push({ disconnect: () => window.removeEventListener("resize", onResize) });
    scale();
    room();
    if (model.get("scroll_to_bar")) {
      AIM_EVENTS.forEach((t) => window.addEventListener(t, stopAim, { capture: true, passive: true }));
      observers.push({ disconnect: () => AIM_EVENTS.forEach((t) => window.removeEventListener(t, stopAim, true)) });
      [0, 250, 1000, 2500].forEach((ms) => setTimeout(toBar, ms));
      setTimeout(() => { aim = false; }, 6000);
    }
  };
  attach();
  // The New game form just opened under the board's buttons: scroll (no more than it takes, and
  // never past the form's top) until the whole form, Start new game included, is in view.
  const toForm = () => {
    const form = board && board.querySelector(".sm-form");
    if (!form || !form.offsetParent) return;
    const sc = scroller(), r = form.getBoundingClientRect();
    const view = sc ? sc.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const d = Math.min(r.bottom - view.bottom + 8, r.top - view.top - 8);
    if (d <= 0) return;
    if (sc) sc.scrollTop += d; else window.scrollBy(0, d);
  };
  // The message may come before the form's new words are laid out (a refusal of two lines
  // grows its last row after it): aim now and again whenever the form changes size, for a second.
  let formWatch = null;
  const formSettles = () => {
    requestAnimationFrame(toForm);
    const form = board && board.querySelector(".sm-form");
    if (!form || typeof ResizeObserver === "undefined") return;
    if (formWatch) formWatch.disconnect();
    const ro = new ResizeObserver(() => toForm());
    ro.observe(form);
    formWatch = ro;
    setTimeout(() => { ro.disconnect(); if (formWatch === ro) formWatch = null; }, 1000);
  };
  // The kernel asks for the bar at the top of the view (a game started from the New game form,
  // which closes under the pointer): {scroll: "bar"}; for the form it opened: {scroll: "form"}.
  const onMsg = (msg) => {
    if (msg && msg.scroll === "bar") toBar(true);
    if (msg && msg.scroll === "form") formSettles();
  };
  model.on("msg:custom", onMsg);
  return () => {
    stop = true;
    if (formWatch) formWatch.disconnect();
    model.off("msg:custom", onMsg);
    if (board) {
      board.removeEventListener("mousedown", onDown, true);
      QUIET.forEach((t) => board.removeEventListener(t, quiet, { capture: true, passive: true }));
      KEEP.forEach((t) => board.removeEventListener(t, keepCell));
    }
    observers.forEach((o) => o.disconnect());
  };
}
export default { render };
"""

#: the board's own CSS (a theme's colours are set as JupyterLab's variables on the board, so the
#: ipywidgets inside it follow the board's theme whatever JupyterLab's is)
PALETTES = {
    "light": {"--jp-layout-color0": "#fffdf7", "--jp-layout-color1": "#fffdf7", "--jp-layout-color2": "#efe8d8",
              "--jp-layout-color3": "#d8cdb6", "--jp-ui-font-color0": "#000", "--jp-ui-font-color1": "#2a2622",
              "--jp-ui-font-color2": "#5d554a", "--jp-ui-font-color3": "#7d7466",
              "--jp-content-font-color1": "#2a2622", "--jp-widgets-color": "#2a2622",
              "--jp-widgets-label-color": "#2a2622", "--jp-widgets-readout-color": "#2a2622",
              "--jp-widgets-input-color": "#2a2622", "--jp-widgets-input-background-color": "#ffffff",
              "--jp-widgets-input-border-color": "#b9a886", "--jp-border-color1": "#d8cdb6",
              "--jp-border-color2": "#d8cdb6", "background": "#f4efe3", "color": "#2a2622"},
    "dark": {"--jp-layout-color0": "#1b1d22", "--jp-layout-color1": "#24272e", "--jp-layout-color2": "#343842",
             "--jp-layout-color3": "#4b4f59", "--jp-ui-font-color0": "#fff", "--jp-ui-font-color1": "#ece7dc",
             "--jp-ui-font-color2": "#c9c2b4", "--jp-ui-font-color3": "#a39d90",
             "--jp-content-font-color1": "#ece7dc", "--jp-widgets-color": "#ece7dc",
             "--jp-widgets-label-color": "#ece7dc", "--jp-widgets-readout-color": "#ece7dc",
             "--jp-widgets-input-color": "#ece7dc", "--jp-widgets-input-background-color": "#2e3139",
             "--jp-widgets-input-border-color": "#5d6270", "--jp-border-color1": "#3b3f48",
             "--jp-border-color2": "#3b3f48", "background": "#1b1d22", "color": "#ece7dc"},
}
#: room kept above and below the board's canvas in the window before the browser has reported the
#: room it has: JupyterLab's bars (about 120 px) and the board's control bar (110 px)
CHROME_PX = 230
#: the control bar's fixed heights: the status and message lines, the decision's buttons (two rows
#: of 28 px buttons: a decision of many choices wraps within it, never scrolls sideways)
LINE_PX, DECIDE_PX = 22, 66


def set_trait(obj, name: str, value) -> None:
    """Set a widget trait only when it changes (each change is a message to the browser)."""
    if getattr(obj, name) != value:
        setattr(obj, name, value)


def close_widget(widget) -> None:
    """Close a widget the board no longer shows, with its children, layout and style (each a
    widget model of its own that ``close`` leaves alive), so a long session does not pile them up."""
    import ipywidgets as W

    for child in getattr(widget, "children", ()):
        close_widget(child)
    for w in (widget, getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(w, W.Widget):
            w.close()


def css() -> str:
    rules = []
    for name, pal in PALETTES.items():
        decl = ";".join(f"{k}:{v}" for k, v in pal.items())
        rules.append(f".station-master-board.sm-theme-{name}{{{decl}}}")
    dark = ".station-master-board.sm-theme-dark"
    rules += [
        ".station-master-board{padding:4px 6px;border-radius:6px;box-sizing:border-box}",
        ".station-master-board .widget-html-content{color:inherit}",
        # the control bar: every part of fixed height, so the board under it never moves
        ".station-master-board .sm-bar .widget-html,.station-master-board .sm-bar .widget-html-content"
        "{line-height:1.4;margin-top:0;margin-bottom:0}",
        f".station-master-board .sm-bar .sm-line{{height:{LINE_PX}px;min-height:{LINE_PX}px;overflow:hidden}}",
        ".station-master-board .sm-line .widget-html-content{width:100%;overflow:hidden;display:block;"
        f"height:{LINE_PX}px;line-height:{LINE_PX}px}}",
        ".station-master-board .sm-one-line{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;width:100%}",
        f".station-master-board .sm-decide{{height:{DECIDE_PX}px;min-height:{DECIDE_PX}px;overflow:hidden}}",
        # the decision's buttons wrap into the row's two lines (issue 28.3: a row that scrolled
        # sideways hid half of Load/Unload's choices behind the helpers); only a decision too
        # large even for two lines scrolls, downwards
        ".station-master-board .sm-actions{flex-wrap:wrap !important;overflow-x:hidden;overflow-y:auto;min-width:0;"
        f"scrollbar-width:thin;height:{DECIDE_PX}px;align-items:center;align-content:center}}",
        ".station-master-board .sm-bar .jupyter-button{height:28px;padding:0 9px;margin:2px 3px 2px 0;flex:0 0 auto;"
        "max-width:100%}",
        # the helpers (What can I do?, Hint, Undo, Redo) two by two beside the decision's buttons
        ".station-master-board .sm-helpers{display:grid !important;grid-template-columns:auto auto;"
        "align-content:center;justify-items:stretch}",
        ".station-master-board .sm-bar .widget-hbox{margin:0}",
        # the panels (help, the Day's summary, Load's question) lie over the board's top right corner
        ".station-master-board .sm-stage{position:relative;display:block;overflow:visible}",
        ".station-master-board .sm-overlay{position:absolute;top:6px;right:6px;width:min(460px,52%);"
        "max-height:calc(100% - 12px);overflow-y:auto;z-index:20;background:var(--jp-layout-color1);"
        "border:1px solid var(--jp-border-color1);border-radius:6px;box-shadow:0 2px 10px #0005;padding:4px 8px;"
        "flex-direction:column;box-sizing:border-box}",
        ".station-master-board .sm-overlay .sm-panel{margin:2px 0}",
        ".station-master-board .sm-overlay .widget-html-content{line-height:1.35;white-space:normal}",
        ".station-master-board .sm-help li,.station-master-board .sm-summary li{margin:1px 0}",
        ".station-master-board .sm-page-helper{width:0;height:0;overflow:hidden}",
        # Load: the upload button's own label counts the files chosen ("Load (0)"); say "Load"
        # a narrow board (a ~900 px window with the file browser open): the helpers show their
        # icons only (their words are the tooltips), so the decision's buttons keep the room
        ".station-master-board{container-type:inline-size}",
        "@container (max-width:640px){.station-master-board .sm-bar .jupyter-button{padding:0 6px}"
        ".station-master-board .sm-helpers .jupyter-button{font-size:0;padding:0 8px}"
        ".station-master-board .sm-helpers .jupyter-button i.fa{font-size:var(--jp-widgets-font-size,13px);"
        "margin:0}}",
        ".station-master-board .sm-upload{font-size:0}",
        ".station-master-board .sm-upload::after{content:'Load';font-size:var(--jp-widgets-font-size,13px)}",
        ".station-master-board .sm-upload i.fa{font-size:var(--jp-widgets-font-size,13px);margin-right:4px}",
        # the dark theme's buttons: dark grounds, light letters, the coloured styles kept readable
        f"{dark} .jupyter-button{{background-color:#343842;color:#ece7dc}}",
        f"{dark} .jupyter-button.mod-active{{background-color:#4b4f59}}",
        f"{dark} .jupyter-button.mod-primary{{background-color:#1f5fbf;color:#fff}}",
        f"{dark} .jupyter-button.mod-success{{background-color:#2b7a3e;color:#fff}}",
        f"{dark} .jupyter-button.mod-info{{background-color:#1d6f8f;color:#fff}}",
        f"{dark} .jupyter-button.mod-warning{{background-color:#b86a12;color:#fff}}",
        f"{dark} .jupyter-button.mod-danger{{background-color:#b3261e;color:#fff}}",
        f"{dark} .jupyter-button:disabled{{opacity:0.5}}",
        # the board's own cell: its output prompt column ("[1]:") gives its room to the board
        ".jp-OutputArea-child:has(.station-master-board)>.jp-OutputArea-prompt{display:none}",
        ".jp-Cell:has(.station-master-board) .jp-OutputArea-promptOverlay{display:none}",
    ]
    return "<style>" + "".join(rules) + "</style>"


def canvas_max_width(width: float, height: float, room_height: float = 0, fit_height: bool = True) -> str:
    """The canvas's CSS max-width: its drawn width, and no wider than fits the room's height (the
    browser reports it; before it has, the window's height less the bars around the board). The
    canvas keeps its aspect ratio. ``fit_height=False`` (a table laid out for the room, which may be taller
    than any window): its drawn width, shown 1:1, the page scrolls."""
    if not fit_height:
        return f"{int(round(width))}px"
    ratio = width / max(1.0, height)
    if room_height > 0:
        return f"{int(min(width, room_height * ratio))}px"
    return f"min({int(round(width))}px, calc((100vh - {CHROME_PX}px) * {ratio:.4f}))"


if anywidget is not None:
    class PageHelper(anywidget.AnyWidget):
        """The board's browser side (see the module docstring); invisible."""

        _esm = ESM
        page_theme = traitlets.Unicode("").tag(sync=True)
        scale = traitlets.Float(0.0).tag(sync=True)
        room_width = traitlets.Int(0).tag(sync=True)
        room_height = traitlets.Int(0).tag(sync=True)
        scroll_to_bar = traitlets.Bool(False).tag(sync=True)
else:  # pragma: no cover
    PageHelper = None


def helper(scroll_to_bar: bool = False):
    """A PageHelper, or None without anywidget. ``scroll_to_bar``: its first display brings the
    board's control bar to the top of the view."""
    return PageHelper(scroll_to_bar=bool(scroll_to_bar)) if PageHelper is not None else None
