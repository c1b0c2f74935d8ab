"""The bots play the full Home deck (issue 11 §3): the planner plays the opponent-directed cards on
the leader, on the target that hurts most ([O1]-[O10]), lays its defences where attacks may come
([E6]-[E9]), and never plays an attack outside Competitive; whole games with the full deck run in
every mode."""

import pytest

import stationmaster as sm
from stationmaster.bots import Decision, make
from stationmaster.bots.attacks import leader
from stationmaster.bots.planner import PlannerBot, View
from stationmaster.bots.plays import card_worth
from stationmaster.builder import Position
from stationmaster.intents import Discard, End, Play
from stationmaster.rules import area_of, table_order


def table(players=("Ann", "Bo", "Cy"), mode="competitive", seed=3, **options):
    """A full-deck position where Ann acts first (she wears the Fedora), in the Draw option."""
    b = Position(seed=seed, players=list(players), mode=mode, deck="full", **options)
    b.state.superintendent = 0
    b.state.turn.order = table_order(b.state)
    return b


def draw_plays(g, bot=None, limit=12) -> list:
    """Ann draws from the Home Office; the planner's decisions of that Draw option, until it ends."""
    bot = bot or PlannerBot(1)
    g.apply("draw home")
    out = []
    while g.state.turn.option == "draw" and len(out) < limit:
        d = bot.decide(g)
        assert isinstance(d, Decision) and d.intent in g.legal_intents(), str(d)
        assert d.reason and "\n" not in d.reason
        out.append(d)
        g.apply(d.intent)
        if isinstance(d.intent, End):
            break
    return out


def plays_of(decisions, card) -> list:
    return [d for d in decisions if isinstance(d.intent, Play) and d.intent.card == card]


def test_the_planner_plays_a_hotbox_on_the_leaders_train_not_a_trailing_players():
    """O4: Cy leads (6 Revenue to Bo's 2); the Hotbox goes on Cy's train at Cy's Office, not on
    Bo's, and the reason names the leader in words."""
    b = table()
    b.train(number=5, player="Bo", at=(0, 0))
    cy = b.train(number=11, player="Cy", at=(0, 0))
    hot, = b.hand("Ann", ["hotbox"])
    b.state.players[1].revenue, b.state.players[2].revenue = 2, 6
    g = b.game()
    played = plays_of(draw_plays(g), hot)
    assert [str(d.intent) for d in played] == [f"play {hot} on {cy.tray}"]
    assert "Cy leads with 6 Revenue" in played[0].reason and "Hotbox" in played[0].reason
    assert hot in g.state.trains[cy.tray].orders


def test_the_leader_on_a_tie_is_the_next_player_in_seat_order():
    """Level leaders — the next player leftward of the bot (eastward along the seats, the order
    of play) is the leader."""
    b = table()
    s = b.state
    assert [(p.name, p.seat) for p in s.players] == [("Ann", 2), ("Bo", 1), ("Cy", 0)]
    ann, bo, cy = 0, 1, 2
    assert leader(s, ann) == cy and leader(s, bo) == ann and leader(s, cy) == bo  # all level at 0
    s.players[bo].revenue = s.players[cy].revenue = 4
    assert leader(s, ann) == cy and leader(s, bo) == cy and leader(s, cy) == bo
    s.players[ann].revenue = 9
    assert leader(s, bo) == ann and leader(s, cy) == ann
    solo = Position(seed=3, deck="full").state
    assert leader(solo, 0) is None


def test_the_fine_goes_against_the_leader():
    """O7: a score penalty has a target whenever there is an opponent: the ICC Fine costs the leader
    3 Revenue."""
    b = table(players=("Ann", "Bo"))
    fine, = b.hand("Ann", ["icc_fine"])
    b.state.players[1].revenue = 5
    g = b.game()
    played = plays_of(draw_plays(g), fine)
    assert [str(d.intent) for d in played] == [f"play {fine} against Bo"]
    assert g.state.players[1].revenue == 2 and "3 Revenue" in played[0].reason


def test_a_washout_goes_where_it_cuts_the_leader_off_their_industry():
    """O10: of Bo's track cards, the Washout goes on one whose closing cuts Bo's trains off the
    Grocer's Warehouse, not on a card they do not need."""
    b = table(players=("Ann", "Bo"))
    b.lay("Bo", "straight", (-1, 0))
    b.lay("Bo", "straight", (1, 0))
    b.lay("Bo", "runaround", (0, 1))
    b.lay("Bo", "grocers_warehouse", (1, 1))
    wash, = b.hand("Ann", ["washout"])
    g = b.game()
    bo = View(g, me=1)
    assert (1, 1) in bo.reachable() and (1, 1) not in bo._reachable(blocked=(0, 1))
    played = plays_of(draw_plays(g), wash)
    assert len(played) == 1 and played[0].intent.against == "Bo"
    assert played[0].intent.at not in ((-1, 0), (1, 0))
    assert "cutting off 1 of their industry" in played[0].reason
    assert area_of(g.state, 1).space.get(played[0].intent.at) == wash


def test_an_attack_with_no_target_worth_it_is_kept():
    """A Washout with nothing of the leader's worth closing (their Office stands alone) stays in the
    hand rather than being wasted."""
    b = table(players=("Ann", "Bo"))
    b.lay("Bo", "straight", (1, 0))
    wash, = b.hand("Ann", ["washout"])
    g = b.game()
    h = g.copy()
    h.apply("draw home")
    assert any(isinstance(i, Play) and i.card == wash for i in h.legal_intents())
    assert plays_of(draw_plays(g), wash) == []
    assert wash in g.state.players[0].hand


@pytest.mark.parametrize("defence, at", [("water_column", (0, 0)), ("facing_point_locks", None), ("overpass", None)])
def test_the_planner_lays_its_defences_in_competitive(defence, at):
    """E6-E9: in a Competitive game the planner lays a defence it holds (it stays for the game), and
    says what it stops."""
    b = table(players=("Ann", "Bo"))
    b.lay("Ann", "turnout_left", (1, 0))
    card, = b.hand("Ann", [defence])
    g = b.game()
    played = plays_of(draw_plays(g), card)
    assert len(played) == 1 and "stops" in played[0].reason
    assert at is None or played[0].intent.at == at
    assert card in area_of(g.state, 0).grid[played[0].intent.at].enhancements


def test_outside_competitive_a_defence_is_the_first_card_discarded():
    """E6: in solitaire nobody plays an attack, so a defence is worth least in the hand: it is not
    laid, and it is the card discarded."""
    b = Position(seed=3, deck="full")
    card, *_ = b.hand("Player", ["water_column", "expedite", "block_signals"])
    b.state.home.append(b.take_card("train_order_signal"))  # the card drawn: none of them can be played now
    g = b.game()
    v = View(g)
    assert card_worth(v, card) < min(card_worth(v, c) for c in g.state.players[0].hand if c != card)
    decisions = draw_plays(g)
    assert plays_of(decisions, card) == []
    discards = [d.intent for d in decisions if isinstance(d.intent, Discard)]
    assert discards and discards[0].card == card


@pytest.mark.parametrize("mode, players", [("solitaire", ("Player",)), ("coop", ("Ann", "Bo"))])
def test_no_attack_is_played_outside_competitive(mode, players):
    """O1: an opponent card forced into a hand in Solitaire or Co-op (they are never dealt there) has
    no legal play, is worth nothing to the planner, and the planner never plays it."""
    b = Position(seed=3, players=list(players), mode=mode, deck="full")
    b.state.superintendent = 0
    b.state.turn.order = table_order(b.state)
    cards = ["Hotbox1", "Fine1", "Washout1"]
    for card, key in zip(cards, ("hotbox", "icc_fine", "washout")):
        assert card not in b.state.deck  # never dealt outside Competitive
        b.state.deck[card] = key
        b.state.players[0].hand.append(card)
    g = b.game()
    h = g.copy()
    h.apply("draw home")
    assert not any(isinstance(i, Play) and i.card in cards for i in h.legal_intents())
    bot = PlannerBot(2)
    for _ in range(400):
        if g.is_over:
            break
        d = bot.decide(g)
        assert not (isinstance(d.intent, Play) and d.intent.card in cards), str(d)
        if g.state.turn.option == "draw":
            assert all(card_worth(View(g), c) == 0.0 for c in cards if c in g.state.players[0].hand)
        g.apply(d.intent)


def test_the_planner_orders_a_second_section_of_a_passenger_train_due_out():
    """M18: with a Station and a passenger train due this Stage, a Second Section in hand is played."""
    b = table(players=("Ann",), mode="solitaire")
    b.office("Ann", "station")
    b.schedule(1, 1)
    second, = b.hand("Ann", ["second_section"])
    g = b.game()
    played = plays_of(draw_plays(g), second)
    assert [str(d.intent) for d in played] == [f"play {second}"] and "second section" in played[0].reason


GAMES = [(bot, mode, players) for bot in ("random", "greedy", "planner")
         for mode, players in (("solitaire", 1), ("coop", 2), ("competitive", 2))]


@pytest.mark.parametrize("bot, mode, players", GAMES)
def test_whole_full_deck_games_in_every_mode(bot, mode, players):
    """Whole short games with deck full, the bot in every seat: every decision legal, the game ends."""
    names = ["Player"] if players == 1 else [f"P{i}" for i in range(1, players + 1)]
    g = sm.new_game(seed=7, players=names, mode=mode, deck="full", length="short")
    b = make(bot, 7)
    for _ in range(6000):
        if g.is_over:
            break
        g.apply(b.decide(g).intent)
    assert g.is_over


def test_greedy_aims_its_opponent_cards_at_the_leader():
    """The greedy bot plays an opponent card on the leader only (Cy here), never on Bo."""
    b = table()
    b.train(number=5, player="Bo", at=(0, 0))
    cy = b.train(number=11, player="Cy", at=(0, 0))
    hot, = b.hand("Ann", ["hotbox"])
    b.state.players[1].revenue, b.state.players[2].revenue = 2, 6
    g = b.game()
    bot = make("greedy", 1)
    g.apply("draw home")
    for _ in range(10):
        if g.state.turn.option != "draw":
            break
        it = bot.decide(g).intent
        assert not (isinstance(it, Play) and it.card == hot and it.tray != cy.tray), str(it)
        g.apply(it)


def test_competitive_planners_play_attacks_and_defences_over_whole_games():
    """Over whole 3-seat Competitive games the planners do play opponent cards, always on the leader
    at the moment of play, and lay defences."""
    attacks = defences = 0
    for seed in (1, 2):
        names = ["P1", "P2", "P3"]
        g = sm.new_game(seed=seed, players=names, mode="competitive", deck="full", length="short")
        bot = PlannerBot(seed)
        while not g.is_over:
            d = bot.decide(g)
            it = d.intent
            if isinstance(it, Play):
                from stationmaster.bots.attacks import DEFENCES, victim_of
                from stationmaster.cards import spec
                from stationmaster.cards.opponent import EFFECTS
                key = spec(it.card, g.state.deck).key
                if key in EFFECTS:
                    me = g.players.index(g.actor)
                    assert victim_of(g.state, it) == leader(g.state, me), str(d)
                    attacks += 1
                defences += key in DEFENCES
            g.apply(it)
    assert attacks >= 2 and defences >= 2


@pytest.mark.slow
@pytest.mark.parametrize("mode, players", [("solitaire", 1), ("competitive", 2)])
def test_search_plays_whole_full_deck_games(mode, players):
    names = ["Player"] if players == 1 else [f"P{i}" for i in range(1, players + 1)]
    g = sm.new_game(seed=5, players=names, mode=mode, deck="full", length="short")
    b = make("search", 5)
    b.max_seconds = None
    b.rollouts = 1
    while not g.is_over:
        g.apply(b.decide(g).intent)


def test_a_second_copy_of_an_office_upgrade_is_worth_little():
    """Only one Station can ever go on an Office: in a big deck, where upgrades come in pairs, the
    second copy in hand is the one discarded, not a new card."""
    b = Position(seed=3, deck="full", balance="v1")  # the whole deck's Station ids ([U3])
    first, second, _ = b.hand("Player", ["station", "station", "straight"])
    g = b.game()
    v = View(g)
    # the first copy is worth what a lone Station is (with no Depot in hand it waits: OfficeRules.worth)
    assert card_worth(v, first) == 4.0 and card_worth(v, second) == 0.5


def test_any_train_is_worth_a_place_on_the_timetable_when_trains_are_scarce():
    """The full deck holds 12 timetabled trains in 191 cards (solitaire): the chance of one per draw
    is below SCARCE_TRAINS, so a freight train with no industry yet is played, not discarded as in
    the classic deck's 52 cards."""
    from stationmaster.cards.kinds import SCARCE_TRAINS, train_odds

    worths = {}
    for deck in ("classic", "full"):
        b = Position(seed=3, deck=deck, balance="v1")  # the whole deck; v2 deals a table's ([U3])
        freight, = b.hand("Player", ["train7_full" if deck == "full" else "train7"])
        v = View(b.game())
        worths[deck] = (train_odds(v), card_worth(v, freight))
    assert worths["classic"][0] > SCARCE_TRAINS > worths["full"][0]
    assert worths["classic"][1] < 3 <= 5 <= worths["full"][1]


def test_a_second_copy_of_a_defence_is_not_laid():
    """E6: one defence of a type guards the whole Office Area, so the planner, with a Water Column
    already on its Office, keeps the second copy out of play and values it least."""
    b = table(players=("Ann", "Bo"), balance="v1")  # two Water Columns: the whole deck ([U3])
    b.enhance("Ann", "water_column", (0, 0))
    second, = b.hand("Ann", ["water_column"])
    g = b.game()
    assert card_worth(View(g), second) < 1
    assert plays_of(draw_plays(g), second) == []
