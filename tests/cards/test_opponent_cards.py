"""The 22 opponent-directed cards of the full Home deck (rulings [O1]-[O10] in docs/rules.md):
dealt in Competitive games only, played on another player's train, on the player, or on a spot of
their Office Area, with effects that last a Stage or two, a shift or a Day."""

import random

import pytest

import stationmaster as sm
from stationmaster import slowmo
from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS, CardSpec, catalog, register
from stationmaster.cards.base import RULES
from stationmaster.cards.opponent import EFFECTS, inflict, targets
from stationmaster.errors import IllegalIntent
from stationmaster.intents import Play
from stationmaster.invariants import check
from stationmaster.phases.mainline import REASONS
from stationmaster.rules import Events, area_of, table_order
from stationmaster.view.scene import build_scene
from stationmaster.view.svg import to_svg
from stationmaster.widgets.controller import Controller
from positions import until_stage

OPPONENT_KEYS = set(EFFECTS)


def table(seed=3, players=("Ann", "Bo"), **options):
    """A Competitive full-deck position where Ann acts first (she wears the Fedora)."""
    b = Position(seed=seed, players=list(players), mode="competitive", deck="full", **options)
    b.state.superintendent = 0
    b.state.turn.order = table_order(b.state)
    return b


def at_bos_office(*cards):
    """The table of many tests: Bo's Train 5 stands at his Office, a Straight east of it at 1,0, and
    Ann (who acts first) holds these cards; (builder, Bo's train, Ann's card ids). The Home Office's
    top card is a Straight, which Ann can always lay: her draw waits for her 'end' whatever the deal."""
    b = table()
    b.lay("Bo", "straight", (1, 0))
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    ids = b.hand("Ann", list(cards))
    b.state.home.append(b.take_card("straight"))
    return b, bo5, ids


def finish_local_ops(g):
    """Everyone ends this Stage's Local Operations turn doing nothing more (the draw ended, or an
    Agent pass); the Stage plays on by itself as far as it can."""
    now = (g.day, g.stage)
    while g.phase == "local_operations" and (g.day, g.stage) == now:
        g.apply("end" if g.state.turn.option else "agent pass")




# --------------------------------------------------------------------------- dealing


def test_opponent_cards_are_dealt_only_in_competitive_games():
    """O1: the full deck holds the 22 opponent-directed cards (10 action, 12 space-use); Solitaire and
    Co-op games leave them out of the Home Office deck, Competitive games deal them."""
    cat = catalog("full")
    assert cat.kinds()["action"] == 10 and cat.kinds()["space"] == 12
    assert sum(n for key, n, *_ in sm.cards.specs.OPPONENT_CARDS) == 22
    for mode, players in (("solitaire", ["Ann"]), ("coop", ["Ann", "Bo"])):
        g = sm.new_game(seed=4, players=players, mode=mode, deck="full", balance="v1")  # the whole deck ([U3])
        assert not {k for k in g.state.deck.values() if k in OPPONENT_KEYS}
        assert len(g.state.deck) == len(cat.ids()) - 22
        assert check(g.state) == []
    g = sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive", deck="full", balance="v1")
    assert sum(1 for k in g.state.deck.values() if k in OPPONENT_KEYS) == 22
    g = sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive", deck="full")  # a table of two ([U3])
    assert sum(1 for k in g.state.deck.values() if k in OPPONENT_KEYS) == 13
    assert cat.ids("competitive") == cat.ids() and len(cat.ids("coop")) == len(cat.ids()) - 22


# --------------------------------------------------------------------------- the text


@pytest.mark.parametrize("name", ["Bo", "Ann Lee", "Jo at 1,1", '"Ace"', "on 3", "x against y"])
def test_play_against_round_trips_whatever_the_name(name):
    """O2: 'play CARD against NAME [at x,y]': the name runs to the end but for a last 'at x,y'; a
    name that could be misread is written in double quotes."""
    for it in (Play("Fine1", against=name), Play("Crossing1", (1, -1), against=name)):
        assert sm.parse(str(it)) == it
    assert str(Play("Crossing1", (1, -1), against="Bo")) == "play Crossing1 against Bo at 1,-1"
    assert sm.parse("play Crossing1 at 1,-1 against Bo") == Play("Crossing1", (1, -1), against="Bo")
    assert sm.parse("play Fine1 against  Ann   Lee") == Play("Fine1", against="Ann Lee")


def test_play_against_text_errors_say_how_to_write_it():
    """O2: bad text is refused saying how to write it."""
    for text, words in (("play Fine1 against", "against PLAYER"), ('play Fine1 against "Bo', "closing quote"),
                        ('play Fine1 against "Bo" on 3', "only 'at x,y'")):
        with pytest.raises(IllegalIntent, match=words):
            sm.parse(text)


# --------------------------------------------------------------------------- legal targets and refusals


def test_legal_intents_list_every_target_in_the_other_players_areas():
    """O2: the legal intents name every train standing in another player's Office Area, every other
    player, and every spot of theirs the card fits; none of the player's own."""
    b = table(players=("Ann", "Bo", "Cy Young"))
    b.lay("Bo", "straight", (1, 0))
    b.lay("Cy Young", "straight", (1, 0))
    b.lay("Cy Young", "mine_tipple", (1, 1))
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    cy6 = b.train(number=6, player="Cy Young", at=(1, 0))
    b.train(number=7, player="Ann", at=(0, 0))
    hot, fine, wash, dispute = b.hand("Ann", ["hotbox", "icc_fine", "washout", "right_of_way"])
    g = b.game()
    g.apply("draw home")
    legal = {str(i) for i in g.legal_intents() if isinstance(i, Play)}
    assert {s for s in legal if s.startswith(f"play {hot}")} == {f"play {hot} on {bo5.tray}", f"play {hot} on {cy6.tray}"}
    assert {s for s in legal if s.startswith(f"play {fine}")} == {f"play {fine} against Bo",
                                                                  f"play {fine} against Cy Young"}
    # the Washout: track other than the Office, with no train on it (Cy's Straight holds train 6)
    assert {s for s in legal if s.startswith(f"play {wash}")} == {f"play {wash} against Bo at 1,0",
                                                                  f"play {wash} against Cy Young at 1,1"}
    spots = {s for s in legal if s.startswith(f"play {dispute}")}
    assert f"play {dispute} against Bo at 0,1" in spots and f"play {dispute} against Bo at 1,0" not in spots
    assert not any(s.endswith("against Ann") or "against Ann " in s for s in legal)
    for s in legal:
        assert g.why_not(s) is None


def test_every_refusal_says_why_in_a_players_words():
    """O2: no such player, yourself, a free tray, a train not in another player's Area, a spot
    not in their Area, not the right card, already there — each refused in words."""
    b = table()
    b.lay("Bo", "straight", (1, 0))
    b.lay("Bo", "mine_tipple", (1, 1))
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    ann7 = b.train(number=7, player="Ann", at=(0, 0))
    away = b.train(number=9, mainline=(0, 0))
    hot, fine, wash, vandal, cross = b.hand("Ann", ["hotbox", "icc_fine", "washout", "vandalism",
                                                    "railroad_crossing"])
    g = b.game()
    g.apply("draw home")
    cases = {
        f"play {fine} against Zed": "There is no player called 'Zed' at this table (Ann, Bo)",
        f"play {fine} against ann": "The ICC Fine is played on an opponent, not on yourself",
        f"play {fine} against Bo at 1,0": "The ICC Fine is played against an opponent: 'play",
        f"play {fine}": "is played on an opponent: say whom",
        f"play {hot} on 9": "Crew Tray 9 is free: there is no train to play the Hotbox on",
        f"play {hot} on {ann7.tray}": "stands in your own Office Area",
        f"play {hot} on {away.tray}": "is not standing in an Office Area",
        f"play {hot} against Bo": "is played on a train in an opponent's Office Area: 'play",
        f"play {wash} against Bo at 0,0": "goes on a track card of Bo's other than the Office",
        f"play {wash} against Bo at 5,5": "There is no track at 5,5 in Bo's Office Area",
        f"play {wash} against Bo": "is played on a spot of an opponent's Office Area",
        f"play {vandal} against Bo at 1,0": "is played on a freight facility or the Office of Bo's",
        f"play {vandal} against Bo at 1,1": "No load waits in the green boxes of Bo's Mine Tipple at 1,1",
        f"play Straight1 against Bo at 2,0": "",
    }
    for text, words in cases.items():
        reason = g.why_not(text)
        assert reason is not None and words in reason, (text, reason)
    g.apply(f"play {hot} on {bo5.tray}")
    g.apply(f"play {cross} against Bo at 1,0")
    assert g.why_not(f"play {wash} against Bo at 1,0") == "A Railroad Crossing already lies at 1,0 in Bo's Office Area"
    b2 = table(balance="v1")  # two Hotboxes: the whole deck ([U3])
    bo = b2.train(number=5, player="Bo", at=(0, 0))
    h1, h2 = b2.hand("Ann", ["hotbox", "hotbox"])
    g2 = b2.game()
    g2.apply("draw home")
    g2.apply(f"play {h1} on {bo.tray}")
    assert g2.why_not(f"play {h2} on {bo.tray}") == "Train 5 already has a Hotbox on it"


def test_own_cards_cannot_name_a_player():
    """O2: a card played on your own railroad takes no 'against'."""
    b = table()
    straight, = b.hand("Ann", ["straight"])
    g = b.game()
    g.apply("draw home")
    assert g.why_not(f"play {straight} against Bo at 2,0") == \
        "The Straight is played on your own railroad, not against another player"


@pytest.mark.breaks_invariants
def test_outside_competitive_games_the_cards_are_refused():
    """O1: a card played on an opponent is refused in a Co-op game (were one to reach a hand)."""
    b = Position(seed=3, players=["Ann", "Bo"], mode="coop", deck="full")
    b.state.superintendent = 0
    b.state.turn.order = table_order(b.state)
    b.state.deck["Fine1"] = "icc_fine"
    b.state.players[0].hand.append("Fine1")
    g = b.game()
    g.apply("draw home")
    assert "in Competitive games only; this is a coop game" in g.why_not("play Fine1 against Bo")
    assert not any(isinstance(i, Play) and i.card == "Fine1" for i in g.legal_intents())


# --------------------------------------------------------------------------- the train cards


def test_a_hotbox_holds_the_train_until_the_end_of_the_next_stage():
    """O4, O3, O5: a Hotbox on a train at Bo's Office holds it at this Stage's and the next Stage's
    Mainline phase (the reason code 'hotbox', told in slow motion); at the end of the next Stage the
    card goes to the Salvage Yard and the train highballs at the Mainline after."""
    b = table()
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    hot, = b.hand("Ann", ["hotbox"])
    g = b.game()
    g.apply("draw home")
    ev = g.apply(f"play {hot} on {bo5.tray}")
    assert str(ev[0]) == ("Ann plays the Hotbox on train 5 at Bo's Office: it is held and cannot highball until "
                          "the end of Stage 2 (2:00 AM) of Day 1.")
    assert ev[0].data["victim"] == "Bo" and ev[0].data["by"] == "Ann"
    assert hot in g.state.trains[bo5.tray].orders and check(g.state) == []
    finish_local_ops(g)
    held = [e for e in g.events if e.kind == "held" and e.data.get("train") == "5"]
    assert held and held[-1].data["reason"] == "hotbox" and "hotbox" in REASONS
    steps = slowmo.mainline_steps(held)
    assert steps and "while the journal cools" in steps[0].why and "Hotbox Ann played" in steps[0].why
    until_stage(g, 3)
    assert len([e for e in g.events if e.kind == "held" and e.data.get("train") == "5"]) == 2
    ended = [e for e in g.events if e.kind == "attack_ends"]
    assert [str(e) for e in ended] == ["The Hotbox Ann played on train 5 ends: it may highball again."]
    assert hot in g.state.salvage and g.state.trains[bo5.tray].orders == [] and not g.state.inflicted
    finish_local_ops(g)
    assert g.state.trains.get(bo5.tray) is None or g.state.trains[bo5.tray].where != "area"
    assert check(g.state) == []


def test_a_derail_stops_switching_and_departure():
    """O4: a derailed train can neither be switched (no Moves, no set-outs) nor highball."""
    b = table()
    b.lay("Bo", "straight", (1, 0))
    b.lay("Bo", "straight", (2, 0))
    bo5 = b.train(number=5, player="Bo", at=(1, 0), behind=["caboose"])
    der, = b.hand("Ann", ["derail"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {der} on {bo5.tray}")
    g.apply("end")
    derailed = ("Train 5 has the Derail Ann played on it until the end of Stage 2 (2:00 AM) of Day 1: it cannot "
                "move or set out cars")
    # the only train in Bo's Area cannot be switched, so Bo cannot choose Switch at all (T2's rule)
    assert g.why_not("switch") == derailed
    assert not [i for i in g.legal_intents() if str(i) == "switch"]
    g.state.turn.option, g.state.turn.moves_left, g.state.turn.tray = "switch", 6, bo5.tray  # had he chosen it
    for text in (f"move {bo5.tray} east 2,0", f"setout {bo5.tray} rear 1"):
        assert g.why_not(text) == derailed


def test_a_broken_coupler_stops_pick_ups_and_set_outs():
    """O4: with a Broken Coupler the train may move, but neither couple standing cars nor set out."""
    b = table()
    b.lay("Bo", "straight", (1, 0))
    b.lay("Bo", "straight", (2, 0))
    b.cars("Bo", (2, 0), ["boxcar"])
    bo5 = b.train(number=5, player="Bo", at=(0, 0), behind=["caboose"])
    cpl, = b.hand("Ann", ["broken_coupler"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {cpl} on {bo5.tray}")
    g.apply("end")
    g.apply("switch")
    assert g.why_not(f"move {bo5.tray} east 1,0") is None
    assert "Broken Coupler Ann played on it" in g.why_not(f"move {bo5.tray} east 2,0")
    g.apply(f"move {bo5.tray} east 1,0")
    assert g.why_not(f"setout {bo5.tray} rear 1").endswith("it cannot set out cars")


def test_outlawed_lasts_until_the_next_shift_change():
    """O4, O3: an Outlawed crew stops the train where it stands until the next Shift Change (the
    end of Stage 3, 6, 9 or 12), however early in the shift it was played."""
    b = table()
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    out, = b.hand("Ann", ["outlawed"])
    g = b.game()
    g.apply("draw home")
    ev = g.apply(f"play {out} on {bo5.tray}")
    assert "until the end of Stage 3 (4:00 AM) of Day 1" in str(ev[0])
    until_stage(g, 3)
    finish_local_ops(g)
    assert g.state.trains[bo5.tray].where == "area"
    held = [e for e in g.events if e.kind == "held" and e.data.get("train") == "5"]
    assert len(held) == 3 and {e.data["reason"] for e in held} == {"outlawed"}
    until_stage(g, 4)
    assert out in g.state.salvage


def test_the_card_leaves_with_its_train():
    """O3: a train that leaves the table takes the card on it to the Salvage Yard with its orders;
    its end is then not announced."""
    b = table()
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    cpl, = b.hand("Ann", ["broken_coupler"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {cpl} on {bo5.tray}")
    until_stage(g, 4)
    assert cpl in g.state.salvage and not g.state.inflicted
    assert check(g.state) == []


# --------------------------------------------------------------------------- the score and facility cards


def test_fines_and_claims_cost_the_victim_revenue():
    """O7: an ICC Fine costs the victim 3 Revenue, a Freight Claim 2 (below zero, like a
    collision); the card goes to the Salvage Yard; the Revenue event's source is 'penalty'."""
    b = table()
    fine, claim = b.hand("Ann", ["icc_fine", "freight_claim"])
    g = b.game()
    g.apply("draw home")
    ev = g.apply(f"play {fine} against Bo")
    assert [str(e) for e in ev] == ["Ann plays the ICC Fine against Bo: a fine of 3 Revenue.",
                                    "Bo loses 3 Revenue: the ICC Fine Ann played."]
    assert ev[1].data["source"] == "penalty"
    g.apply(f"play {claim} against Bo")
    assert g.revenue == {"Ann": 0, "Bo": -5} and {fine, claim} <= set(g.state.salvage)
    assert check(g.state) == []


def test_vandalism_loses_the_waiting_loads():
    """O7: Vandalism sends the loads waiting in the green boxes of a facility or Office back to the
    Classification Yard."""
    b = table()
    b.lay("Bo", "mine_tipple", (1, 1))
    s = b.state
    load = b.take_piece("hopper", loaded=True)
    s.areas[s.players[1].seat].facilities[(1, 1)].green.append(load)
    vandal, = b.hand("Ann", ["vandalism"])
    g = b.game()
    g.apply("draw home")
    ev = g.apply(f"play {vandal} against Bo at 1,1")
    assert str(ev[0]) == ("Ann plays the Vandalism on Bo's Mine Tipple at 1,1: 1 load waiting in its green boxes "
                          "is lost to the Classification Yard.")
    assert load in g.state.classification_yard and vandal in g.state.salvage
    assert check(g.state) == []


# --------------------------------------------------------------------------- the space-use cards


def test_a_railroad_crossing_costs_one_more_move_to_enter():
    """O8: a train entering a card with a Railroad Crossing spends one more Move; the card stays
    in the Area until the end of the Day."""
    b = table()
    for x in (1, 2, 3):
        b.lay("Bo", "straight", (x, 0))
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    cross, = b.hand("Ann", ["railroad_crossing"])
    g = b.game()
    g.apply("draw home")
    ev = g.apply(f"play {cross} against Bo at 2,0")
    assert str(ev[0]) == ("Ann plays the Railroad Crossing on Bo's Straight at 2,0: a train entering that card "
                          "spends one more Move until the end of Stage 12 (10:00 PM) of Day 1.")
    g.apply("end")
    g.apply("switch")
    g.apply(f"move {bo5.tray} east 1,0")
    assert g.state.turn.moves_left == 5
    g.apply(f"move {bo5.tray} east 3,0")  # the same Move on, across the Crossing: one more
    assert g.state.turn.moves_left == 4
    g.apply(f"move {bo5.tray} west 2,0")
    assert g.state.turn.moves_left == 2
    g.state.turn.moves_left = 1
    assert g.why_not(f"move {bo5.tray} east 3,0") is None  # leaving the Crossing costs nothing more
    assert check(g.state) == []


def test_a_crossing_move_needs_the_moves(monkeypatch):
    """O8: a Move onto the Crossing is refused when only one Move is left, saying why."""
    b = table()
    for x in (1, 2):
        b.lay("Bo", "straight", (x, 0))
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    cross, = b.hand("Ann", ["railroad_crossing"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {cross} against Bo at 2,0")
    g.apply("end")
    g.apply("switch")
    g.state.turn.moves_left = 1
    assert g.why_not(f"move {bo5.tray} east 2,0") == \
        "That Move takes 2 Moves (the cards laid on its way cost 1 more) and you have 1 left"
    assert g.why_not(f"move {bo5.tray} east 1,0") is None


def test_a_right_of_way_dispute_stops_building_on_the_spot():
    """O9: nothing may be built on a spot with a Right-of-Way Dispute until the end of the Day."""
    b = table()
    dispute, = b.hand("Ann", ["right_of_way"])
    straight, = b.hand("Bo", ["straight"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {dispute} against Bo at 1,0")
    g.apply("end")
    g.apply("draw home")
    assert g.why_not(f"play {straight} at 1,0") == \
        "Nothing may be built at 1,0 today: a Right-of-Way Dispute lies there"
    assert sm.parse(f"play {straight} at 1,0") not in g.legal_intents()
    assert sm.parse(f"play {straight} at -1,0") in g.legal_intents()


def test_a_washout_closes_the_card_and_the_space_cards_go_at_day_end():
    """O10, O3: no train may enter a card with a Washout; at the end of the Day the space-use cards
    go to the Salvage Yard."""
    b = table()
    b.lay("Bo", "straight", (1, 0))
    b.lay("Bo", "straight", (2, 0))
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    wash, = b.hand("Ann", ["washout"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {wash} against Bo at 1,0")
    g.apply("end")
    g.apply("switch")
    assert g.why_not(f"move {bo5.tray} east 1,0") == (
        "Train 5 cannot stop on 1,0: a Washout (Ann's) closes 1,0 until the end of Stage 12 (10:00 PM) of Day 1")
    assert g.why_not(f"move {bo5.tray} east 2,0") is not None  # nor pass through it
    until_stage(g, 12)
    assert g.state.areas[g.state.players[1].seat].space == {(1, 0): wash}
    until_stage(g, 1, day=2)
    assert g.state.areas[g.state.players[1].seat].space == {} and wash in g.state.salvage
    assert any(str(e) == "The Washout Ann laid at 1,0 in Bo's Office Area is removed to the Salvage Yard."
               for e in g.events)
    assert check(g.state) == []


# --------------------------------------------------------------------------- defences


@pytest.fixture
def defended(monkeypatch):
    """Bo's Area holds a test defence (a Straight whose rules answer the defence point)."""
    from stationmaster.cards.kinds import TrackRules

    class Guard(TrackRules):
        def defence(self, s, attack, target):
            if s.deck.get(attack) not in ("hotbox", "icc_fine"):
                return None
            seat = s.players[1].seat
            return next(pl.card for pl in s.areas[seat].grid.values() if s.deck.get(pl.card) == "guard")

    monkeypatch.setitem(RULES, "guard", Guard)
    register("guard")(Guard)
    spec = CardSpec("guard", "track", "Guard Rail", "Test defence.", geometry=CARD_SPECS["straight"].geometry,
                    rules="guard")
    monkeypatch.setitem(CARD_SPECS, "guard", spec)
    b = table()
    card = b.take_card("straight")
    b.state.deck[card] = "guard"
    seat = b.state.players[1].seat
    from stationmaster.state import Placed
    b.state.areas[seat].grid[(1, 0)] = Placed(card)
    b.state.areas[seat].east_limit = 2
    return b


def test_a_defence_in_view_refuses_the_attack(defended):
    """O6: a defence lies face up in the victim's Area, so an attack it stops is refused in words
    and is no legal intent."""
    b = defended
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    hot, fine, claim = b.hand("Ann", ["hotbox", "icc_fine", "freight_claim"])
    g = b.game()
    g.apply("draw home")
    assert g.why_not(f"play {hot} on {bo5.tray}") == "Bo's Guard Rail stops a Hotbox"
    assert g.why_not(f"play {fine} against Bo") == "Bo's Guard Rail stops an ICC Fine"
    legal = {str(i) for i in g.legal_intents()}
    assert f"play {hot} on {bo5.tray}" not in legal and f"play {claim} against Bo" in legal
    assert targets(g.state, hot, 1) == [] and targets(g.state, claim, 1) == [None]


def test_a_defence_met_by_inflict_wastes_the_card(defended):
    """O6: an attack the defence stops (as a situation card's would be) is wasted to the Salvage
    Yard, and both players are told."""
    b = defended
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    hot, = b.hand("Ann", ["hotbox"])
    s = b.state
    s.players[0].hand.remove(hot)
    ev = Events()
    assert inflict(s, hot, 1, bo5.tray, ev, source=0) is False
    assert [str(e) for e in ev] == ["Bo's Guard Rail stops the Hotbox Ann played on train 5 at Bo's Office: the "
                                    "Hotbox goes to the Salvage Yard."]
    assert hot in s.salvage and s.trains[bo5.tray].orders == [] and check(s) == []
    ev = Events()
    cpl = b.take_card("broken_coupler")
    assert inflict(s, cpl, 1, bo5.tray, ev) is True  # the Division's own (adversity): no player named
    assert str(ev[0]).startswith("The Division turns up a Broken Coupler on train 5 at Bo's Office")  # [W3]


# --------------------------------------------------------------------------- undo, copy, random play, bots


def test_undo_and_copy_carry_the_cards_in_play():
    """O3: the cards in play and their ends are state: a copy has them, undo takes a play back."""
    b, bo5, (hot, wash) = at_bos_office("hotbox", "washout")
    g = b.game()
    g.apply("draw home")
    before = g.state.clone()
    g.apply(f"play {hot} on {bo5.tray}")
    g.apply(f"play {wash} against Bo at 1,0")
    h = g.copy()
    assert h.state == g.state and h.state.inflicted is not g.state.inflicted
    g.undo()
    g.undo()
    assert g.state == before


def _forced_game(seed):
    """A Competitive full-deck game of three where every hand starts with opponent cards."""
    b = Position(seed=seed, players=["Ann", "Bo", "Cy"], mode="competitive", deck="full")
    keys = sorted(EFFECTS)
    for i, who in enumerate(("Ann", "Bo", "Cy")):
        b.hand(who, [keys[(i * 3 + k) % len(keys)] for k in range(3)])
    return b.game()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_legal_play_with_the_opponent_cards_keeps_the_invariants(seed):
    """O2, O3: random legal play, the opponent cards forced into the hands, holds every invariant,
    and the cards are played and expire."""
    g = _forced_game(seed)
    r = random.Random(seed)
    for _ in range(700):
        if g.is_over:
            break
        legal = g.legal_intents()
        plays = [i for i in legal if isinstance(i, Play) and g.state.deck.get(i.card) in EFFECTS]
        g.apply(r.choice(plays) if plays and r.random() < 0.7 else r.choice(legal))
        assert check(g.state) == []
    kinds = [e.kind for e in g.events]
    assert kinds.count("attack") >= 3 and "attack_ends" in kinds


def test_bots_play_on_with_the_opponent_cards_in_play():
    """O2: the bots are not thrown by the new cards and targets."""
    from stationmaster.bots import play_turns

    g = _forced_game(5)
    g._bots = {"Ann": "greedy", "Bo": "planner", "Cy": "random"}
    play_turns(g, max_decisions=300)
    assert check(g.state) == []


# --------------------------------------------------------------------------- the board


def test_the_scene_shows_the_cards_on_trains_and_in_the_area():
    """O5: the board draws the attack card on the train and the space card on the victim's Area."""
    b, bo5, (hot, wash) = at_bos_office("hotbox", "washout")
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {hot} on {bo5.tray}")
    g.apply(f"play {wash} against Bo at 1,0")
    svg = to_svg(build_scene(g.state))
    assert "Hotbox" in svg and "Washout" in svg
    assert "Hotbox (Ann) until the end of Stage 2" in svg


def test_the_board_plays_the_cards_by_clicks():
    """O2: with the card selected, the targets in the other players' Areas light up (trains, spots,
    the player's name plate) and a click there plays it."""
    b, bo5, (hot, fine, wash) = at_bos_office("hotbox", "icc_fine", "washout")
    g = b.game()
    c = Controller(g, quick_play=False)  # each card selected first
    c.click(("home",))
    bo_seat = g.state.players[1].seat
    c.click(("hand", hot))
    assert (("tray", bo5.tray), "target") in c.highlights()
    assert c.click(("tray", bo5.tray)) and hot in g.state.trains[bo5.tray].orders
    c.click(("hand", fine))
    assert (("player", bo_seat), "target") in c.highlights()
    assert c.click(("player", bo_seat)) and g.revenue["Bo"] == -3
    c.click(("hand", wash))
    assert (("spot", bo_seat, 1, 0), "target") in c.highlights()
    assert not c.click(("spot", bo_seat, 0, 0)) and "other than the Office" in c.message
    assert c.click(("spot", bo_seat, 1, 0))
    assert [str(i) for i in g.history] == ["draw home", f"play {hot} on {bo5.tray}", f"play {fine} against Bo",
                                           f"play {wash} against Bo at 1,0"]


def test_clicks_for_makes_the_opponent_plays():
    """O2: the scripted clicks for each kind of target make the intent."""
    b, bo5, (hot, fine, wash) = at_bos_office("hotbox", "icc_fine", "washout")
    c = Controller(b.game())
    c.click(("home",))
    for text in (f"play {hot} on {bo5.tray}", f"play {fine} against Bo", f"play {wash} against Bo at 1,0"):
        for kind, what in c.clicks_for(text):
            (c.click if kind == "click" else c.press)(what)
        assert str(c.game.history[-1]) == text, c.message


def test_the_board_says_why_an_opponent_card_has_no_target():
    """O2: a selected card with no target says why in the message line, and the hint says where to
    click when it has some."""
    b = table()
    hot, fine = b.hand("Ann", ["hotbox", "icc_fine"])
    c = Controller(b.game(), quick_play=False)  # each card selected first
    c.click(("home",))
    c.click(("hand", hot))
    assert "The Hotbox has no train to go on" in c.message
    c.click(("hand", fine))
    assert "click the highlighted name plate" in c.message
    assert c.hint().startswith("Click a highlighted target in another player's Office Area")
    assert not c.click(("spot", c.seat, 0, 0)) and c.message == "The ICC Fine is played on an opponent, not on yourself"


def test_a_card_in_play_can_be_lifted_early():
    """O3: lift takes a card in play off its spot early (an Overpass laid later does so for the
    Railroad Crossings on its player), telling the victim why."""
    from stationmaster.cards.opponent import lift

    b = table()
    b.lay("Bo", "straight", (1, 0))
    cross, = b.hand("Ann", ["railroad_crossing"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {cross} against Bo at 1,0")
    s, ev = g.state, Events()
    assert lift(s, cross, ev, "Bo's Overpass carries the road over the track") is True
    assert [str(e) for e in ev] == ["The Railroad Crossing Ann laid at 1,0 in Bo's Office Area is removed to the "
                                    "Salvage Yard (Bo's Overpass carries the road over the track)."]
    assert cross in s.salvage and not s.inflicted and check(s) == []
    assert lift(s, cross, Events()) is False


# --------------------------------------------------------------------------- real attacks, real defences


@pytest.mark.parametrize("attack, defence, on", [
    ("hotbox", "water_column", "train"), ("derail", "facing_point_locks", "train"),
    ("railroad_crossing", "overpass", "spot"),
])
def test_the_full_decks_defences_stop_the_attacks_they_name(attack, defence, on):
    """E6, E7, E8, E9, O6: with the real cards, Bo's defence lying on his Area makes Ann's attack
    refused, saying which defence stops it, and never a legal intent; with it gone the same play is legal."""
    b = table()
    b.lay("Bo", "turnout_left", (1, 0))
    b.lay("Bo", "straight", (2, 0))
    b.lay("Bo", "produce_shed", (-1, -1))
    host = {"water_column": (0, 0), "facing_point_locks": (1, 0), "overpass": (2, 0)}[defence]
    guard = b.enhance("Bo", defence, at=host)
    bo5 = b.train(number=5, player="Bo", at=(0, 0))
    card, = b.hand("Ann", [attack])
    g = b.game()
    g.apply("draw home")
    where = {"train": f"on {bo5.tray}", "spot": "against Bo at 2,0"}[on]
    play = f"play {card} {where}"
    name = {"water_column": "Water Column", "facing_point_locks": "Facing Point Locks", "overpass": "Overpass"}[defence]
    why = g.why_not(play)
    assert why is not None and name in why and "Bo" in why
    assert not [i for i in g.legal_intents() if getattr(i, "card", None) == card and str(i) == play]
    area_of(g.state, 1).grid[host].enhancements.remove(guard)  # without the defence the play is legal
    g.state.salvage.append(guard)
    assert g.why_not(play) is None
    assert check(g.state) == []


def test_an_overpass_laid_later_lifts_the_real_crossings_and_their_records():
    """E9, O3: Ann lays a Railroad Crossing on Bo's track; Bo's Overpass, played later, sends it to the
    Salvage Yard and its record of play ends with it, so nothing of it is left to expire."""
    b = table()
    for x in (1, 2):
        b.lay("Bo", "straight", (x, 0))
    cross, = b.hand("Ann", ["railroad_crossing"])
    overpass, = b.hand("Bo", ["overpass"])
    g = b.game()
    g.apply("draw home")
    g.apply(f"play {cross} against Bo at 2,0")
    g.apply("end")
    assert area_of(g.state, 1).space == {(2, 0): cross} and cross in g.state.inflicted
    g.apply("draw home")
    events = g.apply(f"play {overpass} at 1,0")
    assert any("clears away the Railroad Crossing" in e.text for e in events)
    assert area_of(g.state, 1).space == {} and cross in g.state.salvage and cross not in g.state.inflicted
    assert check(g.state) == []
