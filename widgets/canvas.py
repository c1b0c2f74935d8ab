"""Draw a ``stationmaster.view.shapes.Scene`` on an ipycanvas ``MultiCanvas``, one canvas per layer.

``LayerPainter.paint(scene)`` redraws only the layers whose shapes differ from what it drew last
(the shapes are frozen dataclasses, so a layer is compared as a tuple), all in one
``hold_canvas()`` batch. ``invalidate()`` forgets what was drawn, so the next paint draws
everything again: the board calls it when a client connects (``on_client_ready``), because
ipycanvas drops drawings made before a view exists.

Drawing goes through the canvas manager's command queue directly (the same commands the public
``Canvas`` methods send, without a traitlets round-trip per style change, which is ~8x faster);
styles are set only when they change. If a future ipycanvas lacks those internals, the public
methods are used instead.
"""

from __future__ import annotations

from collections import Counter

from stationmaster.view.shapes import LAYERS, Circle, Line, Poly, Rect, Text

from .painter import Painter

try:  # the fast path: ipycanvas's own command codes
    from ipycanvas.canvas import COMMANDS as _COMMANDS
except ImportError:  # pragma: no cover
    _COMMANDS = None

_ALIGN = {"start": "left", "middle": "center", "end": "right"}
try:  # the same faces as the SVG backend, so both pictures lay text out alike
    from stationmaster.view.svg import FONT as FONT_FAMILY
except ImportError:  # pragma: no cover
    FONT_FAMILY = "DejaVu Sans, Helvetica, Arial, sans-serif"
#: rounded corners smaller than this are drawn square (a rounded rectangle costs 7 commands)
MIN_RADIUS = 2.0
#: a layer is redrawn whole when its changed area is above this share of the canvas or in too many pieces
FULL_REDRAW_SHARE = 0.5
MAX_DIRTY_RECTS = 24


def _r(v) -> float:
    """Round a coordinate to 0.1 px: smaller messages, no visible change."""
    v = round(float(v), 1)
    return int(v) if v == int(v) else v


class _Pen:
    """Sends drawing commands for one canvas, remembering the current style to skip repeats."""

    def __init__(self, canvas) -> None:
        self.canvas = canvas
        self.manager = getattr(canvas, "_canvas_manager", None)
        self.attrs = getattr(type(canvas), "ATTRS", None)
        self.fast = bool(_COMMANDS and self.manager is not None and self.attrs
                         and hasattr(self.manager, "send_command") and hasattr(self.manager, "send_draw_command"))
        self.style: dict = {}
        self.commands = 0

    def reset(self) -> None:
        self.style = {}

    def set(self, name: str, value) -> None:
        if self.style.get(name) == value:
            return
        self.style[name] = value
        self.commands += 1
        if name == "dash":
            if self.fast:
                self.manager.send_draw_command(self.canvas, _COMMANDS["setLineDash"], [list(value)])
            else:
                self.canvas.set_line_dash(list(value))
            return
        if self.fast:
            self.manager.send_command(self.canvas, [_COMMANDS["set"], [self.attrs[name], value]])
        else:
            setattr(self.canvas, name, value)

    _PUBLIC = {"fillRect": "fill_rect", "strokeRect": "stroke_rect", "fillCircle": "fill_circle",
               "clearRect": "clear_rect", "rect": "rect", "clip": "clip", "save": "save", "restore": "restore",
               "strokeCircle": "stroke_circle", "beginPath": "begin_path", "closePath": "close_path",
               "moveTo": "move_to", "lineTo": "line_to", "arcTo": "arc_to", "fill": "fill",
               "stroke": "stroke", "fillText": "fill_text", "clear": "clear"}

    def draw(self, name: str, *args) -> None:
        self.commands += 1
        if self.fast:
            self.manager.send_draw_command(self.canvas, _COMMANDS[name], list(args))
        else:
            getattr(self.canvas, self._PUBLIC[name])(*args)

    # ------------------------------------------------------------------ shapes

    def _stroke_style(self, stroke, width, dash) -> None:
        self.set("stroke_style", stroke)
        self.set("line_width", _r(width))
        self.set("dash", tuple(_r(d) for d in dash) if dash else ())

    def rect(self, s: Rect) -> None:
        x, y, w, h = _r(s.x), _r(s.y), _r(s.w), _r(s.h)
        if s.radius >= MIN_RADIUS and min(abs(s.w), abs(s.h)) >= 2 * MIN_RADIUS:
            r = _r(min(s.radius, abs(s.w) / 2, abs(s.h) / 2))
            self.draw("beginPath")
            self.draw("moveTo", _r(x + r), y)
            self.draw("arcTo", _r(x + w), y, _r(x + w), _r(y + h), r)
            self.draw("arcTo", _r(x + w), _r(y + h), x, _r(y + h), r)
            self.draw("arcTo", x, _r(y + h), x, y, r)
            self.draw("arcTo", x, y, _r(x + w), y, r)
            self.draw("closePath")
            if s.fill:
                self.set("fill_style", s.fill)
                self.draw("fill")
            if s.stroke:
                self._stroke_style(s.stroke, s.width, s.dash)
                self.draw("stroke")
            return
        if s.fill:
            self.set("fill_style", s.fill)
            self.draw("fillRect", x, y, w, h)
        if s.stroke:
            self._stroke_style(s.stroke, s.width, s.dash)
            self.draw("strokeRect", x, y, w, h)

    def line(self, s: Line) -> None:
        pts = s.points
        if len(pts) < 2 or not s.stroke:
            return
        self._stroke_style(s.stroke, s.width, s.dash)
        self.draw("beginPath")
        self.draw("moveTo", _r(pts[0][0]), _r(pts[0][1]))
        for x, y in pts[1:]:
            self.draw("lineTo", _r(x), _r(y))
        self.draw("stroke")

    def poly(self, s: Poly) -> None:
        pts = s.points
        if len(pts) < 2:
            return
        self.draw("beginPath")
        self.draw("moveTo", _r(pts[0][0]), _r(pts[0][1]))
        for x, y in pts[1:]:
            self.draw("lineTo", _r(x), _r(y))
        self.draw("closePath")
        if s.fill:
            self.set("fill_style", s.fill)
            self.draw("fill")
        if s.stroke:
            self._stroke_style(s.stroke, s.width, ())
            self.draw("stroke")

    def circle(self, s: Circle) -> None:
        if s.fill:
            self.set("fill_style", s.fill)
            self.draw("fillCircle", _r(s.x), _r(s.y), _r(s.r))
        if s.stroke:
            self._stroke_style(s.stroke, s.width, ())
            self.draw("strokeCircle", _r(s.x), _r(s.y), _r(s.r))

    def text(self, s: Text) -> None:
        if not s.text:
            return
        self.set("font", f"{'bold ' if s.bold else ''}{_r(s.size)}px {FONT_FAMILY}")
        self.set("text_align", _ALIGN.get(s.anchor, "left"))
        self.set("fill_style", s.fill)
        self.draw("fillText", str(s.text), _r(s.x), _r(s.y))

    def shape(self, s) -> None:
        if isinstance(s, Rect):
            self.rect(s)
        elif isinstance(s, Line):
            self.line(s)
        elif isinstance(s, Poly):
            self.poly(s)
        elif isinstance(s, Circle):
            self.circle(s)
        elif isinstance(s, Text):
            self.text(s)


def bbox(s) -> tuple:
    """A generous bounding box (x0, y0, x1, y1) of what a shape paints, antialiasing included."""
    if isinstance(s, Rect):
        pad = (s.width / 2 if s.stroke else 0) + 2
        x0, x1 = sorted((s.x, s.x + s.w))
        y0, y1 = sorted((s.y, s.y + s.h))
        return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    if isinstance(s, (Line, Poly)):
        xs = [p[0] for p in s.points] or [0]
        ys = [p[1] for p in s.points] or [0]
        pad = (s.width * (0.5 if len(s.points) <= 2 else 5) if (s.stroke or isinstance(s, Line)) else 0) + 2
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    if isinstance(s, Circle):
        pad = s.r + (s.width / 2 if s.stroke else 0) + 2
        return (s.x - pad, s.y - pad, s.x + pad, s.y + pad)
    if isinstance(s, Text):
        w = len(str(s.text)) * s.size * 0.75 + s.size
        x0 = s.x - w / 2 if s.anchor == "middle" else s.x - w if s.anchor == "end" else s.x - 2
        return (x0 - 2, s.y - s.size * 1.15 - 2, x0 + w + 2, s.y + s.size * 0.45 + 2)
    return (-1e9, -1e9, 1e9, 1e9)  # pragma: no cover - an unknown shape dirties everything


def _overlaps(a, b, gap: float = 0.0) -> bool:
    return a[0] <= b[2] + gap and b[0] <= a[2] + gap and a[1] <= b[3] + gap and b[1] <= a[3] + gap


def merge_boxes(boxes, gap: float = 4.0) -> list:
    """Merge overlapping (or nearly touching) boxes until none overlap."""
    boxes = [list(b) for b in boxes]
    merged = True
    while merged:
        merged = False
        out = []
        for b in boxes:
            for o in out:
                if _overlaps(o, b, gap):
                    o[0], o[1], o[2], o[3] = min(o[0], b[0]), min(o[1], b[1]), max(o[2], b[2]), max(o[3], b[3])
                    merged = True
                    break
            else:
                out.append(b)
        boxes = out
    return [tuple(b) for b in boxes]


def _changed(old: tuple, new: tuple):
    """(shapes gone, shapes come) between two drawings of a layer, or None when unchanged shapes
    changed their order (or cannot be hashed): then only a whole redraw is right."""
    a, b = 0, 0
    n, m = len(old), len(new)
    while a < n and a < m and old[a] == new[a]:  # the common start and end are usually most
        a += 1
    while b < n - a and b < m - a and old[n - 1 - b] == new[m - 1 - b]:
        b += 1
    mo, mn = old[a:n - b], new[a:m - b]
    try:
        so, sn = set(mo), set(mn)
    except TypeError:  # unhashable shapes (lists inside)
        return None
    if len(so) == len(mo) and len(sn) == len(mn):  # no repeats: plain sets will do
        gone = [sh for sh in mo if sh not in sn]
        come = [sh for sh in mn if sh not in so]
        if [sh for sh in mo if sh in sn] != [sh for sh in mn if sh in so]:
            return None
        return gone, come
    oc, nc = Counter(mo), Counter(mn)
    removed, added = oc - nc, nc - oc

    def kept(seq, drop):
        drop = Counter(drop)
        out = []
        for sh in seq:
            if drop[sh] > 0:
                drop[sh] -= 1
            else:
                out.append(sh)
        return out

    if kept(mo, removed) != kept(mn, added):
        return None
    return list(removed.elements()), list(added.elements())


def dirty_boxes(old: tuple, new: tuple, width: float, height: float):
    """The regions to repaint to turn a layer drawn as ``old`` into ``new``, as integer boxes
    (x0, y0, x1, y1); None when the whole layer should be redrawn (much changed, shapes that
    cannot be compared, or unchanged shapes reordered)."""
    diff = _changed(old, new)
    if diff is None:
        return None
    gone, come = diff
    boxes = [bbox(sh) for sh in gone + come]
    boxes = [(max(0, int(b[0])), max(0, int(b[1])), min(width, int(b[2]) + 1), min(height, int(b[3]) + 1))
             for b in boxes]
    boxes = [b for b in boxes if b[2] > b[0] and b[3] > b[1]]
    if len(boxes) > 4 * MAX_DIRTY_RECTS:
        return None
    boxes = merge_boxes(boxes)
    area = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
    if len(boxes) > MAX_DIRTY_RECTS or area > FULL_REDRAW_SHARE * width * height:
        return None
    return boxes


class LayerPainter(Painter):
    """Paints scenes on a ``MultiCanvas`` with one canvas per layer, redrawing only what changed.

    A layer whose shapes equal those drawn last is left alone. A changed layer is repainted
    inside the boxes of the shapes that went or came (clipped, so everything else on it stays
    as drawn), or whole when much changed. ``partial=False`` always redraws changed layers whole.
    """

    def __init__(self, multicanvas, layers=LAYERS, partial: bool = True) -> None:
        super().__init__(layers)  # batches: hold_canvas batches sent (one per paint that drew something)
        self.mc = multicanvas
        self.pens = {name: _Pen(multicanvas[i]) for i, name in enumerate(self.layers)}
        self.partial = partial

    def resize(self, width: float, height: float) -> bool:
        if not super().resize(width, height):
            return False
        self.mc.width, self.mc.height = self.size  # resizing clears every layer in the browser
        self.invalidate()
        return True

    def paint(self, scene, extra: dict | None = None) -> tuple:
        """Draw the scene (plus ``extra`` shapes by layer); returns the names of the layers touched."""
        from ipycanvas import hold_canvas

        by_layer = self.shapes_by_layer(scene, extra)
        plans = {}
        for name in self.layers:
            new, old = by_layer.get(name, ()), self.drawn[name]
            if new == old:
                continue
            boxes = None
            if old is not None and self.partial and name != "highlight":
                boxes = dirty_boxes(old, new, *self.size)
            plans[name] = "full" if boxes is None else boxes
        self.redrawn = tuple(plans)
        self.last_plan = plans
        if not plans:
            return ()
        manager = getattr(self.mc[0], "_canvas_manager", None)
        if manager is not None and hasattr(manager, "_current_canvas"):
            # a freshly connected client knows no current canvas: always name it in the batch
            manager._current_canvas = None
        with hold_canvas():
            for name, plan in plans.items():
                pen = self.pens[name]
                pen.reset()
                shapes = by_layer.get(name, ())
                if plan == "full":
                    pen.draw("clear")
                    for s in shapes:
                        pen.shape(s)
                elif plan:
                    pen.draw("save")
                    pen.draw("beginPath")
                    for x0, y0, x1, y1 in plan:
                        pen.draw("rect", x0, y0, x1 - x0, y1 - y0)
                    pen.draw("clip")
                    for x0, y0, x1, y1 in plan:
                        pen.draw("clearRect", x0, y0, x1 - x0, y1 - y0)
                    for s in shapes:
                        b = bbox(s)
                        if any(_overlaps(b, d) for d in plan):
                            pen.shape(s)
                    pen.draw("restore")
                    pen.reset()
                self.drawn[name] = shapes
        self.batches += 1
        return self.redrawn
