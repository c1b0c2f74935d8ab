"""Game configuration: mode, length, victory, players, house and optional rules, deck edition."""

from __future__ import annotations

import math
import unicodedata
from fractions import Fraction
from dataclasses import dataclass, replace

from .cards import catalog
from .house_rules import (  # noqa: F401  (the edition tables house rules override, by their old names)
    COOP_SHARES, DEPOT_OFFICES, SEEDED_DECKS, TARGETS, TARGETS_V1, TARGETS_V2, effective, normalise)
from .house_rules import describe as describe_rules, to_json as rules_json
from .safetext import describe, first_hidden, quote

MODES = ("solitaire", "competitive", "coop")
VICTORIES = ("highest_after_days", "first_to_target")
#: length -> (Revenue target, Days) — the targets of v0.2 §3.2, edition v1's
LENGTHS = {length: (TARGETS_V1[length], days) for length, days in (("short", 3), ("standard", 5), ("campaign", 10))}
STARTING_HANDS = ("three", "six", "track_split")
OPTIONAL_RULES = ("reduced_visibility", "emergency_toolbox", "employee_rotation", "manual_makeup",
                  "red_flag_escape", "per_player_floor", "adversity", "choose_draw")
#: the decks a game may be dealt from (their cards: ``stationmaster.cards.catalog(deck)``)
DECKS = ("classic", "full")
#: how used cars come back from the Classification Yard to the Division Yard (ruling [Y1]): always
#: when the Division Yard holds no revenue car, and besides: "day_end" (the default) at the end of
#: every Day, "stage_end" at the end of every Stage, "at_once" straight back as they are used;
#: "when_empty" (v0.4.5's literal rule, a house rule) never besides
YARD_REFILLS = ("when_empty", "stage_end", "day_end", "at_once")
#: the edition of the game's provisional numbers (revenue rates, box sizes, targets, floors, deck
#: density): "v1" the numbers as first played (v0.2's provisional figures with rulings [Y1], [V2]; saves
#: written before this field existed load with it), "v2" the retuned game of issue 16, "v3" v2 with
#: the Day's freight contract of ruling [L6], "v4" v3 with the classic deck's Departments seeded
#: with a Depot ([U4]) and its targets ([V9]), "v5" the car orders (issue 29: every car
#: worked pays, each industry's demand for the Day is public ([L8]), the Freight Agent works a whole
#: facility ([A3]) and every Office opens as a Depot ([U5]); its targets [V10]), "v6" (the default)
#: v5 with every Office opening with a siding and every hand with a first customer ([U6]), its targets
#: [V11]; a
#: save names its edition, so games of v4 and earlier replay by theirs; each rule that differs says
#: so in docs/rules.md and reads ``config.balance``
BALANCES = ("v1", "v2", "v3", "v4", "v5", "v6")
#: the edition a new game is played by
DEFAULT_BALANCE = "v6"
MAX_PLAYERS = 6
MAX_NAME = 40


#: edition v2's share for every Mainline card (kept under this name for scripts that read it)
COOP_SHARE_PER_MAINLINE_CARD = COOP_SHARES["v2"][0]


def coop_target(base: int, players: int, balance: str = DEFAULT_BALANCE, shares: tuple | None = None) -> int:
    """The team's pooled Revenue target in Co-op (rulings [V6], [V8]): one Office's target times the
    edition's share for each of the table's players + 1 Mainline cards (``COOP_SHARES``, or
    ``shares``: the house rule ``coop_shares``), rounded half up — the team's output grows with the
    table, a seat's less the longer the Division; under v1 (without shares) v0.2's target × players."""
    shares = shares or COOP_SHARES.get(balance)
    if shares is None:
        return base * players
    total = sum(Fraction(str(shares[min(i, len(shares) - 1)])) for i in range(players + 1))  # exact halves
    return int(math.floor(base * total + Fraction(1, 2)))


def _clamp_rate(value, what: str) -> int:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"the {what} Revenue rate must be a number from 0 to 5, not {value!r}") from None
    if v != v:  # NaN
        raise ValueError(f"the {what} Revenue rate must be a number from 0 to 5, not NaN")
    v = min(5.0, max(0.0, v))
    return int(math.floor(v + 0.5))  # halves round up (Python's round() would send 2.5 to 2)


def _check_name(p) -> str:
    """A player name, trimmed: visible text of at most MAX_NAME characters (see safetext)."""
    if not isinstance(p, str) or not p.strip():
        raise ValueError(f"player names must be non-empty text, not {quote(p)}")
    if len(p) > MAX_NAME:
        raise ValueError(f"player name {quote(p, 24)} is longer than {MAX_NAME} characters: shorten it")
    i = first_hidden(p)
    if i is not None:
        raise ValueError(f"player name {quote(p)} has {describe(p[i])} at position {i + 1}: "
                         "type the name with letters, digits, spaces and punctuation only")
    return p.strip()


def _reading(name: str) -> str:
    """What a reader sees in a name: case-folded, NFKC-normalised, runs of spaces as one."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


@dataclass(frozen=True)
class Config:
    """Everything that, with the seed and the intents, defines a game."""

    players: tuple = ("Player",)
    mode: str = "solitaire"
    length: str = "standard"
    victory: str = "highest_after_days"
    starting_hand: str = "three"
    revenue: tuple = (1, 1, 0)  # passenger, freight, transit
    optional_rules: tuple = ()
    deck: str = "classic"
    yard_refill: str = "day_end"
    balance: str = DEFAULT_BALANCE
    #: the house rules, as sorted (key, value) pairs (``house_rules.HOUSE_RULES``; ``make_config`` takes a dict)
    house_rules: tuple = ()

    def __post_init__(self):
        if self.house_rules:  # a mapping, pairs or "KEY=VALUE" texts -> the sorted pairs, checked
            object.__setattr__(self, "house_rules", normalise(self.house_rules, self))

    def rule(self, key: str):
        """The value of a number a house rule may change (``house_rules.HOUSE_RULES``) that this game plays
        by: its house rule, else its edition's (``config.rule("order_pay")`` -> (2, 3) under v5)."""
        return effective(self, key)

    @property
    def variant(self) -> str:
        """The house rules in words (``order_pay=3,3, target=30``), or empty text for none."""
        return describe_rules(self.house_rules)

    @property
    def target(self) -> int:
        base = self.solo_target
        if self.mode != "coop":
            return base
        return coop_target(base, len(self.players), self.balance, self.rule("coop_shares"))

    @property
    def solo_target(self) -> int:
        """One Office's Revenue target for the length: v0.2's under edition v1, [V5]'s under v2, [V7]'s
        under v3... (``TARGETS``), or the house rule ``target``."""
        return self.rule("target")

    @property
    def days(self) -> int:
        return LENGTHS[self.length][1]

    @property
    def revenue_floor(self) -> int:
        """Competitive, highest-after-days: 3 Revenue a Day (ruling [V2]). Under balance v2 the
        leader's Revenue must reach it, so that one careless seat cannot sink a skilled player's
        game; under v1 the table's combined Revenue must. The house rule ``per_player_floor``
        keeps v0.2's 3 × players × Days for the table."""
        return self.floor_for(self.days)

    def floor_for(self, days: int) -> int:
        """The collective floor for ``days`` Days played: 3 Revenue a Day ([V2]); a Division shut
        down early by the collision floor judges the players not at fault by the Days begun ([V3])."""
        return 3 * days * (len(self.players) if self.has("per_player_floor") else 1)

    @property
    def floor_on_leader(self) -> bool:
        """Is the collective floor judged on the leader's Revenue (balance v2 and v3, ruling [V2])
        rather than on the table's combined Revenue (v1, or the house rule ``per_player_floor``)?"""
        return self.balance != "v1" and not self.has("per_player_floor")

    def has(self, rule: str) -> bool:
        return rule in self.optional_rules

    def to_json(self) -> dict:
        return {
            "players": list(self.players), "mode": self.mode, "length": self.length,
            "victory": self.victory, "starting_hand": self.starting_hand,
            "revenue": list(self.revenue), "optional_rules": list(self.optional_rules),
            "deck": self.deck, "yard_refill": self.yard_refill, "balance": self.balance,
            **({"house_rules": rules_json(self.house_rules)} if self.house_rules else {}),
        }


def make_config(players=None, mode="solitaire", length="standard", victory="highest_after_days",
                starting_hand="three", revenue=(1, 1, 0), optional_rules=(), deck="classic",
                yard_refill="day_end", balance=DEFAULT_BALANCE, house_rules=None) -> Config:
    """Validate and normalise a configuration; a ValueError says what to change."""
    if players is None:
        players = ["Player"]
    if isinstance(players, str):
        players = [players]
    players = list(players)
    if not players:
        raise ValueError("a game needs at least one player: pass players=['Ann']")
    if len(players) > MAX_PLAYERS:
        raise ValueError(f"Station Master seats 1 to {MAX_PLAYERS} players, not {len(players)}")
    names = [_check_name(p) for p in players]
    seen: dict = {}
    for n in names:
        if _reading(n) in seen:
            raise ValueError(f"player names must differ: {seen[_reading(n)]!r} and {n!r} read the same")
        seen[_reading(n)] = n
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
    if mode == "solitaire" and len(names) != 1:
        raise ValueError(f"Solitaire is for one player, not {len(names)}: use mode='competitive' or 'coop'")
    if mode != "solitaire" and len(names) < 2:
        raise ValueError(f"{mode} needs at least two players; with one, use mode='solitaire'")
    if length not in LENGTHS:
        raise ValueError(f"unknown length {length!r}: choose one of {', '.join(LENGTHS)}")
    if victory not in VICTORIES:
        raise ValueError(f"unknown victory {victory!r}: choose one of {', '.join(VICTORIES)}")
    if starting_hand not in STARTING_HANDS:
        raise ValueError(f"unknown starting hand {starting_hand!r}: choose one of {', '.join(STARTING_HANDS)}")
    if isinstance(revenue, (str, bytes)) or len(tuple(revenue)) != 3:
        raise ValueError("revenue must be three rates (passenger, freight, transit), e.g. (1, 1, 0)")
    rates = tuple(_clamp_rate(v, w) for v, w in zip(revenue, ("passenger", "freight", "transit")))
    rules = []
    for r in optional_rules or ():
        if r not in OPTIONAL_RULES:
            raise ValueError(f"unknown optional rule {r!r}: choose from {', '.join(OPTIONAL_RULES)}")
        if r not in rules:
            rules.append(r)
    rules.sort(key=OPTIONAL_RULES.index)
    if "red_flag_escape" in rules and "emergency_toolbox" not in rules:
        raise ValueError("the house rule red_flag_escape changes what the Emergency Toolbox's Red Flags do: "
                         "add 'emergency_toolbox' too, or leave red_flag_escape out")
    if "adversity" in rules and mode != "solitaire":
        raise ValueError(f"the optional rule adversity turns up the Division's situation cards against a lone player: "
                         f"it is for Solitaire games, and this is a {mode} game (in Competitive the players play the "
                         "opponent cards on each other): leave 'adversity' out or play Solitaire")
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}: this version has {', '.join(DECKS)}")
    if yard_refill not in YARD_REFILLS:
        raise ValueError(f"unknown yard_refill {yard_refill!r}: choose one of {', '.join(YARD_REFILLS)}")
    if balance not in BALANCES:
        raise ValueError(f"unknown balance {balance!r}: choose one of {', '.join(BALANCES)}")
    if starting_hand == "track_split":
        track = catalog(deck).kinds()["track"]
        if 3 * len(names) > track:
            raise ValueError(f"the track_split starting hand deals 3 track cards to each player and the "
                             f"{deck} deck has {track}, enough for {track // 3} players: with {len(names)} "
                             f"players choose starting_hand='three' or 'six'")
    config = Config(tuple(names), mode, length, victory, starting_hand, rates, tuple(rules), deck, yard_refill, balance)
    return replace(config, house_rules=house_rules) if house_rules else config
