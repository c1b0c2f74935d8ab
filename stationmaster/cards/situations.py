"""Solitaire adversity (optional rule ``adversity``, rulings [W1]-[W6] in docs/rules.md).

Dispatcher (1958, §V) turns up a Situation Card every turn, "from sticking brakes to hotboxes and minor
derailments". With ``optional_rules=["adversity"]`` a Solitaire game does the same: at each Stage start
the Division turns up one card of its **situation deck** and strikes the lone player with it, on a
target it picks with the game's random stream — so Solitaire has an opponent too.

The situation deck (``SITUATION_DECK``, at the end with the All Clear's spec) is the opponent-directed effects of
``cards/opponent.py`` (Hotbox, Derail, Broken Coupler...) plus "All Clear" cards. It is a pile of its
own, never part of the Home Office deck: its card ids (``SitHotbox1``...) are mapped in ``State.deck``
(so ``spec_of`` and the rule points read them as the opponent cards they copy), they lie face down in
``State.situations`` and, once done, in ``State.situations_used``; a card in play rides on a train's
orders or lies in ``Area.space`` exactly as an opponent's card would. ``rules.to_salvage`` sends a
situation card back to ``situations_used`` wherever the rules send a spent card to the Salvage Yard.

The pile keeps no order: each Stage a card is drawn from it at random with the game's stream — the
same odds as turning the top card of a shuffled pile, and a look-ahead copy of the game (whose stream
is dealt afresh) knows no more than the player does about what turns up next.
"""

from __future__ import annotations

from ..query import name, spec_of
from ..rules import below, to_salvage
from .base import CardRules, register
from .kinds import KIND_RULES
from .opponent import EFFECTS, a, candidates_for, inflict, target_problem
from .specs import SITUATION_IDS, CardSpec

RULE = "adversity"


@register("situation")
class SituationCard(CardRules):
    """A situation card that is no opponent effect (All Clear): it is never in a hand, and turned up it
    does nothing ([W1])."""

    kind = "situation"
    label = "SITUATION"
    colour = "#4b5d73"
    picture = "tag"

    @property
    def tag(self):
        return ("quiet Stage",)


KIND_RULES["situation"] = SituationCard


def deal_situations(s) -> None:
    """Setup of a game with ``adversity``: the situation deck goes face down beside the Home Office deck
    (its ids join ``State.deck``, so the rules can read them)."""
    s.deck.update(SITUATION_IDS)
    s.situations = sorted(SITUATION_IDS)
    s.situations_used = []
    s.situation = None


def strike_targets(s, card: str, victim: int) -> list:
    """Where the Division may strike the victim with this situation card: the targets an opponent could
    play it on ([O2]), a defence aside — the Division does not see the defences; one that stands in
    the way stops the card when it is struck ([W4])."""
    return [t for t in candidates_for(s, spec_of(s, card).key, victim)
            if target_problem(s, card, victim, t, judge_defence=False) is None]


def _none_words(s, key: str) -> str:
    """Why a situation card found nothing to strike, in the player's words."""
    target = EFFECTS[key].target
    return {
        "train": "no train stands in your Office Area",
        "facility": "no load waits in the green boxes of your Office or facilities",
        "track": "you have no track card besides the Office without one already on it",
        "clear_track": "you have no track card besides the Office that is clear of trains and free",
        "spot": "your Office Area has no free empty spot",
    }.get(target, "there is nothing to strike")


def turn_up(s, ev) -> str | None:
    """At a Stage start of a game with ``adversity``: the Division turns up a situation card and strikes
    the lone player with it on a target drawn at random ([W3]). Returns the card turned up, which is
    also kept, with what it did, in ``State.situation`` for the board: ``(card, short, words)``."""
    if not s.situations:  # every card has been turned up: the discard is turned over ([W5])
        s.situations = sorted(s.situations_used)
        s.situations_used = []
        ev.say("situation_pile", f"The Division's situation discard is turned over: {len(s.situations)} cards "
               "face down again.", data={"cards": len(s.situations)})
    if not s.situations:  # all of them are in play
        s.situation = None
        return None
    card = s.situations.pop(below(s, len(s.situations)))
    sp = spec_of(s, card)
    victim = 0
    who = name(s, victim)
    data = {"card": sp.key, "id": card, "by": "the Division"}
    if sp.key not in EFFECTS:
        to_salvage(s, card)
        e = ev.say("situation", "The Division turns up All Clear: a quiet Stage, nothing goes wrong.", player=who,
                   data=data)
        s.situation = (card, "quiet Stage", e.text)
        return card
    choices = strike_targets(s, card, victim)
    if not choices:
        to_salvage(s, card)
        e = ev.say("situation", f"The Division turns up {a(sp.name)}: nothing to strike "
                   f"({_none_words(s, sp.key)}): no effect.", player=who, data=data)
        s.situation = (card, "no effect", e.text)
        return card
    target = choices[below(s, len(choices))]
    before = len(ev)  # inflict tells the player what turned up, what it strikes and what it does
    struck = inflict(s, card, victim, target, ev, source=None)
    s.situation = (card, _short(s, EFFECTS[sp.key], target) if struck else "stopped", ev[before].text)
    return card


def _short(s, eff, target) -> str:
    """Where a situation card struck, in a few words for the board ('train 5', 'at 1,0')."""
    if eff.target == "train":
        return f"train {s.trains[target].label}"
    if eff.target == "player":
        return f"-{eff.penalty} Revenue" if eff.penalty else "you"
    return f"at {target[0]},{target[1]}"


# --------------------------------------------------------------------------- the cards of this family

def _specs() -> tuple:
    """The one card of the Division's situation deck that is not an opponent-directed effect (optional rule
    ``adversity``, rulings [W1]-[W6]; the deck's other cards are Hotboxes, Derails... of ``cards/opponent.py``)."""
    made = []
    add = made.append
    add(CardSpec("all_clear", "situation", "All Clear",
                 "Situation card (optional rule adversity): the Division turns up a quiet Stage; nothing goes "
                 "wrong. It goes straight back to the Division's situation discard."))
    return tuple(made)


#: this family's cards, in the catalog's order
SPECS: tuple = _specs()

#: the Division's situation deck of the optional rule ``adversity`` (rulings [W1]-[W6]): one card turned up at
#: each Stage start of a Solitaire game and struck at the lone player. Its own pile, never in the Home Office
#: deck: ``(card type, copies, id prefix, why so many)``; docs/rules.md [W2] gives the measurements behind it
SITUATION_DECK: tuple = (
    ("hotbox", 3, "SitHotbox", "three: the Dispatcher's commonest trouble, a hot journal box; it only holds a train"),
    ("broken_coupler", 3, "SitCoupler", "three: the mildest train trouble (the train still moves and departs)"),
    ("derail", 2, "SitDerail", "two: a minor derailment stops a train's switching and its departure"),
    ("outlawed", 1, "SitOutlawed", "one: it may stop a train for three Stages"),
    ("railroad_crossing", 2, "SitCrossing", "two: one Move more to enter a card, for the Day"),
    ("washout", 1, "SitWashout", "one: it closes a card for the Day"),
    ("right_of_way", 1, "SitDispute", "one: it blocks building on one spot for the Day"),
    ("vandalism", 1, "SitVandal", "one: the loads waiting in green boxes are lost"),
    ("all_clear", 8, "SitClear", "eight: about a third of the Stages pass quietly, so the Division is an opponent, "
     "not a landslide ([W2])"),
)
