"""A long session on one board: games in a row and Undo across Stages leave no widget behind
(issue 28.9: the log's per-Stage blocks were dropped from the board's list without being closed,
180 widget models a game piling up in the kernel and the browser)."""

import random

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import ipywidgets  # noqa: E402

import stationmaster as sm  # noqa: E402
from stationmaster.widgets.board import GameBoard  # noqa: E402


def live_widgets() -> int:
    """The widget models alive in the kernel (ipywidgets 8 keeps them in ``_instances``)."""
    from ipywidgets.widgets import widget

    return len(widget._instances)


def play_randomly(game, rng, limit=None) -> None:
    n = 0
    while not game.is_over and (limit is None or n < limit):
        game.apply(rng.choice(list(game.legal)))
        n += 1


def test_games_in_a_row_and_undos_leave_no_widgets_behind(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = GameBoard(sm.new_game(seed=1), autosave=False)
    before = live_widgets()
    for k in range(3):  # whole (short) games, each to its end: a log of dozens of Stages each time
        board.game = sm.new_game(seed=10 + k, length="short")
        play_randomly(board.game, random.Random(k))
        assert len(board.event_log.blocks) > 12
    board.game = sm.new_game(seed=1)  # a fresh game again: the board shows what it showed at first
    assert live_widgets() == before
    # Undo across Stages: play on a few Stages, then take it all back
    game = board.game
    rng = random.Random(7)
    for _ in range(3):
        start = len(game.history)
        play_randomly(game, rng, limit=80)
        assert len(board.event_log.blocks) > 2
        while len(game.history) > start and game.can_undo() is None:
            game.undo()
        assert len(game.history) == start
    assert len(board.event_log.blocks) == 1
    assert live_widgets() == before


def test_the_mainline_replay_and_the_forms_seats_leave_no_widgets_behind(tmp_path, monkeypatch):
    """The other widgets a board makes and puts away: "Mainline, step by step" shown and hidden,
    and the New game form's seat choices as names are typed and taken back."""
    monkeypatch.chdir(tmp_path)
    board = GameBoard(sm.new_game(seed=1), autosave=False)
    board.f_players.value = "Ann"
    before = live_widgets()
    for _ in range(3):
        assert board.toggle_mainline_replay() is not None
        assert board.toggle_mainline_replay() is None
    for names in ("Ann, Bo", "Ann, Bo, Cy", "Ann") * 2:
        board.f_players.value = names
    assert live_widgets() == before
