"""A replay's keys in the browser: ←/→ one decision, ↑/↓ one Stage, Home/End the first decision and
the end (``replaysteps.KEYS``), without firing JupyterLab's own shortcuts.

JupyterLab reads keys on the document as they bubble up (its command mode: ↑/↓ select another
cell, Home/End another, and so on). This helper makes the replay (``.sm-replay``) focusable and
listens there, on the way down: a replay key pressed while the focus is in the replay — after a
click on its picture, its slider or a button — is the replay's alone (default action and
propagation stopped) and goes to the kernel as ``{"key": name}``; any other key, and every key
while the focus is elsewhere, is JupyterLab's as before. A press in the replay keeps the notebook's
active cell as it was (its mouse-down and focus stop at the replay, as the board's do).

In the page, the replay's element counts the keys it took (``data-sm-keys``) for the browser
tests. Without anywidget the helper is None: the buttons and the slider still step.
"""

from __future__ import annotations

try:
    import anywidget
    import traitlets
except ImportError:  # pragma: no cover - the replay steps by its buttons without it
    anywidget = None

from .replaysteps import KEYS

ESM = r"""
function render({ model, el }) {
  el.classList.add("sm-page-helper");
  const keys = model.get("key_moves");
  let root = null, tries = 0, stop = false, taken = 0;
  const typing = (t) => t && t.closest && t.closest("input:not([type=range]), textarea, select, [contenteditable=true]");
  const onKey = (e) => {
    const move = keys[e.key];
    if (!move || !model.get("active") || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || typing(e.target)) return;
    e.preventDefault();
    e.stopPropagation();
    taken += 1;
    root.dataset.smKeys = String(taken);
    model.send({ key: e.key });
  };
  // the press stays the replay's: the notebook would make the cell active and take the focus
  const keep = (e) => { if (!typing(e.target)) e.stopPropagation(); };
  const attach = () => {
    if (stop) return;
    root = el.closest(".sm-replay");
    if (!root) { if (tries++ < 600) requestAnimationFrame(attach); return; }
    if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "0");
    root.addEventListener("keydown", onKey, true);
    ["mousedown", "focusin"].forEach((t) => root.addEventListener(t, keep));
    grab();
  };
  // asked once (back from a game played on): the replay takes the focus, its keys, and comes into view
  const grab = () => {
    if (!root || !model.get("focus")) return;
    root.focus({ preventScroll: true });
    root.scrollIntoView({ block: "start" });
    model.set("focus", false);
    model.save_changes();
  };
  model.on("change:focus", grab);
  attach();
  return () => {
    stop = true;
    model.off("change:focus", grab);
    if (root) {
      root.removeEventListener("keydown", onKey, true);
      ["mousedown", "focusin"].forEach((t) => root.removeEventListener(t, keep));
    }
  };
}
export default { render };
"""


if anywidget is not None:
    class ReplayKeys(anywidget.AnyWidget):
        """The replay's keys (see the module docstring); invisible. ``on_key(callback)``: call
        ``callback(move)`` (a name of ``replaysteps.MOVES``) for each key taken. ``focus = True``:
        the replay takes the focus and comes into view (once). ``active = False``: the keys are
        left alone (a game played on is shown in the replay's place), presses still stay the replay's."""

        _esm = ESM
        key_moves = traitlets.Dict().tag(sync=True)
        focus = traitlets.Bool(False).tag(sync=True)
        active = traitlets.Bool(True).tag(sync=True)

        def __init__(self, **kw) -> None:
            super().__init__(key_moves=dict(KEYS), **kw)
            self._callbacks: list = []
            self.on_msg(self._on_custom_msg)

        def on_key(self, callback) -> None:
            self._callbacks.append(callback)

        def press(self, key: str) -> None:
            """A key pressed in the replay, as the browser sends it ("ArrowLeft", "Home"...)."""
            self._on_custom_msg(self, {"key": key}, [])

        def _on_custom_msg(self, _widget, content, _buffers) -> None:
            move = KEYS.get(content.get("key")) if isinstance(content, dict) else None
            if move is None:
                return  # not a replay key (a page may send anything): nothing happens
            for callback in list(self._callbacks):
                callback(move)
else:  # pragma: no cover
    ReplayKeys = None


def helper():
    """A ReplayKeys, or None without anywidget."""
    return ReplayKeys() if ReplayKeys is not None else None
