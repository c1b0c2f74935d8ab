"""House rules: named, documented overrides of an edition's numbers, given as data.

A designer who tries another pay schedule or target plays a *variant*: ``Config(house_rules=...)``
(``sm.new_game(..., house_rules={"order_pay": (3, 3)})``, ``--rule order_pay=3,3``). The engine
reads every number a house rule may change through ``config.rule(key)``, which gives the override
or else the edition's value from the tables below, so no module table is edited at run time and a
variant game is recorded in its save and replays exactly.

``HOUSE_RULES`` is the one registry: each key's parser (from text or a Python value), its range check,
the edition's value it overrides and a one-line doc; ``--rule``'s help and docs/house-rules.md are
written from it (``markdown_table``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

#: the targets of v0.2 §3.2 by length, edition v1's (``config.LENGTHS`` pairs them with the Days)
TARGETS_V1 = {"short": 10, "standard": 20, "campaign": 45}
#: [V5] edition v2's solitaire targets (freight pays three, [L5]): set so that play which never
#: switches misses them, and steady play with freight makes them (figures in docs/rules.md)
TARGETS_V2 = {"short": 13, "standard": 25, "campaign": 56}
#: the solitaire targets of each retuned edition (v1 keeps ``config.LENGTHS``'): [V5] v2's, [V7] v3's
#: (Short's 15 follows from Short's freight pay, [L7]), [V9] v4's (every Office opens with a Depot to draw, [U4]),
#: [V10] v5's (every car pays, [L8]; the morning's passengers, [L9]), [V11] v6's (the siding and the first
#: customer, [U6], let steady play build more: a planner made 46 a Standard game, v5's 40)
TARGETS = {"v2": TARGETS_V2, "v3": {"short": 15, "standard": 25, "campaign": 56},
           "v4": {"short": 16, "standard": 27, "campaign": 56},
           "v5": {"short": 17, "standard": 32, "campaign": 58},
           "v6": {"short": 21, "standard": 38, "campaign": 68}}
#: [V11] a deck's own solitaire targets under an edition, where they are not ``TARGETS``': v6's full deck
#: (its 191 cards dilute the industries and the track, so steady play scores less than with the classic)
TARGETS_BY_DECK = {("v6", "full"): {"short": 19, "standard": 33, "campaign": 68}}
#: [U5] the editions whose Offices open as Depots (each seat's Depot taken from the deck, not a Department)
DEPOT_OFFICES = ("v5", "v6")
#: [U6] the editions whose Offices open with a siding: a Straight each side of the Office and a Left
#: Turnout off it, room for an industry at each end (the cards come from the supply, not the deck)
STARTER_SIDING = ("v6",)
#: [U6] the editions in which every hand opens with an industry, its first customer
FIRST_CUSTOMER = ("v6",)
#: [U4] the decks whose Departments open with a Depot for each seat, by edition: the full deck from v2,
#: the classic deck too from v4 (v1 turns up the top card for every Department)
SEEDED_DECKS = {"v2": ("full",), "v3": ("full",), "v4": ("full", "classic")}
#: [V6] the Co-op team's target, as shares of one Office's target for each of the table's Mainline
#: cards (players + 1), west to east; the last share repeats for every card after: under v2 four-fifths
#: for every card, under v3 four-fifths for the first four and half a target for each after ([V8]: one
#: Mainline and one timetable shared by more than three Offices add about half an Office a seat), v4 and
#: v5 the same, v6 seven-tenths for the first four ([V11]: the siding lifts a solitaire Office more than
#: a seat that shares the Mainline's trains); balance v1 keeps v0.2's whole target for each player
COOP_SHARES = {"v2": (0.8,), "v3": (0.8, 0.8, 0.8, 0.8, 0.5), "v4": (0.8, 0.8, 0.8, 0.8, 0.5),
               "v5": (0.8, 0.8, 0.8, 0.8, 0.5), "v6": (0.7, 0.7, 0.7, 0.7, 0.5)}
#: [L8] what freight pays under car orders, by edition, in units of the freight rate: (each load
#: or unload finished, the bonus for the one that fills a way of the Day's order)
ORDER_PAY = {"v5": (2, 3), "v6": (2, 3)}
#: [L8] cars an industry orders for the Day in each way it works, by its Laborers a Stage: the D12
#: roll's face (1-12) -> cars. Three Laborers (Mine Tipple, Oil Refinery, Power Plant) order one to
#: three, two Laborers (Produce Shed, Grocer's Warehouse) one or two
ORDER_SIZES = {3: (1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3), 2: (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2)}
#: [L5] Revenue units a finished freight load (out) or unload (in) pays, times the freight rate, by
#: edition: v1 one, as v0.2 printed it; v2 three — a load is four Laborer actions, a Freight Agent
#: action and switching a car onto the spur and back, against one Porter action and an Agent action
#: for a boarded coach (issue 16: at one, a strategy that never switched won 42% of Standard).
#: [L6] v3, the Day's freight contract: the player's first load or unload finished in a Day pays the
#: first figure, each further one that Day the next (the last figure repeats), so steady freight every
#: Day pays and one lucky Day's lump does not decide the game (the figures in docs/rules.md)
FREIGHT_PAY = {"v1": (1,), "v2": (3,), "v3": (6, 0), "v4": (6, 0), "v5": (2,), "v6": (2,)}  # v5, v6: [L8] pays by the car orders
#: [L7] v3's Short game: three Days leave a planner one or two freight Days at most, so the Day's
#: contract pays half again as much there (edition, length) -> schedule; other lengths use FREIGHT_PAY
FREIGHT_PAY_BY_LENGTH = {("v3", "short"): (9, 0), ("v4", "short"): (9, 0)}
#: [L9] the editions in which every Office's free green boxes fill with passengers at dawn
DAWN_PASSENGERS = ("v5", "v6")

#: the highest Revenue units a pay figure of a house rule may be (the freight rate multiplies it)
MAX_PAY = 20
MAX_TARGET = 999
_ON = {"on", "true", "yes", "1"}
_OFF = {"off", "false", "no", "0"}


def _numbers(value, kind=int) -> tuple:
    """A sequence of numbers from text ("6,0", "6 0") or a Python sequence; ValueError if not."""
    if isinstance(value, str):
        parts = [p for p in value.replace(",", " ").split() if p]
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    else:
        parts = [value]
    out = []
    for p in parts:
        if isinstance(p, bool):
            raise ValueError(p)
        n = kind(p)  # ValueError / TypeError for what is not a number
        if kind is int and isinstance(p, float) and p != n:
            raise ValueError(p)
        if n != n:  # NaN
            raise ValueError(p)
        out.append(n)
    return tuple(out)


def _pay_figures(value, count: tuple) -> tuple:
    nums = _numbers(value)
    if not count[0] <= len(nums) <= count[1] or not all(0 <= n <= MAX_PAY for n in nums):
        raise ValueError(value)
    return nums


def _order_sizes(value) -> tuple:
    """Two D12 tables (three-Laborer industries, two-Laborer ones): text "a,b,.../c,d,...", a pair of
    sequences, or ``{3: [...], 2: [...]}``."""
    if isinstance(value, str):
        halves = value.split("/")
    elif isinstance(value, dict):
        halves = [value.get(3, value.get("3")), value.get(2, value.get("2"))]
        if len(value) != 2 or None in halves:
            raise ValueError(value)
    else:
        halves = list(value)
    if len(halves) != 2:
        raise ValueError(value)
    tables = tuple(_numbers(h) for h in halves)
    if any(len(t) != 12 or not all(0 <= n <= 6 for n in t) for t in tables):
        raise ValueError(value)
    return tables


def _switch(value) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _ON:
        return True
    if text in _OFF:
        return False
    raise ValueError(value)


def _target(value) -> int:
    (n,) = _numbers(value)
    if not 1 <= n <= MAX_TARGET:
        raise ValueError(value)
    return n


def _shares(value) -> tuple:
    nums = _numbers(value, float)
    if not 1 <= len(nums) <= 7 or not all(0 < n <= 2 for n in nums):
        raise ValueError(value)
    return tuple(nums)


def _orders_only(config) -> str | None:
    return None if config.balance in ORDER_PAY else (
        f"edition {config.balance} plays no car orders (they are edition v5's, [L8])")


def _schedule_only(config) -> str | None:
    return None if config.balance not in ORDER_PAY else (
        f"edition {config.balance} pays freight by the car orders ([L8]): change order_pay instead")


@dataclass(frozen=True)
class HouseRule:
    """One key of ``HOUSE_RULES``: what it takes (``takes``, with an ``example``), how its value is read
    (``parse``: a ValueError for a bad one), the edition's value it overrides (``default``), the
    editions it does not apply to (``applies``: None, or why not), and what it changes (``doc``)."""

    key: str
    takes: str
    example: str
    parse: Callable
    default: Callable
    doc: str
    applies: Callable = lambda config: None

    def text(self, value) -> str:
        """A value as ``--rule`` takes it."""
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, tuple) and value and isinstance(value[0], tuple):
            return "/".join(",".join(str(n) for n in t) for t in value)
        if isinstance(value, tuple):
            return ",".join(f"{n:g}" if isinstance(n, float) else str(n) for n in value)
        return str(value)


def _freight_default(config):
    return FREIGHT_PAY_BY_LENGTH.get((config.balance, config.length), FREIGHT_PAY[config.balance])


def _target_default(config):
    by_deck = TARGETS_BY_DECK.get((config.balance, config.deck))
    return (by_deck or TARGETS.get(config.balance, TARGETS_V1))[config.length]


#: every house rule, by key (its parser, its range, its edition's value, its doc)
HOUSE_RULES = {r.key: r for r in (
    HouseRule("order_pay", f"two whole numbers 0-{MAX_PAY}", "3,3",
              lambda v: _pay_figures(v, (2, 2)), lambda c: ORDER_PAY.get(c.balance),
              "Car orders ([L8]): Revenue units (times the freight rate) for each car loaded or unloaded, "
              "and the bonus for the car that fills a way of an industry's order", _orders_only),
    HouseRule("order_sizes", "two lists of 12 whole numbers 0-6 (D12 face 1-12 -> cars), three-Laborer "
              "industries / two-Laborer ones", "1,1,1,2,2,2,2,2,3,3,3,3/1,1,1,1,1,2,2,2,2,2,2,2",
              _order_sizes, lambda c: (ORDER_SIZES[3], ORDER_SIZES[2]),
              "Car orders ([L8]): how many cars an industry orders for the Day in each way, by its D12 roll",
              _orders_only),
    HouseRule("freight_pay", f"1 to 12 whole numbers 0-{MAX_PAY}", "6,2",
              lambda v: _pay_figures(v, (1, 12)), _freight_default,
              "Editions v1-v4 ([L5], [L6], [L7]): Revenue units (times the freight rate) for a player's first "
              "finished load or unload of a Day, the next, ... (the last figure repeats)", _schedule_only),
    HouseRule("target", f"a whole number 1-{MAX_TARGET}", "30", _target, _target_default,
              "One Office's Revenue target for the game's length ([V5], [V7], [V9], [V10], [V11]); Co-op's team "
              "target is built from it by coop_shares"),
    HouseRule("coop_shares", "1 to 7 numbers above 0, at most 2", "0.8,0.8,0.5", _shares,
              lambda c: COOP_SHARES.get(c.balance),
              "Co-op ([V6], [V8]): the team's target as shares of one Office's target for each Mainline card, "
              "west to east, the last repeating (none: v1's target x players)"),
    HouseRule("dawn_passengers", "on or off", "off", _switch, lambda c: c.balance in DAWN_PASSENGERS,
              "[L9]: every Office's free green boxes fill with passengers at dawn"),
    HouseRule("seeded_depots", "on or off", "on", _switch,
              lambda c: c.deck in SEEDED_DECKS.get(c.balance, ()),
              "[U4]: the Departments open with a Depot for each seat"),
    HouseRule("depot_offices", "on or off", "off", _switch, lambda c: c.balance in DEPOT_OFFICES,
              "[U5]: every Office opens as a Depot taken from the deck"),
    HouseRule("starter_siding", "on or off", "off", _switch, lambda c: c.balance in STARTER_SIDING,
              "[U6]: every Office opens with a siding: a Straight each side and a Left Turnout off the Office"),
    HouseRule("first_customer", "on or off", "off", _switch, lambda c: c.balance in FIRST_CUSTOMER,
              "[U6]: every hand opens with an industry taken from the deck, its first customer"),
)}


def _unknown(key) -> ValueError:
    return ValueError(f"unknown house rule {key!r}: the house rules are {', '.join(sorted(HOUSE_RULES))} "
                      "(docs/house-rules.md, or stationmaster simulate --help, says what each takes)")


def normalise(rules, config=None) -> tuple:
    """House rules from a mapping (or pairs, or ``"KEY=VALUE"`` texts) as the sorted tuple of
    (key, value) pairs a ``Config`` keeps; with ``config`` (its edition), a rule that does not apply
    to it is refused. A ValueError says which key, what it takes and the known keys."""
    if rules is None:
        return ()
    if isinstance(rules, dict):
        pairs = list(rules.items())
    elif isinstance(rules, str):
        pairs = [split_text(rules)]
    else:
        pairs = [split_text(r) if isinstance(r, str) else tuple(r) for r in rules]
    out = {}
    for key, value in pairs:
        if not isinstance(key, str) or key not in HOUSE_RULES:
            raise _unknown(key)
        r = HOUSE_RULES[key]
        try:
            parsed = r.parse(value)
        except (TypeError, ValueError, KeyError):
            raise ValueError(f"house rule {key} takes {r.takes} (e.g. {key}={r.example}), not {value!r}: "
                             f"{r.doc}") from None
        if key in out and out[key] != parsed:
            raise ValueError(f"house rule {key} is given twice, as {r.text(out[key])} and {r.text(parsed)}: give it once")
        out[key] = parsed
    if config is not None:
        for key in out:
            why = HOUSE_RULES[key].applies(config)
            if why:
                raise ValueError(f"house rule {key} does not apply: {why}")
    return tuple(sorted(out.items()))


def split_text(text: str) -> tuple:
    """``"KEY=VALUE"`` -> (key, value text); a ValueError for text without '='."""
    if not isinstance(text, str) or "=" not in text:
        raise ValueError(f"a house rule is written KEY=VALUE (e.g. order_pay={HOUSE_RULES['order_pay'].example}), "
                         f"not {text!r}; the house rules are {', '.join(sorted(HOUSE_RULES))}")
    key, value = text.split("=", 1)
    return key.strip(), value.strip()


def effective(config, key: str):
    """The value of ``key`` a game of ``config`` plays by: its house rule, else its edition's."""
    if key not in HOUSE_RULES:
        raise _unknown(key)
    for k, v in config.house_rules:
        if k == key:
            return v
    return HOUSE_RULES[key].default(config)


def to_json(rules: tuple) -> dict:
    """The house rules as JSON (tuples as lists), as a save and a simulation row keep them."""
    def plain(v):
        return [plain(x) for x in v] if isinstance(v, tuple) else v
    return {k: plain(v) for k, v in rules}


def describe(rules: tuple) -> str:
    """``order_pay=3,3, target=30`` (or empty text without house rules)."""
    return ", ".join(f"{k}={HOUSE_RULES[k].text(v)}" for k, v in rules)


def help_text() -> str:
    """``--rule``'s help: every key, what it takes and what it changes."""
    return "; ".join(f"{r.key} ({r.takes}): {r.doc}" for r in HOUSE_RULES.values())


def markdown_table() -> str:
    """docs/house-rules.md's table, from the registry."""
    rows = ["| key | takes | example | what it changes |", "| --- | --- | --- | --- |"]
    rows += [f"| `{r.key}` | {r.takes} | `{r.key}={r.example}` | {r.doc} |" for r in HOUSE_RULES.values()]
    return "\n".join(rows)
