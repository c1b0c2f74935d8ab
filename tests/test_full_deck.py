"""The full Home Office deck as a whole (ruling C1, O1): v0.4.5's 213 cards, 22 of them
opponent-directed, made of the parts docs/cards.md explains."""

from collections import Counter

import stationmaster as sm
from stationmaster.cards import catalog
from stationmaster.cards import specs


def test_the_full_home_deck_has_213_cards_22_of_them_played_on_opponents():
    """C1, O1: 213 cards; 10 action and 12 space-use cards; the parts add up."""
    full = catalog("full")
    kinds = full.kinds()
    assert sum(kinds.values()) == 213
    assert (kinds["action"], kinds["space"]) == (10, 12)
    parts = [specs.FULL_CLASSIC, specs.MAINLINE_SIDE, specs.SPECIAL_TRAINS, specs.LOCAL_TRACK, specs.ENHANCEMENTS,
             specs.OPPONENT_CARDS]
    assert [sum(n for _, n, *_ in rows) for rows in parts] == [95, 21, 10, 26, 39, 22]
    assert len(full.ids()) == 213 and len(set(full.ids())) == 213  # every card its own id


def test_each_mode_is_dealt_its_deck():
    """O1: Solitaire and Co-op are dealt the 191 cards without the opponent-directed ones; Competitive all 213,
    every card somewhere on the table (hands, Departments, the Home Office)."""
    for mode, players, n in (("solitaire", ["Ann"], 191), ("coop", ["Ann", "Bo"], 191),
                             ("competitive", ["Ann", "Bo"], 213)):
        g = sm.new_game(seed=5, players=players, mode=mode, deck="full")
        s = g.state
        dealt = s.home + [c for d in s.departments for c in d] + [c for p in s.players for c in p.hand]
        assert len(dealt) == n, mode
        kinds = Counter(catalog("full")[s.deck[c]].kind for c in dealt)
        assert (kinds["action"] + kinds["space"] > 0) == (mode == "competitive"), mode


def test_every_full_deck_card_type_says_why_so_many():
    """docs/cards.md gives the reason for each count the classic deck does not have: every row of
    the full deck's own parts says it."""
    classic = catalog("classic")
    for e in catalog("full").home:
        if e.key not in classic:
            assert e.why, e.key
