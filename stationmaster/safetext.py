"""Text from outside the engine (player names, saves, typed intents): which characters are hidden,
and how to show such text so that it cannot steer a terminal, break a notebook or an SVG, or flood
a message.

A *hidden* character is one a reader cannot see or that acts instead of showing: control codes
(ESC retitles or clears a terminal, NUL ends a Python string in a notebook cell), invisible format
characters (zero-width space, bidirectional overrides), lone surrogates (text that cannot be
encoded as UTF-8), private-use and unassigned code points, and line or paragraph separators.
Player names may not contain them; everything printed from a save shows them as escapes.
"""

from __future__ import annotations

import unicodedata

#: Unicode general category -> what a player is told it is
HIDDEN = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate (text that is not valid Unicode)",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def is_hidden(ch: str) -> bool:
    return unicodedata.category(ch) in HIDDEN


def first_hidden(text: str) -> int | None:
    """The index of the first hidden character of ``text``, or None."""
    if text.isprintable():  # fast path: no hidden character (and no space but " ")
        return None
    for i, ch in enumerate(text):
        if is_hidden(ch):
            return i
    return None


def describe(ch: str) -> str:
    """A hidden character in words, e.g. 'an invisible formatting character (U+200B ZERO WIDTH SPACE)'."""
    name = unicodedata.name(ch, "")
    code = f"U+{ord(ch):04X}" + (f" {name}" if name else "")
    return f"{HIDDEN.get(unicodedata.category(ch), 'a character')} ({code})"


def escape(ch: str) -> str:
    """The escape a Python string literal would use: \\x1b, \\u200b, \\U000e0041."""
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def visible(text) -> str:
    """``text`` with every hidden character replaced by its escape (a tab by \\x09); all else as is."""
    text = str(text)
    if first_hidden(text) is None:
        return text
    return "".join(escape(ch) if is_hidden(ch) else ch for ch in text)


def clip(text, limit: int = 200) -> str:
    """``text`` shortened to at most ``limit`` characters, an ellipsis marking the cut."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def quote(value, limit: int = 60) -> str:
    """``repr(value)``, hidden characters escaped, in at most ``limit`` characters."""
    if isinstance(value, str):
        value = value[:limit + 1]  # enough to know it is cut; never the repr of megabytes
    return clip(visible(repr(value)), limit)
