"""The board scene (DESIGN.md §5): every hit target, every piece drawn, width, layers, themes, speed."""

import random

import pytest

import stationmaster as sm
from stationmaster.state import WaitingExtra
from stationmaster.builder import Position
from stationmaster.rules import player_at, spec_of
from stationmaster.view.scene import build_scene, prompt, sky_colour
from stationmaster.view.shapes import LAYERS, Circle, Line, Poly, Rect, Text

WEIGHTS = {"play": 30, "switch": 12, "move": 10, "setout": 4, "draw": 4, "discard": 1, "end": 1.5,
           "agent": 3, "clear": 3, "hold": 1, "run": 2, "place": 2}


def busy(game, steps, seed):
    """Seeded play that prefers laying cards, switching and work (richer tables than uniform play)."""
    r = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_intents()
        weights = [0.3 if str(i) == "agent pass" else WEIGHTS.get(str(i).split()[0], 15) for i in legal]
        game.apply(r.choices(legal, weights)[0])
    return game


def rich():
    """Depot, Run-around above the Office, turnouts, a locked industry, loaded and empty cars,
    standing cars, two trains on the A/D tracks, a train on the Mainline, a held train, an Extra."""
    b = Position(seed=11, players=["Ann"])
    b.office("Ann", "depot")
    b.lay("Ann", "straight", (-1, 0))
    b.lay("Ann", "turnout_left", (1, 0))
    b.lay("Ann", "straight", (2, 0))
    b.lay("Ann", "runaround", (0, 1))
    b.lay("Ann", "runaround", (1, 1))
    b.lay("Ann", "mine_tipple", (2, 1))
    b.lay("Ann", "grocers_warehouse", (-1, 1), turned=True)
    b.lay("Ann", "loading_dock", (-1, 2), serves=(-1, 1))
    b.lay("Ann", "section_gang", (2, 2))
    b.lay("Ann", "turnout_right", (-1, -1), turned=True)
    b.cars("Ann", (2, 1), ["HE1", "HE2"])
    b.cars("Ann", (-1, 1), ["BL1", "BE2"])
    b.boxes("Ann", (0, 0), green=["CL2"], red=["CL3"])
    b.boxes("Ann", (2, 1), green=["HL2"])
    b.boxes("Ann", (-1, 1), red=["BL3"])
    s = b.state
    s.areas[0].facilities[(2, 1)].pipeline["at"] = (b.take_piece("HL3"), "out")
    s.areas[0].facilities[(-1, 1)].pipeline["work"] = (b.take_piece("BL4"), "in")
    b.train(11, player="Ann", at=(0, 0), behind=["CL1", "BE1", "RL1", "K1"])
    b.train(5, player="Ann", at=(2, 0), ahead=["BL2"], behind=["K2"])
    b.train(2, mainline=(0, 1), ahead=["CL4", "CE1", "CE2", "CL5"])
    b.train(4, player="Ann", at=(0, 0), direction="east", behind=["CE3", "CL6"])
    b.schedule(3, 6)
    s.held.append(b.schedule(9, 7))  # due, and waiting for a Crew Tray
    s.extras.append(WaitingExtra(b.take_card("extra10"), 0))
    b.hand("Ann", ["terminal", "runaround", "team_track"])
    return b.game()


@pytest.fixture(scope="module")
def four():
    return busy(sm.new_game(seed=5, players=["Ann", "Bo", "Cy", "Di"], mode="competitive"), 300, 5)


def kinds(scene):
    return {h.target[0] for h in scene.hits}


# --------------------------------------------------------------------------- hit targets

def test_fresh_game_has_every_hit_kind():
    g = sm.new_game(seed=7)
    sc = build_scene(g.state)
    assert {"spot", "hand", "home", "dept"} <= kinds(sc)
    assert [h.target for h in sc.hits_for("dept")] == [("dept", 1), ("dept", 2), ("dept", 3)]
    assert [h.target for h in sc.hits_for("home")] == [("home",)]
    assert sorted(h.target[1] for h in sc.hits_for("hand")) == sorted(g.state.players[0].hand)


@pytest.mark.parametrize("balance,reach", [("v5", 1), ("v6", 2)])
def test_spots_cover_the_area_and_one_ring(balance, reach):
    g = sm.new_game(seed=7, players=["Ann", "Bo"], mode="competitive", balance=balance)
    sc = build_scene(g.state)
    for seat in (0, 1):
        spots = {h.target[2:] for h in sc.hits_for("spot") if h.target[1] == seat}
        # v5: Limit – Office – Limit, with a ring of empty spots above and below; v6 (U6): the siding
        # puts a Straight each side (the Limits one further out) and a turnout below, one ring more below it
        assert spots == {(x, y) for x in range(-reach, reach + 1) for y in range(-reach, 2)}
    assert set(sc.spot_rects) == {h.target[1:] for h in sc.hits_for("spot")}


def test_spots_grow_with_the_area():
    g = rich()
    sc = build_scene(g.state)
    area = g.state.areas[0]
    spots = {h.target[2:] for h in sc.hits_for("spot")}
    assert set(area.grid) <= spots
    assert (area.west_limit, 0) in spots and (area.east_limit, 0) in spots
    top = max(y for _, y in area.grid)
    assert (0, top + 1) in spots and (0, min(y for _, y in area.grid) - 1) in spots


def test_every_train_is_a_tray_target_and_drawn():
    g = rich()
    sc = build_scene(g.state)
    trays = {h.target[1] for h in sc.hits_for("tray")}
    assert trays == set(g.state.trains)
    assert set(sc.tray_rects) == set(g.state.trains)


def test_every_piece_on_the_table_is_drawn():
    for g in (rich(), busy(sm.new_game(seed=3, players=["Ann", "Bo", "Cy"], mode="coop"), 250, 3)):
        s = g.state
        sc = build_scene(s)
        on_table = set()
        for t in s.trains.values():
            on_table |= set(t.cars)
        for area in s.areas:
            for placed in area.grid.values():
                on_table |= set(placed.cars)
            for fac in area.facilities.values():
                on_table |= set(fac.green) | set(fac.red)
                on_table |= {v[0] for v in fac.pipeline.values() if v}
        assert on_table, "the position should have pieces out"
        assert on_table <= set(sc.piece_rects)
        assert set(sc.tray_rects) == set(s.trains)


def test_facility_boxes_are_targets():
    g = rich()
    sc = build_scene(g.state)
    boxes = {h.target for h in sc.hits_for("box")}
    for box in ("green", "red", "men", "at", "work", "car"):
        assert ("box", 0, -1, 1, box) in boxes
    for box in ("green", "men", "at", "work", "car"):
        assert ("box", 0, 2, 1, box) in boxes
    assert ("box", 0, 2, 1, "red") not in boxes  # a Mine Tipple has no red boxes
    assert ("box", 0, 0, 0, "green") in boxes and ("box", 0, 0, 0, "red") in boxes
    assert {k[:4] for k in sc.box_rects} == {h.target[1:] for h in sc.hits_for("box")}


def test_hits_lie_inside_the_scene(four):
    for g in (rich(), four):
        sc = build_scene(g.state)
        for h in sc.hits:
            assert 0 <= h.x and h.x + h.w <= sc.width + 0.5, h
            assert 0 <= h.y and h.y + h.h <= sc.height + 0.5, h


def test_trains_on_the_mainline_and_at_division_points_are_targets():
    b = Position(seed=2, players=["Ann", "Bo"], mode="competitive")
    b.train(2, mainline=(1, 0), ahead=["CL1"])
    b.train(7, division_point="east", behind=["HL1", "K1"])
    b.train(9, division_point="east", behind=["TL1", "K2"])
    s = b.game().state
    sc = build_scene(s)
    assert {h.target[1] for h in sc.hits_for("tray")} == set(s.trains)
    east = [sc.tray_rects[t.tray] for t in s.trains.values() if t.where == "division_point"]
    assert len({r[1] for r in east}) == 2  # stacked, not on top of each other


# --------------------------------------------------------------------------- layout and text

@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_fits_1280_pixels_for_up_to_four_players(n):
    names = ["Ann", "Bo", "Cy", "Di"][:n]
    g = sm.new_game(seed=9, players=names, mode="solitaire" if n == 1 else "competitive")
    busy(g, 200, n)
    sc = build_scene(g.state)
    assert sc.width <= 1240
    for sh in sc.shapes:
        xs = [sh.x] if isinstance(sh, (Rect, Circle, Text)) else [p[0] for p in sh.points]
        assert all(-1 <= x <= sc.width + 1 for x in xs), sh


def test_big_area_shrinks_its_cells_to_fit():
    b = Position(seed=4, players=["Ann", "Bo", "Cy", "Di"], mode="competitive")
    for x in range(1, 7):
        b.lay("Ann", "straight" if x % 2 else "runaround", (x, 0))
    sc = build_scene(b.game().state)
    assert sc.width <= 1240
    assert max(r[0] + r[2] for r in sc.spot_rects.values()) <= sc.width


@pytest.mark.parametrize("n", [5, 6])
def test_five_and_six_players_draw_every_area(n):
    names = [f"P{i}" for i in range(n)]
    g = busy(sm.new_game(seed=1, players=names, mode="coop"), 150, n)
    sc = build_scene(g.state)
    assert {h.target[1] for h in sc.hits_for("spot")} == set(range(n))
    assert max(h.x + h.w for h in sc.hits) <= sc.width


def test_held_trains_and_waiting_extras_are_listed():
    b = Position(seed=2, players=["Ann", "Bo"], mode="competitive")
    s = b.state
    s.held.append(b.schedule(9, 1))  # due, and waiting for a Crew Tray
    s.extras.append(WaitingExtra(b.take_card("extra10"), 1))  # as the engine records it: card, player
    s.extras.append(WaitingExtra(b.take_card("extra11"), 0, "east"))
    texts = " ".join(sh.text for sh in build_scene(s).layer("hud") if isinstance(sh, Text))
    assert "Held trains: 9" in texts
    assert "X10 (Bo)" in texts and "X11 (Ann, east)" in texts


def test_prompt_says_who_decides_what():
    g = sm.new_game(seed=7, players=["Ann", "Bo"], mode="competitive")
    who = g.actor
    assert prompt(g.state)[0] == f"{who}: {g.decision}"
    texts = [sh.text for sh in build_scene(g.state).layer("hud") if isinstance(sh, Text)]
    assert f"{who}: choose a Local Operations option" in texts


def test_prompt_follows_the_game_through_every_phase(four):
    g = sm.new_game(seed=8, players=["Ann", "Bo", "Cy"], mode="competitive")
    r = random.Random(8)
    for _ in range(150):
        if g.is_over:
            break
        assert prompt(g.state)[0] == f"{g.actor}: {g.decision}"
        g.apply(r.choice(g.legal_intents()))


def test_viewer_defaults_to_the_actor_and_can_be_chosen():
    g = sm.new_game(seed=7, players=["Ann", "Bo"], mode="competitive")
    s = g.state
    actor = next(i for i, p in enumerate(s.players) if p.name == g.actor)
    shown = {h.target[1] for h in build_scene(s).hits_for("hand")}
    assert shown == set(s.players[actor].hand)
    other = 1 - actor
    shown = {h.target[1] for h in build_scene(s, viewer=other).hits_for("hand")}
    assert shown == set(s.players[other].hand)
    with pytest.raises(ValueError, match="viewer"):
        build_scene(s, viewer=2)


def test_finished_game_shows_the_superintendents_hand():
    g = sm.new_game(seed=2, players=["Ann", "Bo"], mode="competitive", length="short")
    r = random.Random(2)
    while not g.is_over:
        g.apply(r.choice(g.legal_intents()))
    s = g.state
    shown = {h.target[1] for h in build_scene(s).hits_for("hand")}
    assert shown == set(s.players[s.superintendent].hand)


def test_status_is_drawn_not_only_written(four):
    s = four.state
    sc = build_scene(s)
    texts = " ".join(sh.text for sh in sc.shapes if isinstance(sh, Text))
    for p in s.players:
        assert p.name in texts
    for name in s.mainline:
        assert name in texts
    assert "DIVISION YARD" in texts and "CLASSIFICATION YARD" in texts
    assert f"Day {s.day} of" in texts
    # the number boards of the timetable
    hud = [sh.text for sh in sc.layer("hud") if isinstance(sh, Text)]
    assert s.timetable
    for card in s.timetable.values():
        assert str(spec_of(s, card).number) in hud


def test_turn_chart_colours_follow_the_day():
    def rgb(h):
        return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))
    midnight, six, noon, evening, ten = (rgb(sky_colour(k)) for k in (1, 4, 7, 10, 12))
    assert midnight[2] > midnight[0] and sum(midnight) < 250  # deep blue
    assert six[0] > 200 and six[1] > 180 and six[2] < 130  # yellow
    assert noon[2] > 220 and noon[0] > 150  # pale blue
    assert evening[0] > 180 and evening[1] < 110  # red
    assert ten == midnight


# --------------------------------------------------------------------------- layers, themes, determinism, speed

def test_layers_are_valid_and_highlight_is_left_to_the_widget(four):
    sc = build_scene(four.state)
    assert {sh.layer for sh in sc.shapes} <= set(LAYERS) - {"highlight"}
    assert all(isinstance(sh, (Rect, Line, Poly, Circle, Text)) for sh in sc.shapes)
    # trains and cars are pieces, the chart and hand are hud
    for tray, (x, y, w, h) in sc.tray_rects.items():
        assert any(isinstance(sh, Rect) and sh.layer == "pieces" and (sh.x, sh.y) == (x, y) for sh in sc.shapes)


def test_scene_is_deterministic(four):
    a, b = build_scene(four.state), build_scene(four.state)
    assert a.shapes == b.shapes and a.hits == b.hits and (a.width, a.height) == (b.width, b.height)


def test_dark_theme_differs():
    g = rich()
    light, dark = build_scene(g.state), build_scene(g.state, theme="dark")
    assert dark.theme == "dark" and light.theme == "light"
    assert light.shapes[0].fill != dark.shapes[0].fill
    assert [h.target for h in light.hits] == [h.target for h in dark.hits]
    with pytest.raises(ValueError, match="theme"):
        build_scene(g.state, theme="sepia")


# build_scene's speed is measured by benchmarks/engine.py ("scene_4p"), not by a timed test


def test_finished_game_still_draws():
    g = sm.new_game(seed=2, length="short")
    r = random.Random(2)
    while not g.is_over:
        g.apply(r.choice(g.legal_intents()))
    sc = build_scene(g.state)
    texts = [sh.text for sh in sc.shapes if isinstance(sh, Text)]
    assert "Game over" in texts
    assert sc.hits_for("hand") is not None and player_at(g.state, 0) == 0


# ---------------------------------------------------------------------------------------------
# The table laid out for the room it has (issue 15)

LAPTOP_ROOM = (900, 587)  # what JupyterLab at 1280x800 (file browser open) gives the board's canvas


def tables():
    for players in (None, ["Ann", "Bo"], ["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy", "Di"]):
        mode = "competitive" if players else "solitaire"
        yield busy(sm.new_game(seed=5, players=players, mode=mode), 150, 3)
    yield rich()


@pytest.mark.parametrize("room", [LAPTOP_ROOM, (1540, 870), (760, 560)])
def test_the_room_layout_keeps_text_and_targets_large_enough_and_fits_the_room(room):
    """At the room's width and about its height, so shown at about 1:1: no text under 10 px and no
    click target under 18 px on its short side, and the table no taller than the room (within 12%:
    a tall Area may take a little more, then the board is shown a little smaller)."""
    for game in tables():
        sc = build_scene(game.state, room=room)
        texts = [t for t in sc.shapes if isinstance(t, Text) and str(t.text).strip()]
        assert sc.width == max(760, min(1400, room[0])) and sc.room == room
        assert min(t.size for t in texts) >= 10, min(texts, key=lambda t: t.size)
        assert min(min(h.w, h.h) for h in sc.hits) >= 18, min(sc.hits, key=lambda h: min(h.w, h.h))
        assert sc.height <= room[1] * 1.12, (len(game.players), sc.height)


@pytest.mark.parametrize("room", [(500, 587), (420, 500)])
def test_a_narrow_room_reflows_the_table_into_one_column_at_full_size(room):
    """A ~900 px window with JupyterLab's file browser open leaves the board about 500 px: the table
    is built that wide (shown 1:1, not shrunk), no text under 10 px, no target under 18 px, and
    nothing drawn past its edges (every shape and every text, by its laid-out width, within the
    table); the side column goes under the Area, the piles under the hand, a long Division in two
    rows."""
    from stationmaster.view.scene import text_width
    from stationmaster.view.shapes import Rect

    for game in tables():
        sc = build_scene(game.state, room=room)
        assert sc.width == room[0]
        texts = [t for t in sc.shapes if isinstance(t, Text) and str(t.text).strip()]
        assert min(t.size for t in texts) >= 10, min(texts, key=lambda t: t.size)
        assert min(min(h.w, h.h) for h in sc.hits) >= 18, min(sc.hits, key=lambda h: min(h.w, h.h))
        for t in texts:
            w = text_width(str(t.text), t.size, t.bold)
            left = t.x - (w if t.anchor == "end" else w / 2 if t.anchor == "middle" else 0)
            assert -1 <= left and left + w <= sc.width + 1, (len(game.players), t)
        for r in (sh for sh in sc.shapes if isinstance(sh, Rect)):
            assert -3 <= r.x and r.x + r.w <= sc.width + 3, (len(game.players), r)
        for h in sc.hits:
            assert 0 <= h.x + h.w / 2 <= sc.width, (len(game.players), h)
        hand = [h for h in sc.hits if h.target[0] == "hand"]
        piles = [h for h in sc.hits if h.target[0] in ("home", "dept")]
        under = min(p.y for p in piles) > max((h.y + h.h for h in hand), default=0)
        assert under, "the piles go under the hand"


def test_the_room_layout_draws_one_area_large_and_every_players_row():
    game = busy(sm.new_game(seed=5, players=["Ann", "Bo", "Cy"], mode="competitive"), 120, 3)
    for focus in (0, 1, 2):
        sc = build_scene(game.state, room=LAPTOP_ROOM, focus=focus)
        seats = {k[0] for k in sc.spot_rects}
        assert seats == {focus}, seats  # only that Area's spots are drawn (and clickable)
        rows = [h for h in sc.hits if h.target[0] == "player"]
        assert {h.target[1] for h in rows} == {0, 1, 2}
    # the old layout (SVG, no room) is unchanged: every Area, no floors
    full = build_scene(game.state)
    assert {k[0] for k in full.spot_rects} == {0, 1, 2} and full.room is None
    assert min(t.size for t in full.shapes if isinstance(t, Text)) < 10


def test_a_grown_area_keeps_its_grid_cards_large_enough_to_read():
    """Issue 28.5: with six rows the grid's cells were squeezed to 44x31 px ("Refin…", "Produ…"),
    and the table, taller than the room, was shown smaller (9 px labels). The cells never go under
    CELL_MIN_W (the list beside the grid gives up width first), every grid card's name is whole,
    and text and targets keep their floors."""
    from stationmaster.view.scene.room import CELL_MIN_W

    game = rich()
    rows = {y for (_, y) in game.state.areas[0].grid}
    assert max(rows) - min(rows) + 3 >= 5, "a grown Area"
    for room in (LAPTOP_ROOM, (760, 560), (500, 587)):
        sc = build_scene(game.state, room=room)
        cells = list(sc.spot_rects.values())
        assert min(w for _, _, w, _ in cells) >= CELL_MIN_W, (room, cells[0])
        assert max(x + w for x, _, w, _ in cells) <= sc.width, room  # the grid still fits the table
        grid = [t for t in sc.shapes if isinstance(t, Text) and t.layer == "table"
                and any(x <= t.x <= x + w and y <= t.y <= y + h for x, y, w, h in cells)]
        assert grid and not [t.text for t in grid if str(t.text).endswith("…")], room
        assert min(t.size for t in sc.shapes if isinstance(t, Text) and str(t.text).strip()) >= 10
        assert min(min(h.w, h.h) for h in sc.hits) >= 18


def test_the_card_row_stays_put_when_the_area_grows_or_shrinks():
    """Issue 28.4: the room layout lays the card row at the foot of the room (or of ``at_least``,
    the tallest the board has shown), so the hand and the piles are where they were whether the
    Area has three rows or six."""
    def piles(sc):
        return sorted((h.target, h.y) for h in sc.hits if h.target[0] in ("home", "dept"))

    small, grown = sm.new_game(seed=7), rich()
    a, b = build_scene(small.state, room=LAPTOP_ROOM), build_scene(grown.state, room=LAPTOP_ROOM)
    assert a.height == LAPTOP_ROOM[1], "the table takes the room's height"
    c = build_scene(small.state, room=LAPTOP_ROOM, at_least=b.height)  # after the grown Area
    assert c.height == b.height and piles(c) == piles(b)
    assert build_scene(grown.state, room=LAPTOP_ROOM, at_least=a.height).height == b.height


def test_an_industrys_row_shows_its_car_order_for_the_day():
    """L8: the board shows each industry's order for the Day beside its name, cars worked of cars
    wanted, so a player plans the Day's switching from it; editions without orders show none."""
    for balance, shown in (("v5", True), ("v4", False)):
        b = Position(seed=1, balance=balance)
        b.lay("Player", "oil_refinery", (1, -1))
        if balance == "v5":
            b.state.areas[0].facilities[(1, -1)].orders = {"out": [2, 1], "in": [3, 0]}
        texts = " ".join(sh.text for sh in build_scene(b.game().state).shapes if isinstance(sh, Text))
        assert ("today shipped 1/2 · unloaded 0/3" in texts) is shown
        assert "Oil Refinery" in texts
