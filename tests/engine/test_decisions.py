"""One source for the phases' names and the decision in hand (stationmaster/decisions.py), and the
pending decision as typed data (state.Pending*): Game.decision, the board's prompt and the
controller all say the same thing."""

import dataclasses
import pathlib
import pickle

import pytest

from positions import duo, solo, to_decision
import stationmaster as sm
from stationmaster import decisions, phases
from stationmaster.game import freeze, thaw
from stationmaster.state import PendingClearance, PendingDirection, PendingMakeup, WaitingExtra
from stationmaster.view.scene import prompt
from stationmaster.widgets.controller import Controller

ROOT = pathlib.Path(__file__).resolve().parents[2]


def decided(g):
    """The game, played on to its first decision."""
    to_decision(g)
    assert g.state.turn.pending is not None, "no decision reached"
    return g


def clearance():
    """Ann and Bob; Bob wears the Fedora. Train 4 would follow train 2 into Subdivision 1."""
    b = duo()
    for number, where in ((2, dict(mainline=(0, 0), behind=["BE1", "K1"])),
                          (4, dict(division_point="west", behind=["HE1", "K2"]))):
        b.schedule(number, max(st for st in range(1, 13) if st not in b.state.timetable))
        b.train(number, **where)
    return decided(b.game())


def direction():
    """Ann played Extra 10 earlier; a Crew Tray is free, so New Train asks which way it runs."""
    b = solo()
    b.state.extras.append(WaitingExtra(b.take_card("extra10"), 0))
    return decided(b.game())


def makeup():
    """Manual make-up: train 1 is due; players place its cars in turn, Bob (the Superintendent) first."""
    b = duo(optional_rules=["manual_makeup"])
    b.schedule(1, 1)
    return decided(b.game())


KINDS = {"clearance": (clearance, PendingClearance), "direction": (direction, PendingDirection),
         "makeup": (makeup, PendingMakeup)}


@pytest.mark.parametrize("kind", KINDS)
def test_a_pending_decision_is_typed_frozen_data(kind):
    make, cls = KINDS[kind]
    g = make()
    pend = g.state.turn.pending
    assert type(pend) is cls and pend.kind == kind
    assert g.actor == g.state.players[pend.player].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        pend.player = 0
    # snapshots (pickle), clones and game copies keep it, equal and working
    assert thaw(freeze(g.state)).turn.pending == pend == g.state.clone().turn.pending
    assert pickle.loads(pickle.dumps(pend)) == pend
    twin = g.copy()
    assert twin.state.turn.pending == pend
    first = g.legal_intents()[0]
    assert twin.apply(first) == g.apply(first)
    assert twin.state == g.state


def test_what_each_pending_decision_holds():
    pend = clearance().state.turn.pending
    assert (pend.player, pend.ahead) == (1, ("2",))  # Bob, the Superintendent; train 2 is ahead
    g = direction()
    assert g.state.turn.pending == PendingDirection(0, g.state.extras[0][0])
    g = makeup()
    pend = g.state.turn.pending
    assert (pend.player, pend.order, pend.extra) == (1, (1, 0), False)
    g.apply(g.legal_intents()[0])
    after = g.state.turn.pending
    assert after is not pend and (after.player, after.order) == (0, (1, 0))  # replaced, not changed
    assert (pend.player, pend.order) == (1, (1, 0))


@pytest.mark.parametrize("kind", KINDS)
def test_game_board_and_controller_describe_the_decision_alike(kind):
    g = KINDS[kind][0]()
    s = g.state
    asked = decisions.PENDING_ASKS[kind]
    assert g.decision == asked == decisions.decision(s)
    said = decisions.detail(s)
    assert prompt(s) == (f"{g.actor}: {asked}", said)
    c = Controller(g)
    assert c.status().endswith(f"{decisions.PHASE_NAMES[g.phase]}: {g.actor} to {asked}")
    assert c.hint().rstrip(".?").lower() == said.rstrip("?").lower()


def test_decision_details_name_the_train_and_the_card():
    assert decisions.detail(clearance().state) == ("the Superintendent decides: may train 4 follow train 2 "
                                                   "into the occupied Subdivision?")
    assert decisions.detail(direction().state) == "Extra X10: run east or run west"
    g = makeup()
    assert decisions.detail(g.state) == "train 1: place a car from the Division Yard"
    assert decisions.pending_train(g.state).label == "1"


def test_phase_names_cover_every_phase_in_order():
    assert list(decisions.PHASE_NAMES) == list(phases.BY_NAME) == list(decisions.PHASE_SHORT)


def test_the_names_and_the_decision_words_live_only_in_decisions():
    """The decision words are said only in decisions.py; the phases' names only in the phase
    table (phases/__init__.py), which decisions.py reads."""
    own = ROOT / "stationmaster" / "decisions.py"
    table = ROOT / "stationmaster" / "phases" / "__init__.py"
    words = ["PHASE_NAMES = ", "clear or hold a following train", "place a car on a new train",
             "play or discard cards, then end"]
    names = ['"Shift Change"', '"Local Ops"']
    for path in [*(ROOT / "stationmaster").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        if path != own:
            assert not [w for w in words if w in text], path
        if path != table:
            assert not [w for w in names if w in text], path


# --------------------------------------------------------------------------- which decision is in hand

#: the legal intent classes each kind of decision offers besides End (what the board used to tell the
#: decision by)
OFFERS = {"option": {"Switch", "Draw", "Agent"}, "switch": {"Move", "SetOut", "Sort", "Fly", "Exchange"},
          "draw": {"Play", "Discard"}, "work": {"Board", "Detrain", "Work"},
          "clearance": {"Clearance"}, "direction": {"Run"}, "grade": {"Grade"}, "makeup": {"Place", "End"}}


def test_decision_kind_names_the_local_operations_option_in_hand_and_load_unload():
    import random

    g, rng = sm.new_game(seed=1), random.Random(1)
    while "switch" not in map(str, g.legal):  # the first Stage with a train in the Office Area
        g.apply(rng.choice([it for it in g.legal_intents() if str(it) != "switch"]))
    assert decisions.decision_kind(g.state) == "option"
    twin = g.copy()
    g.apply("switch")
    assert decisions.decision_kind(g.state) == "switch"
    twin.apply("draw home")
    assert decisions.decision_kind(twin.state) == "draw"
    while g.phase != "load_unload":  # on to a Load/Unload with work to do
        g.apply(rng.choice(g.legal_intents()))
    assert decisions.decision_kind(g.state) == "work"


@pytest.mark.parametrize("kind", KINDS)
def test_decision_kind_of_a_pending_decision_is_its_kind(kind):
    g = KINDS[kind][0]()
    assert decisions.decision_kind(g.state) == kind
    assert decisions.decision(g.state) == decisions.ASKS[kind] == decisions.PENDING_ASKS[kind]


def test_decision_kind_is_read_from_the_phase_table():
    asked = {step.phase: step.decides for step in phases.FLOW if step.decides}
    assert asked == {"local_operations": "option", "load_unload": "work"}
    assert set(decisions.ASKS) == {"over", "option", "switch", "draw", "work", *decisions.PENDING_ASKS}


@pytest.mark.parametrize("seed", [7, 11])
def test_decision_kind_agrees_with_the_intents_each_decision_offers(seed):
    """In every state of random games the legal intents are of the classes the decision named offers."""
    import random

    rng = random.Random(seed)
    g = duo(optional_rules=["manual_makeup"]).game() if seed == 11 else sm.new_game(seed=seed)  # (a seed
    # whose random solitaire game under the default edition meets every decision checked below)
    seen = set()
    for _ in range(1500):
        if g.is_over:
            break
        kind = decisions.decision_kind(g.state)
        seen.add(kind)
        classes = {type(it).__name__ for it in g.legal} - {"End"}
        assert classes <= OFFERS[kind], (kind, classes)
        g.apply(rng.choice(g.legal_intents()))
    assert {"option", "switch", "draw", "work"} <= seen
    if g.is_over:
        assert decisions.decision_kind(g.state) == "over"
        assert decisions.decision(g.state) == "the game is over"
