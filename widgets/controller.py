"""The board's interaction logic, in pure Python (no ipywidgets): clicks and buttons in, intents out.

The ``Controller`` turns a click on a scene hit target (``("spot", seat, x, y)``, ``("tray", n)``,
``("hand", card)``, ``("home",)``, ``("dept", k)``, ``("box", seat, x, y, box)``,
``("player", seat)``, ``("button", name)``; see ``stationmaster.view.shapes``) or a press of one of
its ``actions()`` into an intent, and sends it through ``game.apply`` — the only path by which
anything changes.

It does not know the rules' phases. The gesture map (``widgets.gestures``) says which clicks make
each intent; the controller keeps only the clicks made so far (and the Turned toggle, the cars
picked for a sort or an exchange), and a click keeps the legal intents whose gesture starts with
the clicks so far: exactly one complete, it is applied; several, their next clicks are
highlighted; none, the message says the engine's reason (``game.why_not``) for the nearest intent.
Tests drive it without a browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stationmaster import explain
from stationmaster.cards import rules_of
from stationmaster.cards.opponent import is_opponent_card, name_for_intent
from stationmaster.decisions import PHASE_NAMES, detail, pending_train
from stationmaster.errors import IllegalIntent
from stationmaster.flow import Where
from stationmaster.bots.seats import bot_name
from stationmaster.intents import (
    Agent, Board, Clearance, Detrain, Discard, Draw, End, Exchange, Fly, Grade, Intent, Move, Place, Play, Run,
    SetOut, Sort, Switch, Work, parse,
)
from stationmaster.query import CLOCK, spec_of

from . import gestures as gs
from . import shortcuts as sc
from .words import capital, car_words, for_mouse, place_name, say as say_intent


@dataclass(frozen=True)
class Action:
    """A button the board shows now. ``key`` is what ``Controller.press`` takes: the intent's text
    for an intent, or ``ui:...`` for a selection change (e.g. ``ui:turned``)."""

    label: str
    key: str
    tip: str = ""
    enabled: bool = True
    intent: Intent | None = None
    style: str = ""  # "" | "primary" | "success" | "warning" | "danger" | "info"
    toggled: bool | None = None  # a toggle's state (None: a plain button)


#: why Switch is greyed when no train could move after it
NO_TRAIN = "You have no train in your Office Area to switch with."
NO_MOVE = "None of your trains can make a Move now (their way is blocked or they are full up at a dead end)."
#: what a switched train may do besides Moves: set-outs, and yard work on a Small Yard, a Flying
#: Switch or an Interchange ([K3]-[K5])
SWITCHING = (Move, SetOut, Sort, Fly, Exchange)
ORDINALS = ("1st", "2nd", "3rd", "4th")
#: the hint's words for the yard work a selected train may do
YARD_HINTS = {Sort: "sort its cars with the Sort buttons (one Move)",
              Fly: "roll cars into an industry with a Fly button (one Move)",
              Exchange: "leave and take cars with the Leave, Take and Exchange buttons (one Move)"}
#: the options of Local Operations, as intent classes
OPTIONS = (Switch, Draw, Agent)
#: the key of the Work all button
WORK_ALL = "ui:work_all"
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


class Controller:
    """Selection, prompts and click handling for one game (``controller.game`` may be replaced).

    ``auto_end_draw``: a draw with nothing left to play (no card in hand can be played, the hand
    within its limit) ends by itself, through ``game.apply`` like any intent. ``work_all``: in
    Load/Unload a Work all button applies every earning Porter and Laborer action, each one an
    intent of its own. ``quick_play`` and ``quick_discard``: the one-click shortcuts of
    ``widgets.shortcuts`` (a card that fits one place is played by a click on it, or on that
    place; an unplayable card is discarded by a click while the hand is over its limit).
    ``auto_hold``: a clearance whose Clear would surely run the train into the one ahead
    (``explain.sure_collision``) is answered Hold by itself, through ``game.apply``, logged."""

    def __init__(self, game, auto_end_draw: bool = True, work_all: bool = True, quick_play: bool = True,
                 quick_discard: bool = True, auto_hold: bool = True) -> None:
        self._game = game
        self.auto_end_draw = auto_end_draw
        self.work_all = work_all
        self.quick_play = quick_play
        self.quick_discard = quick_discard
        self.auto_hold = auto_hold
        self.message = ""
        self.said_at = len(game.history)
        self.error = False
        self.warning = False
        self.busy = False  # True while the controller applies: the board tells its own changes from a script's
        self._switch_cache: tuple = (None, None)
        self._table_cache: tuple = (None, [])
        self._shortcut_rows: set = set()
        self._clear()
        self._key = self._context()

    # ------------------------------------------------------------------ the game and its state

    @property
    def game(self):
        return self._game

    @game.setter
    def game(self, game) -> None:
        self._game = game
        self._clear()
        self._key = self._context()
        self.say("")

    def _clear(self) -> None:
        self.clicks: list = []  # the steps of a gesture made so far: ("click", target) | ("press", key)
        self.turned = False
        self.sorting: list = []  # a Small Yard sort being built: the cars chosen so far, from the front ([K3])
        self.swap: set = set()  # an Interchange exchange being built: the cars to leave or take ([K5])

    def clear_selection(self) -> None:
        self._clear()

    @property
    def state(self):
        return self._game.state

    @property
    def player(self) -> int | None:
        """Index of the acting player (None once the game is over)."""
        name = self._game.actor
        return None if name is None else self._game.players.index(name)

    @property
    def seat(self) -> int | None:
        p = self.player
        return None if p is None else self.state.players[p].seat

    def _first(self, kind: str):
        """The first click's target if it is of this kind (the thing selected), else None."""
        if self.clicks and self.clicks[0][0] == "click" and self.clicks[0][1][0] == kind:
            return self.clicks[0][1]
        return None

    @property
    def tray(self) -> int | None:
        """The Crew Tray of the selected train, or None."""
        t = self._first("tray")
        return None if t is None else t[1]

    @property
    def card(self) -> str | None:
        """The selected card in hand, or None."""
        t = self._first("hand")
        return None if t is None else t[1]

    @property
    def facility(self) -> tuple | None:
        """The selected facility (x, y) in the actor's own Area, or None."""
        t = self._first("spot")
        return None if t is None or t[1] != self.seat else tuple(t[2:4])

    @property
    def serves(self) -> dict | None:
        """A card laid on a spot beside several facilities, waiting for the click on the one it
        serves: ``{"card", "at", "turned", "targets"}``; else None."""
        if self.card is None or len(self.clicks) != 2 or self.clicks[1][0] != "click":
            return None
        at = tuple(self.clicks[1][1][2:4])
        targets = sorted({it.serves for it, _ in self._candidates(self.clicks) if isinstance(it, Play)
                          and it.serves is not None})
        return {"card": self.card, "at": at, "turned": self.turned, "targets": targets} if targets else None

    def _context(self) -> tuple:
        """What makes a selection stale when it changes: the state's place in the game."""
        s = self.state
        t = s.turn
        return (s.day, s.stage, s.phase, t.index, t.option, str(t.pending), s.outcome is None, self.player)

    def sync(self) -> None:
        """Call after the game changed (by a click, a script or undo): drop stale selections."""
        key = self._context()
        if key != self._key:
            self._clear()
            self._key = key
            return
        self.clicks = self._still_good(self.clicks)
        if self.tray is None:
            self.sorting, self.swap = [], set()
        if self.card is None:
            self.turned = False

    def _after_change(self, keep, before: tuple) -> None:
        """After the controller's own intent: keep what of its clicks still starts a gesture, in
        the same player's same turn (a train stays selected for its next Move)."""
        now = self._context()  # (``before``: taken before the apply; the board's observer syncs in between)
        same_turn = before[:4] + before[-1:] == now[:4] + now[-1:]
        self._key = self._context()
        keep = [c for c in keep or [] if c[0] == "click" and c[1][0] != "dept"]  # a Department drawn from is no selection
        self.clicks = self._still_good(keep) if same_turn else []
        self.sorting, self.swap = [], set()
        if self.card is None:
            self.turned = False

    def _still_good(self, clicks: list) -> list:
        """The longest start of ``clicks`` that still starts a legal intent's gesture (after an
        intent, a train stays selected for its next Move)."""
        clicks = [c for c in clicks if c[0] == "click"]
        while clicks and not self._candidates(clicks):
            clicks = clicks[:-1]
        return clicks

    def say(self, text: str, error: bool = False, warning: bool = False) -> None:
        """Set the message line: plain, a warning (nothing is wrong yet, but look), or an error."""
        self.message = text
        self.error = error
        self.warning = warning and not error
        self.said_at = len(self._game.history)  # the game's place the message speaks of

    @property
    def bot(self) -> str | None:
        """The name of the bot whose seat must decide now ("planner"), or None when a person must."""
        g = self._game
        spec = g.bots.get(g.actor) if g.actor is not None else None
        return None if spec is None else bot_name(spec)

    def _bot_refusal(self) -> bool:
        if self.bot is None:
            return False
        then = "wait, or press Skip to my turn" if self._game.humans else "every seat is a bot: watch, or Pause"
        self.say(f"{self._game.actor} ({self.bot}) is deciding: {then}.", error=True)
        return True

    @staticmethod
    def summary(events, limit: int = 240) -> str:
        """A short sentence or three from a batch of events (for the message line)."""
        shown = [str(e) for e in events if e.kind != "stage_end"][:3]
        text = " ".join(shown)
        return text if len(text) <= limit else text[: limit - 3] + "..."

    # ------------------------------------------------------------------ the gesture table

    def _legal(self):
        return self._game.legal

    def _table(self) -> list:
        """``[(intent, gesture), ...]`` for every legal intent and each of its gestures (the
        one-click shortcuts first, and without the longer gestures they shadow), kept while the
        legal intents and the options are the same (one game state)."""
        legal = self._legal()
        key = (self.quick_play, self.quick_discard)
        cached = self._table_cache[0]
        if cached is None or cached[0] is not legal or cached[1] != key:
            seat = self.seat
            rows = [] if seat is None else [(it, g) for it in legal for g in gs.gestures(self.state, seat, it)]
            short = [] if seat is None else sc.shortcuts(
                self.state, seat, legal, self.quick_play, self.quick_discard,
                lambda: explain.discard_dept(self._game))
            if short:
                firsts = {g[0] for _, g in short}
                rows = short + [(it, g) for it, g in rows if g[0] not in firsts or len(g) == 1]
            if self.quick_play or self.quick_discard:  # a card whose click is a shortcut: its Department first
                rows += [(it, sc.dept_first(it)) for it in legal if sc.dept_first(it) is not None]
            self._table_cache = ((legal, key), rows)
            self._shortcut_rows = set(short)
        return self._table_cache[1]

    def one_click(self, target):
        """The intent a click on ``target`` makes at once through a one-click shortcut now
        (``widgets.shortcuts``), or None (a click there selects, or makes its usual intent)."""
        step = (("click", tuple(target)),)
        return next((it for it, g in self._table() if g == step and (it, g) in self._shortcut_rows), None)

    def is_shortcut(self, intent, gesture) -> bool:
        """Is this row of the gesture table a one-click shortcut (``widgets.shortcuts``)?"""
        self._table()
        return (intent, tuple(gesture)) in self._shortcut_rows

    def _candidates(self, steps) -> list:
        """The (intent, gesture) rows whose gesture starts with ``steps``."""
        steps = tuple(steps)
        n = len(steps)
        return [(it, g) for it, g in self._table() if g[:n] == steps]

    def _next_steps(self) -> list:
        """``(step, completes)`` for the next step of every gesture the clicks so far start."""
        n = len(self.clicks)
        out = {}
        for it, g in self._candidates(self.clicks):
            if len(g) > n:
                out[g[n]] = out.get(g[n], False) or len(g) == n + 1
        return list(out.items())

    # ------------------------------------------------------------------ helpers

    def _area(self):
        return self.state.areas[self.seat]

    def _own_trains(self) -> list:
        seat = self.seat
        if seat is None:
            return []
        return sorted((t for t in self.state.trains.values() if t.where == Where.AREA and t.seat == seat),
                      key=lambda t: t.tray)

    def card_name(self, card: str) -> str:
        """A card's name, or its id when it is no card of this game."""
        try:
            return spec_of(self.state, card).name
        except (KeyError, ValueError):
            return card

    def train_label(self, tray: int) -> str:
        """'train 5 (tray 2)', or 'Crew Tray 2' when the tray is empty."""
        t = self.state.trains.get(tray)
        return f"train {t.label} (tray {tray})" if t else f"Crew Tray {tray}"

    def _owner_name(self, seat: int) -> str:
        for p in self.state.players:
            if p.seat == seat:
                return p.name
        return f"seat {seat}"

    def _said(self, it) -> str:
        return capital(say_intent(self.state, it, self.seat)) if self.seat is not None else str(it)

    def apply(self, intent, keep: list | None = None) -> bool:
        """Send an intent through ``game.apply``; on refusal the message says the engine's reason.
        ``keep``: the clicks that made it (the part that still starts a gesture stays selected)."""
        self.busy = True  # the board tells its own changes from a script's
        try:
            it = parse(intent)
            words = self._said(it)
            actor = self._game.actor
            before = self._context()
            events = self._game.apply(it)
        except IllegalIntent as e:
            self.say(for_mouse(str(e)), error=True)
            return False
        finally:
            self.busy = False
        self._after_change(keep, before)
        text = self.summary(events) or f"Done: {words}."
        if isinstance(it, Move) and self.tray == it.tray and self._game.actor is not None:
            label = capital(self.train_label(it.tray))
            if any(isinstance(c, Move) for c, _ in self._candidates(self.clicks)):
                text += (f" {label} is still selected: click a highlighted spot for its next Move, "
                         f"set out cars, or {explain.end_label(self.state)}.")
            else:
                text += f" No Moves left: {label} may still set out cars; {explain.end_label(self.state)} when done."
        self.say(text)
        self.settle(actor)
        return True

    def settle(self, actor: str | None = None) -> int:
        """Apply the decisions the options make by themselves for a person's seat, each through
        ``game.apply`` (recorded, logged, undoable) with its reason added to the message: a draw
        with nothing left to play ends (``auto_end_draw``, only for ``actor``, the player who
        just acted, when given); a clearance whose Clear would surely collide is held
        (``auto_hold``). Returns how many were applied."""
        done = 0
        for _ in range(100):  # a bound: each one moves the game on
            g = self._game
            if g.is_over or g.actor is None or self.bot is not None:
                break
            n = len(g.history)
            if self.auto_end_draw and (actor is None or g.actor == actor) \
                    and explain.idle_draw(self.state, self._legal()):
                self._by_itself(End(), "Nothing in hand can be played now, so the draw ended by itself.")
            elif self.auto_hold and (crash := explain.sure_collision(g)):
                tr = pending_train(self.state)
                who = f"train {tr.label}" if tr else "the train"
                self._by_itself(Clearance(False), f"{capital(who)} was held by itself: clearing it would be a "
                                                  f"collision ({crash.rstrip('.')}).")
            else:
                break
            done += 1
            if len(self._game.history) == n:  # nothing moved on (a remote seat's apply is the server's)
                break
        return done

    def _by_itself(self, it, why: str) -> None:
        """Apply an intent an option makes by itself, logged, its events in the message after the
        last one's."""
        before = self.message
        self.busy = True
        try:
            events = self._game.apply(it)
        finally:
            self.busy = False
        self._after_change([], self._context())
        tail = self.summary(events)
        self.say(f"{before} {why}".strip() + (f" {tail}" if tail else ""))

    def obvious_work(self) -> list:
        """The earning Load/Unload intents any player would take now, in order: every Porter and
        Laborer action (each earns or moves a load on to earning, and none costs anything); each
        is applied as its own intent by ``work_all``."""
        if not explain.working(self.state) or self.bot is not None:
            return []
        return [it for it in self._legal() if isinstance(it, explain.EARNING)]

    def work_everything(self) -> bool:
        """Apply every obvious Load/Unload action, one intent at a time (re-asked after each: a
        load moved on may open the next box), until none is left. True if any was applied."""
        done, said = 0, []
        for _ in range(200):  # a bound: each intent moves a load one step on
            todo = self.obvious_work()
            if not todo:
                break
            if not self.apply(todo[0]):
                break
            done += 1
            said.append(self.message)
        if done:
            self.say(f"Worked all ({done} action{'s' if done != 1 else ''}): " + " ".join(said)[:400])
        else:
            self.say("Nothing to work: no Porter or Laborer action earns now.", error=True)
        return bool(done)

    def switch_problem(self) -> str | None:
        """Why choosing Switch now would waste the Stage (no train of the actor's could make a
        Move or set out cars after it), or None. Asked of a copy of the game; kept until the game
        changes."""
        return self._switch_check()[0]

    def movable_after_switch(self) -> set:
        """The trays of the actor's trains that could move or set out cars once Switch is chosen."""
        return self._switch_check()[1]

    def _switch_check(self) -> tuple:
        g = self._game
        key = (id(g), id(g.legal))
        if self._switch_cache[0] == key:
            return self._switch_cache[1]
        reason, movable = None, set()
        if Switch() in g.legal:
            if not self._own_trains():
                reason = NO_TRAIN
            else:
                trial = g.copy()
                trial.apply(Switch())
                movable = {it.tray for it in trial.legal if isinstance(it, SWITCHING)}
                if not movable:
                    reason = NO_MOVE
        self._switch_cache = (key, (reason, movable))
        return reason, movable

    def selection(self) -> str:
        """What is selected now, in words (the board always shows it)."""
        if self._game.is_over or self.bot or self.state.turn.pending is not None:
            return ""
        sv = self.serves
        if sv:
            return (f"Selected: the {self.card_name(sv['card'])}, to lay"
                    f"{' turned' if sv['turned'] else ''} — now click the facility it serves.")
        if self.card is not None:
            return f"Selected: the {self.card_name(self.card)}{' (to lay turned)' if self.turned else ''}."
        if self.tray is not None:
            return f"Selected: {self.train_label(self.tray)}."
        if self.facility is not None:
            return f"Selected: {place_name(self.state, self.seat, self.facility)}."
        return "Nothing selected."

    def _refuse(self, intent, fallback: str) -> None:
        """Say why an intent is not legal (the engine's words), or the fallback if it is."""
        reason = self._game.why_not(intent) if intent is not None else None
        self.say(for_mouse(reason) if reason else fallback, error=True)

    # ------------------------------------------------------------------ prompts

    def status(self) -> str:
        """Whose decision it is and what about, e.g. 'Day 1, Stage 1 (Midnight), Local Operations:
        Ann to choose a Local Operations option'."""
        g, s = self._game, self.state
        if g.is_over:
            return f"Game over: {g.outcome.reason}"
        who = f"{g.actor} ({self.bot})" if self.bot else g.actor
        return (f"Day {s.day}, Stage {s.stage} ({CLOCK[s.stage - 1]}), {PHASE_NAMES[s.phase]}: "
                f"{who} to {g.decision}")

    def _kinds(self) -> set:
        return {type(it) for it in self._legal()}

    def hint(self) -> str:
        """What the actor can click now, from the gestures the clicks so far start."""
        g, s = self._game, self.state
        if g.is_over:
            return "Start a new game with New game, or Undo to look back."
        if self.bot:
            return f"{g.actor} ({self.bot}) is deciding."
        if s.turn.pending is not None:  # answered with the buttons
            said = detail(s)
            return said[0].upper() + said[1:] + ("" if said.endswith("?") else ".")
        kinds = self._kinds()
        end = f", or {explain.end_label(s)}" if End in kinds else ""
        sv = self.serves
        if sv:
            return f"Click the facility the {self.card_name(sv['card'])} serves."
        if self.card is not None:
            name = self.card_name(self.card)
            if is_opponent_card(s, self.card):  # [O2]
                return (f"Click a highlighted target in another player's Office Area (a train, a spot, their name "
                        f"plate) to play the {name} on them, or a Department to discard it.")
            return f"Click a highlighted spot to lay the {name}, or a Department to discard it."
        if self.tray is not None:
            cands = {type(it) for it, _ in self._candidates(self.clicks)}
            if cands & {Board, Detrain}:
                return capital(self._porter_choices(self.tray, cands)) + "."
            extra = "".join(f", {YARD_HINTS[k]}" for k in (Sort, Fly, Exchange) if k in cands)
            return (f"Click a highlighted spot to move {self.train_label(self.tray)} "
                    f"({s.turn.moves_left} Moves left), set out cars{extra}{end}.")
        if self.facility is not None:
            return f"Choose what to do at {place_name(s, self.seat, self.facility)} with the buttons{end}."
        if kinds & set(OPTIONS):
            parts = []
            if Switch in kinds:
                parts.append("Switch (or click one of your trains)")
            if Draw in kinds:
                parts.append("Draw (click the Home Office or a Department)")
            if any(isinstance(it, Agent) and it.at is not None for it in self._legal()):
                parts.append("click a facility for a Freight Agent action")
            return "Choose: " + ", ".join(parts[:-1]) + (", or " if len(parts) > 1 else "") + parts[-1] + "."
        if kinds & set(SWITCHING):
            return f"Click a train to switch with ({s.turn.moves_left} Moves left){end}."
        if kinds & {Play, Discard}:
            over = self.quick_discard and End not in kinds
            if over and any(isinstance(self.one_click(("hand", c)), Discard) for c in s.players[self.player].hand):
                return ("Your hand is over its limit: click a card that cannot be played to discard it (or a "
                        "Department, then the card), or play one.")
            if self.quick_play or self.quick_discard:
                return (f"Click a card in your hand (one that fits one place is played at once) or a highlighted "
                        f"spot; to discard, click a Department, then the card{end}.")
            return f"Click a card in your hand to play or discard it{end}."
        if kinds & {Work, Board, Detrain}:
            more = " (or Work all)" if self.work_all and self.obvious_work() else ""
            return ("Click a facility's boxes for a Laborer, or a train at your Office then Board/Detrain "
                    f"for a Porter{more}; {explain.end_label(s)} when done.")
        if End in kinds:
            return f"Nothing else to do: press {explain.end_label(s)}."
        return ""

    # ------------------------------------------------------------------ buttons

    def button_label(self, it) -> str:
        """A button's label for an intent, by its class and fields."""
        s = self.state
        if isinstance(it, Clearance):
            tr = pending_train(s)
            train = f" train {tr.label}" if tr else ""
            return f"Clear{train}" if it.clear else f"Hold{train}"
        if isinstance(it, Run):
            return f"Run {it.direction}"
        if isinstance(it, Grade):
            return f"Uphill {it.direction}"
        if isinstance(it, End):
            return explain.end_label(s)
        if isinstance(it, (Board, Detrain)):
            verb = "Board" if isinstance(it, Board) else "Detrain"
            which = f", car {it.car}" if it.car is not None else ""  # [L2]: the player's choice of coach
            return f"{verb} {self.train_label(it.tray)}{which}"
        if isinstance(it, Work):
            return f"Laborer: {it.box} box"
        if isinstance(it, Agent):
            return {"stock": "Agent: stock", "clear": "Agent: clear red box", "pass": "Agent pass"}.get(
                it.action, f"Agent: unjam {it.box}")
        if isinstance(it, SetOut):
            return f"Set out {it.end} {it.count}"
        if isinstance(it, Discard):
            return f"Discard to Dept {it.dept}"
        if isinstance(it, Play):
            name = self.card_name(it.card)
            if it.against is not None and it.at is None:  # on a player ([O2])
                return f"{name}: against {it.against}"
            if it.tray is not None:
                return f"{name}: {self.train_label(it.tray)}"
            if it.mainline is not None:
                return f"{name}: {s.mainline[it.mainline - 1]}"
            return f"Play {name}"
        return capital(str(it))

    STYLES = {Clearance: None, Run: "primary", Grade: "primary", Place: "", End: "warning", Board: "info",
              Detrain: "info", Work: "info", SetOut: "info", Discard: "", Play: "success"}

    def actions(self) -> list:
        """The buttons to show now: the legal intents whose gesture, after the clicks so far, goes
        on with a button; the options of Local Operations always (greyed, with the reason, when
        not legal); End."""
        g, s = self._game, self.state
        if g.is_over or self.bot:
            return []
        legal = self._legal()
        kinds = self._kinds()
        seat = self.seat
        out: list = []

        def add(it, label=None, style=None, enabled=True, tip=""):
            style = self.STYLES.get(type(it), "") if style is None else style
            if isinstance(it, Clearance):
                style = "success" if it.clear else "warning"
            out.append(Action(label or self.button_label(it), str(it), tip or capital(say_intent(s, it, seat)), enabled,
                              it, style))

        def maybe(it, label=None, style=None):
            reason = g.why_not(it)
            tip = for_mouse(reason) if reason else capital(say_intent(s, it, seat))
            add(it, label, style, reason is None, capital(tip))

        n = len(self.clicks)
        pressed = []  # the intents whose next step is a press of their own text
        for it, gest in self._candidates(self.clicks):
            if len(gest) == n + 1 and gest[n] == gs.press(it) and (n > 0 or len(gest) == 1) and it not in pressed:
                pressed.append(it)
        if s.turn.pending is not None:
            for it in legal:
                add(it)
            return out
        if kinds & set(OPTIONS):  # the choice of a Local Operations option
            problem = self.switch_problem()
            if problem:
                out.append(Action("Switch", str(Switch()), problem, False, Switch(), "primary"))
            else:
                maybe(Switch(), "Switch", "primary")
            maybe(Draw("home"), "Draw home", "primary")
            for k in (1, 2, 3):
                maybe(Draw(k), f"Take Dept {k}")
            for it in pressed:
                if isinstance(it, Agent) and it.at is not None:
                    add(it)
            maybe(Agent("pass"), "Agent pass", "warning")
            return out
        card = self.card
        if card is not None:
            plays = [it for it in pressed if isinstance(it, Play)]
            out += [Action(self.button_label(it), str(it), self._said(it), True, it, "success")
                    for it in sorted(plays, key=lambda p: (p.at is not None or p.tray is not None
                                                            or p.mainline is not None or p.against is not None))]
            if any(isinstance(it, Play) and it.card == card and it.turned for it in legal):
                out.append(Action("Turned", "ui:turned", "lay the card turned half round", True, None,
                                  "", self.turned))
            for it in legal:
                if isinstance(it, Discard) and it.card == card:
                    add(it)
            out.append(Action("Cancel", "ui:cancel", "clear the selection"))
        elif self.tray is not None:
            for it in pressed:
                if isinstance(it, (SetOut, Board, Detrain)):
                    add(it)
            out += self._other_way_moves(legal)
            out += self._yard_actions(legal)
        elif self.facility is not None:
            for it in pressed:
                if isinstance(it, Work):
                    add(it, tip=self._said(it))
        if kinds & {Board, Detrain} and self.tray is None:  # the Porters' buttons for every train at the Office
            for it in legal:
                if isinstance(it, (Board, Detrain)):
                    add(it)
        if self.work_all and self.obvious_work():
            n_work = len(self.obvious_work())
            out.append(Action("Work all", WORK_ALL, f"Apply every Porter and Laborer action that earns now "
                              f"({n_work} to start with), one by one", True, None, "success"))
        if End in kinds or Discard in kinds:
            maybe(End())
        return out

    def _other_way_moves(self, legal) -> list:
        """Buttons for the selected train's Moves that a click on their spot cannot make: a spot it
        reaches both ways (round a loop, or back after a run-round), where the click goes on the way
        the train already moves (``gestures.prefer``)."""
        mine = [it for it in legal if isinstance(it, Move) and it.tray == self.tray]
        out = []
        for it in mine:
            both = [m for m in mine if m.to == it.to]
            if len(both) > 1 and it not in gs.prefer(self.state, both, self.turned):
                card = self.card_name(self.state.areas[self.seat].grid[it.to].card)
                out.append(Action(f"Move {it.direction} to the {card}", str(it), self._said(it), True, it, "info"))
        return out

    # ------------------------------------------------------------------ yard work ([K3]-[K5])

    def _yard_actions(self, legal) -> list:
        """Buttons for the selected train's yard work: a Fly button per cut and spur it can roll
        into; on a Small Yard, the cars to pick from the front ("Sort: 1st empty hopper", one button
        per kind of car left, the last car follows by itself); on an Interchange, a toggle per car to
        leave or take and the Exchange button."""
        s, tray = self.state, self.tray
        t = s.trains.get(tray)
        mine = [it for it in legal if isinstance(it, (Sort, Fly, Exchange)) and it.tray == tray]
        if t is None or not mine:
            return []
        out = []
        for it in mine:
            if isinstance(it, Fly):
                cars = f"{it.count} car{'s' if it.count != 1 else ''}"
                out.append(Action(f"Fly {cars} to the {self.card_name(s.areas[self.seat].grid[it.to].card)}",
                                  str(it), self._said(it), True, it, "info"))
        if any(isinstance(it, Sort) for it in mine):
            left = [c for c in t.cars if c not in self.sorting]
            seen = set()
            for c in left:
                looks = car_words([c])
                if looks in seen:
                    continue
                seen.add(looks)
                nth = ORDINALS[len(self.sorting)]
                out.append(Action(f"Sort: {nth} {looks[4:]}", f"ui:sort {c}",
                                  f"Put {looks} {nth} from the front in the new order", True, None, "info"))
            if self.sorting:
                out.append(Action("Cancel sort", "ui:cancel", "forget the order chosen so far"))
        if any(isinstance(it, Exchange) for it in mine):
            waiting = s.areas[self.seat].grid[t.pos].cars
            for k, c in enumerate(t.cars, 1):
                out.append(Action(f"Leave car {k} ({car_words([c])[4:]})", f"ui:swap {c}",
                                  f"Leave {car_words([c])} on the Interchange", True, None, "", c in self.swap))
            for k, c in enumerate(waiting, 1):
                out.append(Action(f"Take waiting car {k} ({car_words([c])[4:]})", f"ui:swap {c}",
                                  f"Take {car_words([c])} from the Interchange", True, None, "", c in self.swap))
            it = self._exchange_of(t, waiting)
            if it is None:
                out.append(Action("Exchange", "ui:exchange", "Choose cars to leave or take first", False, None, "success"))
            else:
                reason = self._game.why_not(it)
                tip = capital(for_mouse(reason)) if reason else self._said(it)
                out.append(Action("Exchange", str(it), tip, reason is None, it, "success"))
        return out

    def _exchange_of(self, t, waiting):
        """The exchange the toggled cars make (None while none is toggled)."""
        leave = [c for c in t.cars if c in self.swap]
        take = [c for c in waiting if c in self.swap]
        if not leave and not take:
            return None
        return parse(f"exchange {t.tray}" + (" leave " + " ".join(leave) if leave else "")
                     + (" take " + " ".join(take) if take else ""))

    def _pick_for_sort(self, car: str) -> bool:
        """One car chosen for the next place of a Small Yard sort; the last car follows by itself
        and the sort is made."""
        t = self.state.trains.get(self.tray) if self.tray is not None else None
        if t is None or car not in t.cars or car in self.sorting:
            self.say("Click the train on the Small Yard first, then its Sort buttons.", error=True)
            return False
        self.sorting.append(car)
        left = [c for c in t.cars if c not in self.sorting]
        if len(left) > 1:
            said = car_words(self.sorting)
            self.say(f"New order so far, from the front: {said}. Choose the next car.")
            return False
        order, self.sorting = self.sorting + left, []
        it = Sort(t.tray, tuple(order))
        if self._game.why_not(it) is not None:
            self._refuse(it, "That order cannot be made.")
            return False
        return self.apply(it, self.clicks)

    def _toggle_swap(self, car: str) -> bool:
        self.swap ^= {car}
        t = self.state.trains.get(self.tray) if self.tray is not None else None
        if t is None:
            self.swap = set()
            return False
        waiting = self.state.areas[self.seat].grid[t.pos].cars
        it = self._exchange_of(t, waiting)
        if it is None:
            self.say("Nothing chosen to leave or take.")
        else:
            reason = self._game.why_not(it)
            self.say(self._said(it) + (f" — not yet: {for_mouse(reason)}." if reason else ". Press Exchange."))
        return False

    def press(self, key: str) -> bool:
        """A button: an intent's text, or ``ui:turned`` / ``ui:cancel`` / ``ui:sort CAR`` /
        ``ui:swap CAR`` / ``ui:work_all``."""
        if key.startswith("ui:sort "):
            return self._pick_for_sort(key.split(" ", 1)[1])
        if key.startswith("ui:swap "):
            return self._toggle_swap(key.split(" ", 1)[1])
        if key == "ui:exchange":  # the Exchange button before any car is chosen
            self.say("Choose the cars to leave or take first (the Leave and Take buttons).", error=True)
            return False
        if key == "ui:turned":
            self.turned = not self.turned
            if self.card is not None:
                self.clicks = self.clicks[:1]  # a spot chosen the other way round is chosen again
            self.say(f"The {self.card_name(self.card)} will be laid {'turned' if self.turned else 'as printed'}."
                     if self.card else "")
            return True
        if key == "ui:cancel":
            if self.sorting:  # cancels the sort being chosen, the train stays selected
                self.sorting = []
                self.say("")
                return True
            self._clear()
            self.say("")
            return True
        if self._bot_refusal():
            return False
        if key == WORK_ALL:
            return self.work_everything()
        try:
            it = parse(key)
        except IllegalIntent as e:
            self.say(for_mouse(str(e)), error=True)
            return False
        return self.apply(it, self.clicks)

    # ------------------------------------------------------------------ highlights

    def highlights(self) -> list:
        """``(target, kind)`` pairs for the highlight layer; kind is "selected", "target" (a click
        there makes an intent), "turned" (the selected card fits there only the other way round;
        a click lays it so), "option" (a click there selects something) or "hint" (what the Hint
        suggests)."""
        g, s = self._game, self.state
        if g.is_over or s.turn.pending or self.bot:
            return []
        out = [(step[1], "selected") for step in self.clicks if step[0] == "click"]
        seen = {t for t, _ in out}
        n = len(self.clicks)
        movable = None
        for it, gest in self._candidates(self.clicks):
            if len(gest) <= n or gest[n][0] != "click":
                continue
            target = gest[n][1]
            if isinstance(it, Switch):  # only the trains that could move once Switch is chosen
                movable = self.movable_after_switch() if movable is None else movable
                if target[1] not in movable:
                    continue
            if isinstance(it, Play) and it.turned != self.turned and len(gest) == n + 1:
                kind = "turned"
            else:
                kind = "target" if len(gest) == n + 1 and not isinstance(it, Switch) else "option"
            if (target, kind) not in seen:
                seen.add((target, kind))
                out.append((target, kind))
        turned = {t for t, k in out if k == "turned"}
        plain = {t for t, k in out if k == "target"}
        return [(t, k) for t, k in out if not (k == "turned" and t in plain)] if turned else out

    # ------------------------------------------------------------------ clicks

    def click(self, target) -> bool:
        """Handle a click on a hit target (None: empty table). Returns True if an intent was applied."""
        g = self._game
        if target is None:
            self._clear()
            self.say("")
            return False
        target = tuple(target)
        if g.is_over:
            self.say(f"The game is over: {g.outcome.reason} Start a new game, or Undo.", error=True)
            return False
        if self._bot_refusal():
            return False
        kind = target[0]
        if kind == "button":
            name = target[1]
            if name in ("turned", "cancel"):
                self.press(f"ui:{name}")
                return False
            return self.press(name)
        if kind == "situation":
            return self._click_situation()
        if self.seat is None:
            return False
        if not any(g_[0][0] == "click" for _, g_ in self._table()):  # a decision made with buttons only
            labels = ", ".join(a.label for a in self.actions())
            self.say(f"{g.actor} must {g.decision} first: {labels}.", error=True)
            return False
        step = ("click", target)
        if self.clicks and self.clicks[-1] == step:  # a second click on the selected thing unselects it
            self.clicks = self.clicks[:-1]
            if self.card is None:
                self.turned = False
            self.sorting, self.swap = [], set()
            self.say("")
            return False
        alts = [("click", a) for a in gs.alternatives(self.state, self.seat, target)]
        fresh = alts if target[0] != "tray" else []  # alone, a click on a train is not one on its spot
        going_on = alts if self.clicks else fresh
        for seq in ([*self.clicks, step], *([*self.clicks, a] for a in going_on), [step], *([a] for a in fresh)):
            cands = self._candidates(seq)
            if cands and self.card is not None and len(seq) == 1 and seq[0][1][0] in ("spot", "box") \
                    and all(self.is_shortcut(it, g) for it, g in cands):
                continue  # a spot the selected card does not fit: its reason, not another card played there
            if cands:
                return self._go_on(seq, cands)
        self._explain_refusal(target)
        return False

    def _go_on(self, seq: list, cands: list) -> bool:
        """The clicks so far start these gestures: apply the one they complete, or keep them."""
        n = len(seq)
        if seq[0] != (self.clicks[:1] or [None])[0]:
            self.turned = False
            self.sorting, self.swap = [], set()
        complete = list(dict.fromkeys(it for it, g in cands if len(g) == n))
        if complete:
            chosen = gs.prefer(self.state, complete, self.turned)
            if len(chosen) > 1 and len(seq) == 1:  # one click, several things: choose with the buttons
                alts = [("click", a) for a in gs.alternatives(self.state, self.seat, seq[0][1])]
                more = next(([a] for a in alts if self._candidates([a])), None)
                if more is not None:
                    return self._go_on(more, self._candidates(more))
                if all(isinstance(it, (Board, Detrain)) for it in chosen):
                    self.say("Several trains stand at your Office: click the one to work first.", error=True)
                    return False
            it = chosen[0]
            if isinstance(it, Switch) and seq[0][1][0] == "tray":
                return self._switch_with(seq)
            flipped = isinstance(it, Play) and it.turned != self.turned
            quick = isinstance(it, Discard) and len(seq) == 1 and self.is_shortcut(it, tuple(seq))
            why = self.why_nowhere(it.card) if quick else ""
            if not self.apply(it, seq):
                return False
            if quick:  # a quick discard ([quick_discard]): why the card could not be played, and the way back
                self.say(f"{self.message} {why} Your hand was over its limit; Undo takes it back.")
            if flipped:
                self.say(f"{self.message} (The {self.card_name(it.card)} fits there only "
                         f"{'as printed' if self.turned else 'turned'}, so it was laid that way.)")
            return True
        plays = [it for it, _ in cands if isinstance(it, Play)]
        if plays and len(seq) == 2 and not any(p.turned == self.turned for p in plays):
            self.turned = not self.turned  # it fits there only the other way round
        self.clicks = list(seq)
        self.sorting, self.swap = [], set()
        self._say_selected(cands)
        return False

    def _switch_with(self, seq: list) -> bool:
        """A click on one of the player's trains while Switch may be chosen: choose it and keep
        the train selected, unless no train, or not this one, could move after it."""
        tray = seq[0][1][1]
        label = self.train_label(tray)
        problem = self.switch_problem()
        if problem:
            self.say(f"{problem} Draw instead, or click a facility for the Freight Agent.", error=True)
            return False
        movable = self.movable_after_switch()
        if tray not in movable:
            others = ", ".join(self.train_label(t) for t in sorted(movable))
            self.say(f"{capital(label)} cannot make a Move or set out cars this Stage; "
                     f"{others} can: click it to switch with it.", error=True)
            return False
        if self.apply(Switch(), seq):
            self.say(f"You switch this Stage. {capital(label)} is selected: click a "
                     "highlighted spot to move it, or set out cars.")
            return True
        return False

    def _say_selected(self, cands: list) -> None:
        """The message for a selection that goes on: what to click next."""
        s, seat = self.state, self.seat
        kinds = {type(it) for it, _ in cands}
        first = self.clicks[0][1]
        if first[0] == "hand":
            self._say_card_selected(first[1], [it for it, _ in cands])
        elif first[0] == "tray":
            label = capital(self.train_label(first[1]))
            if kinds & {Board, Detrain}:
                self.say(f"{label} is selected: {self._porter_choices(first[1], kinds)}.")
            else:
                self.say(f"{label} is selected: click a highlighted spot, or set out cars.")
        elif first[0] == "spot":
            name = capital(place_name(s, seat, tuple(first[2:4])))
            if Agent in kinds:
                self.say(f"{name} is selected: choose a Freight Agent action with the buttons.")
            elif Work in kinds:
                self.say(f"{name} is selected: choose a Laborer action with the buttons, or click its boxes.")
            else:
                self.say(f"{name} is selected: choose with the buttons.")
        elif first[0] == "dept" and Discard in kinds:
            self.say(f"Department {first[1]} is selected: click the card in your hand to discard there.")
        else:
            self.say("Now click one of the highlighted places.")

    def _say_card_selected(self, card: str, cands: list) -> None:
        s = self.state
        name = self.card_name(card)
        if self.serves:
            sv = self.serves
            names = ", ".join(place_name(s, self.seat, t) for t in sv["targets"])
            self.say(f"That spot stands beside several facilities ({names}): click the highlighted "
                     f"one the {name} serves.")
            return
        plays = [it for it in cands if isinstance(it, Play)]
        rules = rules_of(s, card)
        if plays and is_opponent_card(s, card):  # [O2]
            where = ("a highlighted train in another player's Office Area" if rules.on_train else
                     "a highlighted spot in another player's Office Area" if rules.needs_spot else
                     "the highlighted name plate of the player (or press their button)")
            self.say(f"The {name} is selected: click {where} to play it on them, or a Department to discard it.")
        elif any(it.tray is not None for it in plays):
            self.say(f"The {name} is selected: press the button of the train to give it to, or click a "
                     "Department to discard it.")
        elif any(it.mainline is not None for it in plays):
            self.say(f"The {name} is selected: press the button of the Mainline card to put it on, or "
                     "click a Department to discard it.")
        elif any(it.at is None for it in plays):
            self.say(f"The {name} is selected: press Play {name}, or click a Department to discard it.")
        elif plays and rules.on_card:  # an enhancement goes on a card of the Area ([E1])
            self.say(f"The {name} is selected: click a highlighted card of your Office Area to put it on, or "
                     "a Department to discard it.")
        elif plays:
            flat = any(not it.turned for it in plays)
            turned = any(it.turned for it in plays)
            how = ("" if not turned else " (dashed spots: it fits there only turned; a click there lays it "
                   "turned)" if flat else " — it fits only turned: a click on a highlighted spot lays it turned")
            self.say(f"The {name} is selected: click a highlighted spot to lay it{how}, or a Department to "
                     "discard it.")
        else:
            self.say(f"The {name} is selected. {self.why_nowhere(card)} Click a Department to discard it.")

    # ------------------------------------------------------------------ refusals: the nearest intent

    def _explain_refusal(self, target) -> None:
        """No legal intent's gesture goes on with this click: say the engine's reason for the
        intent the click comes nearest to (a click on a card's spot with the card selected: that
        Play; on a train's destination: that Move), never nothing."""
        s, g, seat = self.state, self._game, self.seat
        kind = target[0]
        card, tray = self.card, self.tray
        legal_kinds = self._kinds()
        if kind in ("spot", "box") and target[1] != seat and card is None:
            self.say(f"That is {self._owner_name(target[1])}'s Office Area; {g.actor} acts in their own "
                     "(the one marked as yours).", error=True)
            return
        if kind == "player":
            if card is not None and is_opponent_card(s, card):
                it = Play(card, against=name_for_intent(s, self._player_at(target[1])))
                return self._refuse(it, f"The {self.card_name(card)} cannot be played there.")
            self.say(f"That is {self._owner_name(target[1])}'s name plate: select a card played on a player (an ICC "
                     "Fine, a Freight Claim) first.", error=True)
            return
        if card is not None:
            return self._refuse_card(card, target)
        if kind == "tray":
            return self._refuse_tray(target[1])
        if kind == "home":
            return self._refuse(Draw("home"), "You cannot draw now.")
        if kind == "dept":
            if Discard in legal_kinds:
                self.say("To discard, click the card in your hand first, then the Department.", error=True)
                return
            return self._refuse(Draw(target[1]), "You cannot take that Department now.")
        if kind == "hand":
            return self._refuse(Discard(target[1], 1), "You cannot play cards now.")
        xy = tuple(target[2:4])
        if kind == "spot" and tray is not None:
            t = s.trains[tray]
            if t.pos == xy:
                self.say(f"{capital(self.train_label(tray))} already stands there.", error=True)
                return
            d = "west" if xy[0] < t.pos[0] else "east"
            return self._refuse(Move(tray, d, xy), f"{capital(self.train_label(tray))} cannot reach "
                                                   f"{place_name(s, seat, xy)}.")
        if kind == "spot" and (legal_kinds & set(SWITCHING)):
            self.say("Click one of your trains first, then where it should go.", error=True)
            return
        if kind == "box" and xy == (0, 0) and (legal_kinds & {Board, Detrain, Work}):
            cls = Board if target[4] == "green" else Detrain if target[4] == "red" else None
            if cls is None:
                self.say("At the Office, click the green box to board or the red box to detrain.", error=True)
                return
            here = [t.tray for t in self._own_trains() if t.pos == (0, 0)]
            if tray is not None and tray in here:  # the selected train: why not it
                here = [tray]
            reasons = [r for r in (self._game.why_not(cls(t)) for t in here) if r]
            verb = "board" if cls is Board else "detrain"
            if len([1 for it, gest in self._candidates([("click", target)])]) > 1:
                self.say("Several trains stand at your Office: click the one to work first.", error=True)
            elif reasons:  # the engine's reason the box's Porter action is refused
                self.say(capital(for_mouse(reasons[0])) + ".", error=True)
            elif here:
                self.say(f"Click the train to {verb} first, then the {target[4]} box.", error=True)
            else:
                self.say("No train stands at your Office for a Porter to work.", error=True)
            return
        if legal_kinds & {Work, Board, Detrain}:
            if kind == "box" and target[4] == "red":
                self.say("A Laborer does not empty a red box; the Freight Agent clears it in Local Operations.",
                         error=True)
                return
            if xy in self._area().facilities:
                return self._refuse(Work(xy, target[4] if kind == "box" else "green"),
                                    f"No Laborer action at {place_name(s, seat, xy)}.")
            self.say("Click a facility's boxes for a Laborer, or a train at your Office for a Porter.", error=True)
            return
        if Agent in legal_kinds:
            if xy in self._area().facilities:
                return self._refuse(Agent("stock", xy), f"The Freight Agent has nothing to do at "
                                                        f"{place_name(s, seat, xy)}.")
            self.say("Choose a Local Operations option: Switch, Draw, or click a facility for the "
                     "Freight Agent.", error=True)
            return
        if kind == "box":
            return self._refuse(Agent("stock", xy), "Freight Agent actions are a Local Operations option of their own.")
        self.say(f"Nothing to do there now: {g.actor} must {g.decision}.", error=True)

    def _porter_choices(self, tray: int, kinds) -> str:
        """What a Porter may do with this train now, and why not the other ("board: click the
        Office's green box or press Board; no detraining: Train 12 has no loaded coach")."""
        out = []
        for cls, verb, box in ((Board, "board", "green"), (Detrain, "detrain", "red")):
            if cls in kinds:
                out.append(f"{verb}: click the Office's {box} box or press {verb.capitalize()}")
            else:
                reason = self._game.why_not(cls(tray))
                if reason:
                    out.append(f"no {verb}ing: {for_mouse(reason)}")
        return "; ".join(out)

    def _player_at(self, seat: int) -> int:
        return next(i for i, p in enumerate(self.state.players) if p.seat == seat)

    def _refuse_tray(self, tray: int) -> None:
        s = self.state
        t = s.trains.get(tray)
        if t is None:
            self.say(f"Crew Tray {tray} is free; no train uses it.", error=True)
            return
        label = self.train_label(tray)
        if not (t.where == Where.AREA and t.seat == self.seat):
            self.say(f"{capital(label)} is not in your Office Area.", error=True)
            return
        kinds = self._kinds()
        if kinds & {Board, Detrain, Work}:
            if t.pos != (0, 0):
                self.say(f"Porters work trains standing at your Office; {label} is not there.", error=True)
            else:
                self._refuse(Board(tray), f"{capital(label)} has no coach to board or detrain.")
            return
        if Switch in kinds or not kinds & set(SWITCHING):
            return self._refuse(Switch() if Agent in kinds else Move(tray, "east", t.pos),
                                f"{capital(label)} cannot be switched now.")
        self._refuse(Move(tray, "east", t.pos), f"{capital(label)} cannot move now.")

    def _refuse_card(self, card: str, target) -> None:
        """A click that no gesture of the selected card goes on with: the engine's reason for the
        Play (or Discard) it comes nearest to."""
        s = self.state
        kind = target[0]
        name = self.card_name(card)
        rules = rules_of(s, card)
        opponent = is_opponent_card(s, card)
        if kind == "dept":
            return self._refuse(Discard(card, target[1]), f"The {name} cannot be discarded there.")
        if kind == "home":
            return self._refuse(Draw("home"), "You have drawn already this Stage.")
        if kind == "tray":
            t = s.trains.get(target[1])
            if opponent and rules.on_train:
                return self._refuse(Play(card, tray=target[1]), f"The {name} cannot be played there.")
            return self._refuse(Move(target[1], "east", t.pos if t else (0, 0)),
                                f"You chose to draw this Stage; {self.train_label(target[1])} stays put.")
        if kind in ("spot", "box", "player") and opponent:  # [O2]: the player whose spot or plate it is
            if not rules.on_player:
                where = ("a highlighted train in another player's Office Area" if rules.on_train else
                         "the name plate of the player to play it on")
                self.say(f"The {name} is played on an opponent: click {where}.", error=True)
                return
            at = tuple(target[2:4]) if kind != "player" and rules.needs_spot else None
            if rules.needs_spot and at is None:
                self.say(f"The {name} goes on a spot of another player's Office Area: click a "
                         "highlighted spot.", error=True)
                return
            it = Play(card, at, against=name_for_intent(s, self._player_at(target[1])))
            return self._refuse(it, f"The {name} cannot be played there.")
        if kind in ("spot", "box"):
            if target[1] != self.seat:
                self.say(f"That is {self._owner_name(target[1])}'s Office Area; {self._game.actor} acts in their "
                         "own (the one marked as yours).", error=True)
                return
            xy = tuple(target[2:4])
            if not rules.needs_spot:
                how = ("press the button of its train" if rules.on_train else
                       "press the button of its Mainline card" if rules.on_mainline else f"press Play {name}")
                return self._refuse(Play(card), f"The {name} needs no spot: {how}.")
            if self.serves:
                self.say(f"Click one of the highlighted facilities the {name} may serve (or Cancel).", error=True)
                return
            return self._refuse(Play(card, xy, self.turned), f"The {name} cannot go there.")
        self._refuse(Play(card), f"The {name} cannot be played there.")

    def why_nowhere(self, card: str) -> str:
        """Why a card in hand cannot be played now, for the mouse (the engine's reason for a spot
        beside the track when the card goes on a spot)."""
        name = self.card_name(card)
        rules = rules_of(self.state, card)
        if is_opponent_card(self.state, card):  # [O2]: why not on each other player, the first reason
            reasons = [self._game.why_not(Play(card, against=name_for_intent(self.state, i)))
                       for i in range(len(self.state.players)) if i != self.player]
            if rules.on_train:
                return f"The {name} has no train to go on: none stands in another player's Office Area open to it."
            shown = next((r for r in reasons if r), None)
            return f"The {name} cannot be played on anyone now" + (f" ({for_mouse(shown)})." if shown else ".")
        if not rules.needs_spot:
            reason = self._game.why_not(Play(card))
            return capital(for_mouse(reason)) + "." if reason else f"The {name} cannot be played now."
        area = self._area()
        on_card = rules.on_card  # an enhancement: the Area's cards are its places ([E1])
        free = sorted(set(area.grid) if on_card else
                      {(x + dx, y + dy) for (x, y) in area.grid for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
                      - set(area.grid), key=lambda c: (abs(c[1]), abs(c[0])))
        reasons: dict = {}
        for xy in free:
            r = self._game.why_not(Play(card, xy))
            if r:
                reasons[r] = reasons.get(r, 0) + 1
        where = "card" if on_card else "spot"
        if not reasons:
            return f"The {name} fits no {where} of your Office Area now."
        common = max(reasons, key=reasons.get)
        common = re.sub(r"^-?\d+,-?\d+ ", "that spot ", for_mouse(common))
        return f"The {name} fits no {where} of your Office Area now (for instance: {common})."

    def _click_situation(self, *rest) -> bool:
        """The Division's situation card (optional rule adversity, [W3]): a click says what it did."""
        sit = self.state.situation
        self.say(f"This Stage's situation card: {sit[2]}" if sit else "No situation card has been turned up yet.")
        return False

    # ------------------------------------------------------------------ scripting the clicks

    def clicks_for(self, intent) -> list:
        """The clicks and button presses that make ``intent`` from the current selection:
        ``[("click", target), ("press", key), ...]`` (a demonstration of the interaction design,
        the Hint's marks, and how the tests play whole games by mouse): the first gesture of the
        gesture map that the board reads as this intent, continued from the clicks so far when
        they start it (else started afresh, with Cancel first when the first click would be read
        as going on with the selection)."""
        it = parse(intent)
        seat = self.seat
        if seat is None:
            return [("press", str(it))]
        usual, alone = gs.gestures(self.state, seat, it), (gs.press(it),)
        table = [g for o, g in self._table() if o == it]
        short = [g for g in table if self.is_shortcut(it, g)]
        rest = [g for g in table if g not in short]
        if usual and usual[0] != alone:  # the press of its own text last, unless it is the usual way
            rest.sort(key=lambda g: g == alone)
        mine = short + rest if table else usual
        gest = next((g for g in mine if self._reads_as(g, it)), alone)
        steps = list(gest)
        n = len(self.clicks)
        fresh = True
        if n and tuple(steps[:n]) == tuple(self.clicks) and len(steps) > n:
            steps, fresh = steps[n:], False
            if self.sorting:  # Cancel forgets the order chosen so far; the train stays selected
                steps.insert(0, ("press", "ui:cancel"))
            elif self.swap:  # Cancel clears the selection: the train is clicked again
                steps[:0] = [("press", "ui:cancel"), self.clicks[0]]
        elif n and steps[0][0] == "click" and (steps[0] == self.clicks[-1]  # it would unselect the last click
                                               or self._candidates([*self.clicks, steps[0]])):  # or go on from it
            steps.insert(0, ("press", "ui:cancel"))
        if isinstance(it, Play) and it.at is not None:
            turned_now = self.turned if not fresh else False
            other = Play(it.card, it.at, not it.turned, it.serves, it.tray, it.mainline, it.against)
            if it.turned != turned_now and other in self._legal():
                k = next((i + 1 for i, st in enumerate(steps) if st == ("click", ("hand", it.card))), 0)
                steps.insert(k, ("press", "ui:turned"))
        return steps

    def _reads_as(self, gest, it) -> bool:
        """Does this gesture, made from nothing selected, make exactly ``it`` (the preferred of
        the intents it completes)? A press of the intent's own text always does."""
        if gest[-1] == gs.press(it):
            return True
        complete = list(dict.fromkeys(o for o, g in self._table() if g == gest))
        if not complete:
            return it not in self._legal()  # not legal now: the engine says why when it is tried
        if isinstance(it, Switch):
            return gest[0][1][1] in self.movable_after_switch()
        turned = it.turned if isinstance(it, Play) else False
        chosen = gs.prefer(self.state, complete, turned)
        return chosen[:1] == [it] and (len(chosen) == 1 or len(gest) > 1)
