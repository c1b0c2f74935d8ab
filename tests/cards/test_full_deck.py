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


def dealt_cards(g) -> list:
    """Every Home Office card of a fresh game: the Home Office, the Departments, the hands and the
    Offices opened as Depots of the deck ([U5], from v5)."""
    s = g.state
    return (s.home + [c for d in s.departments for c in d] + [c for p in s.players for c in p.hand]
            + [a.office.card for a in s.areas if a.office.card in s.deck])


def test_each_mode_is_dealt_its_deck():
    """O1: Solitaire and Co-op are dealt the cards without the opponent-directed ones, Competitive all of
    them, every card somewhere on the table (hands, Departments, the Home Office): under balance v1 the
    191 and the 213 at any table; under v2 as many as the table's seats deal ([U3])."""
    for balance, mode, players, n in (("v1", "solitaire", ["Ann"], 191), ("v1", "coop", ["Ann", "Bo"], 191),
                                      ("v1", "competitive", ["Ann", "Bo"], 213),
                                      ("v2", "solitaire", ["Ann"], 88), ("v2", "coop", ["Ann", "Bo"], 88),
                                      ("v2", "competitive", ["Ann", "Bo"], 101)):
        g = sm.new_game(seed=5, players=players, mode=mode, deck="full", balance=balance)
        dealt = dealt_cards(g)
        assert len(dealt) == n, (balance, mode)
        kinds = Counter(catalog("full")[g.state.deck[c]].kind for c in dealt)
        assert (kinds["action"] + kinds["space"] > 0) == (mode == "competitive"), mode


# --------------------------------------------------------------------------- U3 the deck dealt for the table

CLASSIC = catalog("classic")


def share(cat, kinds, seats=None, mode="solitaire") -> float:
    ids = cat.ids(mode, seats=seats)
    return sum(1 for k in ids.values() if cat[k].kind in kinds) / len(ids)


def test_a_table_of_one_or_two_is_dealt_the_classic_decks_proportions():
    """U3: at one or two seats the full deck deals every train and Extra (26) and 15 Offices in 88 cards:
    trains and Office upgrades come as often as in the classic 52 (within two points), where the whole
    191-card deck deals them at about half that rate."""
    full = catalog("full")
    solo = full.ids("solitaire", seats=1)
    assert len(solo) == 88 and full.ids("coop", seats=2) == solo
    kinds = Counter(full[k].kind for k in solo.values())
    assert (kinds["train"], kinds["extra"], kinds["office"]) == (12, 14, 15)
    for what in (("train", "extra"), ("office",)):
        classic = share(CLASSIC, what)
        assert abs(share(full, what, seats=1) - classic) < 0.02, what
        assert share(full, what) < 0.6 * classic, what  # the whole deck: the density issue 16 measured
    # every card type the full game adds is in the small table's deck: it is still the full game
    assert {full[k].key for k in solo.values()} == {e.key for e in full.home if e.kind not in ("action", "space")}


def test_each_table_deals_a_part_of_the_next_ones_deck():
    """U3: each copy is marked with the smallest table it is dealt at, so a smaller table's deck is the
    bigger one's less some copies (the same ids), every table deals one of each train and Extra, and five or
    six seats deal the whole 213."""
    full = catalog("full")
    decks = [full.ids("competitive", seats=n) for n in range(1, 7)]
    assert [len(d) for d in decks] == [101, 101, 157, 157, 213, 213]
    assert decks[-1] == full.ids()
    for small, big in zip(decks, decks[1:]):
        assert small.items() <= big.items()
    for d in decks:
        assert sum(1 for k in d.values() if full[k].kind in ("train", "extra")) == 26
        assert {full[k].key for k in d.values()} == {e.key for e in full.home}  # every type, at every table


def test_every_card_type_with_copies_has_its_count_at_each_table():
    """U3: the table of copies lists exactly the full deck's card types with more than one copy, never more
    than the whole deck holds, never fewer at a bigger table; the catalog's entries carry them."""
    full = catalog("full")
    several = {e.key for e in full.home if e.count > 1}
    assert set(specs.TABLE_COPIES) <= several
    assert several - set(specs.TABLE_COPIES) == set()
    for e in full.home:
        assert len(e.table) == len(specs.SEAT_BANDS)
        assert 1 <= e.table[0] <= e.table[1] <= e.table[2] == e.count, e.key
        assert full.copies(e, 1) == e.table[0] and full.copies(e, 4) == e.table[1] and full.copies(e) == e.count
    assert CLASSIC["depot"].table == () and CLASSIC.ids("solitaire", seats=1) == CLASSIC.ids("solitaire")
    assert full.kinds(seats=1)["office"] == 15 and full.kinds()["office"] == 18


def test_balance_v2_deals_the_full_deck_for_the_table_and_v1_whole():
    """U3: a v2 game is dealt the deck of its seats; v1 (old saves, the house rule) the whole deck at any table;
    the classic deck is the same 52 either way."""
    for players, mode, n in ((["Ann"], "solitaire", 88), (["A", "B", "C"], "coop", 138),
                             (["A", "B", "C", "D"], "competitive", 157),
                             (["A", "B", "C", "D", "E"], "competitive", 213)):
        v2 = sm.new_game(seed=9, players=players, mode=mode, deck="full", balance="v2")
        assert v2.config.balance == "v2" and len(dealt_cards(v2)) == n == len(v2.state.deck)
        v3 = sm.new_game(seed=9, players=players, mode=mode, deck="full", balance="v3")  # v3 deals it the same way
        assert v3.config.balance == "v3" and len(dealt_cards(v3)) == n == len(v3.state.deck)
        for later in ("v4", "v5"):  # and every edition after
            g = sm.new_game(seed=9, players=players, mode=mode, deck="full", balance=later)
            assert len(dealt_cards(g)) == n == len(g.state.deck), later
        v1 = sm.new_game(seed=9, players=players, mode=mode, deck="full", balance="v1")
        assert len(dealt_cards(v1)) == (213 if mode == "competitive" else 191)
    for balance in ("v1", "v2", "v3", "v4", "v5"):
        assert len(dealt_cards(sm.new_game(seed=9, balance=balance))) == 52
    import pytest
    with pytest.raises(ValueError, match="1 to 6 seats, not 7"):
        catalog("full").ids(seats=7)


def test_a_game_dealt_for_its_table_replays_from_its_save():
    """U3: the deal is the seed's and the table's, so a saved v2 full-deck game loads as it was."""
    g = sm.new_game(seed=4, deck="full", bots={"Player": "planner"})
    from stationmaster.bots import play_turns
    play_turns(g, max_decisions=40)
    h = sm.loads(g.dumps())
    assert h.state == g.state and len(h.state.deck) == 88 + 3  # and the starter siding's three cards (U6)


def test_every_full_deck_card_type_says_why_so_many():
    """docs/cards.md gives the reason for each count the classic deck does not have: every row of
    the full deck's own parts says it."""
    classic = catalog("classic")
    for e in catalog("full").home:
        if e.key not in classic:
            assert e.why, e.key


# --------------------------------------------------------------------------- the counts the docs state

import pathlib  # noqa: E402
import re  # noqa: E402

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


def stated_counts(text: str, cat) -> list:
    """Every 'CARD NAME ×N' in a text whose name is a card of the catalog: (name, N)."""
    names = sorted({e.name for e in cat.home}, key=len, reverse=True)
    pattern = re.compile(r"(" + "|".join(re.escape(n) for n in names) + r") ×(\d+)")
    return [(m.group(1), int(m.group(2))) for m in pattern.finditer(text)]


def test_the_rules_state_the_full_decks_counts_as_the_catalog_deals_them():
    """M16, M17, M18, M19, M20, E1, K1, O1: every 'Card ×N' in docs/rules.md is the whole deck's count of
    that card (the situation deck of section 12 is checked against its own rows), and each Mainline-side
    ruling states its card's count in that form, so a count that changes in the catalog fails here."""
    from stationmaster.cards.specs import SITUATION_DECK
    text = (DOCS / "rules.md").read_text()
    home, situations = text.split("## 12. ")
    full = catalog("full")
    stated = stated_counts(home, full)
    assert len(stated) >= 20
    for name, n in stated:
        assert full[name].count == n, (name, n, full[name].count)
    own = {(full[key].name if key in full else key): n for key, n, *_ in SITUATION_DECK}
    checked = stated_counts(situations, full)
    assert len(checked) >= 5
    for name, n in checked:
        assert own.get(name) == n, (name, n)
    for ruling, keys in (("M16", ["yard_office"]), ("M17", ["expedite"]), ("M18", ["second_section"]),
                         ("M19", ["block_signals", "interlocking_tower"]), ("M20", ["train_order_signal"])):
        head = text[text.index(f"**[{ruling}]"):].split("\n\n")[0]
        for key in keys:
            assert f"{full[key].name} ×{full[key].count}" in head, ruling
        assert not re.search(r"\b(one|two|three|four|five|six|an?) in the Home Office deck", head), ruling


def test_every_why_so_many_begins_with_its_count():
    """C1: the reason a full-deck row gives for its copies starts with their number in words ('three, one
    fewer than the Terminals...'), so docs/cards.md cannot say 'two' of a card the deck deals three of."""
    from stationmaster.cards import specs as sp
    for rows in (sp.MAINLINE_SIDE, sp.SPECIAL_TRAINS, sp.LOCAL_TRACK, sp.ENHANCEMENTS, sp.OPPONENT_CARDS):
        for key, n, _, why in rows:
            first = why.split(",")[0].split(":")[0].split()[0]
            if why.startswith("one for every two timetabled trains"):  # Expedite: 12 trains / 2
                assert n == 6
                continue
            assert NUMBER_WORDS.get(first) == n, (key, n, why[:40])
