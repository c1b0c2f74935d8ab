"""The SVG backend and the game's rich display (``_repr_svg_``, ``_repr_html_``)."""

import xml.etree.ElementTree as ET

import stationmaster as sm
from stationmaster.view.scene import build_scene
from stationmaster.view.shapes import Circle, Hit, Line, Poly, Rect, Scene, Text
from stationmaster.view.svg import to_svg

NS = "{http://www.w3.org/2000/svg}"


def test_svg_is_a_standalone_document_with_size_and_viewbox():
    g = sm.new_game(seed=7, players=["Ann", "Bo"], mode="competitive")
    sc = build_scene(g.state)
    root = ET.fromstring(to_svg(sc))
    assert root.tag == f"{NS}svg"
    assert float(root.get("width")) == sc.width and float(root.get("height")) == sc.height
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert "sans-serif" in root.get("font-family")


def test_every_shape_becomes_an_element_in_layer_order():
    sc = Scene(100, 50)
    sc.add(Text(5, 5, "top", layer="hud"))
    sc.add(Rect(0, 0, 10, 10, fill="#fff", stroke="#000", radius=2, dash=(2, 1)))
    sc.add(Line(((0, 0), (5, 5)), layer="pieces"))
    sc.add(Poly(((0, 0), (5, 0), (5, 5)), fill="#123456"))
    sc.add(Circle(3, 3, 2, stroke="#f00"))
    root = ET.fromstring(to_svg(sc))
    groups = [g.get("class") for g in root.findall(f"{NS}g")]
    assert groups == ["layer-table", "layer-pieces", "layer-hud"]
    table = root.find(f"{NS}g[@class='layer-table']")
    assert [e.tag.replace(NS, "") for e in table] == ["rect", "polygon", "circle"]
    rect = table[0]
    assert rect.get("rx") == "2" and rect.get("stroke-dasharray") == "2 1"
    assert root.find(f"{NS}g[@class='layer-pieces']")[0].tag == f"{NS}polyline"


def test_text_is_escaped():
    sc = Scene(100, 50)
    sc.add(Text(1, 10, 'Bo <"&"> \'s'))
    sc.hits.append(Hit(0, 0, 5, 5, ("home",), "a <tip> & more"))
    root = ET.fromstring(to_svg(sc))
    assert root.find(f".//{NS}text").text == 'Bo <"&"> \'s'
    assert root.find(f".//{NS}title").text == "a <tip> & more"


def test_player_names_with_markup_are_safe():
    g = sm.new_game(seed=7, players=["<b>Ann</b>", "Bo & Co"], mode="competitive")
    svg = to_svg(build_scene(g.state))
    root = ET.fromstring(svg)
    texts = [e.text for e in root.iter(f"{NS}text")]
    assert any("<b>Ann</b>" in t for t in texts) and any("Bo & Co" in t for t in texts)
    assert "<b>" not in svg


def test_whole_games_render_as_well_formed_svg_in_both_themes():
    g = sm.new_game(seed=4, players=["Ann", "Bo", "Cy"], mode="coop")
    import random
    r = random.Random(4)
    for step in range(120):
        g.apply(r.choice(g.legal_intents()))
        if step % 30 == 0:
            for theme in ("light", "dark"):
                ET.fromstring(to_svg(build_scene(g.state, theme=theme)))


def test_game_repr_svg_and_html():
    g = sm.new_game(seed=7)
    svg = g._repr_svg_()
    assert ET.fromstring(svg).tag == f"{NS}svg"
    html = g._repr_html_()
    assert html.startswith("<div") and "max-width:100%" in html and "overflow:auto" in html
    assert svg in html


def test_every_card_face_prints_its_whole_name():
    """A long name ("Director's Private Car", "Right-of-Way Dispute") goes on two lines of the band
    rather than being cut with an ellipsis."""
    from stationmaster.cards import CARD_SPECS
    from stationmaster.view.scene.sheet import card_scene
    from stationmaster.view.shapes import Text

    for sp in CARD_SPECS.values():
        band = [t.text for t in card_scene(sp).shapes if isinstance(t, Text) and t.y < 26]
        assert " ".join(band) == sp.name, (sp.key, band)
