"""English for the game's messages: the indefinite article ("an Oil Refinery", "a Depot")."""

from __future__ import annotations


def a(name: str) -> str:
    """``name`` with "a" or "an" before it, as it is said ("an Oil Refinery", "a Depot")."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
