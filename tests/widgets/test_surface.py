"""The board's drawing surfaces without a browser: the SVG surface (an anywidget; its traits, its
click messages, its painter) and the choice between it and ipycanvas (``widgets/surface.py``)."""

from __future__ import annotations

import sys
import xml.dom.minidom

import pytest

import stationmaster as sm
from stationmaster.view.shapes import LAYERS, Rect, Scene, Text
from stationmaster.view.svg import shape_svg
from stationmaster.widgets import surface
from stationmaster.widgets.svgsurface import SvgPainter, SvgSurface, layer_markup


def svg_board(**options):
    return sm.play(seed=7, autosave=False, surface="svg", auto_end_draw=False, **options)


def centre(board, target):
    for h in board.scene.hits:
        if tuple(h.target) == target:
            x, y = h.x + h.w / 2, h.y + h.h / 2
            if tuple(board.scene.hit(x, y).target) == target:
                return x, y
    raise AssertionError(f"no {target!r} on the board")


def test_the_svg_surface_has_a_trait_per_scene_layer_and_draws_the_scene():
    board = svg_board()
    s = board.canvas
    assert isinstance(s, SvgSurface) and board.surface == "svg"
    assert s.layer_names == list(LAYERS)
    assert (s.width, s.height) == (round(board.scene.width), round(board.scene.height))
    for name in LAYERS:
        shapes = [sh for sh in board.scene.shapes if sh.layer == name]
        if name != "highlight":
            assert getattr(s, f"layer_{name}") == "".join(shape_svg(sh) for sh in shapes)
    # the highlight layer marks the clicks the controller waits for (the Home Office, at the start)
    assert "<rect" in s.layer_highlight
    doc = xml.dom.minidom.parseString(s.markup())  # what the browser shows is well-formed SVG
    assert doc.documentElement.tagName == "svg"
    assert [g.getAttribute("class") for g in doc.getElementsByTagName("g")] == [f"layer-{n}" for n in LAYERS]
    assert "SvgSurface 1240" in repr(s) or "SvgSurface" in repr(s)
    keys = s.get_state().keys()
    assert {"width", "height", "layer_table", "layer_pieces", "layer_hud", "layer_highlight"} <= set(keys)


def test_a_click_message_on_the_svg_surface_becomes_an_intent_through_the_controller():
    board = svg_board()
    before = len(board.game.history)
    x, y = centre(board, ("home",))
    board.canvas._on_custom_msg(board.canvas, {"event": "click", "x": x, "y": y}, [])  # as the browser sends it
    assert len(board.game.history) == before + 1
    assert str(board.game.history[-1]) == "draw home"
    assert "Home Office" in board.log_text()
    assert board.canvas.clicks == 1


def test_the_same_clicks_make_the_same_game_on_both_surfaces():
    svg, canvas = svg_board(), sm.play(seed=7, autosave=False, surface="canvas", auto_end_draw=False)
    assert canvas.surface == "canvas" and type(canvas.canvas).__name__ == "MultiCanvas"
    assert svg.scene.shapes == canvas.scene.shapes
    for _ in range(6):
        hand = [tuple(h.target) for h in svg.scene.hits if h.target[0] == "hand"]
        target = ("home",) if len(svg.game.history) == 0 else hand[0]
        x, y = centre(svg, target)
        svg.canvas.click(x, y)
        canvas.click(x, y)
        assert [str(i) for i in svg.game.history] == [str(i) for i in canvas.game.history]
        assert svg.highlight_shapes() == canvas.highlight_shapes()


@pytest.mark.parametrize("content", [{"event": "click"}, {"event": "click", "x": "a", "y": 1},
                                     {"event": "click", "x": float("nan"), "y": 1}, {"event": "hover", "x": 1, "y": 1},
                                     "click", None])
def test_a_malformed_message_from_the_page_clicks_nothing(content):
    board = svg_board()
    board.canvas._on_custom_msg(board.canvas, content, [])
    assert board.canvas.clicks == 0 and len(board.game.history) == 0


def test_the_painter_sends_only_the_layers_that_changed_in_one_message():
    s = SvgSurface()
    sent = []
    s.comm = None
    s.send_state = lambda key=None: sent.append(sorted(key) if isinstance(key, (list, set, tuple)) else key)
    painter = SvgPainter(s)
    scene = Scene(200, 100, shapes=[Rect(0, 0, 200, 100, fill="#fff", layer="table"),
                                    Text(10, 20, "A", size=12, fill="#000", layer="hud")], hits=[])
    assert painter.paint(scene) == LAYERS  # the first paint sends every layer, empty ones too
    assert (s.width, s.height) == (200, 100)
    assert painter.paint(scene) == ()  # nothing changed: nothing sent
    moved = Scene(200, 100, shapes=[scene.shapes[0], Text(10, 30, "B", size=12, fill="#000", layer="hud")], hits=[])
    assert painter.paint(moved, {"highlight": [Rect(1, 1, 5, 5, stroke="#f00", layer="highlight")]}) == ("hud", "highlight")
    assert "B</text>" in s.layer_hud and "<rect" in s.layer_highlight and s.layer_table.startswith("<rect")
    assert sent and len(sent) == painter.batches  # hold_sync: one message per paint
    assert painter.paint(moved) == ("highlight",)  # the highlight went: it is sent empty
    assert s.layer_highlight == ""
    painter.invalidate("table")
    assert painter.paint(moved) == ("table",)


def test_layer_markup_formats_each_shape_as_the_svg_backend_does():
    shapes = [Rect(0, 0, 10, 10, fill="#abc"), Text(1, 2, "<&>", size=10, fill="#000")]
    assert layer_markup(shapes) == "".join(shape_svg(sh) for sh in shapes)
    assert "&lt;&amp;&gt;" in layer_markup(shapes)


def test_choose_takes_the_canvas_where_ipycanvas_imports_and_svg_elsewhere(monkeypatch):
    assert surface.choose("auto") == "canvas"
    assert surface.choose("svg") == "svg"
    with pytest.raises(ValueError, match="surface must be 'auto', 'canvas' or 'svg'"):
        surface.choose("webgl")
    with pytest.raises(ValueError, match="surface must be"):
        sm.play(seed=1, autosave=False, surface="paper")
    surface.can_use.cache_clear()
    monkeypatch.setitem(sys.modules, "ipycanvas", None)  # as in JupyterLite: ipycanvas cannot import
    try:
        assert surface.choose("auto") == "svg"
        with pytest.raises(ImportError, match="surface='svg'|play\\(surface=\"svg\"\\)"):
            surface.choose("canvas")
        board = sm.play(seed=3, autosave=False)
        assert board.surface == "svg" and isinstance(board.canvas, SvgSurface)
    finally:
        surface.can_use.cache_clear()


def test_stationmaster_play_works_without_ipycanvas(monkeypatch):
    surface.can_use.cache_clear()
    monkeypatch.setitem(sys.modules, "ipycanvas", None)
    try:
        board = sm.play(seed=5, autosave=False)
        assert board.surface == "svg"
    finally:
        surface.can_use.cache_clear()
