"""One-click shortcuts over the gesture map: gestures shorter than the usual ones, offered only
while they are unambiguous in the present game state.

The gesture map (``widgets.gestures``) gives every intent its usual clicks, read from the intent
alone. A shortcut needs the other legal intents too (is this the only card that fits that spot?),
so it is computed here, once per game state, from the legal intents, and the controller adds its
rows to the gesture table. Each kind of shortcut is a controller option (on by default; the board's
settings and ``sm.play(...)`` switch them), and every shortcut still makes an ordinary intent
through ``game.apply``: recorded, logged, undoable.

- ``quick_play``: a click on a card in hand that has exactly one legal Play plays it; a click on a
  spot where exactly one card of the hand fits, one way round, plays that card there. A playable
  card is then discarded by clicking the Department first, then the card.
- ``quick_discard``: while the hand is over its limit (End is refused), a click on a card that
  cannot be played discards it to the default Department (``explain.discard_dept``: the one whose
  top card is of least use to the player, the Department the Hint would choose); another
  Department is a click on it, then the card.

``shortcuts(state, seat, legal, ...)`` returns ``[(intent, gesture), ...]``; a shortcut gesture
shadows the longer gestures that start with it (the controller drops those from its table).
"""

from __future__ import annotations

from stationmaster.intents import Discard, End, Play

from .intent_ui import click

#: the controller options that switch the shortcuts, as the board's settings name them
OPTIONS = {"quick_play": "One click plays a card that fits one place",
           "quick_discard": "One click discards an unplayable card when the hand is over its limit"}


def shortcuts(state, seat: int, legal, quick_play: bool = True, quick_discard: bool = True,
              default_dept=None) -> list:
    """``[(intent, gesture), ...]``: the one-click gestures that stand for exactly one legal intent
    now. ``default_dept()`` gives the Department a quick discard goes to (called only when one is
    offered)."""
    plays: dict = {}  # card -> its legal Plays
    discards: dict = {}  # card -> its legal Discards
    for it in legal:
        if isinstance(it, Play):
            plays.setdefault(it.card, []).append(it)
        elif isinstance(it, Discard):
            discards.setdefault(it.card, []).append(it)
    out = []
    if quick_play:
        for card, mine in plays.items():
            if len(mine) == 1:
                out.append((mine[0], (click("hand", card),)))
        spots: dict = {}  # a spot of the player's own Area -> the Plays laid there
        for it in (p for mine in plays.values() for p in mine):
            if it.at is not None and it.against is None and it.tray is None and it.mainline is None:
                spots.setdefault(it.at, []).append(it)
        for at, here in spots.items():
            if len(here) == 1 and here[0].serves is None:
                out.append((here[0], (click("spot", seat, *at),)))
    if quick_discard and discards and End() not in legal and default_dept is not None:
        dept = None
        for card, mine in discards.items():
            if card in plays:
                continue
            dept = default_dept() if dept is None else dept
            it = Discard(card, dept)
            if it in mine:
                out.append((it, (click("hand", card),)))
    return out


def dept_first(it) -> tuple | None:
    """The gesture that discards with the Department clicked first, then the card (the way to
    discard a card whose own click is a shortcut); None for other intents."""
    if isinstance(it, Discard):
        return (click("dept", it.dept), click("hand", it.card))
    return None
