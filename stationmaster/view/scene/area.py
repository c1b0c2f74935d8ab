"""The Office Area panels: each seat's grid of cards with rail, trains and standing cars, the Crew
Tray rows, and the facility list with green and red boxes and MEN | AT | WORK pipelines."""

from __future__ import annotations

from ...cards import PIECES, rules_for
from ...cards.opponent import EFFECTS, in_play_words, is_opponent_card
from ...flow import Where
from ...query import ad_tracks, capacity, player_at, spec_of, workers_left
from ...state import PIPELINE
from ..shapes import Poly
from .layout import GRID_NAMES, MARGIN, fit, floor, money, text_width, wrap
from .theme import KIND_COLOURS, PLAYER_COLOURS, TIER_COLOURS, is_dark, mix


#: what fills each way of a car order ([L8]): a load out counts as it ships, a load in as it is unloaded
ORDER_WAY_WORDS = {"out": "shipped", "in": "unloaded"}


def order_words(orders: dict) -> str:
    """[L8] an industry's order for the Day in short, loads shipped (an order out fills as its loads
    leave the Area) and unloaded of those wanted: 'today shipped 1/2 · unloaded 0/1'."""
    ways = [f"{ORDER_WAY_WORDS[w]} {orders[w][1]}/{orders[w][0]}" for w in ("out", "in") if w in orders]
    return "today " + " · ".join(ways) if ways else ""


class OfficeAreas:
    """The Office Area panels (mixed into the board builder)."""

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
            tr = [len([t for t in s.trains.values() if t.where == Where.AREA and t.seat == k]) for k in g]
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
        # the name plate: a card played on the player ([O2]) is played by a click here
        self.sc.plate_rects[seat] = (x + 8, y + 2, hx - x - 10, 24)
        self.hit(x + 8, y + 2, hx - x - 10, 24, ("player", seat), f"{name}'s name plate")
        if p == s.superintendent:
            self.fedora(hx + 10, y + 17, 0.9, "hud")
            hx += 24
        info = f"{sp.name} · {ad_tracks(s, area)} A/D" + (" · CP" if sp.tier else "")
        self.text(hx, y + 19, fit(info, x + w - hx - 56, 11), 11, c["muted"], "start", False, "table")
        rev = s.players[p].revenue
        self.text(x + w - 10, y + 20, money(rev), 15, c["ink"] if rev >= 0 else c["red"], "end", True, "hud")
        if p == self.who:
            self.rect(x - 1, y - 1, w + 2, h + 2, None, c["prompt_bar"], 2.5, 9, "hud")
        wl, el, ymin, ymax = ext
        cw, ch = self.cw, self.ch
        gw = (el - wl + 1) * cw
        # solitaire, and the room layout's one Area: trays and facilities beside the grid
        # (a narrow room layout: the list under the grid)
        side_list = (len(s.players) == 1 or getattr(self, "side_list_seat", None) == seat) \
            and not getattr(self, "narrow", False)
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
                if (xx, yy) in area.space:
                    self.space_card(seat, (xx, yy), area.space[(xx, yy)], rx, ry, cw, ch)
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
        trains = sorted((t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat), key=lambda t: t.tray)
        for t in trains:
            sp = spec_of(s, t.card)
            items = [("train", t)]
            pw, ph, ew, gap = 14.0, 10.0, 22.0, 1.5
            need = self.run_width(items, pw, ew, gap)
            rects, _ = self.draw_run(items, x + 3, y + 12, pw, ph, ew, gap)
            r = rects[t.tray]
            self.hit(*r, ("tray", t.tray), self.tray_tip(t))
            where = "on an A/D track" if tuple(t.pos) == (0, 0) else f"at {t.pos[0]},{t.pos[1]}"
            where += "".join(f" · {spec_of(s, o).name}" for o in t.orders if is_opponent_card(s, o))  # [O5]
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

    def space_card(self, seat, xy, card, x, y, w, h):
        """A space-use card an opponent laid on this spot ([O8]-[O10]): a band across the spot in the
        card's colour with its name; the spot's tip says whose it is and until when."""
        s, c = self.s, self.c
        rules = rules_for(spec_of(s, card))
        bh = max(9.0, min(14.0, h * 0.3))
        by = y + h - bh - 3
        self.rect(x + 3, y + 3, w - 6, h - 6, None, rules.colour, 2.0, 4, "pieces", (4, 2))
        self.rect(x + 3, by, w - 6, bh, rules.colour, None, 0, 2, "pieces")
        size = max(6.0, min(8.5, bh * 0.7))
        self.text(x + w / 2, by + bh * 0.74, fit(EFFECTS[rules.spec.key].short, w - 10, size, True), size, "#ffffff",
                  "middle", True, "pieces")
        self.hit(x, y, w, h, ("spot", seat, xy[0], xy[1]), f"{in_play_words(s, card)}: {EFFECTS[rules.spec.key].does}")

    def limit_sign(self, x, y, w, h, rail_w, side):
        c = self.c
        cy = y + h / 2
        self.line([(x, cy), (x + w, cy)], c["rail"], rail_w, "table")
        bw, bh = min(w * 0.78, 46), max(8.0, min(h * 0.3, 14))
        size = min(bh * 0.66, bw / 4.2)
        # a text floor (the room layout) may make the word wider than the board: the board grows to
        # fit it, and leans away from the Office so that it never covers the next card
        bw = max(bw, text_width("LIMITS", floor(size), True) + 6)
        bh = max(bh, floor(size) * 1.3)
        px = x + w / 2
        px = min(px, x + w - 2 - bw / 2) if side == "west" else max(px, x + 2 + bw / 2)
        self.line([(px, cy - rail_w), (px, y + 4 + bh)], c["ink"], 1.4, "table")
        self.rect(px - bw / 2, y + 4, bw, bh, c["sign"], c["ink"], 1.1, 1.5, "table")
        self.text(px, y + 4 + bh * 0.74, "LIMITS", size, c["sign_text"], "middle", True, "table")
        self.text(px, y + h - 4, "◂ Mainline" if side == "west" else "Mainline ▸", min(8.0, w / 8), c["muted"],
                  "middle", False, "table")

    def card_on_grid(self, seat, xy, placed, x, y, w, h, rail_w):
        s, c = self.s, self.c
        sp = spec_of(s, placed.card)
        area = s.areas[seat]
        inset = 1.5
        card = rules_for(sp)
        band = card.colour
        face = c["card"] if not sp.ad_tracks else mix(c["card"], band, 0.16)
        self.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, face, c["card_stroke"], 1.0, 4, "table")
        label_size = max(6.0, min(9.5, w / 8.2))
        short = GRID_NAMES.get(sp.key, sp.name)
        if card.picture == "tag":
            self.rect(x + inset + 1, y + inset + 1, w - 2 * inset - 2, h - 2 * inset - 2, mix(c["card"], band, 0.1),
                      band, 1.6, 4, "table")
            lines = wrap(short, w - 10, label_size, 2)
            if len(lines) > 1 and h < 3.6 * floor(label_size) + 4:  # a flat card (a tall grid): two lines
                lines = [fit(short.split()[-1], w - 10, label_size, True)]  # "Dock", "Gang": the tip says it whole
            tag = card.tag
            brief = (e.replace("green", "G").replace("red", "R") for e in tag)  # "+1 G +1 R"
            lines.append(tag[0] if len(tag) == 1 else " ".join(brief))
            if card.uses_per_day and s.device_uses.get(placed.card, 0) >= card.uses_per_day:
                lines[-1] = "used today"  # a dispatch device spent for the Day ([M20])
            for i, ln in enumerate(lines):
                last = i == len(lines) - 1
                self.text(x + w / 2, y + h / 2 + (i - (len(lines) - 1) / 2) * label_size * 1.2 + label_size * 0.35,
                          ln, label_size * (0.9 if last else 1), c["muted"] if last else
                          (band if not is_dark(c["card"]) else mix(band, "#ffffff", 0.45)), "middle", not last, "table")
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
        fac = area.facilities.get(xy) if sp.car else None
        if fac is not None:
            locked = fac.locked
        if sp.car:
            self.rect(x + inset, y + inset, w - 2 * inset, label_size + 4, band, None, 0, 4, "table")
            label = fit(short, w - 6, label_size, True)  # (a lock goes under the band: the name keeps its room)
            self.text(x + w / 2, y + inset + label_size + 1, label, label_size,
                      "#ffffff", "middle", True, "table")
        self.rail(geo, x, y, w, h, rail_w, face, faded=locked)
        self.yard_marks(card.local_action, geo, x, y, w, h, max(1.2, rail_w * 0.6), "table")
        if sp.ad_tracks:
            # the tier initial in the free corner left of the stubs, and one pip per A/D track
            bs = label_size * 0.95
            short = {"whistle_post": "WP"}.get(sp.key, sp.name[0])
            tw = text_width(short, bs, True) + 5
            self.rect(x + 3, y + 3, tw, bs + 3, band, None, 0, 2, "table")
            self.text(x + 3 + tw / 2, y + 3 + bs + 0.2, short, bs, "#ffffff", "middle", True, "table")
            held = len([t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat and tuple(t.pos) == xy])
            pip = max(3.0, min(5.0, w / 16))
            for k in range(ad_tracks(s, area)):  # a Siding Extension adds one ([E5])
                px = x + w - 4 - (2 - k % 2) * (pip + 1.2)
                py = y + 4 + (k // 2) * (pip + 1.2)
                full = k < held
                self.rect(px, py, pip, pip, c["engine"] if full else face, c["ink"], 0.7, 0.6,
                          "pieces" if full else "table")
        if locked:
            top = y + label_size + 6
            self.hatch(x + inset + 1, top, w - 2 * inset - 2, y + h - inset - 1 - top, c["hatch"], 5, 0.8, "table")
            self.lock(x + w - 12, floor(label_size) + y + inset + 9, min(1.0, label_size / 9), "pieces", dark=True)
        if placed.rotated:
            self.text(x + w - 4, y + h - 4, "↻", label_size * 1.1, c["muted"], "end", False, "table")
        r = max(2.6, min(w, h) * 0.075)
        if sp.operational and not locked:
            self.wheel(x + r + 4, y + h - r - 4, r)
        self.enhancement_tabs(seat, xy, placed, x, y, w, h, label_size)
        if sp.car and w >= 44:
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

    def enhancement_tabs(self, seat, xy, placed, x, y, w, h, size):
        """The enhancements lying on a grid card ([E1]): small tabs in their card's colour with a short
        name, laid from the card's lower right corner leftward, a row higher when a row is full (the
        lower left keeps its Operational Rail wheel). When the names would need more than two rows (a
        small card), the tabs show initials ("YL" for Yard Lights). A hover names each and says what it
        does."""
        s, c = self.s, self.c
        th = max(7.0, min(10.0, h * 0.17))
        fs = th * 0.74
        right = x + w - 2.5
        room = w - max(2.6, min(w, h) * 0.075) * 2 - 10  # right of the wheel
        specs = [spec_of(s, card) for card in placed.enhancements]

        def layout(labels):
            out, tx, ty = [], right, y + h - 2.5 - th
            for label in labels:
                tw = min(room, text_width(label, fs, True) + 5)
                if tx - tw < right - room:  # the row is full: start the next one up
                    tx, ty = right, ty - th - 1.5
                tx -= tw
                out.append((label, tx, ty, tw))
                tx -= 1.5
            return out

        tabs = layout([rules_for(sp).short or GRID_NAMES.get(sp.key, sp.name) for sp in specs])
        if len({ty for *_, ty, _ in tabs}) > 2:
            tabs = layout(["".join(word[0] for word in sp.name.split()) if " " in sp.name else sp.name[:3]
                           for sp in specs])
        for sp, (label, tx, ty, tw) in zip(specs, tabs):
            self.rect(tx, ty, tw, th, rules_for(sp).colour, c["card_stroke"], 0.6, 2, "table")
            self.text(tx + tw / 2, ty + th * 0.76, fit(label, tw - 2, fs, True), fs, "#ffffff", "middle", True, "table")
            self.hit(tx, ty, tw, th, ("spot", seat, *xy), f"{sp.name} on it: {sp.text}")

    def area_pieces(self, seat, area, gx, gy, ymax):
        s = self.s
        cw, ch = self.cw, self.ch
        wl = area.west_limit
        trains = {}
        for t in sorted(s.trains.values(), key=lambda t: t.tray):
            if t.where == Where.AREA and t.seat == seat:
                trains.setdefault(tuple(t.pos), []).append(t)
        spots = set(trains) | {xy for xy, pl in area.grid.items() if pl.cars}
        pw0, ph0 = cw * 0.15, max(6.0, ch * 0.24)
        for xy in sorted(spots):
            rx = gx + (xy[0] - wl) * cw
            ry = gy + (ymax - xy[1]) * ch
            placed = area.grid.get(xy)
            cars = placed.cars if placed else []
            here = trains.get(xy, [])
            apart = placed is not None and not rules_for(spec_of(s, placed.card)).couples_on_entry
            if apart and here and cars:  # an Interchange: the cut waits on the second track, below ([K5])
                rows = [[("train", t)] for t in here] + [[("car", p) for p in cars]]
            elif len(here) <= 1:
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
                    self.attack_badges(s.trains[tray], r)  # [O5]
                    self.sc.tray_rects[tray] = r
                    self.hit(*r, ("tray", tray), self.tray_tip(s.trains[tray]))

    def ready_marks(self):
        """A tag on each grid card whose facility can act now ("Agent", "Laborer", "Porter")."""
        c = self.c
        for (seat, x, y), who in sorted(getattr(self, "ready", {}).items()):
            r = self.sc.spot_rects.get((seat, x, y))
            if r is None:
                continue
            rx, ry, rw, rh = r
            self.rect(rx + 1, ry + 1, rw - 2, rh - 2, None, c["green"], 2.2, 4, "pieces", (5, 3))
            label = f"▶ {who}"
            tw = text_width(label, 9.5, True) + 8
            self.rect(rx + rw / 2 - tw / 2, ry - 7, tw, 14, c["green"], None, 0, 7, "pieces")
            self.text(rx + rw / 2, ry + 3.5, label, 9.5, "#ffffff", "middle", True, "pieces")

    def facility_row(self, seat, area, xy, x, y, w):
        """An Office's or industry's boxes, workers and pipeline, and an industry's car order for the
        Day ([L8]) beside its name."""
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
        order = order_words(fac.orders) if xy != (0, 0) else ""
        cands = (f"{where} · {order}", f"{sp.car}s · {order}", order, where.split(" · ")[0], "") if order else \
            (where, where.split(" · ")[0], "")
        for cand in cands:
            if text_width(cand, 9) <= room:
                break
        self.text(tx, y + 12, cand, 9, c["ink"] if order and order in cand else c["muted"], "start", False, "table")
        self.text(x + w - 6, y + 12, right, 9, c["muted"], "end", False, "hud")
        who = getattr(self, "ready", {}).get((seat, xy[0], xy[1]))
        if who:
            self.rect(x - 1, y - 1, w + 2, 39, None, c["green"], 2.0, 5, "pieces", (5, 3))
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
