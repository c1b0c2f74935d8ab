"""The board entry of an intent class (``IntentUI``) and its registry; the steps of a gesture.
No ipywidgets here.

An intent class's entry is a subclass of ``IntentUI`` that names its ``intent``; defining it
registers it (in ``BY_CLASS``), as defining an intent class registers its verbs. What an entry
says, and where the game's entries are, is told in ``widgets.intent_ui``, which readers import.
"""

from __future__ import annotations

from stationmaster import explain
from stationmaster.cards.opponent import player_named
from stationmaster.intents import End, Intent

from .names import capital

#: the board's entry of each intent class that has one, by class
BY_CLASS: dict = {}


def click(*target) -> tuple:
    return ("click", tuple(target))


def press(intent) -> tuple:
    return ("press", str(intent))


def seat_of(state, name: str):
    """The seat of the player an intent names (None: no such player; the engine says why)."""
    p = player_named(state, name)
    return None if p is None else state.players[p].seat


def cars(n: int) -> str:
    """'1 car', '3 cars'."""
    return f"{n} car{'s' if n != 1 else ''}"


class IntentUI:
    """The board's entry for one intent class (``intent``); the defaults suit an intent a button
    alone makes."""

    #: the intent class this entry is about (None: no entry of its own, as this base)
    intent: type | None = None
    #: its button's style: "" | "primary" | "success" | "warning" | "danger" | "info"
    style = ""
    #: what a player clicks for it, said in an engine reason that quotes its text
    mouse = "use the buttons above the board"
    #: its part of the prompt while it is on offer ("" for none)
    hint = ""
    #: a train or facility selected, its legal intents made by a press next are its buttons
    button_after_selection = False
    #: every legal intent of it has a button while no train is selected (the Porters')
    always_shown = False

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        it = cls.__dict__.get("intent")
        if it is None:
            return
        if not (isinstance(it, type) and issubclass(it, Intent)):
            raise TypeError(f"{cls.__name__}.intent must be an intent class, not {it!r}")
        if it in BY_CLASS:
            raise ValueError(f"{it.__name__} has a board entry already: {type(BY_CLASS[it]).__name__}")
        BY_CLASS[it] = cls()

    def gestures(self, state, seat: int, it) -> list:
        """The gestures (tuples of steps) that make ``it`` for the player at ``seat``, usual one first."""
        return [(press(it),)]

    def label(self, state, it) -> str:
        return capital(str(it))

    def style_of(self, it) -> str:
        return self.style

    def board_word(self, state, it) -> str | None:
        """Its button's words when a button alone makes it, else None (then it is said, ``say``)."""
        return None

    def say(self, state, it, seat, owner) -> str:
        return str(it)

    def mouse_of(self, it) -> str:
        return self.mouse

    def hint_of(self, it) -> str:
        return self.hint

    def options(self, ctl, it, legal, seen: set) -> list:
        """``[(what, how, last), ...]``: its rows of "What can I do?" (``last``: a do-nothing one,
        listed at the end); ``seen`` is shared by the rows of one answer (to say a group once)."""
        return [(capital(self.say(ctl.state, it, ctl.seat, None)), f"press {self.label(ctl.state, it)}", False)]

    def menu(self, ctl, legal, pressed) -> list:
        """The intents whose buttons it shows while its decision is being chosen, legal or not."""
        return []

    def warning(self, ctl, it) -> str | None:
        """Why its legal button is greyed all the same (it would waste the turn), or None."""
        return None

    def near(self, ctl, target) -> list:
        """The intents of this class a click on ``target`` could mean now, legal or not."""
        return []

    #: a click that completes one of its gestures selects what was clicked (highlighted as an
    #: option to select, not as a target)
    selects = False

    def offered(self, ctl, it, target) -> bool:
        """Whether a click on ``target`` offers ``it`` now (highlighted, and read as it): True but
        for a click that would waste the turn."""
        return True

    def choose(self, ctl, it, seq) -> bool | None:
        """The clicks ``seq`` made ``it``: None to apply it (``Controller.apply``), else the result
        of its own way of being made (what it applied and said)."""
        return None


DEFAULT = IntentUI()


class EndUI(IntentUI):
    intent = End
    style = "warning"
    mouse = "press the End button"

    def label(self, state, it):
        return explain.end_label(state)

    def board_word(self, state, it):
        return explain.end_label(state)

    def say(self, state, it, seat, owner):  # what it finishes is the engine's to say
        return explain.end_words(state)

    def options(self, ctl, it, legal, seen):
        return [(capital(explain.end_words(ctl.state)), f"press {explain.end_label(ctl.state)}", True)]

