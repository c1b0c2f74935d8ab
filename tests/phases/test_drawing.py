"""The Draw option: drawing, hand limit, reshuffles, placing cards, upgrades, timetable
(rulings D1–D4, G4–G7, v0.2 §6.2, §7, §11)."""

import pytest

import stationmaster as sm
from stationmaster.state import WaitingExtra
from stationmaster.builder import Position
from stationmaster.rng import Rng

from positions import A, B, C, D, E, F, ME, a2_layout, settled

def drawing(hand, build=None, **options):
    """A game in which the player holds ``hand`` and has just drawn from the Home Office."""
    b = Position(seed=options.pop("seed", 3), **options)
    if build:
        build(b)
    b.hand(ME, hand)
    g = b.game()
    g.apply("draw home")
    return g


def hand(g, who=0):
    return g.state.players[who].hand


def area(g):
    return g.state.areas[0]


def legal(g):
    return {str(i) for i in g.legal_intents()}


# --------------------------------------------------------------------------- D1 drawing


def test_draw_home_takes_the_top_card():
    """D1: 'draw home' takes the top face-down card of the Home Office."""
    b = Position(seed=3)
    b.hand(ME, ["Straight1", "Depot1"])
    g = b.game()
    top, n = g.state.home[-1], len(g.state.home)
    ev = g.apply("draw home")
    assert hand(g) == ["Straight1", "Depot1", top]
    assert len(g.state.home) == n - 1
    assert ev[0].kind == "draw" and ev[0].data["card"] == top and ev[0].data["private"]
    assert top not in str(ev[0])  # the text does not reveal a face-down card
    assert g.state.turn.option == "draw"
    settled(g)


def test_draw_from_a_department_takes_its_top_card():
    """D1: 'draw dept k' takes the face-up top card of that Department."""
    b = Position(seed=3)
    b.state.departments[1].append(b.take_card("TurnoutL1"))
    b.hand(ME, [])
    g = b.game()
    ev = g.apply("draw dept 2")
    assert hand(g) == ["TurnoutL1"]
    assert "Left Turnout (TurnoutL1) from Department 2" in str(ev[0])
    assert g.state.departments[1] and g.state.departments[1][-1] != "TurnoutL1"
    settled(g)


def test_emptied_department_is_refilled_from_the_home_office():
    """D2: a Department emptied by a draw is refilled from the Home Office at once."""
    b = Position(seed=3)
    g = b.game()
    s = g.state
    assert [len(p) for p in s.departments] == [1, 1, 1]
    dept_top, home_top, n = s.departments[0][-1], s.home[-1], len(s.home)
    g.apply("draw dept 1")
    assert dept_top in hand(g)
    assert s.departments[0] == [home_top] and len(s.home) == n - 1
    settled(g)


def test_empty_department_cannot_be_drawn():
    """D1: only a non-empty Department can be drawn from."""
    b = Position(seed=3)
    s = b.state
    s.home.extend(s.departments[2])
    s.departments[2].clear()
    g = b.game()
    assert "draw dept 3" not in legal(g)
    with pytest.raises(sm.IllegalIntent, match="Department 3 is empty"):
        g.apply("draw dept 3")
    settled(g)


def test_only_one_card_is_drawn():
    """D1: one draw per option; then play, discard or end."""
    g = drawing(["Straight1"])
    assert not any(i.startswith("draw") for i in legal(g))
    with pytest.raises(sm.IllegalIntent, match="drawn your one card this Stage"):
        g.apply("draw dept 1")
    with pytest.raises(sm.IllegalIntent, match="play or discard cards, then 'end'"):
        g.apply("switch")
    settled(g)


def test_play_and_discard_need_the_draw_first():
    """D1: cards are played or discarded only within the Draw option, after the draw."""
    b = Position(seed=3)
    b.hand(ME, ["Straight1", "Depot1"])
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match="draw a card first"):
        g.apply("play Depot1")
    with pytest.raises(sm.IllegalIntent, match="draw a card first"):
        g.apply("discard Straight1 to 1")
    with pytest.raises(sm.IllegalIntent, match="choose one option first"):
        g.apply("end")
    settled(g)


def test_discard_goes_face_up_on_top_of_a_department():
    """D1, v0.2 §6.2: a discard goes face up on top of the chosen Department."""
    g = drawing(["Straight1", "Depot1"])
    ev = g.apply("discard Straight1 to 3")
    assert g.state.departments[2][-1] == "Straight1"
    assert "Straight1" not in hand(g)
    assert "Department 3" in str(ev[0])
    settled(g)


def test_card_not_in_hand_cannot_be_played():
    """D1: only cards in your hand can be played or discarded."""
    g = drawing(["Depot1"])
    with pytest.raises(sm.IllegalIntent, match="Station1 is not in your hand"):
        g.apply("play Station1")
    with pytest.raises(sm.IllegalIntent, match="Station1 is not in your hand"):
        g.apply("discard Station1 to 1")
    settled(g)


def test_hand_limit_three_to_end_the_draw():
    """D1: 'end' is refused while the hand holds more than three cards."""
    g = drawing(["Station1", "Station2", "Terminal1", "Terminal2"])
    assert len(hand(g)) == 5
    assert "end" not in legal(g)
    with pytest.raises(sm.IllegalIntent) as e:
        g.apply("end")
    assert str(e.value) == "Your hand holds 5 cards; play or discard down to 3 before ending the draw"
    g.apply("discard Station1 to 1")
    with pytest.raises(sm.IllegalIntent, match="holds 4 cards; play or discard down to 3"):
        g.apply("end")
    g.apply("discard Station2 to 2")
    assert "end" in legal(g)
    ev = g.apply("end")
    assert "ends the draw holding 3 cards" in str(ev[0])
    settled(g)


def test_hand_limit_four_while_holding_the_red_flag():
    """D1, v0.2 App. B: with a Red Flag in hand the limit is four."""
    g = drawing(["RedFlag1", "Station1", "Station2"], optional_rules=["emergency_toolbox"])
    assert len(hand(g)) == 4
    assert "end" in legal(g)
    g2 = drawing(["RedFlag1", "Station1", "Station2", "Terminal1"], optional_rules=["emergency_toolbox"])
    with pytest.raises(sm.IllegalIntent, match="holds 5 cards; play or discard down to 4"):
        g2.apply("end")
    g.apply("end")
    settled(g)
    settled(g2)


def test_red_flag_cannot_be_played_or_discarded():
    """D4: a Red Flag stays in hand until spent; it is neither played nor discarded."""
    g = drawing(["RedFlag1", "Station1"], optional_rules=["emergency_toolbox"])
    assert not any("RedFlag1" in i for i in legal(g))
    with pytest.raises(sm.IllegalIntent, match="Red Flag plays itself"):
        g.apply("play RedFlag1")
    with pytest.raises(sm.IllegalIntent, match="Red Flag stays in your hand"):
        g.apply("discard RedFlag1 to 1")
    assert "RedFlag1" in hand(g)
    settled(g)


@pytest.mark.parametrize("balance,customer", [("v5", 0), ("v6", 1)])
def test_emergency_toolbox_deals_a_red_flag_and_allows_four(balance, customer):
    """D1, v0.2 App. B: Emergency Toolbox starts each player with a Red Flag, hand limit four (beside
    v6's first customer, U6)."""
    g = sm.new_game(seed=3, optional_rules=["emergency_toolbox"], balance=balance)
    assert "RedFlag1" in hand(g) and len(hand(g)) == 4 + customer
    g.apply("draw home")
    assert len(hand(g)) == 5 + customer
    with pytest.raises(sm.IllegalIntent, match="down to 4"):
        g.apply("end")
    settled(g)


def test_end_of_draw_passes_the_turn():
    """D1: 'end' closes the Draw option and the next player chooses."""
    b = Position(seed=2, players=["Ann", "Bob"], mode="competitive")
    first = b.state.players[b.state.turn.order[0]].name
    b.hand(first, ["Station1"])
    g = b.game()
    g.apply("draw home")
    g.apply("end")
    assert g.phase == "local_operations" and g.actor != first and g.state.turn.option is None
    settled(g)


# --------------------------------------------------------------------------- D2 reshuffle


def _park(s, keep):
    """Leave ``keep`` cards on the Home Office; park the rest in the Salvage Yard."""
    s.salvage.extend(s.home[:-keep])
    del s.home[:-keep]


def test_reshuffle_when_a_draw_empties_the_home_office():
    """D2: Salvage + Departments are shuffled into a new Home Office; each Department gets one card."""
    b = Position(seed=3)
    s = b.state
    _park(s, 1)
    salvage, depts = len(s.salvage), sum(len(p) for p in s.departments)
    last = s.home[-1]
    g = b.game()
    s = g.state
    ev = g.apply("draw home")
    assert last in hand(g)
    assert s.salvage == []
    assert [len(p) for p in s.departments] == [1, 1, 1]
    assert len(s.home) == salvage + depts - 3
    assert any(e.kind == "reshuffle" for e in ev)
    settled(g)


def test_reshuffle_when_a_department_refill_empties_the_home_office():
    """D2: when refilling a Department takes the last Home Office card, the reshuffle follows."""
    b = Position(seed=3)
    s = b.state
    _park(s, 1)
    # the last Home Office card refills Department 2, then everything is reshuffled together
    pool = len(s.salvage) + sum(len(p) for p in s.departments)
    top = s.departments[1][-1]
    g = b.game()
    s = g.state
    ev = g.apply("draw dept 2")
    assert top in hand(g)
    assert any(e.kind == "reshuffle" for e in ev)
    assert s.salvage == [] and [len(p) for p in s.departments] == [1, 1, 1]
    assert len(s.home) == pool - 3
    settled(g)


def test_reshuffle_of_too_few_cards_does_not_loop():
    """D2: reshuffling only the three Department cards ends; no card is lost and the deck can be drawn."""
    b = Position(seed=3)
    s = b.state
    # everything but one Home Office card is already out of play (in the player's hand)
    s.players[0].hand.extend(s.home[:-1])
    del s.home[:-1]
    last = s.home[-1]
    g = b.game()
    ev = g.apply("draw home")  # used to recurse without end
    s = g.state
    assert last in hand(g)
    assert any(e.kind == "reshuffle" for e in ev)
    assert s.salvage == [] and len(s.home) + sum(len(p) for p in s.departments) == 3
    assert s.home  # the Home Office keeps a card rather than reshuffling for ever
    settled(g)


def test_draw_home_refused_when_nothing_can_be_reshuffled():
    """D2: an empty Home Office with an empty Salvage Yard and empty Departments cannot be drawn from."""
    b = Position(seed=3)
    s = b.state
    s.players[0].hand.extend(s.home)
    s.home.clear()
    for pile in s.departments:
        s.players[0].hand.extend(pile)
        pile.clear()
    g = b.game()
    assert not any(i.startswith("draw") for i in legal(g))
    with pytest.raises(sm.IllegalIntent, match="Home Office deck is empty and there is nothing to reshuffle"):
        g.apply("draw home")
    with pytest.raises(sm.IllegalIntent, match="Department 1 is empty"):
        g.apply("draw dept 1")
    settled(g)


def test_draw_home_from_an_empty_deck_reshuffles_first():
    """D2: if the Home Office is empty but enough cards lie in Salvage and Departments, drawing reshuffles first."""
    b = Position(seed=3)
    s = b.state
    s.salvage.extend(s.home[:5])
    s.players[0].hand.extend(s.home[5:])
    s.home.clear()
    g = b.game()
    assert "draw home" in legal(g)
    ev = g.apply("draw home")
    s = g.state
    assert ev[0].kind == "reshuffle"
    assert [len(p) for p in s.departments] == [1, 1, 1]
    assert len(s.home) == 5 + 3 - 3 - 1
    settled(g)


# --------------------------------------------------------------------------- placing track (G4–G7)


def test_track_must_connect_to_existing_track():
    """G7, v0.2 §11.2: a track card must have a port meeting a neighbouring card's port."""
    g = drawing(["Runaround1", "TurnoutR1"])
    with pytest.raises(sm.IllegalIntent, match="Run-around at 0,2 would not connect to any track"):
        g.apply("play Runaround1 at 0,2")
    g.apply("play Runaround1 at 0,1")  # its SW meets the Office's NE
    assert area(g).grid[(0, 1)].card == "Runaround1"
    g.apply("play TurnoutR1 at 0,-1 turned")  # its NW meets the Office's SE
    settled(g)


def test_vertical_neighbours_must_share_a_diagonal_to_connect():
    """G1/G7: a Straight above the Office touches it but shares no leg, so it does not connect."""
    g = drawing(["Straight1"])
    with pytest.raises(sm.IllegalIntent, match="Straight at 0,1 would not connect"):
        g.apply("play Straight1 at 0,1")
    settled(g)


def test_turned_placement():
    """G4: a Left Turnout above the Office connects only turned (its leg then drops to the SW)."""
    g = drawing(["TurnoutL1"])
    with pytest.raises(sm.IllegalIntent, match=r"would not connect to any track \(try it turned\)"):
        g.apply("play TurnoutL1 at 0,1")
    assert "play TurnoutL1 at 0,1 turned" in legal(g)
    ev = g.apply("play TurnoutL1 at 0,1 turned")
    placed = area(g).grid[(0, 1)]
    assert placed.card == "TurnoutL1" and placed.rotated
    assert "lays the Left Turnout at 0,1 turned" in str(ev[0])
    settled(g)


def test_facility_must_connect_too():
    """G7: a facility carries its own rail and must connect like track."""
    g = drawing(["Grocer1"])
    with pytest.raises(sm.IllegalIntent, match="would not connect"):
        g.apply("play Grocer1 at 0,1")
    with pytest.raises(sm.IllegalIntent, match="would not connect"):
        g.apply("play Grocer1 at 0,1 turned")
    settled(g)


def test_facility_placed_on_a_spur_gets_its_boxes():
    """G7, L: a facility played beside track connects through its W port and becomes a facility."""
    def build(b):
        b.lay(ME, "straight", F)
        b.lay(ME, "runaround", B)

    g = drawing(["Grocer1"], build=build)
    g.apply("play Grocer1 at 1,1")
    assert (1, 1) in area(g).facilities
    settled(g)


def test_running_track_grows_only_at_a_limit():
    """G6: on y = 0 a card goes only on a Limit's spot, and that Limit moves out one."""
    g = drawing(["Straight1", "Straight2"])
    assert (area(g).west_limit, area(g).east_limit) == (-1, 1)
    with pytest.raises(sm.IllegalIntent, match="can only grow at its Limits \\(-1,0 or 1,0\\)"):
        g.apply("play Straight1 at 2,0")
    ev = g.apply("play Straight1 at 1,0")
    assert (area(g).west_limit, area(g).east_limit) == (-1, 2)
    assert "moves the Limits out" in str(ev[0])
    g.apply("play Straight2 at -1,0")
    assert (area(g).west_limit, area(g).east_limit) == (-2, 2)
    settled(g)


def test_turnouts_and_runarounds_may_extend_the_running_track():
    """G6: any card with a W–E through route may go on the Running Track, turned or not."""
    g = drawing(["TurnoutL1", "Runaround1", "TurnoutR1"])
    g.apply("play TurnoutL1 at 1,0 turned")
    g.apply("play Runaround1 at -1,0")
    g.apply("play TurnoutR1 at 2,0")
    assert (area(g).west_limit, area(g).east_limit) == (-2, 3)
    settled(g)


def test_facilities_never_go_on_the_running_track():
    """G6: a facility has no through route and cannot go on the Running Track."""
    g = drawing(["Tipple1"])
    with pytest.raises(sm.IllegalIntent, match="Mine Tipple cannot go on the Running Track"):
        g.apply("play Tipple1 at 1,0")
    with pytest.raises(sm.IllegalIntent, match="cannot go on the Running Track"):
        g.apply("play Tipple1 at -1,0 turned")
    settled(g)


def test_secondary_track_only_between_the_limit_columns():
    """G5: Secondary Track goes only where west_limit < x < east_limit; extending widens the Area."""
    def build(b):
        b.lay(ME, "runaround", B)

    g = drawing(["Grocer1", "Straight1"], build=build)
    with pytest.raises(sm.IllegalIntent, match="1,1 is beyond your Limits"):
        g.apply("play Grocer1 at 1,1")
    g.apply("play Straight1 at 1,0")
    assert "play Grocer1 at 1,1" in legal(g)
    g.apply("play Grocer1 at 1,1")
    settled(g)


def test_spot_must_be_empty_and_named():
    """G7: a card goes on an empty spot, and the spot must be said."""
    g = drawing(["Straight1", "Depot1"])
    with pytest.raises(sm.IllegalIntent, match="0,0 already holds the Depot"):  # the Office ([U5])
        g.apply("play Straight1 at 0,0")
    with pytest.raises(sm.IllegalIntent, match="Say where to play the Straight"):
        g.apply("play Straight1")
    with pytest.raises(sm.IllegalIntent, match="played without a place"):
        g.apply("play Depot1 at 0,0")
    with pytest.raises(sm.IllegalIntent, match="Only a Modifier serves"):
        g.apply("play Straight1 at 1,0 for 0,0")
    settled(g)


def test_legal_plays_are_all_accepted():
    """D1: every play the engine lists is accepted and leaves a sound state."""
    def build(b):
        a2_layout(b)

    g = drawing(["TurnoutR1", "Tipple1", "TeamTrack1"], build=build)
    plays = [i for i in legal(g) if i.startswith("play")]
    assert "play TurnoutR1 at 2,0" in plays and "play TurnoutR1 at 0,1" not in plays
    for text in plays:
        g2 = g.copy()
        g2.apply(text)
        settled(g2)
    settled(g)


# --------------------------------------------------------------------------- Modifiers


def test_modifier_must_be_beside_a_facility_it_can_serve():
    """G7, L4: a Storage Shed serves a facility that unloads; a Mine Tipple only loads."""
    def build(b):
        b.lay(ME, "straight", F)
        b.lay(ME, "runaround", B)
        b.lay(ME, "mine_tipple", C)

    g = drawing(["Storage1", "Dock1"], build=build)
    with pytest.raises(sm.IllegalIntent, match="Storage Shed must go beside a facility it can serve"):
        g.apply("play Storage1 at 0,2")
    with pytest.raises(sm.IllegalIntent, match="Loading Dock must go beside a facility it can serve"):
        g.apply("play Dock1 at 0,-1")  # two rows from the Tipple
    ev = g.apply("play Dock1 at 0,2")
    assert area(g).modifiers[(0, 2)].serves == C
    assert "places the Loading Dock at 0,2" in str(ev[0])
    settled(g)


def test_modifier_never_on_the_running_track():
    """G7: Modifiers go on an off-Running-Track spot."""
    def build(b):
        b.lay(ME, "straight", F)  # the east Limit is now at 2,0, beside the Warehouse
        b.lay(ME, "runaround", B)
        b.lay(ME, "grocers_warehouse", C)

    g = drawing(["TeamTrack1"], build=build)
    with pytest.raises(sm.IllegalIntent, match="Modifier goes off the Running Track, between your Limits. columns \\(0 to 1\\), not at 2,0"):
        g.apply("play TeamTrack1 at 2,0")
    with pytest.raises(sm.IllegalIntent, match="no rail to turn"):
        g.apply("play TeamTrack1 at 0,2 turned")
    settled(g)


def test_modifier_beside_several_facilities_says_which_with_for():
    """G7, L4: beside two facilities a box Modifier names the one it serves ('for x,y')."""
    def build(b):
        a2_layout(b)  # a Depot at 0,0 and a Grocer's Warehouse at 1,1

    g = drawing(["TeamTrack1", "Platform1"], build=build)
    # 0,-1 touches only the Office: a Team Track serves freight, so it has nothing to serve there
    with pytest.raises(sm.IllegalIntent, match="must go beside a facility it can serve"):
        g.apply("play TeamTrack1 at 0,-1")
    # 1,-1 touches the Office (passenger) only: the Extra Platform serves it
    g.apply("play Platform1 at 1,-1")
    assert area(g).modifiers[(1, -1)].serves == (0, 0)
    settled(g)


def test_modifier_for_is_required_when_several_facilities_qualify():
    """G7, L4: 'for x,y' is required when several facilities it can serve are beside it."""
    def build(b):
        b.lay(ME, "straight", F)
        b.lay(ME, "straight", D)
        b.lay(ME, "runaround", B)
        b.lay(ME, "grocers_warehouse", C)
        b.lay(ME, "grocers_warehouse", A, turned=True)

    g = drawing(["TeamTrack1"], build=build)
    with pytest.raises(sm.IllegalIntent, match=r"beside several facilities \(-1,1, 1,1\); say which it serves with 'for x,y'"):
        g.apply("play TeamTrack1 at 0,2")
    with pytest.raises(sm.IllegalIntent, match="cannot serve 0,1"):
        g.apply("play TeamTrack1 at 0,2 for 0,1")
    assert {"play TeamTrack1 at 0,2 for -1,1", "play TeamTrack1 at 0,2 for 1,1"} <= legal(g)
    g.apply("play TeamTrack1 at 0,2 for -1,1")
    assert area(g).modifiers[(0, 2)].serves == (-1, 1)
    settled(g)


def test_extra_platform_needs_a_passenger_facility():
    """L4: an Extra Platform serves a Depot, Station or Terminal, not a Whistle Post (an Office that
    opens as a Whistle Post: edition v4; from v5 every Office opens as a Depot)."""
    g = drawing(["Platform1"], balance="v4")
    with pytest.raises(sm.IllegalIntent, match="must go beside a facility it can serve"):
        g.apply("play Platform1 at 0,1")
    g = drawing(["Platform1"], build=lambda b: b.office(ME, "depot"))
    g.apply("play Platform1 at 0,1")
    settled(g)


def test_section_gang_is_played_without_for():
    """L4: a Section Gang lends its worker to any neighbouring facility; it names none."""
    def build(b):
        b.lay(ME, "straight", F)
        b.lay(ME, "straight", D)
        b.lay(ME, "runaround", B)
        b.lay(ME, "grocers_warehouse", C)
        b.lay(ME, "grocers_warehouse", A, turned=True)

    g = drawing(["Gang1"], build=build)
    with pytest.raises(sm.IllegalIntent, match="play it without 'for'"):
        g.apply("play Gang1 at 0,2 for 1,1")
    g.apply("play Gang1 at 0,2")
    assert area(g).modifiers[(0, 2)].serves is None
    settled(g)


def test_modifier_is_no_rail():
    """G3/G7: a Modifier has no rail, so track beside it does not connect to it."""
    def build(b):
        b.lay(ME, "straight", F)
        b.lay(ME, "runaround", B)
        b.lay(ME, "grocers_warehouse", C)
        b.lay(ME, "loading_dock", (0, 2), serves=C)

    g = drawing(["Straight1"], build=build)
    assert "play Straight1 at 1,2" not in legal(g)
    with pytest.raises(sm.IllegalIntent, match="would not connect"):
        g.apply("play Straight1 at 1,2")
    settled(g)


# --------------------------------------------------------------------------- D3 Office upgrades


def test_office_upgrades_in_strict_order():
    """D3, v0.2 §11.1: Whistle Post → Depot → Station → Terminal, no tier skipped or repeated (from
    the Whistle Post an Office opens as up to edition v4; from v5 it opens as a Depot)."""
    g = drawing(["Station1", "Terminal1", "Depot1"], balance="v4")
    with pytest.raises(sm.IllegalIntent, match="Your Office is a Whistle Post; upgrades go strictly Whistle Post → Depot → Station → Terminal, one step at a time"):
        g.apply("play Station1")
    with pytest.raises(sm.IllegalIntent, match="one step at a time"):
        g.apply("play Terminal1")
    offices = ("play Station1", "play Terminal1", "play Depot1")  # (not the card drawn, whatever it is)
    assert {"play Depot1"} == {i for i in legal(g) if i.startswith(offices)}
    ev = g.apply("play Depot1")
    assert "upgrades the Office to a Depot: 2 A/D tracks, a Control Point" in str(ev[0])
    assert area(g).office.card == "Depot1"
    assert "WhistlePost1" in g.state.supply  # the Whistle Post goes back to the supply
    with pytest.raises(sm.IllegalIntent, match="Your Office is a Depot; upgrades go strictly"):
        g.apply("play Terminal1")
    g.apply("play Station1")
    assert area(g).office.card == "Station1" and "Depot1" in g.state.salvage
    g.apply("play Terminal1")
    assert area(g).office.card == "Terminal1" and "Station1" in g.state.salvage
    settled(g)


def test_same_tier_again_is_refused():
    """D3: an Office card of the present tier is no upgrade."""
    g = drawing(["Depot2"], build=lambda b: b.office(ME, "depot"))
    with pytest.raises(sm.IllegalIntent, match="Your Office is already a Depot"):
        g.apply("play Depot2")
    settled(g)


def test_upgrade_keeps_boxes_and_their_contents():
    """D3: an upgrade replaces the card in place; boxes and their loads stay."""
    def build(b):
        b.office(ME, "depot")
        b.boxes(ME, E, green=["CL1"], red=["CL2"])

    g = drawing(["Station1"], build=build)
    g.apply("play Station1")
    fac = area(g).facilities[E]
    assert fac.green == ["CL1"] and fac.red == ["CL2"]
    settled(g)


def test_upgrade_keeps_trains_and_connections():
    """D3, v0.2 §11.3: every tier has the same geometry, so an upgrade strands nothing (the Office
    opens as a Depot, [U5]: a Station goes on it)."""
    def build(b):
        a2_layout(b, office=None)
        b.train(11, player=ME, at=E)

    g = drawing(["Station1"], build=build)
    assert area(g).office.card.startswith("Depot")
    g.apply("play Station1")
    assert area(g).office.card == "Station1"
    assert g.state.trains[1].pos == E
    settled(g)


# --------------------------------------------------------------------------- D4 timetable and Extras


def test_timetabled_train_goes_to_the_d12_slot():
    """D4, v0.2 §7: a played train card goes on the timetable at the Stage the twelve-sided die shows."""
    g = drawing(["T5"])
    roll = Rng(g.state.rng).d12()
    assert roll not in g.state.timetable
    ev = g.apply("play T5")
    assert g.state.timetable == {roll: "T5"}
    assert ev[0].data == {"roll": roll, "slot": roll}
    assert f"runs every Day at Stage {roll}" in str(ev[0])
    settled(g)


def test_timetable_taken_slot_goes_to_the_next_slot_down():
    """D4: a taken slot sends the train to the next free slot down the column."""
    b = Position(seed=3)
    roll = Rng(b.state.rng).d12()  # 9 for this seed
    assert roll < 11
    b.schedule(1, roll)
    b.schedule(3, roll + 1)
    b.hand(ME, ["T5"])
    g = b.game()
    g.apply("draw home")
    ev = g.apply("play T5")
    assert g.state.timetable[roll + 2] == "T5"
    assert ev[0].data == {"roll": roll, "slot": roll + 2}
    assert f"goes down the column to Stage {roll + 2}" in str(ev[0])
    settled(g)


def test_timetable_wraps_from_twelve_to_one():
    """D4: past slot 12 the search continues from slot 1."""
    b = Position(seed=3)
    roll = Rng(b.state.rng).d12()
    assert roll > 2
    free = roll - 2  # reached only by wrapping 12 → 1
    numbers = iter(n for n in range(1, 13) if n != 5)
    for stage in range(1, 13):
        if stage != free:
            b.schedule(next(numbers), stage)
    b.hand(ME, ["T5"])
    g = b.game()
    g.apply("draw home")
    assert len(g.state.timetable) == 11
    ev = g.apply("play T5")
    assert g.state.timetable[free] == "T5" and len(g.state.timetable) == 12
    assert ev[0].data == {"roll": roll, "slot": free}
    settled(g)


def test_extra_goes_to_the_table_to_wait_for_a_tray():
    """D4: an Extra is played onto the table and waits for a Crew Tray."""
    g = drawing(["X10"])
    ev = g.apply("play X10")
    assert g.state.extras == [WaitingExtra("X10", 0)]
    assert "X10" not in g.state.timetable.values()
    assert "runs when a Crew Tray is free" in str(ev[0])
    settled(g)


def test_train_cards_take_no_place():
    """D4: train cards are played without a grid spot."""
    g = drawing(["T5", "X10"])
    with pytest.raises(sm.IllegalIntent, match="played without a place: 'play T5'"):
        g.apply("play T5 at 1,0")
    with pytest.raises(sm.IllegalIntent, match="played without a place"):
        g.apply("play X10 turned")
    settled(g)


# --------------------------------------------------------------------------- wording


@pytest.mark.parametrize("text, words", [
    ("draw", "write 'draw home' or 'draw dept 1'"),
    ("draw dept 4", "write 'draw home' or 'draw dept 1'"),
    ("discard Straight1 to 4", "write 'discard CARD to 1'"),
    ("play", "name the card"),
    ("play Straight1 at east", "is not a grid spot"),
    ("play Straight1 sideways", "write 'play CARD [at x,y] [turned] [for x,y]'"),
    ("teleport", "is not an intent"),
])
def test_malformed_draw_intents_say_how_to_write_them(text, words):
    """D1: text that is no intent raises IllegalIntent saying how to write it."""
    g = drawing(["Straight1"])
    with pytest.raises(sm.IllegalIntent) as e:
        g.apply(text)
    assert words in str(e.value)
    settled(g)
