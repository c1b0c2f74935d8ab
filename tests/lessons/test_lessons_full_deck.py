"""Tutorial 9 (the full deck): every lesson starts valid and not done, its documented solution makes
it done, and what the notebook says about each position is what the engine plays: the special
trains, the local track, an enhancement, and the cards played on an opponent's Office."""

import pytest

from stationmaster import invariants
from stationmaster.lessons import full_deck
from stationmaster.lessons.stage import play_stage, solve

from positions import lesson_solved_twice, lesson_starts_not_done, undocumented

LESSONS = {name: getattr(full_deck, name) for name in (
    "crack_limited", "empty_cars", "small_yard", "flying_switch", "lunch_counter", "hotbox", "defence")}


def _train(g, label):
    return next((t for t in g.state.trains.values() if t.label == label), None)


def _kinds(events, kind, train=None) -> list:
    return [e for e in events if e.kind == kind and (train is None or (e.data or {}).get("train") == train)]


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_lesson_starts_valid_and_not_done(make):
    lesson = make()
    assert lesson.game.config.deck == "full"
    lesson_starts_not_done(lesson)


@pytest.mark.parametrize("make", LESSONS.values(), ids=LESSONS.keys())
def test_documented_solution_makes_it_done(make):
    lesson_solved_twice(make())


def test_every_lesson_function_has_a_docstring():
    assert undocumented(full_deck) == []


def test_the_opponent_lessons_are_competitive_and_ann_acts_first():
    """O1: the opponent cards are dealt only in Competitive games; Ann wears the Fedora and so takes
    the first Local Operations turn, Bo sits west of her (as the notebook says)."""
    for make in (full_deck.hotbox, full_deck.defence):
        g = make().game
        assert g.config.mode == "competitive" and g.actor == "Ann"
        assert [p.name for p in sorted(g.state.players, key=lambda p: p.seat)] == ["Bo", "Ann"]


# --------------------------------------------------------------------------- special trains

def test_the_crack_limited_refuses_switch_and_is_worked_at_the_terminal():
    """T2, T3: Switch is refused (the lone train of the Area is a no-switching train) and is no legal
    intent; at the Terminal the Porters board both loads onto X14."""
    lesson = full_deck.crack_limited()
    g = lesson.game
    assert g.why_not("switch") == ("Train X14, the Crack Limited, is a no-switching train: it may not move, "
                                   "set out or sort cars in an Office Area")
    assert "switch" not in {str(i) for i in g.legal_intents()}
    solve(lesson)
    assert len(_kinds(g.events, "board")) == 2
    assert sorted(_train(g, "X14").cars) == ["CL1", "CL2"]


def test_at_a_station_nobody_works_the_crack_limited():
    """T3: at a Station the Porters may not work X14, so Load/Unload passes Ann over ([L1]) and the
    passengers still wait when the Stage ends (what the notebook shows)."""
    lesson = full_deck.crack_limited("station")
    g = lesson.game
    events = g.apply("agent pass")
    assert not _kinds(events, "board") and _kinds(events, "stage_end")
    assert g.state.areas[0].facilities[(0, 0)].green == ["CL1", "CL2"]
    assert not lesson.check()


def test_the_empty_car_extra_passes_the_loaded_boxcar_by():
    """T6: X22 may not stop on the Grocer's Warehouse, where a loaded boxcar stands; it couples the
    empty hopper beyond the Run-around."""
    lesson = full_deck.empty_cars()
    g = lesson.game
    g.apply("switch")
    g.apply("move 1 west 0,1")
    assert g.why_not("move 1 east 1,1") == ("Train X22 cannot stop on 1,1: the Empty Car Extra picks up empty "
                                            "cars only, and loaded boxcar stands on 1,1")
    assert "move 1 east 1,1" not in {str(i) for i in g.legal_intents()}
    assert "move 1 west -1,1" in {str(i) for i in g.legal_intents()}
    solve(lesson)
    assert _train(g, "X22").ahead == ["HE1"]  # coupled ahead of the engine, which ran west to it
    assert list(g.state.areas[0].grid[(1, 1)].cars) == ["BL1"]


# --------------------------------------------------------------------------- local track

def test_unsorted_train_5_is_held_and_sorted_it_highballs():
    """K3, M5: moved onto the Office unsorted, Train 5 is held (its caboose is next to the engine);
    sorted on the Small Yard first, it highballs at the Mainline phase."""
    lesson = full_deck.small_yard()
    g = lesson.game
    g.apply("switch")
    g.apply("move 1 east 0,0")
    assert "caboose is not at the far end" in str(lesson.check())
    events = play_stage(g)
    assert [e.data.get("train") for e in _kinds(events, "held")] == ["5"] and not _kinds(events, "highball")
    lesson = full_deck.small_yard()
    g = lesson.game
    g.apply("switch")
    assert "sort 1 BE1 RL1 K1" in {str(i) for i in g.legal_intents()}
    solve(lesson)
    assert g.state.turn.moves_left == 4  # the sort and the Move: one Move each
    assert _kinds(play_stage(g), "highball", "5")


def test_the_flying_switch_delivers_the_hoppers_in_one_move():
    """K2, K4: one Move rolls the two hoppers off the rear of Train 12 into the Mine Tipple; the
    train keeps its caboose and stays on the Flying Switch. Flying three cars sends the caboose too,
    and the check says so."""
    lesson = full_deck.flying_switch()
    g = lesson.game
    g.apply("switch")
    assert {str(i) for i in g.legal_intents() if str(i).startswith("fly")} == {
        "fly 1 1 to 2,1", "fly 1 2 to 2,1", "fly 1 3 to 2,1"}
    g.apply("fly 1 2 to 2,1")
    assert lesson.check() and g.state.turn.moves_left == 5
    t = _train(g, "12")
    assert t.cars == ["K1"] and t.pos == (1, 0)
    assert sorted(g.state.areas[0].grid[(2, 1)].cars) == ["HE1", "HE2"]
    wrong = full_deck.flying_switch()
    wrong.game.apply("switch")
    wrong.game.apply("fly 1 3 to 2,1")
    assert "caboose rolled into the Mine Tipple" in str(wrong.check())


# --------------------------------------------------------------------------- enhancements

def test_the_lunch_counter_lies_on_the_station_and_pays_one_more_a_board():
    """E1, E3: played on the Station the Lunch Counter takes no grid spot and lies on the Office; the
    Board pays the passenger rate and one more. Boarding before it is played pays the rate only, and
    the check says to restart."""
    lesson = full_deck.lunch_counter()
    g = lesson.game
    spots = set(g.state.areas[0].grid)
    solve(lesson)
    assert set(g.state.areas[0].grid) == spots and g.state.areas[0].office.enhancements == ["Lunch1"]
    (paid,) = [e for e in g.events if e.kind == "revenue"]
    assert paid.amount == g.config.revenue[0] + 1 and "+1 from the cards" in paid.text
    early = full_deck.lunch_counter()
    g = early.game
    g.apply("agent pass")
    g.apply("board 1")
    assert "before the Lunch Counter was open" in str(early.check())


# --------------------------------------------------------------------------- the opponent's Office

def test_the_hotbox_tells_bo_and_holds_his_train():
    """O2, O4, O5: the play names Bo and when it ends; at the Mainline phase Train 5 is held with the
    reason 'hotbox'. Without the Hotbox the same train highballs this Stage."""
    free = full_deck.hotbox()
    assert _kinds(play_stage(free.game), "highball", "5")
    assert "highballed: restart" in str(free.check())
    lesson = full_deck.hotbox()
    solve(lesson)
    (attack,) = _kinds(lesson.game.events, "attack")
    assert str(attack) == ("Ann plays the Hotbox on train 5 at Bo's Office: it is held and cannot highball "
                           "until the end of Stage 2 (2:00 AM) of Day 1.")
    assert attack.data["victim"] == "Bo"
    assert [e.data["reason"] for e in _kinds(lesson.game.events, "held", "5")] == ["hotbox"]


def test_bos_water_column_refuses_the_hotbox_but_not_the_derail():
    """E6, E8, O6: the Water Column lies face up on Bo's Office, so Ann's Hotbox is refused in words
    and is no legal play; the Derail it does not stop holds Train 5 all the same."""
    lesson = full_deck.defence()
    g = lesson.game
    g.apply("draw home")
    assert g.why_not("play Hotbox1 on 1") == "Bo's Water Column stops a Hotbox"
    plays = {str(i) for i in g.legal_intents() if str(i).startswith(("play Hotbox1", "play Derail1"))}
    assert plays == {"play Derail1 on 1"}
    solve(lesson)
    assert "Hotbox1" in g.state.players[0].hand
    assert [e.data["reason"] for e in _kinds(g.events, "held", "5")] == ["derail"]
    assert invariants.check(g.state) == []


def test_solutions_go_on_from_a_half_done_attempt():
    """A learner who went wrong is not in the way: a solitaire lesson's solution starts the position
    again (undo), an opponent lesson's goes on from where Ann is (a multiplayer game cannot undo a
    draw, which showed a card)."""
    lesson = full_deck.flying_switch()
    lesson.game.apply("switch")
    lesson.game.apply("fly 1 3 to 2,1")
    solve(lesson)
    assert lesson.check()
    lesson = full_deck.defence()
    lesson.game.apply("draw home")
    assert lesson.game.why_not("play Hotbox1 on 1")
    solve(lesson)
    assert lesson.check()
