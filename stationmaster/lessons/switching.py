"""Tutorial 2 — Switching (v0.2 Appendix A): Moves, turnouts and their direction rule, coupling,
setting out, and the two worked examples of Appendix A.5 as exercises.

Every lesson uses the Appendix A.5 grid (as in ``tests/phases/test_switching.py``)::

    A B C        A Straight, B a Run-around, C a Grocer's Warehouse (an industry spur)
    D E F        D Straight, E the Office (a Depot), F Straight

Each function returns a ``Lesson``; ``solve(lesson)`` (from ``stationmaster.lessons.stage``)
starts the lesson's position again and plays its documented ``lesson.solution_intents``.
"""

from __future__ import annotations

from ..builder import Position
from ..cards import PIECES
from ..flow import Option, Phase, Where
from ..view.scene.layout import car_letter
from . import Lesson

ME = "Ann"
A, B, C, D, E, F = (-1, 1), (0, 1), (1, 1), (-1, 0), (0, 0), (1, 0)
# The cars of the worked examples. Appendix A.5 labels them yellow, brown (the car for the Grocer's
# Warehouse), blue and red; the board colours cars by load as the rules do (§2.2: a freight car
# brown when loaded, white when empty), so the lessons name them as the board labels them.
HOPPER, BOXCAR, TANK, REEFER = "HL1", "BE1", "TL1", "RL1"
NAMES = {A: "A", B: "B", C: "C", D: "D", E: "E", F: "F"}


def a5_layout(b: Position, who=ME) -> None:
    """The Appendix A.5 grid: A B C over D E F; B a Run-around, C a Grocer's Warehouse, E a Depot."""
    b.lay(who, "straight", D)
    b.lay(who, "straight", F)
    b.lay(who, "straight", A)
    b.lay(who, "runaround", B)
    b.lay(who, "grocers_warehouse", C)
    b.office(who, "depot")


def car_name(pid: str, load: bool = True) -> str:
    """A car as the board shows it, by its kind and the letter it wears ("hopper H"), with its
    load ("loaded hopper H", "empty boxcar b") unless ``load`` is False: colour alone does not tell
    the freight cars apart."""
    p = PIECES[pid]
    kind = "tank car" if p.kind == "tank" else p.kind
    name = f"{kind} {car_letter(p.kind, p.loaded)}"
    return f"{'loaded' if p.loaded else 'empty'} {name}" if load else name


def _spot(xy) -> str:
    return f"{NAMES.get(tuple(xy), '?')} ({xy[0]},{xy[1]})"


def _cars(g, xy) -> list:
    return list(g.state.areas[0].grid[xy].cars)


def moves_used(g) -> int:
    """Moves spent so far this game (a Move continued the same way with the same tray is free)."""
    return sum(1 for e in g.events if e.kind == "move" and "(same Move)" not in e.text)


def _replay(intents):
    def solution(g):
        while g.history:  # solitaire: undo back to the prepared position
            g.undo()
        for it in intents:
            g.apply(it)
    return solution


def _lesson(title, task, game, goal, hint, intents) -> Lesson:
    lesson = Lesson(title=title, task=task, game=game, goal=goal, hint=hint)
    lesson.solution_intents = list(intents)
    lesson.solution = _replay(intents)
    return lesson


def _where(t) -> str:
    return _spot(t.pos) if t.where == Where.AREA else t.where


# --------------------------------------------------------------------------- lessons

def moves_and_turnouts() -> Lesson:
    """A Move runs any distance east or west; it never ends on a turnout, and through a Turnout or
    Run-around a train goes from the points either way but from the other ends only to the points.

    The position: a light engine (train 11) on F. The task: put it on the Grocer's Warehouse spur at
    C. C is east of F's row but cannot be reached moving west from F: the learner must run west to B
    and reverse east into C — two Moves.
    """
    b = Position(players=[ME], seed=3)
    a5_layout(b)
    b.train(11, player=ME, at=F)
    game = b.game()

    def goal(g):
        t = g.state.trains[1]
        if t.where == Where.AREA and t.pos == C:
            return None
        msg = f"train 11 stands on {_where(t)}, not on the Grocer's Warehouse at C (1,1)."
        if g.phase == Phase.LOCAL_OPERATIONS and g.state.turn.option == Option.SWITCH:
            why = g.why_not("move 1 west 1,1")
            if why:
                msg += f" Moving west straight to C: {why}."
        return msg

    return _lesson("Moves and turnouts", "choose 'switch', then move train 11 from F to the Grocer's "
                   "Warehouse at C (1,1).", game, goal,
                   "run west to B (0,1) first, then reverse east into C.",
                   ["switch", "move 1 west 0,1", "move 1 east 1,1"])


def coupling_and_setting_out() -> Lesson:
    """Coupling: entering a card with standing cars couples them all. Setting out: free; a cut of
    outer cars comes off the front or rear and stands where the train is (never on the Office).

    The position: a light engine (train 11, facing west) on D, an empty hopper standing on F. The
    task: spot the hopper at the Grocer's Warehouse (C) and bring the engine back to D.
    """
    b = Position(players=[ME], seed=3)
    a5_layout(b)
    b.train(11, player=ME, at=D)
    b.cars(ME, F, ["HE1"])
    game = b.game()

    def goal(g):
        t = g.state.trains[1]
        missing = []
        if "HE1" not in _cars(g, C):
            holder = "train 11" if "HE1" in t.cars else next(
                (_spot(xy) for xy in (A, B, D, F) if "HE1" in _cars(g, xy)), "somewhere else")
            missing.append(f"the hopper HE1 is on {holder}, not standing at C")
        if not (t.where == Where.AREA and t.pos == D):
            missing.append(f"train 11 is on {_where(t)}, not back on D")
        return "; ".join(missing) + "." if missing else None

    return _lesson("Coupling and setting out", "couple the hopper on F, set it out at C, and bring train 11 "
                   "back to D.", game, goal,
                   "back east to F (the hopper couples behind), west to B, east into C, 'setout 1 rear 1', "
                   "then west to D.",
                   ["switch", "move 1 east 1,0", "move 1 west 0,1", "move 1 east 1,1", "setout 1 rear 1",
                    "move 1 west -1,0"])


#: the train each worked example leaves, from the engine back
REBUILT = "engine, " + ", ".join(car_name(c, load=False) for c in (HOPPER, TANK, REEFER))


def _a5_goal(end, moves):
    def goal(g):
        t = g.state.trains.get(1)
        missing = []
        if BOXCAR not in _cars(g, C):
            missing.append(f"the {car_name(BOXCAR)} is not standing at C")
        rebuilt = t is not None and t.where == Where.AREA and tuple(t.pos) == end and not t.ahead \
            and t.behind == [HOPPER, TANK, REEFER]
        if not rebuilt:
            now = ", ".join(car_name(c) for c in t.cars) if t else "none"
            missing.append(f"the train is not rebuilt on {_spot(end)} as {REBUILT} "
                           f"(it is on {_where(t) if t else '?'} with {now or 'no cars'})")
        used = moves_used(g)
        if used > moves:
            missing.append(f"{used} Moves were used; the example needs only {moves} (start again with Undo)")
        return "; ".join(missing) + "." if missing else None
    return goal


def trailing_point() -> Lesson:
    """Appendix A.5, trailing point: train 11 on F, engine facing west, cars H b T R behind it
    (a loaded hopper, an empty boxcar, a loaded tank car and a loaded reefer; the Appendix's
    yellow, brown, blue and red). Spot the boxcar at C and rebuild the train on F in four Moves:
    1. set out T and R on F, move to B; 2. reverse to C and set out the boxcar;
    3. forward to B; 4. back up to F, coupling T and R again.
    """
    b = Position(players=[ME], seed=3)
    a5_layout(b)
    b.train(11, player=ME, at=F, behind=[HOPPER, BOXCAR, TANK, REEFER])
    game = b.game()
    return _lesson("A.5 trailing point", f"leave the {car_name(BOXCAR)} at C and rebuild the train "
                   f"({REBUILT}) on F, within 4 Moves.", game, _a5_goal(F, 4),
                   f"drop the {car_name(TANK, load=False)} and the {car_name(REEFER, load=False)} on F "
                   "before you leave ('setout 1 rear 2').",
                   ["switch", "setout 1 rear 2", "move 1 west 0,1", "move 1 east 1,1", "setout 1 rear 1",
                    "move 1 west 0,1", "move 1 east 1,0"])


def facing_point() -> Lesson:
    """Appendix A.5, facing point: train 12 on D, engine facing east, cars H b T R behind it (as
    in the trailing point). Spot the boxcar at C and rebuild the train on D in six Moves, using
    the Run-around at B:
    1. move to B dropping R, T and b, continue to F; 2. back up via E to D;
    3. forward to B coupling them on the nose, push into C and drop the boxcar;
    4. back up, drop T and R on B, continue to D; 5. pull forward to F;
    6. back up to B, recouple, continue to D.
    """
    b = Position(players=[ME], seed=3)
    a5_layout(b)
    b.train(12, player=ME, at=D, behind=[HOPPER, BOXCAR, TANK, REEFER])
    game = b.game()
    return _lesson("A.5 facing point", f"leave the {car_name(BOXCAR)} at C and rebuild the train "
                   f"({REBUILT}) on D, within 6 Moves.", game, _a5_goal(D, 6),
                   "the Run-around at B lets the engine get round its cars: drop three cars on B first.",
                   ["switch", "move 1 east 0,1", "setout 1 rear 3", "move 1 east 1,0", "move 1 west -1,0",
                    "move 1 east 0,1", "move 1 east 1,1", "setout 1 front 1", "move 1 west 0,1",
                    "setout 1 front 2", "move 1 west -1,0", "move 1 east 1,0", "move 1 west 0,1",
                    "move 1 west -1,0"])
