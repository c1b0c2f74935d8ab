"""game.copy(determinize=player, seed=...): a copy for a player's look-ahead in which what that
player cannot know (the Home Office order, the other players' hands, future random draws) is dealt
afresh from a seed, and which cannot pass for the real game."""

import pytest

import stationmaster as sm


def _played(seed=3, players=("Ann", "Bo", "Cy"), steps=40):
    mode = "solitaire" if len(players) == 1 else "competitive"
    g = sm.new_game(seed=seed, players=list(players), mode=mode)
    while len(g.history) < steps and not g.is_over:
        legal = g.legal_intents()
        texts = [str(i) for i in legal]
        pick = "draw home" if "draw home" in texts else ("end" if "end" in texts else texts[-1])
        g.apply(pick)
    return g


def _view(g, player):
    """Everything ``player`` can see: their own hand, the sizes of the others', the table."""
    s = g.state
    me = next(p for p in s.players if p.name == player)
    return (me.hand, [len(p.hand) for p in s.players], len(s.home), s.departments, s.timetable,
            [p.revenue for p in s.players], s.division_yard, s.classification_yard, s.salvage,
            g.history)


def test_determinized_copy_keeps_what_the_player_sees_and_deals_the_rest_again():
    g = _played()
    d = g.copy(determinize="Ann", seed=1)
    assert _view(d, "Ann") == _view(g, "Ann")
    assert d.determinized == "Ann" and g.determinized is None
    unseen = sorted(g.state.home + [c for p in g.state.players[1:] for c in p.hand])
    assert sorted(d.state.home + [c for p in d.state.players[1:] for c in p.hand]) == unseen
    assert d.state.rng != g.state.rng
    assert d.legal_intents() == g.legal_intents() or d.actor != "Ann"


def test_copies_with_the_same_seed_are_equal_whatever_the_hidden_order():
    """Two games that differ only in what Ann cannot see give the search the same information."""
    g = _played()
    h = g.copy()
    h.state.home.reverse()  # another hidden order...
    bo, cy = h.state.players[1], h.state.players[2]
    pool = bo.hand + cy.hand
    bo.hand, cy.hand = pool[len(cy.hand):], pool[:len(cy.hand)]  # ...and other hands
    h.state.rng ^= 12345  # and other future dice
    a, b = g.copy(determinize="Ann", seed=9), h.copy(determinize="Ann", seed=9)
    assert a.state == b.state
    assert a.copy(determinize="Ann", seed=10).state != a.state


def test_a_determinized_copy_never_reveals_the_real_home_office_order():
    g = _played(steps=10)
    real = list(g.state.home)
    orders = {tuple(g.copy(determinize="Bo", seed=k).state.home) for k in range(20)}
    assert tuple(real) not in orders and len(orders) == 20


def test_determinized_play_goes_its_own_way_and_the_real_game_is_untouched():
    g = _played(players=("Player",), steps=6)
    before = g.dumps()
    d = g.copy(determinize="Player", seed=4)
    while not d.is_over and len(d.history) < 300:
        d.apply(d.legal_intents()[0])
    assert g.dumps() == before


def test_a_determinized_copy_cannot_be_saved_or_undone_past_its_making():
    g = _played(players=("Player",), steps=6)
    d = g.copy(determinize="Player", seed=4)
    with pytest.raises(sm.SaveError, match="determinized"):
        d.dumps()
    assert d.can_undo() and "determinized" in d.can_undo()
    d.apply(d.legal_intents()[0])
    d.undo()
    with pytest.raises(sm.IllegalIntent, match="determinized"):
        d.undo()
    assert d.copy().determinized == "Player"  # a copy of a guess is still a guess


def test_other_players_private_draws_are_hidden_from_the_copy():
    g = _played(steps=30)
    d = g.copy(determinize="Ann", seed=2)
    ann = g.state.players[0].name
    assert ann == "Ann"
    for k, (real, seen) in enumerate(zip(g.event_batches, d.event_batches)):
        for e, f in zip(real, seen):
            if e.kind == "draw" and e.data.get("private"):
                mine = g.timeline[k - 1].actor == 0
                assert ("card" in f.data) == mine


def test_determinize_refuses_an_unknown_player():
    g = _played(players=("Player",), steps=2)
    with pytest.raises(ValueError, match="not a player"):
        g.copy(determinize="Nobody", seed=1)
