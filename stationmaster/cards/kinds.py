"""The default rules of each card kind: how a track card, facility, Modifier, Office upgrade,
timetabled train, Extra or Red Flag is played from the hand (v0.2 §6.2, §11; v0.4.5 §4.2), and
how the board shows it.

A card of a kind uses its kind's class unless its spec names another (``CardSpec.rules``); such a
class subclasses the kind's and overrides what the card changes. The classic deck uses these
defaults only. The module is also the family of the classic set (v0.2 §12), the Mainline decks and the
full game's Mainline-side cards: their specs and deck rows are at its end. Every family is registered,
and every spec checked, in ``cards/families.py``.
"""

from __future__ import annotations

from ..flow import Where
from ..grammar import a
from ..intents import Play
from ..query import area_of, first_region, is_facility, name, neighbours9, office_tier, spec_of
from ..rules import d12
from ..state import Facility, Modifier, Placed, WaitingExtra, WaitingSection
from ..track import NEIGHBOUR, Geometry
from .base import CardRules, fire, register
from .specs import PIECES, SPEEDS, CardSpec, FREIGHT_KINDS, mainline_key, with_copies

#: the Office's band by tier (Whistle Post, Depot, Station, Terminal)
TIER_COLOURS = {0: "#8a8a8a", 1: "#3d7a4a", 2: "#2f5f9e", 3: "#8e3b46"}
TIERS = "Whistle Post → Depot → Station → Terminal"


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
        """The upgrade one tier up most, a later one less; a second copy in hand hardly (only one is ever
        played)."""
        if any(c < card and view.s.deck.get(c) == view.s.deck.get(card) for c in view.player.hand):
            return 0.5
        return {1: 10.0, 2: 6.0, 3: 4.5}.get(self.spec.tier - view.tier, 0.0)


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


@register("expedite")
class Expedite(OrderRules):
    """Expedite ([M17]): at each Office it arrives at, the train stays for that Stage's Load/Unload
    and departs at the Shift Change (the usual clearance and collision checks), not a Stage later."""

    _effect = "it leaves each Office it reaches at that Stage's Shift Change."
    _tag = ("same Stage",)

    def departs_at_shift_change(self, s, train):
        return True


@register("second_section")
class SecondSection(OrderRules):
    """Second Section ([M18]): played on the train the timetable has due this Stage ('play Second1',
    in Local Operations, before the New Train phase); an identical train, its second section, is made
    up behind it at the same Division Point when a Crew Tray is free, after the due trains and before
    the Extras, and runs junior to it. The card rides with the second section."""

    on_train = False
    _tag = ("2nd section",)

    def play_problem(self, s, p, it):
        if it.at is not None or it.turned or it.serves is not None:
            return f"the {self.spec.name} is played without a place: 'play {it.card}'"
        due = s.timetable.get(s.stage)
        if due is None:
            return (f"no train is due out this Stage ({s.stage}); a {self.spec.name} is played on the train the "
                    "timetable has due")
        sp = spec_of(s, due)
        if any(t.card == due for t in s.trains.values()):
            return f"{sp.name}'s last run is still on the Division, so today's run is annulled"
        if any(e.train == due for e in s.sections):
            return f"{sp.name} already has a {self.spec.name} ordered"
        return None

    def candidates(self, s, p, card, spots):
        yield Play(card)

    def highball_problem(self, s, train):
        """The second section keeps a Stage behind its first: never into the region it holds."""
        if train.section != 2:
            return None
        ahead = first_region(s, train)
        for t in s.trains.values():
            if t.card == train.card and t.section == 1 and t.where == Where.MAINLINE and tuple(t.pos) == ahead:
                half = "western" if ahead[1] == 0 else "eastern"
                return (f"its first section, train {t.label}, still holds the {half} half of the "
                        f"{s.mainline[ahead[0]]}; a second section keeps a Stage behind its train")
        return None

    def play(self, s, p, it, ev):
        due = s.timetable[s.stage]
        s.sections.append(WaitingSection(it.card, due, p))
        sp = spec_of(s, due)
        ev.say("order", f"{name(s, p)} orders a {self.spec.name} for {sp.name}: an identical train runs right "
               f"behind it when a Crew Tray is free.", data={"train": str(sp.number), "order": self.spec.key})

    def worth(self, view, card):
        """A second run of a passenger train boards twice the passengers ([M18])."""
        passenger = any("coach" in view.spec(c).consist for c in view.s.timetable.values())
        return 3.5 if view.tier >= 1 and passenger else 1.0


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
        """Room for the industries, while the Area has fewer than four (more where freight pays more, [L5])."""
        if len(view.industries(False)) >= 4:
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
        """None: a bot weighs an industry against the track it has room on (the planner's ``facility_worth``)."""
        return None


@register("yard_office")
class YardOffice(TrackRules):
    """A Yard Office ([M16]): a yard track off the Running Track, laid like an industry spur. A train
    without coaches arriving at a full Office diverts onto it (when nothing stands there) instead of
    colliding; it is then in the Office Area like any train the player switches."""

    label = "YARD"
    colour = "#6d5a3a"
    _running_track = False

    def diverts_arrival(self, s, train, seat):
        if any(PIECES[c].kind == "coach" for c in train.cars):
            return None
        if fire(s, "switch_problem", train, train=train):  # [T2]: it could never be switched back out
            return None
        area = s.areas[seat]
        for xy, placed in sorted(area.grid.items()):
            if placed.card in s.deck and s.deck[placed.card] == self.spec.key and not placed.cars \
                    and not any(t.where == Where.AREA and t.seat == seat and tuple(t.pos) == xy
                                for t in s.trains.values()):
                return xy
        return None


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


@register("train_order_signal")
class TrainOrderSignal(DispatchDevice):
    """A Train Order Signal ([M20]): once a Day it holds a train arriving at the full Office at the
    Limits instead of letting it collide."""

    def device_hold(self, s, train, seat):
        ready = self._ready(s, seat)
        return ready[0] if ready else None


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


@register("abs")
class AbsSignals(SectionedMainline):
    """ABS Signals ([M12]): the block signals at the entrance of this card hold a train that would
    follow another into the Subdivision, without asking the Superintendent."""

    def clearance(self, s, train, ahead):
        return "hold" if any(o.direction == train.direction for o in ahead) else None


@register("passing")
class PassingSiding(SectionedMainline):
    """A Passing Siding ([M13]): entered without the occupancy check; each half holds two trains
    (one on the main, one in the siding), so opposing trains meet and pass here."""

    def clearance(self, s, train, ahead):
        return "clear"

    def region_room(self, s, pos):
        return 2


@register("interlocking")
class Interlocking(SectionedMainline):
    """An Interlocking ([M14]): the tower's home signals hold a train running off this card to a
    full Office at the Limits instead of letting it collide."""

    def holds_arrival(self, s, train, seat):
        return True


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


@register("block_signals")
class BlockSignals(MainlineModifier):
    """Block Signals: the card gets ABS Signals ([M12], [M19])."""

    _tag = ("ABS",)
    _effect = "its ABS Signals hold a train that would follow another into the Subdivision."
    clearance = AbsSignals.clearance


@register("interlocking_tower")
class InterlockingTower(MainlineModifier):
    """Interlocking Tower: the card gets an Interlocking ([M14], [M19])."""

    _tag = ("tower",)
    _effect = "its tower holds a train running off it to a full Office at the Limits."
    holds_arrival = Interlocking.holds_arrival


#: the speed of a train that climbs a Heavy Grade without a helper: first class ([M15])
CLIMBS_UNAIDED = 4


@register("heavy_grade")
class HeavyGrade(SectionedMainline):
    """A Heavy Grade ([M15]): its uphill direction is chosen at setup (``State.grades``); an uphill
    train slower than first class stops one Stage to take a helper, then climbs at its own speed."""

    def crossing_time(self, s, train):
        stages = super().crossing_time(s, train)
        if s.grades.get(self.spec.name) == train.direction and spec_of(s, train.card).speed < CLIMBS_UNAIDED:
            return stages + 1
        return stages


def crossing_stages(sections: int, speed: int) -> int:
    """Stages to cross ``sections`` at ``speed`` sections a Stage: rounded up, at least one ([M11])."""
    return max(1, -(-sections // speed))


#: the default rules class of each kind
KIND_RULES = {cls.kind: cls for cls in (TrainRules, ExtraRules, OfficeRules, FacilityRules, ModifierRules,
                                        TrackRules, RedFlagRules, MainlineRules, OrderRules, MainlineModifier,
                                        DispatchDevice)}


# --------------------------------------------------------------------------- the cards of the kinds' defaults
# The classic set (v0.2 §12): trains and Extras, Offices, industries, Modifiers, track, the Red Flag and
# the plain Mainline cards; the full game's Mainline deck ([M11]-[M15]) and its Mainline-side cards
# ([M16]-[M20]), whose rules are the classes above. ``cards/families.py`` registers them and deals the
# classic deck (``CLASSIC_DECK``) and this family's part of the full one (``DECK_ROWS``).

#: the routes of an Office card's rail
OFFICE_ROUTES = [("W", "E"), ("W", "NE"), ("W", "SE"), ("NW", "E"), ("SW", "E")]

#: the timetabled trains by odd number (its even sister the same, eastbound): class, car kinds, revenue cars,
#: caboose
TRAIN_CLASSES = {
    1: ("Limited", ("coach",), 4, False),
    3: ("Mail-Express", ("coach",), 3, False),
    5: ("Manifest Freight", ("boxcar", "reefer"), 3, True),
    7: ("Coal Drag", ("hopper",), 3, True),
    9: ("Oil Train", ("tank",), 3, True),
    11: ("Way Freight", ("coach",) + FREIGHT_KINDS, 3, True),
}


#: plain classic Mainline cards (two regions each); N + 1 are drawn at random for N players
MAINLINE_CARDS = (
    "Prairie Tangent", "River Valley", "Cedar Cut", "Long Fill", "Mill Creek Bridge",
    "Pine Ridge", "Salt Flats", "Horseshoe Curve",
)


#: the Mainline deck of deck "full" (ruling [M11]): (name, length in sections), drawn like the plain ones
SECTIONED_MAINLINE = (
    ("Low Line", 8), ("Johnstown Tangent", 8), ("Seaside Flats", 6), ("Elsburg Curve", 6),
    ("Taney Cut", 6), ("Avalon Fill", 6), ("Damascus Bridge", 4), ("Branch Creek Trestle", 4),
)


#: the full deck's Mainline cards with a device or a feature (rulings [M12]-[M15]): (name, length in
#: sections, rules class, what the card says); they cross like the others ([M11]) and add their rule
FEATURED_MAINLINE = (
    ("Seaside Double Track", 6, "abs",
     "ABS Signals: a train about to follow another into the Subdivision from this card is held by the "
     "signals, without asking the Superintendent."),
    ("FR Passing Siding", 6, "passing",
     "Passing Siding: a train enters it without the occupancy check; each half holds two trains, so "
     "opposing trains meet and pass here."),
    ("Summit Grade", 8, "heavy_grade",
     "Heavy Grade: the Superintendent chooses the uphill direction at setup; an uphill freight (second "
     "or third class) stops one Stage for a helper."),
    ("HX Interlocking", 4, "interlocking",
     "Interlocking: a train running off this card to a full Office is held at the Limits instead of "
     "colliding."),
)


def _specs() -> tuple:
    made = []
    add = made.append
    for n in range(1, 13):
        cls, kinds, mx, cab = TRAIN_CLASSES[n if n % 2 else n - 1]
        direction = "west" if n % 2 else "east"
        cars = " or ".join(kinds) if len(kinds) < 5 else "any cars"
        add(CardSpec(
            f"train{n}", "train", f"Train {n}",
            f"{cls}, {direction}bound. Up to {mx} {cars}{' + caboose' if cab else ', no caboose'}.",
            number=n, direction=direction, consist=kinds, max_cars=mx, caboose=cab, train_class=cls,
            speed=SPEEDS[cls],
        ))
    for n in range(9, 13):
        add(CardSpec(
            f"extra{n}", "extra", f"Extra X{n}",
            "Extra train: runs once. The player who played it chooses its direction and its cars: "
            "any 3 cars + caboose.",
            number=n, consist=("coach",) + FREIGHT_KINDS, max_cars=3, caboose=True, train_class="Extra",
            speed=SPEEDS["Extra"],
        ))
    office = Geometry.of(OFFICE_ROUTES)
    for key, name, tier, ad, porters, boxes in (
        ("whistle_post", "Whistle Post", 0, 1, 0, 0),
        ("depot", "Depot", 1, 2, 1, 2),
        ("station", "Station", 2, 3, 2, 3),
        ("terminal", "Terminal", 3, 4, 3, 4),
    ):
        add(CardSpec(
            key, "office", name,
            f"{ad} A/D track{'s' if ad > 1 else ''}."
            + (f" Control Point. {porters} Porter{'s' if porters > 1 else ''}, {boxes} green and {boxes} red coach boxes."
               if tier else " Not a Control Point; no passenger business."),
            geometry=office, tier=tier, ad_tracks=ad, porters=porters, green=boxes, red=boxes,
        ))
    spur = Geometry.of(ports=["W"])
    for key, name, car, lab, out, inn in (
        ("mine_tipple", "Mine Tipple", "hopper", 3, 3, 0),
        ("produce_shed", "Produce Shed", "reefer", 2, 2, 0),
        ("grocers_warehouse", "Grocer's Warehouse", "boxcar", 2, 2, 2),
        ("oil_refinery", "Oil Refinery", "tank", 3, 2, 2),
        ("power_plant", "Power Plant", "hopper", 3, 0, 3),
    ):
        way = "loads and unloads" if out and inn else ("loads" if out else "unloads")
        add(CardSpec(
            key, "facility", name,
            f"Industry spur; {way} {car}s. {lab} Laborers, {out} green, {inn} red boxes, MEN | AT | WORK.",
            geometry=spur, car=car, laborers=lab, green=out, red=inn,
        ))
    for key, name, adds, serves, text in (
        ("team_track", "Team Track", (("box", 1),), "freight",
         "Beside a freight facility: +1 green box if it loads, otherwise +1 red box."),
        ("loading_dock", "Loading Dock", (("green", 1),), "freight_out",
         "Beside a freight facility that loads: +1 green box."),
        ("storage_shed", "Storage Shed", (("red", 1),), "freight_in",
         "Beside a freight facility that unloads: +1 red box."),
        ("extra_platform", "Extra Platform", (("green", 1), ("red", 1)), "passenger",
         "Beside a Depot, Station or Terminal: +1 green and +1 red coach box."),
        ("section_gang", "Section Gang", (("worker", 1),), "any",
         "+1 Laborer or Porter each Stage, at one neighbouring facility."),
    ):
        add(CardSpec(key, "modifier", name, text, adds=adds, serves=serves))
    add(CardSpec("straight", "track", "Straight", "Straight track, west to east.",
                 geometry=Geometry.of([("W", "E")])))
    add(CardSpec("turnout_left", "track", "Left Turnout",
                 "Points at the west end; the diverging leg climbs to the north-east. Pass-through only.",
                 geometry=Geometry.of([("W", "E"), ("W", "NE")]), operational=False))
    add(CardSpec("turnout_right", "track", "Right Turnout",
                 "Points at the west end; the diverging leg drops to the south-east. Pass-through only.",
                 geometry=Geometry.of([("W", "E"), ("W", "SE")]), operational=False))
    add(CardSpec("runaround", "track", "Run-around",
                 "Through track with a bypass: both 45° legs drop to the card below, "
                 "so with the Office (or another Run-around) it makes a passing loop.",
                 geometry=Geometry.of([("W", "E"), ("W", "SE"), ("SW", "E"), ("SW", "SE")])))
    add(CardSpec("yard_office", "track", "Yard Office",
                 "A yard track with its yardmaster's office, laid off the Running Track like an industry spur. "
                 "A train without coaches arriving at a full Office diverts to it instead of colliding.",
                 geometry=Geometry.of(ports=["W"]), rules="yard_office"))
    add(CardSpec("expedite", "order", "Expedite",
                 "Train order: play it on a train in a Crew Tray. At each Office it reaches, the train stays for "
                 "that Stage's Load/Unload and departs at the Shift Change.", rules="expedite"))
    add(CardSpec("second_section", "order", "Second Section",
                 "Train order: play it on the train due out this Stage. An identical train runs right behind "
                 "it, junior to it, when a Crew Tray is free.", rules="second_section"))
    add(CardSpec("block_signals", "ml_modifier", "Block Signals",
                 "Mainline modifier: play it on a card of the Division that prints no device. The card gets ABS "
                 "Signals: a train about to follow another into the Subdivision from it is held.",
                 rules="block_signals", aka=("ABS Signals",)))
    add(CardSpec("interlocking_tower", "ml_modifier", "Interlocking Tower",
                 "Mainline modifier: play it on a card of the Division that prints no device. The card gets an "
                 "Interlocking: a train running off it to a full Office is held at the Limits.",
                 rules="interlocking_tower"))
    add(CardSpec("train_order_signal", "device", "Train Order Signal",
                 "Dispatch device, beside the Office off the Running Track. Once a Day it holds a train arriving "
                 "at the full Office at the Limits instead of letting it collide.", rules="train_order_signal"))
    add(CardSpec("red_flag", "red_flag", "Red Flag",
                 "Emergency Toolbox. While you hold it your hand limit is four, and while you wear the "
                 "Fedora it holds a following train without a question. House rule red_flag_escape: "
                 "instead it is spent, and removed from the game, the first time a collision would be "
                 "your fault: the moving train stops short."))
    for title in MAINLINE_CARDS:
        add(CardSpec(mainline_key(title), "mainline", title,
                     "Plain Mainline: two regions; a train runs one region per Stage."))
    for title, length in SECTIONED_MAINLINE:
        add(CardSpec(mainline_key(title), "mainline", title,
                     f"{length} sections of Mainline: a train crosses it in {length} ÷ its speed Stages, "
                     "rounded up.", sections=length, rules="sectioned"))
    for title, length, rules, text in FEATURED_MAINLINE:
        add(CardSpec(mainline_key(title), "mainline", title, f"{length} sections. {text}", sections=length,
                     rules=rules, feature=text.split(":")[0]))
    return tuple(made)


#: this family's cards, in the catalog's order
SPECS: tuple = _specs()

#: the 52-card Home Office deck of v0.2 §12.1: (card type, copies, id prefix)
CLASSIC_DECK = (
    *((f"train{n}", 1, f"T{n}") for n in range(1, 13)),
    *((f"extra{n}", 1, f"X{n}") for n in range(9, 13)),
    ("depot", 4, "Depot"), ("station", 3, "Station"), ("terminal", 2, "Terminal"),
    ("mine_tipple", 2, "Tipple"), ("produce_shed", 2, "Shed"), ("grocers_warehouse", 2, "Grocer"),
    ("oil_refinery", 2, "Refinery"), ("power_plant", 2, "Plant"),
    ("team_track", 1, "TeamTrack"), ("loading_dock", 1, "Dock"), ("storage_shed", 1, "Storage"),
    ("extra_platform", 1, "Platform"), ("section_gang", 1, "Gang"),
    ("turnout_left", 3, "TurnoutL"), ("turnout_right", 3, "TurnoutR"),
    ("straight", 3, "Straight"), ("runaround", 3, "Runaround"),
)


#: the full deck's classic cards: the same cards, more copies of the ones a bigger table builds with
#: (one copy of each timetabled train and Extra, as ever); 95 cards
FULL_CLASSIC = with_copies(CLASSIC_DECK, {
    "depot": 8, "station": 6, "terminal": 4,
    "mine_tipple": 4, "produce_shed": 4, "grocers_warehouse": 4, "oil_refinery": 4, "power_plant": 4,
    "team_track": 3, "loading_dock": 3, "storage_shed": 2, "extra_platform": 3, "section_gang": 2,
    "turnout_left": 7, "turnout_right": 7, "straight": 9, "runaround": 5,
})

#: the full game's cards that act on the Mainline or its trains ([M16]-[M20]); 21 cards. Every row of
#: the full deck's parts ends with why the deck has so many (docs/cards.md shows it)
MAINLINE_SIDE = (
    ("yard_office", 3, "YardOffice",
     "three, one fewer than the Terminals: a relief valve, not a second Office, so a freight run into a busy "
     "Office stays a risk the Division plans around rather than one the deck always forgives; it competes "
     "with the industries for the spots off the Running Track [M16]"),
    ("expedite", 6, "Expedite",
     "one for every two timetabled trains, in a deck four times the classic one: an order is spent with one "
     "run, so a player now and then clears a busy A/D track a Stage early, but the Division is never "
     "expedited throughout and the timetable's pace stays the rule [M17]"),
    ("second_section", 4, "Second",
     "four: a second section doubles a train for one run and costs a Crew Tray, so it is an event of the "
     "game rather than a habit — with a tray per player and three more for twelve timetabled trains, trays "
     "are the scarce thing it competes for, with the Extras behind it [M18]"),
    ("block_signals", 3, "Signals",
     "three, against one ABS card in the Mainline deck: a Division of three to seven cards can be signalled "
     "where its players need it, but not wholesale, so following stays the Superintendent's question on "
     "most of it [M19]"),
    ("interlocking_tower", 2, "Tower",
     "two, beside the HX Interlocking: a tower is a big investment and the collision it saves is the local "
     "player's, so few in the deck keep a full Office a real risk [M19]"),
    ("train_order_signal", 3, "OrderSignal",
     "three, one use a Day each: a signal saves a full Office once and then the Day's traffic is the "
     "player's problem again, so it softens the Interlocking-less Divisions without replacing A/D tracks "
     "[M20]"),
)

#: this family's rows of the full Home Office deck: the classic cards (the special trains family puts its
#: trains 3/4 and 7/8 in place of the classic ones, ``SWAPS``), then the Mainline-side cards
DECK_ROWS: tuple = FULL_CLASSIC + MAINLINE_SIDE

#: balance "v2" (ruling [U3]): this family's card types with several copies -> their copies at a table of 1-2
#: seats and of 3-4 seats (cards/families.py says how a table is dealt)
TABLE_COPIES: dict = {
    # the Office pyramid, which every Office Area climbs once: a solitaire Office finds its Depot as soon
    # as in the classic deck (6 in 88 against 4 in 52) and no player is stranded at a bigger table
    "depot": (6, 7), "station": (5, 6), "terminal": (4, 4),
    # the classic deck's industries, Modifiers and track at 1-2 seats, about halfway to the full deck's
    # at 3-4
    "mine_tipple": (2, 3), "produce_shed": (2, 3), "grocers_warehouse": (2, 3), "oil_refinery": (2, 3),
    "power_plant": (2, 3),
    "team_track": (1, 2), "loading_dock": (1, 2), "storage_shed": (1, 2), "extra_platform": (1, 2),
    "section_gang": (1, 2),
    "turnout_left": (3, 5), "turnout_right": (3, 5), "straight": (3, 6), "runaround": (3, 4),
    # the full game's own cards: one of each at 1-2 seats (two of each curve, which a branch needs in
    # pairs), about half their copies at 3-4
    "yard_office": (1, 2), "expedite": (1, 3), "second_section": (1, 2), "block_signals": (1, 2),
    "interlocking_tower": (1, 1), "train_order_signal": (1, 2),
}

#: balance "v2" (ruling [U4]): the full deck's Departments are turned up with a Depot for each seat (the
#: first three seats), the rest from the top of the Home Office deck: an Office earns nothing until its
#: Depot, and the full deck buries its Depots deeper than the classic one
DEPARTMENT_SEEDS = ("depot", "depot", "depot")

#: the Mainline cards of each deck, by card type: the classic deck's plain ones; the full deck's with lengths
#: ([M11]) and one card of each Mainline device or feature ([M12]-[M15])
CLASSIC_MAINLINE = tuple(mainline_key(t) for t in MAINLINE_CARDS)
FULL_MAINLINE = (tuple(mainline_key(t) for t, _ in SECTIONED_MAINLINE)
                 + tuple(mainline_key(row[0]) for row in FEATURED_MAINLINE))
