"""What each intent class means at the board, in one place. No ipywidgets here.

One entry per intent class, registered as intent classes register their verbs: a subclass of
``IntentUI`` (``widgets.ui_entry``) that names its ``intent`` class is the board's entry for it, and ``ui_of(it)`` finds
the entry of an intent's class (or of its nearest base; an intent class without an entry is made by
the press of its own text). An entry says

- ``gestures``: the clicks and presses that make the intent, read from the intent's fields and its
  card's rules, never from the phase (the controller matches the clicks so far against them, so
  the rules of *when* an intent is allowed live only in the engine);
- ``label`` and ``style_of``: its button; ``board_word``: how a message names an intent a button
  alone makes ("Agent pass", "Hold");
- ``say``: the intent as what a player does ("draw from the Home Office");
- ``mouse_of``: what a player clicks for it, for an engine reason that quotes its text;
- ``hint``: its part of the prompt while it is on offer;
- ``options``: its rows of "What can I do?"; ``menu``: the buttons it shows while its decision is
  chosen (legal or not: a greyed button says the engine's reason);
- ``near``: the intents a click on a target could mean (legal or not): a refused click says the
  engine's reason for the first (``widgets.refusals``).

The entries of the game's intent classes are in ``ui_options``, ``ui_switching``, ``ui_cards``,
``ui_work`` and ``ui_pending``, by the decision they answer. A new intent class is one subclass of
``IntentUI`` in a module of its own (``tests/widgets/test_new_intent.py`` shows one).
"""

from __future__ import annotations

# the entries of the game's intent classes, by decision (each module registers its own; the options
# first: the order of their buttons)
from . import ui_options, ui_switching, ui_cards, ui_work, ui_pending  # noqa: F401
from .ui_entry import BY_CLASS, DEFAULT, IntentUI, click, press, seat_of  # noqa: F401  (named from here)


def ui_of(it) -> IntentUI:
    """The board's entry for an intent (of its class, or of the nearest base class that has one)."""
    entry = BY_CLASS.get(type(it))  # (the usual case, asked for every legal intent of every state)
    if entry is not None:
        return entry
    for cls in type(it).__mro__:
        entry = BY_CLASS.get(cls)
        if entry is not None:
            return entry
    return DEFAULT
