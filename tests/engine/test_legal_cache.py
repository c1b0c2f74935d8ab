"""Game.legal: the legal intents of the current state, enumerated once per state and dropped by
every change (apply, undo, redo, replay, a copy, a built position)."""

import random

import pytest

import stationmaster as sm
from stationmaster import phases
from stationmaster.builder import Position
from stationmaster.game import Game


def fresh(g) -> tuple:
    """The enumeration itself, without the cache."""
    s = g.state
    return () if s.outcome is not None else tuple(phases.STEPS[s.phase].rules.legal(s))


@pytest.fixture
def counted(monkeypatch):
    """Count the enumerations of each state (by identity and record length)."""
    seen = []
    for step in phases.FLOW:
        if hasattr(step.rules, "legal"):
            real = step.rules.legal

            def legal(s, real=real):
                seen.append(id(s))
                return real(s)
            monkeypatch.setattr(step.rules, "legal", legal)
    return seen


def test_the_cache_follows_apply_undo_redo_and_replay():
    g = sm.new_game(seed=11, players=["Ann", "Bo"], mode="competitive")
    r = random.Random(11)
    for k in range(60):
        assert tuple(g.legal) == fresh(g)
        g.apply(r.choice(g.legal_intents()))
        if k % 7 == 3 and g.can_undo() is None:
            g.undo()
            assert tuple(g.legal) == fresh(g)
            g.redo()
        assert tuple(g.legal) == fresh(g)
    h = Game(g.config, g.seed)
    before = tuple(h.legal)
    for _ in range(40):  # (end where the choices differ from the deal's, so a stale cache would show)
        if tuple(g.legal) != before:
            break
        g.apply(r.choice(g.legal_intents()))
    assert h.replay(g.history) is None
    assert tuple(h.legal) == fresh(h) == tuple(g.legal) != before


def test_a_copy_and_a_built_position_start_their_own_cache():
    g = sm.new_game(seed=3)
    g.apply("draw home")
    c = g.copy()
    assert tuple(c.legal) == tuple(g.legal)
    c.apply(c.legal_intents()[0])
    assert tuple(c.legal) == fresh(c) and tuple(g.legal) == fresh(g)
    b = Position(seed=3)
    b.hand("Player", ["depot"])
    built = b.game()
    assert tuple(built.legal) == fresh(built)


def test_one_state_is_enumerated_once_however_often_it_is_asked(counted):
    g = sm.new_game(seed=5)
    r = random.Random(5)
    for _ in range(40):
        counted.clear()
        legal = g.legal_intents()
        for _ in range(3):  # what a click asks of one state: the list, membership, the count, the view
            assert legal[0] in g.legal and str(legal[-1]) in g.legal and len(g.legal) == len(legal)
            assert list(g.legal) == g.legal_intents()
        assert counted.count(id(g.state)) == 1
        g.apply(r.choice(legal))
