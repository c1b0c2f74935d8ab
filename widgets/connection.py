"""A remote seat's connection, on its board: one line saying whether the server is there (or since
when it is not), which decision is on its way to it, and what last went wrong
(``stationmaster.remote.Link``). The board shows it only on a seat of a server's table.

It also keeps the board's clicks off the network: a click waits at most ``QUEUE_AFTER`` seconds
for the server (none while the connection is down); after that the decision is queued, sent once
when the server answers, and this line says so."""

from __future__ import annotations

import html
import time
import weakref

import ipywidgets as W

from .words import capital, say

#: the longest a click waits for the server's answer before its decision is queued (seconds)
QUEUE_AFTER = 1.0
#: the line's colours: all is well, waiting for the server, something went wrong
COLOURS = {"ok": "#1a7f37", "waiting": "#9a6700", "problem": "#cf222e"}


def for_game(game):
    """The connection line for a seat of a server's table (a game with a ``link``), else None."""
    return ConnectionLine(game) if hasattr(game, "observe_link") else None


def _clock(t: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(t))


class ConnectionLine(W.HTML):
    """The state of ``game``'s connection, kept up to date (one line of fixed height)."""

    def __init__(self, game) -> None:
        super().__init__(layout=W.Layout(width="100%"))
        self.add_class("sm-line")
        self.add_class("sm-connection")
        self.game = game
        game.queue_after = QUEUE_AFTER
        line = weakref.ref(self)  # the game may outlive the board: it holds no board alive

        def changed(g):
            me = line()
            if me is None or me.comm is None:  # gone, or closed with its board
                g.unobserve_link(changed)
            else:
                me.show()

        game.observe_link(changed)
        self.show()

    def text(self) -> list:
        """``[(words, kind), ...]``: what the line says, each part with its colour's name."""
        g = self.game
        link = g.link
        where = g.url.split("://", 1)[-1]
        parts = []
        if link.connected:
            parts.append((f"● Connected to the server at {where}", "ok"))
        else:
            parts.append((f"⟳ Reconnecting: the server has been gone since {_clock(link.since)}", "waiting"))
        if link.pending:
            what = self._said(link.pending)
            parts.append((f"Sending: {what}… (the server is slow to answer)" if link.connected else
                           f"Queued: {what} (sent, once, when the server is back)", "waiting"))
        if link.problem:
            parts.append((f"⚠ {link.problem} ({_clock(link.problem_at)})", "problem"))
        return parts

    def show(self) -> None:
        parts = self.text()
        body = " · ".join(f'<span style="color:{COLOURS[kind]}">{html.escape(words)}</span>' for words, kind in parts)
        full = " · ".join(words for words, _ in parts)
        value = f'<div class="sm-one-line" title="{html.escape(full, quote=True)}">{body}</div>'
        if self.value != value:
            self.value = value

    def _said(self, intent: str) -> str:
        """The pending decision in the board's words (its script text if they fail)."""
        g = self.game
        try:
            seat = g.players.index(g.me) if g.me in g.players else None
            return capital(say(g.state, intent, seat))
        except Exception:  # pragma: no cover - words must never break the line
            return intent
