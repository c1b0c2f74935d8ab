"""invariants.check names each broken invariant (DESIGN.md §4); the tests break them on purpose."""

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.invariants import check

pytestmark = pytest.mark.breaks_invariants


def test_a_sound_game_has_no_complaint():
    assert check(sm.new_game(seed=1).state) == []


def test_a_lost_car_and_a_lost_card_are_named():
    s = sm.new_game(seed=1).state
    car, card = s.division_yard.pop(), s.home.pop()
    assert check(s) == [f"rolling stock: missing [{car!r}], twice [], not this table's []",
                        f"cards: missing [{card!r}], extra [], twice []"]


def test_a_held_train_must_be_on_the_timetable():
    b = Position(seed=1)
    s = b.state
    s.held.append(b.schedule(9, 3))
    assert check(s) == []
    s.held.append(s.held[0])
    assert check(s) == [f"held trains {s.held} are not each once on the timetable"]
    s.held[:] = [b.take_card("train5")]
    assert "held trains ['T5'] are not each once on the timetable" in " ".join(check(s))


def test_a_timetabled_train_out_keeps_its_card_on_the_timetable():
    b = Position(seed=1)
    t = b.train(5, division_point="west")
    assert check(b.state) == []
    del b.state.timetable[next(st for st, c in b.state.timetable.items() if c == t.card)]
    assert "a timetabled train is out whose card is not on the timetable" in check(b.state)
