"""A new card is a spec plus, at most, a small class: two sample cards written here, in the test
alone, are dealt from a deck, played by the engine and by clicks on the board, drawn by the scene,
and change a rule — no other module knows them.

The Yard Lead is a card of a known kind (track) with one rule of its own. The Timetable Bulletin
is a card of a kind no module of the package knows ("bulletin"): its whole family — spec, deck
row, rules, wording, its worth to a computer player and, if it likes, how a computer player plays it
— is one new file, written by the test and imported from there."""

import importlib.util
import pathlib
import random
import textwrap

import pytest

import stationmaster as sm
from stationmaster import config
from stationmaster.builder import Position
from stationmaster.bots import play_turns
from stationmaster.bots.plays import PLAYS, play_for, track_play
from stationmaster.cards import CARD_SPECS, DECK_LISTS, CardRules, CardSpec, DeckList, catalog, register, rules_for
from stationmaster.cards.base import RULES
from stationmaster.cards.families import FAMILIES, card_specs, full_deck
from stationmaster.cards.kinds import TrackRules
from stationmaster.intents import Draw, Play
from stationmaster.invariants import check
from stationmaster.phases.local_ops import moves_for
from stationmaster.track import Geometry
from stationmaster.view.scene import build_scene
from stationmaster.view.svg import to_svg
from stationmaster.widgets.controller import Controller
from stationmaster.widgets.gestures import gestures


class YardLead(TrackRules):
    """A card of a known kind with one rule of its own: one more Move a Stage in its Office Area."""

    def moves(self, s, player):
        return 1


#: the whole family of a new kind of card, as its author would write it in one new module
BULLETINS = textwrap.dedent('''
    """Timetable Bulletins: a kind of card of their own. Played without a place, a Bulletin goes to
    the Salvage Yard and pays its player 1 Revenue for the news."""

    from stationmaster.cards import CardSpec, register
    from stationmaster.cards.kinds import SpotlessRules
    from stationmaster.rules import earn

    SPECS = (CardSpec("timetable_bulletin", "bulletin", "Timetable Bulletin",
                      "A bulletin of the day's timetable: it goes to the Salvage Yard; +1 Revenue."),)
    DECK_ROWS = (("timetable_bulletin", 1, "Bulletin"),)


    @register("bulletin")
    class BulletinRules(SpotlessRules):
        """The default rules of the kind "bulletin"."""

        kind = "bulletin"
        label = "BULLETIN"
        colour = "#a0522d"

        def play(self, s, p, it, ev):
            s.salvage.append(it.card)
            ev.say("bulletin", f"{s.players[p].name} posts the {self.spec.name}.", player=p)
            earn(s, ev, p, 1, "the news", "penalty")  # (one of the tallies' sources: none is its own)

        def worth(self, view, card):
            """To a computer player: the news pays at once, so play it as soon as it is drawn."""
            return 9.0
''')

LEAD = CardSpec("yard_lead", "track", "Yard Lead", "Straight track with a yard lead: +1 Move each Stage here.",
                geometry=Geometry.of([("W", "E")]), rules="yard_lead")


def load_family(path: pathlib.Path):
    spec = importlib.util.spec_from_file_location("bulletins", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def bulletins(monkeypatch, tmp_path):
    """The Bulletins' family, loaded from its own file (its rules class registered until the test ends)."""
    monkeypatch.setitem(RULES, "bulletin", None)  # (put back as it was after the test)
    path = tmp_path / "bulletins.py"
    path.write_text(BULLETINS, encoding="utf-8")
    return load_family(path)


@pytest.fixture
def sample_deck(monkeypatch, bulletins):
    """The classic deck plus two Yard Leads and the Bulletins' family, as the deck "sample"."""
    monkeypatch.setitem(RULES, "yard_lead", YardLead)
    register("yard_lead")(YardLead)
    family = bulletins
    for sp in (LEAD, *family.SPECS):
        monkeypatch.setitem(CARD_SPECS, sp.key, sp)
    classic = DECK_LISTS["classic"]
    monkeypatch.setitem(DECK_LISTS, "sample", DeckList(classic.home + (("yard_lead", 2, "Lead"),) + family.DECK_ROWS,
                                                       classic.mainline))
    monkeypatch.setattr(config, "DECKS", config.DECKS + ("sample",))


def test_no_module_of_the_package_knows_the_new_kind():
    root = pathlib.Path(__file__).resolve().parents[2]
    kinds = {sp.kind for sp in CARD_SPECS.values()}
    assert "bulletin" not in kinds and "bulletin" not in RULES
    for path in [*(root / "stationmaster").rglob("*.py"), *(root / "widgets").rglob("*.py")]:
        assert "bulletin" not in path.read_text(encoding="utf-8").lower(), path


def test_the_sample_cards_are_in_the_catalog_and_dealt(sample_deck):
    cat = catalog("sample")
    assert cat["yard_lead"].count == 2 and cat["timetable_bulletin"].kind == "bulletin"
    assert cat.kinds()["track"] == 14 and cat.kinds()["bulletin"] == 1 and sum(cat.kinds().values()) == 55
    g = sm.new_game(seed=5, deck="sample")
    assert {"Lead1", "Lead2", "Bulletin1"} <= set(g.state.deck)
    r = random.Random(5)
    while not g.is_over:  # a whole game of random legal play with them in the deck
        g.apply(r.choice(g.legal_intents()))
        assert check(g.state) == []
    assert sm.loads(g.dumps()).state == g.state


def test_the_engine_plays_the_sample_cards(sample_deck):
    b = Position(seed=5, deck="sample")
    lead, order = b.hand("Player", ["yard_lead", "timetable_bulletin"])
    g = b.game()
    assert moves_for(g.state, 0) == 6
    g.apply("draw home")
    assert Play(lead, (1, 0)) in g.legal_intents() and Play(order) in g.legal_intents()
    assert "is played without a place" in g.why_not(f"play {order} at 1,1")
    g.apply(f"play {lead} at 1,0")
    before = g.revenue["Player"]
    g.apply(f"play {order}")
    assert g.last_events[0].text == "Player posts the Timetable Bulletin."
    assert g.state.areas[0].east_limit == 2 and order in g.state.salvage and g.revenue["Player"] == before + 1
    assert moves_for(g.state, 0) == 7  # the Yard Lead's rule
    assert check(g.state) == []


def test_the_board_plays_and_shows_the_sample_cards(sample_deck):
    b = Position(seed=5, deck="sample")
    lead, order = b.hand("Player", ["yard_lead", "timetable_bulletin"])
    c = Controller(b.game(), auto_end_draw=False, quick_play=False)  # the draw stays open; two clicks a card
    c.click(("home",))
    c.click(("hand", lead))
    spots = {t for t, k in c.highlights() if k == "target" and t[0] == "spot"}
    assert spots == {("spot", 0, -1, 0), ("spot", 0, 1, 0)}
    assert "<title>Yard Lead: Straight track with a yard lead" in to_svg(build_scene(c.game.state))  # in the hand
    assert c.click(("spot", 0, 1, 0))
    c.click(("hand", order))
    assert "press Play" in c.message
    assert "BULLETIN" in to_svg(build_scene(c.game.state))
    assert not c.click(("spot", 0, 0, 0)) and "needs no spot" in c.message
    assert [a.label for a in c.actions()][0] == "Play Timetable Bulletin"
    assert gestures(c.game.state, 0, Play(order))[0] == (("click", ("hand", order)), ("press", f"play {order}"))
    for kind, what in c.clicks_for(Play(order)):
        (c.click if kind == "click" else c.press)(what)
    assert [str(i) for i in c.game.history] == ["draw home", f"play {lead} at 1,0", f"play {order}"]
    assert isinstance(c.game.history[0], Draw) and c.game.state.areas[0].grid[(1, 0)].card == lead


def test_the_new_family_joins_the_full_deck_as_one_more_family(bulletins):
    """Listed with the others (``cards/families.py`` ``FAMILIES``), the family's cards are in the
    assembled specs and its rows end the full deck, every other card as before."""
    specs = card_specs((*FAMILIES, bulletins))
    assert specs["timetable_bulletin"].kind == "bulletin" and list(specs)[:-1] == list(CARD_SPECS)
    deck = full_deck((*FAMILIES, bulletins))
    assert deck.home == DECK_LISTS["full"].home + bulletins.DECK_ROWS


def planner_game(seed: int):
    """A Standard solitaire game of the sample deck played by the planner: its decisions, and how
    many of them it made with the Bulletin in hand."""
    g = sm.new_game(seed=seed, players=["Ann"], deck="sample", bots={"Ann": "planner"})
    decisions, holding = [], 0
    while not g.is_over:
        holding += "Bulletin1" in g.state.players[0].hand
        decisions += play_turns(g, max_decisions=1)
    return decisions, holding


def test_the_planner_plays_the_new_kind_by_its_family_worth(sample_deck, monkeypatch):
    """The planner has no rule for a bulletin: it plays one because the family says it is worth 9
    (``CardRules.worth``), at its first decision with it in hand; told nothing (the base's None), it
    keeps it in hand and never plays it."""
    decisions, holding = planner_game(2)
    plays = [d for _, d in decisions if str(d.intent) == "play Bulletin1"]
    assert len(plays) == 1 and "worth 9 to this Office, by its own rules" in plays[0].reason
    assert holding == 1  # drawn, then played at once
    monkeypatch.setattr(type(rules_for(CARD_SPECS["timetable_bulletin"])), "worth", CardRules.worth)
    decisions, holding = planner_game(2)
    assert "play Bulletin1" not in [str(d.intent) for _, d in decisions] and holding > 1


def test_a_family_brings_its_own_play_and_the_planner_plays_it(sample_deck, bulletins, monkeypatch):
    """A family that says how its card is played (``CardRules.best_play``, in its own module) is asked
    by the planner's draw (``bots/plays.py``): here the Bulletin is held until the second Day, then
    posted with the family's own words."""
    def best_play(self, view, card, legal):
        if view.s.day < 2 or Play(card) not in legal:
            return None
        return (9.0, Play(card), f"posts the {self.spec.name}: a fresh Day, fresh news")
    monkeypatch.setattr(bulletins.BulletinRules, "best_play", best_play)
    decisions, holding = planner_game(2)
    (play,) = [d for _, d in decisions if str(d.intent) == "play Bulletin1"]
    assert play.reason == "posts the Timetable Bulletin: a fresh Day, fresh news"
    assert holding > 12  # drawn in the first Day, kept through its Stages


def test_a_new_card_of_a_known_kind_plays_as_its_kind_unless_its_class_says_otherwise(sample_deck):
    """The plays are found along a rules class's ancestry: the Yard Lead (a TrackRules) is laid as
    track is; a subclass that writes its own ``best_play`` is asked itself, the nearer of the two; a
    kind with no play registered is played by its family's ``best_play`` (``CardRules``' default)."""
    lead = rules_for(LEAD)
    assert YardLead not in PLAYS and play_for(lead) is track_play

    class PickyLead(YardLead):
        def best_play(self, view, card, legal):
            return None
    picky = PickyLead(LEAD)
    assert play_for(picky) == picky.best_play
    bulletin = rules_for(CARD_SPECS["timetable_bulletin"])
    assert play_for(bulletin) == bulletin.best_play and type(bulletin).best_play is CardRules.best_play
