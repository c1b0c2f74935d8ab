"""Edition v6's opening ([U6]): every Office opens with a siding, and every hand with a first customer."""

from __future__ import annotations

import pytest

import stationmaster as sm
from stationmaster import invariants
from stationmaster.bots.plays import facility_spots
from stationmaster.bots.view import View
from stationmaster.intents import Draw, End, Play
from stationmaster.query import spec_of, table_order
from stationmaster.setup import SIDING, _deal_first_customers, card_types
from positions import random_play

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def game(players=1, deck="classic", seed=7, **kw):
    names = NAMES[:players]
    mode = "solitaire" if players == 1 else "competitive"
    return sm.new_game(players=names, mode=mode, deck=deck, seed=seed, **kw)


@pytest.mark.parametrize("deck,players", [("classic", 1), ("classic", 3), ("classic", 6), ("full", 4)])
def test_every_office_opens_with_a_siding_of_cards_from_the_supply(deck, players):
    """U6: a Straight each side of the Office (the Limits one card further out) and a Left Turnout
    below it; the cards are given to the table beyond the deck's own (every id one a game of the
    config can hold), so the Home Office deck keeps all its track cards."""
    g = game(players, deck, balance="v6")
    s = g.state
    for a in s.areas:
        assert {xy: s.deck[a.grid[xy].card] for xy in SIDING} == SIDING
        assert (a.west_limit, a.east_limit) == (-2, 2)
        assert s.deck[a.grid[(0, 0)].card] == "depot"  # [U5] still
    placed = {a.grid[xy].card for a in s.areas for xy in SIDING}
    assert len(placed) == 3 * players
    assert set(s.deck) <= set(card_types(s.config))
    v5 = game(players, deck, balance="v5").state

    def to_draw(st):  # the track cards still in the Home Office, the Departments and the hands
        cards = list(st.home) + [c for p in st.players for c in p.hand] + [c for d in st.departments for c in d]
        return sum(1 for c in cards if st.deck[c] in ("straight", "turnout_left"))
    assert to_draw(s) == to_draw(v5) > 0
    assert invariants.check(s) == []
    random_play(g, players, steps=250)
    assert invariants.check(g.state) == []


@pytest.mark.parametrize("players", [1, 3, 6])
def test_every_hand_opens_with_the_topmost_industry_of_the_deck(players):
    """U6: after the hands are dealt, each seat from the Superintendent leftward takes the topmost
    industry left in the Home Office into its hand, one card beyond its starting hand."""
    g = game(players, balance="v6", seed=11)
    base = game(players, balance="v6", seed=11, house_rules={"first_customer": "off"})
    s, b = g.state, base.state
    home = list(b.home)
    for p, q in zip(s.players, b.players):
        assert len(p.hand) == len(q.hand) + 1 and p.hand[:-1] == q.hand
    for i in table_order(s):  # the topmost industry left, in turn
        k = max(j for j, c in enumerate(home) if spec_of(b, c).kind == "facility")
        assert s.players[i].hand[-1] == home.pop(k)
    assert s.home == home
    assert invariants.check(s) == []


def test_the_first_customer_is_built_on_the_first_draw_at_either_end_of_the_siding():
    """U6: the siding leaves room for an industry at each end that a train reaches, so the first
    customer can be built on the first turn; the hand must be down to three to end the draw."""
    g = game(balance="v6", seed=3)
    s = g.state
    g.apply(Draw("home"))
    me = s.players[0]
    industry = next(c for c in me.hand if spec_of(s, c).kind == "facility")
    spots = {(it.at, it.turned) for it in facility_spots(View(g), industry, g.legal_intents())}
    assert {((1, -1), False), ((-1, -1), True)} <= spots
    assert len(me.hand) == 5
    with pytest.raises(sm.IllegalIntent, match="play or discard down to 3"):
        g.apply(End())
    g.apply(Play(industry, (1, -1)))
    assert (1, -1) in s.areas[0].facilities and industry not in me.hand


def test_the_house_rules_switch_each_part_on_and_off():
    """U6: ``starter_siding`` and ``first_customer`` are house rules (on in v6, off before): each may be
    played alone, and v5 opens as before."""
    plain = game(balance="v5").state
    assert sorted(plain.areas[0].grid) == [(0, 0)] and len(plain.players[0].hand) == 3
    only_siding = game(balance="v6", house_rules={"first_customer": "off"}).state
    assert sorted(only_siding.areas[0].grid) == sorted([(0, 0), *SIDING]) and len(only_siding.players[0].hand) == 3
    only_customer = game(balance="v5", house_rules={"first_customer": "on"}).state
    assert sorted(only_customer.areas[0].grid) == [(0, 0)]
    assert spec_of(only_customer, only_customer.players[0].hand[-1]).kind == "facility"
    assert game(balance="v6").state.config.rule("starter_siding") is True


def test_a_deck_out_of_industries_deals_none_to_the_seats_after():
    """U6: when the Home Office holds fewer industries than seats, the seats after get none."""
    g = game(3, balance="v6", house_rules={"first_customer": "off"})
    s = g.state
    industries = [c for c in s.home if spec_of(s, c).kind == "facility"]
    s.home[:] = [c for c in s.home if c not in industries[1:]]
    s.salvage.extend(industries[1:])  # out of the Home Office, still on the table
    before = [len(p.hand) for p in s.players]
    order = table_order(s)
    _deal_first_customers(s, order)
    after = [len(p.hand) for p in s.players]
    assert [after[i] - before[i] for i in order] == [1, 0, 0]


def test_a_v6_game_saves_and_replays_exactly():
    """U6: the siding and the first customer are dealt from the seed, so a save replays exactly."""
    g = random_play(game(balance="v6", seed=5), 5, steps=500)
    h = sm.loads(g.dumps())
    assert h.config.balance == "v6" and h.state == g.state
