"""The compact card row: the viewer's hand, the Home Office deck, the Department tops and the
Salvage Yard for a board shown small (a laptop screen shows the 1240 px table at about two
thirds). Every word in the row is ``COMPACT_TEXT`` px or larger, so at 65 % it is still 9 px on
screen: a card says its name and the one line that matters (its class, car, A/D tracks...); its
full text is in the hit region's tip and in the message line when it is selected."""

from __future__ import annotations

from ...cards import rules_for
from ...query import hand_limit, spec_of
from .layout import CLASS_SHORT, COMPACT_TEXT as F, MARGIN, fit, text_width

# The cards lie where the full row has them (``Cards.cards``), so every click target is the same
# in both: 96 x 138 px, the hand from the left, the piles on the right 108 px apart.
CARD_MAX_H, CARD_W, GAP, PILES_W = 138, 96, 8, 5 * 100 + 4 * 8
CARD_H = CARD_MAX_H


def one_line(sp, card) -> str:
    """The words under a compact card's picture: what a player needs to tell this card from
    another of its kind (its name says the rest)."""
    if card.picture == "plate":
        return CLASS_SHORT.get(sp.train_class, sp.train_class) if sp.direction else "east/west"
    if sp.car:
        return f"{sp.car}s"
    if card.picture == "rail":
        if sp.ad_tracks:
            return f"{sp.ad_tracks} A/D"
        return card.label.lower() if sp.operational else "no stopping"
    if card.picture == "sections":
        return f"{sp.sections} sections"
    line = (card.label or sp.kind).lower()
    # a long label ("mainline modifier") keeps its first word: the name above says the rest
    return line if text_width(line, F) <= CARD_W - 6 else line.split()[0]


def title_lines(name: str, w: float) -> list:
    """The card's name in one or two bold lines of ``F`` px that fit ``w``."""
    if text_width(name, F, True) <= w:
        return [name]
    words, first = name.replace("-", "- ").split(), ""
    while words and text_width((first + " " + words[0]).strip(), F, True) <= w:
        first = (first + " " + words.pop(0)).strip().replace("- ", "-")
    if not first:  # one long word
        return [fit(name, w, F, True)]
    return [first, fit(" ".join(words).replace("- ", "-"), w, F, True)] if words else [first]


class CompactCards:
    """The compact card row (mixed into the board builder; ``Cards.cards`` hands over to it)."""

    def cards_compact(self, y0):
        """The hand, then the piles (Home Office, situation card, Departments, Salvage Yard) on the
        right; on a narrow table (``narrow``) the piles in a row of their own under the hand.
        Returns the y under the row."""
        s, c = self.s, self.c
        W = self.W
        CARD_H = getattr(self, "card_h", None) or CARD_MAX_H  # the room layout's cards are shorter
        stacked = getattr(self, "narrow", False)
        p = self.viewer
        hand = s.players[p].hand if 0 <= p < len(s.players) else []
        hand_room = W - 2 * MARGIN - (0 if stacked else PILES_W + 40 + self.situation_room())
        card_w = min(float(CARD_W), (hand_room - GAP * max(0, len(hand) - 1)) / max(1, len(hand)))
        head = y0 + F
        title = fit(self.hand_title(p, hand), hand_room, F, True)
        self.text(MARGIN, head, title, F, c["muted"], "start", True, "hud")
        x, y = MARGIN, y0 + 18
        if not hand:
            self.rect(x, y, CARD_W, CARD_H, None, c["faint"], 1, 6, "hud", (4, 3))
            self.text(x + CARD_W / 2, y + CARD_H / 2, "no cards", F, c["muted"], "middle", False, "hud")
        marked = self.offered(p)
        for cid in hand:
            self.card_compact(cid, x, y, card_w, CARD_H)
            self.offer_mark(marked, cid, x, y, card_w, CARD_H)
            sp = spec_of(s, cid)
            self.hit(x, y, card_w, CARD_H, ("hand", cid), f"{sp.name}: {sp.text}")
            x += card_w + GAP
        # the piles on the right, each named under it (stacked: a row of their own, as wide as the table)
        pitch, pile_w = 108.0, float(CARD_W)
        if stacked:
            slots = 5 + (1 if self.situation_room() else 0)
            pitch = min(108.0, (W - 2 * MARGIN + GAP) / slots)
            pile_w = min(float(CARD_W), pitch - GAP)
            head = y + CARD_H + F + 8 + F
            y = head + 4
            x = MARGIN + (slots - 5) * pitch
        else:
            x = W - MARGIN - PILES_W
        foot = y + CARD_H + F + 2
        self.text(x, head, fit("HOME OFFICE", pitch - 4, F, True), F, c["muted"], "start", True, "hud")
        self.text(x + pitch + (2 * pitch + pile_w) / 2, head, "DEPARTMENTS", F, c["muted"], "middle", True, "hud")
        self.card_back(x, y, pile_w, CARD_H, len(s.home), words=False)
        self.hit(x, y, pile_w, CARD_H, ("home",), f"Home Office deck: {len(s.home)} cards face down")
        self.text(x + pile_w / 2, foot, f"{len(s.home)} cards", F, c["muted"], "middle", True, "hud")
        self.situation_card(x - pitch, head, y, pile_w, CARD_H, compact=True)
        for k, pile in enumerate(s.departments):
            dx = x + (k + 1) * pitch
            if pile:
                self.card_compact(pile[-1], dx, y, pile_w, CARD_H)
                tip = f"Department {k + 1}: {spec_of(s, pile[-1]).name} on top, {len(pile)} card(s)"
            else:
                self.rect(dx, y, pile_w, CARD_H, None, c["faint"], 1.2, 6, "hud", (4, 3))
                self.text(dx + pile_w / 2, y + CARD_H / 2, "empty", F, c["muted"], "middle", False, "hud")
                tip = f"Department {k + 1}: empty"
            self.text(dx + pile_w / 2, foot, fit(f"Dept {k + 1} · {len(pile)}", pitch - 2, F, True), F, c["muted"],
                      "middle", True, "hud")
            self.hit(dx, y, pile_w, CARD_H, ("dept", k + 1), tip)
        sx = x + 4 * pitch
        self.text(sx + pile_w / 2, head, "SALVAGE", F, c["muted"], "middle", True, "hud")
        self.rect(sx, y, pile_w, CARD_H, None, c["card_stroke"], 1.2, 6, "hud", (4, 3))
        self.text(sx + pile_w / 2, y + CARD_H / 2, str(len(s.salvage)), 22, c["ink"], "middle", True, "hud")
        self.text(sx + pile_w / 2, y + CARD_H / 2 + 20, "cards", F, c["muted"], "middle", False, "hud")
        self.sc.card_row = (0, y0, W, foot + 4 - y0)
        return foot + 4

    def card_compact(self, cid, x, y, w, h, layer="hud"):
        """A card's face in big print: its name on the kind band, its picture, one line."""
        c = self.c
        sp = spec_of(self.s, cid)
        card = rules_for(sp)
        band = card.colour
        names = title_lines(sp.name, w - 16)  # room to spare: the width of bold text is an estimate
        band_h = 8 + F * len(names) + 2 * (len(names) - 1)
        self.rect(x, y, w, h, c["card"], c["card_stroke"], 1.2, 6, layer)
        self.rect(x, y, w, band_h, band, None, 0, 6, layer)
        self.rect(x, y + band_h - 8, w, 8, band, None, 0, 0, layer)
        for i, ln in enumerate(names):
            self.text(x + w / 2, y + 3 + F * (i + 1) + 2 * i - 2, ln, F, "#ffffff", "middle", True, layer)
        line_y = y + h - 8
        pic_y = y + band_h + 6
        if card.picture == "tag":  # a Modifier: what it adds, one line each, in its frame
            tags = card.tag or ("",)
            self.rect(x + 6, pic_y + 2, w - 12, len(tags) * (F + 4) + 8, None, band, 1.5, 4, layer)
            for i, t in enumerate(tags):
                self.text(x + w / 2, pic_y + 6 + (i + 1) * (F + 4) - 4, fit(t, w - 16, F), F, band,
                          "middle", False, layer)
        else:
            self.picture(sp, card, x, w, pic_y, line_y - F - 6 - pic_y, layer, words=False)
        if sp.car:  # the facility's boxes, as on the full card
            bx = x + 8
            for n, col in ((sp.green, c["green"]), (sp.red, c["red"])):
                for _ in range(n):
                    self.rect(bx, line_y - F - 12, 8, 8, col, None, 0, 1, layer)
                    bx += 10
                if n:
                    bx += 4
        self.text(x + w / 2, line_y, fit(one_line(sp, card), w - 6, F), F, c["ink"], "middle", False, layer)
