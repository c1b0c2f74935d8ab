"""The timeline: one frozen entry per accepted intent, the game's action log (stationmaster.timeline)."""

import dataclasses

import pytest

import stationmaster as sm
from stationmaster.errors import IllegalIntent
from stationmaster.game import Game, ReplayStop


def played(seed=3, steps=40, **kw):
    g = sm.new_game(seed=seed, **kw)
    for k in range(steps):
        if g.is_over:
            break
        g.apply(g.legal_intents()[(seed + k) % len(g.legal_intents())])
    return g


def test_entries_carry_sequence_numbers_intents_and_their_events():
    g = played()
    t = g.timeline
    assert [e.seq for e in t] == list(range(1, len(g.history) + 1))
    assert tuple(e.intent for e in t) == g.history == t.intents
    assert [list(e.events) for e in t] == g.event_batches[1:]
    assert list(t.setup_events) == g.event_batches[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        t[0].seq = 9


def test_since_gives_what_a_seat_has_not_seen_and_json_names_the_actor():
    g = played(players=["Ann", "Bo"], mode="competitive")
    t = g.timeline
    assert t.since(0) == tuple(t) and t.since(t.last_seq) == ()
    tail = t.since(t.last_seq - 3)
    assert [e.seq for e in tail] == [t.last_seq - 2, t.last_seq - 1, t.last_seq]
    row = tail[0].to_json(g.players)
    assert row["actor"] in ("Ann", "Bo") and row["intent"] == str(tail[0].intent)
    assert row["events"] == [e.to_json() for e in tail[0].events]
    with pytest.raises(ValueError, match="sequence number"):
        t.since(-1)


def test_undo_truncates_and_redo_appends_the_same_entry_again():
    g = played(steps=30)
    last = g.timeline[-1]
    g.undo()
    assert g.timeline.last_seq == last.seq - 1 and g.timeline.redo_next == last.intent
    g.redo()
    again = g.timeline[-1]
    assert (again.seq, again.intent, again.events, again.turn) == (last.seq, last.intent, last.events, last.turn)


def test_a_copy_shares_entries_but_not_the_list():
    g = played(steps=20)
    c = g.copy()
    c.undo()
    assert len(c.timeline) == len(g.timeline) - 1
    assert c.timeline[0] is g.timeline[0]


def test_replay_applies_in_order_and_says_where_it_stopped():
    g = played(steps=25)
    texts = [str(i) for i in g.history]
    fresh = Game(g.config, g.seed)
    assert fresh.replay(texts) is None and fresh.history == g.history
    bad = Game(g.config, g.seed)
    stop = bad.replay(texts[:5] + ["move 9 north 3,3"] + texts[5:])
    assert isinstance(stop, ReplayStop) and stop.number == 6 and stop.text == "move 9 north 3,3"
    assert isinstance(stop.error, IllegalIntent) and len(bad.history) == 5


def test_from_position_starts_the_record_at_the_position():
    g = played(steps=10)
    built = Game.from_position(g.config, g.seed, g.state.clone())
    assert built.history == () and built.state == g.state
    assert built.can_save() is not None  # not the seed's deal
    fresh = Game.from_position(g.config, g.seed, Game(g.config, g.seed).state)
    assert fresh.can_save() is None
