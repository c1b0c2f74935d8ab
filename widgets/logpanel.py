"""The board's log: ``log.EventLog``'s Stage blocks shown one HTML widget each, newest at the
bottom, and the message line's messages the line may cut, kept whole.

Only the newest two Stage blocks change on an ordinary update, so only they are sent; a Stage no
longer shown (another game, Undo across a Stage) is closed in kernel and browser."""

from __future__ import annotations

import ipywidgets as W

from .frontend import close_widget
from .log import EventLog


class LogPanel(W.VBox):
    """The log box under the board (``event_log`` is what it shows)."""

    #: a message longer than this (characters) may not fit the one-line message line: the log
    #: keeps it whole (refusals and warnings always)
    LONG_MESSAGE = 100

    def __init__(self) -> None:
        super().__init__(layout=W.Layout(flex_flow="column-reverse", overflow="auto", max_height="260px",
                                         width="100%", border="1px solid #8884", padding="2px 6px"))
        self.event_log = EventLog()
        self._blocks: list = []  # one HTML widget per Stage block, oldest first
        self._logged = None  # (message, position, game) last logged

    def update(self, game, controller, notes) -> None:
        """Bring the log up to date with ``game`` (``notes``: the bots' reasons by intent number),
        the controller's message included."""
        self.event_log.update(game, notes)
        self.note_message(game, controller, notes)
        self.render()

    def render(self) -> None:
        """Send the log's changed Stage blocks to the browser (only the newest two on an ordinary
        update)."""
        log = self.event_log
        n = len(log.blocks)
        while len(self._blocks) < n:
            self._blocks.append(W.HTML())
        changed_children = len(self._blocks) != n or len(self.children) != n
        gone = self._blocks[n:]
        del self._blocks[n:]
        for i in range(max(0, n - 2) if not changed_children else 0, n):
            v = log.block_html(i)
            if self._blocks[i].value != v:
                self._blocks[i].value = v
        if changed_children:
            self.children = tuple(reversed(self._blocks))  # column-reverse: newest at the bottom
        for w in gone:
            close_widget(w)

    def note_message(self, game, controller, notes) -> bool:
        """Put the controller's message in the log, whole, when the message line may cut it: a
        refusal or a warning, or a long message (without the events' own sentences, which the
        log has already). Once per message and game position; True if something was logged."""
        c, g = controller, game
        if not c.message or self.event_log.game is not g or self.event_log.seen != len(g.history):
            return False
        if c.said_at != len(g.history):  # said of an earlier position: logged then, or never
            return False
        key = (c.message, len(g.history), id(g))
        if key == self._logged:
            return False
        self._logged = key
        level = "error" if c.error else "warning" if c.warning else ""
        text = c.message
        if not level:
            if len(text) <= self.LONG_MESSAGE:
                return False
            events = g.last_events if g.history else []
            for said in [c.summary(events), *map(str, events)]:  # the message's summary of them (cut at its limit), and each
                text = text.replace(said, "") if said else text
            text = " ".join(text.split()).rstrip(" —–:;,")  # no separator left hanging where events were
            if not text or text == "..." or text == notes.get(len(g.history)):
                return False  # nothing the log does not say already (a bot's note is logged before its events)
        self.event_log.say(text, level)
        return True

    def text(self) -> str:
        """The log as plain text."""
        return self.event_log.text()
