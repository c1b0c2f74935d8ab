"""The seat contract (``stationmaster/seat.py``): what a seat may not see, written once for the
engine's determinized copy and the server's views, and ``GameView``, what is read from a game,
provided alike by ``Game`` and the remote seat ``RemoteGame``."""

from __future__ import annotations

import inspect
from collections import Counter

import pytest

import stationmaster as sm
from stationmaster import game as game_module, seat
from stationmaster.game import Game
from stationmaster.remote import RemoteGame
from stationmaster.server import views


def members(protocol) -> dict:
    """The protocol's members: name -> ``inspect.Signature`` (a method's) or None (a property or attribute)."""
    out = {}
    for name, value in vars(protocol).items():
        if name.startswith("_"):
            continue
        out[name] = inspect.signature(value) if inspect.isfunction(value) else None
    for name in getattr(protocol, "__annotations__", {}):
        out.setdefault(name, None)
    return out


def shape(sig: inspect.Signature) -> list:
    """A signature as its parameters' names, kinds and defaults (annotations are documentation)."""
    return [(p.name, p.kind, p.default) for p in sig.parameters.values()]


def fits(sig: inspect.Signature, wanted: inspect.Signature) -> bool:
    """Whether a method of signature ``sig`` takes every call ``wanted`` allows: the same
    parameters first (names, kinds, defaults), then only parameters with a default of their own
    (``RemoteGame.apply(intent, timeout=30.0)``)."""
    got, need = shape(sig), shape(wanted)
    return got[:len(need)] == need and all(d is not inspect.Parameter.empty for _, _, d in got[len(need):])


@pytest.mark.parametrize("cls", [Game, RemoteGame])
def test_game_and_remote_game_provide_every_member_of_game_view(cls):
    wanted = members(seat.GameView)
    assert {"state", "actor", "legal", "apply", "why_not", "copy", "observe", "history"} <= set(wanted)
    missing, different = [], []
    for name, sig in wanted.items():
        if not hasattr(cls, name):
            missing.append(name)
            continue
        got = inspect.getattr_static(cls, name)
        if sig is None:
            assert not inspect.isfunction(got), f"{cls.__name__}.{name} is a method; GameView reads it as a value"
            continue
        assert inspect.isfunction(got), f"{cls.__name__}.{name} is not a method"
        if not fits(inspect.signature(got), sig):
            different.append(f"{name}{inspect.signature(got)} is not GameView's {name}{sig}")
    assert missing == [] and different == []


def test_game_view_is_what_a_game_is_checked_against():
    g = sm.new_game(seed=1)
    assert isinstance(g, seat.GameView)
    assert not isinstance(object(), seat.GameView)


def test_a_signature_that_differs_is_found():
    class Odd:
        def why_not(self, text): ...

        def apply(self, intent, timeout): ...

        def copy(self, determinize=None, seed=0, deep=False): ...

    wanted = members(seat.GameView)
    assert not fits(inspect.signature(Odd.why_not), wanted["why_not"])
    assert not fits(inspect.signature(Odd.apply), wanted["apply"])
    assert fits(inspect.signature(Odd.copy), wanted["copy"])


def competitive(seed=5):
    """Emergency Toolbox deals each player a Red Flag, public in hand (Bo's: ``RedFlag2``)."""
    return sm.new_game(seed=seed, players=["Ann", "Bo", "Cy"], mode="competitive",
                       optional_rules=["emergency_toolbox"])


def test_hidden_cards_are_the_home_office_the_situations_and_the_other_hidden_hands():
    g = competitive()
    s = g.state
    hidden = seat.hidden_cards(s, "Ann")
    assert set(s.home) <= hidden and set(s.situations) <= hidden
    assert not set(s.players[0].hand) & hidden  # Ann's own
    assert "RedFlag2" not in hidden and set(s.players[1].hand) - {"RedFlag2"} <= hidden
    assert set(s.players[0].hand) - {"RedFlag1"} <= seat.hidden_cards(s, None)  # a spectator sees no hand


def test_the_determinized_copy_deals_afresh_exactly_what_the_seat_may_not_see():
    g = competitive()
    s = g.state
    copy = g.copy(determinize="Ann", seed=3).state
    unseen = Counter(s.home) + Counter(c for p in s.players[1:] for c in seat.hidden_in_hand(p.hand))
    dealt = Counter(copy.home) + Counter(c for p in copy.players[1:] for c in seat.hidden_in_hand(p.hand))
    assert dealt == unseen
    assert copy.players[0].hand == s.players[0].hand and "RedFlag2" in copy.players[1].hand


def test_one_rule_of_what_a_hand_shows_serves_the_engine_and_the_server(monkeypatch):
    """Change what a hand shows in ``seat.py`` alone: the determinized copy keeps those cards
    where they are and the server's view shows them."""
    g = competitive()
    bo = g.state.players[1].hand
    shown = bo[0]
    monkeypatch.setattr(seat, "PUBLIC_IN_HAND", shown)
    assert shown in g.copy(determinize="Ann", seed=9).state.players[1].hand
    assert shown in views.view_state(g, "Ann").players[1].hand
    assert shown not in seat.hidden_cards(g.state, "Ann")


def test_the_engine_and_the_server_hide_the_same_event_details():
    g = competitive()
    g.apply("draw home")
    drawn = g.last_events
    assert any(e.data.get("private") for e in drawn)
    assert views.public_events(drawn) == seat.public_events(drawn)
    assert all("card" not in e.data for e in seat.public_events(drawn) if e.data.get("private"))
    others = g.copy(determinize="Bo", seed=0).event_batches[-1]
    assert others == seat.public_events(drawn)


@pytest.mark.breaks_invariants  # a seat's view holds "?" cards: its trial copies are not whole tables
def test_from_view_starts_a_game_at_a_seats_view_without_dealing(monkeypatch):
    g = competitive()
    view = views.view_state(g, "Ann")

    def no_deal(*a, **k):
        raise AssertionError("from_view dealt a game")

    monkeypatch.setattr(game_module, "deal", no_deal)
    trial = Game.from_view(g.config, view)
    assert trial.state == view and trial.seed == 0 and trial.history == ()
    assert trial.legal_intents() == g.legal_intents()
    assert "seat's view" in trial.can_save() and "seat's view" in trial.copy().can_save()
    trial.apply("draw discard" if "draw discard" in trial.legal else trial.legal_intents()[0])
    assert g.history == ()  # the trial is its own
