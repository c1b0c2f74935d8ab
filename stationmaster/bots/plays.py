"""How a computer player plays a card from its hand: one play per rules class, found along the class's
ancestry, so that a new card of a known kind plays as its kind and a new kind brings its own play.

A card's worth is its family's word (``CardRules.worth``, in the card's own module). Where it goes is
asked here: a play is ``play(view, card, legal) -> (score, intent, reason) | None``, the score on the
worth's scale (the planner's draw plays the best of its hand's). The plays registered here (``@plays``)
are the ones that need a bot's own reading of the table — which spots a train reaches, where an
industry will go, whom to attack. A card whose class has none of them plays by its family's
``CardRules.best_play`` (by default: at its first legal play, when its worth is ``PLAY_WORTH`` or
more); the nearer of the two along the class's ancestry wins, so a family that writes its own
``best_play`` for a subclass of a known kind is asked, not the kind's play here.
"""

from __future__ import annotations

from ..cards import rules_for
from ..cards.classic import Expedite, SecondSection
from ..cards.enhancements import Defence, EnhancementRules
from ..cards.kinds import (DispatchDevice, ExtraRules, FacilityRules, ModifierRules, OfficeRules, TrackRules,
                           TrainRules, extra_of_use, industry_slots, stages_left)
from ..cards.opponent import OpponentCard
from ..intents import Play
from ..query import ad_tracks, departure_problem, geometry, neighbours9
from ..setup import SIDING
from .attacks import attacks_expected, best_attack, building_spot
from .view import View

#: rules class -> how a bot plays a card of it (and of its subclasses that have no nearer play)
PLAYS: dict = {}


def plays(cls):
    """Decorator: the function is how a bot plays a card of rules class ``cls``."""
    def deco(fn):
        PLAYS[cls] = fn
        return fn
    return deco


def play_for(rules):
    """The play of a card's rules object: the nearest, along its class's ancestry, of a play registered
    here and a family's own ``best_play`` (``CardRules``' default at the latest)."""
    for cls in type(rules).__mro__:
        if cls in PLAYS:
            return PLAYS[cls]
        if "best_play" in vars(cls):
            return rules.best_play
    raise TypeError(f"{type(rules).__name__} is no CardRules")


def best_play(v: View, card: str, legal):
    """(score, intent, reason) of the best play of ``card`` from the hand now, or None to keep it."""
    return play_for(rules_for(v.spec(card)))(v, card, legal)


def card_worth(v: View, card: str) -> float:
    """How much a card in hand is worth to this player now (0 useless ... 10 play at once): what its
    family says (``CardRules.worth``), else nothing."""
    worth = rules_for(v.spec(card)).worth(v, card)
    return 0.0 if worth is None else worth


def _card_plays(card: str, legal) -> list:
    """The legal plays of ``card``."""
    return [it for it in legal if isinstance(it, Play) and it.card == card]


# --------------------------------------------------------------------------- played without a spot


@plays(OfficeRules)
def office_play(v: View, card: str, legal):
    if Play(card) in legal:
        return (10.0, Play(card), f"upgrades the Office to a {v.spec(card).name}")
    return None


@plays(TrainRules)
def train_play(v: View, card: str, legal):
    """A train worth its place on the timetable; with a full hand, one worth a little less."""
    if Play(card) not in legal:
        return None
    sp = v.spec(card)
    w = card_worth(v, card)
    if w >= 5 or (len(v.player.hand) > 3 and w >= 3):
        return (w, Play(card), f"puts {sp.name} ({sp.train_class}) on the timetable")
    return None


@plays(ExtraRules)
def extra_play(v: View, card: str, legal):
    """An Extra for a Control Point that can work it, while the Office has A/D tracks to spare."""
    if Play(card) in legal and v.tier >= 1 and stages_left(v.s) >= 5 and extra_of_use(v, card) and \
            len(v.at_office()) + len(v.arriving(2)) < ad_tracks(v.s, v.area) - 1:
        return (6.0, Play(card), f"plays {v.spec(card).name} to bring cars to the Office")
    return None


# --------------------------------------------------------------------------- industries and track


def spotting_facing(v: View, xy) -> str:
    """Which way a train must face to shove cars into the industry spur at ``xy``: a stub spur open
    to the east is entered moving west, so only a train facing east enters it cars first (backing);
    engine first, the cars stay between the engine and the way out."""
    geo = geometry(v.s, v.area, xy)
    return "east" if geo is not None and "E" in geo.ports else "west"


def trains_facing(v: View, car: str) -> dict:
    """How many timetabled trains (and trains in the hand) carry ``car``, by the way they face."""
    out = {"east": 0, "west": 0}
    for c in list(v.s.timetable.values()) + [c for c in v.player.hand if v.spec(c).kind == "train"]:
        sp = v.spec(c)
        if car in sp.consist and sp.direction in out:
            out[sp.direction] += 1
    return out


def facility_spots(v: View, card: str, legal) -> list:
    """Legal places for a facility that a train can reach, best first: open the way the trains that
    carry its cars can shove them in (an industry of the same kind already served that way counts
    against it), then nearest the Office."""
    out = [it for it in _card_plays(card, legal) if it.at is not None]
    car = v.spec(card).car
    facing = trains_facing(v, car)
    for xy in v.industries(False):
        if v.spec(v.area.grid[xy].card).car == car:
            facing[spotting_facing(v, xy)] -= 1.5
    good = []
    for it in out:
        x, y = it.at
        nb = (x + 1, y) if it.turned else (x - 1, y)
        if nb in v.reachable():
            served = facing["east" if it.turned else "west"]
            good.append((-served, abs(x) + abs(y), it.turned, it.at, it))
    good.sort(key=lambda g: g[:4])
    return [g[-1] for g in good]


@plays(FacilityRules)
def facility_play(v: View, card: str, legal):
    spots = facility_spots(v, card, legal)
    if not spots:
        return None
    at = spots[0].at
    return (7.0, spots[0], f"builds the {v.spec(card).name} at {at[0]},{at[1]}, where a train can reach it")


def slots_after(v: View, play) -> float:
    """``industry_slots`` once ``play`` is made (tried on a copy of the game)."""
    g = v.game.copy()
    g.apply(play)
    w = View(g)
    w.me, w.player, w.seat, w.area, w._reach = v.me, v.player, v.seat, g.state.areas[v.seat], None
    n = industry_slots(w)
    if play.at[1] == 0:  # a longer Running Track: room for later, up to two cards beyond the opening's
        n += 0.3 if abs(play.at[0]) <= running_track_reach(v) else -1.0
    return n


#: how many cards a bot lengthens its Running Track by on each side, beyond what its Office opened with
RUNNING_TRACK_EXTENSION = 2


def running_track_reach(v: View) -> int:
    """How far from the Office (in cards) a bot still lengthens its Running Track: two cards beyond the
    Office's opening line, so three under the starter siding ([U6] lays a Straight each side). Set when
    the line began bare, a window of two left a v6 planner one card, and the expert's look-ahead kept
    moving its track cards further out (issue 29's sixth round)."""
    opening = max((abs(x) for x, y in SIDING if y == 0), default=0) if v.s.config.rule("starter_siding") else 0
    return opening + RUNNING_TRACK_EXTENSION


def track_spots(v: View, card: str, legal) -> list:
    """The legal plays of a track card as (gain, intent), best first: the room for industries each
    opens, nearest the Office on a tie."""
    now = industry_slots(v)
    scored = [(slots_after(v, it) - now, -abs(it.at[0]) - abs(it.at[1]), str(it), it) for it in _card_plays(card, legal)]
    scored.sort(key=lambda t: (t[0], t[1], t[2]), reverse=True)
    return [(gain, it) for gain, _, _, it in scored]


def best_track_play(v: View, card: str, legal):
    """(intent, gain) of the play of a track card that opens most room for industries, nearest the
    Office on a tie; (None, 0) when it has no legal play."""
    spots = track_spots(v, card, legal)
    if not spots:
        return None, 0
    gain, it = spots[0]
    return it, gain


@plays(TrackRules)
def track_play(v: View, card: str, legal):
    it, gain = best_track_play(v, card, legal)
    if it is None or gain <= 0:
        return None
    return (5.0 + gain, it, f"lays the {v.spec(card).name} at {it.at[0]},{it.at[1]} to open room for industries")


@plays(ModifierRules)
def modifier_play(v: View, card: str, legal):
    """Beside the most facilities it serves that a train reaches (the Office counts twice once it is
    a Control Point), nearest the Office; None where it serves none."""
    sp = v.spec(card)
    cands = _card_plays(card, legal)
    if not cands:
        return None
    reach = v.reachable()

    def worth(it):
        n = 0
        for nb in neighbours9(it.at):
            if nb == (0, 0) and v.tier >= 1:
                n += 2 if sp.serves in ("passenger", "any") else 0
            elif nb in v.area.facilities and nb in reach:
                n += 1
        if it.serves is not None:
            n += 1 if it.serves == (0, 0) or it.serves in reach else -1
        return n
    best = max(cands, key=lambda it: (worth(it), -abs(it.at[0]) - abs(it.at[1]), str(it)))
    if worth(best) <= 0:
        return None
    return (5.5, best, f"places the {sp.name} at {best.at[0]},{best.at[1]}")


# --------------------------------------------------------------------------- enhancements


def enhancement_spot(v: View, card: str, legal):
    """Where an enhancement does the most good ([E1]): on a card a train can reach (a Gantry
    Crane on a served industry), the nearest the Office first."""
    cands = _card_plays(card, legal)
    if not cands:
        return None
    reach = v.reachable()
    return min(cands, key=lambda it: (it.at not in reach and it.at != (0, 0), abs(it.at[0]) + abs(it.at[1]), str(it)))


@plays(EnhancementRules)
def enhancement_play(v: View, card: str, legal):
    it = enhancement_spot(v, card, legal)
    if it is None:
        return None
    return (5.0, it, f"puts the {v.spec(card).name} on its card at {it.at[0]},{it.at[1]}")


def has_defence(v: View, key: str) -> bool:
    """Does one of the player's cards already carry a defence of this type? One guards the whole
    Office Area ([E6]), so a second copy adds nothing."""
    return any(v.s.deck.get(e) == key for placed in v.area.grid.values() for e in placed.enhancements)


#: what a defence stops, in words ([E7]-[E9])
DEFENCE_WORDS = {"facing_point_locks": "a Derail or a Vandalism", "water_column": "a Hotbox",
                 "overpass": "a Railroad Crossing"}


@plays(Defence)
def defence_play(v: View, card: str, legal):
    """A defence where a card may be played on this player and none guards the Office Area yet: laid
    early, it is there when the attack comes."""
    sp = v.spec(card)
    it = enhancement_spot(v, card, legal)
    if it is None or not attacks_expected(v.s) or has_defence(v, sp.key):
        return None
    return (5.0, it, f"lays the {sp.name} at {it.at[0]},{it.at[1]}: it stops {DEFENCE_WORDS[sp.key]} played on "
                     f"this Office")


# --------------------------------------------------------------------------- cards played on an opponent


@plays(OpponentCard)
def attack_play(v: View, card: str, legal):
    """On the leader, where it hurts most (``attacks.best_attack``)."""
    best = best_attack(v, card, legal)
    if best is None:
        return None
    return (4.0 + min(best[0], 5.0), best[1], best[2])


# --------------------------------------------------------------------------- the Mainline-side cards
# The full deck's cards where a plain rule of thumb serves ([M17], [M18], [M20]).


@plays(SecondSection)
def second_section_play(v: View, card: str, legal):
    """A Second Section on a passenger train due out, while two Crew Trays are free."""
    s = v.s
    if Play(card) not in legal or v.tier < 1:
        return None
    due = s.timetable.get(s.stage)
    free = s.trays - len(s.trains)
    if due is not None and "coach" in v.spec(due).consist and free >= 2:
        return (5.5, Play(card), f"orders a second section of {v.spec(due).name}: twice the passengers "
                                 f"for the Offices it reaches")
    return None


@plays(Expedite)
def expedite_play(v: View, card: str, legal):
    """An Expedite on a train at this Office that would otherwise keep its A/D track a Stage longer,
    when the Office is about to overflow."""
    s = v.s
    if not v.overflow():
        return None
    for t in v.at_office():
        it = Play(card, tray=t.tray)
        if it in legal and t.arrived >= s.stage_count and not departure_problem(s, t):
            return (5.0, it, f"expedites train {t.label}: it leaves at the Shift Change and frees the "
                             f"A/D track for the train coming in")
    return None


@plays(DispatchDevice)
def device_play(v: View, card: str, legal):
    """A dispatch device (a Train Order Signal) once the Office can fill up, not where an industry goes."""
    if v.tier < 1 or len(v.s.timetable) < 3:
        return None
    spots = [it for it in _card_plays(card, legal) if it.at is not None]
    if not spots:
        return None
    it = min(spots, key=lambda it: (building_spot(v, it.at), str(it)))
    return (4.5, it, f"lays the {v.spec(card).name} beside the Office: it holds a train the full Office "
                     f"cannot take, once a Day")
