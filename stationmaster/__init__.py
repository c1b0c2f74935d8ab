"""Station Master: a railroad-operations card game of the timetable-and-train-order era.

>>> import stationmaster as sm
>>> game = sm.new_game(seed=7)
>>> game.apply("draw home")  # doctest: +SKIP

The engine is pure Python (standard library only). See docs/rules.md and docs/notation.md.
"""

from . import bots
from .errors import IllegalIntent, SaveError
from .events import Event
from .game import Game
from .intents import Intent, parse
from .review import Review, review
from .saves import load, loads
from .start import new_game

__version__ = "0.1.0"


def _board(name: str):
    """The notebook board's ``name`` (``play``, ``replay``), imported when first asked for: the
    board is an optional extra's (ipywidgets, and ipycanvas or anywidget)."""
    try:
        import ipywidgets  # noqa: F401

        from . import widgets
    except ImportError as e:
        missing = getattr(e, "name", None) or str(e)
        raise ImportError(f"the notebook board needs ipywidgets ({missing} is missing): "
                          'pip install "stationmaster[board]"') from e
    return getattr(widgets, name)


def play(*args, **kw):
    """Show a playable board in a notebook (needs ipywidgets, and ipycanvas or anywidget to draw:
    ``pip install stationmaster[board]``). ``play(seed=7)`` deals a new game with ``new_game``'s
    options, ``play()`` resumes the autosave in the working folder; ``surface="svg"`` draws without
    ipycanvas (as JupyterLite does by itself); see ``stationmaster.widgets.play``."""
    return _board("play")(*args, **kw)


def replay(game_or_save, review=None, **kw):
    """Step through a game's record on a read-only board (needs the board's extra, as ``play``):
    ``replay(game)`` or ``replay("save.json")``, with a Review of it (``review=``, ``sm.review(game)``)
    to show its verdicts and better moves; the keys ←/→, ↑/↓, Home/End step once it has the focus,
    and "Play on from here" starts a new game from the position shown. See
    ``stationmaster.widgets.replay``."""
    return _board("replay")(game_or_save, review, **kw)


__all__ = ["bots", "Event", "Game", "IllegalIntent", "Intent", "Review", "SaveError", "load", "loads", "new_game",
           "parse", "play", "replay", "review"]
