"""A new card is a spec plus, at most, a small class: two sample cards written here, in the test
alone, are dealt from a deck, played by the engine and by clicks on the board, drawn by the scene,
and change a rule — no other module knows them."""

import random

import pytest

import stationmaster as sm
from stationmaster import config
from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS, DECK_LISTS, CardSpec, DeckList, catalog, register
from stationmaster.cards.base import RULES
from stationmaster.cards.kinds import SpotlessRules, TrackRules
from stationmaster.intents import Draw, Play
from stationmaster.invariants import check
from stationmaster.phases.local_ops import moves_for
from stationmaster.track import Geometry
from stationmaster.view.scene import build_scene
from stationmaster.view.svg import to_svg
from stationmaster.widgets.controller import Controller


class YardLead(TrackRules):
    """A card of a known kind with one rule of its own: one more Move a Stage in its Office Area."""

    def moves(self, s, player):
        return 1


class TrainOrder(SpotlessRules):
    """A card of a new kind: played without a spot, it goes to the Salvage Yard."""

    kind = "order"
    label = "TRAIN ORDER"
    colour = "#a0522d"

    def play(self, s, p, it, ev):
        s.salvage.append(it.card)
        ev.say("order", f"{s.players[p].name} issues the {self.spec.name}.")


LEAD = CardSpec("yard_lead", "track", "Yard Lead", "Straight track with a yard lead: +1 Move each Stage here.",
                geometry=Geometry.of([("W", "E")]), rules="yard_lead")
ORDER = CardSpec("meet_order", "order", "Meet Order", "A train order: it goes to the Salvage Yard.")


@pytest.fixture
def sample_deck(monkeypatch):
    """The classic deck plus two Yard Leads and a Meet Order, as the deck "sample"."""
    for name, cls in (("yard_lead", YardLead), ("order", TrainOrder)):
        monkeypatch.setitem(RULES, name, cls)
        register(name)(cls)
    monkeypatch.setitem(CARD_SPECS, LEAD.key, LEAD)
    monkeypatch.setitem(CARD_SPECS, ORDER.key, ORDER)
    classic = DECK_LISTS["classic"]
    monkeypatch.setitem(DECK_LISTS, "sample", DeckList(classic.home + (("yard_lead", 2, "Lead"),
                                                                       ("meet_order", 1, "Order")),
                                                       classic.mainline))
    monkeypatch.setattr(config, "DECKS", config.DECKS + ("sample",))


def test_the_sample_cards_are_in_the_catalog_and_dealt(sample_deck):
    cat = catalog("sample")
    assert cat["yard_lead"].count == 2 and cat["meet_order"].kind == "order"
    assert cat.kinds()["track"] == 14 and sum(cat.kinds().values()) == 55
    g = sm.new_game(seed=5, deck="sample")
    assert {"Lead1", "Lead2", "Order1"} <= set(g.state.deck)
    r = random.Random(5)
    while not g.is_over:  # a whole game of random legal play with them in the deck
        g.apply(r.choice(g.legal_intents()))
        assert check(g.state) == []
    assert sm.loads(g.dumps()).state == g.state


def test_the_engine_plays_the_sample_cards(sample_deck):
    b = Position(seed=5, deck="sample")
    lead, order = b.hand("Player", ["yard_lead", "meet_order"])
    g = b.game()
    assert moves_for(g.state, 0) == 6
    g.apply("draw home")
    assert Play(lead, (1, 0)) in g.legal_intents() and Play(order) in g.legal_intents()
    assert "is played without a place" in g.why_not(f"play {order} at 1,1")
    g.apply(f"play {lead} at 1,0")
    g.apply(f"play {order}")
    assert g.last_events[0].text == "Player issues the Meet Order."
    assert g.state.areas[0].east_limit == 2 and order in g.state.salvage
    assert moves_for(g.state, 0) == 7  # the Yard Lead's rule
    assert check(g.state) == []


def test_the_board_plays_and_shows_the_sample_cards(sample_deck):
    b = Position(seed=5, deck="sample")
    lead, order = b.hand("Player", ["yard_lead", "meet_order"])
    c = Controller(b.game(), auto_end_draw=False, quick_play=False)  # the draw stays open; two clicks a card
    c.click(("home",))
    c.click(("hand", lead))
    spots = {t for t, k in c.highlights() if k == "target" and t[0] == "spot"}
    assert spots == {("spot", 0, -1, 0), ("spot", 0, 1, 0)}
    assert "<title>Yard Lead: Straight track with a yard lead" in to_svg(build_scene(c.game.state))  # in the hand
    assert c.click(("spot", 0, 1, 0))
    c.click(("hand", order))
    assert "press Play" in c.message
    assert "TRAIN ORDER" in to_svg(build_scene(c.game.state))
    assert not c.click(("spot", 0, 0, 0)) and "needs no spot" in c.message
    assert [a.label for a in c.actions()][0] == "Play Meet Order"
    for kind, what in c.clicks_for(Play(order)):
        (c.click if kind == "click" else c.press)(what)
    assert [str(i) for i in c.game.history] == ["draw home", f"play {lead} at 1,0", f"play {order}"]
    assert isinstance(c.game.history[0], Draw) and c.game.state.areas[0].grid[(1, 0)].card == lead
