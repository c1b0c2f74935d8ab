"""Property tests (DESIGN.md §6.2): random legal play in every mode and length never raises, always
ends, keeps the invariants, and save -> load, copy, undo/redo and replay reproduce the game exactly.

Hypothesis draws a seed, a configuration and a policy; the moves themselves come from
``random.Random(seed)`` over ``legal_intents()`` (fast, and still shrinkable through the seed).
Campaign-length games and the bigger example counts are marked ``slow``.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stationmaster as sm
from stationmaster.config import OPTIONAL_RULES
from stationmaster.invariants import check

MAX_STEPS = 50_000  # far above the longest game seen (about 3,300 intents, 6-player Campaign)
PASSIVE = ("end", "agent pass", "hold")

FAST = settings(deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def configs(draw, lengths=("short", "standard")):
    mode = draw(st.sampled_from(["solitaire", "competitive", "coop"]))
    n = 1 if mode == "solitaire" else draw(st.integers(2, 6))
    rules = draw(st.lists(st.sampled_from(OPTIONAL_RULES), unique=True))
    if "red_flag_escape" in rules and "emergency_toolbox" not in rules:
        rules.append("emergency_toolbox")  # the house rule changes the Toolbox's flags (make_config says so)
    if mode != "solitaire" and "adversity" in rules:
        rules.remove("adversity")  # the Division's situation deck strikes a lone player ([W1])
    return dict(
        players=[f"P{i}" for i in range(n)],
        mode=mode,
        length=draw(st.sampled_from(lengths)),
        victory=draw(st.sampled_from(["highest_after_days", "first_to_target"])),
        # the classic deck's 12 track cards cover a track_split deal for at most four players
        starting_hand=draw(st.sampled_from(["three", "six", "track_split"] if n <= 4 else ["three", "six"])),
        revenue=draw(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 2))),
        optional_rules=rules,
    )


def chooser(seed, busy):
    """A seeded policy: with probability ``busy`` avoid ending/passing when something else is legal
    (reaches deeper positions than a uniform choice)."""
    r = random.Random(seed)

    def choose(legal):
        if busy and r.random() < busy:
            active = [i for i in legal if str(i) not in PASSIVE]
            if active:
                return r.choice(active)
        return r.choice(legal)

    return choose


def same_game(a, b):
    assert a.history == b.history
    assert a.state == b.state
    assert [e.text for e in a.events] == [e.text for e in b.events]
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert a.dumps() == b.dumps()
    assert a.outcome == b.outcome


def run(seed, cfg, busy, on_step=None):
    g = sm.new_game(seed=seed, **cfg)
    assert check(g.state) == []
    choose = chooser(seed, busy)
    steps = 0
    while not g.is_over:
        legal = g.legal_intents()
        assert legal, f"no legal intent while the game runs: {g!r}"
        assert g.actor is not None
        it = choose(legal)
        g.apply(it)
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
        bad = check(g.state)
        assert bad == [], f"after intent {steps} {str(it)!r}: {bad}"
        if on_step:
            on_step(g, steps)
    assert g.legal_intents() == [] and g.actor is None
    assert g.outcome.reason
    assert set(g.outcome.winners) <= set(g.players)
    with pytest.raises(sm.IllegalIntent, match="the game is over"):
        g.apply("end")
    return g


def reproduce(g):
    """save -> load, copy and a fresh replay of the intents all give the same game."""
    h = sm.loads(g.dumps())
    assert h.replay_error is None
    same_game(g, h)
    same_game(g, g.copy())
    replay = sm.new_game(seed=g.seed, **g.config.to_json())
    for it in g.history:
        replay.apply(str(it))
    same_game(g, replay)


def play_and_check(seed, cfg, busy):
    mids = {}

    def keep(g, steps):
        if steps in (1, 25, 200):
            mids[steps] = g.copy()

    g = run(seed, cfg, busy, keep)
    reproduce(g)
    for mid in mids.values():
        reproduce(mid)
        assert mid.history == g.history[:len(mid.history)]


@FAST
@given(seed=st.integers(0, 2**63 - 1), cfg=configs(), busy=st.sampled_from([0, 0.8]))
def test_random_play_short_and_standard(seed, cfg, busy):
    play_and_check(seed, cfg, busy)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_every_table_size_plays_to_the_end(players, mode):
    # explicit coverage of each size and mode, independent of what hypothesis happens to draw
    cfg = dict(players=[f"P{i}" for i in range(players)], mode=mode, length="short")
    play_and_check(players * 100 + len(mode), cfg, 0.8)


@pytest.mark.parametrize("length", ["short", "standard"])
def test_solitaire_lengths_play_to_the_end(length):
    play_and_check(77, dict(length=length), 0.8)


@pytest.mark.slow
@SLOW
@given(seed=st.integers(0, 2**63 - 1), cfg=configs(("short", "standard", "campaign")),
       busy=st.sampled_from([0, 0.8, 0.95]))
def test_random_play_every_length_slow(seed, cfg, busy):
    play_and_check(seed, cfg, busy)


@pytest.mark.slow
@settings(deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), cfg=configs(("campaign",)))
def test_campaign_games_end_slow(seed, cfg):
    play_and_check(seed, cfg, 0.9)


def check_undo_redo(g, r):
    before = (g.state.clone(), g.history, [e.text for e in g.events], g.dumps())
    k = r.randint(1, min(len(g.history), 25))
    undone = [g.undo() for _ in range(k)]
    assert len(g.history) == len(before[1]) - k
    assert list(reversed(undone)) == list(before[1][-k:])
    assert check(g.state) == []
    for _ in range(k):
        g.redo()
    assert (g.state, g.history, [e.text for e in g.events], g.dumps()) == before


def undo_at_random_points(seed, length, busy):
    r = random.Random(seed ^ 0x5EED)
    checked = []

    def maybe_undo(g, steps):
        if r.random() < 0.05:
            check_undo_redo(g, r)
            checked.append(steps)

    g = run(seed, dict(length=length), busy, maybe_undo)
    check_undo_redo(g, r)  # also at the very end
    reproduce(g)


@FAST
@given(seed=st.integers(0, 2**63 - 1), busy=st.sampled_from([0, 0.8]))
def test_solitaire_undo_then_redo_is_the_identity(seed, busy):
    undo_at_random_points(seed, "standard", busy)


@pytest.mark.slow
@settings(deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1))
def test_solitaire_campaign_undo_slow(seed):
    undo_at_random_points(seed, "campaign", 0.8)


@settings(deadline=None, max_examples=8, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), n=st.integers(2, 6))
def test_multiplayer_undo_when_allowed_is_exact(seed, n):
    r = random.Random(seed)
    tried = []

    def maybe_undo(g, steps):
        if g.can_undo() is None:
            before = (g.state.clone(), g.history, [e.text for e in g.events])
            it = g.undo()
            assert g.history == before[1][:-1]
            g.redo()
            assert (g.state, g.history, [e.text for e in g.events]) == before
            assert g.history[-1] == it
            tried.append(steps)
        elif r.random() < 0.1 and g.history:
            with pytest.raises(sm.IllegalIntent):
                g.undo()

    run(seed, dict(players=[f"P{i}" for i in range(n)], mode="competitive", length="short"), 0.8, maybe_undo)


@FAST
@given(seed=st.integers(0, 2**63 - 1), cfg=configs(("short",)))
def test_same_seed_and_intents_same_game(seed, cfg):
    """R1: same seed and intents give the same game."""
    a = run(seed, cfg, 0.8)
    b = run(seed, cfg, 0.8)  # same policy seed: same choices
    same_game(a, b)
    assert [e.text for e in a.events] == [e.text for e in b.events]


@settings(deadline=None, max_examples=15)
@given(seed=st.integers(0, 2**63 - 1), cfg=configs(("short",)))
def test_different_seeds_deal_differently(seed, cfg):
    a = sm.new_game(seed=seed, **cfg)
    b = sm.new_game(seed=seed ^ 1, **cfg)
    assert (a.state.home, [p.hand for p in a.state.players]) != (b.state.home, [p.hand for p in b.state.players])


@settings(deadline=None, max_examples=30)
@given(text=st.text(max_size=60))
def test_any_text_is_an_intent_or_a_reason(text):
    g = sm.new_game(seed=1, players=["A", "B"], mode="competitive")
    before = g.dumps()
    try:
        g.apply(text)
    except sm.IllegalIntent as e:
        assert str(e)
        assert g.dumps() == before
    else:
        assert len(g.history) == 1


@settings(deadline=None, max_examples=40)
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_any_save_text_is_a_game_or_a_save_error(text):
    try:
        g = sm.loads(text)
    except sm.SaveError as e:
        assert str(e)
    else:
        assert isinstance(g, sm.Game)


@settings(deadline=None, max_examples=40)
@given(edits=st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(
    ["draw home", "end", "switch", "board 1", "move 1 east 1,0", "", "x", "hold", "clear", "agent pass"])),
    min_size=1, max_size=3))
def test_edited_saves_load_or_stop_with_a_reason(edits):
    g = run(3, dict(players=["A", "B"], mode="competitive", length="short"), 0.8)
    d = g.to_json()
    for pos, text in edits:
        d["intents"][pos % len(d["intents"])] = text
    import json
    h = sm.loads(json.dumps(d))
    if h.replay_error is None:
        assert len(h.history) == len(d["intents"])
    else:
        k = len(h.history) + 1
        assert h.replay_error.startswith(f"intent {k} ")
        assert h.history == tuple(sm.parse(t) for t in d["intents"][:k - 1])
    assert check(h.state) == []


# ------------------------------------------------------------------ regressions found by these tests

def test_reshuffle_with_almost_no_cards_left_does_not_loop():
    """D2: found by random play (6-player Co-op Campaign, seed 41, Day 8): with one card left between
    the Home Office, Salvage and Departments, refilling a Department emptied the new deck, which
    reshuffled the Department back, forever (RecursionError)."""
    from stationmaster.phases import drawing
    from stationmaster.rules import Events

    g = sm.new_game(seed=1)
    s = g.state.clone()
    spare = s.home + s.salvage + [c for pile in s.departments for c in pile]
    s.home, s.salvage, s.departments = [spare[0]], [], [[], [], []]
    ev = Events()
    drawing.refill_departments(s, ev)  # takes the last card: the deck is reshuffled from it
    assert sorted(s.home + [c for pile in s.departments for c in pile]) == [spare[0]]
    assert s.home == [spare[0]]  # kept as the Home Office rather than cycled for ever
    assert [e.kind for e in ev] == ["reshuffle"]


def test_six_player_coop_campaign_seed_41_plays_to_the_end():
    cfg = dict(players=[f"P{i}" for i in range(6)], mode="coop", length="campaign", victory="first_to_target",
               starting_hand="six", revenue=(0, 4, 1),
               optional_rules=["employee_rotation", "reduced_visibility", "manual_makeup", "emergency_toolbox"])
    g = run(41, cfg, 0)
    reproduce(g)


# --------------------------------------------------------------------------- the full deck (M11-M15)

FULL = settings(deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow])


@FULL
@given(seed=st.integers(0, 2**63 - 1), cfg=configs(), busy=st.sampled_from([0, 0.8]))
def test_random_play_with_the_full_deck(seed, cfg, busy):
    """M11-M15: random legal play on the full deck's Division (devices, a Heavy Grade chosen at setup):
    no exception, every game ends, invariants hold after every intent, saves replay exactly."""
    play_and_check(seed, {**cfg, "deck": "full"}, busy)


@pytest.mark.parametrize("mode, players, length", [
    ("solitaire", 1, "short"), ("solitaire", 1, "standard"), ("competitive", 3, "short"), ("coop", 6, "short")])
def test_full_deck_games_of_every_mode_play_to_the_end(mode, players, length):
    """M12-M15: each mode with the full deck, on seeds whose Division holds devices."""
    cfg = dict(players=[f"P{i}" for i in range(players)], mode=mode, length=length, deck="full")
    play_and_check(players * 10 + len(length), cfg, 0.8)


@pytest.mark.slow
@pytest.mark.parametrize("mode, players", [("solitaire", 1), ("competitive", 4), ("coop", 2)])
def test_full_deck_campaigns_end_slow(mode, players):
    cfg = dict(players=[f"P{i}" for i in range(players)], mode=mode, length="campaign", deck="full")
    play_and_check(players * 7 + 3, cfg, 0.8)
