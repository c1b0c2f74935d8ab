"""The table as the board draws it: the drawing surface (``surface.py``: ipycanvas or SVG) and its
painter, the scene for the game now, where each target was drawn, and the highlight layer.

``TableView`` keeps what the drawing needs between two updates: the scene and its hit regions, the
room the browser reported (through the page helper), the big-print choice, the Office Area shown
large (``focus``) and the tallest height laid out so far (the board only grows). It knows nothing of
the controller: the board hands it the marks to highlight (``marks()``) and the facilities to tag."""

from __future__ import annotations

from stationmaster.view.shapes import LAYERS, Circle, Rect, Text

from . import frontend
from . import surface as _surface
from .frontend import set_trait as _set

#: highlight colours by kind, per theme: (stroke, fill, width, dash); "played" and "better" are a
#: replay's: the move made at a decision and the better one its review found
HIGHLIGHT = {
    "light": {"selected": ("#d9480f", "rgba(217,72,15,0.10)", 3.0, ()),
              "target": ("#1a7f37", "rgba(26,127,55,0.16)", 2.5, (6, 3)),
              "turned": ("#8250df", "rgba(130,80,223,0.12)", 2.5, (3, 3)),
              "option": ("#1f6feb", None, 1.5, (3, 3)),
              "hint": ("#bf8700", "rgba(212,167,44,0.22)", 3.5, ()),
              "played": ("#1f6feb", "rgba(31,111,235,0.14)", 3.5, ()),
              "better": ("#1a7f37", "rgba(26,127,55,0.18)", 3.5, (8, 4))},
    "dark": {"selected": ("#ff922b", "rgba(255,146,43,0.16)", 3.0, ()),
             "target": ("#3fb950", "rgba(63,185,80,0.20)", 2.5, (6, 3)),
             "turned": ("#d2a8ff", "rgba(210,168,255,0.16)", 2.5, (3, 3)),
             "option": ("#58a6ff", None, 1.5, (3, 3)),
             "hint": ("#e3b341", "rgba(227,179,65,0.22)", 3.5, ()),
             "played": ("#58a6ff", "rgba(88,166,255,0.18)", 3.5, ()),
             "better": ("#3fb950", "rgba(63,185,80,0.22)", 3.5, (8, 4))},
}
#: the compact card row (big print) once the full table is shown smaller than this: the full
#: layout's card text is drawn for 100 % (titles 9-10.5 px, descriptions 7.5 px)
COMPACT_BELOW = 0.98
COMPACT_CHOICES = ("auto", True, False)
#: the radius of a Hint mark's number badge (scene px): its digits are 12 px, bold
BADGE_R = 10


def default_scene_builder(state, viewer=None, theme="light", ready=None, compact=False):
    """The live board's scene: without the header and prompt lines, which the control bar says."""
    from stationmaster.view.scene import build_scene
    return build_scene(state, viewer=viewer, theme=theme, ready=ready, compact=compact, header=False)


def check_compact(compact) -> None:
    if compact not in COMPACT_CHOICES:
        raise ValueError(f"compact must be 'auto', True or False, not {compact!r}")


class TableView:
    """The surface of ``kind`` ("canvas" or "svg") and what is drawn on it. ``page`` is the
    browser's page helper (None without anywidget); ``on_click(x, y)`` gets the surface's clicks
    in scene pixels; ``marks()`` gives ``([(target, kind), ...], {target: number})``, the places
    to highlight and the Hint's numbers; ``on_layout(whole)`` is called when the room or the big
    print changed: the table is to be laid out again (``whole``: the controls too)."""

    def __init__(self, kind: str, page, *, on_click, marks, on_layout, scene_builder=None, compact="auto") -> None:
        check_compact(compact)
        self.surface = kind
        self.page = page
        if page is not None:
            # the room changed (first reported, window resized, file browser opened or closed)
            page.observe(lambda ch: self.scene is not None and on_layout(False), ["room_width", "room_height"])
            page.observe(lambda ch: self.wants_compact(ch["new"]) and on_layout(True), "scale")
        self._marks = marks
        self.canvas, self.painter = _surface.build(kind, LAYERS, on_click, self._on_client_ready)
        self.scene_builder = scene_builder or default_scene_builder
        self.scene = None
        self.hits: dict = {}  # target -> its hit regions in the scene
        self.theme = "light"
        self.focus = None  # the seat whose Office Area the room layout shows (None: the viewer's)
        self.compact_choice = compact
        self.compact = compact is True
        self._full_height = None  # the full layout's last height (to tell when it fits again)
        self._tallest: dict = {}  # the room layout's tallest height so far, by room (it never shrinks)

    @property
    def room(self) -> tuple:
        """(width, height): the CSS pixels the browser says the canvas may use ((0, 0) before it
        has said, or without a browser)."""
        page = self.page
        return (page.room_width, page.room_height) if page is not None else (0, 0)

    @property
    def room_layout(self) -> bool:
        """Whether the table is laid out for the room the browser reported."""
        return self.scene is not None and getattr(self.scene, "room", None) is not None

    def forget_heights(self) -> None:
        """Another game: the table may be as tall as the room again."""
        self._tallest.clear()

    def build(self, state, viewer, theme: str, ready) -> None:
        """The scene for ``state``: laid out for the room the browser reported (``view.scene.room``)
        once it has, else the table as drawn for SVG with the card row in big print when small.
        ``ready()`` gives the facilities to tag (asked only by the default scene builder)."""
        self.theme = theme
        if self.scene_builder is default_scene_builder:
            from stationmaster.view.scene import build_scene
            room = self.room
            if room[0] > 0 and room[1] > 0:
                self.scene = build_scene(state, viewer=viewer, theme=theme, ready=ready(), room=room,
                                         focus=self.focus, at_least=self._tallest.get(room, 0))
                self._tallest[room] = self.scene.height  # the board only grows: nothing moves up
            else:
                self.scene = self.scene_builder(state, viewer=viewer, theme=theme, ready=ready(), compact=self.compact)
                if not self.compact:
                    self._full_height = self.scene.height
        else:
            self.scene = self.scene_builder(state, viewer=viewer, theme=theme)
        self.hits = {}
        for h in self.scene.hits:
            self.hits.setdefault(tuple(h.target), []).append(h)
        self._size_canvas()

    def _size_canvas(self) -> None:
        """The room layout is built for the room's width and shown 1:1 (a grown Area makes it
        taller than the room: the page scrolls, its text stays 10 px); the SVG layout fits the
        window's height."""
        _set(self.canvas.layout, "max_width", frontend.canvas_max_width(
            self.scene.width, self.scene.height, self.room[1], fit_height=not self.room_layout))

    def wants_compact(self, scale: float) -> bool:
        """The browser reports the table's shown ``scale``: in "auto", big print below
        COMPACT_BELOW. Back to the full layout only when it would fit at COMPACT_BELOW or more (its
        height is known), so the two layouts never take turns. True if the choice changed."""
        if self.compact_choice != "auto" or not scale or self.room_layout:
            return False
        if self.compact and self.scene is not None and self._full_height:
            scale *= min(1.0, self.scene.height / self._full_height)  # the full layout's, at least
        want = scale < COMPACT_BELOW
        changed, self.compact = want != self.compact, want
        return changed

    def set_compact(self, compact) -> None:
        """Big print for the card row: True, False, or "auto" (as the table's shown size says)."""
        check_compact(compact)
        self.compact_choice = compact
        scale = self.page.scale if self.page is not None else 0.0
        self.compact = compact is True or (compact == "auto" and 0 < scale < COMPACT_BELOW)

    def paint(self, force: bool = False) -> tuple:
        if force:
            self.painter.invalidate()
        return self.painter.paint(self.scene, {"highlight": self.highlight_shapes()})

    def _on_client_ready(self, layer: str) -> None:
        """A browser view connected (page load, reload, Voila): its canvas is blank, so redraw it."""
        self.painter.invalidate(layer)
        if self.scene is not None:
            self.paint()

    def close(self) -> None:
        """Close the surface's widgets (an ipycanvas MultiCanvas's layers too: they are not its children)."""
        layers = [self.canvas[i] for i in range(len(self.painter.layers))] if self.surface == "canvas" else []
        for w in (*layers, self.canvas):
            frontend.close_widget(w)

    def target_at(self, x: float, y: float) -> tuple | None:
        """The target drawn topmost at scene pixel (x, y), if any."""
        hit = self.scene.hit(x, y) if self.scene is not None else None
        return tuple(hit.target) if hit else None

    def point_for(self, target) -> tuple:
        """A point where the first hit region with this target is the topmost, as a mouse would
        find it (KeyError if it is not drawn, or covered everywhere)."""
        target = tuple(target)
        hits = self.hits.get(target)
        if not hits:
            raise KeyError(f"no hit region {target!r} on the board now")
        for h in hits:
            for fy in (0.5, 0.25, 0.75, 0.1, 0.9):
                for fx in (0.5, 0.25, 0.75, 0.1, 0.9):
                    x, y = h.x + h.w * fx, h.y + h.h * fy
                    if self.target_at(x, y) == target:
                        return x, y
        raise KeyError(f"the hit region {target!r} is covered by others everywhere")

    def highlight_shapes(self) -> list:
        """The highlight layer's shapes for the places ``marks()`` names, and the Hint's numbers."""
        colours = HIGHLIGHT[self.theme]
        marks, numbers = self._marks()
        out = []
        seen = set()
        for target, kind in marks:
            key = (tuple(target), kind)
            if key in seen:
                continue
            seen.add(key)
            rects = self.mark_rects(target)
            stroke, fill, width, dash = colours[kind]
            for x, y, w, h in rects:
                out.append(Rect(x - 2, y - 2, w + 4, h + 4, fill=fill, stroke=stroke, width=width, radius=4,
                                layer="highlight", dash=dash))
            if kind == "hint" and numbers.get(tuple(target)):  # on every place the target is drawn
                for rect in rects:
                    out += self._badge(rect, numbers[tuple(target)], stroke)
        return out

    def mark_rects(self, target) -> list:
        """Where a target is drawn: its hit regions, else the rect the scene keeps for it."""
        rects = [(h.x, h.y, h.w, h.h) for h in self.hits.get(tuple(target), ())]
        return rects or self._rect_for(target)

    def _badge(self, rect, number: str, colour: str) -> list:
        """A Hint mark's number: a filled disc on the mark's top left corner (kept inside the
        table), the number in white."""
        r = BADGE_R + 3 * (len(number) - 1)
        x, y = rect[0] - 2, rect[1] - 2
        cx = min(max(x, r + 1), self.scene.width - r - 1)
        cy = min(max(y, r + 1), self.scene.height - r - 1)
        return [Circle(cx, cy, r, fill=colour, stroke="#ffffff", width=1.5, layer="highlight"),
                Text(cx, cy + 4.5, number, size=12, fill="#ffffff", anchor="middle", bold=True, layer="highlight")]

    def _rect_for(self, target) -> list:
        sc = self.scene
        kind = target[0]
        r = None
        if kind == "spot":
            r = getattr(sc, "spot_rects", {}).get(tuple(target[1:]))
        elif kind == "tray":
            r = getattr(sc, "tray_rects", {}).get(target[1])
        elif kind == "box":
            r = getattr(sc, "box_rects", {}).get(tuple(target[1:]))
        elif kind == "player":  # a card played on the player ([O2])
            r = getattr(sc, "plate_rects", {}).get(target[1])
        return [r] if r else []

    def marked_area(self, targets) -> tuple | None:
        """``(boxes, wide, high)``: where ``targets`` are drawn, with their badges, and the table's
        size, in the CSS px of the scale and room the browser reported (None: nothing marked)."""
        sc = self.scene
        rects = [r for t in targets for r in self.mark_rects(t)]
        if sc is None or not rects:
            return None
        page = self.page
        scale = page.scale if page is not None and page.scale > 0 else 1.0
        wide = page.room_width if page is not None and page.room_width > 0 else sc.width * scale
        pad = BADGE_R + 4  # a mark's badge and frame stand out of its rect
        boxes = [((x - pad) * scale, (y - pad) * scale, (x + w + 4) * scale, (y + h + 4) * scale)
                 for x, y, w, h in rects]
        return boxes, wide, sc.height * scale
