"""One place per intent class for the board (widgets/intent_ui.py): every intent class of the game has
its board entry, registered as intent classes register their verbs, and no module of the board tells
the decision in hand from the classes of the legal intents (``decisions.decision_kind`` says it)."""

import pathlib
import re

import pytest

from stationmaster import intents
from stationmaster.intents import Agent, Draw, End, Move, Play, Switch
from stationmaster.widgets.intent_ui import BY_CLASS, DEFAULT, IntentUI, ui_of

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_intent_class_of_the_game_has_a_board_entry_of_its_own():
    classes = set(intents.BY_VERB.values())
    assert classes <= set(BY_CLASS), sorted(c.__name__ for c in classes - set(BY_CLASS))
    for cls, entry in BY_CLASS.items():
        assert entry.intent is cls and entry is not DEFAULT


def test_an_entry_is_found_by_the_intents_class():
    assert ui_of(Switch()).label(None, Switch()) == "Switch"
    assert ui_of(Draw(2)).label(None, Draw(2)) == "Take Dept 2"
    assert ui_of(Agent("pass")).style_of(Agent("pass")) == "warning"
    assert ui_of(Move(1, "east", (1, 0))).mouse == "click the train, then a highlighted spot"
    assert ui_of(Play("X1")).mouse_of(Play("X1")) == "press its Play button"
    assert ui_of(End()) is BY_CLASS[End]


def test_a_second_entry_for_a_class_or_an_entry_for_no_intent_is_refused():
    with pytest.raises(ValueError, match="Switch has a board entry already: SwitchUI"):
        class AnotherSwitch(IntentUI):
            intent = Switch
    with pytest.raises(TypeError, match="must be an intent class"):
        class NoIntent(IntentUI):
            intent = str
    assert type(BY_CLASS[Switch]).__name__ == "SwitchUI"


def test_an_intent_class_without_an_entry_is_a_button_of_its_own_text():
    class Wave(intents.Intent):  # no verbs: registered nowhere
        def __str__(self):
            return "wave"

    it = Wave()
    assert ui_of(it) is DEFAULT
    assert ui_of(it).gestures(None, 0, it) == [(("press", "wave"),)]
    assert ui_of(it).label(None, it) == "Wave" and ui_of(it).say(None, it, 0, None) == "wave"


def test_no_module_of_the_board_tells_the_decision_from_the_classes_of_the_legal_intents():
    """The old ``OPTIONS = (Switch, Draw, Agent)`` and ``{type(it) for it in legal}`` read the decision
    off the legal intents; ``decisions.decision_kind`` names it now."""
    for path in sorted((ROOT / "widgets").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\{type\(\w+\) for \w+ in", text), path
        assert "OPTIONS = (Switch" not in text, path
        assert "def _kinds" not in text, path
