"""Yard work chosen car by car ([K3]-[K5]): the buttons of a selected train on a yard card, and the
selection they build. No ipywidgets here.

A Sort is chosen from the front, one car per press (``ui:sort CAR``; the last car follows by
itself and the sort is applied); an Exchange by toggling the cars to leave or take (``ui:swap
CAR``), then Exchange. The selection lives on the controller (``sorting``, ``swap``); what is
applied is an ordinary intent through ``Controller.apply``.
"""

from __future__ import annotations

from stationmaster.intents import Exchange, Fly, Sort, parse

from .action import Action
from .names import capital, car_words
from .refusals import refuse
from .words import for_mouse

ORDINALS = ("1st", "2nd", "3rd", "4th")


def yard_actions(c, legal) -> list:
    """Buttons for the selected train's yard work: a Fly button per cut and spur it can roll into;
    on a Small Yard, the cars to pick from the front ("Sort: 1st empty hopper", one button per kind
    of car left, the last car follows by itself); on an Interchange, a toggle per car to leave or
    take and the Exchange button."""
    s, tray = c.state, c.tray
    t = s.trains.get(tray)
    mine = [it for it in legal if isinstance(it, (Sort, Fly, Exchange)) and it.tray == tray]
    if t is None or not mine:
        return []
    out = []
    for it in mine:
        if isinstance(it, Fly):
            cars = f"{it.count} car{'s' if it.count != 1 else ''}"
            out.append(Action(f"Fly {cars} to the {c.card_name(s.areas[c.seat].grid[it.to].card)}",
                              str(it), c.said(it), True, it, "info"))
    if any(isinstance(it, Sort) for it in mine):
        left = [car for car in t.cars if car not in c.sorting]
        seen = set()
        for car in left:
            looks = car_words([car])
            if looks in seen:
                continue
            seen.add(looks)
            nth = ORDINALS[len(c.sorting)]
            out.append(Action(f"Sort: {nth} {looks[4:]}", f"ui:sort {car}",
                              f"Put {looks} {nth} from the front in the new order", True, None, "info"))
        if c.sorting:
            out.append(Action("Cancel sort", "ui:cancel", "forget the order chosen so far"))
    if any(isinstance(it, Exchange) for it in mine):
        waiting = s.areas[c.seat].grid[t.pos].cars
        for k, car in enumerate(t.cars, 1):
            out.append(Action(f"Leave car {k} ({car_words([car])[4:]})", f"ui:swap {car}",
                              f"Leave {car_words([car])} on the Interchange", True, None, "", car in c.swap))
        for k, car in enumerate(waiting, 1):
            out.append(Action(f"Take waiting car {k} ({car_words([car])[4:]})", f"ui:swap {car}",
                              f"Take {car_words([car])} from the Interchange", True, None, "", car in c.swap))
        it = exchange_of(c, t, waiting)
        if it is None:
            out.append(Action("Exchange", "ui:exchange", "Choose cars to leave or take first", False, None, "success"))
        else:
            reason = c.game.why_not(it)
            tip = capital(for_mouse(reason)) if reason else c.said(it)
            out.append(Action("Exchange", str(it), tip, reason is None, it, "success"))
    return out


def exchange_of(c, t, waiting):
    """The exchange the toggled cars make (None while none is toggled)."""
    leave = [car for car in t.cars if car in c.swap]
    take = [car for car in waiting if car in c.swap]
    if not leave and not take:
        return None
    return parse(f"exchange {t.tray}" + (" leave " + " ".join(leave) if leave else "")
                 + (" take " + " ".join(take) if take else ""))


def press(c, key: str) -> bool | None:
    """A yard button (``ui:sort CAR``, ``ui:swap CAR``, ``ui:exchange``): what it did; None for
    another key."""
    if key.startswith("ui:sort "):
        return pick_for_sort(c, key.split(" ", 1)[1])
    if key.startswith("ui:swap "):
        return toggle_swap(c, key.split(" ", 1)[1])
    if key == "ui:exchange":  # the Exchange button before any car is chosen
        c.say("Choose the cars to leave or take first (the Leave and Take buttons).", error=True)
        return False
    return None


def pick_for_sort(c, car: str) -> bool:
    """One car chosen for the next place of a Small Yard sort; the last car follows by itself and
    the sort is made."""
    t = c.state.trains.get(c.tray) if c.tray is not None else None
    if t is None or car not in t.cars or car in c.sorting:
        c.say("Click the train on the Small Yard first, then its Sort buttons.", error=True)
        return False
    c.sorting.append(car)
    left = [x for x in t.cars if x not in c.sorting]
    if len(left) > 1:
        c.say(f"New order so far, from the front: {car_words(c.sorting)}. Choose the next car.")
        return False
    order, c.sorting = c.sorting + left, []
    it = Sort(t.tray, tuple(order))
    if c.game.why_not(it) is not None:
        refuse(c, it)
        return False
    return c.apply(it, c.clicks)


def toggle_swap(c, car: str) -> bool:
    """A car toggled to leave or take at an Interchange; the message says the exchange so far."""
    c.swap ^= {car}
    t = c.state.trains.get(c.tray) if c.tray is not None else None
    if t is None:
        c.swap = set()
        return False
    it = exchange_of(c, t, c.state.areas[c.seat].grid[t.pos].cars)
    if it is None:
        c.say("Nothing chosen to leave or take.")
    else:
        reason = c.game.why_not(it)
        c.say(c.said(it) + (f" — not yet: {for_mouse(reason)}." if reason else ". Press Exchange."))
    return False
