"""Victory and the end of the game (rulings V1-V3; v0.2 §3; v0.4.5 §3.4, §5).

Positions are built with Revenue already on the table and the Pocket Watch at Stage 12 of the
last Day (or with a Porter's boarding ready to push someone over the target); then the players
pass until the game is judged.
"""

from __future__ import annotations

import pytest

import stationmaster as sm
from stationmaster import invariants
from stationmaster.builder import Position
from stationmaster.config import DEFAULT_BALANCE, TARGETS, coop_target, make_config


NAMES = ["Ann", "Bob", "Cy"]


# --------------------------------------------------------------------------- helpers


def position(mode="solitaire", victory="highest_after_days", revenue=(0,), length="standard",
             last_stage=True, balance="v1", **kw):
    """A position late in a game; edition v1 by default, whose targets are v0.2's 10 / 20 / 45 (the
    tests below are about when and how a game is judged; [V5] tests edition v2's targets)."""
    players = ["Player"] if mode == "solitaire" else NAMES[:len(revenue)]
    b = Position(seed=2, players=players, mode=mode, victory=victory, length=length, balance=balance, **kw)
    for p, r in zip(b.state.players, revenue):
        p.revenue = r
    if last_stage:
        b.state.day = b.state.config.days
        b.state.stage = 12
    return b


def play_out(g, limit=400):
    """Pass (Freight Agent 'agent pass', or 'end' in Load/Unload) until the game is over."""
    for _ in range(limit):
        if g.is_over:
            return
        g.apply("agent pass" if g.phase == "local_operations" else "end")
    raise AssertionError("the game did not end")


def to_load_unload(g):
    """'agent pass' for every player until this Stage's Load/Unload (or the next Stage) begins."""
    day, stage = g.day, g.stage
    while g.phase == "local_operations" and (g.day, g.stage) == (day, stage) and not g.is_over:
        g.apply("agent pass")


def porter_ready(b, who):
    """A Depot with passengers waiting and a held train with an empty coach at who's Office."""
    b.office(who, "depot")
    b.boxes(who, (0, 0), green=["CL1"])
    b.train(1, player=who, at=(0, 0), ahead=["CE1"], arrived_earlier=False)


def assert_over(g, winners, kind):
    assert g.is_over
    assert g.outcome.winners == tuple(winners)
    assert g.outcome.kind == kind
    assert isinstance(g.outcome.reason, str) and g.outcome.reason
    assert str(g.outcome) == g.outcome.reason
    assert g.actor is None
    assert g.legal_intents() == []
    assert g.decision == "the game is over"
    over = [e for e in g.events if e.kind == "game_over"]
    assert len(over) == 1 and over[0].data == {"winners": list(winners)}
    assert "game is over" in g.why_not("agent pass")
    for it in ("agent pass", "end", "draw home", "board 1"):
        with pytest.raises(sm.IllegalIntent, match="game is over"):
            g.apply(it)
    assert invariants.check(g.state) == []


def assert_revenue_matches_events(g, preset):
    got = {n: 0 for n in g.players}
    for e in g.events:
        if e.kind == "revenue":
            got[e.player] += e.amount
    assert {n: g.revenue[n] - preset.get(n, 0) for n in g.players} == got


# --------------------------------------------------------------------------- Solitaire


@pytest.mark.parametrize("length, target", [("short", 10), ("standard", 20), ("campaign", 45)])
@pytest.mark.parametrize("delta, wins", [(0, True), (-1, False), (15, True)])
def test_solitaire_highest_after_days_pass_fail_at_the_end_of_the_last_day(length, target, delta, wins):
    """V2 / v0.2 §3.3: Solitaire, timed: reach the target by the end of the last Day or lose."""
    b = position(revenue=(target + delta,), length=length)
    g = b.game()
    assert g.day == g.config.days
    play_out(g)
    assert_over(g, ["Player"] if wins else [], "days_over")
    assert str(target + delta) in g.outcome.reason and str(target) in g.outcome.reason
    assert (g.day, g.stage) == (g.config.days, 12)


@pytest.mark.parametrize("length, target", [("short", 13), ("standard", 25), ("campaign", 56)])
@pytest.mark.parametrize("delta, wins", [(0, True), (-1, False)])
def test_v2_solitaire_targets(length, target, delta, wins):
    """V5: edition v2 judges Solitaire against 13 / 25 / 56, edition v1 against v0.2's."""
    g = position(revenue=(target + delta,), length=length, balance="v2").game()
    assert g.config.target == target
    play_out(g)
    assert_over(g, ["Player"] if wins else [], "days_over")
    assert f"target of {target}" in g.outcome.reason
    assert position(length=length).game().config.target == {"short": 10, "standard": 20, "campaign": 45}[length]


@pytest.mark.parametrize("length, target", [("short", 15), ("standard", 25), ("campaign", 56)])
@pytest.mark.parametrize("delta, wins", [(0, True), (-1, False)])
def test_v3_solitaire_targets(length, target, delta, wins):
    """V7 / L7: edition v3 judges Solitaire against 15 / 25 / 56; the Co-op team's target follows
    from them (V6, V8: Short 36 / 48 / 56 for 2 / 3 / 4 seats)."""
    g = position(revenue=(target + delta,), length=length, balance="v3").game()
    assert g.config.target == target == sm.new_game(seed=1, length=length, balance="v3").config.target
    play_out(g)
    assert_over(g, ["Player"] if wins else [], "days_over")
    assert f"target of {target}" in g.outcome.reason
    if length == "short":
        teams = [["A", "B", "C", "D"][:n] for n in (2, 3, 4)]
        assert [sm.new_game(seed=1, players=t, mode="coop", length="short", balance="v3").config.target
                for t in teams] == [36, 48, 56]


@pytest.mark.parametrize("length, target", [("short", 16), ("standard", 27), ("campaign", 56)])
@pytest.mark.parametrize("delta, wins", [(0, True), (-1, False)])
def test_v4_solitaire_targets(length, target, delta, wins):
    """V9: edition v4 judges Solitaire against 16 / 27 / 56; the Co-op team's target
    follows from them (Short 38 / 51 / 59 for 2 / 3 / 4 seats)."""
    g = position(revenue=(target + delta,), length=length, balance="v4").game()
    assert g.config.target == target == sm.new_game(seed=1, length=length, balance="v4").config.target
    play_out(g)
    assert_over(g, ["Player"] if wins else [], "days_over")
    assert f"target of {target}" in g.outcome.reason
    if length == "short":
        teams = [["A", "B", "C", "D"][:n] for n in (2, 3, 4)]
        assert [sm.new_game(seed=1, players=t, mode="coop", length="short", balance="v4").config.target
                for t in teams] == [38, 51, 59]


@pytest.mark.parametrize("length", ["short", "standard", "campaign"])
@pytest.mark.parametrize("delta, wins", [(0, True), (-1, False)])
def test_the_default_edition_judges_solitaire_by_its_own_targets(length, delta, wins):
    """A new game is played by the default edition and judged against that edition's targets
    (``config.TARGETS``): making the target wins, one short of it loses."""
    target = TARGETS[DEFAULT_BALANCE][length]
    assert sm.new_game(seed=1).config.balance == DEFAULT_BALANCE
    g = position(revenue=(target + delta,), length=length, balance=DEFAULT_BALANCE).game()
    assert g.config.target == target == sm.new_game(seed=1, length=length).config.target
    play_out(g)
    assert_over(g, ["Player"] if wins else [], "days_over")
    assert f"target of {target}" in g.outcome.reason


def test_highest_after_days_does_not_end_early():
    """V2: under highest_after_days, passing the target mid-game ends nothing; Days run on."""
    b = position(revenue=(99,), last_stage=False)
    b.state.day, b.state.stage = 4, 12
    g = b.game()
    while g.day == 4:
        g.apply("agent pass")
    assert not g.is_over and (g.day, g.stage) == (5, 1)
    assert invariants.check(g.state) == []


def test_solitaire_first_to_target_wins_the_moment_it_is_reached():
    """V1 / v0.2 §3.3: Solitaire first-to-target: the Porter's Revenue reaching 20 wins at once,
    in the middle of Day 1."""
    b = position(victory="first_to_target", revenue=(19,), last_stage=False)
    porter_ready(b, "Player")
    g = b.game()
    to_load_unload(g)
    ev = g.apply("board 1")
    kinds = [e.kind for e in ev]
    assert kinds.index("revenue") < kinds.index("game_over")
    assert kinds[-1] == "game_over"
    assert (g.day, g.stage, g.phase) == (1, 1, "load_unload")
    assert g.revenue == {"Player": 20}
    assert_over(g, ["Player"], "target_reached")
    assert_revenue_matches_events(g, {"Player": 19})


def test_first_to_target_may_overshoot():
    """V1: reaching or passing the target wins (a 3-point boarding from 18 to 21)."""
    b = Position(seed=2, victory="first_to_target", revenue=(3, 1, 0), balance="v1")
    b.state.players[0].revenue = 18
    porter_ready(b, "Player")
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert g.revenue == {"Player": 21}
    assert_over(g, ["Player"], "target_reached")


def test_first_to_target_below_target_game_goes_on():
    """V1: one short of the target, the game goes on."""
    b = position(victory="first_to_target", revenue=(18,), last_stage=False)
    porter_ready(b, "Player")
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert not g.is_over and g.revenue == {"Player": 19}
    assert g.actor == "Player"


def test_v2_coop_team_target_reached_at_the_end_wins():
    """V6 / V2 (balance v2): Co-op timed: the team must pool the team's target by the end: one
    Office's whole target and a share of it for each further seat, not target × players."""
    solo = make_config(balance="v2").target  # one Office's Standard target under v2
    for n in (2, 3):
        target = coop_target(solo, n, "v2")
        assert target != solo * n
        for pooled, wins in ((target, True), (target - 1, False)):
            g = position(mode="coop", revenue=(pooled,) + (0,) * (n - 1), balance="v2").game()
            assert g.config.target == target
            play_out(g)
            assert_over(g, NAMES[:n] if wins else [], "days_over")


def test_v2_coop_first_to_target_ends_at_the_team_target():
    """V6 / V1 (balance v2): first to target, the game ends the moment the pool reaches the team's target."""
    target = coop_target(make_config(balance="v2").target, 2, "v2")
    b = position(mode="coop", victory="first_to_target", revenue=(target - 1, 0), last_stage=False, balance="v2")
    porter_ready(b, "Bob")
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert sum(g.revenue.values()) == target
    assert_over(g, ["Ann", "Bob"], "target_reached")


# --------------------------------------------------------------------------- days run out


@pytest.mark.parametrize("mode, revenue", [
    ("solitaire", (19,)),
    ("coop", (20, 19)),          # pooled 39 < 40
    ("competitive", (19, 19)),
])
def test_first_to_target_days_running_out_everyone_loses(mode, revenue):
    """V1 / v0.4.5 §3.4: under first_to_target, the last Day ending with nobody there: everyone loses."""
    g = position(mode=mode, victory="first_to_target", revenue=revenue, balance="v1").game()
    play_out(g)
    assert_over(g, [], "days_over")
    assert "ran out" in g.outcome.reason


# --------------------------------------------------------------------------- Co-op


def test_coop_first_to_target_uses_pooled_revenue_times_players():
    """V1 / v0.2 §3.3 (balance v1): Co-op first-to-target: pooled Revenue ≥ target × players; all win."""
    b = position(mode="coop", victory="first_to_target", revenue=(30, 9), last_stage=False, balance="v1")
    porter_ready(b, "Bob")
    g = b.game()
    assert g.config.target == 40
    to_load_unload(g)
    assert g.actor == "Bob"
    g.apply("board 1")
    assert sum(g.revenue.values()) == 40
    assert_over(g, ["Ann", "Bob"], "target_reached")
    assert_revenue_matches_events(g, {"Ann": 30, "Bob": 9})


def test_coop_individual_reaching_the_base_target_does_not_win():
    """V1: in Co-op one player's 25 is not the team's 40 (balance v1)."""
    b = position(mode="coop", victory="first_to_target", revenue=(24, 0), last_stage=False, balance="v1")
    porter_ready(b, "Ann")
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert g.revenue["Ann"] == 25 and not g.is_over


@pytest.mark.parametrize("revenue, wins", [((20, 20), True), ((40, 0), True), ((39, 0), False),
                                           ((-5, 44), False), ((-5, 45), True)])
def test_coop_highest_after_days_pass_fail_on_pooled_revenue(revenue, wins):
    """V2 / v0.2 §3.3 (balance v1): Co-op timed: pooled Revenue must reach target × players by the
    end, else all lose."""
    g = position(mode="coop", revenue=revenue, balance="v1").game()
    play_out(g)
    assert_over(g, ["Ann", "Bob"] if wins else [], "days_over")
    assert str(sum(revenue)) in g.outcome.reason


# --------------------------------------------------------------------------- Competitive


def test_competitive_first_to_target_first_individual_wins():
    """V1 / v0.2 §3.3: Competitive first-to-target: the first player to reach it wins alone."""
    b = position(mode="competitive", victory="first_to_target", revenue=(19, 19), last_stage=False)
    porter_ready(b, "Bob")
    g = b.game()
    to_load_unload(g)
    g.apply("board 1")
    assert_over(g, ["Bob"], "target_reached")
    assert g.revenue == {"Ann": 19, "Bob": 20}
    assert "Bob reached the target of 20" in g.outcome.reason


@pytest.mark.parametrize("revenue, winners, kind", [
    ((10, 5), ["Ann"], "days_over"),                # combined 15 = floor 3 × 5 Days
    ((10, 4), [], "revenue_floor"),                 # combined 14 < 15: everyone loses
    ((8, 8), ["Ann", "Bob"], "days_over"),          # a tie shares the win
    ((-5, 40), ["Bob"], "days_over"),               # negative Revenue is allowed
    ((10, 31), ["Bob"], "days_over"),
])
def test_competitive_highest_after_days_two_players(revenue, winners, kind):
    """V2 / v0.2 §3.3 (balance v1): combined Revenue must reach the floor, 3 a Day, then highest
    wins, ties share."""
    g = position(mode="competitive", revenue=revenue, balance="v1").game()
    assert g.config.revenue_floor == 15
    play_out(g)
    assert_over(g, winners, kind)


@pytest.mark.parametrize("revenue, winners, kind", [
    ((20, 10), ["Ann"], "days_over"),               # combined 30 = floor 3 × 2 × 5
    ((20, 9), [], "revenue_floor"),                 # combined 29 < 30: everyone loses
])
def test_per_player_floor_house_rule_keeps_v02s_floor(revenue, winners, kind):
    """V2 / v0.2 §3.5: under per_player_floor the table must reach 3 × players × Days, under either
    balance (the house rule keeps v0.2's floor on the table)."""
    for balance in ("v1", "v2"):
        g = position(mode="competitive", revenue=revenue, optional_rules=["per_player_floor"], balance=balance).game()
        assert g.config.revenue_floor == 30 and not g.config.floor_on_leader
        play_out(g)
        assert_over(g, winners, kind)
    g = position(mode="competitive", revenue=revenue, optional_rules=["per_player_floor"]).game()
    assert g.config.revenue_floor == 30
    play_out(g)
    assert_over(g, winners, kind)


@pytest.mark.parametrize("revenue, winners, kind", [
    ((4, 4, 1), ["Ann", "Bob"], "days_over"),       # floor 3 × 3 Days = 9
    ((3, 3, 2), [], "revenue_floor"),
    ((0, 0, 9), ["Cy"], "days_over"),
])
def test_competitive_highest_after_days_three_players_short(revenue, winners, kind):
    """V2 (balance v1): three players, Short (3 Days): the floor is 9, whatever the number of players."""
    g = position(mode="competitive", revenue=revenue, length="short", balance="v1").game()
    assert g.config.revenue_floor == 9
    play_out(g)
    assert_over(g, winners, kind)


@pytest.mark.parametrize("revenue, winners, kind", [
    ((15, -20, -20), ["Ann"], "days_over"),         # the leader reaches 3 a Day: the table's -25 does not matter
    ((14, 0, 0), [], "revenue_floor"),              # the leader is under 15: everyone loses
    ((15, 15, 3), ["Ann", "Bob"], "days_over"),     # a tie at the floor shares the win
    ((2, 40, -30), ["Bob"], "days_over"),
])
def test_v2_floor_is_judged_on_the_leader(revenue, winners, kind):
    """V2 (balance v2): the collective floor, 3 a Day, is judged on the leader's Revenue: a careless
    seat's losses cannot sink a player who kept the Division running."""
    g = position(mode="competitive", revenue=revenue, balance="v2").game()
    assert g.config.revenue_floor == 15 and g.config.floor_on_leader
    play_out(g)
    assert_over(g, winners, kind)
    if kind == "revenue_floor":
        assert "highest Revenue is 14, below the collective floor of 15" in g.outcome.reason


def test_v2_floor_on_the_leader_every_length():
    """V2 (balance v2): 9 / 15 / 30 for the leader over 3 / 5 / 10 Days, whatever the players."""
    for length, floor in (("short", 9), ("standard", 15), ("campaign", 30)):
        for n in (2, 3):
            g = position(mode="competitive", revenue=(floor - 1, floor - 1, 0)[:n], length=length, balance="v2").game()
            assert g.config.revenue_floor == floor
            play_out(g)
            assert_over(g, [], "revenue_floor")


# --------------------------------------------------------------------------- collisions and negative Revenue


def collision_ready(b, who):
    """A westbound train one region from who's Office, with a car standing on the Running Track
    east of the Office: arriving this Stage's Mainline phase is a collision (M6)."""
    b.lay(who, "straight", (1, 0))
    b.cars(who, (1, 0), ["BE1"])
    seat = b.state.players[[p.name for p in b.state.players].index(who)].seat
    b.train(1, mainline=(seat + 1, 0))


def third_collision(b, who, at_fault=None):
    """The game of position ``b`` after two collisions today (``at_fault``: whose, by seat), played on
    to this Stage's Load/Unload with a third collision at who's Office on the way."""
    b.state.collisions_today = 2
    if at_fault is not None:
        b.state.at_fault_today = at_fault
    collision_ready(b, who)
    g = b.game()
    to_load_unload(g)
    return g


def test_revenue_may_go_negative():
    """V2 / v0.2 §10: a collision costs 5 Revenue even from 0; Solitaire has no collision floor."""
    b = position(revenue=(0,), last_stage=False)
    collision_ready(b, "Player")
    g = b.game()
    g.apply("agent pass")
    assert g.revenue == {"Player": -5}
    assert g.state.collisions_today == 1
    assert not g.is_over
    assert_revenue_matches_events(g, {})
    assert invariants.check(g.state) == []


def test_solitaire_negative_revenue_at_the_end_loses():
    """V2: a negative final score is simply below the target."""
    g = position(revenue=(-12,)).game()
    play_out(g)
    assert_over(g, [], "days_over")
    assert "-12" in g.outcome.reason


def test_competitive_third_collision_in_a_day_ends_the_game():
    """V3 / v0.2 §3.4 (balance v1): Competitive: the third collision in one Day ends the game,
    everyone loses."""
    b = position(mode="competitive", revenue=(30, 30), last_stage=False, balance="v1")
    g = third_collision(b, "Ann")
    assert_over(g, [], "collision_floor")
    assert g.revenue["Ann"] == 25
    assert g.state.collisions_today == 3
    assert_revenue_matches_events(g, {"Ann": 30, "Bob": 30})


def test_v2_third_collision_loses_only_the_players_at_fault():
    """V3 (balance v2): the third collision in one Day still ends the game at once, but only the
    players at fault for one of that Day's collisions lose; the others are judged as when the last
    Day ends (the floor on the leader, then the highest Revenue)."""
    b = position(mode="competitive", revenue=(30, 20, 16), last_stage=False, balance="v2")
    g = third_collision(b, "Ann", at_fault=[0, 0])
    assert_over(g, ["Bob"], "collision_floor")
    assert g.revenue == {"Ann": 25, "Bob": 20, "Cy": 16}
    assert "Ann, at fault, loses" in g.outcome.reason and "Bob has the highest Revenue, 20" in g.outcome.reason


def test_v2_third_collision_the_rest_still_need_the_floor():
    """V3 / V2 (balance v2): the players not at fault are judged by the floor too: under 3 a Day
    for the leader among them, everyone loses."""
    b = position(mode="competitive", revenue=(30, 14), last_stage=False, balance="v2")
    b.state.day = 5  # the last Day: the whole game's floor, 15
    g = third_collision(b, "Ann", at_fault=[0, 0])
    assert_over(g, [], "revenue_floor")


@pytest.mark.parametrize("day, bob, winners", [(2, 6, ["Bob"]), (2, 5, []), (1, 3, ["Bob"]), (4, 11, []),
                                               (4, 12, ["Bob"])])
def test_v2_collision_floor_on_an_early_day_asks_the_floor_of_the_days_begun(day, bob, winners):
    """V3 (balance v2): a Division shut down on Day ``day`` judges the players not at fault by the
    floor of the Days begun, 3 a Day up to and with that Day (6 on Day 2), not by the whole game's
    15, which nobody could have reached yet."""
    b = position(mode="competitive", revenue=(30, bob), last_stage=False, balance="v2")
    b.state.day = day
    g = third_collision(b, "Ann", at_fault=[0, 0])
    assert_over(g, winners, "collision_floor" if winners else "revenue_floor")
    assert f"collective floor of {3 * day}" in g.outcome.reason or winners
    if day < 5:
        assert f"after {day} Day" in g.outcome.reason


def test_collision_floor_under_v1_still_ends_the_game_for_everyone_on_an_early_day():
    """V3 (balance v1): the literal v0.2 rule, whatever the Day: everyone loses."""
    b = position(mode="competitive", revenue=(30, 20), last_stage=False, balance="v1")
    b.state.day = 2
    g = third_collision(b, "Ann", at_fault=[0, 0])
    assert_over(g, [], "collision_floor")


def test_v2_third_collision_with_everyone_at_fault_everyone_loses():
    """V3 (balance v2): when every player was at fault for one of the Day's collisions, all lose."""
    b = position(mode="competitive", revenue=(30, 30), last_stage=False, balance="v2")
    g = third_collision(b, "Ann", at_fault=[1, 1])
    assert_over(g, [], "collision_floor")
    assert "everyone loses" in g.outcome.reason


def test_v2_third_collision_in_a_first_to_target_game_nobody_wins():
    """V3 (balance v2): first to target, the Division shut down: nobody reached the target, all lose."""
    b = position(mode="competitive", victory="first_to_target", revenue=(10, 10), last_stage=False, balance="v2")
    g = third_collision(b, "Ann", at_fault=[0, 0])
    assert_over(g, [], "collision_floor")


def test_the_day_end_forgets_who_was_at_fault():
    """V3: the collision count and who was at fault reset at each Day's end."""
    b = position(mode="competitive", revenue=(0, 0), last_stage=False, balance="v2")
    b.state.day = 1
    b.state.collisions_today = 2
    b.state.at_fault_today = [0, 1]
    g = b.game()
    play_out_stage = 0
    while g.day == 1 and play_out_stage < 400:
        g.apply("agent pass" if g.phase == "local_operations" else "end")
        play_out_stage += 1
    assert g.day == 2 and g.state.collisions_today == 0 and g.state.at_fault_today == []


def test_competitive_second_collision_does_not_end_the_game():
    """V3: two collisions in a Day are allowed."""
    b = position(mode="competitive", revenue=(0, 0), last_stage=False)
    b.state.collisions_today = 1
    collision_ready(b, "Ann")
    g = b.game()
    to_load_unload(g)
    assert not g.is_over and g.state.collisions_today == 2
    assert g.revenue["Ann"] == -5


def test_coop_has_no_collision_floor():
    """V3 / v0.2 §3.4: Solitaire and Co-op have no collision limit."""
    b = position(mode="coop", revenue=(0, 0), last_stage=False)
    g = third_collision(b, "Bob")
    assert not g.is_over and g.state.collisions_today == 3
    assert g.revenue["Bob"] == -5
    assert invariants.check(g.state) == []


# --------------------------------------------------------------------------- a whole game


@pytest.mark.parametrize("mode, victory", [
    ("solitaire", "highest_after_days"), ("solitaire", "first_to_target"),
    ("coop", "highest_after_days"), ("coop", "first_to_target"),
    ("competitive", "highest_after_days"), ("competitive", "first_to_target"),
])
def test_every_mode_and_victory_ends_after_the_last_day_with_no_revenue(mode, victory):
    """V1/V2: a whole Short game of passing ends at the last Day's end with everyone losing."""
    names = ["Player"] if mode == "solitaire" else ["Ann", "Bob"]
    g = sm.new_game(seed=3, players=names, mode=mode, victory=victory, length="short")
    play_out(g, limit=2000)
    assert (g.day, g.stage) == (3, 12)
    assert_over(g, [], "revenue_floor" if (mode, victory) == ("competitive", "highest_after_days")
                else "days_over")
    assert sum(1 for e in g.events if e.kind == "day_end") == 3
