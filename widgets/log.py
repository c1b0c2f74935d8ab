"""The event log: the game's events as sentences, grouped under Stage headings, newest last.

``EventLog`` keeps the log incrementally (one batch of events per accepted intent), so an update
costs only the new events; undo pops a batch; anything else (load, new game) rebuilds. A bot's
decision comes with a note, its one-line reason, shown before the events it caused. Rendering is
HTML, one block per Stage: only the current Stage's block changes on an ordinary update, so the
widget messages stay small however long the game. No ipywidgets here: the board owns the widgets.
"""

from __future__ import annotations

import html

from stationmaster.query import CLOCK

#: event kinds shown in a quieter style
QUIET = {"option", "move", "set_out", "draw", "discard", "place_car", "stage_end"}
LOUD = {"collision", "game_over", "revenue", "red_flag"}


def heading(day: int, stage: int) -> str:
    return f"Day {day}, Stage {stage} ({CLOCK[stage - 1]})"


def event_html(e) -> str:
    cls = "sm-loud" if e.kind in LOUD else "sm-quiet" if e.kind in QUIET else "sm-ev"
    style = {"sm-loud": "font-weight:600", "sm-quiet": "opacity:0.75", "sm-ev": ""}[cls]
    if e.kind == "revenue":
        style += ";color:" + ("#1a7f37" if e.amount > 0 else "#cf222e")
    elif e.kind in ("collision", "game_over"):
        style += ";color:#cf222e"
    return f'<div class="{cls}" style="{style}">{html.escape(str(e))}</div>'


def message_html(text: str, level: str = "") -> str:
    """A message of the board's message line, whole ("⚠" for a refusal or a warning)."""
    style = "font-style:italic" + (";color:#b35900" if level else ";opacity:0.85")
    mark = "⚠ " if level else "✎ "
    return f'<div class="sm-msg" style="{style}">{html.escape(mark + text)}</div>'


def note_html(text: str) -> str:
    """A bot's reason for its decision ("Bo (planner): boards 2 passengers at the Depot")."""
    return f'<div class="sm-bot" style="font-style:italic;opacity:0.9">{html.escape(text)}</div>'


class EventLog:
    """Stage blocks ``[(heading, [event html, ...]), ...]`` kept in step with a game."""

    def __init__(self) -> None:
        self.game = None
        self.blocks: list = []
        self.batches: list = []  # per applied intent: number of events it added
        self.seen = 0  # intents covered
        self.day, self.stage = 1, 1

    def _add(self, events, note: str | None = None) -> None:
        if note:
            self.blocks[-1][1].append(note_html(note))
        for e in events:
            self.blocks[-1][1].append(event_html(e))
            if e.kind == "stage_end":
                d, st = e.data.get("day", self.day), e.data.get("stage", self.stage)
                st += 1
                if st > 12:
                    d, st = d + 1, 1
                self.day, self.stage = d, st
                self.blocks.append([heading(d, st), []])

    def rebuild(self, game, notes=None) -> None:
        notes = notes or {}
        self.game = game
        self.blocks = [[heading(1, 1), []]]
        self.day, self.stage = 1, 1
        batches = game.event_batches
        self._add(batches[0])
        self.batches = []
        for n, b in enumerate(batches[1:], 1):
            before = self._count()
            self._add(b, notes.get(n))
            self.batches.append(self._count() - before)
        self.seen = len(game.history)

    def say(self, text: str, level: str = "") -> None:
        """Log a message of the board's message line whole (the line shows one line of it), after
        the events it followed; Undo of the intent before it takes it away with that intent's
        events."""
        self.blocks[-1][1].append(message_html(text, level))
        if self.batches:
            self.batches[-1] += 1

    def _count(self) -> int:
        return sum(len(b[1]) + 1 for b in self.blocks)

    def update(self, game, notes=None) -> None:
        """Bring the log up to date after apply, undo, redo, or a different game. ``notes``:
        ``{intent number: line}``, the bots' reasons shown before the events of their intents."""
        n = len(game.history)
        if game is not self.game or not self.batches and n < self.seen:
            self.rebuild(game, notes)
        elif n == self.seen + 1:
            before = self._count()
            self._add(game.last_events, (notes or {}).get(n))
            self.batches.append(self._count() - before)
            self.seen = n
        elif n > self.seen + 1 and len(self.batches) == self.seen:  # a click that applied several
            for k in range(self.seen + 1, n + 1):
                before = self._count()
                self._add(game.event_batches[k], (notes or {}).get(k))
                self.batches.append(self._count() - before)
            self.seen = n
        elif n == self.seen - 1 and self.batches:
            self._pop(self.batches.pop())
            self.seen = n
        elif n != self.seen:
            self.rebuild(game, notes)

    def _pop(self, k: int) -> None:
        """Remove the last k entries (events and headings) again."""
        while k > 0:
            heading_, items = self.blocks[-1]
            if items:
                take = min(k, len(items))
                del items[len(items) - take:]
                k -= take
            else:
                self.blocks.pop()
                k -= 1
                # the heading's stage: restore day/stage from the previous heading
        # recompute day/stage from the last heading
        last = self.blocks[-1][0] if self.blocks else heading(1, 1)
        parts = last.replace(",", "").split()
        self.day, self.stage = int(parts[1]), int(parts[3])

    def block_html(self, i: int) -> str:
        head, items = self.blocks[i]
        return (f'<div style="font-weight:700;margin-top:4px;border-bottom:1px solid #8884">{html.escape(head)}</div>'
                + "".join(items))

    def text(self) -> str:
        """The whole log as plain text (for scripts and tests)."""
        out = []
        for head, items in self.blocks:
            out.append(f"== {head} ==")
            out += [html.unescape(i.split(">", 1)[1].rsplit("<", 1)[0]) for i in items]
        return "\n".join(out)
