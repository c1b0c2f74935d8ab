"""Setting up a new game (v0.2 §4, v0.4.5 §3.2): seats, Fedora, Division, deck, deal, yards."""

from __future__ import annotations

from .cards import catalog, red_flag_id, spec, stock_ids
from .config import Config
from .query import name, table_order
from .rules import d12, Events, shuffle
from .cards.specs import mainline_key
from .cards import families  # noqa: F401  (every card family registered, the specs checked)
from .cards.situations import deal_situations
from .state import Area, Facility, PendingGrade, Placed, Player, State


def rolling_stock(config: Config) -> list:
    """The pieces a game's Division Yard starts with, sorted: under balance v2 and v3 the stock grows with
    the table (ruling [U2]: every seat beyond the first brings half a set more cars and a caboose),
    under v1 it is the classic 62 whatever the table."""
    return stock_ids(len(config.players) if config.balance != "v1" else 1)


def card_types(config: Config) -> dict:
    """Card id -> card type of every card but the Red Flags a game of ``config`` can hold, whatever
    its seed, read from the card data (no game is dealt): the Home Office deck dealt for the table
    and the Depots an Office may open with beyond the deck's own ([U5]: how many depends on the
    hands dealt, so all that could be)."""
    n = len(config.players)
    deck = catalog(config.deck).ids(config.mode, seats=None if config.balance == "v1" else n)
    if config.rule("depot_offices"):
        extra = more_cards(deck, "depot")
        for _ in range(n):
            deck[next(extra)] = "depot"
    if config.rule("starter_siding"):
        for _ in range(n):
            for key in SIDING.values():
                deck[next(more_cards(deck, key))] = key
    return deck


def card_ids(config: Config) -> set:
    """Every card id a game of ``config`` can hold (``card_types``), and the Red Flags of the supply
    (one per player)."""
    return set(card_types(config)) | {red_flag_id(i) for i in range(len(config.players))}


def more_cards(deck: dict, key: str):
    """The ids of cards of type ``key`` a deck is given beyond its own, one after another (the
    Depots of a deck with fewer than seats, [U5]; the starter sidings' track, [U6]), each taking
    the next free number after the deck's cards of that type as they stand then."""
    prefix = CARD_PREFIX[key]
    while True:
        k = 1 + sum(1 for v in deck.values() if v == key)
        while f"{prefix}{k}" in deck:
            k += 1
        yield f"{prefix}{k}"


#: the id prefix of each card type a deck is given more of ([U5], [U6])
CARD_PREFIX = {"depot": "Depot", "straight": "Straight", "turnout_left": "TurnoutL"}
#: [U6] the starter siding: grid spot -> card type. A Straight each side of the Office lengthens the
#: Running Track to three cards (the Limits one card further out), and a Left Turnout below the
#: Office, reached through the Office's diagonal, leaves room for an industry at either end
SIDING = {(-1, 0): "straight", (1, 0): "straight", (0, -1): "turnout_left"}


def deal(config: Config, seed: int) -> tuple:
    """The state at the start of Stage 1 of Day 1, and the setup events."""
    ev = Events()
    cards = catalog(config.deck)
    n = len(config.players)
    # Solitaire and Co-op leave out the cards played on an opponent ([O1]); balance v2 deals the full deck
    # for the table ([U3]), v1 whole
    deck = cards.ids(config.mode, seats=None if config.balance == "v1" else n)
    s = State(config=config, seed=seed, rng=seed, deck=deck,
              players=[Player(p, seat=i) for i, p in enumerate(config.players)],
              areas=[], mainline=[], trays=n + 3)
    if n > 1:
        rolls = [d12(s) for _ in range(n)]
        west_to_east = sorted(range(n), key=lambda i: (rolls[i], -i))
        for seat, i in enumerate(west_to_east):
            s.players[i].seat = seat
        ev.say("seating", "Division rolls " + ", ".join(f"{name(s, i)} {rolls[i]}" for i in range(n))
               + ". West to east: " + ", ".join(name(s, i) for i in west_to_east) + ".",
               data={"rolls": rolls})
        rolls = [d12(s) for _ in range(n)]
        s.superintendent = rolls.index(max(rolls))
        ev.say("fedora", "Superintendent rolls " + ", ".join(f"{name(s, i)} {rolls[i]}" for i in range(n))
               + f". {name(s, s.superintendent)} takes the Fedora.", data={"rolls": rolls})
    for seat in range(n):
        s.areas.append(Area(grid={(0, 0): Placed(f"WhistlePost{seat + 1}")}))
    lines = [e.name for e in cards.mainline]
    shuffle(s, lines)
    s.mainline = lines[: n + 1]
    ids = list(deck)
    order = table_order(s)
    if config.starting_hand == "track_split":
        track = [c for c in ids if spec(c, deck).kind == "track"]
        other = [c for c in ids if spec(c, deck).kind != "track"]
        shuffle(s, track)
        shuffle(s, other)
        for p in order:
            for _ in range(3):
                s.players[p].hand.append(track.pop())
            for _ in range(3):
                s.players[p].hand.append(other.pop())
        rest = sorted(track + other)
        shuffle(s, rest)
        s.home = rest
    else:
        shuffle(s, ids)
        s.home = ids
        count = 6 if config.starting_hand == "six" else 3
        for p in order:
            for _ in range(count):
                s.players[p].hand.append(s.home.pop())
    if config.rule("depot_offices"):
        _open_as_depots(s, order)
    if config.rule("starter_siding"):
        _lay_sidings(s)
    if config.rule("first_customer"):
        _deal_first_customers(s, order)
    # a deck that seeds its Departments opens one with a Depot for each seat ([U4]): the full deck from
    # balance v2, the classic deck from v4
    seeds = cards.seeds[:n] if config.rule("seeded_depots") else ()
    for i, pile in enumerate(s.departments):
        pile.append(_seeded(s, deck, seeds[i] if i < len(seeds) else None))
    if config.has("emergency_toolbox"):
        for i, p in enumerate(s.players):
            p.hand.append(red_flag_id(i))
    grade = next((c for c in s.mainline if spec(mainline_key(c)).rules == "heavy_grade"), None)
    if grade is not None:  # the Superintendent chooses its uphill direction before Stage 1 ([M15])
        s.turn.pending = PendingGrade(s.superintendent, grade)
    if config.has("adversity"):  # the Division's situation deck, beside the Home Office deck ([W1])
        deal_situations(s)
    s.division_yard = rolling_stock(config)
    s.stage_count = 1
    ev.say("setup", f"A {config.mode} {config.length} game for {', '.join(config.players)}: "
           f"{len(s.mainline)} Mainline cards, {s.trays} Crew Trays, the Pocket Watch at Midnight.")
    return s, ev


def _open_as_depots(s: State, order) -> None:
    """[U5] every Office opens as a Depot: from the Superintendent leftward each seat takes the
    topmost Depot of the shuffled Home Office deck, its Whistle Post going back to the supply. A
    deck with fewer Depots than seats (the classic deck's four at five and six seats) gets one more
    Depot card for each seat beyond, so that every seat opens alike."""
    extra = more_cards(s.deck, "depot")
    for p in order:
        seat = s.players[p].seat
        i = next((i for i in range(len(s.home) - 1, -1, -1) if s.deck[s.home[i]] == "depot"), None)
        if i is not None:
            depot = s.home.pop(i)
        else:
            depot = next(extra)
            s.deck[depot] = "depot"
        area = s.areas[seat]
        s.supply.append(area.grid[(0, 0)].card)
        area.grid[(0, 0)] = Placed(depot)
        area.facilities[(0, 0)] = Facility()


def _lay_sidings(s: State) -> None:
    """[U6] every Office Area opens with a siding (``SIDING``), its cards given to the deck from the
    supply so that they are the table's like any other (they never leave the grid)."""
    for area in s.areas:
        for xy, key in SIDING.items():
            cid = next(more_cards(s.deck, key))
            s.deck[cid] = key
            area.grid[xy] = Placed(cid)
        area.west_limit = min(area.west_limit, min(x for x, y in SIDING if y == 0) - 1)
        area.east_limit = max(area.east_limit, max(x for x, y in SIDING if y == 0) + 1)


def _deal_first_customers(s: State, order) -> None:
    """[U6] every hand opens with an industry: from the Superintendent leftward each seat takes the
    topmost industry of the shuffled Home Office deck into its hand, one card beyond the starting hand
    (the hand limit holds at the end of the first draw, as with six starting cards); when the deck
    runs out of industries, the seats after get none."""
    for p in order:
        i = next((i for i in range(len(s.home) - 1, -1, -1) if spec(s.deck[s.home[i]]).kind == "facility"), None)
        if i is not None:
            s.players[p].hand.append(s.home.pop(i))


def _seeded(s: State, deck: dict, key: str | None) -> str:
    """The card a Department is turned up with: the top card of the Home Office deck, or the topmost card
    of type ``key`` for a Department the deck seeds ([U4]; the top card when none is left)."""
    if key is not None:
        for i in range(len(s.home) - 1, -1, -1):
            if deck[s.home[i]] == key:
                return s.home.pop(i)
    return s.home.pop()
