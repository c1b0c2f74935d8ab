"""The full deck's rulings of issue 16 that change a card's play under balance "v2": the Lunch Counter's
three Boards a Day (E3), Facing Point Locks that guard their own corner against a Vandalism (E7), which
trains are Crack Limited trains (T3) and the seeded Departments (U4)."""

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import catalog
from stationmaster.cards.base import fire
from stationmaster.invariants import check
from stationmaster.rules import table_order

from positions import E, ME


# --------------------------------------------------------------------------- E3 Lunch Counter


@pytest.mark.parametrize("balance, paid", [("v2", [2, 2, 2, 1, 1]), ("v1", [2, 2, 2, 2, 2])])
def test_a_lunch_counter_pays_for_three_boards_a_day_under_v2(balance, paid):
    """E3: under v2 the first three Boards of a Day earn one more, the next ones the passenger rate only;
    v1 pays one more for every Board. The count is the card's and comes back at the end of the Day."""
    b = Position(seed=3, deck="full", balance=balance)
    b.office(ME, "terminal")
    lunch = b.enhance(ME, "lunch_counter")
    s = b.game().state
    got = [1 + fire(s, "revenue", 0, 1, "boarding", seat=0) for _ in range(5)]
    assert got == paid
    assert fire(s, "revenue", 0, 1, "detraining", seat=0) == 0  # a Detrain is never paid more
    if balance == "v2":
        assert s.device_uses[lunch] == 3
        g = b.game()
        g.state.device_uses[lunch] = 3
        day = g.day
        while g.day == day and not g.is_over:
            g.apply(g.legal_intents()[0] if g.phase != "local_operations" else "agent pass")
        assert lunch not in g.state.device_uses  # the sittings come back with the new Day
        assert fire(g.state, "revenue", 0, 1, "boarding", seat=0) == 1


# --------------------------------------------------------------------------- E7 Facing Point Locks


def bo_with_locks(balance):
    """Bo's Area: locks on a Left Turnout at 2,0, a Produce Shed beside it (3,1) and a Mine Tipple far off
    (-1,1, west of the Office), each with a load waiting; Ann holds a Vandalism and a Derail."""
    b = Position(seed=3, players=["Ann", "Bo"], mode="competitive", deck="full", balance=balance)
    b.state.superintendent = 0
    b.state.turn.order = table_order(b.state)
    for card, at in (("straight", (1, 0)), ("turnout_left", (2, 0)), ("straight", (3, 0)),
                     ("produce_shed", (3, 1)), ("straight", (-1, 0)), ("mine_tipple", (-1, 1))):
        b.lay("Bo", card, at)
    locks = b.enhance("Bo", "facing_point_locks", (2, 0))
    area = b.state.areas[b.state.players[1].seat]
    for at, kind in (((3, 1), "reefer"), ((-1, 1), "hopper")):
        area.facilities[at].green.append(b.take_piece(kind, loaded=True))
    vandal, derail = b.hand("Ann", ["vandalism", "derail"])
    return b, locks, vandal, derail


def test_facing_point_locks_stop_a_vandalism_beside_them_only_under_v2():
    """E7: under v2 the locks on the turnout at 2,0 stop a Vandalism on the Produce Shed beside them (3,1),
    not on the Mine Tipple across the yard (-1,1), whose waiting load is lost; a Derail they stop on any
    train."""
    b, locks, vandal, derail = bo_with_locks("v2")
    s = b.state
    bo = s.players[1].seat
    assert fire(s, "defence", vandal, (3, 1), seat=bo) == locks
    assert fire(s, "defence", vandal, (2, 0), seat=bo) == locks  # the locked card itself
    assert fire(s, "defence", vandal, (-1, 1), seat=bo) is None
    assert fire(s, "defence", vandal, (0, 0), seat=bo) is None  # the Office is two cards away
    assert fire(s, "defence", derail, 1, seat=bo) == locks
    g = b.game()
    g.apply("draw home")
    assert "Facing Point Locks" in (g.why_not(f"play {vandal} against Bo at 3,1") or "")
    ev = g.apply(f"play {vandal} against Bo at -1,1")
    assert "1 load waiting in its green boxes is lost" in str(ev[0])
    assert check(g.state) == []


def test_under_v1_the_locks_guard_the_whole_area():
    """E7: balance v1 keeps the first ruling: the locks stop a Vandalism anywhere in their player's Area."""
    b, locks, vandal, _ = bo_with_locks("v1")
    bo = b.state.players[1].seat
    assert fire(b.state, "defence", vandal, (-1, 1), seat=bo) == locks


# --------------------------------------------------------------------------- T3 Crack Limited trains


def test_only_x14_is_a_crack_limited_train():
    """T3: the Crack Limited trains are the runs of the Crack Limited card, X14; the timetabled Limiteds,
    trains 1 and 2, are worked at every Office in both decks."""
    for deck in ("classic", "full"):
        cat = catalog(deck)
        crack = [e.key for e in cat.home if e.spec.rules == "crack_limited"]
        assert crack == (["extra14"] if deck == "full" else [])
        assert cat["Train 1"].spec.train_class == "Limited" and cat["Train 1"].spec.rules == ""
    assert catalog("full")["Crack Limited"].key == "extra14"


@pytest.mark.parametrize("number, extra, worked", [(1, False, True), (2, False, True), (14, True, False)])
def test_at_a_depot_the_limiteds_are_worked_and_the_crack_limited_is_not(number, extra, worked):
    """T3: at a Depot the Porters board trains 1 and 2 (the timetabled Limiteds) and refuse X14."""
    b = Position(seed=3, deck="full")
    b.office(ME, "depot")
    b.boxes(ME, E, green=["CL1"])
    t = b.train(number, extra=extra, player=ME, at=E, direction="west" if number % 2 or extra else "east",
                behind=["CE1"], arrived_earlier=False)
    b.train(17, extra=True, player=ME, at=E, direction="west", behind=["CE2"], arrived_earlier=False)  # work to do
    g = b.game()
    stage = g.state.stage_count
    while g.phase == "local_operations" and g.state.stage_count == stage:
        g.apply("agent pass")
    reason = g.why_not(f"board {t.tray}")
    assert g.phase == "load_unload"
    assert (reason is None) == worked, reason
    if not worked:
        assert "Terminals only" in reason


# --------------------------------------------------------------------------- U4 seeded Departments


@pytest.mark.parametrize("players, depots", [(["Ann"], 1), (["Ann", "Bo"], 2), (["A", "B", "C", "D"], 3)])
def test_the_departments_open_with_a_depot_for_each_seat(players, depots):
    """U4: from v2 the full deck's Departments are turned up with a Depot for each of the first three
    seats and the top card for the others, and from v4 the classic deck's too; under v1, and with the
    classic deck under v2 and v3, with the top cards. (From v5 each Office opens as a Depot instead
    and no Department is seeded: tests/phases/test_car_orders.py.)"""
    mode = "solitaire" if len(players) == 1 else "coop"
    for seed in range(1, 21):
        for deck in ("full", "classic"):
            g = sm.new_game(seed=seed, players=players, mode=mode, deck=deck, balance="v4")
            tops = [g.state.deck[d[-1]] for d in g.state.departments]
            left = sum(g.state.deck[c] == "depot" for c in g.state.home) + tops.count("depot")  # not in a hand
            assert tops[:min(depots, left)] == ["depot"] * min(depots, left), (seed, deck)  # the classic deck holds 4
            assert check(g.state) == []
    v1 = [[sm.new_game(seed=seed, players=players, mode=mode, deck=deck, balance=balance).state
           for seed in range(1, 21)]
          for deck, balance in (("full", "v1"), ("classic", "v1"), ("classic", "v2"), ("classic", "v3"))]
    for states in v1:  # drawn from the top: a Depot only by chance
        assert sum(s.deck[s.departments[0][-1]] == "depot" for s in states) < 10


def test_v4_seeds_the_classic_deck_without_touching_the_hands_or_the_order_of_the_rest():
    """U4 under v4: the same seed deals v3's hands; the Department holds a Depot from the Home Office
    deck, and the rest of that deck is v3's deck less that Depot, in v3's order; a Depot dealt into the
    opening hand stays there."""
    for seed in range(1, 31):
        v3 = sm.new_game(seed=seed, balance="v3").state
        v4 = sm.new_game(seed=seed, balance="v4").state
        assert v4.config.balance == "v4" and v4.players[0].hand == v3.players[0].hand
        depot = v4.departments[0][-1]
        assert v4.deck[depot] == "depot" and depot not in v4.players[0].hand
        before = v3.home + [pile[-1] for pile in reversed(v3.departments)]  # the deck before its Departments
        tops = {pile[-1] for pile in v4.departments}
        assert depot in before and v4.home == [c for c in before if c not in tops]


def test_a_seeded_department_takes_the_topmost_depot_and_keeps_the_rest_of_the_order(monkeypatch):
    """U4: the Depot is the topmost one of the shuffled Home Office deck once the hands are dealt; every
    other card keeps its place (the same deal as without the seeding, less that Depot). Edition v4."""
    import dataclasses
    import importlib
    cat = importlib.import_module("stationmaster.cards.catalog")
    for seed in range(1, 11):
        seeded = sm.new_game(seed=seed, deck="full", balance="v4").state
        with monkeypatch.context() as m:
            m.setitem(cat.DECK_LISTS, "full", dataclasses.replace(cat.DECK_LISTS["full"], seeds=()))
            plain = sm.new_game(seed=seed, deck="full", balance="v4").state
        assert seeded.players[0].hand == plain.players[0].hand
        # the plain deal from the top: the three Department cards, then the Home Office top down
        plain_order = [d[-1] for d in plain.departments] + plain.home[::-1]
        depot = next(c for c in plain_order if plain.deck[c] == "depot")
        assert seeded.departments[0][-1] == depot
        rest = [c for c in plain_order if c != depot]
        assert [d[-1] for d in seeded.departments[1:]] + seeded.home[::-1] == rest
