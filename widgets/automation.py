"""The controller's options that make obvious decisions by themselves, and what Switch would lead to.
No ipywidgets here.

Each option is on by default (``sm.play(...)`` and the board's settings switch them), and each
decision it makes is an ordinary intent through ``game.apply`` (recorded, logged, undoable): a
draw with nothing left to play ends (``auto_end_draw``), a clearance that would surely collide is
held (``auto_hold``), and Work all applies every earning Load/Unload action one at a time
(``work_all``). ``switch_check`` tries Switch on a copy of the game, so that the board can grey a
Switch that would waste the Stage.
"""

from __future__ import annotations

from stationmaster import explain
from stationmaster.decisions import pending_train
from stationmaster.intents import Clearance, End, Exchange, Fly, Move, SetOut, Sort, Switch
from stationmaster.query import trains_in_area

from .names import capital

#: the controller's options that save pointless clicks (all on by default; ``sm.play(...)`` and the
#: board's settings switch them): name -> (the setting's words, what it does)
PLAY_OPTIONS = {
    "auto_end_draw": ("end a draw by itself", "when nothing in hand can be played and the hand is within its limit, "
                                              "the draw ends without a click"),
    "work_all": ("offer Work all", "during Load/Unload, a Work all button applies every earning action you would "
                                   "obviously take (each is logged)"),
    "quick_play": ("one-click plays", "a click on a card that fits only one place plays it there, and a click on a "
                                      "spot only one card fits lays that card; to discard such a card, click the "
                                      "Department first, then the card"),
    "quick_discard": ("one-click discards", "while your hand is over its limit, a click on a card that cannot be "
                                            "played discards it to the Department whose top card is of least use "
                                            "to you (Undo takes it back; click a Department first for another)"),
    "auto_hold": ("hold a sure collision", "when clearing a following train would surely run it into the train "
                                           "ahead, it is held without asking (logged)"),
}
#: the key of the Work all button
WORK_ALL = "ui:work_all"
#: why Switch is greyed when no train could move after it
NO_TRAIN = "You have no train in your Office Area to switch with."
NO_MOVE = "None of your trains can make a Move now (their way is blocked or they are full up at a dead end)."
#: what a switched train may do besides Moves: set-outs, and yard work on a Small Yard, a Flying
#: Switch or an Interchange ([K3]-[K5])
SWITCHING = (Move, SetOut, Sort, Fly, Exchange)


def settle(c, actor: str | None = None) -> int:
    """Apply the decisions the options make by themselves for a person's seat (see
    ``Controller.settle``). Returns how many were applied."""
    done = 0
    for _ in range(100):  # a bound: each one moves the game on
        g = c.game
        if g.is_over or g.actor is None or c.bot is not None:
            break
        n = len(g.history)
        if c.auto_end_draw and (actor is None or g.actor == actor) and explain.idle_draw(c.state, g.legal):
            c.by_itself(End(), "Nothing in hand can be played now, so the draw ended by itself.")
        elif c.auto_hold and (crash := explain.sure_collision(g)):
            tr = pending_train(c.state)
            who = f"train {tr.label}" if tr else "the train"
            c.by_itself(Clearance(False), f"{capital(who)} was held by itself: clearing it would be a "
                                          f"collision ({crash.rstrip('.')}).")
        else:
            break
        done += 1
        if len(c.game.history) == n:  # nothing moved on (a remote seat's apply is the server's)
            break
    return done


def obvious_work(c) -> list:
    """The earning Load/Unload intents any player would take now, in order: every Porter and
    Laborer action (each earns or moves a load on to earning, and none costs anything)."""
    if not explain.working(c.state) or c.bot is not None:
        return []
    return [it for it in c.game.legal if isinstance(it, explain.EARNING)]


def work_everything(c) -> bool:
    """Apply every obvious Load/Unload action, one intent at a time (re-asked after each: a load
    moved on may open the next box), until none is left. True if any was applied."""
    done, said = 0, []
    for _ in range(200):  # a bound: each intent moves a load one step on
        todo = obvious_work(c)
        if not todo or not c.apply(todo[0]):
            break
        done += 1
        said.append(c.message)
    if done:
        c.say(f"Worked all ({done} action{'s' if done != 1 else ''}): " + " ".join(said)[:400])
    else:
        c.say("Nothing to work: no Porter or Laborer action earns now.", error=True)
    return bool(done)


def switch_problem(c) -> str | None:
    """Why choosing Switch now would waste the Stage (no train of the actor's could make a Move or
    set out cars after it), or None. Asked of a copy of the game; kept until the game changes."""
    return _switch_seen(c)[0]


def movable_after_switch(c) -> set:
    """The trays of the actor's trains that could move or set out cars once Switch is chosen."""
    return _switch_seen(c)[1]


def _switch_seen(c) -> tuple:
    """``switch_check`` for the game state in hand, kept with the legal intents it was asked of (held,
    not their id(): a later state's legal intents may take over a freed one's id)."""
    game, legal = c.game, c.game.legal
    seen = c.switch_seen
    if seen[0] is not game or seen[1] is not legal:
        c.switch_seen = seen = (game, legal, switch_check(game, c.seat))
    return seen[2]


def switch_check(game, seat) -> tuple:
    """``(problem, movable)``: why choosing Switch now would waste the Stage, or None; and the trays
    of the trains that could move or set out cars after it."""
    reason, movable = None, set()
    if Switch() in game.legal:
        if seat is None or not trains_in_area(game.state, seat):
            reason = NO_TRAIN
        else:
            trial = game.copy()
            trial.apply(Switch())
            movable = {it.tray for it in trial.legal if isinstance(it, SWITCHING)}
            if not movable:
                reason = NO_MOVE
    return reason, movable
