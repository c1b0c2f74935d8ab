"""Shared scenario pieces for the tests: the Appendix A grid, Division positions and play-on helpers."""

import random

from stationmaster import invariants
from stationmaster.phases import switching
from stationmaster.query import ad_tracks

ME = "Player"
#: v0.2 Appendix A.2 / A.5 grid: A B C over D E F, E the Office
A, B, C, D, E, F = (-1, 1), (0, 1), (1, 1), (-1, 0), (0, 0), (1, 0)


def random_play(g, seed, steps=None):
    """Seeded random legal play on ``g`` (``random.Random(seed)``'s choices): to the end, or for
    ``steps`` intents; never more than 5000."""
    r = random.Random(seed)
    n = 0
    while not g.is_over and (steps is None or n < steps):
        g.apply(r.choice(g.legal_intents()))
        n += 1
        assert n < 5000
    return g


def settled(g):
    """Every scenario ends with the invariants holding and every legal intent round-tripping."""
    assert invariants.check(g.state) == []
    for i in g.legal_intents():
        assert g.parse(str(i)) == i


def a2_layout(b, who=ME, office="depot"):
    """v0.2 Appendix A.5 grid:  A B C  over  D E F; B a Run-around, C a Grocer's Warehouse, E the Office."""
    b.lay(who, "straight", D)
    b.lay(who, "straight", F)
    b.lay(who, "straight", A)
    b.lay(who, "runaround", B)
    b.lay(who, "grocers_warehouse", C)
    if office:
        b.office(who, office)


def fill_the_office(b):
    """Every A/D track of the Player's Office held by a train that cannot leave (its engine is between
    cars): Train 6 on a Whistle Post's one, and Train 10 too on a Depot's second (from edition v5 every
    Office opens as a Depot, [U5]); Trains 6 and 10 stand in trays 1 and 2."""
    b.train(6, player="Player", at=(0, 0), ahead=["BE1"], behind=["K1"])
    if ad_tracks(b.state, b.state.areas[0]) > 1:
        b.train(10, player="Player", at=(0, 0), ahead=["BE2"], behind=["K3"])
    assert ad_tracks(b.state, b.state.areas[0]) == len(b.state.trains)


def to_load_unload(g):
    """'agent pass' for every player until Load/Unload of this Stage begins (or the Stage ends)."""
    day, stage = g.day, g.stage
    while g.phase == "local_operations" and (g.day, g.stage) == (day, stage) and not g.is_over:
        g.apply("agent pass")


def finish_one_load(g):
    """Work the Produce Shed's (at 1,-1) next green load through MEN, AT and WORK onto its empty reefer: two
    Stages of its two Laborers. Returns the revenue events of the last step."""
    to_load_unload(g)
    g.apply("work 1,-1 green")
    g.apply("work 1,-1 men")
    to_load_unload(g)
    g.apply("work 1,-1 at")
    return [e.amount for e in g.apply("work 1,-1 work") if e.kind == "revenue"]


def cars_at(g, xy, seat=0):
    return list(g.state.areas[seat].grid[xy].cars)


def reach(g, tray, direction):
    """Every card a Move of that tray in that direction can end on."""
    s = g.state
    t = s.trains[tray]
    return set(switching.reach(s, t.seat, s.areas[t.seat], t, direction))


# --------------------------------------------------------------------------- the Division

def solo(**kw):
    """Solitaire with Ann: one Office (seat 0) between Mainline cards 0 and 1; 4 Crew Trays."""
    from stationmaster.builder import Position
    kw.setdefault("seed", 1)
    return Position(players=["Ann"], **kw)


def duo(**kw):
    """Two players; with seed 1 Ann sits at seat 0 (west), Bob at seat 1, Bob wears the Fedora."""
    from stationmaster.builder import Position
    kw.setdefault("seed", 1)
    kw.setdefault("mode", "competitive")
    b = Position(players=["Ann", "Bob"], **kw)
    assert [p.seat for p in b.state.players] == [0, 1] and b.state.superintendent == 1
    return b


def run_stage(g, *answers) -> list:
    """Play one Stage doing nothing locally, answering the Superintendent's questions in order."""
    answers = list(answers)
    start = g.state.stage_count
    events = []
    while not g.is_over and g.state.stage_count == start:
        if g.state.turn.pending is not None:
            assert answers, f"unexpected decision: {g.decision}"
            events += g.apply(answers.pop(0))
        elif g.phase == "local_operations":
            events += g.apply("agent pass")
        elif g.phase == "load_unload":
            events += g.apply("end")
        else:  # pragma: no cover
            raise AssertionError(f"stuck in {g.phase}")
    assert not answers, f"answers left over: {answers}"
    return events


def to_decision(g) -> list:
    """Pass Local Operations until the game stops for a decision (or the Stage ends); the events."""
    events = []
    start = g.state.stage_count
    while g.phase == "local_operations" and g.state.stage_count == start and not g.is_over:
        events += g.apply("agent pass")
    return events


def of(events, kind) -> list:
    return [e for e in events if e.kind == kind]



# --------------------------------------------------------------------------- tutorial lessons

def lesson_starts_not_done(lesson):
    """A tutorial lesson's contract at the start: a valid position, a task, and a check that is not
    done and says what is missing."""
    from stationmaster.lessons import Check, Lesson
    assert isinstance(lesson, Lesson) and lesson.task and lesson.title
    assert invariants.check(lesson.game.state) == []
    c = lesson.check()
    assert isinstance(c, Check) and not c
    assert str(c).startswith("Not yet: ") and len(str(c)) > len("Not yet: ") + 10


def lesson_solved_twice(lesson):
    """A tutorial lesson's contract at the end: its documented solution makes it done in a valid
    position, and solving a solved lesson changes nothing."""
    from stationmaster.lessons.stage import solve
    solve(lesson)
    c = lesson.check()
    assert c, str(c)
    assert str(c) == f"Done: {lesson.title}."
    assert invariants.check(lesson.game.state) == []
    history = list(lesson.game.history)
    solve(lesson)
    assert lesson.check() and list(lesson.game.history) == history


def until_stage(g, stage, day=1, limit=3000):
    """Play on, passing every decision ('agent pass', 'end', 'hold', else the first legal intent),
    until Local Operations of that Stage (and Day) begins."""
    import stationmaster as sm

    for _ in range(limit):
        if g.phase == "local_operations" and (g.day, g.stage) == (day, stage):
            return
        legal = g.legal_intents()
        for pick in ("agent pass", "end", "hold"):
            if sm.parse(pick) in legal:
                g.apply(pick)
                break
        else:
            g.apply(legal[0])
    raise AssertionError(f"never reached Stage {stage} of Day {day}")


def undocumented(module) -> list:
    """The public functions a lessons module defines without a docstring ("module.name")."""
    return [f"{module.__name__}.{name}" for name in dir(module)
            if not name.startswith("_") and callable(f := getattr(module, name))
            and getattr(f, "__module__", "") == module.__name__ and not f.__doc__]
