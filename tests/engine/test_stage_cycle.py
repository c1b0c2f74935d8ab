"""The Stage and the Day (ruling V4; v0.2 §5, App. B, App. C; v0.4.5 §4.1)."""

from __future__ import annotations

import pytest

import stationmaster as sm
from stationmaster import invariants, phases
from stationmaster.builder import Position
from stationmaster.rules import area_of, player_at, table_order


NAMES = ["Ann", "Bob", "Cy", "Di"]


def multi(n=3, seed=4, **kw):
    kw.setdefault("mode", "competitive")
    return Position(seed=seed, players=NAMES[:n], **kw)


def pass_stage(g):
    """Every player takes the Freight Agent's 'agent pass' (no trains, nothing to load)."""
    day, stage = g.day, g.stage
    while (g.day, g.stage) == (day, stage) and not g.is_over:
        assert g.phase == "local_operations"
        g.apply("agent pass")


def superintendent_seat(g):
    return g.state.players[g.state.superintendent].seat


# --------------------------------------------------------------------------- phases and turn order


def test_phase_order_within_a_stage(monkeypatch):
    """v0.2 §5.1 / v0.4.5 §4.1: Local Operations, New Train, Mainline, Load/Unload, Shift Change."""
    seen = []
    for mod in (phases.local_ops, phases.new_train, phases.mainline, phases.load_unload,
                phases.shift_change):
        orig = mod.begin

        def wrapped(s, ev, _orig=orig):
            _orig(s, ev)
            seen.append((s.stage, s.phase))
        monkeypatch.setattr(mod, "begin", wrapped)
    b = Position(seed=1)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1"])
    b.schedule(2, 1)  # an eastbound Limited due at Stage 1
    g = b.game()
    seen.clear()  # new_game began Stage 1's Local Operations
    ev = g.apply("agent pass")
    assert seen == [(1, "new_train"), (1, "mainline"), (1, "load_unload"), (1, "shift_change"),
                    (2, "local_operations")]
    kinds = [e.kind for e in ev]
    assert kinds.index("agent") < kinds.index("train_made_up") < kinds.index("highball") \
        < kinds.index("stage_end")
    assert invariants.check(g.state) == []


@pytest.mark.parametrize("n", [2, 3, 4])
def test_local_operations_from_the_superintendent_leftward(n):
    """v0.2 §5 / V4: players act one at a time from the Superintendent, then to his left (east)."""
    g = multi(n).game()
    first = superintendent_seat(g)
    actors = []
    day, stage = g.day, g.stage
    while (g.day, g.stage) == (day, stage):
        actors.append(g.actor)
        g.apply("agent pass")
    seats = [g.state.players[g.players.index(a)].seat for a in actors]
    assert seats == [(first + k) % n for k in range(n)]
    assert invariants.check(g.state) == []


def test_only_the_actor_may_act_in_turn():
    """v0.2 §5: one actor at a time; table_order lists the Stage's order from the Superintendent."""
    g = multi(3).game()
    s = g.state
    assert [s.players[i].name for i in table_order(s)][0] == g.actor
    assert g.actor == s.players[s.superintendent].name


# --------------------------------------------------------------------------- the Fedora


@pytest.mark.parametrize("n", [2, 3, 4])
def test_fedora_passes_east_after_stages_3_6_9_12(n):
    """V4 / v0.2 App. C: the Fedora passes to the next seat east after Stages 3, 6, 9 and 12."""
    g = multi(n).game()
    start = superintendent_seat(g)
    by_stage = {}
    fedora_events = 0
    while g.day == 1:
        by_stage[g.stage] = superintendent_seat(g)
        assert g.actor == g.state.players[g.state.superintendent].name  # the Superintendent starts
        pass_stage(g)
        fedora_events += sum(1 for e in g.last_events if e.kind == "fedora")
    for stage in range(1, 13):
        assert by_stage[stage] == (start + (stage - 1) // 3) % n, stage
    assert superintendent_seat(g) == (start + 4) % n  # Day 2, Stage 1
    fedora = [e for e in g.events if e.kind == "fedora"]
    assert len(fedora) == 4
    assert invariants.check(g.state) == []


def test_solitaire_keeps_the_fedora():
    """V4: alone at the table, the player keeps the Fedora all Day."""
    g = Position(seed=1).game()
    g.state.stage = 12  # shorten: only the last Stage
    pass_stage(g)
    assert g.state.superintendent == 0 and g.day == 2
    assert not any(e.kind == "fedora" for e in g.events)


# --------------------------------------------------------------------------- Stage and Day end


def test_stage_end_and_day_end_events():
    """v0.2 §5 / v0.4.5 §4.1: each Stage ends with 'stage_end'; after Stage 12, 'day_end', Day 2."""
    g = Position(seed=1).game()
    counts = []
    while g.day == 1:
        pass_stage(g)
        counts.append(g.state.stage_count)
    ends = [e for e in g.events if e.kind == "stage_end"]
    assert [e.data["stage"] for e in ends] == list(range(1, 13))
    assert all(e.data["day"] == 1 for e in ends)
    assert "Stage 1 (Midnight) of Day 1 ends." == str(ends[0])
    assert "Stage 12 (10:00 PM)" in str(ends[-1])
    day_end = [e for e in g.events if e.kind == "day_end"]
    assert len(day_end) == 1 and day_end[0].data == {"day": 1}
    kinds = [e.kind for e in g.events]
    assert kinds.index("day_end") > max(i for i, k in enumerate(kinds) if k == "stage_end")
    assert (g.day, g.stage, g.phase) == (2, 1, "local_operations")
    assert counts == list(range(2, 14))  # one more Stage begun each time
    assert invariants.check(g.state) == []


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_day_end_resets_collisions_today(mode):
    """V3 / v0.2 §3.4: the collision count resets at the end of each Day."""
    b = multi(2, mode=mode)
    b.state.collisions_today = 2
    b.state.stage = 12
    g = b.game()
    pass_stage(g)
    assert g.day == 2 and g.state.collisions_today == 0
    assert g.outcome is None
    assert invariants.check(g.state) == []


def test_collisions_count_through_the_day():
    """V3: collisions are not reset at a mere Stage end."""
    b = multi(2)
    b.state.collisions_today = 2
    g = b.game()
    pass_stage(g)
    assert g.stage == 2 and g.state.collisions_today == 2


def test_workers_and_modifiers_reset_every_stage():
    """v0.2 §5.1: Laborer and Porter use resets every Stage, Section Gangs too."""
    b = Position(seed=1)
    b.lay("Player", "produce_shed", (1, -1))
    b.lay("Player", "section_gang", (2, -1))
    b.state.areas[0].facilities[(1, -1)].workers_used = 2
    b.state.areas[0].modifiers[(2, -1)].used = True
    g = b.game()
    pass_stage(g)
    assert g.state.areas[0].facilities[(1, -1)].workers_used == 0
    assert not g.state.areas[0].modifiers[(2, -1)].used


# --------------------------------------------------------------------------- Employee Rotation


def test_employee_rotation_moves_everyone_one_seat_east_at_day_end():
    """V4 / v0.2 App. B: at Day end every player moves one seat east with Revenue, hand and
    Fedora; the Office Areas stay where they are."""
    b = multi(3, optional_rules=["employee_rotation"])
    s = b.state
    b.office("Ann", "depot")
    for i, p in enumerate(s.players):
        p.revenue = 10 * i - 3
    s.stage = 12
    g = b.game()
    s = g.state
    seats = {p.name: p.seat for p in s.players}
    hands = {p.name: list(p.hand) for p in s.players}
    revenue = dict(g.revenue)
    areas = [a.office.card for a in s.areas]
    # The Fedora passes east after Stage 12 first; then its holder rotates with it.
    holder = s.players[player_at(s, (superintendent_seat(g) + 1) % 3)].name
    pass_stage(g)
    s = g.state
    assert g.day == 2 and g.stage == 1
    assert {p.name: p.seat for p in s.players} == {n: (seat + 1) % 3 for n, seat in seats.items()}
    assert {p.name: p.hand for p in s.players} == hands
    assert g.revenue == revenue
    assert s.players[s.superintendent].name == holder
    assert g.actor == holder
    assert [a.office.card for a in s.areas] == areas  # the Depot stays at its seat
    ann = g.players.index("Ann")
    assert area_of(s, ann) is s.areas[(seats["Ann"] + 1) % 3]
    assert any(e.kind == "rotation" for e in g.events)
    assert invariants.check(s) == []


def test_no_rotation_without_the_optional_rule():
    """V4 / v0.4.5 §6.3: without Employee Rotation the players keep their seats."""
    b = multi(3)
    b.state.stage = 12
    g = b.game()
    seats = [p.seat for p in g.state.players]
    pass_stage(g)
    assert g.day == 2
    assert [p.seat for p in g.state.players] == seats
    assert not any(e.kind == "rotation" for e in g.events)


def test_no_rotation_after_the_last_day():
    """V4: the game is judged at the end of the last Day; nobody rotates after it."""
    b = multi(2, optional_rules=["employee_rotation"])
    b.state.day, b.state.stage = 5, 12
    g = b.game()
    seats = [p.seat for p in g.state.players]
    pass_stage(g)
    assert g.is_over
    assert [p.seat for p in g.state.players] == seats


# --------------------------------------------------------------------------- Reduced Visibility


def _moves_by_stage(g):
    out = {}
    while g.day == 1:
        out[g.stage] = g.state.turn.moves_left
        pass_stage(g)
    return out


def test_reduced_visibility_five_moves_at_night():
    """S1 / v0.2 App. B: under Reduced Visibility Stages 1, 2, 3, 11, 12 give 5 Moves, others 6."""
    g = sm.new_game(seed=1, optional_rules=["reduced_visibility"])
    moves = _moves_by_stage(g)
    assert moves == {st: (5 if st in (1, 2, 3, 11, 12) else 6) for st in range(1, 13)}


def test_six_moves_every_stage_without_reduced_visibility():
    """S1 / v0.2 §6.1: six Moves in every Stage under the standard rules."""
    g = sm.new_game(seed=1)
    assert set(_moves_by_stage(g).values()) == {6}


@pytest.mark.parametrize("stage, moves", [(1, 5), (4, 6), (11, 5)])
def test_reduced_visibility_switch_announces_its_moves(stage, moves):
    """S1: choosing to switch announces the Moves the Stage gives."""
    b = Position(seed=1, optional_rules=["reduced_visibility"])
    b.lay("Player", "straight", (1, 0))
    b.train(2, player="Player", at=(1, 0))
    g = b.game()
    while g.stage < stage:
        pass_stage(g)
    ev = g.apply("switch")
    assert f"({moves} Moves)" in str(ev[0])
