"""Tutorial 11 — Learn from a strong game: the key moments of an annotated game by the ``expert`` bot.

The game is the expert's Standard solitaire game of seed 4 under edition v5 (93 Revenue against a
target of 32), kept with its notes as a save in ``stationmaster/data/strong-game.json``;
``tools/strong_game.py`` plays it again and writes the notes (the expert's reason and
``explain.why``, in game terms) on the decisions ``MOMENTS`` lists. Each moment is a ``Lesson`` on the position in which the expert
decided (``Game.branch``, its record starting there): the learner makes the decision on the board,
and the check says whether it was the expert's move, or what that was and why (its note).
``lesson.answer()`` then shows the move and the note.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

from ..game import Game
from ..saves import loads
from . import Check, Lesson

#: the annotated game, in the package's data
DATA = "strong-game.json"


@dataclass(frozen=True)
class Moment:
    """A key moment of the strong game: decision ``seq``, what kind of decision it is, the lesson's
    title, what the learner is shown before deciding (the position in words, never the move) and
    a hint."""

    seq: int
    kind: str
    title: str
    situation: str
    hint: str


MOMENTS = (
    Moment(65, "clearance", "The Superintendent's question",
           "Day 2, Stage 7 (Noon), the Mainline. In solitaire you wear the Fedora: train 2 waits at the "
           "Western Division Point to follow train 12 east onto Salt Flats. Clear it, or hold it?",
           "look at where train 12 stands on Salt Flats."),
    Moment(68, "card", "A card from the Departments",
           "Day 2, Stage 8, Local Operations. Your Office is a Station; train 1 stands at it with its "
           "coaches. The Departments show a Terminal, Extra X12 and a Left Turnout; your hand holds two "
           "Produce Sheds and a Mine Tipple that fit nowhere yet. Which option?",
           "which card could you play at once, and what would it give your Office?"),
    Moment(78, "switching", "A switching Move",
           "Day 2, Stage 9, switching. Train 12's engine stands light on the Office; its caboose and three "
           "boxcars (two empty, one loaded) wait on the Run-around at 0,1. The Grocer's Warehouses at 1,1 "
           "and 1,-1 work boxcars, and today's car order wants 2 more loads. Make train 12's next Move.",
           "entering a card where cars stand couples them; which industry can take boxcars?"),
    Moment(84, "agent", "A Freight Agent order",
           "Day 2, Stage 10, Local Operations. Last Stage train 12 left three empty boxcars on the Grocer's "
           "Warehouse at 1,1; a load stands on its AT box. Which option?",
           "an empty car on an industry's spur is loaded from that industry's green box."),
    Moment(109, "agent", "Room for the passengers",
           "Day 3, Stage 2, Local Operations. Train 3 is on Prairie Tangent, heading west for your Terminal; "
           "train 2 stands at the Office. The Office's green boxes hold 3 of 4, its red boxes 2 of 4. Which "
           "option?",
           "where do passengers go when they detrain?"),
)


@functools.lru_cache(maxsize=1)
def _save_text() -> str:
    return resources.files("stationmaster").joinpath("data", DATA).read_text(encoding="utf-8")


def game() -> Game:
    """The strong game, whole and with its notes (a fresh copy each call)."""
    return loads(_save_text())


class MomentLesson(Lesson):
    """A lesson on one key moment: ``expert`` is the move the strong game made, ``note`` why."""

    expert = None
    note: str = ""

    def check(self) -> Check:
        """Done when the learner's decision is the expert's (saying so); else what is missing, or
        what the expert played and why."""
        c = super().check()
        return Check(True, f"{c.message} You found the expert's move.") if c else c

    def answer(self) -> "Answer":
        """The expert's move and why (show it after your try)."""
        return Answer(self._words(f"The expert played '{self.expert}'."), self.note)


@dataclass(frozen=True)
class Answer:
    """The move of a key moment and its note, shown as markdown in a notebook."""

    move: str
    why: str

    def __str__(self) -> str:
        return f"{self.move} Why: {self.why}"

    def _repr_markdown_(self) -> str:
        return f"💡 **{self.move}** Why: {self.why}"


def moment(k: int) -> MomentLesson:
    """The lesson of key moment ``k`` (1 to ``len(MOMENTS)``): the strong game's position before that
    decision, the learner to make it."""
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= len(MOMENTS):
        raise ValueError(f"the strong game has key moments 1 to {len(MOMENTS)}, not {k!r}")
    m = MOMENTS[k - 1]
    whole = game()
    expert = whole.history[m.seq - 1]
    note = whole.notes.get(m.seq, "")
    before = whole.branch(m.seq)
    # the record starts at the moment, so that Undo on the board goes back to it and no further
    start = Game.from_position(before.config, before.seed, before.state)

    def goal(g):
        if not g.history:
            return f"make the expert's decision on the board ({g.decision}), then run the check again."
        if g.history[0] == expert:
            return None
        return (f"you played '{g.history[0]}'; the expert played '{expert}'. {note} Undo your move "
                "to try again.")

    lesson = MomentLesson(title=f"{m.title} (Day {before.day}, Stage {before.stage})", task=m.situation,
                          game=start, goal=goal, hint=m.hint)
    lesson.expert, lesson.note = expert, note
    lesson.solution = lambda g: _play(g, expert)
    return lesson


def _play(g, expert) -> None:
    """The documented solution: take back any other move, then play the expert's."""
    while g.history:
        g.undo()
    g.apply(expert)


def the_clearance() -> Lesson:
    """Key moment 1: the Superintendent clears or holds a train following another."""
    return moment(1)


def the_card() -> Lesson:
    """Key moment 2: which Local Operations option, with a Terminal on top of Department 1."""
    return moment(2)


def the_switching_move() -> Lesson:
    """Key moment 3: a Move of a switching turn, with boxcars for an industry."""
    return moment(3)


def the_freight_agent() -> Lesson:
    """Key moment 4: a Freight Agent order for empty cars spotted at an industry."""
    return moment(4)


def the_red_box() -> Lesson:
    """Key moment 5: the Office's boxes before a passenger train arrives."""
    return moment(5)
