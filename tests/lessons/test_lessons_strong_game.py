"""Tutorial 11 (learn from a strong game): the annotated expert game in the package's data is whole
and noted at every key moment; each moment's lesson is the position before the expert's decision,
starts not done, is done by the expert's move alone, and says what the expert played and why when
the learner plays anything else."""

import pytest

from stationmaster import invariants
from stationmaster.intents import Agent, Clearance, Draw, Discard, Move, Play, SetOut
from stationmaster.lessons import strong_game
from stationmaster.lessons.stage import solve

from positions import lesson_starts_not_done, undocumented

LESSONS = {name: getattr(strong_game, name) for name in (
    "the_clearance", "the_card", "the_switching_move", "the_freight_agent", "the_red_box")}
KINDS = {"clearance": (Clearance,), "card": (Draw, Play, Discard), "switching": (Move, SetOut), "agent": (Agent,)}


def test_the_strong_game_is_a_whole_expert_game_that_beat_its_target_with_a_note_on_each_moment():
    g = strong_game.game()
    assert g.replay_error is None and g.is_over and g.bots == {"Player": "expert"}
    assert g.revenue["Player"] >= 2 * g.config.target
    assert sorted(g.notes) == [m.seq for m in strong_game.MOMENTS]
    assert 4 <= len(strong_game.MOMENTS) <= 6
    assert {m.kind for m in strong_game.MOMENTS} == set(KINDS)  # a clearance, a card, a switching Move, an order
    for m in strong_game.MOMENTS:
        played = g.history[m.seq - 1]
        assert isinstance(played, KINDS[m.kind]), (m.seq, played)
        assert len(g.notes[m.seq]) > 40 and str(played) not in g.notes[m.seq]  # why, not the move again


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_a_moment_starts_in_the_position_before_the_experts_decision_not_done(make):
    lesson = make()
    lesson_starts_not_done(lesson)
    k = list(LESSONS.values()).index(make)
    m = strong_game.MOMENTS[k]
    whole = strong_game.game()
    assert lesson.game.state == whole.branch(m.seq).state
    assert lesson.game.history == ()  # the record starts at the moment: Undo goes back to it, no further
    assert lesson.expert == whole.history[m.seq - 1] and lesson.expert in lesson.game.legal
    assert "make the expert's decision on the board" in str(lesson.check())
    assert lesson.note not in str(lesson.check()) and "the expert played" not in str(lesson.check())  # no give-away


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_another_move_is_told_what_the_expert_played_and_why_then_the_solution_finds_it(make):
    lesson = make()
    other = next(i for i in lesson.game.legal if i != lesson.expert)
    lesson.game.apply(other)
    said = str(lesson.check())
    assert not lesson.check()
    assert said.startswith(f"Not yet: you played '{other}'; the expert played '{lesson.expert}'. {lesson.note}")
    assert "Undo your move to try again" in said
    solve(lesson)  # takes the other move back and plays the expert's
    c = lesson.check()
    assert c and str(c) == f"Done: {lesson.title}. You found the expert's move."
    assert lesson.game.history[0] == lesson.expert
    assert invariants.check(lesson.game.state) == []
    history = lesson.game.history
    solve(lesson)
    assert lesson.game.history == history  # solving a solved lesson changes nothing


def test_the_answer_shows_the_move_and_its_note():
    lesson = strong_game.the_clearance()
    a = lesson.answer()
    assert a.move == f"The expert played '{lesson.expert}'." and a.why == lesson.note
    assert a._repr_markdown_().startswith("💡 **The expert played")


@pytest.mark.parametrize("k", [0, 6, "1", True])
def test_a_moment_that_does_not_exist_says_which_do(k):
    with pytest.raises(ValueError, match="the strong game has key moments 1 to 5"):
        strong_game.moment(k)


def test_every_lesson_function_has_a_docstring():
    assert undocumented(strong_game) == []
