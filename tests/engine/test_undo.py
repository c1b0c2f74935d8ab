"""Undo and redo (DESIGN.md §4, ruling H1): snapshots, never rerolls, multiplayer limits."""

import random

import pytest

import stationmaster as sm
from stationmaster.invariants import check

from positions import random_play


play = random_play  # play(g, seed, steps=None): seeded random legal play on g


def snapshot(g):
    """Everything observable about a game, as comparable values."""
    return (g.state.clone(), g.history, [e.to_json() for e in g.events], [e.text for e in g.last_events],
            g.dumps(), g.actor, g.phase, g.decision, [str(i) for i in g.legal_intents()])


def test_new_game_has_nothing_to_undo_or_redo():
    g = sm.new_game(seed=1)
    assert g.can_undo() == "there is nothing to undo"
    with pytest.raises(sm.IllegalIntent, match="There is nothing to undo"):
        g.undo()
    with pytest.raises(sm.IllegalIntent, match="there is nothing to redo"):
        g.redo()


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_solitaire_undo_to_the_start_restores_every_state_exactly(seed):
    """H1: solitaire undo goes back to the start, restoring each state exactly; redo re-applies."""
    g = sm.new_game(seed=seed)
    r = random.Random(seed)
    seen = [snapshot(g)]
    while not g.is_over:
        g.apply(r.choice(g.legal_intents()))
        seen.append(snapshot(g))
    assert len(seen) > 50
    final = g.dumps()
    undone = []
    while g.history:
        assert g.can_undo() is None
        undone.append(g.undo())
        assert snapshot(g) == seen[len(g.history)]
        assert g.state == seen[len(g.history)][0]
        assert check(g.state) == []
    assert g.dumps() == sm.new_game(seed=seed).dumps()
    assert g.state == sm.new_game(seed=seed).state
    # redo all the way: the same game again
    while undone:
        it = undone.pop()
        g.redo()
        assert g.history[-1] == it
        assert snapshot(g) == seen[len(g.history)]
    assert g.dumps() == final


def test_undo_returns_the_intent_and_redo_returns_its_events():
    g = play(sm.new_game(seed=3), 3, steps=20)
    last = g.history[-1]
    events = g.last_events
    assert g.undo() == last
    assert g.redo() == events
    assert g.history[-1] == last


@pytest.mark.parametrize("k", [1, 5, 30, 90])
def test_undo_then_redo_is_the_identity(k):
    g = play(sm.new_game(seed=9), 9, steps=k)
    before = snapshot(g)
    g.undo()
    g.redo()
    assert snapshot(g) == before
    for n in (2, 3):
        for _ in range(min(n, len(g.history))):
            g.undo()
        for _ in range(min(n, len(g.history) + n)):
            try:
                g.redo()
            except sm.IllegalIntent:
                break
        assert snapshot(g) == before


def test_redo_is_cleared_by_a_new_apply():
    g = play(sm.new_game(seed=4), 4, steps=15)
    g.undo()
    g.undo()
    g.redo()
    g.apply(g.legal_intents()[-1])
    with pytest.raises(sm.IllegalIntent, match="nothing to redo"):
        g.redo()


def test_undo_at_the_end_of_a_finished_solitaire_game():
    g = play(sm.new_game(seed=2), 2)
    assert g.is_over
    over = snapshot(g)
    outcome = g.outcome
    g.undo()
    assert not g.is_over and g.outcome is None
    assert g.legal_intents()
    g.redo()
    assert g.outcome == outcome
    assert snapshot(g) == over


def test_undo_never_rerolls_a_timetable_play():
    """H1: undo never rerolls; the D12 roll of a timetable play comes out the same."""
    g = sm.new_game(seed=7)
    r = random.Random(7)
    while True:
        legal = g.legal_intents()
        trains = [i for i in legal if str(i).startswith("play T") and i.at is None]
        if trains:
            break
        g.apply(r.choice(legal))
    it = trains[0]
    events = [e.text for e in g.apply(it)]
    slot = dict(g.state.timetable)
    rng = g.state.rng
    assert any("D12 rolls" in t for t in events)
    for _ in range(3):
        assert g.undo() == it
        assert it.card not in g.state.timetable.values()
        assert [e.text for e in g.apply(it)] == events  # applied afresh: the same roll
        assert g.state.timetable == slot and g.state.rng == rng
    g.undo()
    g.redo()
    assert g.state.timetable == slot


def test_undo_never_rerolls_a_home_draw_in_solitaire():
    g = sm.new_game(seed=12)
    g.apply("draw home")
    hand = list(g.state.players[0].hand)
    g.undo()
    g.apply("draw home")
    assert g.state.players[0].hand == hand


def test_undo_restores_events():
    g = play(sm.new_game(seed=5), 5, steps=40)
    all_events = g.events
    batches = len(g.event_batches)
    g.apply(g.legal_intents()[0])
    g.undo()
    assert g.events == all_events
    assert len(g.event_batches) == batches
    assert [e.text for e in g.events] == [e.text for e in all_events]


def test_undo_and_redo_notify_observers():
    g = play(sm.new_game(seed=6), 6, steps=5)
    calls = []
    g.observe(lambda game: calls.append(len(game.history)))
    g.undo()
    g.redo()
    g.apply(g.legal_intents()[0])
    assert calls == [4, 5, 6]


def test_copy_undoes_independently():
    g = play(sm.new_game(seed=8), 8, steps=60)
    c = g.copy()
    before = snapshot(g)
    for _ in range(20):
        c.undo()
    assert snapshot(g) == before
    assert len(c.history) == 40
    g.undo()
    c2 = g.copy()
    g.redo()
    c2.redo()
    assert snapshot(c2) == snapshot(g) == before


def test_snapshots_are_kept_per_stage_and_dropped_on_undo():
    g = play(sm.new_game(seed=10), 10, steps=120)
    t = g.timeline
    snaps = {k: t.snapshot(k) for k in t.snapshot_points}
    assert len(snaps) > 5
    while len(g.history) > 30:
        g.undo()
    assert all(k <= 30 for k in t.snapshot_points)
    assert all(snaps[k] is t.snapshot(k) for k in t.snapshot_points)  # earlier snapshots untouched


# ------------------------------------------------------------------ multiplayer (H1)

def mp_game(seed=5, players=("A", "B")):
    return sm.new_game(seed=seed, players=list(players), mode="competitive")


def test_multiplayer_may_undo_own_intent_in_the_current_turn():
    """H1: your own unrevealing decision of the current turn may be undone."""
    g = mp_game()
    before = None
    r = random.Random(3)
    for _ in range(2000):
        legal = g.legal_intents()
        if g.state.turn.option == "draw":
            ds = [i for i in legal if str(i).startswith("discard")]
            if ds:
                before = snapshot(g)
                who = g.actor
                g.apply(ds[0])
                break
        g.apply(r.choice(legal))
    assert before is not None
    assert g.actor == who
    assert g.can_undo() is None
    g.undo()
    assert snapshot(g) == before
    g.redo()
    assert g.can_undo() is None


def test_multiplayer_cannot_undo_a_home_draw():
    """H1: a decision that revealed a card cannot be undone in multiplayer."""
    g = mp_game()
    r = random.Random(1)
    for _ in range(2000):
        legal = g.legal_intents()
        if any(str(i) == "draw home" for i in legal):
            break
        g.apply(r.choice(legal))
    g.apply("draw home")
    reason = g.can_undo()
    assert reason == "that decision revealed a card or a die roll; it cannot be undone"
    with pytest.raises(sm.IllegalIntent, match="That decision revealed a card"):
        g.undo()


def test_multiplayer_cannot_undo_a_timetable_roll():
    g = mp_game(seed=6, players=("A", "B", "C"))
    r = random.Random(6)
    for _ in range(3000):
        legal = g.legal_intents()
        ts = [i for i in legal if str(i).startswith("play T") and i.at is None]
        if ts:
            g.apply(ts[0])
            break
        g.apply(r.choice(legal))
    else:
        pytest.fail("no timetable play")
    with pytest.raises(sm.IllegalIntent, match="revealed a card or a die roll"):
        g.undo()


def test_multiplayer_cannot_undo_after_the_turn_passed():
    """H1: only your own decisions of the current turn."""
    g = mp_game()
    r = random.Random(2)
    for _ in range(3000):
        who = g.actor
        g.apply(r.choice(g.legal_intents()))
        if g.actor != who and g.history:
            break
    before = snapshot(g)
    reason = g.can_undo()
    assert reason == "in a multiplayer game you may undo only your own decisions of your current turn"
    with pytest.raises(sm.IllegalIntent, match="In a multiplayer game you may undo only your own"):
        g.undo()
    assert snapshot(g) == before


def turn_of(s) -> tuple:
    """Day, Stage, phase and the turn's seat: two intents with these equal are of one turn."""
    return (s.day, s.stage, s.phase, s.turn.index)


def test_multiplayer_rules_over_a_whole_game():
    """At every point, can_undo agrees with H1, and an allowed undo + redo is the identity."""
    for seed in range(3):
        g = mp_game(seed=seed, players=("A", "B", "C"))
        r = random.Random(seed)
        allowed = 0
        while not g.is_over:
            s = g.state
            who, key = g.actor, turn_of(g.state)
            rng, home = s.rng, len(s.home)
            it = r.choice(g.legal_intents())
            g.apply(it)
            reason = g.can_undo()
            same_turn = g.actor == who and turn_of(g.state) == key
            revealing = g.state.rng != rng or len(g.state.home) != home or str(it) == "draw home"
            if g.is_over:
                assert reason == "the game is over"
            elif not same_turn:
                assert reason and "your own decisions of your current turn" in reason
            elif revealing:
                assert reason and "revealed" in reason
            else:
                assert reason is None
                allowed += 1
                before = snapshot(g)
                assert g.undo() == it
                g.redo()
                assert snapshot(g) == before
        assert allowed > 0
        with pytest.raises(sm.IllegalIntent, match="The game is over"):
            g.undo()


def test_multiplayer_several_undos_within_one_turn_stop_at_the_turn_start():
    g = mp_game(seed=4)
    r = random.Random(4)
    # find a turn with a non-revealing start and at least two non-revealing intents after
    for _ in range(5000):
        if g.state.phase == "local_operations" and g.state.turn.option is None:
            legal = g.legal_intents()
            if any(str(i) == "switch" for i in legal):
                start = snapshot(g)
                who = g.actor
                g.apply("switch")
                n = 1
                while g.actor == who and n < 4:
                    moves = [i for i in g.legal_intents() if str(i).startswith("move")]
                    if not moves:
                        break
                    g.apply(moves[0])
                    n += 1
                if g.actor != who or n < 3:
                    continue
                for _ in range(n):
                    g.undo()
                assert snapshot(g) == start
                assert "undo only your own decisions" in g.can_undo() or "revealed" in g.can_undo() \
                    or "nothing" in g.can_undo()
                return
        g.apply(r.choice(g.legal_intents()))
    pytest.fail("no switching turn found")


def test_can_redo_and_redo_next_say_what_redo_would_do():
    """H1: redo is offered only after an undo, and names the intent it will apply."""
    import stationmaster as sm
    g = sm.new_game(seed=3)
    assert g.can_redo() == "there is nothing to redo" and g.redo_next is None
    g.apply("draw home")
    g.undo()
    assert g.can_redo() is None and str(g.redo_next) == "draw home"
    g.redo()
    assert g.redo_next is None and len(g.event_batches) == 2
