"""The Freight Agent option (rulings A1–A2, v0.2 §6.3, v0.4.5 §4.2)."""

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import PIECES

from positions import A, B, C, D, E, F, ME, settled

def layout(b, who=ME, office="depot", industry="grocers_warehouse"):
    """Straights at D and F, a Run-around at B, an industry at C and (by default) a Depot."""
    b.lay(who, "straight", D)
    b.lay(who, "straight", F)
    b.lay(who, "runaround", B)
    b.lay(who, "straight", A)
    b.lay(who, industry, C)
    if office:
        b.office(who, office)


def fac(g, xy, seat=0):
    return g.state.areas[seat].facilities[xy]


def yard_out(b, kind, loaded=True):
    """Move every such car from the Division Yard to the Classification Yard."""
    s = b.state
    for pid in [p for p in s.division_yard if PIECES[p].kind == kind and PIECES[p].loaded == loaded]:
        s.division_yard.remove(pid)
        s.classification_yard.append(pid)


def legal(g):
    return {str(i) for i in g.legal_intents()}


def two_players():
    b = Position(seed=2, players=["Ann", "Bob"], mode="competitive")
    first = b.state.players[b.state.turn.order[0]].name
    return b, first


# --------------------------------------------------------------------------- A1 stock: industry


def test_stock_fills_a_green_box_from_the_division_yard():
    """A1: with an empty boxcar spotted, a loaded boxcar goes from the Division Yard to a green box."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["BE1"])
    g = b.game()
    assert "agent stock 1,1" in legal(g)
    ev = g.apply("agent stock 1,1")
    assert fac(g, C).green == ["BL1"]  # the lowest-numbered loaded boxcar
    assert "BL1" not in g.state.division_yard
    assert "stocks a loaded boxcar in a green box at the Grocer's Warehouse" in str(ev[0])
    settled(g)


def test_stock_needs_an_empty_matching_car_spotted():
    """A1: no empty car of the industry's kind on its track, no stocking."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["HE1", "BL2"])  # an empty hopper and a loaded boxcar: neither will do
    g = b.game()
    assert "agent stock 1,1" not in legal(g)
    with pytest.raises(sm.IllegalIntent,
                       match=r"(?i)no unclaimed empty boxcar is spotted at the Grocer's Warehouse: spot one there first "
                             r"\(0 spotted, 0 already claimed\)"):
        g.apply("agent stock 1,1")
    settled(g)


def test_stock_needs_an_unclaimed_empty_car():
    """A1: each green load claims one spotted empty; a second load needs a second empty car."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["BE1"])
    b.boxes(ME, C, green=["BL3"])
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match=r"(?i)\(1 spotted, 1 already claimed\)"):
        g.apply("agent stock 1,1")
    settled(g)


def test_outbound_load_on_men_at_work_claims_an_empty_car():
    """A1: an outbound load on MEN | AT | WORK claims a spotted empty car too."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["BE1", "BE2"])
    b.boxes(ME, C, green=["BL3"])
    b.state.areas[0].facilities[C].pipeline["work"] = (b.take_piece("BL4"), "out")
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match=r"(?i)\(2 spotted, 2 already claimed\)"):
        g.apply("agent stock 1,1")
    settled(g)


def test_inbound_load_on_men_at_work_claims_no_empty_car():
    """A1: claims are green loads and outbound pipeline loads only, not inbound ones."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["BE1"])
    b.state.areas[0].facilities[C].pipeline["at"] = (b.take_piece("BL4"), "in")
    g = b.game()
    g.apply("agent stock 1,1")
    assert fac(g, C).green == ["BL1"]
    settled(g)


def test_stock_needs_a_loaded_car_in_the_division_yard():
    """A1: the load comes from a matching loaded car in the Division Yard."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["BE1"])
    yard_out(b, "boxcar", loaded=True)
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match="(?i)the Division Yard has no loaded boxcar"):
        g.apply("agent stock 1,1")
    settled(g)


def test_stock_needs_a_free_green_box():
    """A1: every green box taken, no stocking."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["BE1", "BE2", "BE3"])
    b.boxes(ME, C, green=["BL5", "BL6"])
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match="(?i)all 2 green boxes at the Grocer's Warehouse are full"):
        g.apply("agent stock 1,1")
    settled(g)


def test_loading_dock_adds_a_green_box():
    """A1, L4: a Loading Dock serving the industry gives it one more green box."""
    b = Position(seed=3)
    layout(b)
    b.lay(ME, "loading_dock", (0, 2), serves=C)
    b.cars(ME, C, ["BE1", "BE2", "BE3"])
    b.boxes(ME, C, green=["BL5", "BL6"])
    g = b.game()
    g.apply("agent stock 1,1")
    assert len(fac(g, C).green) == 3
    settled(g)


def test_unload_only_industry_has_no_green_box():
    """A1: a Power Plant only unloads; there is nothing to stock."""
    b = Position(seed=3)
    layout(b, industry="power_plant")
    b.cars(ME, C, ["HE1"])
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match="(?i)the Power Plant only unloads; it has no green box"):
        g.apply("agent stock 1,1")
    settled(g)


def test_agent_needs_a_facility():
    """A1: the Freight Agent works only facilities (the Office from a Depot up). A Whistle Post
    Office: edition v4 (from v5 every Office opens as a Depot)."""
    b = Position(seed=3, balance="v4")
    layout(b, office=None)
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match="(?i)no facility at 1,0 \\(it holds the Straight\\)"):
        g.apply("agent stock 1,0")
    with pytest.raises(sm.IllegalIntent, match="(?i)no facility at 3,3 \\(it holds nothing\\)"):
        g.apply("agent clear 3,3")
    with pytest.raises(sm.IllegalIntent, match="(?i)a Whistle Post has no passenger boxes; upgrade it to a Depot"):
        g.apply("agent stock 0,0")
    settled(g)


# --------------------------------------------------------------------------- A1 stock: the Office


def test_passengers_can_be_stocked_at_a_depot_with_no_train():
    """A1, v0.4.5 §4.2: passengers may wait in a green Office box without a train present. Edition
    v4's one-box Agent (v5's stocks the whole facility)."""
    b = Position(seed=3, balance="v4")
    layout(b)
    g = b.game()
    assert not g.state.trains
    ev = g.apply("agent stock 0,0")
    assert fac(g, E).green == ["CL1"]
    assert "stocks a loaded coach in a green box at the Office" in str(ev[0])
    settled(g)


def test_office_green_boxes_full():
    """A1: a Depot has two green coach boxes."""
    b = Position(seed=3)
    layout(b)
    b.boxes(ME, E, green=["CL1", "CL2"])
    g = b.game()
    assert "agent stock 0,0" not in legal(g)
    with pytest.raises(sm.IllegalIntent, match="(?i)all 2 green coach boxes at your Office are full"):
        g.apply("agent stock 0,0")
    settled(g)


def test_station_has_three_green_boxes():
    """A1, v0.2 §11.1: a Station holds three green coach boxes."""
    b = Position(seed=3)
    layout(b, office="station")
    b.boxes(ME, E, green=["CL1", "CL2"])
    g = b.game()
    g.apply("agent stock 0,0")
    assert fac(g, E).green == ["CL1", "CL2", "CL3"]
    settled(g)


def test_office_stock_needs_a_loaded_coach_in_the_division_yard():
    """A1: the passengers come from a loaded coach in the Division Yard."""
    b = Position(seed=3)
    layout(b)
    yard_out(b, "coach", loaded=True)
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match="(?i)the Division Yard has no loaded coach"):
        g.apply("agent stock 0,0")
    settled(g)


# --------------------------------------------------------------------------- A2 clear, unjam, pass


def test_clear_sends_one_red_box_piece_to_the_classification_yard():
    """A2: 'agent clear' moves one red-box piece to the Classification Yard. Edition v4's one-box
    Agent (v5's clears the whole facility)."""
    b = Position(seed=3, balance="v4")
    layout(b)
    b.boxes(ME, C, red=["BL1", "BL2"])
    g = b.game()
    ev = g.apply("agent clear 1,1")
    assert fac(g, C).red == ["BL2"]
    assert "BL1" in g.state.classification_yard
    assert "clears a red box at the Grocer's Warehouse" in str(ev[0])
    settled(g)


def test_clear_at_the_office():
    """A2: the Office's red coach boxes are cleared the same way."""
    b = Position(seed=3)
    layout(b)
    b.boxes(ME, E, red=["CL4"])
    g = b.game()
    g.apply("agent clear 0,0")
    assert fac(g, E).red == [] and "CL4" in g.state.classification_yard
    settled(g)


def test_clear_needs_a_full_red_box():
    """A2: nothing in the red boxes, nothing to clear."""
    b = Position(seed=3)
    layout(b)
    g = b.game()
    assert "agent clear 1,1" not in legal(g)
    with pytest.raises(sm.IllegalIntent, match="(?i)the red boxes there are empty"):
        g.apply("agent clear 1,1")
    settled(g)


def test_unjam_a_green_box():
    """A2: 'unjam x,y green' sends a green-box load to the Classification Yard."""
    b = Position(seed=3)
    layout(b)
    b.boxes(ME, C, green=["BL1"])
    g = b.game()
    g.apply("agent unjam 1,1 green")
    assert fac(g, C).green == [] and "BL1" in g.state.classification_yard
    settled(g)


@pytest.mark.parametrize("box", ["men", "at", "work"])
def test_unjam_men_at_work_unlocks_the_industry(box):
    """A2, S6: unjamming the only load on MEN | AT | WORK sends it away and unlocks the track."""
    b = Position(seed=3)
    layout(b)
    b.state.areas[0].facilities[C].pipeline[box] = (b.take_piece("BL2"), "out")
    g = b.game()
    assert fac(g, C).locked
    assert f"agent unjam 1,1 {box}" in legal(g)
    ev = g.apply(f"agent unjam 1,1 {box}")
    assert fac(g, C).pipeline == {"men": None, "at": None, "work": None}
    assert not fac(g, C).locked and "BL2" in g.state.classification_yard
    assert f"unjams the load on {box.upper()}" in str(ev[0])
    settled(g)


def test_unjam_needs_a_load_there():
    """A2: an empty box cannot be unjammed; a red box is cleared, not unjammed."""
    b = Position(seed=3)
    layout(b)
    b.boxes(ME, C, red=["BL1"])
    g = b.game()
    with pytest.raises(sm.IllegalIntent, match="(?i)there is no load on MEN"):
        g.apply("agent unjam 1,1 men")
    with pytest.raises(sm.IllegalIntent, match="(?i)the green boxes there are empty"):
        g.apply("agent unjam 1,1 green")
    with pytest.raises(sm.IllegalIntent, match="(?i)use 'agent clear' to clear a red box"):
        g.apply("agent unjam 1,1 red")
    settled(g)


def test_agent_pass_ends_without_acting():
    """A2: 'agent pass' ends the option without acting."""
    b, first = two_players()
    layout(b, who=first)
    g = b.game()
    before = g.state.clone()
    ev = g.apply("agent pass")
    assert "ends Local Operations without acting" in str(ev[0])
    assert g.state.division_yard == before.division_yard
    assert g.phase == "local_operations" and g.actor != first
    settled(g)


@pytest.mark.parametrize("action", [
    "agent stock 1,1", "agent stock 0,0", "agent clear 1,1", "agent unjam 1,1 green",
    "agent unjam 1,1 at", "agent pass",
])
def test_each_agent_action_ends_the_turn(action):
    """A2: every Freight Agent action is the whole Local Operations option: the next player chooses."""
    b, first = two_players()
    seat = b.state.players[b._player(first)].seat
    layout(b, who=first)
    b.cars(first, C, ["BE1", "BE2"])
    b.boxes(first, C, green=["BL5"], red=["BL6"])
    b.state.areas[seat].facilities[C].pipeline["at"] = (b.take_piece("BL4"), "in")
    g = b.game()
    assert g.actor == first
    g.apply(action)
    assert g.phase == "local_operations" and g.actor != first
    assert g.state.turn.option is None
    settled(g)


def test_agent_only_as_the_whole_option():
    """A2: after choosing to draw, the Freight Agent is no longer available."""
    b = Position(seed=3)
    layout(b)
    b.boxes(ME, C, red=["BL1"])
    g = b.game()
    g.apply("draw home")
    assert not any(i.startswith("agent") for i in legal(g))
    with pytest.raises(sm.IllegalIntent, match="(?i)chose to draw this Stage"):
        g.apply("agent clear 1,1")
    settled(g)


def test_legal_agent_intents_are_exactly_the_possible_ones():
    """A1–A2: the legal list offers each possible Freight Agent action, and only those."""
    b = Position(seed=3)
    layout(b)
    b.cars(ME, C, ["BE1", "BE2"])
    b.boxes(ME, C, green=["BL5"], red=["BL6"])
    b.boxes(ME, E, red=["CL4"])
    g = b.game()
    agent = {i for i in legal(g) if i.startswith("agent")}
    assert agent == {"agent stock 1,1", "agent stock 0,0", "agent clear 1,1", "agent clear 0,0",
                     "agent unjam 1,1 green", "agent pass"}
    for text in agent:
        g2 = g.copy()
        g2.apply(text)
        settled(g2)
    settled(g)
