"""The clicks and presses that make an intent on the board: how the Hint marks an intent, how a lesson
shows one, and how the tests play whole games by mouse. No ipywidgets here.

Read from the controller's gesture table (the legal intents' gestures, ``widgets.gestures``, with
the one-click shortcuts) and its selection; nothing is applied here.
"""

from __future__ import annotations

from stationmaster.intents import Play, parse

from . import gestures as gs
from .intent_ui import ui_of


def clicks_for(c, intent) -> list:
    """The clicks and button presses that make ``intent`` from the current selection:
    ``[("click", target), ("press", key), ...]`` (a demonstration of the interaction design,
    the Hint's marks, and how the tests play whole games by mouse): the first gesture of the
    gesture map that the board reads as this intent, continued from the clicks so far when
    they start it (else started afresh, with Cancel first when the first click would be read
    as going on with the selection)."""
    it = parse(intent)
    seat = c.seat
    if seat is None:
        return [("press", str(it))]
    usual, alone = gs.gestures(c.state, seat, it), (gs.press(it),)
    table = [g for o, g in c.table() if o == it]
    short = [g for g in table if c.is_shortcut(it, g)]
    rest = [g for g in table if g not in short]
    if usual and usual[0] != alone:  # the press of its own text last, unless it is the usual way
        rest.sort(key=lambda g: g == alone)
    mine = short + rest if table else usual
    gest = next((g for g in mine if reads_as(c, g, it)), alone)
    steps = list(gest)
    n = len(c.clicks)
    fresh = True
    if n and tuple(steps[:n]) == tuple(c.clicks) and len(steps) > n:
        steps, fresh = steps[n:], False
        if c.sorting:  # Cancel forgets the order chosen so far; the train stays selected
            steps.insert(0, ("press", "ui:cancel"))
        elif c.swap:  # Cancel clears the selection: the train is clicked again
            steps[:0] = [("press", "ui:cancel"), c.clicks[0]]
    elif n and steps[0][0] == "click" and (steps[0] == c.clicks[-1]  # it would unselect the last click
                                           or c.candidates([*c.clicks, steps[0]])):  # or go on from it
        steps.insert(0, ("press", "ui:cancel"))
    if isinstance(it, Play) and it.at is not None:
        turned_now = c.turned if not fresh else False
        other = Play(it.card, it.at, not it.turned, it.serves, it.tray, it.mainline, it.against)
        if it.turned != turned_now and other in c.legal:
            k = next((i + 1 for i, st in enumerate(steps) if st == ("click", ("hand", it.card))), 0)
            steps.insert(k, ("press", "ui:turned"))
    return steps

def reads_as(c, gest, it) -> bool:
    """Does this gesture, made from nothing selected, make exactly ``it`` (the preferred of
    the intents it completes)? A press of the intent's own text always does."""
    if gest[-1] == gs.press(it):
        return True
    complete = list(dict.fromkeys(o for o, g in c.table() if g == gest))
    if not complete:
        return it not in c.legal  # not legal now: the engine says why when it is tried
    entry = ui_of(it)
    if entry.selects:  # a click that chooses it and selects what was clicked (Switch, by a train)
        return entry.offered(c, it, gest[0][1])
    turned = it.turned if isinstance(it, Play) else False
    chosen = gs.prefer(c.state, complete, turned)
    return chosen[:1] == [it] and (len(chosen) == 1 or len(gest) > 1)
