"""The live board's layout without a browser (issue 28): what a player aims at stays put while the
Office Area grows and shrinks, and the board only ever grows."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

import stationmaster as sm  # noqa: E402

#: laying cards preferred, so the Area grows by rows
WEIGHTS = {"play": 30, "switch": 12, "move": 10, "setout": 4, "draw": 4, "discard": 1, "end": 1.5,
           "agent": 3, "clear": 3, "hold": 1, "run": 2, "place": 2}


def test_the_hand_and_the_piles_stay_put_while_the_area_grows():
    """Issue 28.4: laying track grew and shrank the Area and the canvas (533→585→549 px between
    clicks), moving the hand, Home Office and Departments 35–52 px. Now the board's height only
    grows and the piles never move up; they move down only when the board grows."""
    board = sm.play(sm.new_game(seed=5), autosave=False)
    board.page.room_width, board.page.room_height = 900, 587  # JupyterLab at 1280x800, file browser open
    g, r = board.game, random.Random(3)
    seen = []
    for _ in range(300):
        if g.is_over:
            break
        legal = g.legal_intents()
        g.apply(r.choices(legal, [0.3 if str(i) == "agent pass" else WEIGHTS.get(str(i).split()[0], 15)
                                  for i in legal])[0])
        piles = tuple(sorted((h.target, h.x, h.y) for h in board.scene.hits if h.target[0] in ("home", "dept")))
        seen.append((len({k[2] for k in board.scene.spot_rects}), board.scene.height, piles))
    assert len({rows for rows, _, _ in seen}) >= 3, "the Area grew by rows"
    for (_, h0, p0), (_, h1, p1) in zip(seen, seen[1:]):
        assert h1 >= h0, f"the board shrank: {h0} -> {h1}"
        assert h1 > h0 or p1 == p0, f"the piles moved with the board's height unchanged ({h0})"
        assert all(b[2] >= a[2] for a, b in zip(p0, p1)), "a pile moved up"
    board.game = sm.new_game(seed=7)  # another game (the player asked): as tall as the room again
    assert board.scene.height == 587


def test_repeated_choices_show_only_what_they_add_and_keep_their_whole_label_in_the_tip():
    """Issue 28.3: Load/Unload with a 3-car train offered six long buttons in a row that scrolled
    sideways. A choice that repeats the one before shows only what it adds; the whole label is
    what ``board.button`` finds and the tooltip says."""
    import random

    from stationmaster.widgets.board import shown_labels

    assert shown_labels(["Board train 2 (tray 1)", "Board train 2 (tray 1), car 3", "Detrain train 2 (tray 1)",
                         "Detrain train 2 (tray 1), car 4", "Work all"]) == [
        "Board train 2 (tray 1)", "…, car 3", "Detrain train 2 (tray 1)", "…, car 4", "Work all"]
    from stationmaster.widgets.controller import Controller

    def repeated(g):
        """A choice of this decision that repeats the one before it, car 3 of a train; or None."""
        labels = [a.label for a in Controller(g).actions()]
        return next((b for a, b in zip(labels, labels[1:]) if b == a + ", car 3"), None)

    g, r = sm.new_game(seed=1), random.Random(1)
    while repeated(g) is None:  # random play to a Load/Unload decision with a car to choose
        g.apply(r.choice(g.legal_intents()))
        assert not g.is_over
    label = repeated(g)
    board = sm.play(g, autosave=False)
    shown = [b.description for b in board.action_buttons()]
    assert "…, car 3" in shown and label not in shown, shown
    button = board.button(label)
    assert button.description == "…, car 3" and "car 3" in button.tooltip
    key = board.bar.key_of(button)  # e.g. "board 1 car 3"
    board.press(key)
    assert str(board.game.history[-1]) == key and key.endswith(" car 3")
