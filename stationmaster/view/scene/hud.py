"""The heads-up parts of the table: the header and prompt line, the turn chart, phase track, held
trains and Extras, Revenue, and the two yards."""

from __future__ import annotations

from ...cards import PIECES
from ...decisions import PHASE_SHORT, decision, detail
from ...query import CLOCK, FEDORA_STAGES, actor, spec_of
from ..shapes import Poly
from .layout import CAR_ORDER, CLOCK_SHORT, MARGIN, fit, text_width
from .theme import PLAYER_COLOURS, is_dark, sky_colour


class Hud:
    """Header, prompt and status band (mixed into the board builder)."""

    # ------------------------------------------------------------------ header and prompt
    def header(self, y0):
        s, c = self.s, self.c
        W = self.W
        self.rect(0, y0, W, 40, c["panel"], c["panel_stroke"], 1, 0, "hud")
        self.text(MARGIN, y0 + 26, "STATION MASTER", 17, c["accent"], "start", True, "hud")
        cfg = s.config
        phase = PHASE_SHORT[s.phase]
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
            ink = "#ffffff" if is_dark(col) else "#1d1d1d"
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
        for i, (key, label) in enumerate(PHASE_SHORT.items()):
            on = key == s.phase
            yy = py + i * 18
            self.rect(px, yy, 92, 15, c["prompt_bar"] if on else None, c["faint"] if not on else None, 1, 7, "hud")
            self.text(px + 46, yy + 11, label, 9.5, "#1d1d1d" if on else c["muted"], "middle", on, "hud")
        # held trains and Extras
        iy = cy0 + chh + 38
        held = ", ".join(str(spec_of(s, cid).number) for cid in s.held) or "none"
        ex = ", ".join(f"X{spec_of(s, e.card).number} ({self.name(e.player)}"
                       f"{', ' + e.direction if e.direction else ''})" for e in s.extras) or "none"
        sections = ", ".join(str(spec_of(s, e.train).number) for e in s.sections)
        waiting = f"Held trains: {held}    Extras waiting: {ex}" + (
            f"    Second Sections waiting: {sections}" if sections else "")  # [M18]
        self.text(x0 + 28, iy + 4, fit(waiting, 12 * cwid - 30, 10), 10,
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
        """The two yards under the turn chart (the fixed-width table)."""
        return self.yard_counts(x, y, min(48.0, (w - 20) / 6), px=10, rows_dy=12, pitch=17, block=54, car_dx=2,
                                num_dx=20, faint=self.c["faint"])

    def yard_counts(self, x, y, colw, *, px, rows_dy, pitch, block, car_dx, num_dx, faint):
        """The Division and Classification Yards' piece counts, one block each from ``y`` down: the
        yard's name and size, then a car of each kind, loaded above empty, with its count (``colw``
        apart, ``pitch`` between the rows, ``rows_dy`` below the name's baseline, ``px`` text; a
        count of none in ``faint``). Returns the y under the last block. The fixed-width table
        (``yards``) and the room layout's side column draw them both."""
        s, c = self.s, self.c
        for name, pile in (("Division Yard", s.division_yard), ("Classification Yard", s.classification_yard)):
            counts = {}
            for pid in pile:
                pc = PIECES[pid]
                counts[(pc.kind, pc.loaded)] = counts.get((pc.kind, pc.loaded), 0) + 1
            top = y + 11
            self.text(x, top, f"{name.upper()} ({len(pile)})", px, c["muted"], "start", True, "hud")
            for j, kind in enumerate(CAR_ORDER):
                cx = x + j * colw
                for r, loaded in enumerate((True, False)):
                    if kind == "caboose" and not loaded:
                        continue
                    n = counts.get((kind, loaded), 0)
                    ry = top + rows_dy + r * pitch
                    self.car(self.sample_piece(kind, loaded), cx + car_dx, ry + 2, 14, 10, "hud", record=False)
                    self.text(cx + num_dx, ry + 11, str(n), px, c["ink"] if n else faint, "start", n > 0, "hud")
            y += block
        return y


# --------------------------------------------------------------------------- the prompt


def prompt(s) -> tuple:
    """(who must decide what, the particulars) in words, as ``Game.decision`` says it."""
    if s.outcome is not None:
        return "Game over", s.outcome.reason
    who = actor(s)
    if who is None:
        return "", ""
    return f"{s.players[who].name}: {decision(s)}", detail(s)
