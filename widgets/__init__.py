"""The notebook board: ipywidgets and a drawing surface (ipycanvas, or SVG through anywidget) around a
``stationmaster.Game`` (imported as ``stationmaster.widgets``). The engine never imports this package.

>>> import stationmaster as sm
>>> board = sm.play(seed=7)      # doctest: +SKIP  (the last expression of a cell shows the board)
"""

from __future__ import annotations

import os

from .autosave import AUTOSAVE_NAME, autosave_name, autosave_path, autosaves, resume
from .action import Action
from .controller import Controller

__all__ = ["AUTOSAVE_NAME", "Action", "Board", "Controller", "GameBoard", "ReplayBoard", "autosave_name",
           "autosave_path", "autosaves", "play", "replay", "resume"]


def __getattr__(name):
    if name in ("GameBoard", "Board"):  # ``Board``: the board's earlier name (the Porter's intent is ``intents.Board``)
        from .board import GameBoard
        return GameBoard
    if name == "ReplayBoard":
        from .replayboard import ReplayBoard
        return ReplayBoard
    raise AttributeError(name)


def replay(game_or_save, review=None, **options):
    """A read-only board over a game's record, to step through its decisions: ``replay(game)`` or
    ``replay("my-save.json")``; ``review``: a ``stationmaster.review`` Review of the game, whose
    verdicts, better moves and expected-Revenue curve it shows (True: review it now). A slider, the
    step buttons and the keys move it (←/→ one decision, ↑/↓ one Stage, Home/End), once it has the
    focus (a click on it); "Play on from here" starts a new game from the position shown. Options:
    ``step`` (where it opens), ``theme``, ``surface``, ``autosave`` (of the games played on).
    Returns the ``ReplayBoard``."""
    from .board import GameBoard
    from .replayboard import replay as _replay
    return _replay(game_or_save, review, make_board=GameBoard, **options)


def play(*args, theme: str = "auto", autosave=True, resume=None, pace: float | None = None, compact="auto",
         auto_end_draw: bool = True, work_all: bool = True, quick_play: bool = True, quick_discard: bool = True,
         auto_hold: bool = True, scroll_to_bar: bool = True, remote=None, surface: str = "auto", **options):
    """Show a playable board for a game; returns the ``GameBoard`` widget (``board.game`` is the game).

    - ``play(seed=7)``, ``play(players=["Ann", "Bo"], mode="competitive", bots={"Bo": "planner"})``:
      a new game with the options of ``stationmaster.new_game`` (``bots`` makes seats computer
      players; the board plays them, ``pace`` seconds per decision);
    - ``play(game)``: a board for an existing ``Game``;
    - ``play()`` with no arguments resumes the most recent autosave in the working folder and
      lists the others, else deals a new game; ``play(resume="station-master-autosave-seed9.json")``
      resumes a named one. A corrupt autosave is set aside (``...corrupt.json``) and the board
      says so.

    ``theme`` is "auto" (follow JupyterLab's light or dark theme; light elsewhere), "light" or
    "dark" (the board has a toggle too). ``autosave=True`` writes the game
    after every accepted intent, atomically, to its own file (``station-master-autosave-seed7.json``)
    in the working folder; ``False`` turns that off; a folder autosaves there, a file path names
    the file (and ``play()`` resumes it). ``compact`` is "auto" (the hand and Departments in big
    print when the board is shown small, as on a laptop), True or False.

    ``surface`` is what draws the board: "auto" (ipycanvas where it imports, else SVG, as in
    JupyterLite), "canvas" or "svg" (an anywidget showing the scene as SVG; the same board, the
    same clicks).

    ``play(remote=invite)`` (or ``remote=`` a game from ``stationmaster.remote.join``): the board on
    your seat of a table a server holds (docs/remote.md) — your hand only, updating live when
    another seat acts; the server keeps the game, so nothing autosaves here.

    ``scroll_to_bar``: the board's first display scrolls the notebook so that its control bar is
    at the top of the view (the bar and the whole board on one screen).

    Fewer pointless clicks (all on by default; the board's settings switch them too; whatever
    they do goes through ``game.apply``, so it is recorded, logged and undoable):
    ``auto_end_draw`` ends a draw by itself when nothing in hand can be played and the hand is
    within its limit; ``work_all`` offers a "Work all" button in Load/Unload that applies every
    earning action a player would obviously take (each logged); ``quick_play``: one click on a
    card that fits only one place plays it (or on a spot only one card fits); ``quick_discard``:
    while the hand is over its limit, one click on an unplayable card discards it to the
    Department the Hint would choose; ``auto_hold``: a following train that would surely collide
    if cleared is held without asking.
    """
    import stationmaster as sm

    from . import autosave as _a
    from .board import GameBoard

    target = None
    if autosave is True:
        target = os.getcwd()
    elif autosave:
        target = os.fspath(autosave)
    if resume is not None and (args or options):
        raise TypeError("play(resume=...) takes no game options")
    board_options = dict(auto_end_draw=auto_end_draw, work_all=work_all, quick_play=quick_play,
                         quick_discard=quick_discard, auto_hold=auto_hold, scroll_to_bar=scroll_to_bar,
                         surface=surface)
    if remote is not None:  # a seat at a server's table: the same board on a remote game
        if args or options or resume is not None:
            raise TypeError("play(remote=...) takes no game options: the table's creator chose them")
        if isinstance(remote, str):
            from stationmaster import remote as _remote
            remote = _remote.join(remote)
        board = GameBoard(remote, theme=theme, autosave=None, pace=pace, compact=compact, **board_options)
        for b in (board.new_button, board.upload):  # a seat cannot deal or load another game over the table
            b.layout.display = "none"
        return board
    message, level = "", ""
    if args and isinstance(args[0], sm.Game):
        if len(args) > 1 or options:
            raise TypeError("play(game) takes no other game options")
        game = args[0]
    elif args or options:
        game = sm.new_game(*args, **options)
    else:
        game = None
        folder = target if target is None or os.path.isdir(target) else os.path.dirname(os.path.abspath(target))
        if resume is not None:
            path = os.fspath(resume)
            if not os.path.isabs(path) and folder is not None and not os.path.exists(path):
                path = os.path.join(folder, path)
            got = _a.resume(path)
        elif target is not None and not os.path.isdir(target):
            got = _a.resume(target) if os.path.exists(target) else _a.Resumed()
        elif target is not None:
            got = _a.resume_latest(target)
        else:
            got = _a.Resumed()
        game, message, level = got.game, got.message, got.level
        if game is None:
            if message and "new game" not in message.lower():
                message += " A new game was started."
            game = sm.new_game()
    return GameBoard(game, theme=theme, autosave=target, message=message, message_level=level, pace=pace,
                 compact=compact, **board_options)
