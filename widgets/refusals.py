"""A click no legal intent's gesture goes on with: the engine's reason for the intent it comes nearest
to. No ipywidgets here, and no rule of the game: every reason about the rules is the engine's
``why_not`` (in a mouse player's words, ``words.for_mouse``); what is said here is only where to click.

The nearest intent is read from the click's target and the selection: a card selected, its Play
there (or Discard, on a Department); a train selected, its Move there; else what the intents'
board entries say a click on that target could mean (``IntentUI.near``).
"""

from __future__ import annotations

from stationmaster.cards import rules_of
from stationmaster.cards.opponent import is_opponent_card, name_for_intent
from stationmaster.decisions import OPTION, SWITCH, WORK
from stationmaster.flow import Where
from stationmaster.intents import Agent, Board, Detrain, Discard, Draw, End, Move, Play, Switch, Work
from stationmaster.query import player_at, trains_in_area

from .intent_ui import BY_CLASS
from .names import capital
from .words import for_mouse


def refuse(c, intent, fallback: str | None = None) -> None:
    """Say why an intent is not legal (the engine's words), or the fallback if it is (by default what
    the actor must decide)."""
    reason = c.game.why_not(intent) if intent is not None else None
    c.say(for_mouse(reason) if reason else fallback or nothing(c), error=True)


def nothing(c) -> str:
    return f"Nothing to do there now: {c.game.actor} must {c.game.decision}."


def nearest(c, target, cls):
    """The first intent of class ``cls`` its board entry says a click on ``target`` could mean."""
    return next(iter(BY_CLASS[cls].near(c, target)), None)


def explain_refusal(c, target) -> None:
    """Say why a click made nothing: the engine's reason for the intent the click comes nearest to
    (a click on a card's spot with the card selected: that Play; on a train's destination: that
    Move), never nothing."""
    s, g, seat = c.state, c.game, c.seat
    kind = target[0]
    card, tray = c.card, c.tray
    decision = c.decision()
    acts = any(not isinstance(it, End) for it in g.legal)  # anything to do besides End
    if kind in ("spot", "box") and target[1] != seat and card is None:
        c.say(f"That is {c.owner_name(target[1])}'s Office Area; {g.actor} acts in their own "
              "(the one marked as yours).", error=True)
        return
    if kind == "player":
        if card is not None and is_opponent_card(s, card):
            it = Play(card, against=name_for_intent(s, player_at(s, target[1])))
            return refuse(c, it)
        c.say(f"That is {c.owner_name(target[1])}'s name plate: select a card played on a player (an ICC "
              "Fine, a Freight Claim) first.", error=True)
        return
    if card is not None:
        return refuse_card(c, card, target)
    if kind == "tray":
        return refuse_tray(c, target[1])
    if kind == "home":
        return refuse(c, nearest(c, target, Draw))
    if kind == "dept":
        if any(isinstance(it, Discard) for it in g.legal):
            c.say("To discard, click the card in your hand first, then the Department.", error=True)
            return
        return refuse(c, nearest(c, target, Draw))
    if kind == "hand":
        return refuse(c, Discard(target[1], 1))
    xy = tuple(target[2:4])
    if kind == "spot" and tray is not None:
        t = s.trains[tray]
        if t.pos == xy:
            c.say(f"{capital(c.train_label(tray))} already stands there.", error=True)
            return
        d = "west" if xy[0] < t.pos[0] else "east"
        return refuse(c, Move(tray, d, xy))
    if kind == "spot" and decision == SWITCH and acts:
        c.say("Click one of your trains first, then where it should go.", error=True)
        return
    if kind == "box" and xy == (0, 0) and decision == WORK and acts:
        return _refuse_porter(c, target)
    agent = nearest(c, target, Agent)
    if decision == WORK and acts:
        if kind == "box" and target[4] == "red":  # the Freight Agent's box: why not it (the engine says)
            return refuse(c, agent, "Click a facility's boxes for a Laborer.")
        if xy in s.areas[seat].facilities:
            return refuse(c, nearest(c, target, Work))
        c.say("Click a facility's boxes for a Laborer, or a train at your Office for a Porter.", error=True)
        return
    if decision == OPTION:
        if agent is not None:
            return refuse(c, agent)
        c.say("Choose a Local Operations option: Switch, Draw, or click a facility for the Freight Agent.",
              error=True)
        return
    if kind == "box" and agent is not None:  # a Freight Agent's box, out of Local Operations: the engine says why
        return refuse(c, agent)
    c.say(nothing(c), error=True)


def _refuse_porter(c, target) -> None:
    """A click on the Office's box in Load/Unload that works no train: the engine's reason for the
    Porter action of that box on the train there."""
    cls = Board if target[4] == "green" else Detrain if target[4] == "red" else None
    if cls is None:
        c.say("At the Office, click the green box to board or the red box to detrain.", error=True)
        return
    here = [t.tray for t in trains_in_area(c.state, c.seat) if t.pos == (0, 0)]
    if c.tray is not None and c.tray in here:  # the selected train: why not it
        here = [c.tray]
    reasons = [r for r in (c.game.why_not(cls(t)) for t in here) if r]
    if len(c.candidates([("click", target)])) > 1:
        c.say("Several trains stand at your Office: click the one to work first.", error=True)
    elif reasons:  # the engine's reason the box's Porter action is refused
        c.say(capital(for_mouse(reasons[0])) + ".", error=True)
    elif here:
        c.say(f"Click the train to {'board' if cls is Board else 'detrain'} first, then the {target[4]} box.",
              error=True)
    else:
        c.say("No train stands at your Office for a Porter to work.", error=True)


def refuse_tray(c, tray: int) -> None:
    """A click on a train that no gesture takes: why not switch it (or move it, or work it)."""
    s = c.state
    t = s.trains.get(tray)
    if t is None:
        c.say(f"Crew Tray {tray} is free; no train uses it.", error=True)
        return
    label = c.train_label(tray)
    if not (t.where == Where.AREA and t.seat == c.seat):
        c.say(f"{capital(label)} is not in your Office Area.", error=True)
        return
    decision = c.decision()
    acts = any(not isinstance(it, End) for it in c.game.legal)
    if decision == WORK and acts:  # a Porter works a train at the Office: the engine's reason
        return refuse(c, Board(tray))
    if decision == OPTION:
        return refuse(c, Switch())
    if decision == SWITCH and acts:
        return refuse(c, Move(tray, "east", t.pos))
    refuse(c, Move(tray, "east", t.pos))


def refuse_card(c, card: str, target) -> None:
    """A click that no gesture of the selected card goes on with: the engine's reason for the Play
    (or Discard) it comes nearest to."""
    s = c.state
    kind = target[0]
    name = c.card_name(card)
    rules = rules_of(s, card)
    opponent = is_opponent_card(s, card)
    if kind == "dept":
        return refuse(c, Discard(card, target[1]))
    if kind == "home":
        return refuse(c, Draw("home"))
    if kind == "tray":
        t = s.trains.get(target[1])
        if opponent and rules.on_train:
            return refuse(c, Play(card, tray=target[1]))
        return refuse(c, Move(target[1], "east", t.pos if t else (0, 0)))
    if kind in ("spot", "box", "player") and opponent:  # [O2]: the player whose spot or plate it is
        if not rules.on_player:
            where = ("a highlighted train in another player's Office Area" if rules.on_train else
                     "the name plate of the player to play it on")
            c.say(f"The {name} is played on an opponent: click {where}.", error=True)
            return
        at = tuple(target[2:4]) if kind != "player" and rules.needs_spot else None
        if rules.needs_spot and at is None:
            c.say(f"The {name} goes on a spot of another player's Office Area: click a highlighted spot.",
                  error=True)
            return
        it = Play(card, at, against=name_for_intent(s, player_at(s, target[1])))
        return refuse(c, it)
    if kind in ("spot", "box"):
        if target[1] != c.seat:
            c.say(f"That is {c.owner_name(target[1])}'s Office Area; {c.game.actor} acts in their "
                  "own (the one marked as yours).", error=True)
            return
        xy = tuple(target[2:4])
        if not rules.needs_spot:
            how = ("press the button of its train" if rules.on_train else
                   "press the button of its Mainline card" if rules.on_mainline else f"press Play {name}")
            return refuse(c, Play(card), f"The {name} needs no spot: {how}.")
        if c.serves:
            c.say(f"Click one of the highlighted facilities the {name} may serve (or Cancel).", error=True)
            return
        return refuse(c, Play(card, xy, c.turned))
    refuse(c, Play(card))
