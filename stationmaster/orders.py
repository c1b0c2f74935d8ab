"""Car orders ([L8], edition v5): each industry's demand for the Day, public and paid per car.

At dawn, and when an industry is built, each industry turns up its order for the Day: how many
loads it will ship (outbound) and how many it will receive (inbound), one D12 roll for each way it
works (``house_rules.ORDER_SIZES``, by the industry's Laborers, or the house rule ``order_sizes``). Every load or unload a player finishes pays;
the one that fills a way of an industry's order pays a bonus on top. Orders lapse at the Day's
end. The make-up of a freight train serves the open orders along its way first (a waybill: the
yard sends the cars an industry asked for), so what an Office earns from freight is decided by its
switching and its planning, not by which cars a random make-up happens to bring.
"""

from __future__ import annotations

from .cards import PIECES
from .house_rules import ORDER_PAY, ORDER_SIZES  # noqa: F401  (the edition tables, by their old home)
from .query import name, player_at, spec_of
from .rules import d12, Events
from .state import State

#: [L8] the editions whose outbound orders are filled by shipping: a load counts for its industry's
#: order for the Day when it leaves the Office Area, not when it is loaded (loading still pays)
SHIP_TO_FILL = ("v5", "v6")
WAYS = ("out", "in")


def has_orders(config) -> bool:
    """Does the game's edition play car orders ([L8])?"""
    return config.balance in ORDER_PAY


def _ways(sp) -> tuple:
    return tuple(w for w, works in (("out", sp.outbound), ("in", sp.inbound)) if works)


def _sizes(config, sp) -> tuple:
    three, two = config.rule("order_sizes")
    return three if (sp.laborers or 0) >= 3 else two


def industries(s: State, seat: int) -> list:
    """The industry spots of the Office Area at ``seat``, in grid order."""
    area = s.areas[seat]
    return [xy for xy in sorted(area.facilities) if xy != (0, 0)]


def turn_up(s: State, ev: Events, seat: int, xy) -> None:
    """The industry at ``xy`` of the Area at ``seat`` turns up its order for the rest of the Day."""
    area = s.areas[seat]
    sp = spec_of(s, area.grid[xy].card)
    fac = area.facilities[xy]
    fac.orders = {w: [_sizes(s.config, sp)[d12(s) - 1], 0] for w in _ways(sp)}
    owner = player_at(s, seat)
    ev.say("car_order", f"The {sp.name} at {name(s, owner)}'s Office orders {describe(fac.orders)} today.",
           player=s.players[owner].name, data={"seat": seat, "at": list(xy), "orders": order_counts(fac)})


def describe(orders: dict) -> str:
    """An order in words: '2 loads out and 1 in'."""
    parts = []
    for w in WAYS:
        if w in orders:
            n = orders[w][0]
            parts.append(f"{n} {'load' if n == 1 else 'loads'} {w}" if not parts else f"{n} {w}")
    return " and ".join(parts) or "nothing"


def order_counts(fac) -> dict:
    """``{"out": [wanted, worked], ...}`` as plain lists (for events and views)."""
    return {w: list(v) for w, v in fac.orders.items()}


def dawn(s: State, ev: Events) -> None:
    """Every industry on the table turns up the Day's order, Offices west to east."""
    for seat in range(len(s.areas)):
        for xy in industries(s, seat):
            turn_up(s, ev, seat, xy)


def new_industries(s: State, ev: Events) -> None:
    """An industry built today turns up its order at once (it has none yet)."""
    for seat in range(len(s.areas)):
        for xy in industries(s, seat):
            if not s.areas[seat].facilities[xy].orders:
                turn_up(s, ev, seat, xy)


def open_ways(fac) -> list:
    """The ways ("out" / "in") of an industry's order still short of cars today."""
    return [w for w in WAYS if w in fac.orders and fac.orders[w][1] < fac.orders[w][0]]


def work_finished(s: State, seat: int, xy, way: str) -> tuple:
    """Count a finished load (``way`` "out") or unload ("in") against the industry's order; return
    (pay, bonus, filled) in Revenue, before the cards' extras ([L8])."""
    per_car, bonus = s.config.rule("order_pay")
    rate = s.config.revenue[1]
    order = s.areas[seat].facilities[xy].orders.get(way)
    if order is None or order[1] >= order[0] or (way == "out" and s.config.balance in SHIP_TO_FILL):
        return rate * per_car, 0, False
    order[1] += 1
    filled = order[1] == order[0]
    return rate * per_car, rate * bonus if filled else 0, filled


def ship(s: State, seat: int, xy, n: int) -> tuple:
    """[L8] ``n`` loads of the industry at ``xy`` left the Office Area at ``seat``: count them for
    the Day's order out (where loads fill it by shipping, ``SHIP_TO_FILL``); (counted, bonus in
    Revenue, filled)."""
    order = s.areas[seat].facilities[xy].orders.get("out")
    if s.config.balance not in SHIP_TO_FILL or order is None or order[1] >= order[0]:
        return 0, 0, False
    counted = min(n, order[0] - order[1])
    order[1] += counted
    filled = order[1] == order[0]
    return counted, s.config.revenue[1] * s.config.rule("order_pay")[1] if filled else 0, filled


def wanted_cars(s: State, seat: int) -> list:
    """The (kind, loaded) cars the open orders of an Office ask a train to bring: an empty car for
    each load still to ship, a loaded one for each unload still to receive, in grid order."""
    area = s.areas[seat]
    out = []
    for xy in industries(s, seat):
        sp = spec_of(s, area.grid[xy].card)
        fac = area.facilities[xy]
        for w in open_ways(fac):
            out.append((sp.car, w == "in"))
    return out


def waybill_cars(s: State, train, allowed: set, room: int) -> list:
    """[L8] the cars an automatic make-up takes first: one for each open order way of each Office
    the train will reach, in the order it reaches them, that the train may carry and the Division
    Yard holds (the first such piece in the yard's order), at most ``room``."""
    seats = range(len(s.areas))
    order = list(seats) if train.direction == "east" else list(reversed(seats))
    yard = list(s.division_yard)
    taken = []
    for seat in order:
        for kind, loaded in wanted_cars(s, seat):
            if len(taken) >= room or (kind, loaded) not in allowed:
                continue
            pid = next((c for c in yard if PIECES[c].kind == kind and PIECES[c].loaded == loaded), None)
            if pid is not None:
                yard.remove(pid)
                taken.append(pid)
    return taken
