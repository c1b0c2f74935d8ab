"""The whole table as a renderer-independent scene (DESIGN.md §5).

``build_scene(state, viewer=None, theme="light")`` returns a :class:`~.shapes.Scene` that the SVG
backend (``view/svg.py``) and the ipycanvas board draw. Nothing is shown only in text: the
Division, every Office Area with its rail, trains, cars, boxes and pipelines, the turn chart,
Revenue, yards, Departments and the viewer's hand are all shapes.

Layout (pixels, origin top-left; ``scene.width`` is 1240 for one to four players):

- a header with Day, Stage, clock and phase, then the **prompt** line (who must decide what);
- the **Division** chain, west to east: Western Division Point, Mainline cards (two regions
  each) with the compact Office boxes between them, Eastern Division Point, and the
  Subdivisions marked under it (Control Points split them);
- the **Office Areas** side by side, west to east by seat: a header, the grid (one ring of empty
  spots round the cards; rows north at the top, ``y = 0`` the Running Track) and a list of the
  facilities with their green and red boxes and MEN | AT | WORK pipelines;
- the **turn chart** (12 Stages, number boards, Pocket Watch), phase track, held trains and Extras,
  Revenue, and the two yards;
- the viewer's **hand**, the Home Office deck, the three Department tops and the Salvage Yard.

Every grid spot's rectangle is in ``scene.spot_rects[(seat, x, y)]``, every Crew Tray's in
``scene.tray_rects[tray]`` and every facility box's in ``scene.box_rects[(seat, x, y, box)]``.
"""

from __future__ import annotations

import math

from ..cards import PIECES
from ..rules import CLOCK, FEDORA_STAGES, actor, capacity, hand_limit, player_at, spec_of, workers_left
from ..state import PIPELINE
from .shapes import Circle, Hit, Line, Poly, Rect, Scene, Text

# --------------------------------------------------------------------------- themes

THEMES = {
    "light": {
        "bg": "#f4efe3", "panel": "#fffdf7", "panel_stroke": "#d8cdb6", "ink": "#2a2622",
        "muted": "#7d7466", "faint": "#cfc4ad", "accent": "#b5541c",
        "card": "#fbf6ea", "card_stroke": "#a8987a", "spot": "#e4dbc6",
        "rail": "#4a3a2c", "rail_gap": "#fbf6ea", "mainline": "#e9dfc8", "mainline_stroke": "#b9a886",
        "running": "#efe3c6", "tray": "#cdb68c", "tray_stroke": "#8a6f45",
        "engine": "#26282c", "engine_text": "#ffffff", "extra_engine": "#5b2a6e",
        "coach": "#2f6bd1", "freight": "#8a5a2e", "caboose": "#c8372d", "empty": "#ffffff",
        "car_stroke": "#2a2622", "load": "#2a2320",
        "green": "#2f9e55", "red": "#d2453b", "box_bg": "#ffffff",
        "prompt_bg": "#fff3d6", "prompt_bar": "#d9822b",
        "hatch": "#9a6b4a", "sign": "#ffffff", "sign_text": "#1d1d1d",
        "wheel": "#4a3a2c", "cp": "#2f9e55", "sub": "#7d7466",
    },
    "dark": {
        "bg": "#1b1d22", "panel": "#24272e", "panel_stroke": "#3b3f48", "ink": "#ece7dc",
        "muted": "#a39d90", "faint": "#4b4f59", "accent": "#f0a35e",
        "card": "#2e3139", "card_stroke": "#5d6270", "spot": "#353944",
        "rail": "#d9ccb4", "rail_gap": "#2e3139", "mainline": "#343029", "mainline_stroke": "#6b6150",
        "running": "#3a3528", "tray": "#6a5838", "tray_stroke": "#b39863",
        "engine": "#dfe3ea", "engine_text": "#15171b", "extra_engine": "#d7b5e6",
        "coach": "#4a86ec", "freight": "#a86f3c", "caboose": "#e0483c", "empty": "#ffffff",
        "car_stroke": "#0e0f12", "load": "#f3e2b3",
        "green": "#3fbf6a", "red": "#ef5a4f", "box_bg": "#1b1d22",
        "prompt_bg": "#3a2f1f", "prompt_bar": "#f0a35e",
        "hatch": "#c79a72", "sign": "#f4f1ea", "sign_text": "#1d1d1d",
        "wheel": "#d9ccb4", "cp": "#3fbf6a", "sub": "#a39d90",
    },
}

#: player colours, by player index
PLAYER_COLOURS = ("#2a7ab0", "#c77c02", "#4f8a2a", "#8e44ad", "#c0392b", "#16a085")
TIER_COLOURS = {0: "#8a8a8a", 1: "#3d7a4a", 2: "#2f5f9e", 3: "#8e3b46"}
KIND_COLOURS = {
    "train": "#37474f", "extra": "#6b3f7a", "office": "#3d7a4a", "facility": "#b07219",
    "modifier": "#7e57c2", "track": "#5b6b7c", "red_flag": "#c62828",
}
GRID_NAMES = {
    "mine_tipple": "Tipple", "produce_shed": "Produce", "grocers_warehouse": "Grocer", "oil_refinery": "Refinery",
    "power_plant": "Power Plant", "team_track": "Team Track", "loading_dock": "Loading Dock",
    "storage_shed": "Storage Shed", "extra_platform": "Extra Platform", "section_gang": "Section Gang",
    "whistle_post": "W.POST", "depot": "DEPOT", "station": "STATION", "terminal": "TERMINAL",
}
CLASS_SHORT = {
    "Limited": "Limited", "Mail-Express": "Mail-Exp", "Manifest Freight": "Manifest",
    "Coal Drag": "Coal Drag", "Oil Train": "Oil", "Way Freight": "Way Frt", "Extra": "Extra",
}
KIND_LETTER = {"coach": "C", "boxcar": "B", "hopper": "H", "reefer": "R", "tank": "T", "caboose": "K"}
CAR_ORDER = ("coach", "boxcar", "hopper", "reefer", "tank", "caboose")
PHASE_NAMES = (("local_operations", "Local Ops"), ("new_train", "New Train"), ("mainline", "Mainline"),
               ("load_unload", "Load/Unload"), ("shift_change", "Shift Change"))
CLOCK_SHORT = ("12 AM", "2 AM", "4 AM", "6 AM", "8 AM", "10 AM", "Noon", "2 PM", "4 PM", "6 PM", "8 PM", "10 PM")
SKY = ((0, (19, 35, 91)), (6, (246, 208, 96)), (12, (186, 221, 246)), (18, (214, 76, 64)),
       (22, (19, 35, 91)), (24, (19, 35, 91)))

MARGIN = 16
WIDTH = 1240


def sky_colour(stage: int) -> str:
    """The turn chart colour of a Stage: deep blue at Midnight, yellow at 6 AM, pale blue at noon,
    red at 6 PM, deep blue again by 10 PM."""
    h = (stage - 1) * 2
    for (h0, c0), (h1, c1) in zip(SKY, SKY[1:]):
        if h0 <= h <= h1:
            f = (h - h0) / (h1 - h0)
            return "#%02x%02x%02x" % tuple(round(a + (b - a) * f) for a, b in zip(c0, c1))
    return "#13235b"


def mix(a: str, b: str, f: float) -> str:
    """Colour a blended toward b by f (0..1)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * f) for x, y in zip(ca, cb))


def _dark(hexcol: str) -> bool:
    r, g, b = (int(hexcol[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A rough width of sans-serif text (for layout only)."""
    return len(text) * size * (0.62 if bold else 0.56)


def wrap(text: str, width: float, size: float, lines: int) -> list:
    per = max(4, int(width / (size * 0.52)))
    out, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > per:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: per - 1].rstrip(" ,.;") + "…"
    return out


def money(v: int) -> str:
    """Revenue is counted in points, not dollars."""
    return f"{v} Rev" if v >= 0 else f"−{-v} Rev"


def fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """Cut text to fit a width, with an ellipsis."""
    if text_width(text, size, bold) <= width:
        return text
    n = max(1, int(width / (size * (0.6 if bold else 0.55))) - 1)
    return text[:n].rstrip() + "…"


# --------------------------------------------------------------------------- rail geometry

def rail_paths(geo, x: float, y: float, w: float, h: float) -> list:
    """Polylines of a card's rail in the cell (x, y, w, h): W/E at the middle of the ends, the 45°
    legs crossing the top and bottom edges at the middle (docs/cards.md)."""
    cx, cy, d = x + w / 2, y + h / 2, h / 2
    port = {"W": (x, cy), "E": (x + w, cy), "NE": (cx, y), "NW": (cx, y), "SW": (cx, y + h), "SE": (cx, y + h)}
    out = []
    for r in sorted(geo.routes, key=lambda r: sorted(r)):
        a, b = sorted(r, key=lambda p: ("W", "NW", "SW", "E", "NE", "SE").index(p))
        if (a, b) == ("W", "E"):
            out.append(((x, cy), (x + w, cy)))
        elif a == "W":  # W to a diagonal leg: the points west of the middle
            out.append(((x, cy), (cx - d, cy), port[b]))
        elif b == "E":  # a diagonal leg to E: joins east of the middle
            out.append((port[a], (cx + d, cy), (x + w, cy)))
        else:  # leg to leg (a Run-around's bypass): the V (or Λ) between the two junctions
            out.append(((cx - d, cy), port[a], (cx + d, cy)))
    routed = {p for r in geo.routes for p in r}
    for p in sorted(geo.ports - routed):
        if p == "W":
            out.append(((x, cy), (x + w * 0.78, cy)))
        elif p == "E":
            out.append(((x + w * 0.22, cy), (x + w, cy)))
        else:
            px, py = port[p]
            out.append(((px, py), (cx, cy)))
    return out


def spur_bumper(geo, x, y, w, h):
    """The stop block of a stub-ended spur, or None."""
    if geo.routes or len(geo.ports) != 1:
        return None
    p = next(iter(geo.ports))
    cy = y + h / 2
    bx = x + w * 0.78 if p == "W" else x + w * 0.22 if p == "E" else None
    if bx is None:
        return None
    return ((bx, cy - h * 0.16), (bx, cy + h * 0.16))


# --------------------------------------------------------------------------- the builder


class _Board:
    def __init__(self, s, viewer, theme: str) -> None:
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
        self.s = s
        self.c = THEMES[theme]
        n = len(s.players)
        self.n = n
        self.W = WIDTH if n <= 4 else WIDTH + (n - 4) * 230
        self.sc = Scene(self.W, 100, theme=theme)
        who = actor(s)
        if viewer is None:
            viewer = who if who is not None else s.superintendent
        if not isinstance(viewer, int) or not 0 <= viewer < n:
            raise ValueError(f"viewer must be a player index from 0 to {n - 1}, not {viewer!r}")
        self.viewer = viewer
        self.who = who
        self.add = self.sc.shapes.append
        self.hits = self.sc.hits

    # ------------------------------------------------------------------ primitives
    def rect(self, x, y, w, h, fill=None, stroke=None, width=1.0, radius=0.0, layer="table", dash=()):
        self.add(Rect(x, y, w, h, fill, stroke, width, radius, layer, dash))

    def text(self, x, y, text, size=12.0, fill=None, anchor="start", bold=False, layer="table"):
        self.add(Text(x, y, text, size, fill or self.c["ink"], anchor, bold, layer))

    def line(self, points, stroke, width=1.0, layer="table", dash=()):
        self.add(Line(tuple(points), stroke, width, layer, dash))

    def hit(self, x, y, w, h, target, tip=""):
        self.hits.append(Hit(x, y, w, h, target, tip))

    def name(self, p: int) -> str:
        return self.s.players[p].name

    # ------------------------------------------------------------------ pieces
    def car(self, pid: str, x, y, w, h, layer="pieces", record=True):
        """One rolling-stock piece: colour by the rules (coach blue / freight brown when loaded,
        white when empty, caboose red) and, not by colour alone, a dark load bar on the roof of a
        loaded car, a cupola on a caboose, and the kind letter when there is room."""
        c = self.c
        pc = PIECES[pid]
        if record:
            self.sc.piece_rects[pid] = (x, y, w, h)
        if pc.kind == "caboose":
            fill = c["caboose"]
        elif not pc.loaded:
            fill = c["empty"]
        else:
            fill = c["coach"] if pc.kind == "coach" else c["freight"]
        sw = 0.8
        if pc.kind == "hopper":
            i = min(w * 0.18, 3)
            self.add(Poly(((x, y), (x + w, y), (x + w - i, y + h), (x + i, y + h)), fill, c["car_stroke"], sw, layer))
        elif pc.kind == "tank":
            self.rect(x, y + h * 0.08, w, h * 0.84, fill, c["car_stroke"], sw, h * 0.42, layer)
        else:
            self.rect(x, y, w, h, fill, c["car_stroke"], sw, 1.2 if pc.kind == "coach" else 0.4, layer)
        if pc.kind == "caboose":
            self.rect(x + w * 0.3, y - h * 0.32, w * 0.4, h * 0.34, fill, c["car_stroke"], sw, 0, layer)
        elif pc.loaded:  # the load heaped above the sides: a mark that is not colour alone
            lh = h * 0.34
            heap = ((x + w * 0.1, y + 0.5), (x + w * 0.24, y - lh), (x + w * 0.76, y - lh), (x + w * 0.9, y + 0.5))
            self.add(Poly(heap, c["load"], None, 0, layer))
        if h >= 9 and w >= 8:
            letter = KIND_LETTER[pc.kind]
            tc = "#ffffff" if pc.loaded or pc.kind == "caboose" else "#3a3a3a"
            self.text(x + w / 2, y + h * 0.5 + h * 0.3, letter if pc.loaded or pc.kind == "caboose" else letter.lower(),
                      h * 0.78, tc, "middle", True, layer)

    def engine(self, t, x, y, w, h, layer="pieces"):
        c = self.c
        nose = min(h * 0.5, w * 0.35)
        fill = c["extra_engine"] if t.extra else c["engine"]
        if t.direction == "east":
            pts = ((x, y), (x + w - nose, y), (x + w, y + h / 2), (x + w - nose, y + h), (x, y + h))
        else:
            pts = ((x + nose, y), (x + w, y), (x + w, y + h), (x + nose, y + h), (x, y + h / 2))
        self.add(Poly(pts, fill, c["car_stroke"], 0.8, layer))
        # the cab
        cab_x = x + 1.5 if t.direction == "east" else x + w - 1.5 - w * 0.22
        self.rect(cab_x, y - h * 0.3, w * 0.22, h * 0.32, fill, c["car_stroke"], 0.6, 0, layer)
        room = w - nose - 1.5
        label = t.label
        size = min(h * 0.86, room / (0.62 * len(label)))
        if size < 6.5 and t.extra:  # a purple engine already says Extra
            label = str(t.number)
            size = min(h * 0.86, room / (0.62 * len(label)))
        if size >= 4.5:
            tx = x + (w - nose) / 2 if t.direction == "east" else x + nose + (w - nose) / 2
            ink = c["engine_text"] if not t.extra else ("#ffffff" if _dark(fill) else "#1a1a1a")
            self.text(tx, y + h / 2 + size * 0.36, label, size, ink, "middle", True, layer)

    def sequence(self, t) -> list:
        """Engine and cars west to east (view/text.py ``consist``): ("car", pid) | ("engine", t)."""
        if t.direction == "east":
            return [("car", p) for p in reversed(t.behind)] + [("engine", t)] + [("car", p) for p in t.ahead]
        return [("car", p) for p in reversed(t.ahead)] + [("engine", t)] + [("car", p) for p in t.behind]

    def draw_run(self, items, x0, cy, pw, ph, ew, gap, tray_pad=2.0, layer="pieces"):
        """Draw pieces west to east from x0, centred on cy; trains sit on a Crew Tray.
        Returns {tray: rect} and the total width."""
        rects = {}
        x = x0
        top = cy - ph / 2
        i = 0
        while i < len(items):
            kind, what = items[i]
            if kind == "train":
                seq = self.sequence(what)
                width = sum(ew if k == "engine" else pw for k, _ in seq) + gap * (len(seq) - 1)
                tr = (x - tray_pad, top - ph * 0.45 - tray_pad, width + 2 * tray_pad, ph * 1.45 + 2 * tray_pad)
                self.rect(*tr, self.c["tray"], self.c["tray_stroke"], 0.8, 2.5, layer)
                for k, v in seq:
                    if k == "engine":
                        self.engine(v, x, top, ew, ph, layer)
                        x += ew + gap
                    else:
                        self.car(v, x, top, pw, ph, layer)
                        x += pw + gap
                rects[what.tray] = tr
                x += tray_pad + gap
            else:
                self.car(what, x, top, pw, ph, layer)
                x += pw + gap
            i += 1
        return rects, x - x0 - gap

    @staticmethod
    def run_width(items, pw, ew, gap, tray_pad=2.0) -> float:
        w = 0.0
        for kind, what in items:
            if kind == "train":
                n = len(what.ahead) + len(what.behind)
                w += ew + n * (pw + gap) + 2 * tray_pad + gap
            else:
                w += pw + gap
        return max(0.0, w - gap)

    def tray_tip(self, t) -> str:
        sp = spec_of(self.s, t.card)
        cars = ", ".join(str(PIECES[p]).rsplit(" ", 1)[0] for p in t.cars) or "no cars"
        return f"Train {t.label} ({sp.train_class}, {t.direction}bound, tray {t.tray}): {cars}"

    def train_here(self, t, x, cy, pw, ph, ew, gap, label=True, layer="pieces", label_w=60.0, label_x=None):
        rects, width = self.draw_run([("train", t)], x, cy, pw, ph, ew, gap, layer=layer)
        r = rects[t.tray]
        if label:
            sp = spec_of(self.s, t.card)
            cls = CLASS_SHORT.get(sp.train_class, sp.train_class)
            lab = fit(f"{t.label} {cls}", label_w, 9, True)
            lx = r[0] + 1 if label_x is None else label_x
            self.text(lx, r[1] - 3, lab, 9, self.c["ink"], "start", True, layer)
        self.sc.tray_rects[t.tray] = r
        self.hit(*r, ("tray", t.tray), self.tray_tip(t))
        return r

    # ------------------------------------------------------------------ small glyphs
    def fedora(self, x, y, s=1.0, layer="hud", colour=None):
        """The Superintendent's hat, its brim centred at (x, y)."""
        col = colour or self.c["ink"]
        self.rect(x - 9 * s, y - 1.6 * s, 18 * s, 3.2 * s, col, None, 0, 1.6 * s, layer)
        self.add(Poly(((x - 5.5 * s, y - 1), (x - 4.5 * s, y - 8 * s), (x - 1 * s, y - 6.5 * s),
                       (x + 1 * s, y - 6.5 * s), (x + 4.5 * s, y - 8 * s), (x + 5.5 * s, y - 1)), col, None, 0, layer))
        self.rect(x - 5.4 * s, y - 3.4 * s, 10.8 * s, 1.6 * s, self.c["accent"], None, 0, 0, layer)

    def lock(self, x, y, s=1.0, layer="pieces", dark=False):
        """A padlock glyph, body top-left at (x, y)."""
        col = "#1d1b19" if dark else self.c["ink"]
        pts = []
        for k in range(9):
            a = math.pi * k / 8
            pts.append((x + 4 * s + 2.6 * s * math.cos(a), y - 0.2 * s - 3.2 * s * math.sin(a)))
        self.line([(x + 1.4 * s, y + 0.5)] + pts + [(x + 6.6 * s, y + 0.5)], col, 1.4 * s, layer)
        self.rect(x, y, 8 * s, 6.5 * s, col if dark else self.c["accent"], col, 0.8, 1, layer)
        self.add(Circle(x + 4 * s, y + 3 * s, 1.1 * s, "#ffffff" if dark else col, None, 0, layer))

    def watch(self, x, y, r, layer="hud"):
        c = self.c
        self.rect(x - r * 0.28, y - r - r * 0.42, r * 0.56, r * 0.42, "#c9a227", c["ink"], 0.8, 1, layer)
        self.add(Circle(x, y, r, "#fff8e1", "#9c7c17", 2.0, layer))
        self.line([(x, y), (x, y - r * 0.7)], "#222", 1.4, layer)
        self.line([(x, y), (x + r * 0.5, y + r * 0.1)], "#222", 1.4, layer)
        self.add(Circle(x, y, 1.2, "#222", None, 0, layer))

    def hatch(self, x, y, w, h, colour, step=6.0, width=1.0, layer="pieces"):
        t = -h
        while t < w:
            lo, hi = max(0.0, -t), min(h, w - t)
            if lo < hi:
                self.line([(x + t + lo, y + h - lo), (x + t + hi, y + h - hi)], colour, width, layer)
            t += step

    def signal(self, x, y, layer="table"):
        """A Control Point signal: a mast with a green target."""
        c = self.c
        self.line([(x, y), (x, y - 16)], c["ink"], 1.4, layer)
        self.add(Circle(x, y - 18, 4.2, c["cp"], c["ink"], 1.0, layer))
        self.line([(x - 4, y), (x + 4, y)], c["ink"], 1.6, layer)

    # ------------------------------------------------------------------ rail on a card
    def rail(self, geo, x, y, w, h, width, gap_colour, faded=False, layer="table"):
        paths = rail_paths(geo, x, y, w, h)
        col = self.c["rail"] if not faded else self.c["faint"]
        for p in paths:
            self.line(p, col, width, layer)
        if not faded and width >= 2.5:
            for p in paths:
                self.line(p, gap_colour, width * 0.38, layer)
        b = spur_bumper(geo, x, y, w, h)
        if b:
            self.line(b, col, width * 1.1, layer)

    def wheel(self, x, y, r, layer="table"):
        """The Operational Rail mark: a small wheel (trains may stop here)."""
        c = self.c
        self.add(Circle(x, y, r, None, c["wheel"], 1.0, layer))
        self.add(Circle(x, y, r * 0.3, c["wheel"], None, 0, layer))
        self.line([(x - r, y), (x + r, y)], c["wheel"], 0.6, layer)
        self.line([(x, y - r), (x, y + r)], c["wheel"], 0.6, layer)

    # ------------------------------------------------------------------ build
    def build(self) -> Scene:
        c = self.c
        y = self.header(0)
        y = self.division(y + 10)
        y = self.areas(y + 12)
        y = self.status(y + 12)
        y = self.cards(y + 12)
        self.sc.height = y + MARGIN
        self.sc.shapes.insert(0, Rect(0, 0, self.W, self.sc.height, c["bg"], None, 0, 0, "table"))
        return self.sc

    # ------------------------------------------------------------------ header and prompt
    def header(self, y0):
        s, c = self.s, self.c
        W = self.W
        self.rect(0, y0, W, 40, c["panel"], c["panel_stroke"], 1, 0, "hud")
        self.text(MARGIN, y0 + 26, "STATION MASTER", 17, c["accent"], "start", True, "hud")
        cfg = s.config
        phase = dict(PHASE_NAMES).get(s.phase, s.phase)
        when = f"Day {s.day} of {cfg.days}  ·  Stage {s.stage} ({CLOCK[s.stage - 1]})  ·  {phase}"
        self.text(MARGIN + 176, y0 + 26, when, 14, c["ink"], "start", True, "hud")
        tgt = f"target {cfg.target}" if cfg.victory == "first_to_target" else f"target {cfg.target}" \
            if cfg.mode != "competitive" else f"floor {cfg.revenue_floor}"
        self.text(W - MARGIN, y0 + 26, f"{cfg.mode.title()} · {cfg.length} · {tgt}", 12, c["muted"], "end", False,
                  "hud")
        # the prompt
        py = y0 + 40
        self.rect(0, py, W, 30, c["prompt_bg"], c["panel_stroke"], 1, 0, "hud")
        self.rect(0, py, 6, 30, c["prompt_bar"], None, 0, 0, "hud")
        main, detail = prompt(s)
        self.text(MARGIN, py + 20, main, 14, c["ink"], "start", True, "hud")
        if detail:
            self.text(MARGIN + text_width(main, 14, True) + 14, py + 20, detail, 12, c["muted"], "start", False, "hud")
        return py + 30

    # ------------------------------------------------------------------ the Division chain
    def division(self, y0):
        s, c = self.s, self.c
        n = self.n
        W = self.W
        gap = 6
        dpw, ow = 88, 104 if n <= 3 else 96
        avail = W - 2 * MARGIN - 2 * dpw - n * ow - (2 * n + 2) * gap
        mw = min(260.0, avail / (n + 1))
        total = 2 * dpw + n * ow + (n + 1) * mw + (2 * n + 2) * gap
        x = (W - total) / 2
        at_dp = {side: sorted((t for t in s.trains.values() if t.where == "division_point" and t.pos == side),
                              key=lambda t: t.rank) for side in ("west", "east")}
        stack = max(1, len(at_dp["west"]), len(at_dp["east"]))
        top = y0 + 18
        track_y = top + 50
        h = 84 + (stack - 1) * 28
        self.text(MARGIN, y0 + 10, "THE DIVISION", 10, c["muted"], "start", True, "table")
        self.text(W - MARGIN, y0 + 10, "west  ◂  ▸  east", 10, c["muted"], "end", False, "table")
        # the mainline through everything
        self.line([(x + 4, track_y), (x + total - 4, track_y)], c["rail"], 3.0, "table")
        bounds = []  # x of Subdivision boundaries
        pw, ph, ew = 11.0, 9.0, 17.0
        elems = [("dp", "west")]
        for i in range(n + 1):
            elems.append(("ml", i))
            if i < n:
                elems.append(("office", i))
        elems.append(("dp", "east"))
        for kind, key in elems:
            if kind == "dp":
                self.rect(x, top, dpw, h, c["panel"], c["mainline_stroke"], 1.4, 6, "table")
                self.text(x + dpw / 2, top + 13, f"{key.upper()}ERN", 9, c["muted"], "middle", True, "table")
                self.text(x + dpw / 2, top + 24, "Division Point", 9, c["muted"], "middle", False, "table")
                self.line([(x + 4, track_y), (x + dpw - 4, track_y)], c["rail"], 3.0, "table")
                bounds.append(x + dpw / 2)
                for k, t in enumerate(at_dp[key]):
                    items_w = self.run_width([("train", t)], pw, ew, 1.5)
                    tx = x + (dpw - items_w) / 2
                    self.train_here(t, tx, track_y + k * 28, pw, ph, ew, 1.5, label=True, label_w=dpw - 8,
                                    label_x=x + 4)
                x += dpw + gap
            elif kind == "ml":
                i = key
                self.rect(x, top, mw, h, c["mainline"], c["mainline_stroke"], 1.2, 4, "table")
                self.text(x + mw / 2, top + 13, fit(s.mainline[i], mw - 8, 10, True), 10, c["ink"], "middle", True,
                          "table")
                self.line([(x + mw / 2, top + 20), (x + mw / 2, top + h - 6)], c["mainline_stroke"], 1.0, "table",
                          (3, 3))
                for r in (0, 1):
                    rx = x + r * mw / 2
                    self.text(rx + mw / 4, top + h - 8, "west region" if r == 0 else "east region", 8, c["muted"],
                              "middle", False, "table")
                    t = next((t for t in s.trains.values() if t.where == "mainline" and tuple(t.pos) == (i, r)), None)
                    if t is not None:
                        items_w = self.run_width([("train", t)], pw, ew, 1.5)
                        scale = min(1.0, (mw / 2 - 8) / max(items_w, 1))
                        tx = rx + (mw / 2 - items_w * scale) / 2
                        self.train_here(t, tx, track_y, pw * scale, ph, ew * scale, 1.5 * scale, label=True,
                                        label_w=mw / 2 - 8, label_x=min(tx + 1, rx + 4))
                x += mw + gap
            else:
                self.office_box(key, x, top - 8, ow, h + 16, track_y)
                if spec_of(s, s.areas[key].office.card).tier >= 1:
                    bounds.append(x + ow / 2)
                x += ow + gap
        # Subdivisions
        sy = top + h + 14
        bounds.sort()
        for k, (a, b) in enumerate(zip(bounds, bounds[1:])):
            self.line([(a + 3, sy), (b - 3, sy)], c["sub"], 1.2, "table")
            self.line([(a + 3, sy - 4), (a + 3, sy + 4)], c["sub"], 1.2, "table")
            self.line([(b - 3, sy - 4), (b - 3, sy + 4)], c["sub"], 1.2, "table")
            label = f"Subdivision {k + 1}"
            tw = text_width(label, 9) + 8
            self.rect((a + b) / 2 - tw / 2, sy - 7, tw, 13, c["bg"], None, 0, 0, "table")
            self.text((a + b) / 2, sy + 3, label, 9, c["sub"], "middle", False, "table")
        return sy + 10

    def office_box(self, seat, x, y, w, h, track_y):
        s, c = self.s, self.c
        area = s.areas[seat]
        p = player_at(s, seat)
        sp = spec_of(s, area.office.card)
        tier_col = TIER_COLOURS.get(sp.tier, "#888")
        self.rect(x, y, w, h, c["panel"], tier_col, 2.0, 6, "table")
        self.rect(x, y, w, 17, tier_col, None, 0, 6, "table")
        self.rect(x, y + 10, w, 7, tier_col, None, 0, 0, "table")
        self.text(x + w / 2, y + 12.5, sp.name.upper(), 9, "#ffffff", "middle", True, "table")
        pc = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        self.add(Circle(x + 9, y + 28, 4, pc, None, 0, "table"))
        self.text(x + 16, y + 32, fit(self.name(p), w - 20, 11, True), 11, c["ink"], "start", True, "table")
        if sp.tier >= 1:
            self.signal(x + w - 8, track_y - 6)
            self.text(x + w - 16, y + 44, "CP", 8, c["cp"], "end", True, "table")
        self.line([(x + 4, track_y), (x + w - 4, track_y)], c["rail"], 3.0, "table")
        # A/D tracks and who holds them
        at_office = sorted((t for t in s.trains.values() if t.where == "area" and t.seat == seat and t.pos == (0, 0)),
                           key=lambda t: t.tray)
        n = sp.ad_tracks
        cw = min(20.0, (w - 10) / n - 2)
        ax = x + (w - n * (cw + 2) + 2) / 2
        ay = track_y + 8
        self.text(x + 5, ay + 25, "A/D tracks", 7.5, c["muted"], "start", False, "table")
        for k in range(n):
            bx = ax + k * (cw + 2)
            if k < len(at_office):
                t = at_office[k]
                fill = c["extra_engine"] if t.extra else c["engine"]
                self.rect(bx, ay, cw, 14, fill, c["car_stroke"], 0.8, 2, "pieces")
                ink = c["engine_text"] if not t.extra else ("#ffffff" if _dark(fill) else "#1a1a1a")
                self.text(bx + cw / 2, ay + 10.5, t.label, 9 if len(t.label) < 3 else 7.5, ink, "middle", True,
                          "pieces")
                self.hit(bx, ay, cw, 14, ("tray", t.tray), self.tray_tip(t))
            else:
                self.rect(bx, ay, cw, 14, None, c["faint"], 1.0, 2, "table", (2, 2))
        others = len([t for t in s.trains.values() if t.where == "area" and t.seat == seat]) - len(at_office)
        if others:
            self.text(x + w - 5, ay + 25, f"+{others} off A/D", 7.5, c["ink"], "end", True, "pieces")

    # ------------------------------------------------------------------ the Office Areas
    def area_extent(self, seat):
        area = self.s.areas[seat]
        ys = [y for (_, y) in area.grid] + [0]
        return area.west_limit, area.east_limit, min(ys) - 1, max(ys) + 1

    def facility_list(self, seat):
        s = self.s
        area = s.areas[seat]
        out = []
        if (0, 0) in area.facilities and spec_of(s, area.office.card).tier >= 1:
            out.append((0, 0))
        out += sorted((xy for xy in area.facilities if xy != (0, 0)), key=lambda xy: (-xy[1], xy[0]))
        return out

    def areas(self, y0):
        s, c = self.s, self.c
        n = self.n
        W = self.W
        seats = list(range(n))
        ext = [self.area_extent(k) for k in seats]
        cols = [e[1] - e[0] + 1 for e in ext]
        rows = [e[3] - e[2] + 1 for e in ext]
        facs = [self.facility_list(k) for k in seats]
        gap, pad = 10, 6
        min_w = 230 if n > 1 else 400
        fac_w = 330
        top_cell = {1: 88.0, 2: 84.0}.get(n, 72.0)
        top_cell = min(top_cell, 430 / 0.7 / max(rows))  # keep tall Areas on screen

        def widths(cw, group):
            out = []
            for k in group:
                gw = cols[k] * cw + 2 * pad + 12
                if n == 1:
                    gw += fac_w + pad
                out.append(max(min_w, gw))
            return out

        avail = W - 2 * MARGIN
        groups = [seats]
        cw = top_cell
        for split in range(1, n + 1):
            size = -(-n // split)
            groups = [seats[i:i + size] for i in range(0, n, size)]
            cw = top_cell
            while cw > 30 and any(sum(widths(cw, g)) + gap * (len(g) - 1) > avail for g in groups):
                cw -= 1
            if cw >= 44 or size == 1:
                break
        self.cw, self.ch = cw, round(cw * 0.7)
        ch = self.ch
        y = y0
        self.text(MARGIN, y + 10, "OFFICE AREAS  (west to east)", 10, c["muted"], "start", True, "table")
        y += 16
        for g in groups:
            ws = widths(cw, g)
            spare = avail - sum(ws) - gap * (len(g) - 1)
            ws = [w + spare / len(g) for w in ws]
            x = MARGIN
            top = max(ext[k][3] for k in g)  # the highest row of the group: Running Tracks line up
            bottom = min(ext[k][2] for k in g)
            grid_h = (top - bottom + 1) * ch
            tr = [len([t for t in s.trains.values() if t.where == "area" and t.seat == k]) for k in g]
            # room for at least two Crew Trays, so the board does not jump as trains come and go
            lists = [len(facs[k]) * 42 + max(2, tr[i]) * 22 + 4 for i, k in enumerate(g)]
            fac_h = 0 if n == 1 else max(lists)
            side = 0 if n > 1 else lists[0]
            h = 34 + max(grid_h, side) + (fac_h + 8 if fac_h else 6)
            for k, w in zip(g, ws):
                self.area_panel(k, x, y, w, h, ext[k], facs[k], pad, top, grid_h)
                x += w + gap
            y += h + gap
        return y - gap

    def area_panel(self, seat, x, y, w, h, ext, facs, pad, top, grid_h):
        s, c = self.s, self.c
        area = s.areas[seat]
        p = player_at(s, seat)
        pc = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        sp = spec_of(s, area.office.card)
        self.rect(x, y, w, h, c["panel"], c["panel_stroke"], 1.0, 8, "table")
        self.rect(x, y, w, 28, mix(c["panel"], pc, 0.12), None, 0, 8, "table")
        self.rect(x, y + 20, w, 8, mix(c["panel"], pc, 0.12), None, 0, 0, "table")
        self.rect(x, y, 6, h, pc, None, 0, 3, "table")
        # header: name, Fedora, Office, Revenue
        name = self.name(p)
        self.text(x + 14, y + 19, fit(name, w * 0.4, 14, True), 14, c["ink"], "start", True, "table")
        hx = x + 14 + text_width(fit(name, w * 0.4, 14, True), 14, True) + 12
        if p == s.superintendent:
            self.fedora(hx + 10, y + 17, 0.9, "hud")
            hx += 24
        info = f"{sp.name} · {sp.ad_tracks} A/D" + (" · CP" if sp.tier else "")
        self.text(hx, y + 19, fit(info, x + w - hx - 56, 11), 11, c["muted"], "start", False, "table")
        rev = s.players[p].revenue
        self.text(x + w - 10, y + 20, money(rev), 15, c["ink"] if rev >= 0 else c["red"], "end", True, "hud")
        if p == self.who:
            self.rect(x - 1, y - 1, w + 2, h + 2, None, c["prompt_bar"], 2.5, 9, "hud")
        wl, el, ymin, ymax = ext
        cw, ch = self.cw, self.ch
        gw = (el - wl + 1) * cw
        side_list = len(s.players) == 1  # solitaire: trays and facilities beside the grid
        if side_list:  # grid and list side by side, centred
            list_w = min(460.0, w - gw - 60)
            gx = x + max(pad + 14, (w - gw - 28 - list_w) / 2)
        else:
            gx = x + (w - gw) / 2
        gy = y + 34 + (top - ymax) * ch
        rail_w = max(2.2, cw / 15)
        # beyond the Limits the rail runs on to the Mainline
        ty = gy + ymax * ch + ch / 2
        self.line([(x + 7, ty), (gx, ty)], c["rail"], rail_w, "table", (7, 4))
        east_end = x + w - 2 if not side_list else gx + gw + 18
        self.line([(gx + gw, ty), (east_end, ty)], c["rail"], rail_w, "table", (7, 4))
        # the Running Track band
        self.rect(gx - 2, ty - ch / 2 - 2, gw + 4, ch + 4, c["running"], None, 0, 5, "table")
        for yy in range(ymax, ymin - 1, -1):
            for xx in range(wl, el + 1):
                rx = gx + (xx - wl) * cw
                ry = gy + (ymax - yy) * ch
                self.sc.spot_rects[(seat, xx, yy)] = (rx, ry, cw, ch)
                self.hit(rx, ry, cw, ch, ("spot", seat, xx, yy), f"{name}'s Area, spot {xx},{yy}")
                placed = area.grid.get((xx, yy))
                if placed is not None:
                    self.card_on_grid(seat, (xx, yy), placed, rx, ry, cw, ch, rail_w)
                elif yy == 0 and xx in (wl, el):
                    self.limit_sign(rx, ry, cw, ch, rail_w, "west" if xx == wl else "east")
                elif yy != 0 and wl < xx < el:
                    self.rect(rx + 4, ry + 4, cw - 8, ch - 8, None, c["spot"], 1.0, 5, "table", (2, 3))
        # pieces on the grid
        self.area_pieces(seat, area, gx, gy, ymax)
        # facilities
        if side_list:
            fx, fy = gx + gw + 28, y + 36
            fw = min(list_w, x + w - fx - 12)
        else:
            fx, fy, fw = x + 14, y + 34 + grid_h + 6, w - 24
        fy = self.tray_rows(seat, fx, fy, fw)
        fy = max(fy, (y + 36 if side_list else y + 34 + grid_h + 6) + 2 * 22 + 4)
        for xy in facs:
            self.facility_row(seat, area, xy, fx, fy, fw)
            fy += 42

    def tray_rows(self, seat, x, y, w):
        """The Crew Trays in an Area, drawn large with their number, class and where they stand."""
        s, c = self.s, self.c
        trains = sorted((t for t in s.trains.values() if t.where == "area" and t.seat == seat), key=lambda t: t.tray)
        for t in trains:
            sp = spec_of(s, t.card)
            items = [("train", t)]
            pw, ph, ew, gap = 14.0, 10.0, 22.0, 1.5
            need = self.run_width(items, pw, ew, gap)
            rects, _ = self.draw_run(items, x + 3, y + 12, pw, ph, ew, gap)
            r = rects[t.tray]
            self.hit(*r, ("tray", t.tray), self.tray_tip(t))
            where = "on an A/D track" if tuple(t.pos) == (0, 0) else f"at {t.pos[0]},{t.pos[1]}"
            label = f"{t.label} {sp.train_class}"
            lx = x + need + 14
            self.text(lx, y + 15.5, fit(label, w * 0.5, 10, True), 10, c["ink"], "start", True, "pieces")
            tx = lx + text_width(fit(label, w * 0.5, 10, True), 10, True) + 6
            self.text(tx, y + 15.5, fit(f"{t.direction}bound · {where}", x + w - tx, 9), 9, c["muted"], "start", False,
                      "pieces")
            y += 22
        if not trains:
            self.text(x + 2, y + 15, "No Crew Tray in this Area", 9, c["muted"], "start", False, "pieces")
            y += 22
        return y + 4

    def limit_sign(self, x, y, w, h, rail_w, side):
        c = self.c
        cy = y + h / 2
        self.line([(x, cy), (x + w, cy)], c["rail"], rail_w, "table")
        bw, bh = min(w * 0.78, 46), max(8.0, min(h * 0.3, 14))
        px = x + w / 2
        self.line([(px, cy - rail_w), (px, y + 4 + bh)], c["ink"], 1.4, "table")
        self.rect(px - bw / 2, y + 4, bw, bh, c["sign"], c["ink"], 1.1, 1.5, "table")
        self.text(px, y + 4 + bh * 0.74, "LIMITS", min(bh * 0.66, bw / 4.2), c["sign_text"], "middle", True, "table")
        self.text(px, y + h - 4, "◂ Mainline" if side == "west" else "Mainline ▸", min(8.0, w / 8), c["muted"],
                  "middle", False, "table")

    def card_on_grid(self, seat, xy, placed, x, y, w, h, rail_w):
        s, c = self.s, self.c
        sp = spec_of(s, placed.card)
        area = s.areas[seat]
        inset = 1.5
        band = KIND_COLOURS.get(sp.kind, "#777")
        if sp.kind == "office":
            band = TIER_COLOURS.get(sp.tier, band)
        face = c["card"] if sp.kind != "office" else mix(c["card"], band, 0.16)
        self.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, face, c["card_stroke"], 1.0, 4, "table")
        label_size = max(6.0, min(9.5, w / 8.2))
        short = GRID_NAMES.get(sp.key, sp.name)
        if sp.kind == "modifier":
            self.rect(x + inset + 1, y + inset + 1, w - 2 * inset - 2, h - 2 * inset - 2, mix(c["card"], band, 0.1),
                      band, 1.6, 4, "table")
            lines = wrap(short, w - 10, label_size, 2)
            adds = dict(sp.adds)
            tag = ("+1 worker" if "worker" in adds else "+1 G +1 R" if len(adds) == 2 else
                   "+1 green" if "green" in adds else "+1 red" if "red" in adds else "+1 box")
            lines.append(tag)
            for i, ln in enumerate(lines):
                last = i == len(lines) - 1
                self.text(x + w / 2, y + h / 2 + (i - (len(lines) - 1) / 2) * label_size * 1.2 + label_size * 0.35,
                          ln, label_size * (0.9 if last else 1), c["muted"] if last else
                          (band if not _dark(c["card"]) else mix(band, "#ffffff", 0.45)), "middle", not last, "table")
            m = area.modifiers.get(xy)
            if m is not None and m.serves:  # a pointer toward the facility it serves
                dx, dy = m.serves[0] - xy[0], xy[1] - m.serves[1]
                ax, ay = x + w / 2 + dx * (w / 2 - 3), y + h / 2 + dy * (h / 2 - 3)
                ux, uy = dx / max(1, abs(dx) + abs(dy)) ** 0.5, dy / max(1, abs(dx) + abs(dy)) ** 0.5
                k = 6
                self.add(Poly(((ax, ay), (ax - ux * k - uy * k * 0.7, ay - uy * k + ux * k * 0.7),
                               (ax - ux * k + uy * k * 0.7, ay - uy * k - ux * k * 0.7)), band, None, 0, "table"))
            return
        geo = sp.geometry.rotated() if placed.rotated else sp.geometry
        locked = False
        fac = area.facilities.get(xy) if sp.kind == "facility" else None
        if fac is not None:
            locked = fac.locked
        if sp.kind == "facility":
            self.rect(x + inset, y + inset, w - 2 * inset, label_size + 4, band, None, 0, 4, "table")
            label = fit(short, w - (26 if locked else 6), label_size, True)
            self.text(x + w / 2 - (6 if locked else 0), y + inset + label_size + 1, label, label_size,
                      "#ffffff", "middle", True, "table")
        self.rail(geo, x, y, w, h, rail_w, face, faded=locked)
        if sp.kind == "office":
            # the tier initial in the free corner left of the stubs, and one pip per A/D track
            bs = label_size * 0.95
            short = {"whistle_post": "WP"}.get(sp.key, sp.name[0])
            tw = text_width(short, bs, True) + 5
            self.rect(x + 3, y + 3, tw, bs + 3, band, None, 0, 2, "table")
            self.text(x + 3 + tw / 2, y + 3 + bs + 0.2, short, bs, "#ffffff", "middle", True, "table")
            held = len([t for t in s.trains.values() if t.where == "area" and t.seat == seat and tuple(t.pos) == xy])
            pip = max(3.0, min(5.0, w / 16))
            for k in range(sp.ad_tracks):
                px = x + w - 4 - (2 - k % 2) * (pip + 1.2)
                py = y + 4 + (k // 2) * (pip + 1.2)
                full = k < held
                self.rect(px, py, pip, pip, c["engine"] if full else face, c["ink"], 0.7, 0.6,
                          "pieces" if full else "table")
        if locked:
            top = y + label_size + 6
            self.hatch(x + inset + 1, top, w - 2 * inset - 2, y + h - inset - 1 - top, c["hatch"], 5, 0.8, "table")
            self.lock(x + w - 11, y + inset + 3.5, min(1.0, label_size / 9), "pieces", dark=True)
        if placed.rotated:
            self.text(x + w - 4, y + h - 4, "↻", label_size * 1.1, c["muted"], "end", False, "table")
        r = max(2.6, min(w, h) * 0.075)
        if sp.operational and sp.kind != "red_flag" and not locked:
            self.wheel(x + r + 4, y + h - r - 4, r)
        if sp.kind == "facility" and w >= 44:
            g, rd = capacity(s, area, xy)
            pip = max(3.5, w / 17)
            bx = x + 2 * r + 10
            by = y + h - pip - 4
            for i in range(g):
                full = fac is not None and i < len(fac.green)
                self.rect(bx, by, pip, pip, c["green"] if full else c["box_bg"], c["green"], 0.8, 0.5, "pieces")
                bx += pip + 1.5
            bx += 2
            for i in range(rd):
                full = fac is not None and i < len(fac.red)
                self.rect(bx, by, pip, pip, c["red"] if full else c["box_bg"], c["red"], 0.8, 0.5, "pieces")
                bx += pip + 1.5

    def area_pieces(self, seat, area, gx, gy, ymax):
        s = self.s
        cw, ch = self.cw, self.ch
        wl = area.west_limit
        trains = {}
        for t in sorted(s.trains.values(), key=lambda t: t.tray):
            if t.where == "area" and t.seat == seat:
                trains.setdefault(tuple(t.pos), []).append(t)
        spots = set(trains) | {xy for xy, pl in area.grid.items() if pl.cars}
        pw0, ph0 = cw * 0.15, max(6.0, ch * 0.24)
        for xy in sorted(spots):
            rx = gx + (xy[0] - wl) * cw
            ry = gy + (ymax - xy[1]) * ch
            placed = area.grid.get(xy)
            cars = placed.cars if placed else []
            here = trains.get(xy, [])
            if len(here) <= 1:
                items = []
                t = here[0] if here else None
                split = t.split if t else len(cars)
                items += [("car", p) for p in cars[:split]]
                if t:
                    items.append(("train", t))
                items += [("car", p) for p in cars[split:]]
                rows = [items]
            else:  # trains on the Office's A/D tracks, one above the other
                rows = [[("train", t)] for t in here]
                if cars:
                    rows.append([("car", p) for p in cars])
            if cars and xy in area.facilities and xy != (0, 0):  # below the trays: a tray click wins
                r = (rx + 2, ry + ch * 0.28, cw - 4, ch * 0.44)
                self.sc.box_rects[(seat, xy[0], xy[1], "car")] = r
                self.hit(*r, ("box", seat, xy[0], xy[1], "car"), "cars spotted at the industry")
            k = len(rows)
            band_top, band_h = ch * 0.3, ch * 0.68  # below the Office's tier badge
            ph = ph0 if k == 1 else max(4.5, min(ph0, band_h / k / 2.0))
            pw = pw0 if k == 1 else min(pw0, ph * 1.5)
            for i, items in enumerate(rows):
                ew, gap = max(pw * 1.5, ph * 1.9), max(0.8, pw * 0.1)
                need = self.run_width(items, pw, ew, gap)
                f = min(1.0, (cw - 8) / max(need, 1))
                if k == 1:
                    cy = ry + ch / 2
                else:
                    cy = ry + band_top + ph * 0.45 + (i + 0.5) * (band_h - ph * 0.45) / k
                x0 = rx + (cw - need * f) / 2
                rects, _ = self.draw_run(items, x0, cy, pw * f, ph, ew * f, gap * f, tray_pad=1.5)
                for tray, r in rects.items():
                    self.sc.tray_rects[tray] = r
                    self.hit(*r, ("tray", tray), self.tray_tip(s.trains[tray]))

    def facility_row(self, seat, area, xy, x, y, w):
        s, c = self.s, self.c
        fac = area.facilities[xy]
        if xy == (0, 0):
            sp = spec_of(s, area.office.card)
            title, where = sp.name, "passengers"
            workers = "Porters"
            band = TIER_COLOURS.get(sp.tier, "#777")
        else:
            sp = spec_of(s, area.grid[xy].card)
            title, where = sp.name, f"at {xy[0]},{xy[1]} · {sp.car}s"
            workers = "Laborers"
            band = KIND_COLOURS["facility"]
        g, r = capacity(s, area, xy)
        left = workers_left(s, area, xy)
        self.rect(x, y, w, 37, mix(c["panel"], band, 0.06), mix(c["panel_stroke"], band, 0.25), 0.8, 4, "table")
        self.rect(x, y, 3, 37, band, None, 0, 1, "table")
        title = fit(title, w - text_width(f"{workers} free: 0", 9) - 22 - (46 if fac.locked else 0), 10, True)
        self.text(x + 8, y + 12, title, 10, c["ink"], "start", True, "table")
        tx = x + 8 + text_width(title, 10, True) + 5
        right = f"{workers} free: {left}"
        rw = text_width(right, 9) + 8
        tx += 2
        room = x + w - rw - tx - (46 if fac.locked else 0)
        for cand in (where, where.split(" · ")[0], ""):
            if text_width(cand, 9) <= room:
                break
        self.text(tx, y + 12, cand, 9, c["muted"], "start", False, "table")
        self.text(x + w - 6, y + 12, right, 9, c["muted"], "end", False, "hud")
        if fac.locked:
            lx = x + w - rw - 44
            self.lock(lx, y + 4, 0.95, "pieces")
            self.text(lx + 10, y + 11.5, "locked", 8.5, c["accent"], "start", True, "pieces")
        bs = 15.0
        bx, by = x + 8, y + 17
        for kind, n, col, contents in (("green", g, c["green"], fac.green), ("red", r, c["red"], fac.red)):
            x_start = bx
            for i in range(n):
                self.rect(bx, by, bs, bs, c["box_bg"], col, 1.6, 2, "table")
                if i < len(contents):
                    self.car(contents[i], bx + 2.5, by + 5.5, bs - 5, bs - 8, "pieces")
                bx += bs + 2
            if n:
                rr = (x_start, by, n * (bs + 2) - 2, bs)
                self.sc.box_rects[(seat, xy[0], xy[1], kind)] = rr
                self.hit(*rr, ("box", seat, xy[0], xy[1], kind), f"{kind} boxes: {len(contents)} of {n} full")
                bx += 7
        if xy == (0, 0):
            return
        room = x + w - 6 - (bx + 2)
        bw = max(20.0, min(42.0, room / 3 - 2))
        bx = max(bx + 2, x + w - 3 * (bw + 2) - 4)
        for b in PIPELINE:
            v = fac.pipeline.get(b)
            self.rect(bx, by, bw, bs, c["box_bg"], c["muted"], 1.0, 2, "table")
            self.text(bx + 3, by + 10.5, b.upper() if bw >= 36 else b[0].upper(), 7, c["muted"], "start", True, "table")
            if v is not None:
                pid, way = v
                self.car(pid, bx + bw - 17, by + 5.5, 11, 7, "pieces")
                ax = bx + bw - 1.5
                col = c["green"] if way == "out" else c["red"]
                if way == "out":
                    self.add(Poly(((ax - 3, by + 3), (ax, by + 5.5), (ax - 3, by + 8)), col, None, 0, "pieces"))
                else:
                    self.add(Poly(((ax, by + 3), (ax - 3, by + 5.5), (ax, by + 8)), col, None, 0, "pieces"))
            rr = (bx, by, bw, bs)
            self.sc.box_rects[(seat, xy[0], xy[1], b)] = rr
            self.hit(*rr, ("box", seat, xy[0], xy[1], b), f"{b.upper()}: {PIECES[v[0]] if v else 'empty'}")
            bx += bw + 2


    # ------------------------------------------------------------------ turn chart, Revenue, yards
    def status(self, y0):
        s, c = self.s, self.c
        W = self.W
        h = 150
        self.rect(MARGIN, y0, W - 2 * MARGIN, h, c["panel"], c["panel_stroke"], 1, 8, "hud")
        # turn chart
        x0, cy0 = MARGIN + 12, y0 + 22
        self.text(x0, y0 + 15, "TURN CHART", 10, c["muted"], "start", True, "hud")
        cwid, chh = 44, 62
        for k in range(1, 13):
            x = x0 + (k - 1) * cwid
            col = sky_colour(k)
            ink = "#ffffff" if _dark(col) else "#1d1d1d"
            self.rect(x, cy0, cwid - 2, chh, col, None, 0, 3, "hud")
            self.text(x + (cwid - 2) / 2, cy0 + 12, CLOCK_SHORT[k - 1], 9, ink, "middle", True, "hud")
            card = s.timetable.get(k)
            bx, by, bw, bh = x + 7, cy0 + 18, cwid - 16, 22
            if card is not None:
                sp = spec_of(s, card)
                self.rect(bx, by, bw, bh, "#ffffff", "#1d1d1d", 1.2, 2, "hud")
                self.text(bx + bw / 2, by + 16, str(sp.number), 14, "#1d1d1d", "middle", True, "hud")
                # direction tick on the board
                if sp.direction == "east":
                    tick = ((bx + bw - 4, by + bh - 6), (bx + bw - 1, by + bh - 3.5), (bx + bw - 4, by + bh - 1))
                    self.add(Poly(tick, "#1d1d1d", None, 0, "hud"))
                else:
                    self.add(Poly(((bx + 4, by + bh - 6), (bx + 1, by + bh - 3.5), (bx + 4, by + bh - 1)),
                                  "#1d1d1d", None, 0, "hud"))
            else:
                self.rect(bx, by, bw, bh, None, ink, 0.8, 2, "hud", (2, 2))
            self.text(x + (cwid - 2) / 2, cy0 + chh - 6, str(k), 9, ink, "middle", False, "hud")
            if k in FEDORA_STAGES:
                self.fedora(x + cwid - 10, cy0 + chh - 8, 0.45, "hud", ink)
        # the Pocket Watch at the current Stage
        cx = x0 + (s.stage - 1) * cwid + (cwid - 2) / 2
        self.rect(cx - (cwid - 2) / 2 - 2, cy0 - 2, cwid + 2, chh + 4, None, c["prompt_bar"], 2.5, 4, "hud")
        self.watch(cx, cy0 + chh + 14, 8)
        # phase track
        px, py = x0 + 12 * cwid + 16, cy0
        self.text(px, y0 + 15, "PHASE", 10, c["muted"], "start", True, "hud")
        for i, (key, label) in enumerate(PHASE_NAMES):
            on = key == s.phase
            yy = py + i * 18
            self.rect(px, yy, 92, 15, c["prompt_bar"] if on else None, c["faint"] if not on else None, 1, 7, "hud")
            self.text(px + 46, yy + 11, label, 9.5, "#1d1d1d" if on else c["muted"], "middle", on, "hud")
        # held trains and Extras
        iy = cy0 + chh + 38
        held = ", ".join(str(spec_of(s, cid).number) for cid in s.held) or "none"
        ex = ", ".join(f"X{spec_of(s, e[0]).number} ({self.name(e[1])}"
                       f"{', ' + e[2] if len(e) > 2 and e[2] else ''})" for e in s.extras) or "none"
        self.text(x0 + 28, iy + 4, fit(f"Held trains: {held}    Extras waiting: {ex}", 12 * cwid - 30, 10), 10,
                  c["ink"], "start", False, "hud")
        # Revenue
        rx = px + 110
        self.text(rx, y0 + 15, "REVENUE", 10, c["muted"], "start", True, "hud")
        cfg = s.config
        if cfg.mode != "competitive" or cfg.victory == "first_to_target":
            goal_text = f"target {cfg.target}" + (" (pooled)" if cfg.mode == "coop" else "")
        else:
            goal_text = f"table floor {cfg.revenue_floor}"
        self.text(px + 110 + 250 - 4, y0 + 15, goal_text, 9, c["muted"], "end", False, "hud")
        goal = max(cfg.target, max((p.revenue for p in s.players), default=0), 1)
        rw = 250
        ps = list(range(len(s.players)))
        ps.sort(key=lambda i: s.players[i].seat)
        rowh = min(17, 92 / max(1, len(ps)))
        for j, i in enumerate(ps):
            p = s.players[i]
            yy = cy0 + j * rowh
            col = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
            if i == s.superintendent:
                self.fedora(rx + 8, yy + rowh * 0.62, 0.62, "hud")
            self.text(rx + 20, yy + rowh * 0.72, fit(p.name, 70, 10.5, i == self.who), 10.5, c["ink"], "start",
                      i == self.who, "hud")
            bx = rx + 94
            bw = rw - 130
            self.rect(bx, yy + 3, bw, rowh - 6, None, c["faint"], 0.8, 2, "hud")
            frac = max(0.0, min(1.0, p.revenue / goal))
            if frac > 0:
                self.rect(bx, yy + 3, bw * frac, rowh - 6, col, None, 0, 2, "hud")
            self.text(bx + bw + 6, yy + rowh * 0.72, str(p.revenue), 10.5, c["ink"] if p.revenue >= 0 else c["red"],
                      "start", True, "hud")
            if i == self.who:
                mid = yy + rowh / 2
                self.add(Poly(((rx + rw - 6, mid), (rx + rw, mid - 4), (rx + rw, mid + 4)), c["prompt_bar"], None, 0,
                              "hud"))
        ty = cy0 + 98
        mark = "collision floor: 3" if cfg.mode == "competitive" else ""
        self.text(rx, ty + 10, "Collisions today:", 10, c["ink"], "start", False, "hud")
        for k in range(3):
            bx = rx + 92 + k * 16
            hit = k < s.collisions_today
            self.rect(bx, ty, 12, 12, c["red"] if hit else None, c["red"], 1.2, 2, "hud")
            if hit:
                self.line([(bx + 3, ty + 3), (bx + 9, ty + 9)], "#ffffff", 1.6, "hud")
                self.line([(bx + 9, ty + 3), (bx + 3, ty + 9)], "#ffffff", 1.6, "hud")
        if s.collisions_today > 3:
            self.text(rx + 142, ty + 10, f"{s.collisions_today}", 10, c["red"], "start", True, "hud")
        if mark:
            self.text(rx + 146, ty + 10, mark, 8.5, c["muted"], "start", False, "hud")
        # yards
        yx = rx + rw + 24
        yw = W - MARGIN - 12 - yx
        self.yards(yx, y0 + 4, yw)
        return y0 + h

    def yards(self, x, y, w):
        s, c = self.s, self.c
        counts = {}
        for name, pile in (("Division Yard", s.division_yard), ("Classification Yard", s.classification_yard)):
            d = {}
            for pid in pile:
                pc = PIECES[pid]
                d[(pc.kind, pc.loaded)] = d.get((pc.kind, pc.loaded), 0) + 1
            counts[name] = (d, len(pile))
        colw = min(48.0, (w - 20) / 6)
        yy = y + 11
        for name, (d, total) in counts.items():
            self.text(x, yy, f"{name.upper()}  ({total})", 10, c["muted"], "start", True, "hud")
            yy += 6
            for j, kind in enumerate(CAR_ORDER):
                cx = x + j * colw
                for r, loaded in enumerate((True, False)):
                    if kind == "caboose" and not loaded:
                        continue
                    n = d.get((kind, loaded), 0)
                    pid = self.sample_piece(kind, loaded)
                    ry = yy + 6 + r * 17
                    self.car(pid, cx + 2, ry + 2, 14, 10, "hud", record=False)
                    self.text(cx + 20, ry + 11, str(n), 10, c["ink"] if n else c["faint"], "start", n > 0, "hud")
            yy += 48
        return yy

    @staticmethod
    def sample_piece(kind, loaded):
        for pid, pc in PIECES.items():
            if pc.kind == kind and (kind == "caboose" or pc.loaded == loaded):
                return pid
        raise KeyError(kind)

    # ------------------------------------------------------------------ hand, Home Office, Departments
    def cards(self, y0):
        s, c = self.s, self.c
        W = self.W
        p = self.viewer
        hand = s.players[p].hand if 0 <= p < len(s.players) else []
        card_h = 138
        piles_w = 5 * 100 + 4 * 8
        hand_room = W - 2 * MARGIN - piles_w - 40
        card_w = min(96.0, (hand_room - 8 * max(0, len(hand) - 1)) / max(1, len(hand)))
        limit = hand_limit(s, p) if 0 <= p < len(s.players) else 3
        title = f"{self.name(p).upper()}'S HAND  ({len(hand)} / limit {limit})"
        self.text(MARGIN, y0 + 11, title, 10, c["muted"], "start", True, "hud")
        x = MARGIN
        y = y0 + 18
        if not hand:
            self.rect(x, y, 96, card_h, None, c["faint"], 1, 6, "hud", (4, 3))
            self.text(x + 48, y + card_h / 2, "no cards", 10, c["muted"], "middle", False, "hud")
        for cid in hand:
            self.card_face(cid, x, y, card_w, card_h)
            sp = spec_of(s, cid)
            self.hit(x, y, card_w, card_h, ("hand", cid), f"{sp.name}: {sp.text}")
            x += card_w + 8
        # the piles on the right
        x = W - MARGIN - piles_w
        self.text(x, y0 + 11, "HOME OFFICE", 10, c["muted"], "start", True, "hud")
        self.text(x + 108, y0 + 11, "DEPARTMENTS 1 · 2 · 3", 10, c["muted"], "start", True, "hud")
        self.text(x + 4 * 108, y0 + 11, "SALVAGE", 10, c["muted"], "start", True, "hud")
        self.card_back(x, y, 96, card_h, len(s.home))
        self.hit(x, y, 96, card_h, ("home",), f"Home Office deck: {len(s.home)} cards face down")
        for k, pile in enumerate(s.departments):
            dx = x + (k + 1) * 108
            if pile:
                self.card_face(pile[-1], dx, y, 96, card_h)
                tip = f"Department {k + 1}: {spec_of(s, pile[-1]).name} on top, {len(pile)} card(s)"
            else:
                self.rect(dx, y, 96, card_h, None, c["faint"], 1.2, 6, "hud", (4, 3))
                self.text(dx + 48, y + card_h / 2, "empty", 10, c["muted"], "middle", False, "hud")
                tip = f"Department {k + 1}: empty"
            self.text(dx + 48, y + card_h + 13, f"Dept {k + 1} · {len(pile)} card{'s' if len(pile) != 1 else ''}",
                      9, c["muted"], "middle", True, "hud")
            self.hit(dx, y, 96, card_h, ("dept", k + 1), tip)
        sx = x + 4 * 108
        self.rect(sx, y, 96, card_h, None, c["card_stroke"], 1.2, 6, "hud", (4, 3))
        self.text(sx + 48, y + card_h / 2, str(len(s.salvage)), 22, c["ink"], "middle", True, "hud")
        self.text(sx + 48, y + card_h / 2 + 18, "cards", 10, c["muted"], "middle", False, "hud")
        if s.salvage:
            self.text(sx + 48, y + card_h - 10, fit("top: " + spec_of(s, s.salvage[-1]).name, 88, 8.5), 8.5,
                      c["muted"], "middle", False, "hud")
        self.text(x + 48, y + card_h + 13, "face down", 9, c["muted"], "middle", True, "hud")
        return y + card_h + 16

    def card_back(self, x, y, w, h, count):
        self.rect(x, y, w, h, "#7a2e1f", "#3d1409", 1.2, 6, "hud")
        self.rect(x + 5, y + 5, w - 10, h - 10, None, "#e8c77a", 1.2, 4, "hud")
        self.add(Circle(x + w / 2, y + h / 2 - 10, 22, None, "#e8c77a", 1.5, "hud"))
        self.text(x + w / 2, y + h / 2 - 5, "SM", 15, "#e8c77a", "middle", True, "hud")
        self.text(x + w / 2, y + h - 28, str(count), 17, "#ffffff", "middle", True, "hud")
        self.text(x + w / 2, y + h - 14, "cards", 9, "#e8c77a", "middle", False, "hud")

    def card_face(self, cid, x, y, w, h, layer="hud"):
        """A card as printed: kind colour band with its name, a picture, and its short text."""
        s, c = self.s, self.c
        sp = spec_of(s, cid)
        band = KIND_COLOURS.get(sp.kind, "#777")
        if sp.kind == "office":
            band = TIER_COLOURS.get(sp.tier, band)
        self.rect(x, y, w, h, c["card"], c["card_stroke"], 1.2, 6, layer)
        self.rect(x, y, w, 22, band, None, 0, 6, layer)
        self.rect(x, y + 14, w, 8, band, None, 0, 0, layer)
        size = 10.5 if text_width(sp.name, 10.5, True) <= w - 8 else 9
        self.text(x + w / 2, y + 15, fit(sp.name, w - 6, size, True), size, "#ffffff", "middle", True, layer)
        kind_label = {"train": "TIMETABLE", "extra": "EXTRA", "office": "OFFICE", "facility": "INDUSTRY",
                      "modifier": "MODIFIER", "track": "TRACK", "red_flag": "TOOLBOX"}.get(sp.kind, sp.kind.upper())
        self.text(x + w / 2, y + 32, kind_label, 7.5, band if not _dark(c["card"]) else c["muted"], "middle", True,
                  layer)
        pic_y = y + 38
        pic_h = 46
        if sp.kind in ("track", "office", "facility") and sp.geometry is not None:
            pw = w - 16
            ph = min(pic_h, pw * 0.7)
            px = x + 8
            self.rect(px, pic_y, pw, ph, None, c["faint"], 0.6, 2, layer, (2, 2))
            paths = rail_paths(sp.geometry, px, pic_y, pw, ph)
            for p in paths:
                self.line(p, c["rail"], 3.2, layer)
            for p in paths:
                self.line(p, c["card"], 1.2, layer)
            b = spur_bumper(sp.geometry, px, pic_y, pw, ph)
            if b:
                self.line(b, c["rail"], 3.4, layer)
            if sp.operational:
                self.wheel(px + 7, pic_y + ph - 7, 3.5, layer)
            else:
                self.text(px + pw - 2, pic_y + ph - 3, "pass-through", 7, c["muted"], "end", False, layer)
            if sp.kind == "office":
                self.text(px + pw - 3, pic_y + 11, f"{sp.ad_tracks} A/D", 8.5, c["ink"], "end", True, layer)
        elif sp.kind in ("train", "extra"):
            bx, bw = x + w / 2 - 22, 44
            self.rect(bx, pic_y, bw, 30, "#ffffff", "#1d1d1d", 1.4, 3, layer)
            num = str(sp.number) if sp.kind == "train" else f"X{sp.number}"
            self.text(x + w / 2, pic_y + 22, num, 19, "#1d1d1d", "middle", True, layer)
            d = sp.direction
            ay = pic_y + 42
            if d:
                word = f"{d}bound"
                total = 22 + 4 + text_width(word, 8.5)
                ax0 = x + (w - total) / 2
                tip, base = (ax0 + 22, ax0) if d == "east" else (ax0, ax0 + 22)
                self.line([(base, ay), (tip, ay)], c["ink"], 2, layer)
                k = 5 if d == "east" else -5
                self.add(Poly(((tip + k * 0.4, ay), (tip - k, ay - 4), (tip - k, ay + 4)), c["ink"], None, 0, layer))
                self.text(ax0 + 26, ay + 3, word, 8.5, c["muted"], "start", False, layer)
            else:
                self.text(x + w / 2, ay + 3, "east or west", 8.5, c["muted"], "middle", False, layer)
        elif sp.kind == "modifier":
            adds = dict(sp.adds)
            tag = ("+1 worker" if "worker" in adds else "+1 green  +1 red" if len(adds) == 2 else
                   "+1 green" if "green" in adds else "+1 red" if "red" in adds else "+1 box")
            self.rect(x + 10, pic_y + 6, w - 20, 26, None, band, 1.5, 4, layer)
            self.text(x + w / 2, pic_y + 23, tag, 10, band, "middle", True, layer)
        elif sp.kind == "red_flag":
            fx = x + w / 2 - 12
            self.line([(fx, pic_y + 40), (fx, pic_y + 2)], c["ink"], 2, layer)
            self.add(Poly(((fx, pic_y + 3), (fx + 26, pic_y + 11), (fx, pic_y + 19)), "#c62828", None, 0, layer))
        # facility extras: its car and boxes
        if sp.kind == "facility":
            pid = self.sample_piece(sp.car, True)
            self.car(pid, x + 10, y + 90, 16, 10, layer, record=False)
            self.text(x + 30, y + 99, f"{sp.car}s", 8.5, c["ink"], "start", False, layer)
            bx = x + 10
            for n, col in ((sp.green, c["green"]), (sp.red, c["red"])):
                for _ in range(n):
                    self.rect(bx, y + 104, 7, 7, col, None, 0, 1, layer)
                    bx += 9
                if n:
                    bx += 4
            self.text(x + w - 6, y + 111, f"{sp.laborers} lab.", 8, c["muted"], "end", False, layer)
            text_y = y + 122
            lines = 1
        elif sp.kind == "office":
            text_y = y + 95
            lines = 3
        elif sp.kind in ("train", "extra"):
            text_y = y + 100
            lines = 3
        else:
            text_y = y + 95
            lines = 3
        body = sp.text
        if sp.kind == "train":
            body = sp.text.split(". ", 1)[-1]
            self.text(x + w / 2, text_y - 4, CLASS_SHORT.get(sp.train_class, sp.train_class), 9, c["ink"], "middle",
                      True, layer)
            text_y += 8
            lines = 2
        for i, ln in enumerate(wrap(body, w - 10, 7.5, lines)):
            self.text(x + 5, text_y + i * 9.5, ln, 7.5, c["muted"], "start", False, layer)


# --------------------------------------------------------------------------- the prompt


def prompt(s) -> tuple:
    """(what the actor must decide, a detail) in words, as ``Game.decision`` says it."""
    if s.outcome is not None:
        return "Game over", s.outcome.reason
    who = actor(s)
    if who is None:
        return "", ""
    name = s.players[who].name
    pend = s.turn.pending
    if pend:
        kind = pend["kind"]
        if kind == "clearance":
            t = s.trains.get(pend.get("tray"))
            label = f"train {t.label}" if t else "a train"
            return (f"{name}: clear or hold a following train",
                    f"(Superintendent) may {label} follow into the occupied Subdivision?")
        if kind == "direction":
            card = pend.get("card")
            detail = f"{spec_of(s, card).name}: run east or run west" if card else ""
            return f"{name}: choose an Extra's direction", detail
        if kind == "makeup":
            t = s.trains.get(pend.get("tray"))
            return f"{name}: place a car on a new train", f"train {t.label}" if t else ""
        return f"{name}: decide", ""
    if s.phase == "local_operations":
        opt = s.turn.option
        if opt is None:
            return f"{name}: choose a Local Operations option", "switch, draw, or a Freight Agent action"
        if opt == "switch":
            n = s.turn.moves_left
            return f"{name}: switch trains", f"{n} Move{'s' if n != 1 else ''} left; end when done"
        if opt == "draw":
            return f"{name}: play or discard cards, then end", f"hand limit {hand_limit(s, who)}"
    return f"{name}: work passengers and freight, then end", ""


def build_scene(state, viewer: int | None = None, theme: str = "light") -> Scene:
    """The whole table as shapes and hit regions. ``viewer`` is the player index whose hand is
    shown (default: the player to act, else the Superintendent)."""
    return _Board(state, viewer, theme).build()
