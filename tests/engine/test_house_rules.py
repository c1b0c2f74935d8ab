"""House rules (issue 32, item 2): named overrides of an edition's numbers, given as data
(``Config(house_rules=...)``, ``--rule KEY=VALUE``), read by the engine and the bots through
``config.rule``, kept in saves and records so a variant replays exactly; no module table is
edited at run time."""

from __future__ import annotations

import copy
import json
import pathlib

import pytest

import stationmaster as sm
from stationmaster import house_rules, invariants
from stationmaster.bots.simulate import simulate
from stationmaster.bots.view import View
from stationmaster.builder import Position
from stationmaster.config import Config, make_config
from stationmaster.errors import SaveError
from stationmaster.phases.load_unload import freight_pay
from stationmaster.record import new_game_call
from positions import finish_one_load, random_play, run_stage

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHED = (1, -1)
ME = "Player"
TABLES = ("TARGETS", "TARGETS_V1", "TARGETS_V2", "DEPOT_OFFICES", "SEEDED_DECKS", "COOP_SHARES", "ORDER_PAY",
          "ORDER_SIZES", "FREIGHT_PAY", "FREIGHT_PAY_BY_LENGTH", "DAWN_PASSENGERS")


def shed(balance="v5", order=1, loads=2, **options):
    """A Produce Shed with ``loads`` loads stocked and as many empties spotted (tests/phases'
    position), under ``balance``, with an order for ``order`` loads out under v5."""
    b = Position(seed=1, balance=balance, **options)
    b.lay(ME, "produce_shed", SHED)
    b.cars(ME, SHED, [f"RE{i}" for i in range(1, loads + 1)])
    b.boxes(ME, SHED, green=[f"RL{i}" for i in range(1, loads + 1)])
    if balance == "v5":
        b.state.areas[0].facilities[SHED].orders = {"out": [order, 0]}
    return b.game()


def ship_one(g):
    """The Shed's first load leaves the Area; the Stage plays out (its Load/Unload counts it)."""
    cars = g.state.areas[0].grid[SHED].cars
    pid = next(c for c in cars if c.startswith("RL"))
    cars.remove(pid)
    g.state.classification_yard.append(pid)
    return [e.amount for e in run_stage(g) if e.kind == "revenue"]


# ------------------------------------------------------------------ each key changes play as said

def test_order_pay_pays_each_car_and_the_bonus_and_the_bots_value_cars_by_it():
    """L8 under a variant: order_pay=5,7 pays 5 a car worked and 7 for the car that fills the order;
    the bots' View values a car at the variant's pay and the order's share at its bonus."""
    g = shed(house_rules={"order_pay": "5,7"})
    assert freight_pay(g.state) == 5 and View(g).freight == 5
    assert View(g).order_share(SHED, "out", 1) == 7
    assert finish_one_load(g) == [5]
    assert ship_one(g) == [7]
    assert g.revenue[ME] == 12 and invariants.check(g.state) == []
    plain = shed()
    assert finish_one_load(plain) == [2] and View(plain).order_share(SHED, "out", 1) == 3


def test_order_sizes_set_what_the_industries_order_at_dawn():
    """L8 under a variant: every face of order_sizes' tables 3 (three Laborers) and 2 (two) -> every
    industry orders exactly that."""
    sizes = "/".join([",".join(["3"] * 12), ",".join(["2"] * 12)])
    b = Position(seed=5, balance="v5", house_rules={"order_sizes": sizes})
    b.lay(ME, "produce_shed", SHED)
    b.lay(ME, "oil_refinery", (-1, -1), turned=True)
    b.state.stage = 12
    g = b.game()
    while g.day < 2:
        run_stage(g)
    facs = g.state.areas[0].facilities
    assert facs[SHED].orders == {"out": [2, 0]}
    assert facs[(-1, -1)].orders == {"out": [3, 0], "in": [3, 0]}


def test_freight_pay_sets_the_days_freight_schedule_of_v4():
    """L6 under a variant: freight_pay=4,1 pays the Day's first load 4 and the next 1 (v4 pays 6, 0)."""
    g = shed(balance="v4", house_rules={"freight_pay": "4,1"})
    assert freight_pay(g.state) == 4
    assert finish_one_load(g) == [4] and finish_one_load(g) == [1]


def test_target_decides_the_solitaire_game():
    """V10 under a variant: the same greedy games on the same seeds, won at target 1, lost at 999."""
    low = simulate("greedy", length="short", games=2, seed=3, house_rules={"target": 1})
    high = simulate("greedy", length="short", games=2, seed=3, house_rules={"target": 999})
    assert [r["won"] for r in low] == [True, True] and [r["won"] for r in high] == [False, False]
    assert [r["revenue"] for r in low] == [r["revenue"] for r in high]  # the target changes no play
    assert low[0]["house_rules"] == {"target": 1} and low[0]["target"] == 1


def test_coop_shares_build_the_team_target():
    """V6 under a variant: shares 1 for every Mainline card make two seats' team target 3 targets."""
    c = make_config(["Ann", "Bo"], "coop", "short", house_rules={"coop_shares": "1"})
    assert c.target == 3 * c.solo_target == 3 * 21
    assert make_config(["Ann", "Bo"], "coop", "short", balance="v1", house_rules={"coop_shares": [0.5]}).target == 15
    assert make_config(["Ann", "Bo"], "coop", "short", house_rules={"target": 10, "coop_shares": "1,0.5"}).target == 20


def test_dawn_passengers_switch_on_and_off():
    """L9 under a variant: off, v5's Offices open with empty green boxes; on, v4's (opening as Depots,
    U5's house rule) fill at dawn."""
    def green(**options):
        return sm.new_game(seed=2, **options).state.areas[0].facilities[(0, 0)].green
    assert green() and not green(house_rules={"dawn_passengers": "off"})
    assert not green(balance="v4", house_rules={"depot_offices": "on"})
    assert green(balance="v4", house_rules={"depot_offices": "on", "dawn_passengers": True})
    assert sm.new_game(seed=2, balance="v4", house_rules={"dawn_passengers": True}).state.areas[0].facilities == {}


def test_seeded_depots_and_depot_offices_switch_on_and_off():
    """U4 / U5 under a variant: v3's classic Departments open with a Depot when seeded_depots is on;
    v5's Office is a Whistle Post when depot_offices is off, v4's a Depot when on."""
    for seed in range(1, 6):
        g = sm.new_game(seed=seed, balance="v3", house_rules={"seeded_depots": "on"})
        assert g.state.deck[g.state.departments[0][-1]] == "depot"
    plain = [sm.new_game(seed=s, balance="v3") for s in range(1, 6)]
    assert any(g.state.deck[g.state.departments[0][-1]] != "depot" for g in plain)
    assert sm.new_game(seed=1).state.areas[0].grid[(0, 0)].card.startswith("Depot")
    assert sm.new_game(seed=1, house_rules={"depot_offices": "off"}).state.areas[0].grid[(0, 0)].card == "WhistlePost1"
    g = sm.new_game(seed=1, balance="v4", house_rules={"depot_offices": "on"})
    assert g.state.areas[0].grid[(0, 0)].card.startswith("Depot") and invariants.check(g.state) == []


# ------------------------------------------------------------------ kept, replayed, shown

VARIANT = {"order_pay": (3, 4), "target": 20, "dawn_passengers": False}


def test_a_variant_game_saves_loads_and_replays_exactly():
    """C1: the house rules are part of the configuration: the save keeps them, and the game replays."""
    g = random_play(sm.new_game(seed=8, length="short", house_rules=VARIANT), 8, steps=300)
    data = json.loads(g.dumps())
    assert data["config"]["house_rules"] == {"dawn_passengers": False, "order_pay": [3, 4], "target": 20}
    back = sm.loads(g.dumps())
    assert back.config == g.config and back.state == g.state and back.history == g.history
    assert back.revenue == g.revenue and back.dumps() == g.dumps()
    plain = sm.new_game(seed=8, length="short")  # the variant is not the edition's game
    assert plain.state != sm.new_game(seed=8, length="short", house_rules=VARIANT).state


def test_the_record_notebook_deals_the_variant_again():
    g = random_play(sm.new_game(seed=8, length="short", house_rules=VARIANT), 8, steps=50)
    call = new_game_call(g)
    assert "house_rules=" in call
    again = eval(call, {"sm": sm})  # the record's own first cell
    assert again.config == g.config
    assert "House rules" in json.dumps(__import__("stationmaster.record", fromlist=["x"]).notebook(g))


def test_describe_and_repr_show_the_variant():
    g = sm.new_game(seed=1, house_rules={"order_pay": "3,4"})
    assert "house rules order_pay=3,4" in repr(g)
    assert "House rules: order_pay=3,4" in g.describe()
    assert "House rules" not in sm.new_game(seed=1).describe()


@pytest.mark.parametrize("rules, says", [
    ({"order_pay": "x"}, "'config.house_rules.order_pay': house rule order_pay takes two whole numbers"),
    ({"bogus": 1}, "'config.house_rules.bogus': unknown house rule 'bogus'"),
    ([1, 2], "'config.house_rules' must be an object"),
    ({"freight_pay": [1]}, "house rule freight_pay does not apply"),
])
def test_a_tampered_save_says_what_and_where(rules, says):
    d = sm.new_game(seed=3).to_json()
    d["config"]["house_rules"] = rules
    with pytest.raises(SaveError, match=None) as e:
        sm.loads(json.dumps(d))
    assert says in str(e.value)


# ------------------------------------------------------------------ bad input, immutability

@pytest.mark.parametrize("rules, says", [
    ({"bogus": 1}, "unknown house rule 'bogus': the house rules are coop_shares, dawn_passengers"),
    ({"order_pay": 3}, "house rule order_pay takes two whole numbers 0-20 (e.g. order_pay=3,3), not 3"),
    ({"order_pay": (3, 99)}, "house rule order_pay takes two whole numbers"),
    ({"order_sizes": "1,2"}, "house rule order_sizes takes two lists of 12 whole numbers"),
    ({"target": 0}, "house rule target takes a whole number 1-999"),
    ({"target": 2.5}, "house rule target takes"),
    ({"coop_shares": "0"}, "house rule coop_shares takes 1 to 7 numbers above 0"),
    ({"dawn_passengers": "maybe"}, "house rule dawn_passengers takes on or off"),
    ({"freight_pay": "6,0"}, "house rule freight_pay does not apply: edition v6 pays freight by the car orders"),
    (["order_pay"], "a house rule is written KEY=VALUE"),
    (["target=3", "target=4"], "house rule target is given twice"),
])
def test_bad_house_rules_say_which_key_and_what_it_takes(rules, says):
    with pytest.raises(ValueError) as e:
        sm.new_game(seed=1, house_rules=rules)
    assert says in str(e.value)
    with pytest.raises(ValueError):
        Config(house_rules=rules)


def test_order_pay_does_not_apply_before_car_orders():
    with pytest.raises(ValueError, match="edition v4 plays no car orders"):
        make_config(balance="v4", house_rules={"order_pay": "3,3"})


def test_a_config_keeps_its_house_rules_as_sorted_pairs_and_stays_hashable():
    a = Config(house_rules={"target": "30", "order_pay": [3, 3]})
    b = make_config(house_rules=["order_pay=3,3", "target=30"])
    assert a == b and hash(a) == hash(b)
    assert a.house_rules == (("order_pay", (3, 3)), ("target", 30))
    assert a.rule("order_pay") == (3, 3) and a.rule("order_sizes") == (house_rules.ORDER_SIZES[3],
                                                                      house_rules.ORDER_SIZES[2])
    assert make_config().house_rules == () and "house_rules" not in make_config().to_json()


def test_no_module_table_is_edited_by_a_variant_game():
    before = {name: copy.deepcopy(getattr(house_rules, name)) for name in TABLES}
    variant = {"order_pay": "9,9", "order_sizes": "/".join([",".join(["3"] * 12)] * 2), "target": 5,
               "coop_shares": "1", "dawn_passengers": "off", "seeded_depots": "on", "depot_offices": "off"}
    random_play(sm.new_game(seed=4, length="short", players=["A", "B"], mode="coop", house_rules=variant), 4)
    random_play(sm.new_game(seed=4, length="short", balance="v3", house_rules={"freight_pay": "1,2,3"}), 4)
    assert {name: getattr(house_rules, name) for name in TABLES} == before
    assert sm.new_game(seed=4).config.rule("order_pay") == (2, 3)


def test_docs_house_rules_table_is_the_registrys():
    text = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    assert house_rules.markdown_table() in text
    for doc in ("README.md", "docs/rules.md", "docs/balance.md"):
        assert "house-rules.md" in (ROOT / doc).read_text(encoding="utf-8"), doc
