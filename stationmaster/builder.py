"""A position builder: set up Office Areas, trains and cars directly, then play on with intents.

For scenario tests, tutorials and puzzles::

    b = Position(seed=1)                       # any new_game options
    b.lay("Ann", "straight", (1, 0))           # takes a Straight from the Home Office
    b.office("Ann", "depot")
    b.train(number=5, player="Ann", at=(1, 0), behind=["BE1", "K1"])
    b.cars("Ann", (2, 1), ["HE1"])
    b.enhance("Ann", "yard_lights", (0, 0))    # an enhancement on the Office (deck "full")
    game = b.game()

Cards and pieces are taken from where they lie, so every invariant still holds. A built game's
record starts at the built position, which a save (seed, configuration, intents) cannot hold
unless it is the seed's own deal: ``game.save``, ``dumps`` and ``to_notebook`` refuse any other
with a SaveError saying so (``game.can_save()`` tells beforehand).
"""

from __future__ import annotations

from .cards import PIECES
from .game import Game
from .config import DEFAULT_BALANCE
from .house_rules import FIRST_CUSTOMER, STARTER_SIDING, normalise
from .query import spec_of
from .cards.specs import piece_key
from .start import new_game
from .state import Facility, Modifier, Placed, State, Train


#: a built position opens plain whatever the edition — the Office alone on its Running Track, the
#: starting hands as dealt — so that its track and hands are what ``lay`` and ``hand`` make them;
#: [U6]'s siding and first customer come only when the options ask for them (``house_rules``)
PLAIN_OPENING = {"starter_siding": STARTER_SIDING, "first_customer": FIRST_CUSTOMER}  # rule: its editions


class Position:
    """Build a position from a fresh game (``new_game`` options as keywords; it opens plain:
    ``PLAIN_OPENING``)."""

    def __init__(self, **options) -> None:
        options.setdefault("seed", 1)
        edition = options.get("balance") or DEFAULT_BALANCE
        plain = {key: "off" for key, editions in PLAIN_OPENING.items() if edition in editions}
        if plain:
            options["house_rules"] = {**plain, **dict(normalise(options.get("house_rules")))}
        self._game = new_game(**options)
        self.state: State = self._game.state
        self._built: Game | None = None
        self.state.turn.pending = None  # a dealt Heavy Grade's choice: a built position sets ``state.grades``
        self._emptied = False  # the deal's morning passengers, sent back at the first edit: every edit
        # takes a card or a piece (``take_card``, ``take_piece``) but ``hand``, ``boxes``, ``order``, ``train``

    def _empty_the_offices(self) -> None:
        """A built position's boxes are what ``boxes`` puts there: at the first edit the deal's
        morning passengers ([L9]) go back to the Division Yard, in its order, as if the dawn had not
        filled the Offices (a position left as dealt stays the seed's deal, and saves as it)."""
        if self._emptied:
            return
        self._emptied = True
        s = self.state
        for area in s.areas:
            office = area.facilities.get((0, 0))
            if office is not None and office.green:
                s.division_yard.extend(office.green)
                office.green.clear()
        s.division_yard.sort(key=piece_key)

    # ------------------------------------------------------------------ helpers
    def _player(self, who) -> int:
        if isinstance(who, int):
            return who
        for i, p in enumerate(self.state.players):
            if p.name == who:
                return i
        raise ValueError(f"no player {who!r}")

    def _area(self, who):
        return self.state.areas[self.state.players[self._player(who)].seat]

    def take_card(self, key_or_id: str) -> str:
        """Remove a card of that type (or that id) from wherever it is not yet in play."""
        self._empty_the_offices()
        s = self.state
        places = [s.home, *s.departments, s.salvage, *(p.hand for p in s.players)]
        for pile in places:
            for c in list(pile):
                if c == key_or_id or s.deck.get(c) == key_or_id:
                    pile.remove(c)
                    return c
        raise ValueError(f"no free {key_or_id!r} card is left")

    def take_piece(self, pid_or_kind: str, loaded: bool = False) -> str:
        self._empty_the_offices()
        s = self.state
        for pile in (s.division_yard, s.classification_yard):
            for pid in pile:
                if pid == pid_or_kind or (PIECES[pid].kind == pid_or_kind and
                                          (pid_or_kind == "caboose" or PIECES[pid].loaded == loaded)):
                    pile.remove(pid)
                    return pid
        raise ValueError(f"piece {pid_or_kind!r} is not in a yard")

    # ------------------------------------------------------------------ building
    def lay(self, who, card: str, at, turned: bool = False, serves=None) -> str:
        """Put a track, facility or modifier card on a grid spot (no connection check).
        Laying on the Running Track at a Limit moves that Limit out."""
        area = self._area(who)
        cid = self.take_card(card)
        sp = spec_of(self.state, cid)
        area.grid[tuple(at)] = Placed(cid, turned)
        if sp.kind == "facility":
            area.facilities[tuple(at)] = Facility()
        if sp.kind == "modifier":
            area.modifiers[tuple(at)] = Modifier(cid, tuple(serves) if serves else None)
        x, y = at
        if y == 0:
            area.west_limit = min(area.west_limit, x - 1)
            area.east_limit = max(area.east_limit, x + 1)
        return cid

    def enhance(self, who, card: str, at=(0, 0)) -> str:
        """Put an enhancement (Yard Lights, a Gantry Crane...) on the card at a grid spot ([E1]; no
        check that it fits there)."""
        cid = self.take_card(card)
        self._area(who).grid[tuple(at)].enhancements.append(cid)
        return cid

    def office(self, who, tier_key: str) -> str:
        """Make a player's Office a Depot, Station or Terminal — or a Whistle Post, taken from the
        supply (where edition v5, whose Offices open as Depots, leaves them: [U5]); a Whistle Post has
        no boxes, so the Office's Facility goes (with whatever its boxes held)."""
        area = self._area(who)
        s = self.state
        if tier_key == "whistle_post":
            self._empty_the_offices()
            cid = next((c for c in s.supply if c.startswith("WhistlePost")), None)
            if cid is None:
                raise ValueError("no free 'whistle_post' card is left in the supply")
            s.supply.remove(cid)
        else:
            cid = self.take_card(tier_key)
        old = area.office.card
        (s.supply if old.startswith("WhistlePost") else s.salvage).append(old)
        area.office.card = cid
        if tier_key == "whistle_post":
            area.facilities.pop((0, 0), None)
        else:
            area.facilities.setdefault((0, 0), Facility())
        return cid

    def hand(self, who, cards) -> list:
        """Replace a player's hand (old cards go back on the Home Office deck; a Red Flag stays)."""
        self._empty_the_offices()
        p = self.state.players[self._player(who)]
        self.state.home[:0] = [c for c in p.hand if not c.startswith("RedFlag")]
        p.hand = [c for c in p.hand if c.startswith("RedFlag")]
        for c in cards:
            p.hand.append(self.take_card(c))
        return list(p.hand)

    def cars(self, who, at, pieces) -> list:
        """Stand cars on a grid spot, west to east (ids like 'HE1', or kinds like 'hopper')."""
        got = [self.take_piece(p) for p in pieces]
        self._area(who).grid[tuple(at)].cars.extend(got)
        return got

    def boxes(self, who, at, green=(), red=()) -> None:
        self._empty_the_offices()
        fac = self._area(who).facilities[tuple(at)]
        fac.green.extend(self.take_piece(p) for p in green)
        fac.red.extend(self.take_piece(p) for p in red)

    def order(self, who, at, out: int = 0, in_: int = 0) -> dict:
        """Set the Day's car order of the industry at ``at`` ([L8]): loads ``out`` and unloads
        ``in_`` wanted today, none worked for it yet."""
        self._empty_the_offices()
        fac = self._area(who).facilities[tuple(at)]
        fac.orders = {way: [n, 0] for way, n in (("out", out), ("in", in_)) if n}
        return fac.orders

    def schedule(self, number: int, stage: int) -> str:
        """Put a timetabled train on the timetable at a free Stage (1-12)."""
        s = self.state
        if stage not in range(1, 13):
            raise ValueError(f"the timetable has Stages 1 to 12, not {stage!r}")
        if stage in s.timetable:  # overwriting would lose that train card from the game
            raise ValueError(f"Stage {stage} already has {spec_of(s, s.timetable[stage]).name} on the timetable")
        cid = self.take_card(self._train_key(number))
        s.timetable[stage] = cid
        return cid

    def _train_key(self, number: int) -> str:
        """The card type of timetabled train ``number`` in this game's deck (deck "full" has its own
        trains 3/4 and 7/8, [T7], [T8])."""
        for key in dict.fromkeys(self.state.deck.values()):
            sp = spec_of(self.state, key)
            if sp.kind == "train" and sp.number == number:
                return key
        return f"train{number}"

    def train(self, number: int, *, player=None, at=None, mainline=None, division_point=None,
              direction: str | None = None, ahead=(), behind=(), extra: bool = False,
              arrived_earlier: bool = True) -> Train:
        """Put a train on the table: in a player's Area (``at``), on a Mainline region
        (``mainline=(card, region)``) or at a Division Point ('west' | 'east')."""
        self._empty_the_offices()  # (a train whose card is already on the timetable takes none)
        s = self.state
        if extra:
            cid = self.take_card(f"extra{number}")
        else:
            key = self._train_key(number)
            cid = next((c for c in s.timetable.values() if s.deck[c] == key), None)
            if cid is None:
                cid = self.take_card(key)
                free = next(st for st in range(1, 13) if st not in s.timetable)
                s.timetable[free] = cid
        sp = spec_of(s, cid)
        direction = direction or sp.direction
        tray = next(t for t in range(1, s.trays + 1) if t not in s.trains)
        t = Train(tray=tray, card=cid, number=sp.number, extra=extra, direction=direction)
        t.ahead = [self.take_piece(p) for p in ahead]
        t.behind = [self.take_piece(p) for p in behind]
        if at is not None:
            t.where, t.seat, t.pos = "area", s.players[self._player(player)].seat, tuple(at)
            t.arrived = s.stage_count - 1 if arrived_earlier else s.stage_count
        elif mainline is not None:
            t.where, t.pos = "mainline", tuple(mainline)
        else:
            t.where, t.pos = "division_point", division_point or ("west" if direction == "east" else "east")
        s.trains[tray] = t
        return t

    def game(self) -> Game:
        """The built position as a Game, ready for intents (its record starts here)."""
        if self._built is None:  # once: later edits of ``state`` show in that game, as they always have
            g = self._game
            self._built = Game.from_position(g.config, g.seed, g.state, g.bots)
        return self._built
