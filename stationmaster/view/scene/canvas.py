"""The drawing surface the board builder stands on: shape primitives and small glyphs (fedora,
lock, watch, signal, wheel, a card's rail). Every other part draws through these."""

from __future__ import annotations

import math

from ...query import actor
from ..shapes import Circle, Hit, Line, Poly, Rect, Scene, Text
from .layout import TARGET_FLOOR, WIDTH, floor
from .rail import rail_paths, spur_bumper, yard_marks
from .theme import THEMES


class Canvas:
    """A Scene under construction for one state, theme and viewer, with drawing primitives."""

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
        self.add(Text(x, y, text, floor(size), fill or self.c["ink"], anchor, bold, layer))

    def line(self, points, stroke, width=1.0, layer="table", dash=()):
        self.add(Line(tuple(points), stroke, width, layer, dash))

    def hit(self, x, y, w, h, target, tip=""):
        """A click target; never smaller than the scene's target floor (a small piece gets a
        larger target round it, centred on it)."""
        f = TARGET_FLOOR.get()
        if w < f:
            x, w = x - (f - w) / 2, f
        if h < f:
            y, h = y - (f - h) / 2, f
        self.hits.append(Hit(x, y, w, h, target, tip))

    def name(self, p: int) -> str:
        return self.s.players[p].name

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

    def yard_marks(self, action, geo, x, y, w, h, width, layer="table"):
        """A yard card's ladder, second track or rolling arrow (``rail.yard_marks``)."""
        if not action:
            return
        lines, polys = yard_marks(action, geo, x, y, w, h)
        for p in lines:
            self.line(p, self.c["rail"], width, layer)
        for p in polys:
            self.add(Poly(tuple(p), self.c["rail"], None, 0, layer))

    def wheel(self, x, y, r, layer="table"):
        """The Operational Rail mark: a small wheel (trains may stop here)."""
        c = self.c
        self.add(Circle(x, y, r, None, c["wheel"], 1.0, layer))
        self.add(Circle(x, y, r * 0.3, c["wheel"], None, 0, layer))
        self.line([(x - r, y), (x + r, y)], c["wheel"], 0.6, layer)
        self.line([(x, y - r), (x, y + r)], c["wheel"], 0.6, layer)
