"""Observations (stationmaster.env.observe): fixed shape, what the seat sees, and nothing it cannot
see — the observation of a game equals that of every determinized copy for the same player (which
deals the Home Office order, the other hands and the dice afresh), as tests/engine/test_determinize.py
checks the copy itself."""

import random

import numpy as np
import pytest

import stationmaster as sm
from stationmaster.env.catalog import ActionCatalog
from stationmaster.env.observe import Observer


def _games(options, seeds=range(3), every=7):
    """Positions of random games: every ``every``-th intent, until the game is over."""
    for seed in seeds:
        g = sm.new_game(seed=seed, **options)
        rnd = random.Random(seed)
        while not g.is_over:
            if len(g.history) % every == 0:
                yield g
            g.apply(rnd.choice(g.legal_intents()))
        yield g


TABLES = [dict(players=["Ann", "Bo", "Cy"], mode="competitive", deck="full", length="short"),
          dict(deck="full", length="short"), dict(players=["Ann", "Bo"], mode="coop", length="short")]


@pytest.mark.parametrize("options", TABLES, ids=["competitive", "solitaire", "coop"])
def test_an_observation_shows_nothing_a_determinized_copy_deals_again(options):
    obs = Observer(ActionCatalog(sm.new_game(seed=0, **options).config))
    hidden_differs = 0
    for g in _games(options):
        for player in g.players:
            mine = obs.encode(g, player)
            assert mine.shape == (obs.size,) and mine.dtype == np.float32
            for k in range(3):
                d = g.copy(determinize=player, seed=k)
                assert np.array_equal(obs.encode(d, player), mine), (player, len(g.history))
                others = [(p.name, sorted(p.hand)) for p in d.state.players if p.name != player]
                hidden_differs += d.state.home != g.state.home or others != [
                    (p.name, sorted(p.hand)) for p in g.state.players if p.name != player]
    assert hidden_differs > 0  # the copies did deal the hidden cards differently: the check has teeth


def test_the_check_catches_a_leak():
    """An encoding that showed the Home Office's top card would fail the comparison above."""
    g = next(iter(_games(dict(length="short"), seeds=[4])))
    obs = Observer(ActionCatalog(g.config))

    def leaky(game):
        v = obs.encode(game, "Player")
        return np.append(v, sum(map(ord, game.state.home[-1])))  # the top card's id, as a number

    assert any(not np.array_equal(leaky(g.copy(determinize="Player", seed=k)), leaky(g)) for k in range(5))


def test_fields_cover_the_vector_and_read_back():
    g = sm.new_game(seed=2, players=["Ann", "Bo"], mode="competitive")
    obs = Observer(ActionCatalog(g.config))
    ends = sorted((at, at + int(np.prod(shape))) for at, shape in obs.fields.values())
    assert ends[0][0] == 0 and ends[-1][1] == obs.size
    assert all(a[1] == b[0] for a, b in zip(ends, ends[1:]))
    ann = obs.unpack(obs.encode(g, "Ann"))
    bo = obs.unpack(obs.encode(g, "Bo"))
    s = g.state
    hand = s.players[0].hand
    assert ann["hand"].sum() == len(hand) and bo["hand"].sum() == len(s.players[1].hand)
    assert list(ann["hand_size"]) == [len(s.players[0].hand), len(s.players[1].hand)]
    assert list(bo["hand_size"]) == [len(s.players[1].hand), len(s.players[0].hand)]  # seats relative: own first
    assert ann["phase"][0] == 1 and ann["table"][0] == s.day
    k = [i for i, c in enumerate(obs.spot_channels) if c == "card"][0]
    assert ann["areas"][0, :, k].sum() == len(s.areas[s.players[0].seat].grid)
    assert "numbers a seat" in repr(obs)
