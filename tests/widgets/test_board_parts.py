"""The board is a composition of small parts (issue 30.2): each part keeps its own state and is
built from what it needs, so it works alone; no part reads another's private attributes; no module
of the board is long; the widget's name is not the Porter intent's."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import stationmaster as sm  # noqa: E402
from stationmaster.intents import Agent, Detrain, Draw, Work  # noqa: E402
from stationmaster.intents import Board as Boarding  # noqa: E402
from stationmaster.widgets import advice  # noqa: E402

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
#: "about 500 lines" at most for a module of the notebook UI
MAX_LINES = 500
#: private attributes of other libraries' objects a module may touch, with why
FOREIGN_PRIVATE = {("canvas.py", "_current_canvas"): "ipycanvas caches the canvas it draws on"}


def _modules():
    return sorted(p for p in WIDGETS.glob("*.py"))


def test_the_widget_is_the_game_board_and_board_stays_its_old_name():
    from stationmaster import widgets
    from stationmaster.widgets import board as module
    from stationmaster.widgets.board import GameBoard

    assert widgets.GameBoard is GameBoard and widgets.Board is GameBoard and module.Board is GameBoard
    assert GameBoard.__name__ != Boarding.__name__  # the Porter's intent keeps its name alone
    assert "GameBoard" in widgets.__all__
    assert isinstance(sm.widgets.play(seed=3, autosave=False), GameBoard)


def test_the_board_is_composed_not_mixed():
    """No class of the widgets package is a base of the board: its parts are attributes."""
    from stationmaster.widgets.board import GameBoard

    mixed = [c.__name__ for c in GameBoard.__mro__[1:] if c.__module__.startswith("stationmaster.widgets")]
    assert mixed == []


def test_no_widgets_module_is_long():
    long = {p.name: n for p in _modules() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, long


def _private_reads(path: Path) -> list:
    """Private attributes read off another object (``x._y`` with ``x`` not ``self``/``cls``), and
    private attributes a class reads off ``self`` that it never sets or defines (a mixin's)."""
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            base = node.value
            if not (isinstance(base, ast.Name) and base.id in ("self", "cls")):
                if (path.name, node.attr) not in FOREIGN_PRIVATE:
                    out.append(f"{path.name}:{node.lineno} reads {ast.unparse(node)}")
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        own = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        own |= {t.id for n in cls.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
        reads = []
        for n in ast.walk(cls):
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
                if isinstance(n.ctx, ast.Store):
                    own.add(n.attr)
                elif n.attr.startswith("_") and not n.attr.startswith("__"):
                    reads.append(n)
        out += [f"{path.name}:{n.lineno} {cls.name} reads self.{n.attr}, which it never sets"
                for n in reads if n.attr not in own]
    return out


def test_no_part_reads_another_parts_private_state():
    found = [line for path in _modules() for line in _private_reads(path)]
    assert found == []


def test_a_days_end_builds_its_summary_once(monkeypatch):
    """``refresh`` noted the Day's end twice, building the summary twice."""
    from stationmaster.widgets.board import GameBoard

    built = []
    real = advice.summary_html
    monkeypatch.setattr(advice, "summary_html", lambda game, day: built.append(day) or real(game, day))
    game = sm.new_game(seed=11, length="short")
    board = GameBoard(game, autosave=False)
    r = random.Random(3)
    while game.day == 1:
        game.apply(r.choice(game.legal_intents()))
    assert built == [1] and board.summary_row.layout.display == "flex"


def test_the_parts_work_alone(tmp_path):
    """Each part is built from what it needs, as the board builds it, and does its work alone."""
    from stationmaster.widgets.autoplay import Autoplay
    from stationmaster.widgets.bar import ControlBar
    from stationmaster.widgets.botbar import BotBar
    from stationmaster.widgets.controller import Controller
    from stationmaster.widgets.files import SaveFiles
    from stationmaster.widgets.newgame import NewGameForm

    said, pressed, started = [], [], []
    game = sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive", bots={"Ann": "random"})
    controller = Controller(game)
    controller.sync()
    bar = ControlBar(on_press=pressed.append, on_help=lambda: None, on_hint=lambda: None,
                     on_undo=lambda: None, on_redo=lambda: None)
    bar.show_actions(controller.actions())
    bar.action_buttons()[0].click()
    assert pressed == [controller.actions()[0].key]

    bots = BotBar(Autoplay(controller, pace=0.5), lambda text, level="": said.append(text))
    bots.update()
    assert bots.layout.display == "flex"
    bots.pause_bots()
    assert bots.autoplay.paused and "paused" in said[-1]

    form = NewGameForm(start=started.append, resume=lambda path: False, autosaves=lambda: None,
                       scroll=lambda where: None)
    form.f_seed.value, form.f_players.value = "12", "Ann, Bo"
    form.f_mode.value = "coop"
    assert form.start() and started[0].seed == 12 and started[0].config.mode == "coop"

    current = [sm.new_game(seed=5)]
    files = SaveFiles(game=lambda: current[0], install=lambda g: current.__setitem__(0, g),
                      say=lambda text, level="": said.append(text), fit=lambda: None)
    text = files.save()
    assert text and "Download station-master-seed5-day1.json" in files.save_link.value
    current[0].apply("draw home")
    assert files.ask_load(text, "mine.json") is False and files.question.layout.display == "flex"
    assert files.confirm_load(True) and current[0].history == () and said[-1].startswith("Loaded mine.json")


def test_the_ready_facilities_come_from_one_function_of_the_intents():
    from stationmaster.widgets.facilities import OFFICE_SPOT, ready_facilities, worker_at

    assert worker_at(Boarding(1)) == ("Porter", OFFICE_SPOT) == worker_at(Detrain(2, 1))
    assert worker_at(Work((1, 0), "green")) == ("Laborer", (1, 0))
    assert worker_at(Agent("stock", (0, 1))) == ("Agent", (0, 1))
    assert worker_at(Draw("home")) is None
    legal = [Draw("home"), Boarding(1), Work((1, 0), "green")]
    assert ready_facilities(legal, 2) == {(2, 0, 0): "Porter", (2, 1, 0): "Laborer"}
    # a registry of what each intent class means to the board can answer instead
    assert ready_facilities(legal, 0, worker=lambda it: ("Anyone", (5, 5)) if it == Draw("home") else None) == {
        (0, 5, 5): "Anyone"}
