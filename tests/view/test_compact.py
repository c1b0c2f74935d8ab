"""The compact card row (view/scene/compact.py) and the board's choice of it: on a laptop the
1240 px table is shown at about two thirds, so the hand and Department row is drawn in big print
(issue 9: "card text never below 9 px")."""

import random

import pytest

import stationmaster as sm
from stationmaster.rules import spec_of
from stationmaster.view.scene import build_scene
from stationmaster.view.scene.compact import one_line, title_lines
from stationmaster.view.scene.layout import COMPACT_TEXT, text_width
from stationmaster.view.shapes import Text

#: the table's shown scale on a 1280x800 laptop in JupyterLab's default layout (measured: 0.668)
LAPTOP_SCALE = 0.66


def states():
    """States with every kind of card in hand and on the Departments, hands of 0 to 6 cards."""
    out = []
    for seed, opts in ((7, {}), (28, {"players": ["A", "B", "C"], "mode": "competitive", "deck": "full"}),
                       (3, {"players": ["Ann", "Bo"], "mode": "competitive"})):
        g = sm.new_game(seed=seed, **opts)
        r = random.Random(seed)
        for i in range(160):
            if g.is_over:
                break
            g.apply(r.choice(g.legal_intents()))
            if i % 8 == 0:
                out.append(g.copy().state)
    return out


STATES = states()


def test_every_text_of_the_compact_card_row_is_9_px_on_a_laptop():
    seen = set()
    for st in STATES:
        sc = build_scene(st, compact=True)
        texts = sc.texts_in(sc.card_row)
        assert texts, "the card row has no text"
        small = [(t.text, t.size) for t in texts if t.size * LAPTOP_SCALE < 9]
        assert not small, small
        seen.update(h.target[1] for h in sc.hits if h.target[0] == "hand")
    assert len(seen) > 20  # many different cards were drawn


def test_the_full_card_row_is_small_print_so_the_compact_one_is_needed():
    sc = build_scene(STATES[0])
    assert min(t.size for t in sc.texts_in(sc.card_row)) * LAPTOP_SCALE < 6


def y_of(shape) -> float:
    return shape.y if hasattr(shape, "y") else min(p[1] for p in shape.points)


def test_compact_changes_only_the_card_row_and_keeps_every_click_target_where_it_was():
    for st in STATES[::3]:
        full, small = build_scene(st), build_scene(st, compact=True)
        top = full.card_row[1]
        assert small.card_row[1] == top and small.width == full.width
        assert [s for s in small.shapes[1:] if y_of(s) < top] == \
               [s for s in full.shapes[1:] if y_of(s) < top]  # after the table's ground
        assert small.hits == full.hits  # the same targets in the same places: a click means the same
        assert small.height - full.height < 12  # the board's shown scale hardly changes


def test_compact_card_words_fit_their_card():
    for st in STATES[::2]:
        sc = build_scene(st, compact=True)
        for h in sc.hits:
            if h.target[0] not in ("hand", "dept"):
                continue
            inside = [t for t in sc.texts_in((h.x, h.y, h.w, h.h)) if isinstance(t, Text)]
            for t in inside:
                assert text_width(t.text, t.size, t.bold) <= h.w, (t.text, h.w)


def test_a_compact_card_says_its_name_and_the_line_that_matters():
    from stationmaster.cards import rules_for
    from stationmaster.view.scene.layout import CLASS_SHORT
    specs = {spec_of(st, c).key: spec_of(st, c) for st in STATES for p in st.players for c in p.hand}
    kinds = set()
    for sp in specs.values():
        line = one_line(sp, rules_for(sp))
        kinds.add(sp.kind)
        if sp.kind == "train":
            assert line == CLASS_SHORT[sp.train_class], sp.name
        elif sp.car:
            assert line == f"{sp.car}s", sp.name
        elif sp.ad_tracks:
            assert line == f"{sp.ad_tracks} A/D", sp.name
        assert line and text_width(line, COMPACT_TEXT) <= 96 - 6, (sp.name, line)
        for tag in rules_for(sp).tag if sp.kind == "modifier" else ():
            assert text_width(tag, COMPACT_TEXT) <= 96 - 16, (sp.name, tag)
    assert {"train", "track", "facility"} <= kinds
    assert title_lines("Grocer's Warehouse", 88) == ["Grocer's", "Warehouse"]
    assert title_lines("Straight", 88) == ["Straight"]
    assert title_lines("Run-around", 70) == ["Run-", "around"]


# --------------------------------------------------------------------------- the board's choice

widgets = pytest.importorskip("stationmaster.widgets.board")


def board(**kw):
    return widgets.GameBoard(sm.new_game(seed=7), autosave=False, **kw)


def test_the_board_turns_compact_when_the_page_shows_it_small_and_back_when_it_fits():
    b = board()
    if b.page is None:
        pytest.skip("anywidget is not installed: the board cannot read its shown scale")
    full = b.scene.height
    assert not b.compact
    b.page.scale = 0.668  # what the browser reports at 1280x800
    assert b.compact and min(t.size for t in b.scene.texts_in(b.scene.card_row)) == COMPACT_TEXT
    assert b.canvas.height == b.scene.height != full
    b.page.scale = 0.97  # a little short of full size: still compact
    assert b.compact
    b.page.scale = 1.0  # a wide screen
    assert not b.compact and b.scene.height == full


def test_compact_true_or_false_holds_whatever_the_page_says():
    b = board(compact=False)
    if b.page is not None:
        b.page.scale = 0.5
    assert not b.compact
    b = board(compact=True)
    assert b.compact and min(t.size for t in b.scene.texts_in(b.scene.card_row)) == COMPACT_TEXT
    if b.page is not None:
        b.page.scale = 1.0
    assert b.compact
    b.set_compact(False)
    assert not b.compact
    with pytest.raises(ValueError):
        board(compact="small")


def test_the_selected_cards_full_text_is_on_hover_in_the_status_line():
    b = board(compact=True)
    b.game.apply("draw home")
    card = b.game.state.players[0].hand[0]
    b.click_target(("hand", card))
    sp = spec_of(b.game.state, card)
    assert f"title='{sp.name}: " in b.status.value and sp.text.split(".")[0] in b.status.value
