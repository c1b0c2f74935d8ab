"""The default rules of each card kind: how a track card, facility, Modifier, Office upgrade,
timetabled train, Extra, train order, dispatch device, Mainline card, Mainline modifier or Red Flag
is played from the hand (v0.2 §6.2, §11; v0.4.5 §4.2), how the board shows it, and what it is
worth to a computer player (``worth``).

A card of a kind uses its kind's class unless its spec names another (``CardSpec.rules``); such a
class subclasses the kind's and overrides what the card changes. The classic deck uses these
defaults only; its cards, and the rules classes of the full game's Mainline-side cards, are the
classic family's (``cards/classic.py``). Every family is registered, and every spec checked, in
``cards/families.py``.
"""

from __future__ import annotations

from ..grammar import a
from ..intents import Board, Play
from ..query import area_of, card_order, geometry, is_facility, name, neighbours9, office_tier, spec_of
from ..rules import d12
from ..state import Facility, Modifier, Placed, Train, WaitingExtra
from ..track import NEIGHBOUR
from .base import CardRules, fire, register
from .specs import mainline_key, spec as card_spec

#: the Office's band by tier (Whistle Post, Depot, Station, Terminal)
TIER_COLOURS = {0: "#8a8a8a", 1: "#3d7a4a", 2: "#2f5f9e", 3: "#8e3b46"}
TIERS = "Whistle Post → Depot → Station → Terminal"


# --------------------------------------------------------------------------- what a computer player reads
# The kinds' ``worth`` is a steady player's judgement of a card in its hand; ``view`` is the bot's look
# at the game (``bots/view.py``). What it counts on the table is here.

#: more trains than this on the timetable jam four Crew Trays and a small Office
TIMETABLE_CAP = 6
#: of them freight trains (no coaches) when a load pays what a coach does ([L5] v1)
FREIGHT_CAP = 2
#: below this chance of a train per draw, any train for the timetable is worth playing
SCARCE_TRAINS = 0.12
#: how many industries a steady player builds in its Area; past them a facility card is worth little
INDUSTRIES_WANTED = 4


def stages_left(s) -> int:
    """Stages left in the game, this one included."""
    return (s.config.days - s.day) * 12 + 12 - s.stage


def train_odds(view) -> float:
    """The chance that a card drawn from the Home Office is a timetabled train, as the player can
    count it: the deck's trains not on the timetable, in a Department, the Salvage Yard or their own
    hand, over the cards they cannot see (counted once per decision)."""
    if getattr(view, "_odds", None) is not None:
        return view._odds
    s = view.s
    seen = set(s.timetable.values()) | set(view.player.hand) | set(s.salvage)
    for pile in s.departments:
        seen |= set(pile)
    unseen_trains = sum(1 for c, key in s.deck.items() if c not in seen and card_spec(key).kind == "train")
    hidden = len(s.home) + sum(len(p.hand) for i, p in enumerate(s.players) if i != view.me)
    view._odds = unseen_trains / max(1, hidden)
    return view._odds


def extra_of_use(view, card: str) -> bool:
    """May the player switch this Extra at their Office, or work its passengers there? Asked of the
    card's rule points with a stand-in train on the Office's A/D track."""
    sp = view.spec(card)
    probe = Train(tray=0, card=card, number=sp.number, extra=True, direction="east", where="area",
                  seat=view.seat, pos=(0, 0))
    if fire(view.s, "switch_problem", probe, train=probe) is None:
        return True
    return ("coach" in sp.consist and view.tier >= 1
            and fire(view.s, "work_problem", view.me, Board(0), probe, train=probe, seat=view.seat) is None)


def industry_slots(view) -> float:
    """Room for industries a train could reach: empty spots beside the open east or west end of a
    reachable Secondary Track card (a spot in a Limit's column counts less: the Running Track must
    grow first)."""
    area = view.area
    n = 0.0
    for (x, y) in view.reachable():
        if y == 0:
            continue
        geo = geometry(view.s, area, (x, y))
        if geo is None or (x, y) in area.facilities:
            continue
        for port, dx in (("E", 1), ("W", -1)):
            spot = (x + dx, y)
            if port not in geo.ports or spot in area.grid:
                continue
            if area.west_limit < spot[0] < area.east_limit:
                n += 1.0
            elif spot[0] in (area.west_limit, area.east_limit):
                n += 0.6
    return n


def _open_slots(view) -> float:
    """``industry_slots``, counted once per decision."""
    if getattr(view, "_slots", None) is None:
        view._slots = industry_slots(view)
    return view._slots


# --------------------------------------------------------------------------- played without a spot


class SpotlessRules(CardRules):
    """A card played without a place ('play T5'): trains, Extras, Office upgrades."""

    def play_problem(self, s, p, it):
        if it.at is not None or it.turned or it.serves is not None:
            return f"the {self.spec.name} is played without a place: 'play {it.card}'"
        return self._problem(s, p, it)

    def _problem(self, s, p, it):
        return None

    def candidates(self, s, p, card, spots):
        yield Play(card)


@register("office")
class OfficeRules(SpotlessRules):
    """An Office upgrade replaces the Office one tier up (v0.2 §11.2); the old card goes to the
    Salvage Yard (a Whistle Post back to the supply)."""

    kind = "office"
    label = "OFFICE"
    colour = TIER_COLOURS[1]
    picture = "rail"

    def __init__(self, spec) -> None:
        super().__init__(spec)
        self.colour = TIER_COLOURS.get(spec.tier, OfficeRules.colour)  # each tier its own band

    def play_spot(self, s, p):
        return (0, 0)

    def _problem(self, s, p, it):
        area = area_of(s, p)
        tier = office_tier(s, area)
        current = spec_of(s, area.office.card).name
        if self.spec.tier != tier + 1:
            if self.spec.tier <= tier:
                return f"your Office is already a {current}; upgrades go {TIERS}"
            return f"your Office is a {current}; upgrades go strictly {TIERS}, one step at a time"
        return None

    def play(self, s, p, it, ev):
        sp = self.spec
        area = area_of(s, p)
        old = area.office.card
        area.office.card = it.card
        if old.startswith("WhistlePost"):
            s.supply.append(old)
        else:
            s.salvage.append(old)
        area.facilities.setdefault((0, 0), Facility())
        ev.say("upgrade", f"{name(s, p)} upgrades the Office to a {sp.name}: {sp.ad_tracks} A/D tracks"
               f"{', a Control Point' if sp.tier == 1 else ''}.")

    def worth(self, view, card):
        """The upgrade one tier up most; a later one less, and less again while a tier between is not
        in hand (a Station held with no Depot in sight keeps a hand slot for many Stages, where a
        Department would keep it within reach); a second copy in hand hardly (only one is ever played)."""
        if any(card_order(c) < card_order(card) and view.s.deck.get(c) == view.s.deck.get(card)
               for c in view.player.hand):
            return 0.5
        gap = self.spec.tier - view.tier
        if gap == 1:
            return 10.0
        between = {view.spec(c).tier for c in view.player.hand if view.spec(c).kind == "office"}
        if all(t in between for t in range(view.tier + 1, self.spec.tier)):
            return {2: 6.0, 3: 4.5}.get(gap, 0.0)
        return {2: 4.0, 3: 3.0}.get(gap, 0.0)


@register("train")
class TrainRules(SpotlessRules):
    """A timetabled train goes on the timetable at the Stage a D12 rolls (the next free one down
    the column if taken) and runs every Day at that Stage (v0.2 §7.1)."""

    kind = "train"
    label = "TIMETABLE"
    colour = "#37474f"
    picture = "plate"

    @property
    def plate(self):
        return str(self.spec.number)

    def _problem(self, s, p, it):
        if it.card in s.timetable.values():
            return f"{self.spec.name} is already on the timetable"
        return None

    def play(self, s, p, it, ev):
        roll = d12(s)
        slot = roll
        while slot in s.timetable:
            slot = slot % 12 + 1
        s.timetable[slot] = it.card
        moved = "" if slot == roll else f", taken, so it goes down the column to Stage {slot}"
        ev.say("timetable", f"{name(s, p)} plays {self.spec.name}: the D12 rolls {roll}{moved}. It runs every Day "
               f"at Stage {slot}.", data={"roll": roll, "slot": slot})

    def worth(self, view, card):
        """Passenger trains first, freight trains for the industries the Area serves, while the
        timetable has room (``TIMETABLE_CAP``, ``FREIGHT_CAP``)."""
        sp = self.spec
        if len(view.s.timetable) >= TIMETABLE_CAP:
            return 1.0
        if sp.consist == ("coach",):
            return 8.0 if view.tier >= 1 else 6.0
        scarce = train_odds(view) < SCARCE_TRAINS  # a big deck: the next train may be a Day of draws away
        if "coach" in sp.consist:
            return 6.0 if scarce else 5.0
        freight = sum(1 for c in view.s.timetable.values() if "coach" not in view.spec(c).consist)
        kinds = {view.spec(view.area.grid[xy].card).car for xy in view.industries()}
        if len(view.industries(False)) < INDUSTRIES_WANTED:  # an industry in hand, to be built, wants its train kept too
            kinds |= {view.spec(c).car for c in view.player.hand if view.spec(c).kind == "facility"}
        cap = FREIGHT_CAP + (view.freight > 1)  # a load worth more than a coach: one more freight train
        if scarce and freight < cap:
            return 6.0 if kinds & set(sp.consist) else 5.0
        if view.freight > 1 and kinds & set(sp.consist) and freight < cap:
            return 5.0  # a load pays more than a coach ([L5] v2): a train for an industry it serves
        return 4.0 if kinds & set(sp.consist) and freight < cap else 1.5


@register("extra")
class ExtraRules(SpotlessRules):
    """An Extra waits for a free Crew Tray, then runs once (v0.2 §7.2)."""

    kind = "extra"
    label = "EXTRA"
    colour = "#6b3f7a"
    picture = "plate"

    @property
    def plate(self):
        return f"X{self.spec.number}"

    def play(self, s, p, it, ev):
        s.extras.append(WaitingExtra(it.card, p))
        ev.say("extra", f"{name(s, p)} plays {self.spec.name}; it runs when a Crew Tray is free.")

    def worth(self, view, card):
        """Cars for a Control Point, if the Extra can reach the Office in time and be worked there."""
        if stages_left(view.s) < 5:
            return 0.5  # it could not reach the Office before the last Day ends
        if not extra_of_use(view, card):
            return 0.5  # a special train this Office can neither switch nor work ([T2]-[T4])
        return 6.0 if view.tier >= 1 else 3.0


@register("red_flag")
class RedFlagRules(CardRules):
    """Emergency Toolbox: a Red Flag is never played or discarded; it stays in the hand ([M9])."""

    kind = "red_flag"
    label = "TOOLBOX"
    colour = "#c62828"
    picture = "flag"

    def discard_problem(self, s, p):
        return "your Red Flag stays in your hand until it is spent; it cannot be discarded"

    def play_problem(self, s, p, it):
        return "your Red Flag plays itself: it is spent the first time a collision would be your fault"


# --------------------------------------------------------------------------- played onto a train


@register("order")
class OrderRules(CardRules):
    """A train order ('play Expedite1 on 3'): played from the hand onto the train in a Crew Tray,
    it rides with the train (``Train.orders``, asked with the train's card at its rule points) and
    goes to the Salvage Yard when the train leaves the table."""

    kind = "order"
    on_train = True
    label = "TRAIN ORDER"
    colour = "#00695c"
    picture = "tag"

    _tag: tuple = ()  # what the order does, in short, on the card's face

    @property
    def tag(self):
        return self._tag

    def _carries(self, s, train) -> bool:
        return any(s.deck.get(o) == self.spec.key for o in train.orders)

    def play_problem(self, s, p, it):
        if it.at is not None or it.turned or it.serves is not None:
            return f"the {self.spec.name} is played on a train, not a place: 'play {it.card} on TRAY'"
        train = s.trains.get(it.tray)
        if train is None:
            return f"Crew Tray {it.tray} is free; there is no train to give the {self.spec.name} to"
        if self._carries(s, train):
            return f"train {train.label} already carries an {self.spec.name} order"
        return None

    def candidates(self, s, p, card, spots):
        for tray, train in sorted(s.trains.items()):
            if not self._carries(s, train):
                yield Play(card, tray=tray)

    def play(self, s, p, it, ev):
        train = s.trains[it.tray]
        train.orders.append(it.card)
        ev.say("order", f"{name(s, p)} gives train {train.label} an {self.spec.name} order: {self._effect}",
               data={"train": train.label, "tray": it.tray, "order": self.spec.key})

    _effect = ""

    def worth(self, view, card):
        """An A/D track freed a Stage early (Expedite, [M17])."""
        return 2.0


# --------------------------------------------------------------------------- played onto a grid spot


class PlacedRules(CardRules):
    """A card laid on an empty grid spot of the player's Office Area ('play C at x,y')."""

    needs_spot = True

    def play_problem(self, s, p, it):
        area = area_of(s, p)
        if it.at is None:
            return f"say where to play the {self.spec.name}: 'play {it.card} at x,y'"
        x, y = it.at
        if it.at in area.grid:
            return f"{x},{y} already holds the {spec_of(s, area.grid[it.at].card).name}"
        if it.at in area.space:  # a Right-of-Way Dispute ([O9])
            return f"nothing may be built at {x},{y} today: {a(spec_of(s, area.space[it.at]).name)} lies there"
        return self._spot_problem(s, p, it, area)

    def _spot_problem(self, s, p, it, area):
        return None


@register("track")
class TrackRules(PlacedRules):
    """Rail: grows the Running Track at a Limit (moving it out) or, between the Limits, joins the
    rail already laid; it may be laid turned half round ([G3], [G4])."""

    kind = "track"
    label = "TRACK"
    colour = "#5b6b7c"
    picture = "rail"
    _running_track = True  # may it extend the Running Track?

    @property
    def _turns(self) -> bool:
        geo = self.spec.geometry
        return geo.rotated() != geo

    def _spot_problem(self, s, p, it, area):
        sp = self.spec
        x, y = it.at
        if it.serves is not None:
            return "only a Modifier serves a facility"
        if y == 0:
            if x not in (area.west_limit, area.east_limit):
                return (f"{x},{y} is on the Running Track; it can only grow at its Limits "
                        f"({area.west_limit},0 or {area.east_limit},0)")
            if not self._running_track:
                return f"{a(sp.name)} cannot go on the Running Track; it would break the through route"
            if not sp.geometry.through:
                return f"the {sp.name} has no east–west through route for the Running Track"
            return None
        if not (area.west_limit < x < area.east_limit):
            return (f"{x},{y} is beyond your Limits; Secondary Track is built between columns "
                    f"{area.west_limit + 1} and {area.east_limit - 1} (extend the Running Track to widen it)")
        geo = sp.geometry.rotated() if it.turned else sp.geometry
        for port in sorted(geo.ports):
            dx, dy, their = NEIGHBOUR[port]
            n = area.grid.get((x + dx, y + dy))
            if n is None:
                continue
            nsp = spec_of(s, n.card)
            if nsp.geometry is None:
                continue
            ngeo = nsp.geometry.rotated() if n.rotated else nsp.geometry
            if their in ngeo.ports:
                return None
        turn = " (try it turned)" if not it.turned else ""
        return f"the {sp.name} at {x},{y} would not connect to any track{turn}"

    def candidates(self, s, p, card, spots):
        turns = self._turns
        for xy in spots:
            yield Play(card, xy)
            if turns:
                yield Play(card, xy, True)

    def play(self, s, p, it, ev):
        area = area_of(s, p)
        area.grid[it.at] = Placed(it.card, it.turned)
        x, y = it.at
        if y == 0:
            if x == area.west_limit:
                area.west_limit -= 1
            else:
                area.east_limit += 1
        self._laid(area, it.at)
        grow = " and moves the Limits out" if y == 0 else ""
        ev.say("play", f"{name(s, p)} lays the {self.spec.name} at {x},{y}{' turned' if it.turned else ''}{grow}.")

    def _laid(self, area, xy) -> None:
        """What else is put in play with the rail."""

    def worth(self, view, card):
        """Room for the industries, while the Area has fewer than ``INDUSTRIES_WANTED`` (more where freight
        pays more, [L5])."""
        if len(view.industries(False)) >= INDUSTRIES_WANTED:
            return 2.0
        return 4.0 + (1.0 if view.freight > 1 else 0.0)


@register("facility")
class FacilityRules(TrackRules):
    """A freight facility: an industry spur with boxes and a MEN | AT | WORK pipeline, laid off
    the Running Track like Secondary Track."""

    kind = "facility"
    label = "INDUSTRY"
    colour = "#b07219"
    _running_track = False

    def _laid(self, area, xy) -> None:
        area.facilities[xy] = Facility()

    def worth(self, view, card):
        """An industry, while the Area has fewer than ``INDUSTRIES_WANTED``: less while there is no track
        to build it on."""
        if len(view.industries(False)) >= INDUSTRIES_WANTED:
            return 2.0
        bonus = 2.0 if view.freight > 1 else 0.0  # freight pays more than passengers ([L5] v2)
        return (5.0 if _open_slots(view) > 0 else 3.0) + bonus  # no track to build it on yet: a card that waits


@register("device")
class DispatchDevice(PlacedRules):
    """A dispatch device ([M20]): laid on an empty spot beside the Office, off the Running Track; it
    acts by itself a few times a Day (``uses_per_day``, counted in ``State.device_uses`` and given back
    at the end of every Day)."""

    kind = "device"
    label = "DISPATCH"
    colour = "#8d6e63"
    picture = "tag"
    uses_per_day = 1

    @property
    def tag(self):
        return (f"{self.uses_per_day} a Day",)

    def _spot_problem(self, s, p, it, area):
        x, y = it.at
        if it.turned or it.serves is not None:
            return f"the {self.spec.name} is laid as it is, beside the Office: 'play {it.card} at x,y'"
        if y == 0 or abs(x) > 1 or abs(y) > 1:
            return f"the {self.spec.name} goes beside the Office, off the Running Track (-1..1, ±1), not at {x},{y}"
        return None

    def candidates(self, s, p, card, spots):
        for xy in spots:
            if xy[1] != 0 and abs(xy[0]) <= 1 and abs(xy[1]) <= 1:
                yield Play(card, xy)

    def play(self, s, p, it, ev):
        area_of(s, p).grid[it.at] = Placed(it.card)
        ev.say("play", f"{name(s, p)} puts up the {self.spec.name} at {it.at[0]},{it.at[1]}.")

    def _ready(self, s, seat):
        """This device's cards in the Area that have a use left today, in grid order."""
        return [pl.card for _, pl in sorted(s.areas[seat].grid.items())
                if s.deck.get(pl.card) == self.spec.key and s.device_uses.get(pl.card, 0) < self.uses_per_day]

    def worth(self, view, card):
        """A collision saved at a full Office ([M20]): worth most once the Office is a Control Point."""
        return 3.0 if view.tier >= 1 else 1.5


@register("modifier")
class ModifierRules(PlacedRules):
    """A Modifier goes off the Running Track beside a facility it can serve (its 3×3
    neighbourhood); a box Modifier serves the one named ('for x,y') when several are beside it,
    a Section Gang lends its worker to any of them."""

    kind = "modifier"
    label = "MODIFIER"
    colour = "#7e57c2"
    picture = "tag"

    @property
    def tag(self):
        adds = dict(self.spec.adds)
        if "worker" in adds:
            return ("+1 worker",)
        return tuple(f"+{adds[k]} {'box' if k == 'box' else k}" for k in ("box", "green", "red") if k in adds)

    @property
    def _lends_worker(self) -> bool:
        return bool(dict(self.spec.adds).get("worker"))

    def _targets(self, s, p, xy) -> list:
        """The neighbouring facilities this Modifier could serve from ``xy``."""
        sp = self.spec
        area = area_of(s, p)
        out = []
        for n in neighbours9(xy):
            if not is_facility(s, area, n):
                continue
            if n == (0, 0):
                ok = sp.serves in ("passenger", "any")
            else:
                fsp = spec_of(s, area.grid[n].card)
                ok = (sp.serves in ("freight", "any") or (sp.serves == "freight_out" and fsp.outbound)
                      or (sp.serves == "freight_in" and fsp.inbound))
            if ok:
                out.append(n)
        return out

    def _spot_problem(self, s, p, it, area):
        sp = self.spec
        x, y = it.at
        if it.turned:
            return "a Modifier has no rail to turn"
        if y == 0 or not (area.west_limit < x < area.east_limit):
            return (f"a Modifier goes off the Running Track, between your Limits' columns "
                    f"({area.west_limit + 1} to {area.east_limit - 1}), not at {x},{y}")
        targets = self._targets(s, p, it.at)
        if not targets:
            return f"the {sp.name} must go beside a facility it can serve; none is next to {x},{y}"
        if self._lends_worker:
            if it.serves is not None:
                return f"the {sp.name} lends its worker to any neighbouring facility; play it without 'for'"
            return None
        if it.serves is None and len(targets) > 1:
            spots = ", ".join(f"{a},{b}" for a, b in targets)
            return f"the {sp.name} is beside several facilities ({spots}); say which it serves with 'for x,y'"
        if it.serves is not None and it.serves not in targets:
            return f"the {sp.name} at {x},{y} cannot serve {it.serves[0]},{it.serves[1]}"
        return None

    def candidates(self, s, p, card, spots):
        for xy in spots:
            if xy[1] == 0:
                continue
            targets = self._targets(s, p, xy)
            if not targets:
                continue
            if self._lends_worker or len(targets) == 1:
                yield Play(card, xy)
            else:
                for tgt in targets:
                    yield Play(card, xy, serves=tgt)

    def play(self, s, p, it, ev):
        area = area_of(s, p)
        serves = None
        if not self._lends_worker:
            serves = it.serves or self._targets(s, p, it.at)[0]
        area.modifiers[it.at] = Modifier(it.card, serves)
        area.grid[it.at] = Placed(it.card)
        ev.say("play", f"{name(s, p)} places the {self.spec.name} at {it.at[0]},{it.at[1]}.")

    def worth(self, view, card):
        """Good once there is an industry or a Control Point for it to serve."""
        return 4.0 if view.industries(False) or view.tier >= 1 else 2.5


# --------------------------------------------------------------------------- the Division


@register("mainline")
class MainlineRules(CardRules):
    """A Mainline card: part of the Division from setup, never in a hand."""

    kind = "mainline"
    label = "MAINLINE"
    colour = "#4e6e58"
    picture = "regions"


@register("sectioned")
class SectionedMainline(MainlineRules):
    """A Mainline card with a length (deck "full"): a train crosses it in length ÷ speed Stages,
    rounded up ([M10], [M11])."""

    picture = "sections"

    def crossing_time(self, s, train):
        return crossing_stages(self.spec.sections, spec_of(s, train.card).speed)


# --------------------------------------------------------------------------- Mainline modifiers


@register("ml_modifier")
class MainlineModifier(CardRules):
    """A Mainline modifier ([M19]): played from the hand in the Draw option onto a card of the
    Division that prints no device ('play Signals1 on Mainline 2'), one to a card; it stays there
    for the game and gives the card its device, asked with the card at its rule points."""

    kind = "ml_modifier"
    on_mainline = True
    label = "MAINLINE MODIFIER"
    colour = "#4e6e58"
    picture = "tag"
    _tag: tuple = ()

    @property
    def tag(self):
        return self._tag

    def play_problem(self, s, p, it):
        if it.at is not None or it.turned or it.serves is not None:
            return f"the {self.spec.name} goes on a card of the Division: 'play {it.card} on Mainline N'"
        n = len(s.mainline)
        if not 1 <= it.mainline <= n:
            return f"the Division has Mainline cards 1 to {n}, west to east, not {it.mainline}"
        i = it.mainline - 1
        msp = spec_of(s, mainline_key(s.mainline[i]))
        if msp.rules not in ("sectioned", ""):
            return f"the {s.mainline[i]} has its own device; a Mainline modifier goes on a card that prints none"
        if s.ml_modifiers.get(i):
            held = spec_of(s, s.ml_modifiers[i][0]).name
            return f"the {s.mainline[i]} already carries the {held}; a card takes one Mainline modifier"
        return None

    def candidates(self, s, p, card, spots):
        for k in range(1, len(s.mainline) + 1):
            yield Play(card, mainline=k)

    def play(self, s, p, it, ev):
        i = it.mainline - 1
        s.ml_modifiers.setdefault(i, []).append(it.card)
        ev.say("play", f"{name(s, p)} puts the {self.spec.name} on the {s.mainline[i]}: {self._effect}",
               data={"card": s.mainline[i], "modifier": self.spec.key})

    _effect = ""

    def worth(self, view, card):
        """Little: a Division's signals help every player, and a bot does not lay them ([M19])."""
        return 1.0


def crossing_stages(sections: int, speed: int) -> int:
    """Stages to cross ``sections`` at ``speed`` sections a Stage: rounded up, at least one ([M11])."""
    return max(1, -(-sections // speed))


#: the default rules class of each kind
KIND_RULES = {cls.kind: cls for cls in (TrainRules, ExtraRules, OfficeRules, FacilityRules, ModifierRules,
                                        TrackRules, RedFlagRules, MainlineRules, OrderRules, MainlineModifier,
                                        DispatchDevice)}
