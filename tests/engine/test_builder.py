"""The position builder (stationmaster/builder.py): positions keep every card and piece in one place,
and a built game's record cannot be saved as if it had been dealt."""

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.errors import SaveError


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


# --------------------------------------------------------------------------- saves of built games


def built():
    """A position the seed's deal would never give: a Depot and a loaded hopper on a Straight."""
    b = Position(seed=1, players=["Ann"])
    b.office("Ann", "depot")
    b.lay("Ann", "straight", (1, 0))
    b.cars("Ann", (1, 0), ["HL1"])
    return b.game()


def test_a_built_game_refuses_to_save_and_says_why(tmp_path):
    g = built()
    g.apply("agent pass")
    reason = g.can_save()
    assert "position builder" in reason and "would deal a different game" in reason
    for write in (g.to_json, g.dumps, lambda: g.save(tmp_path / "built.json"),
                  lambda: g.to_notebook(tmp_path / "built.ipynb")):
        with pytest.raises(SaveError, match="set up with the position builder"):
            write()
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_copies_of_a_built_game_refuse_too_and_undo_does_not_lift_it():
    g = built()
    g.apply("agent pass")
    assert g.copy().can_save() == g.can_save() is not None
    g.undo()
    assert g.history == () and g.can_save() is not None


def test_a_position_that_is_the_seeds_deal_saves_and_loads_the_same_game():
    g = Position(seed=7, players=["Ann", "Bob"], mode="competitive").game()
    g.apply("agent pass")
    assert g.can_save() is None
    again = sm.loads(g.dumps())
    assert again.replay_error is None and again.state == g.state


def test_an_office_can_be_made_a_whistle_post_from_the_supply():
    """Edition v5's Offices open as Depots and leave the Whistle Posts in the supply ([U5]); a lesson that
    shows a Whistle Post inside a Subdivision takes one from there, and its Office has no boxes."""
    b = Position(players=["Ann", "Bob"], mode="competitive", seed=1)
    depot = b.state.areas[0].office.card
    cid = b.office("Ann", "whistle_post")
    assert cid.startswith("WhistlePost") and cid not in b.state.supply
    assert (0, 0) not in b.state.areas[0].facilities and depot in b.state.salvage
    b.office("Bob", "whistle_post")
    with pytest.raises(ValueError, match="no free 'whistle_post' card is left in the supply"):
        b.office("Bob", "whistle_post")
    g = b.game()
    assert "(Ann Whistle Post)" in g.describe() and "(Bob Whistle Post)" in g.describe()
