"""The Draw option: draw one card, play eligible cards, discard to Departments (v0.2 §6.2, §11)."""

from __future__ import annotations

from ..cards import families  # noqa: F401  (every card family registered, the specs checked)
from ..cards.base import rules_of
from ..intents import Discard, Draw
from ..query import area_of, empty_spots, name, spec_of
from ..seat import hidden_in_hand
from ..rules import Events, shuffle
from ..state import State


# --------------------------------------------------------------------------- drawing


def check_draw(s: State, d: Draw) -> str | None:
    if d.source == "home":
        if not s.home and not s.salvage and not any(s.departments):
            return "the Home Office deck is empty and there is nothing to reshuffle"
        return None
    if not s.departments[d.source - 1]:
        return f"Department {d.source} is empty"
    return None


def reshuffle(s: State, ev: Events) -> None:
    """The Home Office ran out: Salvage Yard and Departments are shuffled into a new deck."""
    cards = list(s.salvage)
    for pile in s.departments:
        cards.extend(pile)
        pile.clear()
    s.salvage.clear()
    cards.sort()
    shuffle(s, cards)
    s.home = cards + s.home
    if cards:
        ev.say("reshuffle", f"The Home Office deck ran out: {len(cards)} cards from the Salvage Yard and "
               "Departments are reshuffled into it.")
    refill_departments(s, ev, after_reshuffle=True)


def refill_departments(s: State, ev: Events, after_reshuffle: bool = False) -> None:
    for k, pile in enumerate(s.departments):
        if not pile and s.home:
            if after_reshuffle and len(s.home) == 1:
                return  # so few cards left that refilling would empty the new deck and reshuffle forever
            pile.append(s.home.pop())
            if not s.home:
                reshuffle(s, ev)
                return


#: the optional rule under which a draw from the Home Office turns up two cards, one to keep ([D5])
CHOOSE_DRAW = "choose_draw"


def draw(s: State, p: int, d: Draw, ev: Events) -> None:
    hand = s.players[p].hand
    if d.source == "home":
        drawn = []
        for _ in range(2 if s.config.has(CHOOSE_DRAW) else 1):
            if not s.home:
                reshuffle(s, ev)
            if not s.home:
                break  # nothing left to reshuffle: the one card drawn is kept
            drawn.append(s.home.pop())
        hand.extend(drawn)
        if len(drawn) == 2:
            s.turn.offer = 2
            ev.say("draw", f"{name(s, p)} draws two cards from the Home Office, to keep one and discard the other.",
                   data={"card": drawn, "private": True})
        else:
            ev.say("draw", f"{name(s, p)} draws from the Home Office.", data={"card": drawn[0], "private": True})
        if not s.home:
            reshuffle(s, ev)
    else:
        card = s.departments[d.source - 1].pop()
        hand.append(card)
        ev.say("draw", f"{name(s, p)} takes the {spec_of(s, card).name} ({card}) from Department {d.source}.")
    refill_departments(s, ev)


# --------------------------------------------------------------------------- playing cards
# What a card may do is its rules object's to say (cards/kinds.py): here only the hand and the
# Departments are handled.


def check_card(s: State, p: int, it) -> str | None:
    hand = s.players[p].hand
    if it.card not in hand:
        return f"{it.card} is not in your hand (you hold {', '.join(hand) or 'nothing'})"
    rules = rules_of(s, it.card)
    if isinstance(it, Discard):
        return rules.discard_problem(s, p)
    if (it.against is not None) != rules.on_player:  # [O2]
        if rules.on_player:
            return (f"the {rules.spec.name} is played on an opponent: say whom, 'play {it.card} against NAME'"
                    + (" at x,y" if rules.needs_spot else ""))
        if rules.on_train and rules.kind != "order":
            return (f"the {rules.spec.name} is played on a train in an opponent's Office Area: 'play {it.card} "
                    "on TRAY' (the train's player is the one it hits)")
        return f"the {rules.spec.name} is played on your own railroad, not against another player"
    if (it.tray is not None) != rules.on_train:
        if rules.on_train and rules.kind != "order":
            return f"the {rules.spec.name} is played on a train: 'play {it.card} on TRAY'"
        if rules.on_train:
            return f"the {rules.spec.name} is a train order: play it on a train, 'play {it.card} on TRAY'"
        return f"only a train order is played on a train; the {rules.spec.name} is not one"
    if (it.mainline is not None) != rules.on_mainline:
        if rules.on_mainline:
            return (f"the {rules.spec.name} is a Mainline modifier: play it on a card of the Division, "
                    f"'play {it.card} on Mainline N' (1 = the westernmost)")
        return f"only a Mainline modifier is played on the Division; the {rules.spec.name} is not one"
    return rules.play_problem(s, p, it)


def offered(s: State, p: int) -> list:
    """The cards drawn together from the Home Office that the player still chooses between ([D5]):
    the last hidden cards of the hand, as many as ``turn.offer``."""
    n = s.turn.offer
    return hidden_in_hand(s.players[p].hand)[-n:] if n else []


def check_offer(s: State, p: int, it) -> str | None:
    """[D5]: while two drawn cards wait, the only thing to do is to discard one of them."""
    cards = offered(s, p)
    if not cards or (isinstance(it, Discard) and it.card in cards):
        return None
    a, b = (f"the {spec_of(s, c).name} ({c})" for c in cards)
    return (f"first keep one of the two cards you drew, {a} or {b}: discard the other to a Department "
            f"('discard {cards[0]} to 1')")


def candidates(s: State, p: int):
    cards = offered(s, p)
    if cards:
        for card in cards:
            for k in (1, 2, 3):
                yield Discard(card, k)
        return
    spots = empty_spots(s, p)
    for card in dict.fromkeys(s.players[p].hand):
        for k in (1, 2, 3):
            yield Discard(card, k)
        yield from rules_of(s, card).candidates(s, p, card, spots)


def apply_card(s: State, p: int, it, ev: Events) -> None:
    chose = isinstance(it, Discard) and it.card in offered(s, p)
    s.players[p].hand.remove(it.card)
    if isinstance(it, Discard):
        s.departments[it.dept - 1].append(it.card)
        keeps = " keeps one of the two cards drawn and" if chose else ""
        ev.say("discard", f"{name(s, p)}{keeps} discards the {spec_of(s, it.card).name} ({it.card}) to Department {it.dept}.")
        if chose:
            s.turn.offer = 0
        return
    rules_of(s, it.card).play(s, p, it, ev)
