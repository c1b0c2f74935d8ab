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
- the viewer's **hand**, the Home Office deck, the three Department tops and the Salvage Yard
  (``compact=True``: the same in big print, a name and one line a card, for a board shown small).

Facilities that can act now (``ready``) get a tag on the grid and on their row in the list.

Every grid spot's rectangle is in ``scene.spot_rects[(seat, x, y)]``, every Crew Tray's in
``scene.tray_rects[tray]`` and every facility box's in ``scene.box_rects[(seat, x, y, box)]``.
"""

from __future__ import annotations

from ..shapes import Rect, Scene
from .area import OfficeAreas
from .canvas import Canvas
from .cards import Cards
from .compact import CompactCards
from .division import DivisionBand
from .hud import Hud, prompt
from .layout import (CAR_ORDER, CLASS_SHORT, CLOCK_SHORT, GRID_NAMES, KIND_LETTER, MARGIN, TARGET_FLOOR,
                     TEXT_FLOOR, WIDTH, car_letter, fit, money, text_width, wrap)
from .pieces import Pieces
from .rail import rail_paths, spur_bumper
from .room import TARGET_PX, TEXT_PX, RoomLayout, room_width
from .theme import KIND_COLOURS, PLAYER_COLOURS, SKY, THEMES, TIER_COLOURS, mix, sky_colour

__all__ = [
    "build_scene", "prompt", "sky_colour", "mix", "text_width", "wrap", "money", "fit", "rail_paths", "spur_bumper",
    "THEMES", "PLAYER_COLOURS", "TIER_COLOURS", "KIND_COLOURS", "SKY", "GRID_NAMES", "CLASS_SHORT", "KIND_LETTER",
    "car_letter", "CAR_ORDER", "CLOCK_SHORT", "MARGIN", "WIDTH",
]


class _Board(Hud, DivisionBand, OfficeAreas, Cards, CompactCards, RoomLayout, Pieces, Canvas):
    """One scene build: the parts of the table stacked top to bottom, each drawn by its mixin."""

    def build(self) -> Scene:
        if self.room:
            return self.build_room()
        c = self.c
        y = self.header(0) if self.with_header else 0
        y = self.division(y + 10)
        y = self.areas(y + 12)
        self.ready_marks()
        y = self.status(y + 12)
        y = self.cards(y + 12)
        self.sc.height = y + MARGIN
        self.sc.shapes.insert(0, Rect(0, 0, self.W, self.sc.height, c["bg"], None, 0, 0, "table"))
        return self.sc


def build_scene(state, viewer: int | None = None, theme: str = "light", ready=None, compact: bool = False,
                header: bool = True, room=None, focus: int | None = None, at_least: float = 0) -> Scene:
    """The whole table as shapes and hit regions. ``viewer`` is the player index whose hand is
    shown (default: the player to act, else the Superintendent). ``ready`` marks the facilities
    that can act now: ``{(seat, x, y): "Agent" | "Laborer" | "Porter"}`` (the board passes the
    ones its legal intents reach). ``compact``: the card row in big print for a board shown
    small (``compact.py``); the rest of the table is the same. ``header=False`` leaves out the
    header and prompt lines (the live board says both in its control bar).

    ``room=(width, height)``: the CSS pixels the browser gives the board's canvas; the table is
    then laid out for that room (``room.py``: about 1:1 on screen, no text under 10 px, no target
    under 18 px, one Office Area drawn large — ``focus``, a seat, else the viewer's — and every
    player's row beside it). ``at_least``: the room layout's smallest height (the live board passes
    the tallest it has shown for this room): the card row is laid at its foot, so a grid that grows
    or shrinks by a row moves nothing a player aims at, and the board only ever grows."""
    b = _Board(state, viewer, theme)
    b.with_header = bool(header)
    b.ready = dict(ready or {})
    b.compact = bool(compact)
    b.room = tuple(room) if room and room[0] > 0 else None
    if not b.room:
        return b.build()
    b.W = room_width(b.room)
    b.sc.width = b.W
    b.sc.room = b.room
    b.room_h = b.room[1]
    b.at_least = float(at_least or 0)
    seats = [p.seat for p in state.players]
    b.focus_seat = focus if focus in seats else state.players[b.viewer].seat
    text, target = TEXT_FLOOR.set(TEXT_PX), TARGET_FLOOR.set(TARGET_PX)
    try:
        return b.build()
    finally:
        TEXT_FLOOR.reset(text)
        TARGET_FLOOR.reset(target)
