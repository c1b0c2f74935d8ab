"""Tutorial 2's worked examples name each car as the board labels it (issue 28.8): the board draws
cars by load as the rules do (every loaded freight car brown, an empty one white) and tells them
apart by a letter, so "the yellow car" of Appendix A.5 cannot be found on it. The letters are
read from the drawn scene, not restated here."""

import json
import pathlib
import re

import pytest

from stationmaster.cards import PIECES
from stationmaster.lessons import switching
from stationmaster.view.scene import build_scene
from stationmaster.view.shapes import Text

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "02-switching.ipynb"
COLOUR = "(?:yellow|brown|blue|red)"
#: a car named by the Appendix's label: "the brown car", "blue and red", "engine–yellow–blue–red";
#: and yellow at all (no car on the board is yellow)
NAMED_BY_COLOUR = re.compile(rf"\byellow\b|\b{COLOUR} car\b|\b{COLOUR}\s*(?:,|and|–|-)\s*{COLOUR}\b")
KIND_WORDS = {"tank": "tank car"}


def scenes(lesson) -> list:
    """The lesson's table as drawn: the SVG picture, and the notebook board laid out for a
    laptop's room (when the widgets are installed)."""
    out = [build_scene(lesson.game.state)]
    try:
        board = lesson.board()
    except ImportError:
        return out
    if board.page is not None:
        board.page.room_width, board.page.room_height = 900, 557  # JupyterLab at 1280x800
    return out + [board.scene]


def board_letters(game, scene=None) -> dict:
    """The letter the board draws on each car of train 1, read from the scene's text inside the
    car's rectangle."""
    scene = scene or build_scene(game.state)
    out = {}
    for pid in game.state.trains[1].cars:
        x, y, w, h = scene.piece_rects[pid]
        out[pid] = [s.text for s in scene.shapes
                    if isinstance(s, Text) and x <= s.x <= x + w and y <= s.y <= y + h]
    return out


def section(title: str) -> str:
    """A markdown cell of the tutorial, its emphasis marks taken off (what a reader sees)."""
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    text = next("".join(c["source"]) for c in cells if "".join(c["source"]).startswith(title))
    return text.replace("*", "")


EXAMPLES = {"trailing": (switching.trailing_point, "## 3. Appendix A.5"),
            "facing": (switching.facing_point, "## 4. Appendix A.5")}


@pytest.mark.parametrize("make, title", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_the_tutorial_names_each_car_by_the_kind_and_letter_the_board_shows(make, title, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lesson = make()
    text = section(title)
    for scene in scenes(lesson):
        for pid, letters in board_letters(lesson.game, scene).items():
            assert len(letters) == 1, (pid, letters)  # one letter drawn on the car
            name = f"{KIND_WORDS.get(PIECES[pid].kind, PIECES[pid].kind)} {letters[0]}"
            assert name in text, name
            assert name in switching.car_name(pid)  # and the lesson's own words (task, check)


@pytest.mark.parametrize("make, title", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_no_car_is_named_by_a_colour_the_board_does_not_show(make, title):
    """The Appendix's colours stay only in the note of where the example comes from."""
    lesson = make()
    said = [section(title), lesson.task, str(lesson.check()), lesson.hint]
    for text in said:
        for line in text.splitlines():
            if not line.startswith("Where the example comes from"):
                assert not NAMED_BY_COLOUR.search(line), line


def test_the_check_names_the_car_still_to_spot_as_the_board_shows_it():
    lesson = switching.trailing_point()
    letter = board_letters(lesson.game)[switching.BOXCAR][0]
    assert f"the empty boxcar {letter} is not standing at C" in str(lesson.check())
