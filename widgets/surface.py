"""Which drawing surface the board uses, and building it: ``"canvas"`` (ipycanvas, the fast one,
needs numpy) or ``"svg"`` (``svgsurface.py``: an anywidget showing the scene as SVG, pure Python).

``choose("auto")`` takes the canvas where ipycanvas imports and the SVG surface elsewhere (as in
JupyterLite, whose Pyodide has no numpy here); ``sm.play(surface="svg")`` asks for one. Both give
the board the same two things: a widget to show and a painter with ``LayerPainter``'s interface;
clicks arrive as ``on_click(x, y)`` in the scene's pixels, so everything above the surface is the
same.
"""

from __future__ import annotations

from functools import lru_cache

SURFACES = ("auto", "canvas", "svg")


@lru_cache(maxsize=None)
def can_use(kind: str) -> bool:
    """Whether the ``kind`` surface can be built here (its packages import)."""
    try:
        if kind == "canvas":
            import ipycanvas  # noqa: F401  (it imports numpy)
        elif kind == "svg":
            import anywidget  # noqa: F401
        else:
            return False
    except ImportError:
        return False
    return True


def choose(surface: str = "auto") -> str:
    """``"canvas"`` or ``"svg"`` for the asked ``surface`` ("auto", "canvas" or "svg")."""
    if surface not in SURFACES:
        raise ValueError(f"surface must be 'auto', 'canvas' or 'svg', not {surface!r}")
    if surface == "auto":
        for kind in ("canvas", "svg"):
            if can_use(kind):
                return kind
        raise ImportError('the board needs ipycanvas (with numpy) or anywidget to draw: pip install "stationmaster[board]"')
    if not can_use(surface):
        need = {"canvas": "ipycanvas (and numpy)", "svg": "anywidget"}[surface]
        other = {"canvas": "svg", "svg": "canvas"}[surface]
        raise ImportError(f"the {surface!r} surface needs {need}, which does not import here: "
                          f'pip install "stationmaster[board]", or play(surface="{other}")')
    return surface


def build(kind: str, layers, on_click, on_ready=None):
    """(widget, painter) for a surface of ``kind`` ("canvas" or "svg") drawing ``layers``;
    ``on_click(x, y)`` gets mouse-downs and taps, ``on_ready(layer)`` a canvas view connecting
    (an SVG view needs no help: it draws from the widget's state)."""
    import ipywidgets as W

    if kind == "svg":
        from .svgsurface import SvgPainter, SvgSurface

        widget = SvgSurface(layout=W.Layout(width="100%", height="auto", max_width="1240px"))
        widget.on_mouse_down(on_click)
        return widget, SvgPainter(widget, layers)
    if kind != "canvas":
        raise ValueError(f"no surface {kind!r}")
    from ipycanvas import MultiCanvas

    from .canvas import LayerPainter

    widget = MultiCanvas(len(layers), width=1240, height=800,
                         layout=W.Layout(width="100%", height="auto", max_width="1240px"))
    painter = LayerPainter(widget, layers)
    widget.on_mouse_down(on_click)
    # ipycanvas cancels the mouse events a browser makes up for a tap: take the tap itself
    widget.on_touch_start(lambda touches: touches and on_click(*touches[0]))
    if on_ready is not None:
        for i, name in enumerate(layers):
            widget[i].on_client_ready(lambda name=name: on_ready(name))
    return widget, painter
