"""The buttons the board shows now, read from the gesture table and the intents' board entries.
No ipywidgets here.

A button is an ``Action``: the legal intents whose gesture, after the clicks so far, goes on with
the press of their own text; while a decision is chosen with a menu (a Local Operations option),
the buttons its intents' entries list, greyed with the engine's reason when not legal; the yard
work of a selected train (``widgets.yard``); End.
"""

from __future__ import annotations

from stationmaster.decisions import OPTION
from stationmaster.intents import Discard, End, Move, Play

from . import gestures as gs
from .action import Action
from .automation import WORK_ALL, obvious_work
from .intent_ui import BY_CLASS, ui_of
from .names import capital
from .words import for_mouse, say
from .yard import yard_actions


def actions(c) -> list:
    """The buttons to show now (see the module's docstring)."""
    g, s = c.game, c.state
    if g.is_over or c.bot:
        return []
    legal, seat = g.legal, c.seat
    out: list = []

    def said(it) -> str:  # (``Controller.said``, with the seat read once)
        return capital(say(s, it, seat))

    def add(it, enabled=True, tip=""):
        entry = ui_of(it)
        out.append(Action(entry.label(s, it), str(it), tip or said(it), enabled, it, entry.style_of(it)))

    def maybe(it):
        reason = g.why_not(it)
        warning = ui_of(it).warning(c, it) if reason is None else None
        tip = warning or (for_mouse(reason) if reason else said(it))
        add(it, reason is None and warning is None, capital(tip))

    n = len(c.clicks)
    pressed = []  # the intents whose next step is a press of their own text
    for it, gest in c.candidates(c.clicks):
        if len(gest) == n + 1 and gest[n] == gs.press(it) and (n > 0 or len(gest) == 1) and it not in pressed:
            pressed.append(it)
    if s.turn.pending is not None:
        for it in legal:
            add(it)
        return out
    if c.decision() == OPTION:  # the choice of a Local Operations option: its menu, legal or not
        for entry in BY_CLASS.values():
            for it in entry.menu(c, legal, pressed):
                maybe(it)
        return out
    card = c.card
    if card is not None:
        plays = [it for it in pressed if isinstance(it, Play)]
        out += [Action(ui_of(it).label(s, it), str(it), said(it), True, it, "success")
                for it in sorted(plays, key=lambda p: (p.at is not None or p.tray is not None
                                                        or p.mainline is not None or p.against is not None))]
        if any(isinstance(it, Play) and it.card == card and it.turned for it in legal):
            out.append(Action("Turned", "ui:turned", "lay the card turned half round", True, None, "", c.turned))
        for it in legal:
            if isinstance(it, Discard) and it.card == card:
                add(it)
        out.append(Action("Cancel", "ui:cancel", "clear the selection"))
    elif c.tray is not None or c.facility is not None:
        for it in pressed:
            if ui_of(it).button_after_selection:
                add(it)
        if c.tray is not None:
            out += other_way_moves(c, legal)
            out += yard_actions(c, legal)
    if c.tray is None:  # the buttons shown for every legal intent of their class (the Porters')
        for it in legal:
            if ui_of(it).always_shown:
                add(it)
    if c.work_all and obvious_work(c):
        n_work = len(obvious_work(c))
        out.append(Action("Work all", WORK_ALL, f"Apply every Porter and Laborer action that earns now "
                          f"({n_work} to start with), one by one", True, None, "success"))
    if c.decision() is not None:  # switching, drawing or Load/Unload: End, greyed with the reason when refused
        maybe(End())
    return out


def other_way_moves(c, legal) -> list:
    """Buttons for the selected train's Moves that a click on their spot cannot make: a spot it
    reaches both ways (round a loop, or back after a run-round), where the click goes on the way
    the train already moves (``gestures.prefer``)."""
    mine = [it for it in legal if isinstance(it, Move) and it.tray == c.tray]
    out = []
    for it in mine:
        both = [m for m in mine if m.to == it.to]
        if len(both) > 1 and it not in gs.prefer(c.state, both, c.turned):
            card = c.card_name(c.state.areas[c.seat].grid[it.to].card)
            out.append(Action(f"Move {it.direction} to the {card}", str(it), c.said(it), True, it, "info"))
    return out
