"""The table laid out for the room it has (issue 15, DESIGN.md §5): the live board's layout.

The browser reports the CSS pixels the board's canvas may use; the table is built that wide (no
wider than ``ROOM_MAX``, no narrower than ``ROOM_MIN``) and about as tall as the room, so it is
shown at about 1:1 and its sizes are the sizes on screen: every text at least ``TEXT_PX``, every
click target at least ``TARGET_PX`` on its short side (``layout.TEXT_FLOOR``/``TARGET_FLOOR``).
What does not fit is left out or shortened ("…"), never drawn smaller; the hit regions' tips and
the control bar say the rest. Top to bottom:

- the **Division** band (Division Points, Mainline cards with their trains, the Office boxes);
- the **Day band**: the turn chart's twelve Stages in one row and the phase track beside it;
- **one Office Area** drawn large, grid and facility list side by side: the viewer's, or the one
  the player chose (``focus``), and beside it a **side column**: every player's row (Office,
  Revenue; a click shows that player's Area), collisions, trains held and waiting, the two yards;
- the **card row** in big print (``compact.py``).

Narrower than ``NARROW`` (a ~900 px window with JupyterLab's file browser open leaves the board
about 500 px) the table reflows instead of shrinking: the Day band's Stages in two rows of six with
the phase track under them, the side column under the Office Area, the piles under the hand.
"""

from __future__ import annotations

from ...decisions import PHASE_SHORT
from ...flow import Where
from ...query import FEDORA_STAGES, ad_tracks, spec_of
from ..shapes import Rect
from .layout import CLOCK_SHORT, MARGIN, fit, money, text_width, wrap
from .theme import PLAYER_COLOURS, is_dark, mix, sky_colour

#: the room layout's width bounds, and its smallest text and target (scene px = screen px at 1:1)
ROOM_MIN, ROOM_MAX = 420, 1400
#: below this width the table reflows into one column (see the module's docstring)
NARROW = 760
TEXT_PX, TARGET_PX = 10.0, 18.0
#: the side column's width, and the card row's card height
SIDE_W = 230
CARD_H = 112
#: the card row's height (its title line, the cards, their names under them)
CARD_ROW_H = CARD_H + 38
#: the smallest grid card: a short name ("Refinery", "Produce") whole at 10 px, its boxes and
#: wheel beside each other, its name band over its rail (the grid's cells shrink to fit the Area's
#: room, never below this; a taller grid makes the board taller, shown 1:1, and the page scrolls)
CELL_MIN_W, CELL_MIN_H = 58, 32
#: the facility list beside the grid: at most this share of the Area's width, at least LIST_MIN_W
LIST_SHARE, LIST_MIN_W = 0.48, 240


def room_width(room) -> int:
    """The table's width for a room (width, height) the browser reported."""
    return int(max(ROOM_MIN, min(ROOM_MAX, room[0])))


class RoomLayout:
    """The room layout's own parts (mixed into the board builder; the Division, the Area panel and
    the card row are the other mixins', drawn at the floors)."""

    def build_room(self):
        c = self.c
        W = self.W
        y = self.division(2)
        y = self.day_band(y + 4)
        top = y + 6
        self.card_h = CARD_H
        # the Area takes the room the other parts leave (the card row is CARD_ROW_H tall), and at
        # least what the board held before (``at_least``): the card row never moves up, so a
        # grid that grows or shrinks by a row leaves the hand and the piles where they were
        self.area_room = (getattr(self, "room_h", 0) or 560) - top - CARD_ROW_H - 12
        band = max(self.area_room, getattr(self, "at_least", 0) - top - CARD_ROW_H - 12)
        if self.narrow:  # one column: the Area, then the side column under it, then the cards
            self.area_room = max(self.area_room, 260)
            area_h = self.focus_area(MARGIN, top, W - 2 * MARGIN)
            side_h = self.side_column(MARGIN, top + area_h + 8, W - 2 * MARGIN)
            self.ready_marks()
            y = self.cards_compact(top + max(area_h + 8 + side_h, band) + 6)
        else:
            side_x = W - MARGIN - SIDE_W
            area_h = self.focus_area(MARGIN, top, side_x - 10 - MARGIN, band)
            side_h = self.side_column(side_x, top, SIDE_W)
            self.ready_marks()
            y = self.cards_compact(top + max(area_h, side_h, band) + 6)
        self.sc.height = max(y + 6, getattr(self, "at_least", 0))
        self.sc.shapes.insert(0, Rect(0, 0, W, self.sc.height, c["bg"], None, 0, 0, "table"))
        return self.sc

    @property
    def narrow(self) -> bool:
        """Is the table narrower than ``NARROW`` (laid out in one column)?"""
        return self.W < NARROW

    # ------------------------------------------------------------------ the Day band
    def day_band(self, y0):
        """The turn chart's twelve Stages (one row, the phase track beside it; narrow: two rows of
        six, the phase track under them); the y under the band."""
        s, c = self.s, self.c
        W = self.W
        h = 38
        labels = list(PHASE_SHORT.items())
        rows = (labels[:3], labels[3:])  # the phase track in two rows of pills
        pills = [[text_width(lb, TEXT_PX, True) + 10 for _, lb in row] for row in rows]
        phase_w = max(sum(r) + 4 * (len(r) - 1) for r in pills)
        x0 = MARGIN
        per_row = 6 if self.narrow else 12
        cw = (W - 2 * MARGIN - (0 if self.narrow else phase_w + 10)) / per_row
        pos = {k: (x0 + ((k - 1) % per_row) * cw, y0 + ((k - 1) // per_row) * (h + 4)) for k in range(1, 13)}
        for k in range(1, 13):
            x, y0 = pos[k]
            col = sky_colour(k)
            ink = "#ffffff" if is_dark(col) else "#1d1d1d"
            self.rect(x, y0, cw - 2, h, col, None, 0, 3, "hud")
            self.text(x + (cw - 2) / 2, y0 + 12, fit(CLOCK_SHORT[k - 1], cw - 4, TEXT_PX, True), TEXT_PX, ink,
                      "middle", True, "hud")
            card = s.timetable.get(k)
            bw, bh = min(30.0, cw - 10), 19
            bx, by = x + (cw - 2 - bw) / 2, y0 + 15
            if card is not None:
                sp = spec_of(s, card)
                self.rect(bx, by, bw, bh, "#ffffff", "#1d1d1d", 1.0, 2, "hud")
                arrow = "◂" if sp.direction == "west" else "▸" if sp.direction == "east" else ""
                self.text(bx + bw / 2, by + 14, fit(f"{sp.number}{arrow}", bw - 2, 12, True), 12, "#1d1d1d",
                          "middle", True, "hud")
            else:
                self.rect(bx, by, bw, bh, None, ink, 0.8, 2, "hud", (2, 2))
            if k in FEDORA_STAGES:
                self.fedora(x + cw - 8, y0 + h - 3, 0.4, "hud", ink)
        # the Pocket Watch: a frame round the Stage now
        wx, wy = pos[s.stage]
        self.rect(wx - 2, wy - 2, cw + 2, h + 4, None, c["prompt_bar"], 2.5, 4, "hud")
        y0 = pos[1][1]
        if self.narrow:  # the phase track under the Stages, its two rows side by side when they fit
            below = pos[12][1] + h + 6
            one_row = sum(pills[0]) + sum(pills[1]) + 4 * (len(labels) - 1) <= W - 2 * MARGIN
            starts = [(MARGIN + (sum(pills[0]) + 4 * len(pills[0]) if one_row and r else 0),
                       below + (0 if one_row else r * 20)) for r in range(len(rows))]
            end = below + (18 if one_row else 38)
        else:  # the phase track beside them, right-aligned
            starts = [(W - MARGIN - sum(widths) - 4 * (len(row) - 1), y0 + r * 20)
                      for r, (row, widths) in enumerate(zip(rows, pills))]
            end = y0 + h
        for (row, widths), (x, py) in zip(zip(rows, pills), starts):
            for (key, label), pw in zip(row, widths):
                on = key == s.phase
                self.rect(x, py, pw, 18, c["prompt_bar"] if on else None, None if on else c["faint"], 1, 9, "hud")
                self.text(x + pw / 2, py + 13, label, TEXT_PX, "#1d1d1d" if on else c["muted"], "middle", on, "hud")
                x += pw + 4
        return end

    # ------------------------------------------------------------------ one Office Area, large
    def focus_area(self, x, y, w, min_h=0):
        """The focused seat's Office Area (grid and facility list side by side), at least
        ``min_h`` tall; its height. Its cells are as large as the room allows (at most 80 px wide)
        and never smaller than ``CELL_MIN_W``: the list beside the grid gives up width first."""
        s = self.s
        seat = self.focus_seat
        ext = self.area_extent(seat)
        cols, rows = ext[1] - ext[0] + 1, ext[3] - ext[2] + 1
        facs = self.facility_list(seat)
        trays = len([t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat])
        list_h = len(facs) * 42 + max(2, trays) * 22 + 4
        list_w = 0.0 if self.narrow else min(330.0, w * LIST_SHARE)  # narrow: the list under the grid
        if not self.narrow and (w - list_w - 60) / cols < CELL_MIN_W:
            list_w = max(LIST_MIN_W, w - 60 - cols * CELL_MIN_W)
        most = max(150.0, getattr(self, "area_room", 0), min_h)
        fit = (most - 40) // rows  # the row height the Area's room allows
        # a card 0.7 as tall as wide; a tall grid flattens its cards (to half as tall as wide, and
        # no lower than CELL_MIN_H) before it narrows them (never under CELL_MIN_W)
        cw = min(80.0, (w - list_w - 60) / cols, fit / 0.5)
        cw = max(cw, min(CELL_MIN_W, (w - 24) / cols))  # (a very narrow table: the grid still fits)
        ch = int(cw * 0.7 + 1e-6)
        self.cw, self.ch = cw, max(min(ch, int(fit)), min(ch, CELL_MIN_H))
        grid_h = rows * self.ch
        h = 34 + (grid_h + 6 + max(list_h, 2 * 22 + 4) if self.narrow else max(grid_h, list_h)) + 6
        h = max(h, min_h)
        self.side_list_seat = seat
        self.area_panel(seat, x, y, w, h, ext, facs, 6, ext[3], grid_h)
        return h

    # ------------------------------------------------------------------ the side column
    def side_column(self, x, y0, w):
        """Every player's row (a click shows that Area), collisions, trains waiting, the yards;
        the column's height."""
        s, c = self.s, self.c
        y = y0
        self.text(x, y + 11, "PLAYERS" if self.n > 1 else "REVENUE", TEXT_PX, c["muted"], "start", True, "hud")
        cfg = s.config
        goal = (f"target {cfg.target}" if cfg.mode != "competitive" or cfg.victory == "first_to_target"
                else f"floor {cfg.revenue_floor}")
        self.text(x + w, y + 11, goal, TEXT_PX, c["muted"], "end", False, "hud")
        y += 16
        order = sorted(range(self.n), key=lambda i: s.players[i].seat)
        row_h = 24 if self.n < 4 else 21  # (four rows: each still an 18 px target)
        for i in order:
            p = s.players[i]
            area = s.areas[p.seat]
            pc = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
            focused = self.n > 1 and p.seat == self.focus_seat
            self.rect(x, y, w, row_h - 3, mix(c["panel"], pc, 0.18) if focused else c["panel"],
                      c["prompt_bar"] if i == self.who else c["panel_stroke"], 1.6 if i == self.who else 1, 4, "hud")
            self.rect(x, y, 4, row_h - 3, pc, None, 0, 2, "hud")
            nx = x + 8
            if i == s.superintendent:
                self.fedora(x + 16, y + 13, 0.6, "hud")
                nx += 18
            rev = money(p.revenue)
            rw = text_width(rev, 12, True) + 6
            right = x + w - 5
            if self.n > 1:  # ▸: a click shows this Area; ▾: it is shown
                self.text(right, y + 15, "▾" if focused else "▸", 12, c["muted"] if focused else c["accent"], "end",
                          True, "hud")
                right -= 14
            self.text(right, y + 15, rev, 12, c["ink"] if p.revenue >= 0 else c["red"], "end", True, "hud")
            name = fit(p.name, (w - (nx - x)) * 0.45, 12, True)
            self.text(nx, y + 15, name, 12, c["ink"], "start", True, "hud")
            ox = nx + text_width(name, 12, True) + 6
            if self.n > 1:
                sp = spec_of(s, area.office.card)
                office = f"{sp.name} · {ad_tracks(s, area)} A/D"
                self.text(ox, y + 15, fit(office, right - rw - ox - 2, TEXT_PX), TEXT_PX, c["muted"], "start",
                          False, "hud")
            # a card played on the player ([O2]) is played by a click on their row; a click
            # elsewhere shows their Area (the board tells the two apart)
            self.sc.plate_rects.setdefault(p.seat, (x, y, w, row_h - 3))
            self.hit(x, y, w, row_h - 3, ("player", p.seat), f"{p.name}: {money(p.revenue)}"
                     + ("" if self.n == 1 else f" — click to show {p.name}'s Office Area"))
            y += row_h
        # collisions today
        y += 4
        self.text(x, y + 11, "Collisions today:", TEXT_PX, c["ink"], "start", False, "hud")
        for k in range(3):
            bx = x + 100 + k * 16
            hit = k < s.collisions_today
            self.rect(bx, y + 1, 12, 12, c["red"] if hit else None, c["red"], 1.2, 2, "hud")
            if hit:
                self.line([(bx + 3, y + 4), (bx + 9, y + 10)], "#ffffff", 1.6, "hud")
                self.line([(bx + 9, y + 4), (bx + 3, y + 10)], "#ffffff", 1.6, "hud")
        if s.collisions_today > 3:
            self.text(x + 150, y + 11, str(s.collisions_today), TEXT_PX, c["red"], "start", True, "hud")
        y += 18
        # trains held and waiting
        held = ", ".join(str(spec_of(s, cid).number) for cid in s.held) or "none"
        ex = ", ".join(f"X{spec_of(s, e.card).number} ({self.name(e.player)})" for e in s.extras) or "none"
        lines = [f"Held trains: {held} · Extras waiting: {ex}"]  # one line when both are short
        if s.sections:
            lines.append("Second Sections: " + ", ".join(str(spec_of(s, e.train).number) for e in s.sections))
        for ln in lines:
            for part in wrap(ln, w, TEXT_PX, 3):
                self.text(x, y + 11, part, TEXT_PX, c["ink"], "start", False, "hud")
                y += 13
        y += 4
        y = self.yard_counts(x, y, w / 6, px=TEXT_PX, rows_dy=3, pitch=15, block=46, car_dx=1, num_dx=18,
                             faint=c["muted"])
        return y - y0
