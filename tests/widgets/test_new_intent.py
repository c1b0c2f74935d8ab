"""A new intent class is one file: its notation, its rule and its board entry, written here in the
test alone, are played by mouse through the controller — its button, label, style, words, prompt and
"What can I do?" row come from its entry (``widgets.intent_ui``); no module of the board knows it.

The Horn: while switching, a player may sound the horn of one of their trains in their Office
Area (it costs no Move). The engine has no door for an intent class of a new kind of decision, so
the test puts its rule in front of Local Operations' (the family's ``legal``, ``check``, ``apply``)."""

import importlib.util
import pathlib
import textwrap

import pytest

from stationmaster import intents
from stationmaster.builder import Position
from stationmaster.phases import local_ops
from stationmaster.widgets import advice
from stationmaster.widgets.controller import Controller
from stationmaster.widgets.intent_ui import BY_CLASS, ui_of
from stationmaster.widgets.words import for_mouse, say

ME = "Player"

#: the whole of a new intent class, as its author would write it in one new module
HORNS = textwrap.dedent('''
    """Horn signals: while switching, sound the horn of a train in your Office Area (no Move)."""

    from dataclasses import dataclass

    from stationmaster.errors import IllegalIntent
    from stationmaster.flow import Option
    from stationmaster.intents import Intent
    from stationmaster.query import actor, name, trains_in_area
    from stationmaster.widgets.intent_ui import IntentUI, click, press
    from stationmaster.widgets.names import train_label, train_name


    @dataclass(frozen=True, repr=False)
    class Horn(Intent):
        """Switching: sound the horn of the train in Crew Tray ``tray``."""

        tray: int
        verbs = ("horn",)

        def __str__(self) -> str:
            return f"horn {self.tray}"

        @classmethod
        def from_words(cls, verb, args, text):
            if len(args) != 1 or not args[0].isascii() or not args[0].isdigit():
                raise IllegalIntent(f"{text!r}: write it as 'horn TRAY'")
            return cls(int(args[0]))


    def candidates(s):
        seat = s.players[actor(s)].seat
        return [Horn(t.tray) for t in trains_in_area(s, seat)] if s.turn.option == Option.SWITCH else []


    def check(s, it):
        """None, or why the horn may not be sounded, in a player's words."""
        if s.turn.option != Option.SWITCH:
            return "the horn is sounded while switching: choose Switch ('switch') first"
        if it.tray not in {t.tray for t in trains_in_area(s, s.players[actor(s)].seat)}:
            return f"Crew Tray {it.tray} has no train in your Office Area"
        return None


    def apply(s, it, ev):
        ev.say("horn", f"{name(s, actor(s))} sounds the horn of train {s.trains[it.tray].label}.")


    class HornUI(IntentUI):
        """The board's entry: the train, then its Horn button."""

        intent = Horn
        style = "info"
        mouse = "click the train, then its Horn button"
        hint = "sound its horn with the Horn button"
        button_after_selection = True

        def gestures(self, state, seat, it):
            return [(click("tray", it.tray), press(it))]

        def label(self, state, it):
            return f"Horn {train_label(state, it.tray)}"

        def say(self, state, it, seat, owner):
            return f"sound the horn of {train_name(state, it.tray)}"
''')


@pytest.fixture
def horns(monkeypatch, tmp_path):
    """The Horns' module loaded from its own file, its rule in front of Local Operations' and its
    verb and board entry registered until the test ends."""
    path = tmp_path / "horns.py"
    path.write_text(HORNS, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("horns", path)
    family = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(family)
    legal, check, apply = local_ops.legal, local_ops.check, local_ops.apply
    Horn = family.Horn

    def with_horns(s):
        out = legal(s)
        return out[:-1] + [w for w in family.candidates(s) if family.check(s, w) is None] + out[-1:]

    monkeypatch.setattr(local_ops, "legal", with_horns)
    monkeypatch.setattr(local_ops, "check", lambda s, it: family.check(s, it) if isinstance(it, Horn)
                        else check(s, it))
    monkeypatch.setattr(local_ops, "apply", lambda s, it, ev: family.apply(s, it, ev) if isinstance(it, Horn)
                        else apply(s, it, ev))
    yield family
    intents.BY_VERB.pop("horn", None)
    BY_CLASS.pop(Horn, None)
    intents._read.cache_clear()


def switching(seed=16):
    """Player has switched; train 10 stands at the Office (Crew Tray 1)."""
    b = Position(seed=seed)
    b.lay(ME, "runaround", (0, -1), turned=True)
    b.train(10, player=ME, at=(0, 0), behind=["TE2", "TE1", "TL4", "K1"])
    g = b.game()
    g.apply("switch")
    return g


def test_no_module_of_the_board_knows_the_new_intent():
    root = pathlib.Path(__file__).resolve().parents[2]
    for path in [*(root / "stationmaster").rglob("*.py"), *(root / "widgets").rglob("*.py")]:
        assert "horn" not in path.read_text(encoding="utf-8").lower(), path


def test_a_new_intent_class_is_played_by_mouse_from_its_entry_alone(horns):
    g = switching()
    horn = horns.Horn(1)
    assert horn in g.legal and type(ui_of(horn)) is horns.HornUI
    c = Controller(g)
    assert c.clicks_for(horn) == [("click", ("tray", 1)), ("press", "horn 1")]
    c.click(("tray", 1))  # the train selected: its Horn is a button, as its entry says
    button = next(a for a in c.actions() if a.intent == horn)
    assert (button.label, button.style, button.enabled) == ("Horn train 10 (tray 1)", "info", True)
    assert button.tip == "Sound the horn of train 10"
    assert "sound its horn with the Horn button" in c.hint()
    n = len(g.history)
    assert c.press(button.key)
    assert g.history[n:] == (horn,) and "sounds the horn of train 10" in c.message
    assert c.tray == 1  # the train stays selected, as after any intent of the same turn
    assert ("Sound the horn of train 10", "press Horn train 10 (tray 1)") in advice.options(c)
    assert say(g.state, horn, 0) == "sound the horn of train 10"


def test_a_refused_new_intent_says_the_engines_reason_in_its_entrys_clicks(horns):
    b = Position(seed=16)
    b.train(10, player=ME, at=(0, 0), behind=["TE2", "TE1", "TL4", "K1"])
    g = b.game()
    c = Controller(g)
    assert not c.press("horn 1") and c.error
    assert c.message == for_mouse(g.why_not("horn 1"))
    assert c.message == "The horn is sounded while switching: choose Switch (press Switch) first"
    assert for_mouse("try 'horn 1'") == "try click the train, then its Horn button"
