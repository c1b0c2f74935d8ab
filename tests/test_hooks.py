"""The card model takes new cards as data plus one rule hook, without touching the phases."""

import dataclasses

import pytest

from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS
from stationmaster.cards.hooks import HOOKS, Hook, register
from stationmaster.invariants import check


@pytest.fixture
def sample_cards(monkeypatch):
    """Two v0.4.5-style cards made from data + a hook: a train that waits for orders, and Interlocking."""

    @register("waits_for_orders")
    class WaitsForOrders(Hook):
        def highball_problem(self, s, train):
            return "it waits for orders"

    @register("interlocking")
    class Interlocking(Hook):
        def holds_arrival(self, s, train, seat):
            return True

    monkeypatch.setitem(CARD_SPECS, "train5", dataclasses.replace(CARD_SPECS["train5"], hook="waits_for_orders"))
    monkeypatch.setitem(CARD_SPECS, "straight", dataclasses.replace(CARD_SPECS["straight"], hook="interlocking"))
    yield
    HOOKS.pop("waits_for_orders")
    HOOKS.pop("interlocking")


def test_a_train_card_hook_can_hold_a_train(sample_cards):
    """A hook's highball_problem holds the train where the ordinary rules would send it."""
    b = Position(seed=2)
    b.train(5, division_point="east")
    g = b.game()
    events = g.apply("agent pass")
    assert any(e.kind == "held" and "waits for orders" in e.text for e in events)
    assert g.state.trains[1].where == "division_point"
    assert check(g.state) == []


def test_an_office_area_card_hook_can_hold_an_arrival_at_the_limits(sample_cards):
    """Interlocking-style: a full Office holds the arriving train instead of colliding."""
    b = Position(seed=2)
    b.lay("Player", "straight", (1, 0))
    b.train(6, player="Player", at=(0, 0), ahead=["BE1"], behind=["K1"])  # cannot leave: engine between cars
    b.train(4, mainline=(0, 1))  # eastbound, runs off Mainline card 0 into the Office this Stage
    g = b.game()
    events = g.apply("agent pass")
    assert not any(e.kind == "collision" for e in events)
    assert any(e.kind == "held" and "Limits" in e.text for e in events)
    assert g.state.trains[2].where == "mainline"
    assert check(g.state) == []


def test_classic_cards_have_no_hooks():
    """The classic deck is pure data."""
    assert all(not sp.hook for sp in CARD_SPECS.values())


@pytest.fixture
def no_switching_train(monkeypatch):
    """A v0.4.5-style no-switching train, and a Modifier that lends an extra Move."""

    @register("no_switching")
    class NoSwitching(Hook):
        def switch_problem(self, s, train):
            return f"train {train.label} may not be switched"

    @register("extra_move")
    class ExtraMove(Hook):
        def moves(self, s, player, moves):
            return moves + 1

    monkeypatch.setitem(CARD_SPECS, "train11", dataclasses.replace(CARD_SPECS["train11"], hook="no_switching"))
    monkeypatch.setitem(CARD_SPECS, "section_gang", dataclasses.replace(CARD_SPECS["section_gang"], hook="extra_move"))
    yield
    HOOKS.pop("no_switching")
    HOOKS.pop("extra_move")


def test_a_train_card_hook_can_forbid_switching(no_switching_train):
    """switch_problem: Moves and set-outs of that train are refused with the hook's reason."""
    b = Position(seed=2)
    b.lay("Player", "straight", (-1, 0))
    b.train(11, player="Player", at=(0, 0), behind=["BE1"])
    g = b.game()
    g.apply("switch")
    with pytest.raises(Exception, match="may not be switched"):
        g.apply("move 1 west -1,0")
    assert not [i for i in g.legal_intents() if str(i).startswith(("move", "setout"))]


def test_an_area_card_hook_can_change_the_moves(no_switching_train):
    """moves: a card in the Office Area changes the Moves of its player's switching."""
    b = Position(seed=2)
    b.lay("Player", "straight", (-1, 0))
    b.lay("Player", "section_gang", (0, 1))
    b.train(12, player="Player", at=(0, 0))
    g = b.game()
    g.apply("switch")
    assert g.state.turn.moves_left == 7
