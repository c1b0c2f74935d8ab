"""The notebook board: ipycanvas + ipywidgets around a ``stationmaster.Game`` (imported as
``stationmaster.widgets``). The engine never imports this package.

>>> import stationmaster as sm
>>> board = sm.play(seed=7)      # doctest: +SKIP  (the last expression of a cell shows the board)
"""

from __future__ import annotations

from .autosave import AUTOSAVE_NAME, autosave_path, resume
from .controller import Action, Controller

__all__ = ["AUTOSAVE_NAME", "Action", "Board", "Controller", "autosave_path", "play", "resume"]


def __getattr__(name):
    if name == "Board":
        from .board import Board
        return Board
    raise AttributeError(name)


def play(*args, theme: str = "light", autosave=True, **options):
    """Show a playable board for a game; returns the ``Board`` widget (``board.game`` is the game).

    - ``play(seed=7)``, ``play(players=["Ann", "Bo"], mode="competitive")``: a new game with the
      options of ``stationmaster.new_game``;
    - ``play(game)``: a board for an existing ``Game``;
    - ``play()`` with no arguments resumes the autosaved game, ``station-master-autosave.json`` in
      the current working folder, if there is one, else deals a new game. A corrupt autosave is set
      aside (``station-master-autosave.corrupt.json``) and a new game starts; the board says so.

    ``theme`` is "light" or "dark" (the board has a toggle too). ``autosave=True`` writes the
    autosave after every accepted intent (atomically); ``False`` turns that off; a path names
    another file.
    """
    import stationmaster as sm

    from . import autosave as _a
    from .board import Board

    if autosave is True:
        path = _a.autosave_path()
    elif autosave:
        path = str(autosave)
    else:
        path = None
    message, problem = "", False
    if args and isinstance(args[0], sm.Game):
        if len(args) > 1 or options:
            raise TypeError("play(game) takes no other game options")
        game = args[0]
    elif args or options:
        game = sm.new_game(*args, **options)
    else:
        game = None
        if path:
            game, message = _a.resume(path)
        if game is None:
            problem = bool(message)  # a corrupt autosave
            game = sm.new_game()
    return Board(game, theme=theme, autosave=path, message=message, message_error=problem)
