"""The full deck's Mainline: cards with a length, trains with a speed by class (rulings M10, M11)."""

import random

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS, catalog, fire, rules_of
from stationmaster.cards.specs import SPEEDS, mainline_key
from stationmaster.invariants import check


def test_train_speeds_follow_dispatchers_classes():
    """M10: first class (Limited, Mail-Express) 4 sections a Stage, second (Manifest) 3, third 2."""
    speeds = {n: CARD_SPECS[f"train{n}"].speed for n in range(1, 13)}
    assert speeds == {1: 4, 2: 4, 3: 4, 4: 4, 5: 3, 6: 3, 7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2}
    assert all(CARD_SPECS[f"extra{n}"].speed == 2 for n in range(9, 13))
    assert set(SPEEDS) == {sp.train_class for sp in CARD_SPECS.values() if sp.kind in ("train", "extra")}


def test_the_full_deck_deals_the_classic_home_deck_and_mainline_cards_with_lengths():
    """M11: deck "full" = every card of the classic Home Office deck (more copies of the ones a bigger
    table builds with) and the full game's cards (M16) + Mainline cards of 4, 6 or 8 sections (M12-M15:
    one of them an ABS, one a Passing Siding, one a Heavy Grade, one an Interlocking)."""
    full, classic = catalog("full"), catalog("classic")
    assert set(classic.ids()) <= set(full.ids())
    for e in classic.home:
        if e.kind not in ("train", "extra"):
            assert full[e.key].count >= e.count, e.key
    assert sorted(e.spec.sections for e in full.mainline) == [4, 4, 4, 6, 6, 6, 6, 6, 6, 8, 8, 8]
    assert sorted(e.spec.rules for e in full.mainline) == ["abs", "heavy_grade", "interlocking", "passing"] + [
        "sectioned"] * 8
    assert all(e.spec.sections == 0 for e in classic.mainline)
    g = sm.new_game(seed=4, players=["Ann", "Bo"], mode="coop", deck="full")
    assert set(g.state.mainline) <= {e.name for e in full.mainline} and len(g.state.mainline) == 3


def _division(deck, cards):
    """A solitaire position on a Division of the given Mainline cards (names, west to east)."""
    b = Position(seed=2, deck=deck)
    b.state.mainline = list(cards)
    return b


@pytest.mark.parametrize("card, number, stages", [
    ("Low Line", 2, 2), ("Low Line", 6, 3), ("Low Line", 8, 4),
    ("Taney Cut", 2, 2), ("Taney Cut", 6, 2), ("Taney Cut", 8, 3),
    ("Damascus Bridge", 2, 1), ("Damascus Bridge", 6, 2), ("Damascus Bridge", 8, 2),
])
def test_crossing_time_is_the_length_over_the_speed_rounded_up(card, number, stages):
    """M11: an eastbound train highballs from the Western Division Point onto the card in Stage 1 and
    arrives at the Office ``stages`` Stages later, the first half of them in the near region."""
    b = _division("full", [card, "Low Line"])
    b.train(number, division_point="west")
    g = b.game()
    seen = []
    while g.state.trains[1].where != "area":
        g.apply("agent pass")
        t = g.state.trains[1]
        seen.append(t.pos if t.where == "mainline" else "office")
    near = (stages + 1) // 2
    assert seen == [(0, 0)] * near + [(0, 1)] * (stages - near) + ["office"]
    assert fire(g.state, "crossing_time", t, train=t) is None  # at the Office it crosses nothing
    assert check(g.state) == []


def test_a_plain_card_takes_every_train_two_stages():
    """M2 and M11: the classic deck's cards answer no crossing time (one region a Stage)."""
    b = _division("classic", ["Cedar Cut", "Long Fill"])
    b.train(8, division_point="west")
    g = b.game()
    g.apply("agent pass")
    t = g.state.trains[1]
    assert t.pos == (0, 0) and fire(g.state, "crossing_time", t, train=t) is None
    g.apply("agent pass")
    g.apply("agent pass")
    assert g.state.trains[1].where == "area"


def test_the_crossing_time_is_asked_of_the_mainline_card_the_train_is_on():
    """M11: the card's rules answer from its length and the train's speed."""
    b = _division("full", ["Seaside Flats", "Branch Creek Trestle"])
    t = b.train(1, mainline=(1, 1))
    s = b.game().state
    assert rules_of(s, mainline_key("Branch Creek Trestle")).crossing_time(s, t) == 1
    assert fire(s, "crossing_time", t, train=t) == 1
    t.pos = (0, 1)
    assert fire(s, "crossing_time", t, train=t) == 2  # 6 sections at 4 a Stage


@pytest.mark.parametrize("deck, cards, collides", [
    ("classic", ["Cedar Cut", "Long Fill"], False), ("full", ["Low Line", "Taney Cut"], True)])
def test_a_slow_train_holds_its_region_longer_and_a_follower_cleared_in_collides(deck, cards, collides):
    """M11 with M6: Train 8 (2 sections a Stage) highballed onto the Low Line last Stage and still holds
    its near region; Train 10, cleared in behind it, collides there, the Superintendent at fault. On a
    plain card Train 8 would have run on into the far region, and Train 10 would follow safely."""
    b = _division(deck, cards)
    b.train(8, mainline=(0, 0))
    b.train(10, division_point="west")
    g = b.game()
    g.apply("agent pass")
    assert g.state.turn.pending is not None and g.state.turn.pending.kind == "clearance"
    assert g.state.trains[1].pos == ((0, 0) if collides else (0, 1))
    events = g.apply("clear")
    assert any(e.kind == "collision" for e in events) == collides
    assert g.revenue["Player"] == (-5 if collides else 0)
    assert check(g.state) == []


def test_whole_games_with_the_full_deck_keep_every_invariant_and_replay_from_their_saves():
    for seed, cfg in ((3, {}), (5, dict(players=["A", "B", "C"], mode="competitive"))):
        r = random.Random(seed)
        g = sm.new_game(seed=seed, deck="full", **cfg)
        while not g.is_over:
            g.apply(r.choice(g.legal_intents()))
            assert check(g.state) == []
        assert sm.loads(g.dumps()).state == g.state


def test_slow_motion_says_how_a_train_runs_on_along_a_card():
    """M11 in the Mainline's slow motion: a quiet Stage on a card of the full deck is its speed's doing."""
    from stationmaster.slowmo import mainline_steps
    for deck, cards, pace in (("full", ["Low Line", "Taney Cut"], "at its class's speed"),
                              ("classic", ["Cedar Cut", "Long Fill"], "one region per Stage")):
        b = _division(deck, cards)
        b.train(8, division_point="west")
        g = b.game()
        g.apply("agent pass")
        g.apply("agent pass")
        (step,) = [st for st in mainline_steps(g) if st.what == "ran on"]
        assert pace in step.why and cards[0] in step.why


def test_the_board_tells_a_trains_speed_in_the_full_game():
    """M10: on the board a train's tooltip gives its class and, in the full game, its speed."""
    from stationmaster.view.scene import build_scene

    for deck, said in (("full", True), ("classic", False)):
        b = Position(seed=2, deck=deck)
        b.train(8, division_point="west")
        tips = [h.tip for h in build_scene(b.game().state).hits if h.target[0] == "tray" and "Train 8" in h.tip]
        assert tips and all("Coal Drag" in t for t in tips)
        assert all(("2 sections a Stage" in t) == said for t in tips)
