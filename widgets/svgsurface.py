"""The board's drawing surface without numpy: the scene as SVG in a small anywidget.

ipycanvas needs numpy, which JupyterLite's Pyodide here cannot have, so this surface draws the same
scene with the SVG backend's shapes (``stationmaster.view.svg.shape_svg``): one ``<g>`` per scene
layer, each a trait of the widget holding that layer's markup, so a paint sends only the layers
that changed. A mouse-down (or tap) in the picture goes back to Python as a message with the
point in the scene's own pixels; hit-testing stays in Python (``scene.hit``), with the same
controller and the same layout rules as the canvas surface.

``SvgSurface`` is the widget (``on_mouse_down(callback)``, as ipycanvas has; ``click(x, y)`` does
what the browser does); ``SvgPainter`` paints scenes on it with ``LayerPainter``'s interface
(``paint``, ``invalidate``, ``resize``). ``widgets/surface.py`` chooses between this and ipycanvas.

In the page, the ``<svg class="sm-surface">`` counts its paints (``data-sm-paints``) and keeps the
time of the last click and the last paint (``data-sm-click-at``, ``data-sm-paint-at``, from
``performance.now()``), for the browser tests and ``benchmarks/lite.py``.
"""

from __future__ import annotations

import math
from functools import lru_cache

import anywidget
import traitlets

from stationmaster.view.shapes import LAYERS
from stationmaster.view.svg import FONT, shape_svg

from .painter import Painter

ESM = r"""
const NS = "http://www.w3.org/2000/svg";
function render({ model, el }) {
  el.classList.add("sm-surface-host");
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "sm-surface");
  svg.setAttribute("font-family", model.get("font"));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Station Master board");
  Object.assign(svg.style, { display: "block", width: "100%", height: "auto", userSelect: "none",
                             webkitUserSelect: "none", touchAction: "manipulation", cursor: "pointer" });
  const groups = {};
  const names = model.get("layer_names");
  for (const name of names) {
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "layer-" + name);
    svg.appendChild(g);
    groups[name] = g;
  }
  let paints = 0;
  const painted = () => {
    paints += 1;
    svg.dataset.smPaints = String(paints);
    svg.dataset.smPaintAt = String(performance.now());
  };
  const size = () => {
    const w = model.get("width"), h = model.get("height");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    svg.dataset.smWidth = String(w);
    svg.dataset.smHeight = String(h);
  };
  const draw = (name) => { groups[name].innerHTML = model.get("layer_" + name) || ""; };
  size();
  names.forEach(draw);
  const handlers = [["change:width", size], ["change:height", size]];
  for (const name of names) handlers.push(["change:layer_" + name, () => draw(name)]);
  // one paint may change several layers (one message): count it once, after the browser has them
  let pending = false;
  const onChange = () => { if (!pending) { pending = true; queueMicrotask(() => { pending = false; painted(); }); } };
  handlers.push(["change", onChange]);
  handlers.forEach(([ev, fn]) => model.on(ev, fn));
  const onDown = (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const r = svg.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const x = (e.clientX - r.left) * model.get("width") / r.width;
    const y = (e.clientY - r.top) * model.get("height") / r.height;
    svg.dataset.smClickAt = String(performance.now());
    model.send({ event: "click", x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 });
  };
  svg.addEventListener("pointerdown", onDown);
  el.appendChild(svg);
  return () => {
    svg.removeEventListener("pointerdown", onDown);
    handlers.forEach(([ev, fn]) => model.off(ev, fn));
  };
}
export default { render };
"""


@lru_cache(maxsize=16384)
def _markup(shape) -> str:
    return shape_svg(shape)


def layer_markup(shapes) -> str:
    """One layer's shapes as SVG elements (a shape drawn before is not formatted again)."""
    out = []
    for s in shapes:
        try:
            out.append(_markup(s))
        except TypeError:  # a shape that cannot be hashed (a list inside): format it each time
            out.append(shape_svg(s))
    return "".join(out)


class SvgSurface(anywidget.AnyWidget):
    """The board's drawing surface as SVG (see the module docstring): ``width`` and ``height`` in
    the scene's pixels, one markup trait per layer (``layer_table``, ``layer_pieces``, ``layer_hud``,
    ``layer_highlight``). Clicks come back through ``on_mouse_down(callback)``."""

    _esm = ESM
    width = traitlets.Int(1240).tag(sync=True)
    height = traitlets.Int(800).tag(sync=True)
    font = traitlets.Unicode(FONT).tag(sync=True)
    layer_names = traitlets.List(traitlets.Unicode(), default_value=list(LAYERS)).tag(sync=True)
    layer_table = traitlets.Unicode("").tag(sync=True)
    layer_pieces = traitlets.Unicode("").tag(sync=True)
    layer_hud = traitlets.Unicode("").tag(sync=True)
    layer_highlight = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        missing = [n for n in self.layer_names if not self.has_trait(f"layer_{n}")]
        if missing:  # pragma: no cover - a new scene layer needs its trait here
            raise TypeError(f"SvgSurface has no trait for the scene layers {missing}")
        self._on_down: list = []
        self.clicks = 0  # clicks received from the browser (or click())
        self.on_msg(self._on_custom_msg)

    def on_mouse_down(self, callback, remove: bool = False) -> None:
        """Call ``callback(x, y)`` (scene pixels) on every mouse-down or tap on the picture."""
        if remove:
            self._on_down = [c for c in self._on_down if c is not callback]
        else:
            self._on_down.append(callback)

    def click(self, x: float, y: float) -> None:
        """A click at scene pixel (x, y), as the browser sends it."""
        self._on_custom_msg(self, {"event": "click", "x": x, "y": y}, [])

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        try:
            x, y = float(content["x"]), float(content["y"])
        except (KeyError, TypeError, ValueError):
            return  # a malformed message from a page: nothing to click
        if not (math.isfinite(x) and math.isfinite(y)):
            return
        self.clicks += 1
        for callback in list(self._on_down):
            callback(x, y)

    def markup(self) -> str:
        """The picture as one standalone SVG document (what the browser shows)."""
        body = "".join(f'<g class="layer-{n}">{getattr(self, f"layer_{n}")}</g>' for n in self.layer_names)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" font-family="{self.font}">{body}</svg>')

    def __repr__(self) -> str:
        size = sum(len(getattr(self, f"layer_{n}")) for n in self.layer_names)
        return f"<SvgSurface {self.width}×{self.height}, {len(self.layer_names)} layers, {size} characters of SVG>"


class SvgPainter(Painter):
    """Paints scenes on an ``SvgSurface``: a layer whose shapes equal those painted last is left
    alone; the changed layers are sent together, as one message (each "full": no dirty boxes)."""

    def __init__(self, surface: SvgSurface, layers=LAYERS) -> None:
        super().__init__(layers)
        self.surface = surface

    def paint(self, scene, extra: dict | None = None) -> tuple:
        """Draw the scene (plus ``extra`` shapes by layer); returns the names of the layers touched."""
        by_layer = self.shapes_by_layer(scene, extra)
        changed = [n for n in self.layers if by_layer.get(n, ()) != self.drawn[n]]
        self.redrawn = tuple(changed)
        self.last_plan = {n: "full" for n in changed}
        if not changed:
            return ()
        s = self.surface
        with s.hold_sync():
            s.width, s.height = self.size
            for name in changed:
                shapes = by_layer.get(name, ())
                setattr(s, f"layer_{name}", layer_markup(shapes))
                self.drawn[name] = shapes
        self.batches += 1
        return self.redrawn

    def __repr__(self) -> str:
        return f"<SvgPainter {self.size} layers {self.layers}, {self.batches} paints>"
