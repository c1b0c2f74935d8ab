"""A button the board shows: what the controller offers and ``Controller.press`` takes back."""

from __future__ import annotations

from dataclasses import dataclass

from stationmaster.intents import Intent


@dataclass(frozen=True)
class Action:
    """A button the board shows now. ``key`` is what ``Controller.press`` takes: the intent's text
    for an intent, or ``ui:...`` for a selection change (e.g. ``ui:turned``)."""

    label: str
    key: str
    tip: str = ""
    enabled: bool = True
    intent: Intent | None = None
    style: str = ""  # "" | "primary" | "success" | "warning" | "danger" | "info"
    toggled: bool | None = None  # a toggle's state (None: a plain button)
