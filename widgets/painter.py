"""What the two surfaces' painters share (``canvas.LayerPainter`` on ipycanvas, ``svgsurface.SvgPainter``
on the SVG widget): the scene split by layer, and the bookkeeping that leaves an unchanged layer alone.
Its own module so that both painters import it while ``surface.build`` imports them.
"""

from __future__ import annotations

from stationmaster.view.shapes import LAYERS


def split_layers(scene, layers=LAYERS) -> dict:
    """The scene's shapes by layer name, as tuples (one pass)."""
    out = {name: [] for name in layers}
    for s in scene.shapes:
        out.setdefault(getattr(s, "layer", "table"), []).append(s)
    return {k: tuple(v) for k, v in out.items()}


class Painter:
    """What both surfaces' painters share: the layers, what was drawn on each last (so an unchanged
    layer is left alone), the size, and what the last paint touched. A subclass paints."""

    def __init__(self, layers=LAYERS) -> None:
        self.layers = tuple(layers)
        self.drawn: dict = {name: None for name in self.layers}
        self.size = None
        self.batches = 0  # paints that sent something
        self.redrawn: tuple = ()  # the layers the last paint touched
        self.last_plan: dict = {}  # layer -> "full" or (the canvas) the dirty boxes, for the last paint

    def invalidate(self, *layers) -> None:
        """Forget what is on these layers (all if none named): the next paint redraws them whole."""
        for name in layers or self.layers:
            self.drawn[name] = None

    def resize(self, width: float, height: float) -> bool:
        """Take the scene's size (whole pixels, at least 1); True if it changed."""
        size = (max(1, int(round(width))), max(1, int(round(height))))
        if size == self.size:
            return False
        self.size = size
        return True

    def shapes_by_layer(self, scene, extra: dict | None = None) -> dict:
        """The scene's shapes by layer, plus ``extra`` shapes by layer, sized to the scene first."""
        self.resize(scene.width, scene.height)
        by_layer = split_layers(scene, self.layers)
        for name, shapes in (extra or {}).items():
            by_layer[name] = by_layer.get(name, ()) + tuple(shapes)
        return by_layer
