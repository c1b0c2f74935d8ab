"""Tutorial 8 — The Mainline deck (``deck="full"``): train speeds by class and crossing times
([M10], [M11]), the Superintendent's real decision behind a slow train, ABS Signals holding a
follower by themselves ([M12], [M19]), and the Heavy Grade ([M15]).

Each function returns a ``Lesson``; ``solve(lesson)`` (from ``stationmaster.lessons.stage``)
performs the documented solution (see ``notebooks/08-the-mainline-deck.ipynb``). The first four
positions share one Division: Ann's Depot (a Control Point) between the Low Line and the Johnstown
Tangent, both of 8 sections, so Subdivision 1 is the Low Line and Subdivision 2 the Johnstown
Tangent; Train 2 (a Limited, first class: 4 sections a Stage) runs east behind Train 8 (a Coal
Drag, third class: 2 sections a Stage). The grade lessons put the Summit Grade west of Ann's
Whistle Post.
"""

from __future__ import annotations

from ..builder import Position
from ..flow import Option
from ..state import PendingGrade
from . import Lesson, put_train
from .stage import play_stage

ME = "Ann"
DIVISION = ["Low Line", "Johnstown Tangent"]
GRADE = "Summit Grade"


def _lesson(title, task, game, goal, hint, solution) -> Lesson:
    lesson = Lesson(title=title, task=task, game=game, goal=goal, hint=hint)
    lesson.solution = solution
    return lesson


def _events(g, kind, train=None) -> list:
    return [e for e in g.events if e.kind == kind and (train is None or (e.data or {}).get("train") == train)]


def _restart(g) -> None:
    """Take the lesson back to its prepared position (solitaire undo, one intent at a time)."""
    while g.history:
        g.undo()


def _until(g, goal, answer="hold", most=8) -> None:
    """Play Stages (answering the Superintendent ``answer``) until the lesson's goal is met."""
    for _ in range(most):
        if goal(g) is None:
            return
        play_stage(g, answer=answer)


def _division(cards=DIVISION, depot=True) -> Position:
    b = Position(players=[ME], seed=1, deck="full")
    b.state.mainline = list(cards)
    if depot:
        b.office(ME, "depot")
    return b


def _behind(b: Position, progress: int = 2):
    """Train 2 on Ann's Depot, made up to leave; Train 8 ``progress`` Stages along the Johnstown
    Tangent (2: it has just run into its eastern half, where it stays two Stages)."""
    put_train(b, 2, player=ME, at=(0, 0), behind=["CL1", "CL2"])
    t8 = put_train(b, 8, mainline=(1, 1), behind=["HL1", "HL2", "K1"])
    t8.progress = progress


# --------------------------------------------------------------------------- speeds

def speeds() -> Lesson:
    """Train speed and crossing time: a card of 8 sections takes a first-class train 2 Stages and a
    third-class one 4, so a fast train catches a slow one.

    The position: Train 2 (Limited) highballed onto the Low Line last Stage; Train 8 (Coal Drag)
    left Ann's Depot at the same time onto the Johnstown Tangent, a whole card ahead. The task: play
    Stages until Train 2 reaches Ann's Depot — by then Train 8 has run only half its card.
    """
    b = _division()
    put_train(b, 2, mainline=(0, 0), behind=["CL1", "CL2"])
    put_train(b, 8, mainline=(1, 0), behind=["HL1", "HL2", "K1"])
    game = b.game()

    def goal(g):
        if _events(g, "arrival", "2"):
            return None
        t2 = next(t for t in g.state.trains.values() if t.label == "2")
        half = "western" if t2.pos[1] == 0 else "eastern"
        return f"Train 2 is on the {half} half of the Low Line; play on until it reaches Ann's Depot."

    return _lesson("Speeds: a fast train catches a slow one",
                   "play Stages ('agent pass', then 'end' Load/Unload) until Train 2 reaches Ann's Depot.",
                   game, goal, "play_stage(lesson.game, stages=2).", lambda g: _until(g, goal))


# --------------------------------------------------------------------------- the decision

def rear_end() -> Lesson:
    """Clearing a fast train behind a slow one: Train 2 enters the near half of the Johnstown Tangent
    safely, but the next Stage it runs into the far half, which Train 8 — crawling — still holds:
    a rear-end collision, the Superintendent's fault ([M6], [M11]). On a plain card of the classic
    deck Train 8 would have run off this Stage, and the same clearance would be safe.

    The task: play the Stage, answer 'clear', and play one more Stage.
    """
    b = _division()
    _behind(b)
    game = b.game()

    def goal(g):
        if any(e.data.get("reason") == "region_taken" for e in _events(g, "collision")):
            return None
        if _events(g, "highball", "2"):
            return "Train 2 is on the Johnstown Tangent behind Train 8: play one more Stage."
        return "Train 2 still stands at Ann's Depot: play the Stage and 'clear' it."

    return _lesson("Clearing a fast train behind a slow one",
                   "play the Stage and answer 'clear'; then play one more Stage and watch.", game, goal,
                   "play_stage(lesson.game, answer='clear', stages=2).",
                   lambda g: _until(g, goal, answer="clear"))


def hold_behind() -> Lesson:
    """Holding is safe: the same position; the Superintendent holds Train 2 at the Depot until Train 8
    is far enough ahead (here: until it leaves the Division), then Train 2 goes.

    The task: play Stages, answering 'hold', until Train 8 has left the Division and Train 2 has
    highballed after it without a collision.
    """
    b = _division()
    _behind(b)
    game = b.game()

    def goal(g):
        if _events(g, "collision"):
            return "a collision happened — restart the lesson (run its cell again) and hold Train 2."
        gone = _events(g, "train_left_division", "8")
        if gone and _events(g, "highball", "2"):
            return None
        if gone:
            return "Train 8 has left the Division: play one more Stage and Train 2 goes."
        return "Train 8 is still on the Johnstown Tangent: play the Stage and 'hold' Train 2."

    def solution(g):
        _restart(g)
        _until(g, goal)

    return _lesson("Holding a fast train behind a slow one",
                   "play Stages, answering 'hold', until Train 8 has left the Division and Train 2 has gone.",
                   game, goal, "play_stage(lesson.game, answer='hold', stages=3).", solution)


# --------------------------------------------------------------------------- signals

def signals() -> Lesson:
    """ABS Signals hold a follower by themselves ([M12]); Block Signals give a plain card them ([M19]).

    The same position, and Ann holds Block Signals (Signals1). The task: in the Draw option play them
    on the Johnstown Tangent ('draw home', 'play Signals1 on Mainline 2', 'end'), then play the Stage:
    the signals hold Train 2 at the Depot, and nobody is asked.
    """
    b = _division()
    _behind(b)
    b.hand(ME, ["Signals1"])
    game = b.game()

    def goal(g):
        if [e for e in _events(g, "held", "2") if e.data.get("reason") == "abs"]:
            return None
        if _events(g, "clearance_asked", "2"):
            return ("the Superintendent was asked: the Johnstown Tangent has no signals yet. Restart "
                    "(run the lesson cell again) and play the Block Signals first.")
        if g.state.ml_modifiers:
            return "the Block Signals are on the Johnstown Tangent: end the draw and play the Stage."
        return "the Block Signals are still in Ann's hand: 'draw home', then 'play Signals1 on Mainline 2'."

    def solution(g):
        _restart(g)
        g.apply("draw home")
        g.apply("play Signals1 on Mainline 2")
        while g.state.turn.option == Option.DRAW and g.why_not("end"):  # over the hand limit: discard
            g.apply(f"discard {g.state.players[0].hand[-1]} to 1")
        g.apply("end")
        play_stage(g)

    return _lesson("ABS Signals hold a follower", "'draw home', 'play Signals1 on Mainline 2', 'end'; then "
                   "play the Stage and watch the signals hold Train 2.", game, goal,
                   "signals guard the way onto their card.", solution)


# --------------------------------------------------------------------------- grades

#: The timetable of the grade lesson: westbound first-class Limiteds, eastbound third-class freights.
GRADE_TIMETABLE = {1: 3, 3: 8, 5: 1, 7: 10}


def choose_grade() -> Lesson:
    """The Heavy Grade: the Superintendent chooses its uphill direction before Stage 1 ([M15]). A
    first-class train climbs unaided; slower ones stop a Stage for a helper going uphill.

    The position: the Summit Grade is dealt; the timetable runs westbound Limiteds (Trains 1 and 3,
    first class) and eastbound freights (Trains 8 and 10, third class). The task: choose the uphill
    direction that costs nobody a helper — 'grade west'.
    """
    b = _division([GRADE, "Low Line"], depot=False)
    for stage, number in GRADE_TIMETABLE.items():
        b.schedule(number, stage)
    b.state.turn.pending = PendingGrade(b.state.superintendent, GRADE)
    game = b.game()

    def goal(g):
        uphill = g.state.grades.get(GRADE)
        if uphill == "west":
            return None
        if uphill == "east":
            return ("uphill east, eastbound Trains 8 and 10 (third class) stop a Stage for a helper every "
                    "Day. Undo ('lesson.game.undo()') and choose 'grade west'.")
        return "the Superintendent has not chosen yet: 'grade east' or 'grade west'."

    def solution(g):
        _restart(g)
        g.apply("grade west")

    return _lesson("Choosing the grade", "choose the Summit Grade's uphill direction: 'grade east' or "
                   "'grade west'.", game, goal, "first-class trains climb without a helper.", solution)


def helper() -> Lesson:
    """A slow train needs a helper uphill: Train 8 (third class) climbs the Summit Grade (8 sections,
    uphill to the east): its 4 Stages become 5, the extra one spent on the near half ([M15]).

    The task: play Stages until Train 8 reaches Ann's Whistle Post.
    """
    b = _division([GRADE, "Low Line"], depot=False)
    b.state.grades = {GRADE: "east"}
    put_train(b, 8, division_point="west", behind=["HL1", "HL2", "K1"])
    game = b.game()

    def goal(g):
        if _events(g, "arrival", "8"):
            return None
        stages = g.state.stage_count - 1
        return f"Train 8 has not reached Ann's Whistle Post yet ({stages} Stage(s) played): play on."

    return _lesson("A helper up the grade", "play Stages until Train 8 reaches Ann's Whistle Post.", game, goal,
                   "play_stage(lesson.game, stages=5).", lambda g: _until(g, goal))
