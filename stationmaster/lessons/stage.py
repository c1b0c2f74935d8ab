"""Tutorial 1 — The Stage: the five phases, the clock (12 Stages a Day, the Pocket Watch), Days,
the Superintendent and the Fedora.

Each function returns a ``Lesson``; ``solve(lesson)`` performs the documented solution when the
learner has not (the notebooks call it so that they run top to bottom).
"""

from __future__ import annotations

from ..builder import Position
from ..decisions import PHASE_NAMES
from ..flow import Phase
from . import Lesson


# --------------------------------------------------------------------------- shared helpers

def play_stage(game, answer: str = "hold", stages: int = 1) -> list:
    """Play on quietly for ``stages`` Stages: every player passes in Local Operations and ends
    Load/Unload; a Superintendent's question is answered ``answer``. Returns the events."""
    events = []
    for _ in range(stages):
        start = game.state.stage_count
        while not game.is_over and game.state.stage_count == start:
            s = game.state
            if s.turn.pending is not None:
                intent = answer if s.turn.pending.kind == "clearance" else game.legal_intents()[-1]
            elif s.phase == Phase.LOCAL_OPERATIONS:
                intent = "end" if s.turn.option is not None else "agent pass"
            else:
                intent = "end"
            events += game.apply(intent)
    return events


def solve(lesson: Lesson) -> None:
    """Perform the lesson's documented solution if its check is not done yet (the board follows).
    ``lesson.solution(game)`` is that solution; switching lessons start their position again first."""
    if not lesson.check():
        lesson.solution(lesson.game)


def _lesson(title, task, game, goal, hint, solution) -> Lesson:
    lesson = Lesson(title=title, task=task, game=game, goal=goal, hint=hint)
    lesson.solution = solution
    return lesson


# --------------------------------------------------------------------------- lessons

def one_stage() -> Lesson:
    """Play one whole Stage in a solitaire game and see its five phases go by.

    The position: a fresh solitaire Division, Day 1, Stage 1 (Midnight on the Pocket Watch). The
    learner chooses a Local Operations option (``agent pass`` is enough); New Train and Mainline run
    by themselves, Load/Unload passes over a player whose workers have no work (ruling R-L1), and
    Shift Change moves the Pocket Watch to Stage 2.
    """
    game = Position(players=["Ann"], seed=7).game()

    def goal(g):
        if g.state.stage_count >= 2:
            return None
        return (f"the Pocket Watch still shows Day {g.day}, Stage {g.stage}; we are in "
                f"{PHASE_NAMES[g.phase]} and {g.actor} must {g.decision}.")

    return _lesson("One whole Stage", "play Stage 1 through to Stage 2: choose a Local Operations option "
                   "(try 'agent pass'); the other phases run by themselves.", game, goal,
                   "apply 'agent pass'.", lambda g: play_stage(g))


def the_fedora() -> Lesson:
    """Two players: the Fedora (the Superintendent) passes one seat east after Stage 3.

    The position: Ann (west) and Bob (east) in a Competitive game; Bob wears the Fedora. The learner
    plays Stages 1–3; at Shift Change of Stage 3 the Fedora passes to the next player east (wrapping
    round to Ann), as it does again after Stages 6, 9 and 12.
    """
    game = Position(players=["Ann", "Bob"], mode="competitive", seed=1).game()
    first = game.state.superintendent

    def goal(g):
        s = g.state
        if s.stage_count >= 4 and s.superintendent != first:
            return None
        return (f"it is Day {g.day}, Stage {g.stage} and {s.players[s.superintendent].name} still wears the "
                f"Fedora; play on until Stage 3's Shift Change passes it.")

    return _lesson("The Fedora passes", "play Stages 1, 2 and 3 (each player passes in Local Operations and "
                   "ends Load/Unload) until Stage 4 begins, and watch who wears the Fedora.", game, goal,
                   "stationmaster.lessons.stage.play_stage(lesson.game, stages=3) plays three quiet Stages.",
                   lambda g: play_stage(g, stages=3 - (g.state.stage_count - 1)))


def a_day() -> Lesson:
    """The Pocket Watch: 12 Stages make a Day; after Stage 12 the Day ends (Day 2 begins at Stage 1).

    The position: a solitaire game at Day 1, Stage 1. The learner plays twelve quiet Stages.
    """
    game = Position(players=["Ann"], seed=7, length="short").game()

    def goal(g):
        if g.day >= 2:
            return None
        return f"the Pocket Watch shows Day {g.day}, Stage {g.stage}: {13 - g.stage} more Stage(s) to the Day's end."

    return _lesson("A whole Day", "play twelve Stages, until the Pocket Watch starts Day 2.", game, goal,
                   "play_stage(lesson.game, stages=12).",
                   lambda g: play_stage(g, stages=13 - g.stage))
