"""The phases' names and the decision in hand, in a player's words.

The one source for what the table is told about "now": ``Game.decision``, the board's prompt line
(``view/scene/hud.py``), the notebook controller's status and hint, the text view, the notebook
record and the lessons all read it here. The decision itself is typed data on the state
(``Turn.pending``, see ``state.py``); ``decision_kind`` names it, from the phase table
(``phases.FLOW``'s ``decides``) and the turn, so that no reader infers it from the classes of the
legal intents.
"""

from __future__ import annotations

from .flow import Option, Phase
from .phases import FLOW, STEPS
from .query import actor, hand_limit, spec_of
from .state import State

#: the phases of a Stage, in order, as players call them (read from the phase table, ``phases.FLOW``)
PHASE_NAMES = {step.phase: step.title for step in FLOW}
#: the same, short enough for the board's phase track
PHASE_SHORT = {step.phase: step.short for step in FLOW}

#: what a decision an automatic phase waits for asks, by ``Turn.pending.kind``
PENDING_ASKS = {
    "clearance": "clear or hold a following train",
    "direction": "choose an Extra's direction",
    "grade": "choose which way the Heavy Grade climbs",
    "makeup": "place a car on a new train",
}
#: what Local Operations asks, by the option taken so far (``Turn.option``)
OPTION_ASKS = {
    None: "choose a Local Operations option",
    Option.SWITCH: "switch trains",
    Option.DRAW: "play or discard cards, then end",
}
LOAD_UNLOAD_ASKS = "work passengers and freight, then end"
#: what the Draw option asks while two cards drawn together wait ([D5])
OFFER_ASKS = "keep one of the two cards drawn: discard the other"

#: the kinds of decision ``decision_kind`` names besides the pending ones (``PENDING_ASKS``)
OVER = "over"
OPTION = "option"  # choose a Local Operations option
SWITCH = str(Option.SWITCH)  # the Switch option taken: Moves, set-outs, yard work, end
DRAW = str(Option.DRAW)  # the Draw option taken: play or discard cards, end
WORK = "work"  # Load/Unload: Porters and Laborers, end
#: what each kind of decision asks, in a player's words
ASKS = {**PENDING_ASKS, OVER: "the game is over", OPTION: OPTION_ASKS[None], SWITCH: OPTION_ASKS[Option.SWITCH],
        DRAW: OPTION_ASKS[Option.DRAW], WORK: LOAD_UNLOAD_ASKS}


def decision_kind(s: State) -> str:
    """Which decision is in hand: "over", a pending decision's kind ("clearance", "direction",
    "grade", "makeup"), or the phase's own (``phases.FLOW``'s ``decides``): "option" while a Local
    Operations option is to be chosen, "switch" or "draw" once it is, "work" in Load/Unload."""
    if s.outcome is not None:
        return OVER
    if s.turn.pending is not None:
        return s.turn.pending.kind
    kind = STEPS[s.phase].decides
    if kind == OPTION and s.turn.option is not None:
        return str(s.turn.option)
    if kind is None:  # pragma: no cover - the flow stops only where a decision is asked
        raise ValueError(f"no decision is asked in {s.phase}")
    return kind


def decision(s: State) -> str:
    """What the actor is deciding, e.g. 'clear or hold a following train'."""
    if s.turn.offer and s.outcome is None and s.turn.pending is None:
        return OFFER_ASKS
    return ASKS[decision_kind(s)]


def pending_train(s: State):
    """The train a pending decision is about (a clearance or a make-up), else None."""
    return s.trains.get(getattr(s.turn.pending, "tray", None))


def detail(s: State) -> str:
    """The particulars of the decision in hand (which train, which card, how many Moves), or ''."""
    pend = s.turn.pending
    if s.outcome is not None:
        return ""
    if pend is not None:
        train = pending_train(s)
        label = f"train {train.label}" if train else "the train"
        if pend.kind == "clearance":
            ahead = f" train {pend.ahead[0]}" if pend.ahead else ""
            return f"the Superintendent decides: may {label} follow{ahead} into the occupied Subdivision?"
        if pend.kind == "grade":
            return (f"the Superintendent decides: the {pend.card} climbs east or west? Uphill freights stop "
                    f"there for a helper: 'grade east' or 'grade west'")
        if pend.kind == "direction":
            return f"{spec_of(s, pend.card).name}: run east or run west"
        return f"{label}: place a car from the Division Yard" + (", or finish the make-up" if pend.extra else "")
    if s.phase == Phase.LOCAL_OPERATIONS:
        if s.turn.option is None:
            return "switch, draw, or a Freight Agent action"
        if s.turn.option == Option.SWITCH:
            n = s.turn.moves_left
            t = s.trains.get(s.turn.tray) if s.turn.tray is not None else None
            which = f"train {t.label}: " if t else ""
            return f"{which}{n} Move{'s' if n != 1 else ''} left; end when done"
        who = actor(s)
        if s.turn.offer:
            return "the two cards drawn are outlined in the hand"
        return f"hand limit {hand_limit(s, who)}" if who is not None else ""
    return ""
