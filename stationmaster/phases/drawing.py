"""The Draw option: draw one card, play eligible cards, discard to Departments (v0.2 §6.2, §11)."""

from __future__ import annotations

from ..cards import families  # noqa: F401  (every card family registered, the specs checked)
from ..cards.base import rules_of
from ..intents import Discard, Draw
from ..query import area_of, empty_spots, name, spec_of
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


def draw(s: State, p: int, d: Draw, ev: Events) -> None:
    hand = s.players[p].hand
    if d.source == "home":
        if not s.home:
            reshuffle(s, ev)
        card = s.home.pop()
        hand.append(card)
        ev.say("draw", f"{name(s, p)} draws from the Home Office.", data={"card": card, "private": True})
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


def candidates(s: State, p: int):
    spots = empty_spots(s, p)
    for card in dict.fromkeys(s.players[p].hand):
        for k in (1, 2, 3):
            yield Discard(card, k)
        yield from rules_of(s, card).candidates(s, p, card, spots)


def apply_card(s: State, p: int, it, ev: Events) -> None:
    s.players[p].hand.remove(it.card)
    if isinstance(it, Discard):
        s.departments[it.dept - 1].append(it.card)
        ev.say("discard", f"{name(s, p)} discards the {spec_of(s, it.card).name} ({it.card}) to Department {it.dept}.")
        return
    rules_of(s, it.card).play(s, p, it, ev)
