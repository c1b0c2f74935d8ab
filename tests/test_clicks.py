"""Clicks per game at the board: a whole Standard solitaire game played through the controller by
the clicks that make the Hint's intent (``clicks_for``), with the controller's options that save
pointless clicks (``auto_end_draw``, ``work_all``) on and off."""

import pytest

import stationmaster as sm
from stationmaster import phases
from stationmaster.widgets import advice
from stationmaster.widgets.controller import WORK_ALL, Controller


def clicks_to_play(seed: int, options: bool) -> tuple:
    """(clicks and presses, the game) for a Standard solitaire game following the Hint by mouse.
    With the options on, a Hint that is one of the obvious Load/Unload actions is taken with Work
    all (one press for all of them), as a player who trusts the button would."""
    g = sm.new_game(seed=seed)
    c = Controller(g, auto_end_draw=options, work_all=options)
    clicks = 0
    while not g.is_over:
        it = advice.hint(g).intent
        n = len(g.history)
        if options and it in c.obvious_work():
            steps = [("press", WORK_ALL)]
        else:
            steps = c.clicks_for(it)
        for kind, what in steps:
            (c.click if kind == "click" else c.press)(what)
            clicks += 1
        assert len(g.history) > n, f"{it}: {steps} made nothing ({c.message})"
        assert len(g.history) < 2000
    return clicks, g


@pytest.mark.parametrize("seed", [1, 2])
def test_the_options_save_clicks_in_a_standard_game(seed):
    """Issue 15 item 4: ending an idle draw by itself and Work all save about a quarter of a
    Standard game's clicks (seeds 1 and 2: 235 -> 173 and 245 -> 184; the issue's target of two
    thirds is not reached: most clicks left are decisions, see the report in the merge)."""
    before, g0 = clicks_to_play(seed, options=False)
    after, g1 = clicks_to_play(seed, options=True)
    print(f"seed {seed}: {before} clicks without the options, {after} with; Revenue {g0.revenue} / {g1.revenue}")
    assert before >= len(g0.history) * 1.2  # most intents take more than one click without the options
    assert after <= before * 0.8


def test_an_idle_draw_ends_by_itself_and_is_logged():
    """D1: the draw ends through game.apply (an End in the record, its event in the message) once no
    card in hand can be played and the hand is within its limit; with the option off it stays."""
    for on in (True, False):
        g = sm.new_game(seed=7)
        c = Controller(g, auto_end_draw=on)
        c.click(("home",))
        hand = g.state.players[0].hand
        plays = [it for it in g.legal_intents() if isinstance(it, sm.intents.Play)]
        while plays:  # play until nothing is playable (a draw with playable cards stays open)
            assert g.phase == "local_operations" and str(g.history[-1]) != "end"
            it = plays[0]
            for kind, what in c.clicks_for(it):
                (c.click if kind == "click" else c.press)(what)
            plays = [p for p in g.legal_intents() if isinstance(p, sm.intents.Play)]
        if len(hand) <= 3:
            assert (str(g.history[-1]) == "end") is on
            if on:
                assert "the draw ended by itself" in c.message


def test_work_all_applies_each_earning_action_as_its_own_intent():
    """Work all: every Porter and Laborer action, each one intent in the record, until none is
    left; the button is there only while there is something to work."""
    from tests.test_controller import load_unload_position

    g = load_unload_position()
    c = Controller(g)
    assert "Work all" in [a.label for a in c.actions()]
    todo = c.obvious_work()
    n = len(g.history)
    assert todo and c.press(WORK_ALL)
    done = g.history[n:]
    assert done[0] == todo[0] and all(isinstance(i, (sm.intents.Board, sm.intents.Detrain, sm.intents.Work))
                                      for i in done if g.history.index(i) >= n and str(i) != "end")
    assert "Worked all" in c.message
    assert c.obvious_work() == [] or c.game.phase != "load_unload"


def test_one_click_enumerates_the_legal_intents_at_most_once_per_state():
    """The controller and the board's reads after a click (highlights, buttons, prompts) ask the
    engine's enumeration once per game state: the legal intents are cached in the Game."""
    import random

    seen = []
    saved = {name: ph.legal for name, ph in phases.BY_NAME.items() if hasattr(ph, "legal")}
    g = sm.new_game(seed=3)

    def counting(f):
        def legal(s):
            if s is g.state:  # (inside apply the engine enumerates the half-made state for itself)
                seen.append((s, len(g.history), applying[0]))
            return f(s)
        return legal

    applying = [False]
    real_apply = g._apply

    def apply(intent):
        applying[0] = True
        try:
            return real_apply(intent)
        finally:
            applying[0] = False

    g._apply = apply
    for name, f in saved.items():
        phases.BY_NAME[name].legal = counting(f)
    try:
        c = Controller(g)
        r = random.Random(3)
        for _ in range(120):
            if g.is_over:
                break
            it = r.choice(g.legal_intents())
            for kind, what in c.clicks_for(it):
                (c.click if kind == "click" else c.press)(what)
                c.highlights(), c.actions(), c.status(), c.hint(), c.selection()
    finally:
        for name, f in saved.items():
            phases.BY_NAME[name].legal = f
    keys = [(id(s), n) for s, n, inside in seen if not inside]
    assert len(seen) > 50 and len(keys) == len(set(keys))
