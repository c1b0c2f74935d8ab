"""The panels that open over the board's top right corner — the Hint, What can I do?, the Day's
summary and Load's question — so that nothing above the board ever changes height. The overlay
shows while any of them is open; while a Hint is shown it moves to the corner that covers the
fewest of the Hint's marks.

``Overlays`` keeps the Hint it shows (``hint``) and the Day whose summary is open
(``summary_day``); Load's question is the files' row, placed here. What the panels say is the
board's."""

from __future__ import annotations

import html

import ipywidgets as W

from .frontend import set_trait as _set

#: where the panels over the board may lie, in order of preference (the CSS puts them top right):
#: the overlay's (top, right, bottom, left); a Hint moves them off the places it marks
PANEL_CORNERS = {"top right": (None, None, None, None), "top left": ("6px", "auto", "auto", "6px"),
                 "bottom right": ("auto", "6px", "6px", "auto"), "bottom left": ("auto", "auto", "6px", "6px")}


def _shown(widget) -> bool:
    return widget.layout.display not in ("none", None)


def best_corner(boxes, wide: float, high: float, text: str) -> str:
    """The corner of the board for the panels while a Hint is shown: the first of PANEL_CORNERS
    whose panel would cover none of ``boxes`` (the Hint's marks, in CSS px; else the one that
    covers the fewest). The board is ``wide`` by ``high`` CSS px; the panel is ``min(460px, 52%)``
    wide, its height estimated from the Hint's ``text``."""
    if not boxes:
        return "top right"
    panel_w = min(460.0, 0.52 * wide)
    chars = len(html.unescape(text)) - 30  # the text, without its markup
    lines = -(-max(1, chars) * 7.2 // max(60.0, panel_w - 24))
    panel_h = lines * 19 + 18

    def covered(corner):
        x0 = 6 if corner.endswith("left") else wide - 6 - panel_w
        y0 = 6 if corner.startswith("top") else high - 6 - panel_h
        x1, y1 = x0 + panel_w, y0 + panel_h
        return sum(1 for a in boxes if a[0] < x1 and x0 < a[2] and a[1] < y1 and y0 < a[3])

    return min(PANEL_CORNERS, key=lambda c: (covered(c), list(PANEL_CORNERS).index(c)))


class Overlays(W.VBox):
    """The panels over the board. ``question`` is Load's question row (the files' own);
    ``on_summary_ok()`` is the Day summary's OK; ``measure()`` gives ``(boxes, wide, high)``, the
    Hint's marks and the board's size in CSS px (or None), to place the panels off the marks."""

    def __init__(self, question, *, on_summary_ok, measure) -> None:
        self._measure = measure
        self.hint = None  # (history length, Decision, targets) of the last Hint
        self.summary_day = None  # the Day whose summary is shown
        self.help_box = W.HTML(layout=W.Layout(display="none", width="100%"))
        self.help_box.add_class("sm-panel")
        self.hint_box = W.HTML(layout=W.Layout(display="none", width="100%"))
        self.hint_box.add_class("sm-panel")
        self.summary_box = W.HTML(layout=W.Layout(width="100%"))
        self.summary_close = W.Button(description="OK", tooltip="put the Day's summary away",
                                      layout=W.Layout(width="auto", min_width="3.5em", flex="0 0 auto"))
        self.summary_close.on_click(lambda b: on_summary_ok())
        self.summary_row = W.HBox([self.summary_box, self.summary_close],
                                  layout=W.Layout(display="none", align_items="flex-start", width="100%"))
        self.summary_row.add_class("sm-panel")
        self.question = question
        question.add_class("sm-panel")
        super().__init__([self.hint_box, self.help_box, self.summary_row, question], layout=W.Layout(display="none"))
        self.add_class("sm-overlay")

    def fit(self) -> None:
        """Show the overlay while any panel is open, in its corner; the board never moves for it."""
        open_ = any(_shown(w) for w in (self.hint_box, self.help_box, self.summary_row, self.question))
        _set(self.layout, "display", "flex" if open_ else "none")
        corner = "top right"
        if _shown(self.hint_box):
            found = self._measure()
            if found is not None:
                corner = best_corner(*found, self.hint_box.value)
        for side, value in zip(("top", "right", "bottom", "left"), PANEL_CORNERS[corner]):
            _set(self.layout, side, value)

    def show_help(self, text: str | None) -> None:
        """What can I do?: its list, or None to close it."""
        _set(self.help_box.layout, "display", "none" if text is None else "block")
        if text is not None:
            _set(self.help_box, "value", text)
        self.fit()

    def show_hint(self, hint, text: str) -> None:
        """A Hint ``(history length, Decision, targets)`` and its whole text in a panel (the
        message line is one line)."""
        self.hint = hint
        # the Hint button's own icon (Font Awesome, which ipywidgets loads): an emoji is a box where
        # the system has no emoji font (Debian's Chromium showed "▯ Hint: …")
        _set(self.hint_box, "value", f"<div class='sm-hint'><i class='fa fa-lightbulb-o' aria-hidden='true'></i> "
                                     f"{html.escape(text)}</div>")
        _set(self.hint_box.layout, "display", "block")
        self.fit()

    def hide_hint(self) -> None:
        """The Hint's panel goes (the game changed); its marks go with the position they were for."""
        _set(self.hint_box.layout, "display", "none")
        self.fit()

    def hint_marks(self, position: int) -> list:
        """``[(target, number), ...]``: the places the Hint marks, in the order to click them, each
        with its number ("1", "2"; "1, 3" for a place clicked twice); the numbers are "" when
        there is only one place. Empty when no Hint is shown for the game at ``position`` (its
        history's length)."""
        if self.hint is None or self.hint[0] != position:
            return []
        order: dict = {}
        for k, t in enumerate(self.hint[2], 1):
            order.setdefault(tuple(t), []).append(str(k))
        many = len(self.hint[2]) > 1
        return [(t, ", ".join(ks) if many else "") for t, ks in order.items()]

    def show_summary(self, day: int, text: str) -> None:
        """How ``day`` went, until OK."""
        self.summary_day = day
        _set(self.summary_box, "value", text)
        _set(self.summary_row.layout, "display", "flex")
        self.fit()

    def dismiss_summary(self) -> None:
        self.summary_day = None
        _set(self.summary_row.layout, "display", "none")
        self.fit()

    def forget(self) -> None:
        """Another game: its Hint and its Day's summary go."""
        self.hint = None
        _set(self.hint_box.layout, "display", "none")
        self.summary_day = None
        _set(self.summary_row.layout, "display", "none")
        self.fit()
