"""Text from outside the engine (player names, saves, typed intents): which characters are hidden,
and how to show such text so that it cannot steer a terminal, break a notebook or an SVG, or flood
a message.

A *hidden* character is one a reader cannot see or that acts instead of showing: control codes
(ESC retitles or clears a terminal, NUL ends a Python string in a notebook cell), invisible format
characters (zero-width space, bidirectional overrides), lone surrogates (text that cannot be
encoded as UTF-8), private-use characters, line and paragraph separators, and the noncharacters
(U+FFFE and U+FFFF are not even allowed in XML). Player names may not contain them; everything
printed from a save shows them as escapes.

Code points merely unassigned in this Python's Unicode tables are *not* hidden: a newer Python may
know them (a new emoji), and a save made there must load here.
"""

from __future__ import annotations

import unicodedata

#: Unicode general category -> what a player is told it is
HIDDEN = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate (text that is not valid Unicode)",
    "Co": "a private-use character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
NONCHARACTER = "a noncharacter"


def is_noncharacter(ch: str) -> bool:
    """U+FDD0..U+FDEF and the last two code points of every plane: never assigned, by definition."""
    n = ord(ch)
    return 0xFDD0 <= n <= 0xFDEF or n & 0xFFFE == 0xFFFE


def is_hidden(ch: str) -> bool:
    return unicodedata.category(ch) in HIDDEN or is_noncharacter(ch)


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
    what = NONCHARACTER if is_noncharacter(ch) else HIDDEN.get(unicodedata.category(ch), "a character")
    return f"{what} ({code})"


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
