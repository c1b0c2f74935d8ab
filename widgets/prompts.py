"""What the board tells the player to do next: the status line, the Hint line, the selection, the
message after a click that selects, and the highlight marks. No ipywidgets here.

Each is read from the decision in hand (``decisions.decision_kind``), the clicks so far and the
gestures they start (the controller's gesture table); the words of each intent class are its board
entry's (``widgets.intent_ui``).
"""

from __future__ import annotations

import re

from stationmaster import explain
from stationmaster.cards import rules_of
from stationmaster.cards.opponent import is_opponent_card, name_for_intent
from stationmaster.decisions import DRAW, OPTION, PHASE_NAMES, SWITCH, WORK, detail
from stationmaster.intents import Agent, Board, Detrain, Discard, End, Move, Play, Work
from stationmaster.query import CLOCK

from .intent_ui import ui_of
from .names import capital, place_name
from .words import for_mouse


def status(c) -> str:
    """Whose decision it is and what about, e.g. 'Day 1, Stage 1 (Midnight), Local Operations: Ann
    to choose a Local Operations option'."""
    g, s = c.game, c.state
    if g.is_over:
        return f"Game over: {g.outcome.reason}"
    who = f"{g.actor} ({c.bot})" if c.bot else g.actor
    return f"Day {s.day}, Stage {s.stage} ({CLOCK[s.stage - 1]}), {PHASE_NAMES[s.phase]}: {who} to {g.decision}"


def _parts(intents) -> list:
    """The intents' entries' parts of the prompt, each once, in order."""
    return list(dict.fromkeys(h for h in (ui_of(it).hint_of(it) for it in intents) if h))


def hint(c) -> str:
    """What the actor can click now, from the decision in hand and the gestures the clicks so far
    start."""
    g, s = c.game, c.state
    if g.is_over:
        return "Start a new game with New game, or Undo to look back."
    if c.bot:
        return f"{g.actor} ({c.bot}) is deciding."
    if s.turn.pending is not None:  # answered with the buttons
        said = detail(s)
        return said[0].upper() + said[1:] + ("" if said.endswith("?") else ".")
    legal = g.legal
    decision = c.decision()
    acts = any(not isinstance(it, End) for it in legal)  # anything to do besides End
    end = f", or {explain.end_label(s)}" if End() in legal else ""
    sv = c.serves
    if sv:
        return f"Click the facility the {c.card_name(sv['card'])} serves."
    if c.card is not None:
        name = c.card_name(c.card)
        if is_opponent_card(s, c.card):  # [O2]
            return (f"Click a highlighted target in another player's Office Area (a train, a spot, their name "
                    f"plate) to play the {name} on them, or a Department to discard it.")
        return f"Click a highlighted spot to lay the {name}, or a Department to discard it."
    if c.tray is not None:
        cands = [it for it, _ in c.candidates(c.clicks)]
        if any(isinstance(it, (Board, Detrain)) for it in cands):
            return capital(porter_choices(c, c.tray, cands)) + "."
        extra = "".join(f", {h}" for h in _parts(cands))
        return (f"Click a highlighted spot to move {c.train_label(c.tray)} "
                f"({s.turn.moves_left} Moves left), set out cars{extra}{end}.")
    if c.facility is not None:
        return f"Choose what to do at {place_name(s, c.seat, c.facility)} with the buttons{end}."
    if decision == OPTION:
        parts = _parts(legal)
        return "Choose: " + ", ".join(parts[:-1]) + (", or " if len(parts) > 1 else "") + parts[-1] + "."
    if decision == SWITCH and acts:
        return f"Click a train to switch with ({s.turn.moves_left} Moves left){end}."
    if decision == DRAW and acts and s.turn.offer:
        return ("Keep one of the two cards you drew (outlined in your hand): to return the other, click a "
                "Department, then that card.")
    if decision == DRAW and acts:
        over = c.quick_discard and End() not in legal
        if over and any(isinstance(c.one_click(("hand", card)), Discard) for card in s.players[c.player].hand):
            return ("Your hand is over its limit: click a card that cannot be played to discard it (or a "
                    "Department, then the card), or play one.")
        if c.quick_play or c.quick_discard:
            return (f"Click a card in your hand (one that fits one place is played at once) or a highlighted "
                    f"spot; to discard, click a Department, then the card{end}.")
        return f"Click a card in your hand to play or discard it{end}."
    if decision == WORK and acts:
        more = " (or Work all)" if c.work_all and c.obvious_work() else ""
        return ("Click a facility's boxes for a Laborer, or a train at your Office then Board/Detrain "
                f"for a Porter{more}; {explain.end_label(s)} when done.")
    if End() in legal:
        return f"Nothing else to do: press {explain.end_label(s)}."
    return ""


def serves(c) -> dict | None:
    """A card laid on a spot beside several facilities, waiting for the click on the one it serves:
    ``{"card", "at", "turned", "targets"}``; else None."""
    if c.card is None or len(c.clicks) != 2 or c.clicks[1][0] != "click":
        return None
    at = tuple(c.clicks[1][1][2:4])
    targets = sorted({it.serves for it, _ in c.candidates(c.clicks) if isinstance(it, Play) and it.serves is not None})
    return {"card": c.card, "at": at, "turned": c.turned, "targets": targets} if targets else None


def after(c, it) -> str:
    """What to say after the controller's own intent besides its events ("" mostly): a train that
    moved stays selected for its next Move."""
    if not (isinstance(it, Move) and c.tray == it.tray and c.game.actor is not None):
        return ""
    label = capital(c.train_label(it.tray))
    if any(isinstance(o, Move) for o, _ in c.candidates(c.clicks)):
        return (f" {label} is still selected: click a highlighted spot for its next Move, "
                f"set out cars, or {explain.end_label(c.state)}.")
    return f" No Moves left: {label} may still set out cars; {explain.end_label(c.state)} when done."


def selection(c) -> str:
    """What is selected now, in words (the board always shows it)."""
    if c.game.is_over or c.bot or c.state.turn.pending is not None:
        return ""
    sv = c.serves
    if sv:
        return (f"Selected: the {c.card_name(sv['card'])}, to lay"
                f"{' turned' if sv['turned'] else ''} — now click the facility it serves.")
    if c.card is not None:
        return f"Selected: the {c.card_name(c.card)}{' (to lay turned)' if c.turned else ''}."
    if c.tray is not None:
        return f"Selected: {c.train_label(c.tray)}."
    if c.facility is not None:
        return f"Selected: {place_name(c.state, c.seat, c.facility)}."
    return "Nothing selected."


def porter_choices(c, tray: int, cands) -> str:
    """What a Porter may do with this train now, and why not the other ("board: click the Office's
    green box or press Board; no detraining: Train 12 has no loaded coach")."""
    out = []
    for cls, verb, box in ((Board, "board", "green"), (Detrain, "detrain", "red")):
        if any(isinstance(it, cls) for it in cands):
            out.append(f"{verb}: click the Office's {box} box or press {verb.capitalize()}")
        else:
            reason = c.game.why_not(cls(tray))
            if reason:
                out.append(f"no {verb}ing: {for_mouse(reason)}")
    return "; ".join(out)


def say_selected(c, cands: list) -> None:
    """The message for a selection that goes on: what to click next."""
    s, seat = c.state, c.seat
    intents = [it for it, _ in cands]
    first = c.clicks[0][1]
    if first[0] == "hand":
        _say_card_selected(c, first[1], intents)
    elif first[0] == "tray":
        label = capital(c.train_label(first[1]))
        if any(isinstance(it, (Board, Detrain)) for it in intents):
            c.say(f"{label} is selected: {porter_choices(c, first[1], intents)}.")
        else:
            c.say(f"{label} is selected: click a highlighted spot, or set out cars.")
    elif first[0] == "spot":
        name = capital(place_name(s, seat, tuple(first[2:4])))
        if any(isinstance(it, Agent) for it in intents):
            c.say(f"{name} is selected: choose a Freight Agent action with the buttons.")
        elif any(isinstance(it, Work) for it in intents):
            c.say(f"{name} is selected: choose a Laborer action with the buttons, or click its boxes.")
        else:
            c.say(f"{name} is selected: choose with the buttons.")
    elif first[0] == "dept" and any(isinstance(it, Discard) for it in intents):
        c.say(f"Department {first[1]} is selected: click the card in your hand to discard there.")
    else:
        c.say("Now click one of the highlighted places.")


def _say_card_selected(c, card: str, cands: list) -> None:
    s = c.state
    name = c.card_name(card)
    if c.serves:
        names = ", ".join(place_name(s, c.seat, t) for t in c.serves["targets"])
        c.say(f"That spot stands beside several facilities ({names}): click the highlighted one the {name} serves.")
        return
    plays = [it for it in cands if isinstance(it, Play)]
    rules = rules_of(s, card)
    if plays and is_opponent_card(s, card):  # [O2]
        where = ("a highlighted train in another player's Office Area" if rules.on_train else
                 "a highlighted spot in another player's Office Area" if rules.needs_spot else
                 "the highlighted name plate of the player (or press their button)")
        c.say(f"The {name} is selected: click {where} to play it on them, or a Department to discard it.")
    elif any(it.tray is not None for it in plays):
        c.say(f"The {name} is selected: press the button of the train to give it to, or click a "
              "Department to discard it.")
    elif any(it.mainline is not None for it in plays):
        c.say(f"The {name} is selected: press the button of the Mainline card to put it on, or "
              "click a Department to discard it.")
    elif any(it.at is None for it in plays):
        c.say(f"The {name} is selected: press Play {name}, or click a Department to discard it.")
    elif plays and rules.on_card:  # an enhancement goes on a card of the Area ([E1])
        c.say(f"The {name} is selected: click a highlighted card of your Office Area to put it on, or "
              "a Department to discard it.")
    elif plays:
        flat = any(not it.turned for it in plays)
        turned = any(it.turned for it in plays)
        how = ("" if not turned else " (dashed spots: it fits there only turned; a click there lays it "
               "turned)" if flat else " — it fits only turned: a click on a highlighted spot lays it turned")
        c.say(f"The {name} is selected: click a highlighted spot to lay it{how}, or a Department to discard it.")
    else:
        c.say(f"The {name} is selected. {why_nowhere(c, card)} Click a Department to discard it.")


def why_nowhere(c, card: str) -> str:
    """Why a card in hand cannot be played now, for the mouse (the engine's reason for a spot beside
    the track when the card goes on a spot)."""
    name = c.card_name(card)
    s = c.state
    rules = rules_of(s, card)
    if is_opponent_card(s, card):  # [O2]: why not on each other player, the first reason
        reasons = [c.game.why_not(Play(card, against=name_for_intent(s, i)))
                   for i in range(len(s.players)) if i != c.player]
        if rules.on_train:
            return f"The {name} has no train to go on: none stands in another player's Office Area open to it."
        shown = next((r for r in reasons if r), None)
        return f"The {name} cannot be played on anyone now" + (f" ({for_mouse(shown)})." if shown else ".")
    if not rules.needs_spot:
        reason = c.game.why_not(Play(card))
        return capital(for_mouse(reason)) + "." if reason else f"The {name} cannot be played now."
    area = s.areas[c.seat]
    on_card = rules.on_card  # an enhancement: the Area's cards are its places ([E1])
    free = sorted(set(area.grid) if on_card else
                  {(x + dx, y + dy) for (x, y) in area.grid for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
                  - set(area.grid), key=lambda xy: (abs(xy[1]), abs(xy[0])))
    reasons: dict = {}
    for xy in free:
        r = c.game.why_not(Play(card, xy))
        if r:
            reasons[r] = reasons.get(r, 0) + 1
    where = "card" if on_card else "spot"
    if not reasons:
        return f"The {name} fits no {where} of your Office Area now."
    common = max(reasons, key=reasons.get)
    common = re.sub(r"^-?\d+,-?\d+ ", "that spot ", for_mouse(common))
    return f"The {name} fits no {where} of your Office Area now (for instance: {common})."


def highlights(c) -> list:
    """``(target, kind)`` pairs for the highlight layer; kind is "selected", "target" (a click there
    makes an intent), "turned" (the selected card fits there only the other way round; a click lays
    it so), "option" (a click there selects something) or "hint" (what the Hint suggests)."""
    g, s = c.game, c.state
    if g.is_over or s.turn.pending or c.bot:
        return []
    out = [(step[1], "selected") for step in c.clicks if step[0] == "click"]
    seen = {t for t, _ in out}
    n = len(c.clicks)
    for it, gest in c.candidates(c.clicks):
        if len(gest) <= n or gest[n][0] != "click":
            continue
        target = gest[n][1]
        entry = ui_of(it)
        if not entry.offered(c, it, target):
            continue
        if isinstance(it, Play) and it.turned != c.turned and len(gest) == n + 1:
            kind = "turned"
        else:
            kind = "target" if len(gest) == n + 1 and not entry.selects else "option"
        if (target, kind) not in seen:
            seen.add((target, kind))
            out.append((target, kind))
    turned = {t for t, k in out if k == "turned"}
    plain = {t for t, k in out if k == "target"}
    return [(t, k) for t, k in out if not (k == "turned" and t in plain)] if turned else out


def situation(c) -> bool:
    """A click on the Division's situation card (optional rule adversity, [W3]) says what it did."""
    sit = c.state.situation
    c.say(f"This Stage's situation card: {sit[2]}" if sit else "No situation card has been turned up yet.")
    return False
