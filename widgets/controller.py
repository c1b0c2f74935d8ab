"""The board's interaction logic, in pure Python (no ipywidgets): clicks and buttons in, intents out.

The ``Controller`` turns a click on a scene hit target (``("spot", seat, x, y)``, ``("tray", n)``,
``("hand", card)``, ``("home",)``, ``("dept", k)``, ``("box", seat, x, y, box)``,
``("player", seat)``, ``("button", name)``; see ``stationmaster.view.shapes``) or a press of one of
its ``actions()`` into an intent, and sends it through ``game.apply`` — the only path by which
anything changes.

It does not know the rules' phases. The gesture map (``widgets.gestures``, read from each intent
class's board entry in ``widgets.intent_ui``) says which clicks make each intent; the controller
keeps only the clicks made so far (and the Turned toggle, the cars picked for a sort or an
exchange), and a click keeps the legal intents whose gesture starts with the clicks so far: exactly
one complete, it is applied; several, their next clicks are highlighted; none, the message says the
engine's reason (``game.why_not``) for the nearest intent (``widgets.refusals``). What the board
says and shows around the clicks lives beside it: the prompts and highlights (``widgets.prompts``),
the buttons (``widgets.buttons``), yard work chosen car by car (``widgets.yard``) and the options
that decide by themselves (``widgets.automation``). Tests drive it without a browser.
"""

from __future__ import annotations

from stationmaster import explain
from stationmaster.bots.seats import bot_name
from stationmaster.decisions import decision_kind
from stationmaster.errors import IllegalIntent
from stationmaster.intents import Board, Detrain, Play, parse

from . import automation, buttons, prompts, refusals, scripting, yard
from . import gestures as gs
from . import shortcuts as sc
from .automation import NO_MOVE, PLAY_OPTIONS, WORK_ALL  # noqa: F401  (the board and the tests name them from here)
from .intent_ui import ui_of
from .names import capital, card_name, train_label
from .words import for_mouse, say as say_intent, summary


class Controller:
    """The clicks so far, their narrowing and the one apply, for one game (``controller.game`` may
    be replaced). The options (``auto_end_draw``, ``work_all``, ``quick_play``, ``quick_discard``,
    ``auto_hold``; all on by default) are said in ``automation.PLAY_OPTIONS``: the one-click
    shortcuts of ``widgets.shortcuts`` and the decisions ``widgets.automation`` makes by itself,
    each an intent through ``game.apply`` like any other."""

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
        self.switch_seen: tuple = (None, None, None)  # what Switch would lead to, for one game state (automation)
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

    serves = property(prompts.serves)  # a card laid beside several facilities, waiting for the one it serves

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
        while clicks and not self.candidates(clicks):
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

    summary = staticmethod(summary)  # a short sentence or three from a batch of events

    # ------------------------------------------------------------------ the gesture table

    def table(self) -> list:
        """``[(intent, gesture), ...]`` for every legal intent and each of its gestures (the
        one-click shortcuts first, and without the longer gestures they shadow), kept while the
        legal intents and the options are the same (one game state)."""
        legal = self.legal
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
        return next((it for it, g in self.table() if g == step and (it, g) in self._shortcut_rows), None)

    def is_shortcut(self, intent, gesture) -> bool:
        """Is this row of the gesture table a one-click shortcut (``widgets.shortcuts``)?"""
        self.table()
        return (intent, tuple(gesture)) in self._shortcut_rows

    # ------------------------------------------------------------------ helpers

    @property
    def legal(self):
        return self._game.legal

    def decision(self) -> str | None:
        """Which decision this board has in hand (``decisions.decision_kind``), or None while it has
        no legal intents (a remote seat whose turn it is not)."""
        return decision_kind(self.state) if len(self.legal) else None

    def candidates(self, steps) -> list:
        """The (intent, gesture) rows whose gesture starts with ``steps``."""
        steps = tuple(steps)
        n = len(steps)
        return [(it, g) for it, g in self.table() if g[:n] == steps]

    def card_name(self, card: str) -> str:
        """A card's name, or its id when it is no card of this game."""
        return card_name(self.state, card)

    def train_label(self, tray: int) -> str:
        """'train 5 (tray 2)', or 'Crew Tray 2' when the tray is empty."""
        return train_label(self.state, tray)

    def owner_name(self, seat: int) -> str:
        return next((p.name for p in self.state.players if p.seat == seat), f"seat {seat}")

    def said(self, it) -> str:
        return capital(say_intent(self.state, it, self.seat)) if self.seat is not None else str(it)

    def apply(self, intent, keep: list | None = None) -> bool:
        """Send an intent through ``game.apply``; on refusal the message says the engine's reason.
        ``keep``: the clicks that made it (the part that still starts a gesture stays selected)."""
        self.busy = True  # the board tells its own changes from a script's
        try:
            it = parse(intent)
            words = self.said(it)
            actor = self._game.actor
            before = self._context()
            events = self._game.apply(it)
        except IllegalIntent as e:
            self.say(for_mouse(str(e)), error=True)
            return False
        finally:
            self.busy = False
        self._after_change(keep, before)
        self.say((self.summary(events) or f"Done: {words}.") + prompts.after(self, it))
        self.settle(actor)
        return True

    def by_itself(self, it, why: str) -> None:
        """Apply an intent an option makes by itself (``widgets.automation``), logged, its events
        in the message after the last one's."""
        before = self.message
        self.busy = True
        try:
            events = self._game.apply(it)
        finally:
            self.busy = False
        self._after_change([], self._context())
        tail = self.summary(events)
        self.say(f"{before} {why}".strip() + (f" {tail}" if tail else ""))

    # ------------------------------------------------------------------ what the board asks of it
    # (each a function of the controller in the module that says it)

    settle = automation.settle  # the options' decisions made by themselves; how many
    obvious_work = automation.obvious_work  # the earning Load/Unload intents (Work all)
    work_everything = automation.work_everything
    status = prompts.status  # whose decision, and what about
    hint = prompts.hint  # what the actor can click now
    selection = prompts.selection  # what is selected, in words
    highlights = prompts.highlights  # (target, kind) marks
    why_nowhere = prompts.why_nowhere  # why a card in hand fits nowhere
    actions = buttons.actions  # the buttons to show now
    clicks_for = scripting.clicks_for  # the clicks and presses that make an intent

    def button_label(self, it) -> str:
        """A button's label for an intent (its board entry's)."""
        return ui_of(it).label(self.state, it)

    switch_problem = automation.switch_problem  # why Switch would waste the Stage, or None
    movable_after_switch = automation.movable_after_switch  # the trains that could move after it

    def press(self, key: str) -> bool:
        """A button: an intent's text, or ``ui:turned`` / ``ui:cancel`` / ``ui:sort CAR`` /
        ``ui:swap CAR`` / ``ui:work_all``."""
        done = yard.press(self, key)  # a car chosen for a sort or an exchange
        if done is not None:
            return done
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
            return automation.work_everything(self)
        try:
            it = parse(key)
        except IllegalIntent as e:
            self.say(for_mouse(str(e)), error=True)
            return False
        return self.apply(it, self.clicks)

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
            return prompts.situation(self)
        if self.seat is None:
            return False
        if not any(g_[0][0] == "click" for _, g_ in self.table()):  # a decision made with buttons only
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
            cands = self.candidates(seq)
            if cands and self.card is not None and len(seq) == 1 and seq[0][1][0] in ("spot", "box") \
                    and all(self.is_shortcut(it, g) for it, g in cands):
                continue  # a spot the selected card does not fit: its reason, not another card played there
            if cands:
                return self._go_on(seq, cands)
        refusals.explain_refusal(self, target)
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
                more = next(([a] for a in alts if self.candidates([a])), None)
                if more is not None:
                    return self._go_on(more, self.candidates(more))
                if all(isinstance(it, (Board, Detrain)) for it in chosen):
                    self.say("Several trains stand at your Office: click the one to work first.", error=True)
                    return False
            it = chosen[0]
            done = ui_of(it).choose(self, it, seq)  # its entry's own way of being made, if any
            return self.apply(it, seq) if done is None else done
        plays = [it for it, _ in cands if isinstance(it, Play)]
        if plays and len(seq) == 2 and not any(p.turned == self.turned for p in plays):
            self.turned = not self.turned  # it fits there only the other way round
        self.clicks = list(seq)
        self.sorting, self.swap = [], set()
        prompts.say_selected(self, cands)
        return False
