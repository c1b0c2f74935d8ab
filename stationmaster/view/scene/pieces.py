"""Rolling stock and trains as shapes: cars, engines and the runs of a Crew Tray, shared by the
Division, the Office Areas, the yards and the cards."""

from __future__ import annotations

import functools

from ...cards import PIECES, rules_of
from ...cards.opponent import EFFECTS, in_play_words, is_opponent_card
from ...query import spec_of
from ..shapes import Poly
from .layout import CLASS_SHORT, car_letter, fit, text_width
from .theme import is_dark


class Pieces:
    """Drawing cars and trains (mixed into the board builder)."""

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
            tc = "#ffffff" if pc.loaded or pc.kind == "caboose" else "#3a3a3a"
            self.text(x + w / 2, y + h * 0.5 + h * 0.3, car_letter(pc.kind, pc.loaded),
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
            ink = c["engine_text"] if not t.extra else ("#ffffff" if is_dark(fill) else "#1a1a1a")
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

    def attack_badges(self, t, r, layer="pieces"):
        """The opponent cards on a train ([O5]): a small band in the card's colour under its tray,
        with the card's name, so the victim and the table see why it stands."""
        shown = [o for o in t.orders if is_opponent_card(self.s, o)]
        x, y, w, h = r
        size = max(6.0, min(8.0, h * 0.55))
        for i, card in enumerate(shown):
            rules = rules_of(self.s, card)
            label = EFFECTS[rules.spec.key].short
            bw = text_width(label, size, True) * 1.12 + 6  # the estimate runs narrow for bold capitals
            by = y + h + 1 + i * (size + 3)
            self.rect(x, by, bw, size + 2, rules.colour, None, 0, 2, layer)
            self.text(x + 3, by + size, label, size, "#ffffff", "start", True, layer)

    def tray_tip(self, t) -> str:
        sp = spec_of(self.s, t.card)
        cars = ", ".join(str(PIECES[p]).rsplit(" ", 1)[0] for p in t.cars) or "no cars"
        orders = "".join(f"; {in_play_words(self.s, o)}" if is_opponent_card(self.s, o)  # [O5]
                         else f"; {spec_of(self.s, o).name} order" for o in t.orders)  # [M17]
        speed = f", {sp.speed} sections a Stage" if self.s.config.deck == "full" else ""  # [M10]
        return f"Train {t.label} ({sp.train_class}{speed}, {t.direction}bound, tray {t.tray}): {cars}{orders}"

    def train_here(self, t, x, cy, pw, ph, ew, gap, label=True, layer="pieces", label_w=60.0, label_x=None):
        rects, width = self.draw_run([("train", t)], x, cy, pw, ph, ew, gap, layer=layer)
        r = rects[t.tray]
        self.attack_badges(t, r, layer)
        if label:
            sp = spec_of(self.s, t.card)
            cls = CLASS_SHORT.get(sp.train_class, sp.train_class)
            lab = fit(f"{t.label} {cls}", label_w, 9, True)
            lx = r[0] + 1 if label_x is None else label_x
            self.text(lx, r[1] - 3, lab, 9, self.c["ink"], "start", True, layer)
        self.sc.tray_rects[t.tray] = r
        self.hit(*r, ("tray", t.tray), self.tray_tip(t))
        return r

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def sample_piece(kind, loaded):
        """Some piece id of a kind (loaded or empty), to draw as a swatch where no real piece stands."""
        for pid, pc in PIECES.items():
            if pc.kind == kind and (kind == "caboose" or pc.loaded == loaded):
                return pid
        raise KeyError(kind)
