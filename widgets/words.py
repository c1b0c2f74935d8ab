"""Intents and engine reasons in a mouse player's words. No ipywidgets here.

The engine speaks to scripts too: its reasons may quote intent text (``'play Shed1 at x,y'``)
and name grid spots by coordinates. A player at the board sees neither, so the board says an
intent as what was done ("draw from the Home Office", "lay the Produce Shed"), and rewrites an
engine reason's quoted intent into the click or button that makes it (``for_mouse``).
"""

from __future__ import annotations

import re

from stationmaster.errors import IllegalIntent
from stationmaster.intents import parse

from .intent_ui import ui_of
from .names import capital  # noqa: F401  (the board, the connection and the form name it from here)


def say(state, intent, seat: int | None = None, owner: str | None = None) -> str:
    """An intent as what a player does, e.g. "draw from the Home Office", "move train 5 west".
    ``seat``: the Area of the player who makes it; ``owner``: that player's name when they are
    not the one reading (their places are then "Bo's Office", not "your Office")."""
    it = parse(intent)
    return ui_of(it).say(state, it, seat, owner)


def summary(events, limit: int = 240) -> str:
    """A short sentence or three from a batch of events (for the message line)."""
    shown = [str(e) for e in events if e.kind != "stage_end"][:3]
    text = " ".join(shown)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- engine reasons

_QUOTED = re.compile(r"'([^']{1,80})'")


def _mouse_hint(text: str) -> str | None:
    """What a player clicks for a quoted intent (or a pattern like 'play X at x,y'), or None
    when the quote is no intent."""
    probe = re.sub(r"\bx,y\b", "0,0", text)
    probe = re.sub(r"\bCARD\b", "X1", probe)
    try:
        it = parse(probe)
    except (IllegalIntent, ValueError):
        return None
    return ui_of(it).mouse_of(it)


def for_mouse(reason: str) -> str:
    """An engine reason with quoted intent text rewritten for the mouse: "say where to play the
    Produce Shed: 'play Shed1 at x,y'" becomes "say where to play the Produce Shed: click the
    card, then a highlighted spot"."""
    if not reason:
        return reason

    def sub(m):
        hint = _mouse_hint(m.group(1))
        return hint if hint is not None else m.group(0)

    return _QUOTED.sub(sub, reason)


def quotes_intent(text: str) -> bool:
    """Whether a message still quotes intent text (what ``for_mouse`` removes)."""
    return any(_mouse_hint(m.group(1)) is not None for m in _QUOTED.finditer(text))


#: a quote in a message: in backticks (code, left alone unless it is an intent's text) or in
#: single quotes
_QUOTE_OR_CODE = re.compile(r"`([^`]{1,120})`|(?<![\w=])'([^']{1,80})'(?!\w)")


def _board_words(state, it, seat) -> str:
    """An intent made by a button alone, as its button reads ("Agent pass", "End draw", "Hold");
    any other as what the player does (``say``)."""
    label = ui_of(it).board_word(state, it)
    return say(state, it, seat) if label is None else f'"{label}"'


def for_board(text: str, game) -> str:
    """A message for a player at the board (a tutorial's check, a hint): every quoted intent's
    text ("'setout 1 rear 1'", "`end`") becomes what it does on the board ("set out 1 car from the
    rear of train 11"), said of the acting player's Area; a quoted pattern ("'play X at x,y'")
    becomes its clicks (``for_mouse``). Other code in backticks (``game.why_not(...)``) is left
    as it is."""
    if not text:
        return text
    s = game.state
    p = game.players.index(game.actor) if game.actor in game.players else 0
    seat = s.players[p].seat if s.players else None

    said: list = []

    def sub(m):
        quoted = m.group(1) if m.group(1) is not None else m.group(2)
        try:
            words = _board_words(s, parse(quoted), seat)
            said.append(words)
            return words
        except (IllegalIntent, ValueError, KeyError, IndexError):
            pass
        if m.group(1) is not None:  # code that is no intent: as written
            return m.group(0)
        hint = _mouse_hint(quoted)
        return hint if hint is not None else m.group(0)

    out = _QUOTE_OR_CODE.sub(sub, text)
    for words in said:  # "take the top card of Department 2: `draw dept 2`" would say it twice
        for twice in (f"{words}: {words}", f"{words} ({words})"):
            out = re.sub(re.escape(twice), words, out, flags=re.IGNORECASE)
    return out
