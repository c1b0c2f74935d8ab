"""Cards as rule objects (cards/base.py, cards/kinds.py): a spec names its rules class, the phases
fire rule points over the cards in play, and a new card is a spec plus, at most, a small class."""

import dataclasses
import subprocess
import sys

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS, POINTS, catalog, fire, register, rules_for, rules_of
from stationmaster.cards.base import COMBINES, RULES, SCOPES, CardRules, cards_in_scope, check_spec, check_specs
from stationmaster.cards.kinds import KIND_RULES, ModifierRules, OfficeRules, TrackRules, TrainRules
from stationmaster.invariants import check

from positions import fill_the_office


def use_rules(monkeypatch, name, cls):
    """Register a rules class for this test only."""
    monkeypatch.setitem(RULES, name, cls)
    return register(name)(cls)


def use_spec(monkeypatch, key, **changes):
    """Change a card's spec for this test only (e.g. give it a rules class)."""
    monkeypatch.setitem(CARD_SPECS, key, dataclasses.replace(CARD_SPECS[key], **changes))


# --------------------------------------------------------------------------- the classic deck


def test_every_classic_card_plays_by_its_kinds_rules_and_answers_no_rule_point():
    """The classic deck is data plus the kinds' defaults: no card changes a rule point (the full
    deck's Mainline cards answer the crossing time, and their devices the points they change)."""
    for e in catalog("classic"):
        sp = e.spec
        assert not sp.rules
        r = rules_for(sp)
        assert type(r) is KIND_RULES[sp.kind] and r.spec is sp
        assert not r._answers
    assert {e.spec.rules: rules_for(e.spec)._answers for e in catalog("full").mainline} == {
        "sectioned": {"crossing_time"}, "heavy_grade": {"crossing_time"},
        "abs": {"crossing_time", "clearance"}, "passing": {"crossing_time", "clearance", "region_room"},
        "interlocking": {"crossing_time", "holds_arrival"}}


def test_with_no_card_answering_every_point_is_neutral():
    """fire returns each point's neutral answer when no card in play answers it."""
    g = sm.new_game(seed=3, players=["A", "B"], mode="coop")
    for name, rp in POINTS.items():
        assert fire(g.state, name, *[None] * (len(rp.args.split(",")) - 1), seat=0) == rp.neutral


# --------------------------------------------------------------------------- the migrated hook points


def test_a_train_cards_rules_can_hold_a_departing_train(monkeypatch):
    """highball_problem: the train is held where the ordinary rules would send it."""

    class WaitsForOrders(TrainRules):
        def highball_problem(self, s, train):
            return "it waits for orders"

    use_rules(monkeypatch, "waits_for_orders", WaitsForOrders)
    use_spec(monkeypatch, "train5", rules="waits_for_orders")
    b = Position(seed=2)
    b.train(5, division_point="east")
    g = b.game()
    events = g.apply("agent pass")
    assert any(e.kind == "held" and "waits for orders" in e.text for e in events)
    assert g.state.trains[1].where == "division_point"
    assert check(g.state) == []


def test_an_office_area_cards_rules_can_hold_an_arrival_at_the_limits(monkeypatch):
    """holds_arrival, Interlocking-style: a full Office holds the arriving train instead of colliding."""

    class Interlocking(TrackRules):
        def holds_arrival(self, s, train, seat):
            return True

    use_rules(monkeypatch, "interlocking", Interlocking)
    use_spec(monkeypatch, "straight", rules="interlocking")
    b = Position(seed=2)
    b.lay("Player", "straight", (1, 0))
    fill_the_office(b)  # trains that cannot leave: engines between cars
    four = b.train(4, mainline=(0, 1))  # eastbound, runs off Mainline card 0 into the Office this Stage
    g = b.game()
    events = g.apply("agent pass")
    assert not any(e.kind == "collision" for e in events)
    assert any(e.kind == "held" and "Limits" in e.text for e in events)
    assert g.state.trains[four.tray].where == "mainline"
    assert check(g.state) == []


@pytest.fixture
def no_switching(monkeypatch):
    """A no-switching Train 11 and a Section Gang that lends a Move."""

    class NoSwitching(TrainRules):
        def switch_problem(self, s, train):
            return f"train {train.label} may not be switched"

    class ExtraMove(ModifierRules):
        def moves(self, s, player):
            return 1

    use_rules(monkeypatch, "no_switching", NoSwitching)
    use_rules(monkeypatch, "extra_move", ExtraMove)
    use_spec(monkeypatch, "train11", rules="no_switching")
    use_spec(monkeypatch, "section_gang", rules="extra_move")


def test_a_train_cards_rules_can_forbid_switching(no_switching):
    """switch_problem: Moves and set-outs of that train are refused with the card's reason; with no
    other train to switch, Switch itself is (T2)."""
    b = Position(seed=2)
    b.lay("Player", "straight", (-1, 0))
    b.train(11, player="Player", at=(0, 0), behind=["BE1"])
    g = b.game()
    assert "may not be switched" in g.why_not("switch")
    b = Position(seed=2)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "straight", (2, 0))
    b.train(11, player="Player", at=(0, 0), behind=["BE1"])
    b.train(5, player="Player", at=(1, 0))
    b.train(7, player="Player", at=(2, 0))
    g = b.game()
    g.apply("switch")
    with pytest.raises(sm.IllegalIntent, match="may not be switched"):
        g.apply("move 1 west -1,0")
    assert not [i for i in g.legal_intents() if str(i).startswith(("move 1", "setout 1"))]


def test_an_area_cards_rules_add_moves(no_switching):
    """moves: a card in the Office Area adds to the Moves of its player's switching (a sum)."""
    b = Position(seed=2)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "section_gang", (0, 1))
    b.train(12, player="Player", at=(0, 0))
    g = b.game()
    g.apply("switch")
    assert g.state.turn.moves_left == 7


# --------------------------------------------------------------------------- the new points the phases fire


def test_pickup_and_setout_filters(monkeypatch):
    """pickup_problem keeps a train off a card whose cars it may not couple; setout_problem refuses
    a set-out, each with the card's reason."""

    class Fussy(TrainRules):
        def pickup_problem(self, s, train, xy, cars):
            return "it picks up empty cars only" if any(c[1] == "L" for c in cars) else None

        def setout_problem(self, s, train, cars):
            return "it may not set out its caboose" if any(c.startswith("K") for c in cars) else None

    use_rules(monkeypatch, "fussy", Fussy)
    use_spec(monkeypatch, "train12", rules="fussy")
    b = Position(seed=2)
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "straight", (-1, 0))
    b.cars("Player", (1, 0), ["BL1"])
    b.cars("Player", (-1, 0), ["BE1"])
    b.train(12, player="Player", at=(0, 0), behind=["K1"])
    g = b.game()
    g.apply("switch")
    assert "it picks up empty cars only" in g.why_not("move 1 east 1,0")
    g.apply("move 1 west -1,0")
    assert g.state.trains[1].behind == ["K1", "BE1"]
    assert "may not set out its caboose" in g.why_not("setout 1 rear 2")
    g.apply("setout 1 rear 1")
    assert check(g.state) == []


def test_make_up_filter(monkeypatch):
    """makeup_problem: automatic make-up takes no refused car, and placing one is refused."""

    class EmptiesOnly(TrainRules):
        def makeup_problem(self, s, train, kind, loaded):
            return "it takes empty cars only" if loaded else None

    use_rules(monkeypatch, "empties_only", EmptiesOnly)
    for n in range(1, 13):
        use_spec(monkeypatch, f"train{n}", rules="empties_only")
    b = Position(seed=4)
    b.schedule(12, 1)
    b.schedule(11, 2)
    g = b.game()
    g.apply("agent pass")
    g.apply("agent pass")
    made = [e.text for b in g.event_batches for e in b if e.kind == "train_made_up"]
    assert len(made) == 2 and all("empty" in m and "loaded" not in m for m in made)

    b = Position(seed=4, optional_rules=["manual_makeup"])
    b.schedule(12, 1)
    g = b.game()
    g.apply("agent pass")
    assert g.state.turn.pending.kind == "makeup"
    assert "takes empty cars only" in g.why_not("place loaded coach")
    assert all("loaded" not in str(i) for i in g.legal_intents())


def test_load_unload_eligibility(monkeypatch):
    """work_problem: a train whose card permits no passenger work (Military Train-style)."""

    class NoPassengers(TrainRules):
        def work_problem(self, s, player, intent, train):
            return f"train {train.label} carries no passengers" if train is not None else None

    use_rules(monkeypatch, "no_passengers", NoPassengers)
    use_spec(monkeypatch, "train2", rules="no_passengers")
    b = Position(seed=2)
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1"])
    b.train(2, player="Player", at=(0, 0), behind=["CE1"], arrived_earlier=False)
    b.train(4, player="Player", at=(0, 0), behind=["CE2"], arrived_earlier=False)
    g = b.game()
    g.apply("agent pass")
    assert g.phase == "load_unload"
    assert "carries no passengers" in g.why_not("board 1")
    assert [str(i) for i in g.legal_intents() if str(i).startswith("board")] == ["board 2"]


def test_stage_and_day_points_are_fired_by_the_engine(monkeypatch):
    """stage_start, stage_end, day_start, day_end: every card in play is told, in Stage order."""
    told = []

    class Diary(TrackRules):
        def stage_start(self, s, ev):
            told.append(("stage_start", s.day, s.stage))

        def stage_end(self, s, ev):
            told.append(("stage_end", s.day, s.stage))

        def day_start(self, s, ev):
            told.append(("day_start", s.day, s.stage))

        def day_end(self, s, ev):
            ev.say("diary", f"The diary closes Day {s.day}.")
            told.append(("day_end", s.day, s.stage))

    use_rules(monkeypatch, "diary", Diary)
    use_spec(monkeypatch, "straight", rules="diary")
    b = Position(seed=2)
    b.lay("Player", "straight", (1, 0))
    g = b.game()
    for _ in range(12):
        g.apply("agent pass")
    assert told[:3] == [("stage_end", 1, 1), ("stage_start", 1, 2), ("stage_end", 1, 2)]
    assert told[-4:] == [("stage_end", 1, 12), ("day_end", 1, 12), ("day_start", 2, 1), ("stage_start", 2, 1)]
    assert any(e.kind == "diary" for e in g.last_events)


# --------------------------------------------------------------------------- the helper and its table


class Everything(TrackRules):
    """Answers every rule point with 2 (True for ``any``; a reason for ``first``)."""


for _name, _rp in POINTS.items():
    def _answer(self, s, *args, _rp=_rp):
        self._asked.append(_rp.name)
        return {"first": f"{self.spec.name} says no", "any": True, "sum": 2, "max": 2, "min": 2}.get(_rp.combine)
    setattr(Everything, _name, _answer)


class Train1Says(TrainRules):
    pass


for _name, _rp in POINTS.items():
    def _answer(self, s, *args, _rp=_rp):
        self._asked.append(_rp.name)
        return {"first": "the train says no", "any": False, "sum": 3, "max": 5, "min": 5}.get(_rp.combine)
    setattr(Train1Says, _name, _answer)


def _args(rp) -> list:
    return [None] * (len(rp.args.split(",")) - 1)


def test_fire_asks_the_cards_in_scope_and_combines_their_answers_per_point(monkeypatch):
    """Every point, the unused ones (collision fault) too: the
    helper asks the train's card, then the Area's cards, as the point's scope says; a first refusal
    or a True stops the asking; sums add every answer; max and min take the extreme."""
    use_rules(monkeypatch, "everything", Everything)
    use_rules(monkeypatch, "train1_says", Train1Says)
    use_spec(monkeypatch, "straight", rules="everything")
    use_spec(monkeypatch, "train1", rules="train1_says")
    b = Position(seed=2)
    b.lay("Player", "straight", (1, 0))
    b.lay("Player", "straight", (-1, 0))
    train = b.train(1, player="Player", at=(0, 0))
    s = b.game().state
    lay, ride = rules_of(s, "straight"), rules_of(s, train.card)  # both Straights share one rules object
    lay._asked, ride._asked = [], []
    no = "the train says no"
    expected = {
        "moves": 4, "cars_switched": None, "switch_problem": no, "pickup_problem": no, "setout_problem": no, "makeup_problem": no,
        "clearance": no, "region_room": 1, "crossing_time": 5, "highball_problem": no, "holds_arrival": True,
        "device_hold": "Straight says no", "diverts_arrival": "Straight says no", "departs_at_shift_change": False, "work_problem": no,
        "defence": "Straight says no", "revenue": 4, "ad_tracks": 4, "workers": 4, "collision_fault": no, "stage_start": None, "stage_end": None, "day_start": None,
        "day_end": None,
        "enter_problem": None, "entry_moves": 0,  # scope space: only the space-use cards laid in the Area ([O8])
    }
    assert set(expected) == set(POINTS)
    for name, rp in POINTS.items():
        assert fire(s, name, *_args(rp), train=train, seat=0) == expected[name], name
    each = ["stage_start", "stage_end", "day_start", "day_end"]
    assert ride._asked == [n for n, rp in POINTS.items() if "train" in rp.scope] + each
    assert lay._asked == ["moves", "moves", "holds_arrival", "device_hold", "diverts_arrival", "defence", "revenue",
                         "revenue", "ad_tracks", "ad_tracks", "workers", "workers"] + [n for n in each for _ in "ab"]
    assert cards_in_scope(s, ("table",)) == [a.card for _, a in sorted(s.areas[0].grid.items())] + [train.card]
    assert fire(s, "crossing_time", None, train=None) is None  # max of no answers: the neutral one


def test_the_table_documents_every_point_and_the_base_class_answers_each_neutrally():
    """The table is data: how answers combine, whom a point asks, its neutral answer, where the
    engine fires it (the unused points are fired by nothing yet)."""
    base = CardRules(CARD_SPECS["straight"])
    for rp in POINTS.values():
        assert rp.doc and rp.args.startswith("s") and rp.combine in COMBINES and set(rp.scope) <= set(SCOPES)
        assert getattr(base, rp.name)(None, *_args(rp)) == (None if rp.combine == "each" else rp.neutral)
    fired = {name for name, rp in POINTS.items() if rp.fired_by}
    assert {"moves", "switch_problem", "highball_problem", "holds_arrival", "crossing_time", "stage_start",
            "day_end", "clearance", "region_room"} <= fired
    assert {"collision_fault"}.isdisjoint(fired)


# --------------------------------------------------------------------------- errors at import, not at run time


def test_an_unknown_rules_name_is_an_error_when_the_catalog_is_checked():
    bad = dataclasses.replace(CARD_SPECS["straight"], key="yard_lead", rules="yard_leed")
    with pytest.raises(ValueError, match="card 'yard_lead' names rules 'yard_leed'"):
        check_spec(bad)
    with pytest.raises(ValueError, match="yard_leed"):
        check_specs({"yard_lead": bad})


def test_importing_the_engine_checks_every_spec():
    """A spec naming a rules class nobody registered stops the import (of the families, where
    every card family's specs are registered and then every spec checked), saying which card and name."""
    code = ("import dataclasses, importlib\n"
            "import stationmaster.cards.classic as classic, stationmaster.cards.families as families\n"
            "classic.SPECS = tuple(dataclasses.replace(sp, rules='yard_leed') if sp.key == 'straight' else sp\n"
            "                      for sp in classic.SPECS)\n"
            "importlib.reload(families)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "ValueError: card 'straight' names rules 'yard_leed'" in run.stderr


def test_a_rules_class_of_another_kind_is_an_error():
    with pytest.raises(ValueError, match="is a track but its rules 'train'"):
        check_spec(dataclasses.replace(CARD_SPECS["straight"], rules="train"))


def test_a_misspelt_rule_point_is_an_error_when_the_class_is_registered(monkeypatch):
    monkeypatch.setitem(RULES, "typo", None)
    with pytest.raises(TypeError, match="'holds_arival'.*did you mean 'holds_arrival'"):
        @register("typo")
        class Typo(TrackRules):
            def holds_arival(self, s, train, seat):
                return True


def test_a_bad_spec_in_a_deck_fails_building_its_catalog(monkeypatch):
    monkeypatch.setitem(CARD_SPECS, "straight", dataclasses.replace(CARD_SPECS["straight"], rules="nowhere"))
    with pytest.raises(ValueError, match="'straight' names rules 'nowhere'"):
        catalog("classic")


# --------------------------------------------------------------------------- the board asks the card


def test_the_card_answers_the_boards_questions():
    """needs a spot, where a spotless play is shown, label, colour, picture, number plate, tag."""
    r = {k: rules_for(CARD_SPECS[k]) for k in ("straight", "depot", "terminal", "train5", "extra9",
                                                  "extra_platform", "red_flag", "mine_tipple")}
    assert [k for k, v in r.items() if v.needs_spot] == ["straight", "extra_platform", "mine_tipple"]
    assert r["depot"].play_spot(None, 0) == (0, 0) and r["train5"].play_spot(None, 0) is None
    assert r["depot"].colour != r["terminal"].colour and isinstance(r["depot"], OfficeRules)
    assert (r["train5"].plate, r["extra9"].plate) == ("5", "X9")
    assert r["extra_platform"].tag == ("+1 green", "+1 red")
    assert [v.label for v in r.values()] == ["TRACK", "OFFICE", "OFFICE", "TIMETABLE", "EXTRA", "MODIFIER",
                                            "TOOLBOX", "INDUSTRY"]
