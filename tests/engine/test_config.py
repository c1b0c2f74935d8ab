"""Game configuration (v0.2 §3; v0.4.5 §3.1, §3.4): every refusal is a ValueError saying what to change."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import stationmaster as sm
from stationmaster import invariants
from stationmaster.config import (COOP_SHARE_PER_MAINLINE_CARD, DEFAULT_BALANCE, LENGTHS, TARGETS, Config,
                                  coop_target, make_config)



@pytest.mark.parametrize("kwargs, words", [
    ({"mode": "deathmatch"}, "unknown mode 'deathmatch': choose one of solitaire, competitive, coop"),
    ({"players": ["Ann", "Bob"]}, "Solitaire is for one player, not 2: use mode='competitive' or 'coop'"),
    ({"players": []}, "at least one player"),
    ({"players": ["Ann"], "mode": "competitive"}, "competitive needs at least two players"),
    ({"players": ["Ann"], "mode": "coop"}, "use mode='solitaire'"),
    ({"players": list("ABCDEFG"), "mode": "competitive"}, "seats 1 to 6 players, not 7"),
    ({"players": ["Ann", "ann"], "mode": "coop"}, "player names must differ"),
    ({"players": ["Ann", " Ann "], "mode": "coop"}, "player names must differ"),
    ({"players": ["Ann", ""], "mode": "coop"}, "non-empty text"),
    ({"players": ["Ann", 7], "mode": "coop"}, "non-empty text"),
    ({"players": ["x" * 41]}, "longer than 40 characters"),
    ({"optional_rules": ["sister_trains"]}, "unknown optional rule 'sister_trains': choose from"),
    ({"length": "marathon"}, "unknown length 'marathon': choose one of short, standard, campaign"),
    ({"victory": "most_trains"}, "unknown victory 'most_trains'"),
    ({"starting_hand": "seven"}, "unknown starting hand 'seven'"),
    ({"deck": "v0.4.5"}, "unknown deck 'v0.4.5'"),
    ({"revenue": (1, 1)}, "three rates (passenger, freight, transit)"),
    ({"revenue": "111"}, "three rates"),
    ({"revenue": (1, "lots", 0)}, "freight Revenue rate must be a number from 0 to 5"),
    ({"revenue": (float("nan"), 1, 0)}, "passenger Revenue rate must be a number from 0 to 5, not NaN"),
    ({"players": list("ABCDE"), "mode": "competitive", "starting_hand": "track_split"},
     "choose starting_hand='three' or 'six'"),
])
def test_new_game_refuses_bad_configuration_saying_what_to_change(kwargs, words):
    """C1 / v0.4.5 §3.5: a bad configuration is refused with a ValueError naming the fix."""
    with pytest.raises(ValueError) as err:
        sm.new_game(seed=1, **kwargs)
    assert words in str(err.value)


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, "7", True])
def test_new_game_refuses_a_bad_seed(seed):
    """C1 / v0.4.5 §3.2: the seed is a whole number from 0 to 2**63 - 1."""
    with pytest.raises(ValueError, match="seed must be a whole number"):
        sm.new_game(seed=seed)


@pytest.mark.parametrize("rates, expected", [
    ((7, -2, 2.6), (5, 0, 3)),
    ((1, 1, 0), (1, 1, 0)),
    ((0, 0, 0), (0, 0, 0)),
    ((5, 5, 5), (5, 5, 5)),
    ((1.4, 4.49, 99), (1, 4, 5)),
    (("2", 3.0, -0.4), (2, 3, 0)),
    ((float("inf"), float("-inf"), 4.5), (5, 0, 5)),
    ([0.5, 1.5, 2.5], (1, 2, 3)),  # halves round up, as a player reads "rounded"
])
def test_revenue_rates_are_rounded_and_clamped(rates, expected):
    """C1 / v0.4.5 §3.1: the three Revenue values are independently rounded and clamped to 0–5."""
    g = sm.new_game(seed=1, revenue=rates)
    assert g.config.revenue == expected
    assert all(type(r) is int for r in g.config.revenue)


def test_defaults():
    """C1 / v0.4.5 §3.1, §5: one-player Standard Solitaire, highest after Days, three cards, rates 1/1/0."""
    g = sm.new_game(seed=1)
    c = g.config
    assert c == Config()
    assert (c.players, c.mode, c.length, c.victory) == (("Player",), "solitaire", "standard",
                                                         "highest_after_days")
    assert (c.starting_hand, c.revenue, c.optional_rules, c.deck) == ("three", (1, 1, 0), (), "classic")
    assert (c.target, c.days, c.balance) == (TARGETS[DEFAULT_BALANCE]["standard"], 5, DEFAULT_BALANCE)
    assert DEFAULT_BALANCE == "v6"  # issue 29: car orders (v5), a siding and a first customer (v6)
    assert invariants.check(g.state) == []


@pytest.mark.parametrize("length, target, days, v2, v3, v4", [("short", 10, 3, 13, 15, 16),
                                                              ("standard", 20, 5, 25, 25, 27),
                                                              ("campaign", 45, 10, 56, 56, 56)])
def test_lengths(length, target, days, v2, v3, v4):
    """C1 / v0.2 §3.2: Short 10/3, Standard 20/5, Campaign 45/10 under edition v1; V5: edition v2's
    targets 13 / 25 / 56 over the same Days; V7: edition v3's 15 / 25 / 56 (Short's 15 with Short's
    freight pay, L7); V9: edition v4's 16 / 27 / 56; the default edition's from ``config.TARGETS``."""
    c = make_config(length=length, balance="v1")
    assert (c.target, c.days) == (target, days)
    c = make_config(length=length, balance="v2")
    assert (c.target, c.days) == (v2, days)
    c = make_config(length=length, balance="v3")
    assert (c.target, c.days) == (v3, days)
    c = make_config(length=length, balance="v4")
    assert (c.target, c.days) == (v4, days)
    c = make_config(length=length)
    assert (c.target, c.days, c.balance) == (TARGETS[DEFAULT_BALANCE][length], days, DEFAULT_BALANCE)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_coop_target_is_multiplied_by_players_and_competitive_floor(n):
    """C1 / V2 / V6: Co-op target = target × players under balance v1; the collective floor = 3 × Days
    for any number of players (v0.2's 3 × players × Days under the house rule per_player_floor)."""
    names = ["Ann", "Bob", "Cy", "Di"][:n]
    coop = make_config(names, mode="coop", balance="v1")
    comp = make_config(names, mode="competitive", length="campaign", balance="v1")
    assert coop.target == 20 * n
    assert comp.target == 45
    assert comp.revenue_floor == 3 * 10
    old = make_config(names, mode="competitive", length="campaign", optional_rules=["per_player_floor"])
    assert old.revenue_floor == 3 * n * 10


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_v2_coop_target_is_four_fifths_of_a_target_a_mainline_card(n):
    """V6 (balance v2): the Co-op team's target is four-fifths of one Office's target for each of the
    table's players + 1 Mainline cards, rounded half up; Solitaire and Competitive targets are one
    Office's."""
    names = [f"P{i}" for i in range(n)]
    for length in LENGTHS:
        base = make_config(length=length, balance="v2").target  # one Office's: the edition's Solitaire target
        coop = make_config(names, mode="coop", length=length, balance="v2")
        assert coop.target == coop_target(base, n, "v2") == math.floor(base * 0.8 * (n + 1) + 0.5)
        assert make_config(names, mode="competitive", length=length, balance="v2").target == base
    assert coop_target(20, n, "v1") == 20 * n
    assert COOP_SHARE_PER_MAINLINE_CARD == 0.8


def test_v2_coop_targets_standard_table():
    """V6: Standard (one Office's target 25 under v2): 60 / 80 / 100 for 2 / 3 / 4 seats; v1 40 / 60 / 80."""
    teams = [[f"P{i}" for i in range(n)] for n in (2, 3, 4)]
    assert [make_config(t, mode="coop", balance="v2").target for t in teams] == [60, 80, 100]
    assert [make_config(t, mode="coop", balance="v1").target for t in teams] == [40, 60, 80]


def assert_coop_shares(n: int, first: Fraction, **edition) -> None:
    """Every length's Co-op team target at ``n`` seats is ``first`` of one Office's target for each of
    the first four Mainline cards (players + 1 of them) and half a target for each after, rounded half up."""
    names = [f"P{i}" for i in range(n)]
    cards = n + 1
    for length in LENGTHS:
        base = make_config(length=length, **edition).target
        share = first * min(cards, 4) + Fraction(1, 2) * max(0, cards - 4)
        assert make_config(names, mode="coop", length=length, **edition).target == \
            math.floor(base * share + Fraction(1, 2))


@pytest.mark.parametrize("balance", ["v3", "v4"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_coop_target_is_four_fifths_for_four_mainline_cards_then_half(n, balance):
    """V8 (balance v3, and v4 the default, V9): four-fifths of one Office's target for each of the
    first four Mainline cards (players + 1 of them), and half a target for each after; rounded half up."""
    assert_coop_shares(n, Fraction(4, 5), balance=balance)
    assert coop_target(25, n, "v4") == coop_target(25, n, "v3") <= coop_target(25, n, "v2")
    assert coop_target(27, n, "v5") == coop_target(27, n, "v4")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_v6_coop_target_is_seven_tenths_for_four_mainline_cards_then_half(n):
    """V11: under v6, the default, seven-tenths of one Office's target for each of the first four
    Mainline cards (players + 1 of them), and half a target for each after; rounded half up."""
    assert_coop_shares(n, Fraction(7, 10))
    assert coop_target(38, n) == coop_target(38, n, "v6") < coop_target(38, n, "v5")


def test_v3_coop_targets_by_length_and_table():
    """V8: the tables a player reads in docs/rules.md — Standard 60 / 80 / 93 for 2 / 3 / 4 seats,
    Short 36 / 48 / 56, Campaign 134 / 179 / 207; with 3 seats or fewer the same as v2's."""
    teams = [[f"P{i}" for i in range(n)] for n in (2, 3, 4)]
    table = {length: [make_config(t, mode="coop", length=length, balance="v3").target for t in teams]
             for length in LENGTHS}
    assert table == {"short": [36, 48, 56], "standard": [60, 80, 93], "campaign": [134, 179, 207]}


def test_v4_coop_targets_by_length_and_table():
    """V9: edition v4's tables a player reads in docs/rules.md — Standard 65 / 86 / 100 for 2 / 3 / 4
    seats, Short 38 / 51 / 59, Campaign 134 / 179 / 207."""
    teams = [[f"P{i}" for i in range(n)] for n in (2, 3, 4)]
    table = {length: [make_config(t, mode="coop", length=length, balance="v4").target for t in teams]
             for length in LENGTHS}
    assert table == {"short": [38, 51, 59], "standard": [65, 86, 100], "campaign": [134, 179, 207]}


def test_v2_floor_is_judged_on_the_leader_v1_on_the_table():
    """V2: the floor's number is 3 a Day under both balances; v2 judges it on the leader, v1 and the
    house rule per_player_floor on the table."""
    names = ["A", "B", "C"]
    assert make_config(names, mode="competitive").floor_on_leader
    assert not make_config(names, mode="competitive", balance="v1").floor_on_leader
    assert not make_config(names, mode="competitive", optional_rules=["per_player_floor"]).floor_on_leader
    assert make_config(names, mode="competitive").revenue_floor == make_config(
        names, mode="competitive", balance="v1").revenue_floor == 15


def test_floor_table_examples():
    """V2: the floor is 9 / 15 / 30 over 3 / 5 / 10 Days; per_player_floor gives v0.2 §3.5's table
    (3 players 3 Days 27; 3×5 45; 4×5 60; 4×10 120)."""
    three, four = ["A", "B", "C"], ["A", "B", "C", "D"]
    assert [make_config(three, mode="competitive", length=n).revenue_floor
            for n in ("short", "standard", "campaign")] == [9, 15, 30]
    old = ["per_player_floor"]
    assert make_config(three, mode="competitive", length="short", optional_rules=old).revenue_floor == 27
    assert make_config(three, mode="competitive", optional_rules=old).revenue_floor == 45
    assert make_config(four, mode="competitive", optional_rules=old).revenue_floor == 60
    assert make_config(four, mode="competitive", length="campaign", optional_rules=old).revenue_floor == 120


def test_optional_rules_normalised():
    """C1 / Config: optional rules are deduplicated and kept in a canonical order."""
    c = make_config(optional_rules=["manual_makeup", "reduced_visibility", "manual_makeup"])
    assert c.optional_rules == ("reduced_visibility", "manual_makeup")
    assert c.has("manual_makeup") and not c.has("employee_rotation")


def test_player_names_trimmed_and_one_name_as_text():
    """C1 / Config: a single name may be given as text; names are trimmed."""
    assert make_config("  Ann ").players == ("Ann",)
    assert make_config(["Ann ", " Bob"], mode="coop").players == ("Ann", "Bob")


def test_config_json_round_trip():
    """C1 / Config: to_json feeds make_config back to the same configuration (saves rely on it)."""
    c = make_config(["Ann", "Bob"], mode="coop", length="short", victory="first_to_target",
                    starting_hand="track_split", revenue=(2, 0, 1),
                    optional_rules=["employee_rotation", "emergency_toolbox"])
    assert make_config(**c.to_json()) == c


@pytest.mark.parametrize("n", [1, 2, 6])
def test_one_to_six_players_accepted(n):
    """C1 / Config: Station Master seats one to six players."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:n]
    g = sm.new_game(seed=2, players=names, mode="solitaire" if n == 1 else "competitive")
    assert g.players == tuple(names)
    assert invariants.check(g.state) == []


def test_no_seed_picks_one():
    """C1 / v0.4.5 §3.1: with no seed a fresh one is chosen and reported."""
    g = sm.new_game()
    assert isinstance(g.seed, int) and 0 <= g.seed


def test_red_flag_escape_needs_the_emergency_toolbox():
    """C1/M9: the house rule red_flag_escape changes what the Toolbox's Red Flags do, so it needs the Toolbox."""
    with pytest.raises(ValueError, match="add 'emergency_toolbox' too"):
        make_config(optional_rules=["red_flag_escape"])
    c = make_config(optional_rules=["red_flag_escape", "emergency_toolbox"])
    assert c.optional_rules == ("emergency_toolbox", "red_flag_escape")


@pytest.mark.parametrize("name, words", [
    ("\ud800x", "a lone surrogate (text that is not valid Unicode) (U+D800)"),
    ("Ann\x00", "a control character (U+0000)"),
    ("\x1b]0;owned\x07Ann", "a control character (U+001B)"),
    ("Bo\nimport os #", "a control character (U+000A)"),
    ("Ann\tLee", "a control character (U+0009)"),
    ("Ann\x9b2J", "a control character (U+009B)"),
    ("Ann\u200b", "an invisible formatting character (U+200B ZERO WIDTH SPACE)"),
    ("Ann\u202eLee", "an invisible formatting character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ("\ufeffAnn", "an invisible formatting character (U+FEFF ZERO WIDTH NO-BREAK SPACE)"),
    ("Ann\U000e0041", "an invisible formatting character (U+E0041 TAG LATIN CAPITAL LETTER A)"),
    ("Ann\ue000", "a private-use character (U+E000)"),
    ("Ann\uffff", "a noncharacter (U+FFFF)"),
    ("Ann\ufdd0", "a noncharacter (U+FDD0)"),
    ("Ann\u2028Lee", "a line separator (U+2028 LINE SEPARATOR)"),
    ("Ann\u2029", "a paragraph separator (U+2029 PARAGRAPH SEPARATOR)"),
])
def test_player_names_refuse_hidden_characters(name, words):
    """A name is shown on the board, in SVG, in notebooks and on terminals: control codes, invisible
    characters and lone surrogates are refused, and the message names the character and the fix."""
    with pytest.raises(ValueError) as err:
        make_config([name, "Zed"], mode="competitive")
    msg = str(err.value)
    assert words in msg
    assert "letters, digits, spaces and punctuation" in msg
    assert msg.isprintable() and msg.encode("utf-8")  # the message itself shows the name escaped


@pytest.mark.parametrize("names", [
    ["Ann", "ＡＮＮ"],  # full-width letters
    ["Straße", "STRASSE"],  # case-folded
    ["ﬁona", "Fiona"],  # a ligature
    ["Ann Lee", "Ann  Lee"],
    ["Ann Lee", "Ann\u00a0Lee"],  # a no-break space
    ["Zoë", "Zoe\u0308"],  # composed and decomposed
])
def test_player_names_that_read_the_same_are_refused(names):
    """Names must be told apart by a reader: compared case-folded, NFKC-normalised, spaces collapsed."""
    with pytest.raises(ValueError, match="player names must differ") as err:
        make_config(names, mode="competitive")
    assert "read the same" in str(err.value)


def test_player_names_may_be_any_visible_text():
    names = ["Zoë", "Łukasz", "東", "O'Brien-Smith", "<b>Ann*</b>", "🚂 Jo", "Ann\u00a0Lee"]
    c = make_config(names[:6], mode="competitive")
    assert c.players == tuple(names[:6])
    assert make_config(names[6]).players == (names[6],)
    assert make_config("x" * 40).players == ("x" * 40,)


def test_a_too_long_name_says_how_long_it_may_be():
    with pytest.raises(ValueError, match=r"player name 'xxxx.*… is longer than 40 characters: shorten it"):
        make_config("x" * 41)
    with pytest.raises(ValueError) as err:
        make_config("\x1b" * 10_000)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize("balance, deck", [("v4", "classic"), ("v5", "classic"), ("v6", "classic"), ("v6", "full")])
def test_the_rules_print_the_targets_table_the_engine_deals(balance, deck):
    """V9, V10, V11: docs/rules.md prints editions v4's, v5's and v6's targets as tables (solitaire, and the Co-op
    team's for 2 to 6 seats, each length; v6's full deck its own), and every figure is the target a new
    game of that table is dealt."""
    import pathlib
    import re

    import stationmaster as sm

    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
    name = balance if deck == "classic" else f"{balance}-{deck}"
    table = doc.split(f"<!-- targets:{name} -->", 1)[1].split(f"<!-- /targets:{name} -->", 1)[0]
    rows = {m.group(1).lower(): [int(x) for x in re.findall(r"\d+", m.group(2))]
            for m in re.finditer(r"^\| (\w+) \(\d+ Days\) \|(.*)$", table, re.M)}
    assert set(rows) == {"short", "standard", "campaign"}
    names = ["A", "B", "C", "D", "E", "F"]
    for length, figures in rows.items():
        dealt = [sm.new_game(seed=1, length=length, balance=balance, deck=deck).config.target]
        dealt += [sm.new_game(seed=1, length=length, balance=balance, deck=deck, mode="coop",
                              players=names[:n]).config.target for n in range(2, 7)]
        assert figures == dealt, length


def test_v5_solitaire_targets():
    """V10: edition v5's solitaire targets are 17 / 32 / 58 for Short / Standard / Campaign."""
    import stationmaster as sm
    got = {length: sm.new_game(seed=1, length=length, balance="v5").config.target
           for length in ("short", "standard", "campaign")}
    assert got == {"short": 17, "standard": 32, "campaign": 58}


def test_v6_solitaire_targets():
    """V11: edition v6's solitaire targets, the default's, are 21 / 38 / 68 for Short / Standard / Campaign."""
    import stationmaster as sm
    got = {length: sm.new_game(seed=1, length=length).config.target for length in ("short", "standard", "campaign")}
    assert got == {"short": 21, "standard": 38, "campaign": 68}
    assert {length: sm.new_game(seed=1, length=length, balance="v6").config.target for length in got} == got


def test_v6_full_deck_targets_are_its_own():
    """V11: with the full deck v6's solitaire targets are 19 / 33 / 68; the house rule ``target`` still
    overrides them, and the earlier editions keep one table for both decks."""
    import stationmaster as sm
    got = {length: sm.new_game(seed=1, length=length, deck="full").config.target
           for length in ("short", "standard", "campaign")}
    assert got == {"short": 19, "standard": 33, "campaign": 68}
    assert sm.new_game(seed=1, deck="full", house_rules={"target": 40}).config.target == 40
    assert sm.new_game(seed=1, deck="full", balance="v5").config.target == 32
