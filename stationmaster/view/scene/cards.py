"""Card faces and backs: the viewer's hand, the Home Office deck, the Department tops and the
Salvage Yard."""

from __future__ import annotations

from ...cards import rules_for
from ...phases.drawing import offered
from ...query import actor, hand_limit, spec_of
from ..shapes import Circle, Poly
from .compact import title_lines
from .layout import CLASS_SHORT, COMPACT_TEXT, MARGIN, fit, text_width, wrap
from .rail import rail_paths, spur_bumper
from .theme import is_dark


class Cards:
    """The hand and Department row (mixed into the board builder)."""

    def hand_title(self, p, hand) -> str:
        """The hand's heading: whose and how full, or, while two drawn cards wait ([D5]), what to do
        with them (short: a laptop's hand row has room for little more than its name)."""
        if self.offered(p):
            return f"{self.name(p).upper()}'S HAND  ·  KEEP ONE OF TWO"
        limit = hand_limit(self.s, p) if 0 <= p < len(self.s.players) else 3
        return f"{self.name(p).upper()}'S HAND  ({len(hand)} / limit {limit})"

    def offered(self, p) -> list:
        """The two cards drawn together that the viewer still chooses between ([D5]), else []."""
        s = self.s
        return offered(s, p) if 0 <= p < len(s.players) and actor(s) == p else []

    def offer_mark(self, marked, cid, x, y, w, h) -> None:
        """Outline a card drawn under [D5] that waits to be kept or discarded (``marked``: ``offered``'s)."""
        if cid in marked:
            self.rect(x - 3, y - 3, w + 6, h + 6, None, self.c["accent"], 2.5, 8, "hud", (6, 3))

    def cards(self, y0):
        if getattr(self, "compact", False):
            return self.cards_compact(y0)
        s, c = self.s, self.c
        W = self.W
        p = self.viewer
        hand = s.players[p].hand if 0 <= p < len(s.players) else []
        card_h = 138
        piles_w = 5 * 100 + 4 * 8
        hand_room = W - 2 * MARGIN - piles_w - 40 - self.situation_room()
        card_w = min(96.0, (hand_room - 8 * max(0, len(hand) - 1)) / max(1, len(hand)))
        title = self.hand_title(p, hand)
        self.text(MARGIN, y0 + 11, title, 10, c["muted"], "start", True, "hud")
        x = MARGIN
        y = y0 + 18
        if not hand:
            self.rect(x, y, 96, card_h, None, c["faint"], 1, 6, "hud", (4, 3))
            self.text(x + 48, y + card_h / 2, "no cards", 10, c["muted"], "middle", False, "hud")
        marked = self.offered(p)
        for cid in hand:
            self.card_face(cid, x, y, card_w, card_h)
            self.offer_mark(marked, cid, x, y, card_w, card_h)
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
        self.situation_card(x - 108, y0 + 11, y, 96, card_h)
        self.sc.card_row = (0, y0, W, y + card_h + 16 - y0)
        return y + card_h + 16

    def situation_room(self) -> int:
        """Room the situation card takes from the hand (optional rule adversity, [W3])."""
        return 108 if self.s.config.has("adversity") else 0

    def situation_card(self, x, head, y, w, h, compact=False):
        """The situation card the Division turned up this Stage (adversity, [W3]), left of the Home Office
        deck: its name on its kind's band, where it struck, and (full row) what it does."""
        s, c = self.s, self.c
        if not self.situation_room():
            return
        size = COMPACT_TEXT if compact else 10
        self.text(x, head, "SITUATION", size, c["muted"], "start", True, "hud")
        if s.situation is None:
            self.rect(x, y, w, h, None, c["faint"], 1.2, 6, "hud", (4, 3))
            self.text(x + w / 2, y + h / 2, "none yet", size, c["muted"], "middle", False, "hud")
            self.hit(x, y, w, h, ("situation",), "No situation card turned up yet")
            return
        card, short, words = s.situation
        sp = spec_of(s, card)
        band = rules_for(sp).colour
        self.rect(x, y, w, h, c["card"], c["card_stroke"], 1.2, 6, "hud")
        names = title_lines(sp.name, w - 12) if compact else [sp.name]
        nsize = COMPACT_TEXT if compact else next((z for z in (10.5, 9) if text_width(sp.name, z, True) <= w - 8), 8)
        band_h = 8 + nsize * len(names) + 2 * (len(names) - 1) if compact else 22
        self.rect(x, y, w, band_h, band, None, 0, 6, "hud")
        self.rect(x, y + band_h - 8, w, 8, band, None, 0, 0, "hud")
        for i, ln in enumerate(names):
            self.text(x + w / 2, y + 3 + nsize * (i + 1) + 2 * i - 2 if compact else y + 15, fit(ln, w - 6, nsize, True),
                      nsize, "#ffffff", "middle", True, "hud")
        ink = c["ink"] if short not in ("quiet Stage", "no effect", "stopped") else c["muted"]
        if compact:
            self.text(x + w / 2, y + h / 2, fit(short, w - 6, size, True), size, ink, "middle", True, "hud")
            tag = rules_for(sp).tag
            if tag and ink == c["ink"]:  # what it does there: 'held', 'closed'...
                self.text(x + w / 2, y + h / 2 + size + 6, fit(tag[0], w - 6, size), size, band, "middle", False, "hud")
            self.text(x + w / 2, y + h - 8, "this Stage", size, c["muted"], "middle", False, "hud")
        else:
            self.text(x + w / 2, y + 32, "TURNED UP", 7.5, band if not is_dark(c["card"]) else c["muted"], "middle",
                      True, "hud")
            self.text(x + w / 2, y + 50, fit(short, w - 8, 10, True), 10, ink, "middle", True, "hud")
            detail = words.split(": ", 1)[-1] if ": " in words else words
            for i, ln in enumerate(wrap(detail, w - 10, 7.5, 7)):
                self.text(x + 5, y + 66 + i * 9.5, ln, 7.5, c["muted"], "start", False, "hud")
            self.text(x + w / 2, y + h + 13, "this Stage", 9, c["muted"], "middle", True, "hud")
        self.hit(x, y, w, h, ("situation",), f"Situation turned up this Stage: {words}")

    def card_back(self, x, y, w, h, count, words=True):
        self.rect(x, y, w, h, "#7a2e1f", "#3d1409", 1.2, 6, "hud")
        self.rect(x + 5, y + 5, w - 10, h - 10, None, "#e8c77a", 1.2, 4, "hud")
        self.add(Circle(x + w / 2, y + h / 2 - 10, 22, None, "#e8c77a", 1.5, "hud"))
        self.text(x + w / 2, y + h / 2 - 5, "SM", 15, "#e8c77a", "middle", True, "hud")
        self.text(x + w / 2, y + h - 28, str(count), 17, "#ffffff", "middle", True, "hud")
        if words:
            self.text(x + w / 2, y + h - 14, "cards", 9, "#e8c77a", "middle", False, "hud")

    def card_face(self, cid, x, y, w, h, layer="hud", sp=None):
        """A card as printed: kind colour band with its name, a picture, and its short text. The card
        says how it looks (``CardRules.colour``, ``label``, ``picture``...); ``sp``: draw this spec."""
        c = self.c
        sp = sp or spec_of(self.s, cid)
        card = rules_for(sp)
        band = card.colour
        self.rect(x, y, w, h, c["card"], c["card_stroke"], 1.2, 6, layer)
        self.rect(x, y, w, 22, band, None, 0, 6, layer)
        self.rect(x, y + 14, w, 8, band, None, 0, 0, layer)
        size = next((z for z in (10.5, 9) if text_width(sp.name, z, True) <= w - 8), 8)  # "Facing Point Locks": 8
        lines = [sp.name]
        if text_width(sp.name, size, True) > w - 6 and " " in sp.name:  # "Director's Private Car": two lines
            words = sp.name.split()
            cut = min(range(1, len(words)), key=lambda k: max(text_width(" ".join(words[:k]), size, True),
                                                              text_width(" ".join(words[k:]), size, True)))
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        for i, line in enumerate(lines):
            ly = y + 15 if len(lines) == 1 else y + 10 + i * 9
            self.text(x + w / 2, ly, fit(line, w - 6, size, True), size, "#ffffff", "middle", True, layer)
        self.text(x + w / 2, y + 32, card.label or sp.kind.upper(), 7.5, band if not is_dark(c["card"]) else c["muted"],
                  "middle", True, layer)
        pic_y = y + 38
        self.picture(sp, card, x, w, pic_y, 46, layer)
        # facility extras: its car and boxes
        if sp.car:
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
        elif card.picture == "plate":
            text_y = y + 100
            lines = 3
        else:
            text_y = y + 95
            lines = 3
        body = sp.text
        if card.picture == "plate" and sp.direction:  # a timetabled train: its class, then its consist
            body = sp.text.split(". ", 1)[-1]
            self.text(x + w / 2, text_y - 4, CLASS_SHORT.get(sp.train_class, sp.train_class), 9, c["ink"], "middle",
                      True, layer)
            text_y += 8
            lines = 2
        for i, ln in enumerate(wrap(body, w - 10, 7.5, lines)):
            self.text(x + 5, text_y + i * 9.5, ln, 7.5, c["muted"], "start", False, layer)

    def picture(self, sp, card, x, w, pic_y, pic_h, layer, words=True):
        """The middle of a card's face: its rail, number plate, tag, flag or Mainline track. Without
        ``words`` the small print inside the picture is left out (the compact card says it in one
        line of its own)."""
        c = self.c
        band = card.colour
        if card.picture == "rail" and sp.geometry is not None:
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
            self.yard_marks(card.local_action, sp.geometry, px, pic_y, pw, ph, 2.0, layer)
            if sp.operational:
                self.wheel(px + 7, pic_y + ph - 7, 3.5, layer)
            elif words:
                self.text(px + pw - 2, pic_y + ph - 3, "pass-through", 7, c["muted"], "end", False, layer)
            if sp.ad_tracks and words:
                self.text(px + pw - 3, pic_y + 11, f"{sp.ad_tracks} A/D", 8.5, c["ink"], "end", True, layer)
        elif card.picture == "plate":
            bx, bw = x + w / 2 - 22, 44
            self.rect(bx, pic_y, bw, 30, "#ffffff", "#1d1d1d", 1.4, 3, layer)
            self.text(x + w / 2, pic_y + 22, card.plate, 19, "#1d1d1d", "middle", True, layer)
            d = sp.direction
            ay = pic_y + 42
            if d and not words:
                self.arrow(x + w / 2 - 11, ay, d, layer)
            elif d:
                word = f"{d}bound"
                total = 22 + 4 + text_width(word, 8.5)
                ax0 = x + (w - total) / 2
                self.arrow(ax0, ay, d, layer)
                self.text(ax0 + 26, ay + 3, word, 8.5, c["muted"], "start", False, layer)
            elif words:
                self.text(x + w / 2, ay + 3, "east or west", 8.5, c["muted"], "middle", False, layer)
        elif card.picture == "tag":
            tag = "  ".join(card.tag)
            size = 10 if text_width(tag, 10, True) <= w - 24 else 7.5
            self.rect(x + 10, pic_y + 6, w - 20, 26, None, band, 1.5, 4, layer)
            if words:
                self.text(x + w / 2, pic_y + 23, tag, size, band, "middle", True, layer)
        elif card.picture == "flag":
            fx = x + w / 2 - 12
            self.line([(fx, pic_y + 40), (fx, pic_y + 2)], c["ink"], 2, layer)
            self.add(Poly(((fx, pic_y + 3), (fx + 26, pic_y + 11), (fx, pic_y + 19)), "#c62828", None, 0, layer))
        elif card.picture == "regions":  # a Mainline card: one track, two regions
            ry = pic_y + 20
            self.line([(x + 8, ry), (x + w - 8, ry)], c["rail"], 3.2, layer)
            self.line([(x + w / 2, ry - 7), (x + w / 2, ry + 7)], c["muted"], 1, layer, (2, 2))
            for k, word in enumerate(("west", "east") if words else ()):
                self.text(x + w * (0.27 + 0.46 * k), ry + 16, word, 8, c["muted"], "middle", False, layer)
        elif card.picture == "sections":  # a Mainline card with a length: one tick a section
            ry = pic_y + 20
            self.line([(x + 8, ry), (x + w - 8, ry)], c["rail"], 3.2, layer)
            for k in range(sp.sections + 1):
                tx = x + 8 + k * (w - 16) / sp.sections
                self.line([(tx, ry - 5), (tx, ry + 5)], c["ink"], 1.2, layer)
            if words:
                self.text(x + w / 2, ry + 18, f"{sp.sections} sections", 8.5, c["ink"], "middle", True, layer)

    def arrow(self, x, y, d, layer):
        """A 22 px arrow pointing east or west, its left end at (x, y)."""
        tip, base = (x + 22, x) if d == "east" else (x, x + 22)
        self.line([(base, y), (tip, y)], self.c["ink"], 2, layer)
        k = 5 if d == "east" else -5
        self.add(Poly(((tip + k * 0.4, y), (tip - k, y - 4), (tip - k, y + 4)), self.c["ink"], None, 0, layer))
