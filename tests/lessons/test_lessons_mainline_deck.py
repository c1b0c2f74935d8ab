"""Tutorial 8 (the Mainline deck): every lesson starts valid and not done, its documented solution
makes it done, and what the notebook says about each position is what the engine plays."""

import pytest

from stationmaster.builder import Position
from stationmaster.lessons import mainline_deck
from stationmaster.lessons.stage import play_stage, solve
from stationmaster.slowmo import mainline_steps

from positions import lesson_solved_twice, lesson_starts_not_done, undocumented

LESSONS = {name: getattr(mainline_deck, name)
           for name in ("speeds", "rear_end", "hold_behind", "signals", "choose_grade", "helper")}


def _train(g, label):
    return next((t for t in g.state.trains.values() if t.label == label), None)


def _kinds(g, kind, train=None):
    return [e for e in g.events if e.kind == kind and (train is None or e.data.get("train") == train)]


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_lesson_starts_valid_and_not_done(make):
    lesson = make()
    assert lesson.game.config.deck == "full"
    lesson_starts_not_done(lesson)


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_documented_solution_makes_it_done(make):
    lesson_solved_twice(make())


def test_every_lesson_function_has_a_docstring():
    assert undocumented(mainline_deck) == []


def test_the_fast_train_catches_the_slow_one():
    """In the two Stages Train 2 (first class) runs the whole Low Line to Ann's Depot, Train 8 (third
    class), a card ahead, runs only half the Johnstown Tangent; nobody is held or asked."""
    lesson = mainline_deck.speeds()
    g = lesson.game
    play_stage(g)
    assert not lesson.check()
    play_stage(g)
    assert lesson.check()
    assert g.state.stage_count == 3
    t8 = _train(g, "8")
    assert (t8.where, t8.pos) == ("mainline", (1, 1))
    assert not _kinds(g, "held") and not _kinds(g, "clearance_asked")
    assert [st.what for st in mainline_steps(g)] == ["arrived", "ran on"]


def test_clearing_the_fast_train_rear_ends_the_slow_one_the_stage_after():
    """Cleared, Train 2 enters the near half safely; the next Stage it runs into the far half, which
    Train 8 still holds: the Superintendent's collision (-5). The check says what is missing between."""
    lesson = mainline_deck.rear_end()
    g = lesson.game
    play_stage(g, answer="clear")
    assert not _kinds(g, "collision") and _kinds(g, "highball", "2")
    assert "one more Stage" in str(lesson.check())
    play_stage(g, answer="clear")
    (crash,) = _kinds(g, "collision")
    assert crash.data["reason"] == "region_taken"
    assert g.revenue["Ann"] == -5
    (step,) = mainline_steps(g)
    assert step.what == "collision" and "cleared too soon" in step.why


def test_the_same_clearance_is_safe_on_plain_cards():
    """What the notebook says: on the classic deck Train 8 would run off this Stage, and clearing
    Train 2 behind it would be safe."""
    b = Position(players=["Ann"], seed=1)
    b.state.mainline = ["Cedar Cut", "Long Fill"]
    b.office("Ann", "depot")
    mainline_deck._behind(b)
    g = b.game()
    play_stage(g, answer="clear", stages=3)
    assert _kinds(g, "highball", "2") and not _kinds(g, "collision")


@pytest.mark.parametrize("answers, holds", [(["hold", "hold"], 2), (["hold", "clear"], 1)])
def test_holding_is_safe_and_each_hold_is_explained(answers, holds):
    """Held, Train 2 waits at the Depot until Train 8 has gone, then highballs: no collision. Clearing
    it on the Stage Train 8 runs off is safe too. The slow motion gives each hold its reason."""
    lesson = mainline_deck.hold_behind()
    g = lesson.game
    for answer in answers:
        play_stage(g, answer=answer)
    if not lesson.check():
        play_stage(g)
    assert lesson.check() and not _kinds(g, "collision")
    held = [st for st in mainline_steps(g.events) if st.train == "2" and st.what == "held"]
    assert len(held) == holds and all("Superintendent, Ann, held it" in st.why for st in held)


def test_clearing_too_soon_in_the_hold_lesson_is_not_done():
    lesson = mainline_deck.hold_behind()
    play_stage(lesson.game, answer="clear", stages=2)
    c = lesson.check()
    assert not c and "collision" in str(c)


def test_block_signals_hold_train_2_without_a_question():
    """Played on the Johnstown Tangent, the Block Signals hold Train 2 at the Depot by themselves;
    without them the Superintendent is asked, and the check says to play them first."""
    lesson = mainline_deck.signals()
    g = lesson.game
    play_stage(g)
    assert _kinds(g, "clearance_asked", "2")
    assert "play the Block Signals first" in str(lesson.check())
    solve(lesson)
    assert lesson.check()
    assert not _kinds(g, "clearance_asked")
    (step,) = [st for st in mainline_steps(g) if st.train == "2"]
    assert "ABS Signals of the Johnstown Tangent" in step.why


def test_uphill_east_is_the_wrong_grade_and_undo_puts_it_right():
    """Uphill east would stop the eastbound third-class freights of the timetable for a helper; the
    check says so and how to undo; 'grade west' is done."""
    lesson = mainline_deck.choose_grade()
    g = lesson.game
    assert [str(i) for i in g.legal_intents()] == ["grade east", "grade west"]
    g.apply("grade east")
    c = lesson.check()
    assert not c and "undo" in str(c)
    g.undo()
    g.apply("grade west")
    assert lesson.check()
    from stationmaster.cards.specs import spec
    timetable = [spec(g.state.deck[c], "full") for c in g.state.timetable.values()]
    assert {sp.speed for sp in timetable if sp.direction == "west"} == {4}
    assert {sp.speed for sp in timetable if sp.direction == "east"} == {2}


@pytest.mark.parametrize("uphill, stages", [("east", 5), ("west", 4)])
def test_a_helper_costs_the_slow_train_a_stage_uphill(uphill, stages):
    """Train 8 crosses the Summit Grade in 5 Stages uphill (a Stage for its helper), 4 downhill."""
    lesson = mainline_deck.helper()
    lesson.game.state.grades["Summit Grade"] = uphill
    g = lesson.game
    while not lesson.check():
        play_stage(g)
    assert g.state.stage_count - 2 == stages  # less the Stage it highballed in
