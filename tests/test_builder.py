"""The position builder (stationmaster/builder.py): positions keep every card and piece in one place,
and a built game's record cannot be saved as if it had been dealt."""

import pytest

from stationmaster.builder import Position


def test_schedule_refuses_a_stage_that_already_has_a_train():
    b = Position(seed=11, players=["Ann"])
    b.train(4, division_point="west")  # the builder puts train 4 on the first free Stage
    taken = next(st for st, c in b.state.timetable.items() if b.state.deck[c] == "train4")
    with pytest.raises(ValueError, match=f"Stage {taken} already has .* on the timetable"):
        b.schedule(3, taken)
    assert b.state.deck[b.state.timetable[taken]] == "train4"  # nothing was lost


@pytest.mark.parametrize("stage", [0, 13])
def test_schedule_refuses_a_stage_off_the_clock(stage):
    with pytest.raises(ValueError, match="Stages 1 to 12"):
        Position(seed=1).schedule(3, stage)
