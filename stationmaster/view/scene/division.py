"""The Division band: the Division Points, Mainline regions with their trains, the compact
Office boxes between them and the Subdivisions."""

from __future__ import annotations

from ...cards.specs import CARD_SPECS, mainline_key
from ...flow import Where
from ...query import ad_tracks, player_at, spec_of
from ..shapes import Circle
from .layout import MARGIN, fit, text_width
from .theme import PLAYER_COLOURS, TIER_COLOURS, is_dark


#: the short mark of a Mainline card's device on the Division ([M12]-[M15])
FEATURE_MARKS = {"abs": "ABS signals", "passing": "passing siding", "interlocking": "interlocking"}
#: the device a Mainline modifier gives its card ([M19]), by card type
MODIFIER_DEVICES = {"block_signals": "abs", "interlocking_tower": "interlocking"}


def feature_mark(s, spec) -> str:
    """The Division's note for a card's device: 'ABS signals', 'uphill ▸'..., else ''."""
    if spec.rules == "heavy_grade":
        up = s.grades.get(spec.name)
        return "grade, uphill " + ({"east": "▸", "west": "◂"}[up] if up else "unset")
    return FEATURE_MARKS.get(spec.rules, "")


def modifier_mark(s, i: int) -> str:
    """The Division's note for the device a Mainline modifier gives card ``i`` ([M19]), else ''."""
    devices = (MODIFIER_DEVICES.get(s.deck.get(c)) for c in s.ml_modifiers.get(i, ()))
    return " · ".join(FEATURE_MARKS[d] for d in devices if d)


#: the narrowest Mainline card the room layout draws the Division in one row with (else: two rows)
ROW_MAINLINE_MIN = 40


class DivisionBand:
    """The Division chain (mixed into the board builder)."""

    def division(self, y0):
        s, c = self.s, self.c
        n = self.n
        W = self.W
        room = getattr(self, "room", None)  # the room layout: a slimmer band, no captions
        gap = 6 if not room else 4
        dpw, ow = (88, 104 if n <= 3 else 96) if not room else (60, 92 if n <= 3 else 84)
        elems = [("dp", "west")]
        for i in range(n + 1):
            elems.append(("ml", i))
            if i < n:
                elems.append(("office", i))
        elems.append(("dp", "east"))
        rows = [elems]
        fixed = {"dp": dpw, "office": ow}
        avail = W - 2 * MARGIN - 2 * dpw - n * ow - (2 * n + 2) * gap
        mw = min(260.0, avail / (n + 1))
        if room and mw < ROW_MAINLINE_MIN:  # a narrow table: the Division in two rows, west half above
            half = (len(elems) + 1) // 2
            rows = [elems[:half], elems[half:]]
            mw = min((W - 2 * MARGIN - sum(fixed.get(k, 0) + gap for k, _ in row))
                     / max(1, sum(k == "ml" for k, _ in row)) for row in rows)
        widths = [sum((mw if k == "ml" else fixed[k]) + gap for k, _ in row) - gap for row in rows]
        at_dp = {side: sorted((t for t in s.trains.values() if t.where == Where.DIVISION_POINT and t.pos == side),
                              key=lambda t: t.rank) for side in ("west", "east")}
        stack = max(1, len(at_dp["west"]), len(at_dp["east"]))
        h = (84 if not room else 76) + (stack - 1) * 28
        row_h = h + 16 + 12  # the Office boxes stand 8 px proud of the band, and room for the Subdivisions
        if not room:
            self.text(MARGIN, y0 + 10, "THE DIVISION", 10, c["muted"], "start", True, "table")
            self.text(W - MARGIN, y0 + 10, "west  ◂  ▸  east", 10, c["muted"], "end", False, "table")
        place = {}  # element -> (x, top, track_y)
        for r, (row, total) in enumerate(zip(rows, widths)):
            x = (W - total) / 2
            top = y0 + (18 if not room else 8) + r * (row_h + 10)
            self.line([(x + 4, top + 50), (x + total - 4, top + 50)], c["rail"], 3.0, "table")  # the mainline
            for kind, key in row:
                place[(kind, key)] = (x, top, top + 50)
                x += (mw if kind == "ml" else fixed[kind]) + gap
        bounds = []  # (row, x) of Subdivision boundaries
        pw, ph, ew = 11.0, 9.0, 17.0
        row_of = {e: r for r, row in enumerate(rows) for e in row}
        for kind, key in elems:
            x, top, track_y = place[(kind, key)]
            r = row_of[(kind, key)]
            if kind == "dp":
                self.rect(x, top, dpw, h, c["panel"], c["mainline_stroke"], 1.4, 6, "table")
                self.text(x + dpw / 2, top + 13, f"{key.upper()}ERN", 9, c["muted"], "middle", True, "table")
                self.text(x + dpw / 2, top + 24, "Division Point" if not room else "Div. Point", 9, c["muted"], "middle",
                          False, "table")
                self.line([(x + 4, track_y), (x + dpw - 4, track_y)], c["rail"], 3.0, "table")
                bounds.append((r, x + dpw / 2))
                for k, t in enumerate(at_dp[key]):
                    items_w = self.run_width([("train", t)], pw, ew, 1.5)
                    tx = x + (dpw - items_w) / 2
                    self.train_here(t, tx, track_y + k * 28, pw, ph, ew, 1.5, label=True, label_w=dpw - 8,
                                    label_x=x + 4)
            elif kind == "ml":
                i = key
                self.rect(x, top, mw, h, c["mainline"], c["mainline_stroke"], 1.2, 4, "table")
                self.text(x + mw / 2, top + 13, fit(s.mainline[i], mw - 8, 10, True), 10, c["ink"], "middle", True,
                          "table")
                msp = CARD_SPECS[mainline_key(s.mainline[i])]
                length = msp.sections
                if length:  # a card of the full deck: its length sets the crossing time
                    mark = feature_mark(s, msp) or modifier_mark(s, i)
                    self.text(x + mw / 2, top + 24, f"{length} sections" + (f" · {mark}" if mark else ""), 8,
                              c["muted"], "middle", False, "table")
                if msp.rules == "passing":  # the siding: a second track under the main
                    self.line([(x + 10, track_y + 10), (x + 18, track_y + 16), (x + mw - 18, track_y + 16),
                               (x + mw - 10, track_y + 10)], c["rail"], 1.6, "table")
                self.line([(x + mw / 2, top + 20), (x + mw / 2, top + h - 6)], c["mainline_stroke"], 1.0, "table",
                          (3, 3))
                for r in (0, 1):
                    rx = x + r * mw / 2
                    if not room:  # the room layout: the dashed line says it
                        self.text(rx + mw / 4, top + h - 8, "west region" if r == 0 else "east region", 8,
                                  c["muted"], "middle", False, "table")
                    here = sorted((t for t in s.trains.values() if t.where == Where.MAINLINE and tuple(t.pos) == (i, r)),
                                  key=lambda t: t.rank)
                    for k, t in enumerate(here[:2]):  # a Passing Siding's second train stands in the siding
                        items_w = self.run_width([("train", t)], pw, ew, 1.5)
                        scale = min(1.0, (mw / 2 - 8) / max(items_w, 1))
                        tx = rx + (mw / 2 - items_w * scale) / 2
                        self.train_here(t, tx, track_y + 16 * k, pw * scale, ph, ew * scale, 1.5 * scale, label=True,
                                        label_w=mw / 2 - 8, label_x=min(tx + 1, rx + 4))
            else:
                self.office_box(key, x, top - 8, ow, h + 16, track_y)
                if spec_of(s, s.areas[key].office.card).tier >= 1:
                    bounds.append((r, x + ow / 2))
        # Subdivisions (under each row; one that runs on into the next row is drawn in both)
        def sub_y(r):  # the room layout: clear of the Office boxes' notes
            return place[rows[r][0]][1] + h + (14 if not room else 19)

        bounds.sort()
        ends = [(place[row[0]][0], place[row[-1]][0] + (mw if row[-1][0] == "ml" else fixed[row[-1][0]]))
                for row in rows]
        for k, ((ra, a), (rb, b)) in enumerate(zip(bounds, bounds[1:])):
            parts = [(ra, a + 3, b - 3)] if ra == rb else [(ra, a + 3, ends[ra][1]), (rb, ends[rb][0], b - 3)]
            label = f"Subdivision {k + 1}"
            for r, a_, b_ in parts:
                sy = sub_y(r)
                self.line([(a_, sy), (b_, sy)], c["sub"], 1.2, "table")
                for edge in [a_, b_] if ra == rb else [a_] if r == ra else [b_]:  # a split one: its two real ends
                    self.line([(edge, sy - 4), (edge, sy + 4)], c["sub"], 1.2, "table")
                if b_ - a_ < text_width(label, 9) + 12:
                    continue
                tw = text_width(label, 9) + 8
                self.rect((a_ + b_) / 2 - tw / 2, sy - 7, tw, 13, c["bg"], None, 0, 0, "table")
                self.text((a_ + b_) / 2, sy + 3, label, 9, c["sub"], "middle", False, "table")
        return sub_y(len(rows) - 1) + 10

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
        at_office = sorted((t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat and t.pos == (0, 0)),
                           key=lambda t: t.tray)
        n = ad_tracks(s, area)  # a Siding Extension adds one ([E5])
        cw = min(20.0, (w - 10) / n - 2)
        ax = x + (w - n * (cw + 2) + 2) / 2
        ay = track_y + 8
        others = len([t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat]) - len(at_office)
        if not (getattr(self, "room", None) and others):  # the room layout: one of the two notes
            self.text(x + 5, ay + 25, "A/D tracks", 7.5, c["muted"], "start", False, "table")
        for k in range(n):
            bx = ax + k * (cw + 2)
            if k < len(at_office):
                t = at_office[k]
                fill = c["extra_engine"] if t.extra else c["engine"]
                self.rect(bx, ay, cw, 14, fill, c["car_stroke"], 0.8, 2, "pieces")
                ink = c["engine_text"] if not t.extra else ("#ffffff" if is_dark(fill) else "#1a1a1a")
                self.text(bx + cw / 2, ay + 10.5, t.label, 9 if len(t.label) < 3 else 7.5, ink, "middle", True,
                          "pieces")
                self.hit(bx, ay, cw, 14, ("tray", t.tray), self.tray_tip(t))
            else:
                self.rect(bx, ay, cw, 14, None, c["faint"], 1.0, 2, "table", (2, 2))
        if others:
            self.text(x + w - 5, ay + 25, f"+{others} off A/D", 7.5, c["ink"], "end", True, "pieces")
