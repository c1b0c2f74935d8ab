"""What the board says of a move, in board words (issue 28.8): another player's action is said of
their places ("Bo's Office", never "your Office" on Ann's board), and the log never keeps a line
that ends in a bare separator where the events it repeated were taken out."""

import random

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import stationmaster as sm  # noqa: E402
from stationmaster.intents import Agent  # noqa: E402
from stationmaster.widgets.board import Board  # noqa: E402


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def _bo_may_stock_his_office():
    """A two-player game at Bo's decision, where his Freight Agent may stock his Office."""
    g = sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive")
    rng = random.Random(0)
    for _ in range(200):
        if g.actor == "Bo" and Agent("stock", (0, 0)) in g.legal:
            return g
        g.apply(rng.choice(list(g.legal)))
    raise AssertionError("no position where Bo may stock his Office")


def test_another_players_action_is_said_of_their_office():
    board = Board(_bo_may_stock_his_office(), autosave=False)
    board.game.apply(Agent("stock", (0, 0)))  # Bo's action, from a cell (or a remote seat's server)
    assert board.game.actor == "Ann"
    said = board.controller.message
    assert "stock a box at Bo's Office" in said, said
    assert "your Office" not in said, said


def test_own_action_is_still_said_of_your_office():
    board = Board(_bo_may_stock_his_office(), autosave=False)  # hot-seat: Bo sits at the board now
    assert board._said(Agent("stock", (0, 0))) == "Freight Agent: stock a box at your Office"


def test_bot_notes_leave_no_bare_dash_in_the_log():
    board = Board(sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive", length="short",
                              bots={"Ann": "planner", "Bo": "planner"}), autosave=False, pace=0)
    board.step_bots(300)
    lines = board.log_text().splitlines()
    hanging = [line for line in lines if line.rstrip().endswith(("—", "–", ":", ";", ","))]
    assert not hanging, hanging[:3]
    notes = set(board.autoplay.notes.values())
    repeated = [line for line in lines if line.startswith("✎") and line[2:].split(" — ")[0] in notes]
    assert not repeated, repeated[:3]  # a bot's note is logged once, before its events
