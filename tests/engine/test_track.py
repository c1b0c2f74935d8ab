"""Office Area track geometry (rulings G1–G7, v0.2 Appendix A.1–A.2, §11.3)."""

import pytest

import stationmaster as sm
from stationmaster.builder import Position
from stationmaster.cards import CARD_SPECS
from stationmaster.phases import switching
from stationmaster.track import EAST_SIDE, NEIGHBOUR, ROTATE, WEST_SIDE, Geometry

from positions import A, B, C, D, E, F, ME, a2_layout, reach, settled



def geo(key, turned=False):
    g = CARD_SPECS[key].geometry
    return g.rotated() if turned else g


def routes(g):
    return {frozenset(r) for r in g.routes}


def R(*pairs):
    return {frozenset(p) for p in pairs}


# --------------------------------------------------------------------------- G1 ports


def test_vertical_ports_meet_on_the_same_diagonal():
    """G1: a lower card's NE meets the upper card's SW, its NW the upper card's SE (same 45° leg)."""
    assert NEIGHBOUR["NE"] == (0, 1, "SW")
    assert NEIGHBOUR["NW"] == (0, 1, "SE")
    assert NEIGHBOUR["SW"] == (0, -1, "NE")
    assert NEIGHBOUR["SE"] == (0, -1, "NW")
    assert NEIGHBOUR["E"] == (1, 0, "W") and NEIGHBOUR["W"] == (-1, 0, "E")


def test_ports_connect_only_on_the_same_diagonal():
    """G1: mere vertical adjacency is no connection; the legs must share the diagonal."""
    left = geo("turnout_left")  # leg up to NE ("/")
    right_turned = geo("turnout_right", turned=True)  # leg up to NW ("\\")
    runaround = geo("runaround")  # SW and SE on its bottom edge
    left_turned = geo("turnout_left", turned=True)  # only SW on its bottom edge
    assert left.meets("NE", runaround)
    assert left.meets("NE", left_turned)
    assert not left.meets("NE", geo("straight"))
    assert not left.meets("NE", geo("turnout_right"))  # SE only: the other diagonal
    assert right_turned.meets("NW", runaround)
    assert not right_turned.meets("NW", left_turned)  # SW only: the other diagonal


def test_wrong_diagonal_is_not_rail_for_a_move():
    """G1: a train cannot climb from a "\\" leg into a card whose bottom leg is "/"."""
    def build(upper_turned_left):
        b = Position(seed=3)
        b.lay(ME, "straight", (1, 0))
        b.lay(ME, "turnout_right", (2, 0), turned=True)  # points at E, leg up to NW
        b.lay(ME, "straight", (3, 0))
        if upper_turned_left:
            b.lay(ME, "turnout_left", (2, 1), turned=True)  # bottom port SW: wrong diagonal
            b.lay(ME, "straight", (1, 1))
        else:
            b.lay(ME, "runaround", (2, 1))  # bottom port SE meets the NW leg
            b.lay(ME, "straight", (1, 1))
        b.train(11, player=ME, at=(3, 0))
        return b.game()

    g = build(upper_turned_left=False)
    assert (2, 1) in reach(g, 1, "west")
    settled(g)
    g = build(upper_turned_left=True)
    assert (2, 1) not in reach(g, 1, "west")
    assert (1, 1) not in reach(g, 1, "west")
    assert reach(g, 1, "west") == {(1, 0), (0, 0)}  # just the Running Track
    settled(g)


# --------------------------------------------------------------------------- G2 sides


def test_every_route_joins_a_west_port_to_an_east_port():
    """G2: routes join the west side (W, NW, SW) to the east side (E, NE, SE); none turns back."""
    assert WEST_SIDE == {"W", "NW", "SW"} and EAST_SIDE == {"E", "NE", "SE"}
    for key, sp in CARD_SPECS.items():
        if sp.geometry is None:
            continue
        for r in sp.geometry.routes:
            assert len(r & WEST_SIDE) == 1 and len(r & EAST_SIDE) == 1, (key, r)
    with pytest.raises(ValueError):
        Geometry.of([("W", "NW")])
    with pytest.raises(ValueError):
        Geometry.of([("NE", "E")])


def test_engine_keeps_facing_its_direction_through_every_move():
    """G2: no card in the classic deck turns an engine; a Move is simply east or west."""
    b = Position(seed=3)
    a2_layout(b)
    b.train(11, player=ME, at=F)
    g = b.game()
    g.apply("switch")
    for m in ("move 1 west 0,1", "move 1 east 1,1", "move 1 west -1,1", "move 1 east 1,0"):
        g.apply(m)
        assert g.state.trains[1].direction == "west"
    settled(g)


# --------------------------------------------------------------------------- G3 card geometry


def test_straight_geometry():
    """G3: a Straight is W–E only."""
    assert routes(geo("straight")) == R(("W", "E"))


def test_turnout_geometry_points_at_the_west():
    """G3: Left Turnout W–E, W–NE; Right Turnout W–E, W–SE."""
    assert routes(geo("turnout_left")) == R(("W", "E"), ("W", "NE"))
    assert routes(geo("turnout_right")) == R(("W", "E"), ("W", "SE"))


def test_runaround_geometry_is_a_bypass_below():
    """G3: Run-around W–E, W–SE, SW–E, SW–SE: both legs drop to the card below."""
    assert routes(geo("runaround")) == R(("W", "E"), ("W", "SE"), ("SW", "E"), ("SW", "SE"))


def test_every_office_tier_has_the_same_junction_geometry():
    """G3, v0.2 §11.3: all four Office tiers carry W–E, W–NE, W–SE, NW–E, SW–E."""
    want = R(("W", "E"), ("W", "NE"), ("W", "SE"), ("NW", "E"), ("SW", "E"))
    for key in ("whistle_post", "depot", "station", "terminal"):
        assert routes(geo(key)) == want, key


def test_facility_is_a_stub_end_spur_and_modifiers_have_no_rail():
    """G3: a freight facility has one port (W) and no route; a Modifier has no rail at all."""
    for key in ("mine_tipple", "produce_shed", "grocers_warehouse", "oil_refinery", "power_plant"):
        assert geo(key).ports == {"W"} and not geo(key).routes
    for key in ("team_track", "loading_dock", "storage_shed", "extra_platform", "section_gang"):
        assert CARD_SPECS[key].geometry is None


def test_turnout_is_pass_through_only():
    """G3/S2, A.1: a train may run through a turnout but not stop on it."""
    b = Position(seed=3)
    b.lay(ME, "turnout_left", (1, 0))
    b.lay(ME, "straight", (2, 0))
    b.lay(ME, "straight", (-1, 0))
    b.train(12, player=ME, at=(-1, 0))
    g = b.game()
    g.apply("switch")
    assert (2, 0) in reach(g, 1, "east")
    assert (1, 0) not in reach(g, 1, "east")
    with pytest.raises(sm.IllegalIntent, match="pass through the Left Turnout at 1,0 but cannot stop"):
        g.apply("move 1 east 1,0")
    g.apply("move 1 east 2,0")
    assert g.state.trains[1].pos == (2, 0)
    settled(g)


def test_turnout_leg_entered_from_the_points_only():
    """A.1: from the points a train may take either leg; from a leg it may only go to the points."""
    def build(at, number):
        b = Position(seed=3)
        b.lay(ME, "straight", (1, 0))
        b.lay(ME, "turnout_left", (2, 0))  # points W, leg NE up to (2,1)
        b.lay(ME, "straight", (3, 0))
        b.lay(ME, "runaround", (2, 1))  # its SW meets the leg
        b.lay(ME, "straight", (3, 1))
        b.train(number, player=ME, at=at)
        return b.game()

    g = build((1, 0), 12)  # at the points' side, moving east: either leg
    assert reach(g, 1, "east") == {(2, 1), (3, 1), (3, 0)}
    settled(g)
    g = build((2, 1), 11)  # on the diverging leg, moving west: only through the points
    assert reach(g, 1, "west") == {(1, 0), (0, 0)}
    settled(g)
    g = build((3, 0), 11)  # on the straight leg, moving west: only through the points
    assert reach(g, 1, "west") == {(1, 0), (0, 0)}
    settled(g)


# --------------------------------------------------------------------------- G4 rotation


def test_rotation_turns_a_card_half_round():
    """G4: turning swaps W↔E, NE↔SW, NW↔SE; there is no mirroring."""
    assert ROTATE == {"W": "E", "E": "W", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
    assert routes(geo("turnout_left", True)) == R(("E", "W"), ("E", "SW"))  # points at E, leg down-left
    assert routes(geo("turnout_right", True)) == R(("E", "W"), ("E", "NW"))
    assert geo("grocers_warehouse", True).ports == {"E"}  # a turned facility opens to the E
    for key in ("straight", "turnout_left", "runaround", "depot", "mine_tipple"):
        assert geo(key).rotated().rotated() == geo(key)
    # turning is not mirroring: a turned Left Turnout is not a Right Turnout
    assert routes(geo("turnout_left", True)) != routes(geo("turnout_right"))


def test_turned_facility_is_entered_from_the_east():
    """G4: a facility turned half round opens to the E, so a westbound Move can spot it."""
    def build(turned):
        b = Position(seed=3)
        b.lay(ME, "straight", (1, 0))
        b.lay(ME, "runaround", (0, 1))
        b.lay(ME, "straight", (-1, 0))
        b.lay(ME, "grocers_warehouse", (-1, 1), turned=turned)
        b.train(11, player=ME, at=(1, 0))
        return b.game()

    g = build(turned=True)
    assert (-1, 1) in reach(g, 1, "west")
    g.apply("switch")
    g.apply("move 1 west -1,1")
    assert g.state.trains[1].pos == (-1, 1)
    assert reach(g, 1, "west") == set()  # a stub end
    settled(g)
    g = build(turned=False)
    assert (-1, 1) not in reach(g, 1, "west") and (-1, 1) not in reach(g, 1, "east")
    settled(g)


# --------------------------------------------------------------------------- Office routes


def test_office_allows_no_v_turn_through_its_stubs():
    """G3: each stub leg joins the running line on its own side, so no Move goes stub to stub."""
    b = Position(seed=3)
    b.lay(ME, "straight", (-1, 0))
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "runaround", (0, 1))  # legs SW, SE down onto the Office's NE, NW
    b.lay(ME, "runaround", (0, -1), turned=True)  # legs NE, NW up onto the Office's SW, SE
    b.office(ME, "depot")
    b.train(12, player=ME, at=(0, -1))
    g = b.game()
    assert (0, 1) not in reach(g, 1, "east")
    assert (0, 1) not in reach(g, 1, "west")
    assert reach(g, 1, "east") >= {(0, 0), (1, 0)}
    assert reach(g, 1, "west") >= {(0, 0), (-1, 0)}
    # but reversing on the Running Track (a second Move) gets there
    g.apply("switch")
    g.apply("move 1 west -1,0")
    assert (0, 1) in reach(g, 1, "east")
    g.apply("move 1 east 0,1")
    assert g.state.turn.moves_left == 4
    settled(g)


def test_office_stub_routes_by_direction():
    """G3: from the W a train may go on E, up the NE stub or down the SE stub; NW and SW lead only E."""
    office = geo("depot")
    assert office.exits("W", "east") == ["E", "NE", "SE"]
    assert office.exits("NW", "east") == ["E"]
    assert office.exits("SW", "east") == ["E"]
    assert office.exits("E", "west") == ["W", "NW", "SW"]
    assert office.exits("NE", "west") == ["W"]
    assert office.exits("SE", "west") == ["W"]


# --------------------------------------------------------------------------- Appendix A.2


def test_a2_reachable_set_from_f_is_a_b_d_e():
    """A.2: from F, one Move reaches exactly A, B, D and E; C would need a change of direction."""
    b = Position(seed=3)
    a2_layout(b)
    b.train(11, player=ME, at=F)
    g = b.game()
    assert reach(g, 1, "west") | reach(g, 1, "east") == {A, B, D, E}
    assert reach(g, 1, "east") == set()
    g.apply("switch")
    legal_moves = {str(i) for i in g.legal_intents() if str(i).startswith("move")}
    assert legal_moves == {"move 1 west -1,1", "move 1 west 0,1", "move 1 west -1,0", "move 1 west 0,0"}
    with pytest.raises(sm.IllegalIntent, match="cannot reach 1,1 moving west in one Move"):
        g.apply("move 1 west 1,1")
    with pytest.raises(sm.IllegalIntent, match="cannot reach 1,1 moving east"):
        g.apply("move 1 east 1,1")
    settled(g)


def test_a2_c_is_reached_by_reversing_at_b():
    """A.2: C is reachable only with a change of direction (two Moves: F→B west, B→C east)."""
    b = Position(seed=3)
    a2_layout(b)
    b.train(11, player=ME, at=F)
    g = b.game()
    g.apply("switch")
    g.apply("move 1 west 0,1")
    assert C in reach(g, 1, "east")
    g.apply("move 1 east 1,1")
    assert g.state.trains[1].pos == C
    assert g.state.turn.moves_left == 4
    settled(g)


def test_a2_path_is_shortest():
    """S2: a Move follows the shortest path (fewest cards)."""
    b = Position(seed=3)
    a2_layout(b)
    b.train(11, player=ME, at=F)
    g = b.game()
    s = g.state
    t = s.trains[1]
    paths = switching.reach(s, 0, s.areas[0], t, "west")
    assert paths[D] == [F, E, D]
    assert paths[A] == [F, E, B, A]


# --------------------------------------------------------------------------- G5 Limits


def test_limits_are_not_enterable():
    """G5: the Limits are signs, not rail; a local Move cannot go onto or past them."""
    b = Position(seed=3)
    a2_layout(b)
    b.train(11, player=ME, at=F)
    g = b.game()
    area = g.state.areas[0]
    assert (area.west_limit, area.east_limit) == (-2, 2)
    assert (2, 0) not in reach(g, 1, "east") and (-2, 0) not in reach(g, 1, "west")
    g.apply("switch")
    with pytest.raises(sm.IllegalIntent, match="no track at 2,0"):
        g.apply("move 1 east 2,0")
    g.apply("move 1 west -1,0")
    with pytest.raises(sm.IllegalIntent, match="no track at -2,0"):
        g.apply("move 1 west -2,0")
    settled(g)


def test_running_track_is_between_the_limits():
    """G5: a fresh Area is Limit, Office, Limit; laying at a Limit's spot moves it out."""
    b = Position(seed=3)
    area = b.state.areas[0]
    assert (area.west_limit, area.east_limit) == (-1, 1)
    assert set(area.grid) == {(0, 0)}
    b.lay(ME, "straight", (1, 0))
    assert (area.west_limit, area.east_limit) == (-1, 2)
    b.lay(ME, "straight", (-1, 0))
    assert (area.west_limit, area.east_limit) == (-2, 2)
    settled(b.game())
