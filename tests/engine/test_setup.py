"""Setting up a new game (ruling U1; v0.2 §4, §12; v0.4.5 §3.2)."""

from __future__ import annotations

from collections import Counter

import pytest

import stationmaster as sm
from stationmaster import invariants
from stationmaster.cards.specs import piece_key
from stationmaster.cards import CLASSIC_PIECES, MAINLINE_CARDS, PIECES, classic_deck, red_flag_id, spec
from stationmaster.config import DEFAULT_BALANCE
from stationmaster.rng import Rng
from stationmaster.rules import table_order


NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
TRACK = ("straight", "turnout_left", "turnout_right", "runaround")


def game(n=1, seed=1, **kw):
    if n == 1:
        return sm.new_game(seed=seed, **kw)
    return sm.new_game(seed=seed, players=NAMES[:n], mode=kw.pop("mode", "competitive"), **kw)


def event(g, kind):
    found = [e for e in g.events if e.kind == kind]
    assert len(found) == 1, kind
    return found[0]


# --------------------------------------------------------------------------- seats and Fedora


@pytest.mark.parametrize("seed", range(15))
@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_seats_follow_the_division_roll(n, seed):
    """U1 / v0.4.5 §3.2: seats low roll west → high east; ties put the lower index farther east."""
    g = game(n, seed)
    rolls = event(g, "seating").data["rolls"]
    assert len(rolls) == n and all(1 <= r <= 12 for r in rolls)
    seats = [p.seat for p in g.state.players]
    assert sorted(seats) == list(range(n))
    for i in range(n):
        for j in range(n):
            if rolls[i] < rolls[j]:
                assert seats[i] < seats[j]
            elif rolls[i] == rolls[j] and i < j:
                assert seats[i] > seats[j]  # tie: the lower index sits farther east
    assert invariants.check(g.state) == []


def test_seating_tie_example():
    """U1: seed 0, four players roll 8, 1, 8, 5: Bob west, Di, then Cy, and Ann (tied with Cy,
    lower index) farthest east."""
    g = game(4, seed=0)
    assert event(g, "seating").data["rolls"] == [8, 1, 8, 5]
    assert [p.seat for p in g.state.players] == [3, 0, 2, 1]


@pytest.mark.parametrize("seed", range(15))
@pytest.mark.parametrize("n", [2, 4, 6])
def test_fedora_goes_to_first_tied_for_highest(n, seed):
    """U1 / v0.4.5 §3.2: the Superintendent roll gives the Fedora to the first player tied for highest."""
    g = game(n, seed)
    rolls = event(g, "fedora").data["rolls"]
    assert len(rolls) == n
    assert g.state.superintendent == rolls.index(max(rolls))
    assert g.actor == NAMES[g.state.superintendent]


def test_fedora_tie_example():
    """U1: seed 13, rolls 4, 9, 4, 9: Bob, the first of the two nines, takes the Fedora."""
    g = game(4, seed=13)
    assert event(g, "fedora").data["rolls"] == [4, 9, 4, 9]
    assert g.state.superintendent == 1


def test_solitaire_rolls_nothing():
    """U1: with one player there are no seat or Fedora rolls; the player holds the Fedora at seat 0."""
    g = game(1)
    kinds = [e.kind for e in g.events]
    assert "seating" not in kinds and "fedora" not in kinds
    assert g.state.players[0].seat == 0 and g.state.superintendent == 0


# --------------------------------------------------------------------------- the Division


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6])
def test_n_plus_one_mainline_cards(n):
    """U1 / v0.2 §4.3: N players, N+1 distinct Mainline cards from the plain classic set."""
    g = game(n)
    ml = g.state.mainline
    assert len(ml) == n + 1
    assert len(set(ml)) == n + 1
    assert set(ml) <= set(MAINLINE_CARDS)


def test_mainline_cards_drawn_at_random():
    """U1: the Mainline cards are drawn at random (different seeds, different Divisions)."""
    lines = {tuple(game(2, seed).state.mainline) for seed in range(20)}
    assert len(lines) > 5


@pytest.mark.parametrize("n", [1, 3, 6])
def test_office_areas_start_limit_whistle_post_limit(n):
    """v0.2 §4.2 / v0.4.5 §3.2: each Office Area is Limit — Whistle Post — Limit, nothing else (up to
    edition v4; v5's Offices open as Depots: tests/phases/test_car_orders.py)."""
    g = game(n, balance="v4")
    assert len(g.state.areas) == n
    for seat, area in enumerate(g.state.areas):
        assert list(area.grid) == [(0, 0)]
        assert area.office.card == f"WhistlePost{seat + 1}"
        assert spec(area.office.card).key == "whistle_post"
        assert area.office.cars == []
        assert (area.west_limit, area.east_limit) == (-1, 1)
        assert area.facilities == {} and area.modifiers == {}


@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_crew_trays_are_players_plus_three(n):
    """U1 / v0.2 §12.2: Crew Trays and engines = players + 3; none in use at the start."""
    g = game(n)
    assert g.state.trays == n + 3
    assert g.state.trains == {}


def test_division_yard_holds_all_62_pieces():
    """U1 / v0.2 §12.3: all 62 rolling-stock pieces start in the Division Yard (Solitaire, and any
    table under balance v1) — from v5 on but the loaded coaches the first dawn puts in the Offices'
    green boxes (L9)."""
    for g in (game(1), game(3, balance="v1"), game(1, balance="v4")):
        s = g.state
        waiting = [c for a in s.areas for fac in a.facilities.values() for c in fac.green]
        assert all(PIECES[c].kind == "coach" and PIECES[c].loaded for c in waiting)
        assert bool(waiting) == (s.config.balance in ("v5", "v6"))
        assert sorted(s.division_yard + waiting) == sorted(CLASSIC_PIECES)
        assert s.classification_yard == []
        kinds = [PIECES[p].kind for p in s.division_yard + waiting]
        assert kinds.count("coach") == 16 and kinds.count("caboose") == 6
        assert invariants.check(s) == []


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_the_rolling_stock_grows_with_the_table_under_v2(n):
    """U2: under balance v2 and every edition after it (v5 the default) every seat beyond the first
    brings half a set more of each car kind, loaded and empty alike, and one more caboose: 4 seats run
    20 + 20 coaches, 12 + 12 boxcars and hoppers, 8 + 8 reefers and tank cars, and 9 cabooses."""
    s = game(n, mode="coop").state
    assert s.config.balance == DEFAULT_BALANCE
    stock = sorted(s.division_yard + [c for a in s.areas for fac in a.facilities.values() for c in fac.green])
    for edition in ("v2", "v3", "v4"):
        assert sorted(game(n, mode="coop", balance=edition).state.division_yard) == stock
    counts = Counter((PIECES[p].kind, PIECES[p].loaded) for p in stock)
    for kind, classic in (("coach", 8), ("boxcar", 6), ("hopper", 6), ("reefer", 4), ("tank", 4)):
        assert counts[(kind, True)] == counts[(kind, False)] == classic + (n - 1) * classic // 2
    assert counts[("caboose", False)] == 6 + (n - 1)
    assert len(stock) == len(set(stock)) == 62 + (n - 1) * 29
    assert set(CLASSIC_PIECES) <= set(stock)  # the classic ids keep their names
    assert invariants.check(s) == []
    assert s.division_yard == sorted(s.division_yard, key=piece_key)  # CL2 before CL10
    assert s.division_yard.index("CE9") < s.division_yard.index("CE10")


@pytest.mark.breaks_invariants
def test_the_extra_stock_is_a_table_of_its_own():
    """U2: the extra stock is that table's; a piece of a larger table is missed by the invariants."""
    s = game(2, mode="coop").state
    assert "CE12" in s.division_yard and "CE13" not in s.division_yard
    s.division_yard.append("CE13")
    assert any("rolling stock" in bad for bad in invariants.check(s))


def test_pocket_watch_at_stage_one_of_day_one():
    """v0.2 §4.5: the Pocket Watch starts at Midnight, Stage 1 of Day 1, in Local Operations."""
    g = game(2)
    assert (g.day, g.stage, g.phase) == (1, 1, "local_operations")
    assert g.state.stage_count == 1
    assert g.state.timetable == {} and g.state.held == [] and g.state.extras == []
    assert all(p.revenue == 0 for p in g.state.players)
    assert g.state.collisions_today == 0
    assert g.outcome is None


# --------------------------------------------------------------------------- the deal


@pytest.mark.parametrize("n, hand, size", [
    (1, "three", 3), (2, "three", 3), (6, "three", 3),
    (1, "six", 6), (3, "six", 6), (6, "six", 6),
    (1, "track_split", 6), (2, "track_split", 6), (4, "track_split", 6),  # 12 track cards: 4 players
])
def test_starting_hands_and_home_office(n, hand, size):
    """U1 / v0.4.5 §3.1: three or six cards each, or 3 track + 3 non-track; three Departments face
    up with one card each; the rest is the Home Office; every card in one place. Edition v4: from v5
    each Office opens with a Depot of the deck, which these counts leave out."""
    g = game(n, starting_hand=hand, balance="v4")
    s = g.state
    for p in s.players:
        assert len(p.hand) == size
        if hand == "track_split":
            kinds = [spec(c, s.deck).key for c in p.hand]
            assert sum(k in TRACK for k in kinds) == 3
            assert sum(k not in TRACK for k in kinds) == 3
    assert [len(d) for d in s.departments] == [1, 1, 1]
    assert len(s.deck) == 52
    assert len(s.home) == 52 - size * n - 3
    assert s.salvage == [] and s.removed == []
    assert invariants.check(s) == []


@pytest.mark.parametrize("balance", ["v3", "v4"])
@pytest.mark.parametrize("n", [2, 3, 5])
def test_deal_starts_at_the_superintendent_and_goes_leftward(n, balance):
    """U1 / v0.2 §4.7: dealing starts from the Superintendent and proceeds left (east); then the three
    Departments are turned up: under v3 from the top of the deck, under v4 Department k
    with the topmost Depot left for each of the first min(n, 3) seats ([U4]), the top card for the rest."""
    seed = 11
    g = game(n, seed, balance=balance)
    s = g.state
    # Re-run the setup's random stream: seat rolls, Fedora rolls, Mainline shuffle, deck shuffle.
    r = Rng(seed)
    for _ in range(2 * n):
        r.d12()
    r.shuffle(list(MAINLINE_CARDS))
    deck = list(classic_deck())
    r.shuffle(deck)
    order = table_order(s)
    assert order[0] == s.superintendent
    assert [s.players[p].seat for p in order] == [(s.players[s.superintendent].seat + k) % n
                                                  for k in range(n)]
    for p in order:
        assert s.players[p].hand == [deck.pop() for _ in range(3)]
    if balance == "v3":
        assert [d[0] for d in s.departments] == [deck.pop() for _ in range(3)]
    else:
        assert g.config.balance == "v4"
        depots = [i for i, c in enumerate(deck) if s.deck[c] == "depot"]
        assert len(depots) >= min(n, 3)  # (the deck holds a Depot for every seeded Department)
        turned = []
        for k in range(3):
            if k < n:
                i = max(i for i, c in enumerate(deck) if s.deck[c] == "depot")
                turned.append(deck.pop(i))
            else:
                turned.append(deck.pop())
        assert [d[0] for d in s.departments] == turned
        assert [s.deck[d[0]] for d in s.departments[:n]] == ["depot"] * min(n, 3)
    assert s.home == deck


def test_six_card_hand_must_come_down_to_three():
    """v0.4.5 §3.1: a six-card start must play or discard down to the limit before ending the draw."""
    g = game(1, starting_hand="six")
    g.apply("draw home")
    assert "play or discard" in g.why_not("end").lower()


@pytest.mark.parametrize("n", [1, 3])
def test_red_flags_with_emergency_toolbox(n):
    """U1 / v0.2 App. B: Emergency Toolbox deals each player a Red Flag from outside the deck (edition
    v4's card count: from v5 each Office's Depot leaves the Home Office too)."""
    g = game(n, optional_rules=["emergency_toolbox"], balance="v4")
    s = g.state
    for i, p in enumerate(s.players):
        assert red_flag_id(i) in p.hand
        assert len(p.hand) == 4
    assert len(s.home) == 52 - 3 * n - 3
    assert invariants.check(s) == []


def test_no_red_flags_without_the_rule():
    """U1: without Emergency Toolbox nobody holds a Red Flag."""
    g = game(3)
    assert not any(c.startswith("RedFlag") for p in g.state.players for c in p.hand)


def test_same_seed_same_setup_different_seed_different_deal():
    """v0.4.5 §3.2: setup is a function of the seed and the configuration."""
    a, b, c = game(3, seed=5), game(3, seed=5), game(3, seed=6)
    assert a.state == b.state
    assert [p.hand for p in a.state.players] == [p.hand for p in b.state.players]
    assert a.state.mainline == b.state.mainline and a.state.home == b.state.home
    assert ([p.hand for p in a.state.players], a.state.home) != ([p.hand for p in c.state.players],
                                                                 c.state.home)


def test_setup_event_describes_the_table():
    """v0.4.5 §3.2: the setup event names mode, length, players, Mainline cards and Crew Trays."""
    g = game(2, mode="coop", length="short")
    text = str(event(g, "setup"))
    assert "coop short" in text and "Ann, Bob" in text
    assert "3 Mainline cards" in text and "5 Crew Trays" in text
