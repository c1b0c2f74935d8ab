"""The planner's View: what the acting player sees of their own position, computed once per
decision (its trains, its Office Area's rail and industries, what will stay at the Office). The
planner and the attack choice (``attacks.py``) both read positions through it.
"""

from __future__ import annotations

from collections import deque

from ..cards import PIECES, fire, spec as card_spec
from ..flow import Phase, Where
from ..orders import has_orders
from ..phases.load_unload import freight_pay
from ..phases.mainline import occupants
from ..query import ad_tracks, departure_problem, geometry
from ..track import NEIGHBOUR


class View:
    """What the acting player sees of their own position, computed once per decision."""

    def __init__(self, game, me: int | None = None):
        s = game.state
        self.game, self.s = game, s
        if me is None:
            me = game.players.index(game.actor) if game.actor else 0
        self.me = me
        self.player = s.players[self.me]
        self.seat = self.player.seat
        self.area = s.areas[self.seat]
        self.tier = card_spec(self.area.office.card, s.deck).tier
        self.office = self.area.facilities.get((0, 0))
        #: what a finished freight load pays against a boarded coach ([L5]: 1 under v1, 3 under v2)
        self.freight = freight_pay(s) / max(1, s.config.revenue[0])

    def spec(self, card):
        return card_spec(card, self.s.deck)

    def order_left(self, xy, way: str) -> int:
        """[L8] cars the Day's order of the industry at ``xy`` still wants in ``way`` (0 without orders)."""
        order = self.area.facilities[xy].orders.get(way) if has_orders(self.s.config) else None
        return 0 if order is None else max(0, order[0] - order[1])

    def order_share(self, xy, way: str, k: int) -> float:
        """[L8] what the ``k``-th car of ``way`` ("out": an empty to load, "in": a load to unload)
        spotted at the industry at ``xy`` adds from the Day's order, in units of a boarded coach: its
        share of the bonus while the order still wants it, nothing beyond it or without orders."""
        if not has_orders(self.s.config):
            return 0.0
        order = self.area.facilities[xy].orders.get(way)
        if order is None:
            return 0.0
        left = order[0] - order[1]
        if k > left:
            return 0.0
        bonus = self.s.config.rule("order_pay")[1] * self.s.config.revenue[1]
        return bonus / left / max(1, self.s.config.revenue[0])

    # ---- trains
    def trains_here(self):
        return sorted((t for t in self.s.trains.values() if t.where == Where.AREA and t.seat == self.seat),
                      key=lambda t: t.tray)

    def at_office(self):
        return [t for t in self.trains_here() if t.pos == (0, 0)]

    def switchable(self):
        """The trains here that a card's rule lets the player switch (not a no-switching train, [T2])."""
        return [t for t in self.trains_here() if fire(self.s, "switch_problem", t, train=t) is None]

    def arriving(self, within: int = 1):
        """Trains on the Mainline that reach this Office within ``within`` Mainline phases."""
        k, out = self.seat, []
        for t in self.s.trains.values():
            if t.where != Where.MAINLINE:
                continue
            i, r = t.pos
            if t.direction == "east":
                steps = {(k, 1): 1, (k, 0): 2}.get((i, r))
            else:
                steps = {(k + 1, 0): 1, (k + 1, 1): 2}.get((i, r))
            if steps is not None and steps <= within:
                out.append(t)
        return out

    def staying(self) -> list:
        """Trains at the Office that will not leave in the next Mainline phase (not made up, or
        someone in the Subdivision ahead)."""
        out = []
        for t in self.at_office():
            if departure_problem(self.s, t) or t.arrived >= self.s.stage_count and self.s.phase != Phase.LOCAL_OPERATIONS:
                out.append(t)
            elif occupants(self.s, t):  # the engine's own clearance look: rule changes reach the planner
                out.append(t)
        return out

    def ad_tracks(self) -> int:
        """Trains the Office holds at once. A switching Sandbox keeps the figure for the whole turn
        (its ``facts``): a switching turn lays no card, and the search asks it of every position."""
        facts = getattr(self.game, "facts", None)
        if facts is None:
            return ad_tracks(self.s, self.area)
        key = ("ad_tracks", self.seat)
        if key not in facts:
            facts[key] = ad_tracks(self.s, self.area)
        return facts[key]

    def overflow(self) -> int:
        """How many trains too many the Office may have to take in the next Mainline phase. Trains move
        in seniority order ([M1]): a train due to leave that is junior to an arriving one is still on
        its A/D track when that one arrives."""
        tracks = self.ad_tracks()
        staying = self.staying()
        leaving = [t for t in self.at_office() if t not in staying]
        worst = 0
        for k, arrival in enumerate(sorted(self.arriving(1), key=lambda t: t.rank)):
            there = len(staying) + k + sum(1 for t in leaving if t.rank > arrival.rank)
            worst = max(worst, there + 1 - tracks)
        return worst

    def coaches(self, trains, loaded: bool) -> int:
        return sum(1 for t in trains for c in t.cars if PIECES[c].kind == "coach" and PIECES[c].loaded == loaded)

    def yard_has(self, kind, loaded) -> bool:
        return any(PIECES[p].kind == kind and (kind == "caboose" or PIECES[p].loaded == loaded)
                   for p in self.s.division_yard)

    # ---- the Office Area's rail
    def reachable(self) -> set:
        """Cards a train at the Office can get to (reversing on any Operational Rail), trains aside."""
        if getattr(self, "_reach", None) is None:
            self._reach = self._reachable()
        return self._reach

    def _reachable(self, blocked=None) -> set:
        """``reachable``, with the card at ``blocked`` closed to trains (what a Washout would cut off)."""
        area = self.area
        s = self.s
        start = (0, 0)
        seen, out = set(), {start}
        memo: dict = {}

        def geo_at(xy):
            if xy not in memo:
                memo[xy] = geometry(s, area, xy)
            return memo[xy]

        queue = deque([(start, None, "east"), (start, None, "west")])
        while queue:
            here, entry, d = queue.popleft()
            if (here, entry, d) in seen:
                continue
            seen.add((here, entry, d))
            geo = geo_at(here)
            if geo is None:
                continue
            for port in geo.exits(entry, d):
                dx, dy, their = NEIGHBOUR[port]
                there = (here[0] + dx, here[1] + dy)
                if there[1] == 0 and not (area.west_limit < there[0] < area.east_limit):
                    continue
                other = geo_at(there)
                if there == blocked or other is None or their not in other.ports:
                    continue
                out.add(there)
                queue.append((there, their, d))
                if card_spec(area.grid[there].card, s.deck).operational:
                    queue.append((there, None, "west" if d == "east" else "east"))
        return out

    def industries(self, reachable_only=True):
        reach = self.reachable() if reachable_only else None
        return [xy for xy in sorted(self.area.facilities) if xy != (0, 0) and (reach is None or xy in reach)]
