"""Tutorials 1–3: every lesson starts not done and says what is missing; its documented solution
makes it done; every prepared position is a valid one."""

import pytest

from stationmaster.lessons import mainline, stage, switching
from stationmaster.lessons.stage import solve

from positions import lesson_solved_twice, lesson_starts_not_done, undocumented

LESSONS = {
    "stage.one_stage": stage.one_stage,
    "stage.the_fedora": stage.the_fedora,
    "stage.a_day": stage.a_day,
    "switching.moves_and_turnouts": switching.moves_and_turnouts,
    "switching.coupling_and_setting_out": switching.coupling_and_setting_out,
    "switching.trailing_point": switching.trailing_point,
    "switching.facing_point": switching.facing_point,
    "mainline.timetable": mainline.timetable,
    "mainline.making_up": mainline.making_up,
    "mainline.subdivisions": mainline.subdivisions,
    "mainline.superintendent": mainline.superintendent,
    **{f"mainline.collision.{k}": (lambda k=k: mainline.collision(k)) for k in mainline.COLLISIONS},
}


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_lesson_starts_valid_and_not_done(make):
    lesson = make()
    lesson_starts_not_done(lesson)


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_documented_solution_makes_it_done(make):
    lesson_solved_twice(make())


def test_every_lesson_function_has_a_docstring():
    assert [name for module in (stage, switching, mainline) for name in undocumented(module)] == []


def test_solution_replaces_a_half_done_attempt():
    """A learner who made wrong Moves is not in the way: the solution starts the position again."""
    lesson = switching.trailing_point()
    g = lesson.game
    g.apply("switch")
    g.apply("move 1 west 0,1")  # the boxcar is still on the train
    assert "the empty boxcar b is not standing at C" in str(lesson.check())
    solve(lesson)
    assert lesson.check()


def test_trailing_point_counts_moves():
    """A.5 trailing point done in more than four Moves is not done: the check says how many."""
    lesson = switching.trailing_point()
    g = lesson.game
    for it in ["switch", "setout 1 rear 2", "move 1 west 0,1", "move 1 east 1,1", "setout 1 rear 1",
               "move 1 west 0,1", "move 1 east 1,0"]:
        g.apply(it)
    assert lesson.check()
    lesson = switching.trailing_point()
    g = lesson.game
    for it in ["switch", "setout 1 rear 2", "move 1 west 0,0", "move 1 east 1,0", "move 1 west 0,1",
               "move 1 east 1,1", "setout 1 rear 1", "move 1 west 0,1", "move 1 east 1,0"]:
        g.apply(it)
    c = lesson.check()
    assert not c and "Moves were used; the example needs only 4" in str(c)


def test_moves_and_turnouts_explains_in_the_engines_words():
    """The check quotes the engine's reason why the turnout cannot be taken from the wrong end."""
    lesson = switching.moves_and_turnouts()
    lesson.game.apply("switch")
    c = str(lesson.check())
    assert "cannot reach 1,1 moving west" in c


def test_fedora_lesson_shows_the_pass_after_stage_3():
    lesson = stage.the_fedora()
    g = lesson.game
    first = g.state.superintendent
    stage.play_stage(g, stages=2)
    assert not lesson.check() and g.state.superintendent == first
    stage.play_stage(g)
    assert lesson.check() and g.state.superintendent != first
    assert any(e.kind == "fedora" for e in g.events)


def test_making_up_check_names_the_problem_and_the_running_track_trap():
    lesson = mainline.making_up()
    assert "engine stands between cars" in str(lesson.check())
    g = lesson.game
    g.apply("switch")
    g.apply("move 1 west -1,1")
    assert "highballs only from the Office" in str(lesson.check())


@pytest.mark.parametrize("kind", mainline.COLLISIONS)
def test_each_collision_lesson_shows_that_collision(kind):
    lesson = mainline.collision(kind)
    solve(lesson)
    col = [e for e in lesson.game.events if e.kind == "collision"]
    assert len(col) == 1
    expected = {"arrival_over_cars": "inside Ann's Limits", "full_ad_tracks": "no free A/D track",
                "departing_over_cars": "leaving", "follower_too_soon": "Mainline card"}[kind]
    assert expected in col[0].text


def test_unknown_collision_kind_is_refused():
    with pytest.raises(ValueError, match="kind must be one of"):
        mainline.collision("meteor")


def test_the_superintendent_lesson_asks_the_superintendent():
    """Under v5 every Office opens as a Depot, a Control Point ([U5]): the lesson makes Ann's a Whistle
    Post so that Train 4 follows Train 2 into one Subdivision and the Fedora is asked, as it says."""
    lesson = mainline.superintendent()
    solve(lesson)
    assert [str(i) for i in lesson.game.history if str(i) in ("clear", "hold")] == ["clear"]
    assert "Ann Whistle Post" in lesson.game.describe()


def test_the_subdivisions_lesson_holds_the_train_an_opposing_one_meets():
    """Subdivision 1 runs from the Western Division Point past Ann's Whistle Post to Bob's Depot: westbound
    Train 3 in it holds eastbound Train 4; Train 6 highballs from Bob's Depot into an empty Subdivision 2."""
    lesson = mainline.subdivisions()
    solve(lesson)
    said = [e.text for e in lesson.game.events if e.kind in ("held", "highball")]
    assert any(t.startswith("Train 4 is held") and "train 3" in t for t in said), said
    assert any(t.startswith("Train 6 highballs") for t in said), said
