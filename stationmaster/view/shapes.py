"""Scene primitives: what to draw, renderer-independent (DESIGN.md §5).

A ``Scene`` is a list of shapes, each on a named layer, plus ``Hit`` regions that say what a
click there means. Backends draw it: SVG (``view/svg.py``, for ``_repr_svg_``) and ipycanvas
(``stationmaster.widgets``). Coordinates are pixels, origin top-left.

Layers, bottom to top:
- ``table``: what changes only when cards are laid or upgraded (Division, grids, rail, signs);
- ``pieces``: trains, standing cars, box and pipeline contents;
- ``hud``: turn chart, Revenue, hand, Departments, yards, prompts;
- ``highlight``: selection and legal targets (added by the widget, never by ``build_scene``).

Hit targets (tuples) the widget turns into intents:
``("spot", seat, x, y)`` a grid spot (empty or not) of an Office Area;
``("tray", tray)`` a Crew Tray wherever it is; ``("hand", card_id)`` a card in the shown hand;
``("home",)`` the Home Office deck; ``("dept", k)`` Department k (1–3);
``("box", seat, x, y, box)`` a facility box: green, red, men, at, work, or car (the spur's cars);
``("button", name)`` a drawn button (e.g. "end", "clear", "hold", "run east");
``("player", seat)`` the name plate of the player at that seat (a card played on the player).
"""

from __future__ import annotations

from dataclasses import dataclass, field

LAYERS = ("table", "pieces", "hud", "highlight")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    radius: float = 0.0
    layer: str = "table"
    dash: tuple = ()


@dataclass(frozen=True)
class Line:
    points: tuple  # ((x, y), ...)
    stroke: str = "#000"
    width: float = 1.0
    layer: str = "table"
    dash: tuple = ()


@dataclass(frozen=True)
class Poly:
    points: tuple
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    layer: str = "table"


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    layer: str = "table"


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 12.0
    fill: str = "#000"
    anchor: str = "start"  # start | middle | end
    bold: bool = False
    layer: str = "table"


@dataclass(frozen=True)
class Hit:
    x: float
    y: float
    w: float
    h: float
    target: tuple
    tip: str = ""  # a tooltip / accessible name

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


@dataclass
class Scene:
    width: float
    height: float
    shapes: list = field(default_factory=list)
    hits: list = field(default_factory=list)
    theme: str = "light"
    #: convenience look-ups for highlights (filled by ``build_scene``; rects are (x, y, w, h)):
    #: (seat, x, y) -> grid spot; tray -> where the Crew Tray is drawn (on the Office Area grid,
    #: a Mainline region or a Division Point); (seat, x, y, box) -> a facility box (green, red,
    #: men, at, work, car)
    spot_rects: dict = field(default_factory=dict)
    tray_rects: dict = field(default_factory=dict)
    box_rects: dict = field(default_factory=dict)
    #: seat -> the player's name plate in the Office Area's header (a card played on the player, [O2])
    plate_rects: dict = field(default_factory=dict)
    #: rolling-stock piece id -> where that piece is drawn (in a train, on a card, in a box)
    piece_rects: dict = field(default_factory=dict)
    #: (x, y, w, h) of the card row: the viewer's hand, the Home Office, Departments and Salvage
    card_row: tuple = ()
    #: (width, height) of the room the scene was laid out for (None: the table as drawn for SVG)
    room: tuple | None = None

    def add(self, shape) -> None:
        self.shapes.append(shape)

    def layer(self, name: str) -> list:
        return [s for s in self.shapes if s.layer == name]

    def hit(self, px: float, py: float):
        """The topmost hit region at a point, or None (later hits are on top)."""
        for h in reversed(self.hits):
            if h.contains(px, py):
                return h
        return None

    def texts_in(self, rect) -> list:
        """The Text shapes whose anchor point lies in ``rect`` (x, y, w, h)."""
        x, y, w, h = rect
        return [s for s in self.shapes if isinstance(s, Text) and x <= s.x <= x + w and y <= s.y <= y + h]

    def hits_for(self, target_kind: str) -> list:
        return [h for h in self.hits if h.target[0] == target_kind]
