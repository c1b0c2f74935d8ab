"""Lessons for the tutorial notebooks: a prepared position, a task, and a check.

Each lesson module offers functions returning a ``Lesson``: a built game (``lesson.game``), a
short task in words (``lesson.task``) and ``lesson.check()``, which says "Done" or what is still
missing, in the engine's words — in board words ("set out 1 car from the rear of train 11", not
"'setout 1 rear 1'") once ``lesson.board()`` has shown its game, except in the scripting lessons,
which teach the notation. ``lesson.board()`` shows the position on the notebook board when
ipywidgets/ipycanvas are installed (else the SVG). The engine stays standard-library only:
nothing here imports the widgets until ``board()`` is called.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


def put_train(b, number: int, **kw):
    """Put timetabled train ``number`` on a lesson's table (``stationmaster.builder.Position``
    ``b``; ``kw`` as ``Position.train``), its card scheduled at a late Stage the lesson never
    reaches so that it is not due again."""
    if not kw.get("extra"):
        b.schedule(number, max(st for st in range(1, 13) if st not in b.state.timetable))
    return b.train(number, **kw)


@dataclass
class Check:
    """The result of ``Lesson.check()``: truthy when the task is done."""

    done: bool
    message: str

    def __bool__(self) -> bool:
        return self.done

    def __str__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return ("✅ " if self.done else "⏳ ") + self.message


@dataclass
class Lesson:
    """A prepared position with a task and a check."""

    title: str
    task: str
    game: object
    goal: Callable = field(repr=False)  # goal(game) -> None when done, else what is missing
    hint: str = ""
    #: a lesson of playing by code (tutorial 6): its checks speak the intents' notation even when
    #: its game is shown on a board
    in_code: bool = False
    #: its game is shown on the board (``board()``): its checks then speak in board words
    on_board: bool = field(default=False, repr=False)

    def check(self) -> Check:
        missing = self.goal(self.game)
        if missing is None:
            return Check(True, f"Done: {self.title}.")
        return Check(False, self._words(f"Not yet: {missing}" + (f" Hint: {self.hint}" if self.hint else "")))

    def _words(self, text: str) -> str:
        """A check said to a player at the board: intents as what they do there ("set out 1 car
        from the rear of train 11"), not in the notation of scripts ("'setout 1 rear 1'")."""
        if not self.on_board or self.in_code:
            return text
        from ..widgets.words import for_board
        return for_board(text, self.game)

    def board(self, **options):
        """The notebook board on this lesson's game (autosave off); from now on the checks speak
        in board words."""
        from ..widgets import GameBoard
        self.on_board = True
        return GameBoard(self.game, autosave=False, **options)

    def _repr_markdown_(self) -> str:
        return f"**{self.title}** — {self.task}"

    def __repr__(self) -> str:
        return f"<Lesson {self.title!r}: {self.task}>"
