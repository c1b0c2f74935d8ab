"""A tutorial's check shown to a player at the board speaks in board words (issue 28.6): no intent
in script notation ("'setout 1 rear 1'", "`agent pass`") once the lesson's game is on the board;
the same check in code keeps the notation, and so do the scripting lessons (tutorial 6)."""

import importlib
import inspect
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

from stationmaster.errors import IllegalIntent  # noqa: E402
from stationmaster.intents import parse  # noqa: E402
from stationmaster.lessons import Lesson, scripting, switching  # noqa: E402

MODULES = ("stage", "switching", "mainline", "freight", "building", "mainline_deck", "full_deck", "multiplayer",
           "strong_game")
QUOTED = re.compile(r"`([^`]{1,120})`|(?<![\w=])'([^']{1,80})'(?!\w)")


def lessons() -> dict:
    """Every lesson of the board tutorials that needs no argument, by name."""
    out = {}
    for name in MODULES:
        module = importlib.import_module(f"stationmaster.lessons.{name}")
        for fname, f in inspect.getmembers(module, inspect.isfunction):
            sig = inspect.signature(f)
            if f.__module__ == module.__name__ and not fname.startswith("_") \
                    and sig.return_annotation in ("Lesson", Lesson) \
                    and all(p.default is not p.empty for p in sig.parameters.values()):
                out[f"{name}.{fname}"] = f
    return out


def notation(text: str) -> list:
    """The quoted intents (script notation) in a message."""
    found = []
    for m in QUOTED.finditer(text):
        quoted = m.group(1) if m.group(1) is not None else m.group(2)
        try:
            parse(re.sub(r"\bx,y\b", "0,0", quoted))
        except (IllegalIntent, ValueError):
            continue
        found.append(m.group(0))
    return found


LESSONS = lessons()


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_a_check_on_the_board_speaks_no_notation(make, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lesson = make()
    lesson.board()
    said = str(lesson.check())
    assert not notation(said), said


def test_the_switching_check_says_the_set_out_in_board_words(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lesson = switching.coupling_and_setting_out()
    assert "'setout 1 rear 1'" in str(lesson.check())  # in code: the notation a script types
    lesson.board()
    said = str(lesson.check())
    assert "set out 1 car from the rear of train 11" in said and "setout" not in said


def test_the_scripting_lessons_keep_their_notation_on_the_board(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lesson = scripting.first_intents()
    lesson.game.apply("draw home")
    in_code = str(lesson.check())
    assert "`end`" in in_code
    lesson.board()
    assert str(lesson.check()) == in_code  # tutorial 6 teaches the notation itself
