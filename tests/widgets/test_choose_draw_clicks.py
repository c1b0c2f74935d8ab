"""[D5] on the board: the two drawn cards are outlined, the prompt says to keep one, and a click on
a Department, then one of them, returns it."""

import stationmaster as sm
from stationmaster.widgets.controller import Controller
from stationmaster.widgets import prompts


def test_the_board_asks_to_keep_one_and_a_department_then_a_card_returns_it():
    g = sm.new_game(seed=6, optional_rules=["choose_draw"])
    c = Controller(g)
    assert c.click(("home",)) or str(g.history[-1]) == "draw home"
    c.sync()
    first, second = g.state.players[0].hand[-2:]
    assert g.state.turn.offer == 2
    assert "Keep one of the two cards you drew" in prompts.hint(c)
    assert not c.click(("dept", 3))
    targets = [t for t, k in c.highlights() if k == "target"]
    assert ("hand", first) in targets and ("hand", second) in targets
    assert all(t[1] in (first, second) for t in targets if t[0] == "hand")
    assert c.click(("hand", second)) and str(g.history[-1]) == f"discard {second} to 3"
    assert g.state.turn.offer == 0 and g.state.departments[2][-1] == second
    svg = g._repr_svg_()
    assert "KEEP ONE OF TWO" not in svg


def test_the_svg_outlines_the_two_cards_while_they_wait():
    g = sm.new_game(seed=6, optional_rules=["choose_draw"])
    g.apply("draw home")
    assert "KEEP ONE OF TWO" in g._repr_svg_()
