"""The board's interaction logic, in pure Python (no ipywidgets): clicks and buttons in, intents out.

The ``Controller`` turns a click on a scene hit target (``("spot", seat, x, y)``, ``("tray", n)``,
``("hand", card)``, ``("home",)``, ``("dept", k)``, ``("box", seat, x, y, box)``,
``("button", name)``; see ``stationmaster.view.shapes``) or a press of one of its ``actions()``
into an intent, and sends it through ``game.apply`` — the only path by which anything changes.
It keeps just the selection (a crew tray, a card in hand and its orientation, a facility, a
modifier waiting for the facility it serves) and a message line. When a click makes no legal
intent the message says why: the engine's reason (``game.why_not``) whenever there is an intent
to ask about, else the controller's own hint. Tests drive it without a browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stationmaster.errors import IllegalIntent
from stationmaster.game import bot_name
from stationmaster.intents import (
    Agent, Board, Clearance, Detrain, Discard, Draw, End, Exchange, Fly, Grade, Intent, Move, Place, Play, Run, SetOut,
    Sort, Switch, Work,
    parse,
)
from stationmaster.cards import rules_of
from stationmaster.cards.opponent import is_opponent_card, name_for_intent, player_named
from stationmaster.decisions import PHASE_NAMES, detail, pending_train
from stationmaster.rules import CLOCK, spec_of

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


def _xy(c) -> str:
    return f"{c[0]},{c[1]}"


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


class Controller:
    """Selection, prompts and click handling for one game (``controller.game`` may be replaced)."""

    def __init__(self, game) -> None:
        self._game = game
        self.message = ""
        self.error = False
        self.warning = False
        self.busy = False
        self._switch_cache: tuple = (None, None)
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
        self.tray: int | None = None
        self.card: str | None = None
        self.turned = False
        self.facility: tuple | None = None  # (x, y) in the actor's own Office Area
        self.serves: dict | None = None  # {"card", "at", "turned", "targets"} waiting for the second click
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

    def _context(self) -> tuple:
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
        own = {t.tray for t in self._own_trains()}
        if self.tray is not None and self.tray not in own:
            self.tray = None
        if self.tray is None:
            self.sorting, self.swap = [], set()
        p = self.player
        hand = self.state.players[p].hand if p is not None else []
        if self.card is not None and self.card not in hand:
            self.card = None
            self.turned = False
            self.serves = None
        if self.facility is not None and self.facility not in self._area().facilities:
            self.facility = None

    def say(self, text: str, error: bool = False, warning: bool = False) -> None:
        """Set the message line: plain, a warning (nothing is wrong yet, but look), or an error."""
        self.message = text
        self.error = error
        self.warning = warning and not error

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

    # ------------------------------------------------------------------ helpers

    def _area(self):
        return self.state.areas[self.seat]

    def _own_trains(self) -> list:
        seat = self.seat
        if seat is None:
            return []
        return sorted((t for t in self.state.trains.values() if t.where == "area" and t.seat == seat),
                      key=lambda t: t.tray)

    def _legal(self) -> list:
        return self._game.legal_intents()

    def _card_name(self, card: str) -> str:
        try:
            return spec_of(self.state, card).name
        except (KeyError, ValueError):
            return card

    def _train_label(self, tray: int) -> str:
        t = self.state.trains.get(tray)
        return f"train {t.label} (tray {tray})" if t else f"Crew Tray {tray}"

    def _owner_name(self, seat: int) -> str:
        for p in self.state.players:
            if p.seat == seat:
                return p.name
        return f"seat {seat}"

    def apply(self, intent) -> bool:
        """Send an intent through ``game.apply``; on refusal the message says the engine's reason."""
        self.busy = True  # the board tells its own changes from a script's
        try:
            it = parse(intent)
            words = capital(say_intent(self.state, it, self.seat)) if self.seat is not None else str(it)
            events = self._game.apply(it)
        except IllegalIntent as e:
            self.say(for_mouse(str(e)), error=True)
            return False
        finally:
            self.busy = False
        self.sync()
        text = self.summary(events) or f"Done: {words}."
        if isinstance(it, Move) and self.tray == it.tray and self._game.actor is not None:
            label = capital(self._train_label(it.tray))
            if self.state.turn.option == "switch" and self.state.turn.moves_left > 0:
                text += (f" {label} is still selected: click a highlighted spot for its next Move, "
                         "set out cars, or End switching.")
            elif self.state.turn.option == "switch":
                text += f" No Moves left: {label} may still set out cars; End switching when done."
        self.say(text)
        return True

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
        key = (id(g), len(g.history), self._context())
        if self._switch_cache[0] == key:
            return self._switch_cache[1]
        reason, movable = None, set()
        if Switch() in self._legal():
            if not self._own_trains():
                reason = NO_TRAIN
            else:
                trial = g.copy()
                trial.apply(Switch())
                movable = {it.tray for it in trial.legal_intents() if isinstance(it, SWITCHING)}
                if not movable:
                    reason = NO_MOVE
        self._switch_cache = (key, (reason, movable))
        return reason, movable

    def selection(self) -> str:
        """What is selected now, in words (the board always shows it)."""
        if self._game.is_over or self.bot or self.state.turn.pending is not None:
            return ""
        if self.serves:
            return (f"Selected: the {self._card_name(self.serves['card'])}, to lay"
                    f"{' turned' if self.serves['turned'] else ''} — now click the facility it serves.")
        if self.card is not None:
            return f"Selected: the {self._card_name(self.card)}{' (to lay turned)' if self.turned else ''}."
        if self.tray is not None:
            return f"Selected: {self._train_label(self.tray)}."
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

    def hint(self) -> str:
        """What the actor can click now."""
        g, s = self._game, self.state
        if g.is_over:
            return "Start a new game with New game, or Undo to look back."
        if self.bot:
            return f"{g.actor} ({self.bot}) is deciding."
        if s.turn.pending is not None:  # answered with the buttons
            said = detail(s)
            return said[0].upper() + said[1:] + ("" if said.endswith("?") else ".")
        if s.phase == "local_operations":
            opt = s.turn.option
            if opt is None:
                return ("Choose: Switch (or click one of your trains), Draw (click the Home Office or a "
                        "Department), or click a facility for a Freight Agent action.")
            if opt == "switch":
                if self.tray is None:
                    return f"Click a train to switch with ({s.turn.moves_left} Moves left), or End."
                yard = {type(it) for it in self._legal() if isinstance(it, (Sort, Fly, Exchange)) and it.tray == self.tray}
                extra = "".join(f", {YARD_HINTS[k]}" for k in (Sort, Fly, Exchange) if k in yard)
                return (f"Click a highlighted spot to move {self._train_label(self.tray)} "
                        f"({s.turn.moves_left} Moves left), set out cars{extra}, or End.")
            if self.serves:
                return f"Click the facility the {self._card_name(self.serves['card'])} serves."
            if self.card is None:
                return "Click a card in your hand to play or discard it, or End."
            if is_opponent_card(s, self.card):  # [O2]
                return (f"Click a highlighted target in another player's Office Area (a train, a spot, their name "
                        f"plate) to play the {self._card_name(self.card)} on them, or a Department to discard it.")
            return (f"Click a highlighted spot to lay the {self._card_name(self.card)}, or a Department to "
                    "discard it.")
        if s.phase == "load_unload":
            return ("Click a facility's boxes for a Laborer, or a train at your Office then Board/Detrain "
                    "for a Porter; End when done.")
        return ""

    # ------------------------------------------------------------------ buttons

    def actions(self) -> list:
        """The buttons to show now, from the legal intents and the selection."""
        g, s = self._game, self.state
        if g.is_over or self.bot:
            return []
        legal = self._legal()
        out: list = []

        seat = self.seat

        def intent_action(it, label, style="", tip=""):
            out.append(Action(label, str(it), tip or capital(say_intent(s, it, seat)), True, it, style))

        def maybe(it, label, style=""):
            reason = g.why_not(it)
            tip = for_mouse(reason) if reason else capital(say_intent(s, it, seat))
            out.append(Action(label, str(it), capital(tip), reason is None, it, style))

        if s.turn.pending is not None:
            tr = pending_train(s)
            train = f" train {tr.label}" if tr else ""
            for it in legal:
                if isinstance(it, Clearance):
                    intent_action(it, f"Clear{train}" if it.clear else f"Hold{train}",
                                  "success" if it.clear else "warning")
                elif isinstance(it, Run):
                    intent_action(it, f"Run {it.direction}", "primary")
                elif isinstance(it, Grade):
                    intent_action(it, f"Uphill {it.direction}", "primary")
                elif isinstance(it, Place):
                    intent_action(it, capital(str(it)))
                elif isinstance(it, End):
                    intent_action(it, "Finish make-up", "warning")
            return out
        if s.phase == "local_operations":
            opt = s.turn.option
            if opt is None:
                problem = self.switch_problem()
                if problem:
                    out.append(Action("Switch", str(Switch()), problem, False, Switch(), "primary"))
                else:
                    maybe(Switch(), "Switch", "primary")
                maybe(Draw("home"), "Draw home", "primary")
                for k in (1, 2, 3):
                    maybe(Draw(k), f"Take Dept {k}")
                if self.facility is not None:
                    at = self.facility
                    for it in legal:
                        if isinstance(it, Agent) and it.at == at:
                            label = {"stock": "Agent: stock", "clear": "Agent: clear red box"}.get(
                                it.action, f"Agent: unjam {it.box}")
                            intent_action(it, label, "info", capital(say_intent(s, it, self.seat)))
                maybe(Agent("pass"), "Agent pass", "warning")
            elif opt == "switch":
                if self.tray is not None:
                    for it in legal:
                        if isinstance(it, SetOut) and it.tray == self.tray:
                            intent_action(it, f"Set out {it.end} {it.count}", "info")
                    out += self._yard_actions(legal)
                intent_action(End(), "End switching", "warning")
            else:
                if self.card is not None:
                    card = self.card
                    mine = [it for it in legal if isinstance(it, Play) and it.card == card]
                    if any(it.at is None and it.tray is None and it.mainline is None and it.against is None
                           for it in mine):
                        intent_action(Play(card), f"Play {self._card_name(card)}", "success")
                    for it in mine:  # one button per train ([M17]) or Division card ([M19]) it may go on
                        if it.against is not None and it.at is None:  # on a player ([O2])
                            intent_action(it, f"{self._card_name(card)}: against {it.against}", "success")
                        elif it.tray is not None:
                            intent_action(it, f"{self._card_name(card)}: {self._train_label(it.tray)}", "success")
                        elif it.mainline is not None:
                            intent_action(it, f"{self._card_name(card)}: {s.mainline[it.mainline - 1]}", "success")
                    if any(it.turned for it in mine):
                        out.append(Action("Turned", "ui:turned", "lay the card turned half round", True, None,
                                          "", self.turned))
                    for it in legal:
                        if isinstance(it, Discard) and it.card == card:
                            intent_action(it, f"Discard to Dept {it.dept}")
                if self.serves or self.card is not None:
                    out.append(Action("Cancel", "ui:cancel", "clear the selection"))
                maybe(End(), "End draw", "warning")
        elif s.phase == "load_unload":
            trays = [self.tray] if self.tray is not None else None
            for it in legal:
                if isinstance(it, (Board, Detrain)) and (trays is None or it.tray in trays):
                    verb = "Board" if isinstance(it, Board) else "Detrain"
                    which = f", car {it.car}" if it.car is not None else ""  # [L2]: the player's choice of coach
                    intent_action(it, f"{verb} {self._train_label(it.tray)}{which}", "info")
                elif isinstance(it, Work) and self.facility == it.at:
                    intent_action(it, f"Laborer: {it.box} box", "info", capital(say_intent(s, it, self.seat)))
            intent_action(End(), "End Load/Unload", "warning")
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
                out.append(Action(f"Fly {cars} to the {self._card_name(s.areas[self.seat].grid[it.to].card)}",
                                  str(it), capital(say_intent(s, it, self.seat)), True, it, "info"))
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
                tip = capital(for_mouse(reason)) if reason else capital(say_intent(s, it, self.seat))
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
        return self.apply(it)

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
            self.say(capital(say_intent(self.state, it, self.seat)) + (f" — not yet: {for_mouse(reason)}." if reason
                                                                         else ". Press Exchange."))
        return False

    def press(self, key: str) -> bool:
        """A button: an intent's text, or ``ui:turned`` / ``ui:cancel`` / ``ui:sort CAR`` /
        ``ui:swap CAR``."""
        if key.startswith("ui:sort "):
            return self._pick_for_sort(key.split(" ", 1)[1])
        if key.startswith("ui:swap "):
            return self._toggle_swap(key.split(" ", 1)[1])
        if key == "ui:exchange":  # the Exchange button before any car is chosen
            self.say("Choose the cars to leave or take first (the Leave and Take buttons).", error=True)
            return False
        if key == "ui:turned":
            self.turned = not self.turned
            self.serves = None
            self.say(f"The {self._card_name(self.card)} will be laid {'turned' if self.turned else 'as printed'}."
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
        return self.apply(key)

    # ------------------------------------------------------------------ highlights

    def highlights(self) -> list:
        """``(target, kind)`` pairs for the highlight layer; kind is "selected", "target" (a click
        there makes an intent), "turned" (the selected card fits there only the other way round;
        a click lays it so), "option" (a click there selects something) or "hint" (what the Hint
        suggests)."""
        g, s = self._game, self.state
        if g.is_over or s.turn.pending or self.bot:
            return []
        seat = self.seat
        legal = self._legal()
        out = []
        if s.phase == "local_operations":
            opt = s.turn.option
            if opt is None:
                for it in legal:
                    if isinstance(it, Draw):
                        out.append((("home",) if it.source == "home" else ("dept", it.source), "target"))
                    elif isinstance(it, Switch):
                        movable = self.movable_after_switch()
                        out += [(("tray", t.tray), "option") for t in self._own_trains() if t.tray in movable]
                spots = sorted({it.at for it in legal if isinstance(it, Agent) and it.at is not None})
                out += [(("spot", seat, x, y), "selected" if (x, y) == self.facility else "option")
                        for x, y in spots]
            elif opt == "switch":
                movable = {it.tray for it in legal if isinstance(it, SWITCHING)}
                for t in self._own_trains():
                    if t.tray == self.tray:
                        out.append((("tray", t.tray), "selected"))
                    elif t.tray in movable:
                        out.append((("tray", t.tray), "option"))
                if self.tray is not None:
                    dest = sorted({it.to for it in legal if isinstance(it, Move) and it.tray == self.tray})
                    out += [(("spot", seat, x, y), "target") for x, y in dest]
            else:
                playable = {it.card for it in legal if isinstance(it, (Play, Discard))}
                for c in s.players[self.player].hand:
                    if c == self.card:
                        out.append((("hand", c), "selected"))
                    elif c in playable:
                        out.append((("hand", c), "option"))
                if self.serves:
                    out.append((("spot", seat, *self.serves["at"]), "selected"))
                    out += [(("spot", seat, x, y), "target") for x, y in self.serves["targets"]]
                elif self.card is not None:
                    out += self._opponent_targets(legal)  # [O2]
                    mine = [it for it in legal if isinstance(it, Play) and it.card == self.card and it.at is not None
                            and it.against is None]
                    spots = sorted({it.at for it in mine if it.turned == self.turned})
                    out += [(("spot", seat, x, y), "target") for x, y in spots]
                    other = sorted({it.at for it in mine if it.turned != self.turned} - set(spots))
                    out += [(("spot", seat, x, y), "turned") for x, y in other]
                    if any(isinstance(it, Play) and it.card == self.card and it.at is None for it in legal):
                        at = rules_of(s, self.card).play_spot(s, self.player)
                        if at is not None:
                            out.append((("spot", seat, *at), "target"))
                    depts = sorted({it.dept for it in legal if isinstance(it, Discard) and it.card == self.card})
                    out += [(("dept", k), "target") for k in depts]
        elif s.phase == "load_unload":
            boxes = set()
            for it in legal:
                if isinstance(it, Work):
                    boxes.add(("box", seat, it.at[0], it.at[1], it.box))
                elif isinstance(it, (Board, Detrain)):
                    out.append((("tray", it.tray), "selected" if it.tray == self.tray else "option"))
                    boxes.add(("box", seat, 0, 0, "green" if isinstance(it, Board) else "red"))
            out += [(b, "target") for b in sorted(boxes)]
            if self.facility is not None:
                out.append((("spot", seat, *self.facility), "selected"))
        return out

    def _opponent_targets(self, legal) -> list:
        """Highlights of the selected card's targets in the other players' Areas ([O2]): their
        trains, their spots, their name plates."""
        out = []
        for it in legal:
            if not isinstance(it, Play) or it.card != self.card or not is_opponent_card(self.state, it.card):
                continue
            if it.tray is not None:
                out.append((("tray", it.tray), "target"))
            elif it.against is not None:
                seat = self.state.players[player_named(self.state, it.against)].seat
                out.append((("spot", seat, *it.at) if it.at is not None else ("player", seat), "target"))
        return out

    def _play_on_opponent(self, target) -> bool | None:
        """A click on another player's train, spot or name plate with an opponent card selected
        ([O2]): play it there, or say why not. None when no such card is selected."""
        s = self.state
        if s.phase != "local_operations" or s.turn.option != "draw" or self.card is None \
                or not is_opponent_card(s, self.card):
            return None
        card, kind = self.card, target[0]
        rules = rules_of(s, card)
        if kind == "tray" and rules.on_train:
            it = Play(card, tray=target[1])
        elif kind in ("spot", "player") and rules.on_player:
            victim = next(i for i, p in enumerate(s.players) if p.seat == target[1])
            at = tuple(target[2:4]) if kind == "spot" and rules.needs_spot else None
            if rules.needs_spot and at is None:
                self.say(f"The {rules.spec.name} goes on a spot of another player's Office Area: click a "
                         "highlighted spot.", error=True)
                return False
            it = Play(card, at, against=name_for_intent(s, victim))
        else:
            where = ("a highlighted train in another player's Office Area" if rules.on_train else
                     "a highlighted spot in another player's Office Area" if rules.needs_spot else
                     "the name plate of the player to play it on")
            self.say(f"The {rules.spec.name} is played on an opponent: click {where}.", error=True)
            return False
        if it in self._legal():
            return self.apply(it)
        self._refuse(it, f"The {rules.spec.name} cannot be played there.")
        return False

    def _click_player(self, seat: int, *rest) -> bool:
        if self._pending_refusal():
            return False
        done = self._play_on_opponent(("player", seat))
        if done is None:
            self.say(f"That is {self._owner_name(seat)}'s name plate: select a card played on a player (an ICC "
                     "Fine, a Freight Claim) first.", error=True)
            return False
        return done

    # ------------------------------------------------------------------ clicks

    def click(self, target) -> bool:
        """Handle a click on a hit target (None: empty table). Returns True if an intent was applied."""
        g = self._game
        if target is None:
            self._clear()
            self.say("")
            return False
        if g.is_over:
            self.say(f"The game is over: {g.outcome.reason} Start a new game, or Undo.", error=True)
            return False
        if self._bot_refusal():
            return False
        kind = target[0]
        handler = getattr(self, f"_click_{kind}", None)
        if handler is None:
            self.say(f"Nothing happens when you click there ({kind}).", error=True)
            return False
        return bool(handler(*target[1:]))

    def _pending_refusal(self) -> bool:
        if self.state.turn.pending is not None:
            labels = ", ".join(a.label for a in self.actions())
            self.say(f"{self._game.actor} must {self._game.decision} first: {labels}.", error=True)
            return True
        return False

    def _not_own(self, seat: int) -> bool:
        if seat != self.seat:
            self.say(f"That is {self._owner_name(seat)}'s Office Area; {self._game.actor} acts in their own "
                     "(the one marked as yours).", error=True)
            return True
        return False

    def _click_button(self, name: str, *rest) -> bool:
        if name in ("turned", "cancel"):
            self.press(f"ui:{name}")
            return False
        return self.apply(name)

    def _click_home(self, *rest) -> bool:
        if self._pending_refusal():
            return False
        return self.apply(Draw("home"))

    def _click_situation(self, *rest) -> bool:
        """The Division's situation card (optional rule adversity, [W3]): a click says what it did."""
        sit = self.state.situation
        self.say(f"This Stage's situation card: {sit[2]}" if sit else "No situation card has been turned up yet.")
        return False

    def _click_dept(self, k: int, *rest) -> bool:
        if self._pending_refusal():
            return False
        s = self.state
        if s.phase == "local_operations" and s.turn.option == "draw" and self.card is not None:
            return self.apply(Discard(self.card, k))
        if s.phase == "local_operations" and s.turn.option == "draw":
            self.say("To discard, click the card in your hand first, then the Department.", error=True)
            return False
        return self.apply(Draw(k))

    def _click_hand(self, card: str, *rest) -> bool:
        s = self.state
        if self._pending_refusal():
            return False
        if s.phase == "local_operations" and s.turn.option == "draw":
            if self.card == card and not self.serves:
                self.card = None
                self.turned = False
                self.say("")
                return False
            self.card, self.turned, self.serves = card, False, None
            legal = [it for it in self._legal() if isinstance(it, (Play, Discard)) and it.card == card]
            name = self._card_name(card)
            if not legal:
                self._refuse(Discard(card, 1), f"The {name} cannot be played or discarded now.")
                return False
            plays = [it for it in legal if isinstance(it, Play)]
            if plays and is_opponent_card(s, card):  # [O2]
                rules = rules_of(s, card)
                where = ("a highlighted train in another player's Office Area" if rules.on_train else
                         "a highlighted spot in another player's Office Area" if rules.needs_spot else
                         "the highlighted name plate of the player (or press their button)")
                self.say(f"The {name} is selected: click {where} to play it on them, or a Department to "
                         "discard it.")
            elif any(it.tray is not None for it in plays):
                self.say(f"The {name} is selected: press the button of the train to give it to, or click a "
                         "Department to discard it.")
            elif any(it.mainline is not None for it in plays):
                self.say(f"The {name} is selected: press the button of the Mainline card to put it on, or "
                         "click a Department to discard it.")
            elif any(it.at is None for it in plays):
                self.say(f"The {name} is selected: press Play {name}, or click a Department to discard it.")
            elif plays and rules_of(s, card).on_card:  # an enhancement goes on a card of the Area ([E1])
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
            return False
        self._refuse(Discard(card, 1), "You cannot play cards now.")
        return False

    def why_nowhere(self, card: str) -> str:
        """Why a card in hand cannot be played now, for the mouse (the engine's reason for a spot
        beside the track when the card goes on a spot)."""
        name = self._card_name(card)
        sp = spec_of(self.state, card)
        if is_opponent_card(self.state, card):  # [O2]: why not on each other player, the first reason
            reasons = [self._game.why_not(Play(card, against=name_for_intent(self.state, i)))
                       for i in range(len(self.state.players)) if i != self.player]
            if rules_of(self.state, card).on_train:
                return f"The {name} has no train to go on: none stands in another player's Office Area open to it."
            shown = next((r for r in reasons if r), None)
            return f"The {name} cannot be played on anyone now" + (f" ({for_mouse(shown)})." if shown else ".")
        if sp.kind in ("train", "extra", "office", "red_flag"):
            reason = self._game.why_not(Play(card))
            return capital(for_mouse(reason)) + "." if reason else f"The {name} cannot be played now."
        area = self._area()
        on_card = rules_of(self.state, card).on_card  # an enhancement: the Area's cards are its places ([E1])
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

    def _click_tray(self, tray: int, *rest) -> bool:
        s = self.state
        if self._pending_refusal():
            return False
        t = s.trains.get(tray)
        if t is None:
            self.say(f"Crew Tray {tray} is free; no train uses it.", error=True)
            return False
        own = t.where == "area" and t.seat == self.seat
        label = self._train_label(tray)
        if s.phase == "local_operations":
            opt = s.turn.option
            if opt == "draw":
                if own and self.card is not None and rules_of(s, self.card).on_card:
                    return self._click_spot(t.seat, *t.pos)  # an enhancement goes on the card the train stands on
                done = self._play_on_opponent(("tray", tray))  # [O2]
                if done is not None:
                    return done
                self._refuse(Move(tray, "east", (0, 0)), f"You chose to draw this Stage; {label} stays put.")
                return False
            if not own:
                self.say(f"{label[0].upper() + label[1:]} is not in your Office Area.", error=True)
                return False
            if opt is None:
                if Switch() not in self._legal():  # a card's rule forbids it ([T2]: a no-switching train)
                    self._refuse(Switch(), f"{capital(label)} cannot be switched now.")
                    return False
                problem = self.switch_problem()
                if problem:
                    self.say(f"{problem} Draw instead, or click a facility for the Freight Agent.", error=True)
                    return False
                movable = self.movable_after_switch()
                if tray not in movable:
                    others = ", ".join(self._train_label(t) for t in sorted(movable))
                    self.say(f"{capital(label)} cannot make a Move or set out cars this Stage; "
                             f"{others} can: click it to switch with it.", error=True)
                    return False
                if self.apply(Switch()):
                    self.tray = tray
                    self.say(f"You switch this Stage. {capital(label)} is selected: click a "
                             "highlighted spot to move it, or set out cars.")
                    return True
                return False
            if self.tray == tray:
                self.tray = None
                self.say("")
            else:
                self.tray = tray
                self.sorting, self.swap = [], set()
                if not any(isinstance(it, SWITCHING) and it.tray == tray for it in self._legal()):
                    self._refuse(Move(tray, "east", t.pos), f"{label} cannot move now.")
                else:
                    self.say(f"{capital(label)} is selected: click a highlighted spot, or set out cars.")
            return False
        if s.phase == "load_unload":
            if not own or t.pos != (0, 0):
                self.say(f"Porters work trains standing at your Office; {label} is not there.", error=True)
                return False
            self.tray = tray
            if not any(isinstance(it, (Board, Detrain)) and it.tray == tray for it in self._legal()):
                self._refuse(Board(tray), f"{label} has no coach to board or detrain.")
            else:
                self.say(f"{capital(label)} is selected: Board or Detrain (buttons), or click the "
                         "Office's green (board) or red (detrain) box.")
            return False
        self.say(f"Nothing to do with {label} now.", error=True)
        return False

    def _click_spot(self, seat: int, x: int, y: int, *rest) -> bool:
        s = self.state
        xy = (x, y)
        if self._pending_refusal():
            return False
        done = self._play_on_opponent(("spot", seat, x, y))  # [O2]
        if done is not None:
            return done
        if self._not_own(seat):
            return False
        legal = self._legal()
        standing = [t for t in self._own_trains() if t.pos == xy]
        if s.phase == "local_operations":
            opt = s.turn.option
            if opt is None:
                if any(isinstance(it, Agent) and it.at == xy for it in legal):
                    self.facility = xy
                    self.say(f"{capital(place_name(s, seat, xy))} is selected: choose a Freight Agent action "
                             "with the buttons.")
                    return False
                if standing:
                    return self._click_tray(standing[0].tray)
                if xy in self._area().facilities:
                    self._refuse(Agent("stock", xy), f"The Freight Agent has nothing to do at "
                                                     f"{place_name(s, seat, xy)}.")
                    return False
                self.say("Choose a Local Operations option: Switch, Draw, or click a facility for the "
                         "Freight Agent.", error=True)
                return False
            if opt == "switch":
                if self.tray is None or (standing and self.tray not in {t.tray for t in standing}
                                         and not any(isinstance(it, Move) and it.tray == self.tray
                                                     and it.to == xy for it in legal)):
                    if standing:
                        return self._click_tray(standing[0].tray)
                    self.say("Click one of your trains first, then where it should go.", error=True)
                    return False
                moves = [it for it in legal if isinstance(it, Move) and it.tray == self.tray and it.to == xy]
                if moves:
                    last = s.turn.last_move
                    pref = [m for m in moves if last == (m.tray, m.direction)]
                    pref = pref or [m for m in moves if m.direction == "east"] or moves
                    return self.apply(pref[0])
                t = s.trains[self.tray]
                if t.pos == xy:
                    self.say(f"{capital(self._train_label(self.tray))} already stands there.", error=True)
                    return False
                d = "west" if x < t.pos[0] else "east"
                self._refuse(Move(self.tray, d, xy), f"{capital(self._train_label(self.tray))} cannot reach "
                                                     f"{place_name(s, seat, xy)}.")
                return False
            # the Draw option
            if self.serves:
                sv = self.serves
                if xy in sv["targets"]:
                    return self.apply(Play(sv["card"], sv["at"], sv["turned"], xy))
                self.say(f"Click one of the highlighted facilities the {self._card_name(sv['card'])} "
                         "may serve (or Cancel).", error=True)
                return False
            if self.card is None:
                self.say("Click a card in your hand first, then where to lay it.", error=True)
                return False
            card = self.card
            sp = spec_of(s, card)
            rules = rules_of(s, card)
            if not rules.needs_spot:
                if rules.play_spot(s, self.player) == xy:
                    return self.apply(Play(card))
                how = ("press the button of its train" if rules.on_train else
                       "press the button of its Mainline card" if rules.on_mainline else f"press Play {sp.name}")
                self._refuse(Play(card), f"The {sp.name} needs no spot: {how}.")
                return False
            plays = [it for it in legal if isinstance(it, Play) and it.card == card and it.at == xy
                     and it.turned == self.turned]
            if len(plays) == 1:
                return self.apply(plays[0])
            if len(plays) > 1:
                targets = sorted(it.serves for it in plays)
                self.serves = {"card": card, "at": xy, "turned": self.turned, "targets": targets}
                names = ", ".join(place_name(s, seat, t) for t in targets)
                self.say(f"That spot stands beside several facilities ({names}): click the highlighted "
                         f"one the {sp.name} serves.")
                return False
            other = [it for it in legal if isinstance(it, Play) and it.card == card and it.at == xy]
            if other:  # it fits there only the other way round: lay it so, and say so
                ok = self.apply(other[0]) if len(other) == 1 else False
                if ok:
                    self.say(f"{self.message} (The {sp.name} fits there only "
                             f"{'as printed' if self.turned else 'turned'}, so it was laid that way.)")
                    return True
                if len(other) > 1:
                    self.turned = not self.turned
                    return self._click_spot(seat, x, y)
                return False
            self._refuse(Play(card, xy, self.turned), f"The {sp.name} cannot go there.")
            return False
        if s.phase == "load_unload":
            if standing and xy == (0, 0) and not any(isinstance(it, Work) and it.at == xy for it in legal):
                return self._click_tray(standing[0].tray)
            if xy in self._area().facilities and xy != (0, 0):
                self.facility = xy
                if any(isinstance(it, Work) and it.at == xy for it in legal):
                    self.say(f"{capital(place_name(s, seat, xy))} is selected: choose a Laborer action with the "
                             "buttons, or click its boxes.")
                else:
                    self._refuse(Work(xy, "green"), f"No Laborer action at {place_name(s, seat, xy)}.")
                return False
            self.say("Click a facility's boxes for a Laborer, or a train at your Office for a Porter.",
                     error=True)
            return False
        self.say(f"Nothing to do there now: {self._game.actor} must {self._game.decision}.", error=True)
        return False

    def _click_box(self, seat: int, x: int, y: int, box: str, *rest) -> bool:
        s = self.state
        xy = (x, y)
        if self._pending_refusal() or self._not_own(seat):
            return False
        legal = self._legal()
        if s.phase == "local_operations":
            if s.turn.option is None:
                self.facility = xy
                acts = [it for it in legal if isinstance(it, Agent) and it.at == xy]
                if not acts:
                    self._refuse(Agent("stock", xy), f"The Freight Agent has nothing to do at "
                                                     f"{place_name(s, seat, xy)}.")
                else:
                    self.say(f"{capital(place_name(s, seat, xy))} is selected: choose stock, clear or unjam with "
                             "the buttons.")
                return False
            self._refuse(Agent("stock", xy), "Freight Agent actions are a Local Operations option of their own.")
            return False
        if s.phase == "load_unload":
            if xy == (0, 0):
                cls = Board if box == "green" else Detrain if box == "red" else None
                if cls is None:
                    self.say("At the Office, click the green box to board or the red box to detrain.", error=True)
                    return False
                here = [t for t in self._own_trains() if t.pos == (0, 0)]
                if self.tray is not None:
                    return self.apply(cls(self.tray))
                ok = [cls(t.tray) for t in here if cls(t.tray) in legal]
                if len(ok) == 1:
                    return self.apply(ok[0])
                if len(ok) > 1:
                    self.say("Several trains stand at your Office: click the one to work first.", error=True)
                    return False
                if here:
                    self._refuse(cls(here[0].tray), "No Porter action there.")
                else:
                    self.say("No train stands at your Office for a Porter to work.", error=True)
                return False
            if box == "red":
                self.say("A Laborer does not empty a red box; the Freight Agent clears it in Local Operations.",
                         error=True)
                return False
            self.facility = xy
            return self.apply(Work(xy, box))
        self.say(f"Nothing to do there now: {self._game.actor} must {self._game.decision}.", error=True)
        return False

    # ------------------------------------------------------------------ scripting the clicks

    def clicks_for(self, intent) -> list:
        """The clicks and button presses that make ``intent`` from the current selection:
        ``[("click", target), ("press", key), ...]`` (a demonstration of the interaction design,
        and how the tests play whole games by mouse). A Move's spot click follows the board's rule
        (the continuing direction, else east), so it may make the same Move the other way round."""
        it = parse(intent)
        seat = self.seat
        out: list = []

        def tray(n):
            if self.tray != n:
                out.append(("click", ("tray", n)))

        def card(c):
            if self.card != c or self.serves:
                out.append(("click", ("hand", c)))

        if isinstance(it, Move):
            tray(it.tray)
            out.append(("click", ("spot", seat, *it.to)))
        elif isinstance(it, (SetOut, Fly)):
            tray(it.tray)
            out.append(("press", str(it)))
        elif isinstance(it, Sort):
            if self.tray == it.tray and self.sorting:
                out.append(("press", "ui:cancel"))  # start the order afresh
            tray(it.tray)
            out += [("press", f"ui:sort {c}") for c in it.cars[:-1]]
        elif isinstance(it, Exchange):
            chosen = self.swap if self.tray == it.tray else set()
            tray(it.tray)
            want = set(it.leave) | set(it.take)
            out += [("press", f"ui:swap {c}") for c in sorted(chosen ^ want)]
            out.append(("press", str(it)))
        elif isinstance(it, Draw):
            out.append(("click", ("home",) if it.source == "home" else ("dept", it.source)))
        elif isinstance(it, Agent) and it.action != "pass":
            if self.facility != it.at:
                box = {"stock": "green", "clear": "red"}.get(it.action, it.box)
                out.append(("click", ("box", seat, it.at[0], it.at[1], box)))
            out.append(("press", str(it)))
        elif isinstance(it, Play) and (it.against is not None or (it.tray is not None and is_opponent_card(
                self.state, it.card))):  # on an opponent ([O2]): their train, spot or name plate
            card(it.card)
            if it.tray is not None:
                out.append(("click", ("tray", it.tray)))
            elif player_named(self.state, it.against) is None:  # no such player: the engine says so
                out.append(("press", str(it)))
            else:
                victim = self.state.players[player_named(self.state, it.against)].seat
                out.append(("click", ("spot", victim, *it.at) if it.at is not None else ("player", victim)))
        elif isinstance(it, Play):
            fresh = self.card != it.card or bool(self.serves)
            card(it.card)
            if it.at is None:  # spotless, or a train order's button
                out.append(("press", str(it)))
            else:
                if (False if fresh else self.turned) != it.turned:
                    out.append(("press", "ui:turned"))
                out.append(("click", ("spot", seat, *it.at)))
                if it.serves is not None:
                    out.append(("click", ("spot", seat, *it.serves)))
        elif isinstance(it, Discard):
            card(it.card)
            out.append(("click", ("dept", it.dept)))
        elif isinstance(it, Work):
            out.append(("click", ("box", seat, it.at[0], it.at[1], it.box)))
        elif isinstance(it, (Board, Detrain)):
            tray(it.tray)
            if it.car is not None:  # a chosen coach is a button; the box click works the default one
                out.append(("press", str(it)))
            else:
                out.append(("click", ("box", seat, 0, 0, "green" if isinstance(it, Board) else "red")))
        else:  # switch, end, agent pass, clear/hold, run east/west, place ...
            out.append(("press", str(it)))
        return out
