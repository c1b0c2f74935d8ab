"""Cards as rule objects: the ``CardRules`` base class, the rule points, and ``fire``.

Every card spec names a rules class (``CardSpec.rules``; empty means the default class of its
kind, see ``cards/kinds.py``). The class answers two kinds of question:

- **about the card itself** (asked of one card): may it be played here and why not, where can it
  go, what playing it does, may it be discarded, and how the board shows it (``needs_spot``,
  ``play_spot``, ``label``, ``colour``, ``picture``, ``plate``, ``tag``), and what it is worth to a
  computer player holding it and how it plays it (``worth``, ``best_play``);
- **rule points** (asked of every card in play that answers them, by ``fire``): the table
  ``POINTS`` says, per point, which cards are asked (its *scope*) and how their answers combine.

A card that changes a rule overrides just that point's method. The base methods are the
neutral answers, so the classic deck (which overrides none) plays exactly as before, and
``fire`` returns a point's neutral answer at once when no registered class answers it.

Rules classes are registered by name (``@register("interlocking")``); an unknown name in a spec,
a class of another kind, or a method that is neither a rule point nor a card question (a typo such
as ``holds_arival``) fails when the catalog is checked, at import, with a message saying so.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from ..flow import Where
from .specs import CARD_SPECS, CardSpec, mainline_key, spec as card_spec


# --------------------------------------------------------------------------- rule points


@dataclass(frozen=True)
class RulePoint:
    """One point where cards in play may change a rule.

    ``combine``: how the answers of several cards make one result —
    ``first`` the first answer that is not None (a refusal: first refusal wins), ``any`` True if
    any card says True, ``sum`` the neutral value plus every answer, ``max`` / ``min`` the
    largest / smallest answer that is not None (the neutral value when none), ``each`` every card
    is told in turn (no result). ``scope``: which cards are asked, in this order — ``train`` the
    train's card, ``area`` the cards in the Office Area concerned (by grid spot, each followed by the
    enhancements on it), ``mainline`` the
    Mainline card the train is on (or the cards ``fire`` is given by index), ``table`` every card in an Office Area and every train card on
    the table, ``space`` only the space-use cards opponents laid in the Office Area ([O8]; few, so
    asking them costs nothing when none lies there). ``fired_by``: where the engine
    fires it ("" while no card needs it: then it is a documented no-op the helper can fire).
    """

    name: str
    combine: str
    scope: tuple
    neutral: object
    args: str
    doc: str
    fired_by: str = ""


COMBINES = ("first", "any", "sum", "max", "min", "each")
SCOPES = ("train", "area", "mainline", "table", "space")

POINTS: dict = {p.name: p for p in (
    RulePoint("moves", "sum", ("area",), 0, "s, player",
              "Moves added to (negative: taken from) a player's switching this Stage, beyond the six "
              "(five at night under Reduced Visibility).", "phases/local_ops.py moves_for"),
    RulePoint("switch_problem", "first", ("train",), None, "s, train",
              "Why this train may not be switched locally at all (no Moves, no set-outs).",
              "phases/local_ops.py _check_move, _check_setout"),
    RulePoint("pickup_problem", "first", ("train",), None, "s, train, xy, cars",
              "Why this train may not couple the cars standing on the card at xy (so it cannot enter it).",
              "phases/switching.py _enter_problem"),
    RulePoint("setout_problem", "first", ("train",), None, "s, train, cars",
              "Why this train may not set out these cars where it stands.",
              "phases/local_ops.py _check_setout"),
    RulePoint("cars_switched", "each", ("train",), None, "s, train, xy, cars, how",
              "A train in an Office Area has coupled (``how`` 'pickup') or set out ('set_out') these cars on the "
              "card at ``xy`` (trains 3/4 of deck full spend their freight car there, [T7]).",
              "phases/switching.py move; phases/local_ops.py apply"),
    RulePoint("makeup_problem", "first", ("train",), None, "s, train, kind, loaded",
              "Why a car of this kind (loaded or empty) may not go on the train at make-up.",
              "phases/new_train.py _allowed"),
    RulePoint("clearance", "first", ("train", "area", "mainline"), None, "s, train, ahead",
              "Mainline clearance of a departing train with the trains ``ahead`` in the next Subdivision "
              "(the Mainline card asked is the one it would enter): 'hold' to hold a follower without "
              "asking (ABS Signals, [M12]), 'clear' to let it in without the occupancy check (a Passing "
              "Siding, [M13]), None for the ordinary rules.", "phases/mainline.py _highball"),
    RulePoint("region_room", "max", ("mainline",), 1, "s, pos",
              "How many trains the Mainline region ``pos`` holds at once (a Passing Siding: two, [M13]); "
              "one more is a collision.", "phases/mainline.py _enter_region"),
    RulePoint("crossing_time", "max", ("train", "mainline"), None, "s, train",
              "Stages the train takes to cross the Mainline card it is on (None: a plain card, one region "
              "a Stage); the slowest answer counts.", "phases/mainline.py _run"),
    RulePoint("highball_problem", "first", ("train", "area"), None, "s, train",
              "Departure: why the train is held where it stands instead of highballing (the Area's "
              "cards are asked when it stands in an Office Area).", "phases/mainline.py _highball"),
    RulePoint("holds_arrival", "any", ("train", "area", "mainline"), False, "s, train, seat",
              "Arrival: True to hold a train arriving at a full Office at the Limits instead of "
              "colliding (an Interlocking, [M14]).", "phases/mainline.py _arrive"),
    RulePoint("device_hold", "first", ("area",), None, "s, train, seat",
              "Arrival at a full Office nothing else holds or diverts: the dispatch device of the Office Area "
              "(its card id) that holds the train at the Limits with one of its uses for the Day (a Train "
              "Order Signal, [M20]); the engine spends the use. None: no device can.",
              "phases/mainline.py _arrive"),
    RulePoint("diverts_arrival", "first", ("area",), None, "s, train, seat",
              "Arrival at a full Office: the grid spot of the Office Area the train diverts to instead (a Yard "
              "Office takes a train without coaches, [M16]); None for the ordinary rules.",
              "phases/mainline.py _arrive"),
    RulePoint("departs_at_shift_change", "any", ("train",), False, "s, train",
              "True: a train that arrived at an Office this Stage departs at its Shift Change, after the "
              "Load/Unload (an Expedite order, [M17]); False: at a later Mainline phase.",
              "phases/shift_change.py proceed"),
    RulePoint("work_problem", "first", ("train", "area"), None, "s, player, intent, train",
              "Load/Unload eligibility: why this Porter (Board/Detrain, with its train) or Laborer (Work, "
              "train None) action may not be taken.", "phases/load_unload.py check"),
    RulePoint("enter_problem", "first", ("space",), None, "s, train, xy",
              "Switching: why no train may enter the card at xy of this Office Area (a Washout, [O10]); None: "
              "the ordinary rules.", "phases/switching.py _enter_problem"),
    RulePoint("entry_moves", "max", ("space",), 0, "s, train, xy",
              "Switching: Moves a train spends, beyond its Move, to enter the card at xy of this Office Area "
              "(a Railroad Crossing, [O8]).", "phases/switching.py entry_moves"),
    RulePoint("defence", "first", ("area",), None, "s, attack, target",
              "An opponent-directed card ``attack`` (its card id) is played on this Office Area's player "
              "(``target``: the train's Crew Tray, the grid spot, or None for the player): the id of the card "
              "in the Area that stops it (a defence such as Facing Point Locks), None if nothing does.",
              "cards/opponent.py"),
    RulePoint("revenue", "sum", ("area",), 0, "s, player, amount, source",
              "Revenue added to (negative: taken from) a payment of ``amount`` to the player for passenger "
              "or freight work in their Office Area (``source``: 'boarding', 'detraining', 'freight_out' or "
              "'freight_in', as in ``rules.REVENUE_SOURCES``); a Lunch Counter, [E3].",
              "phases/load_unload.py apply"),
    RulePoint("ad_tracks", "sum", ("area",), 0, "s, seat",
              "A/D tracks added to the Office of the Area at ``seat`` beyond its printed ones (a Siding "
              "Extension, [E5]): how many trains it holds at once.", "query.py ad_tracks"),
    RulePoint("workers", "sum", ("area",), 0, "s, seat, xy",
              "Workers added each Stage at the facility at grid spot ``xy`` of the Area at ``seat``: Laborers "
              "at an industry, Porters at the Office (a Gantry Crane, [E4]).", "query.py workers_left"),
    RulePoint("collision_fault", "first", ("train",), None, "s, trains, at_fault",
              "The player index at fault for a collision of these trains instead of ``at_fault``."),
    RulePoint("stage_start", "each", ("table",), None, "s, ev",
              "A Stage begins (after the Day's start at Stage 1).", "phases/local_ops.py begin"),
    RulePoint("stage_end", "each", ("table",), None, "s, ev",
              "A Stage ends (Shift Change, before the Fedora passes).", "phases/shift_change.py proceed"),
    RulePoint("day_start", "each", ("table",), None, "s, ev",
              "A Day begins (at Stage 1, before its stage_start).", "phases/local_ops.py begin"),
    RulePoint("day_end", "each", ("table",), None, "s, ev",
              "A Day ends (after its last Stage's stage_end).", "phases/shift_change.py proceed"),
)}

#: what one card is asked about itself (not fired over cards in play)
QUESTIONS = ("kind", "needs_spot", "on_card", "on_train", "on_mainline", "on_player", "hold_reason", "uses_per_day", "play_spot",
             "discard_problem", "play_problem", "candidates", "play",
             "label", "short", "colour", "picture", "plate", "tag",
             "local_action", "couples_on_entry", "worth", "best_play")

#: a card a computer player has no play of its own for is played when its family says it is worth this much
#: (``CardRules.best_play``)
PLAY_WORTH = 5.0


# --------------------------------------------------------------------------- the base class


class CardRules:
    """The rules of one card type (one instance per spec, ``self.spec``). Every default is neutral:
    a card that is not played from the hand, changes no rule point, and shows its kind's face."""

    kind = ""  # the spec kind this class serves; a spec's rules class must match its kind
    needs_spot = False  # is it played onto a grid spot ('play Card at x,y')?
    on_card = False  # is it played onto a card already at that spot (an enhancement, [E1]), not an empty one?
    on_train = False  # is it played onto the train in a Crew Tray ('play Card on TRAY', a train order)?
    on_mainline = False  # is it played onto a card of the Division ('play Card on Mainline N')?
    on_player = False  # is it played on an opponent ('play Card against NAME [at x,y]', [O2])?
    hold_reason = ""  # the Mainline's reason code when its ``highball_problem`` holds a train ([O5]); "" = "card"
    uses_per_day = 0  # a dispatch device's uses each Day, given back at Day end ([M20])
    #: the yard work a train standing on this card may do for one Move: "sort" (a Small Yard, [K3]),
    #: "fly" (a Flying Switch, [K4]), "exchange" (an Interchange, [K5]); "" none
    local_action = ""
    #: does a train entering this card couple the cars standing on it ([S4])? An Interchange's cut waits
    #: on its second track, apart ([K5])
    couples_on_entry = True
    label = ""  # the line under the name on the card's face, e.g. "TRACK"
    short = ""  # the name written where the whole name does not fit (an enhancement's tab); "" none
    colour = "#777777"  # the band colour of the card's face
    picture = ""  # what the face shows: "rail" | "plate" | "tag" | "flag" | "regions" | "sections" | ""
    #: True for a card whose answers depend on which copy is asked (an enhancement answers for the card it
    #: lies on, [E1]): ``fire`` then passes the copy's card id to its rule-point methods as ``card=``
    _per_copy = False

    def __init__(self, spec: CardSpec) -> None:
        self.spec = spec

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.spec.key}>"

    # -- the card itself --------------------------------------------------------------------

    @property
    def plate(self) -> str:
        """The number board on the face (trains), else ""."""
        return ""

    @property
    def tag(self) -> str:
        """The short effect on the face (Modifiers: '+1 green'), else ""."""
        return ""

    def play_spot(self, s, p: int):
        """For a card played without a spot: the grid spot that stands for it on the board (the
        Office an upgrade replaces), where a click plays it; None if none does."""
        return None

    def discard_problem(self, s, p: int) -> str | None:
        """Why the card may not be discarded to a Department (None: it may)."""
        return None

    def play_problem(self, s, p: int, it) -> str | None:
        """Why ``it`` (a Play of this card) is refused, in a player's words (None: it is legal)."""
        return f"the {self.spec.name} cannot be played"

    def candidates(self, s, p: int, card: str, spots: list):
        """The Play intents to try for this card (``spots``: the empty spots round the Area);
        ``play_problem`` judges each."""
        return ()

    def play(self, s, p: int, it, ev) -> None:
        """What playing the card does (the card has left the hand)."""
        raise NotImplementedError(f"the {self.spec.name} cannot be played")

    def worth(self, view, card: str) -> float | None:
        """What this copy in a computer player's hand is worth to it now, 0 (no use) to 10 (play it at
        once): the family's own word to the bots, so that a bot values a card of a kind it was never
        told of. ``view`` is the bot's look at the game (``bots/view.py``: ``s`` the state, ``player``,
        ``area``, the Office's ``tier``, ``industries()``, ``reachable()``, ``freight``...). None, the
        default: the card is worth nothing to a bot."""
        return None

    def best_play(self, view, card: str, legal) -> tuple | None:
        """How a computer player holding this card plays it now: (score, intent, reason), the score on
        ``worth``'s scale, or None to keep it. ``legal``: the player's legal intents. The default plays a
        card its ``worth`` puts at ``PLAY_WORTH`` or more, at its first legal play by the notation's
        order. A family whose cards want a better play overrides it; the plays that need a bot's own
        reading of the table (where a train reaches, whom to attack) are the bots' (``bots/plays.py``)."""
        worth = self.worth(view, card)
        plays = sorted((it for it in legal if "play" in it.verbs and it.card == card), key=str)
        if worth is None or worth < PLAY_WORTH or not plays:
            return None
        return (worth, plays[0], f"plays the {self.spec.name}: worth {worth:g} to this Office, by its own rules")

    # -- rule points: the neutral answers (see POINTS) -----------------------------------------

    def moves(self, s, player):
        return 0

    def switch_problem(self, s, train):
        return None

    def pickup_problem(self, s, train, xy, cars):
        return None

    def setout_problem(self, s, train, cars):
        return None

    def cars_switched(self, s, train, xy, cars, how):
        return None

    def makeup_problem(self, s, train, kind, loaded):
        return None

    def clearance(self, s, train, ahead):
        return None

    def crossing_time(self, s, train):
        return None

    def highball_problem(self, s, train):
        return None

    def region_room(self, s, pos):
        return 1

    def holds_arrival(self, s, train, seat):
        return False

    def diverts_arrival(self, s, train, seat):
        return None

    def device_hold(self, s, train, seat):
        return None

    def departs_at_shift_change(self, s, train):
        return False

    def work_problem(self, s, player, intent, train):
        return None

    def enter_problem(self, s, train, xy):
        return None

    def entry_moves(self, s, train, xy):
        return 0

    def defence(self, s, attack, target):
        return None

    def revenue(self, s, player, amount, source):
        return 0

    def ad_tracks(self, s, seat):
        return 0

    def workers(self, s, seat, xy):
        return 0

    def collision_fault(self, s, trains, at_fault):
        return None

    def stage_start(self, s, ev):
        return None

    def stage_end(self, s, ev):
        return None

    def day_start(self, s, ev):
        return None

    def day_end(self, s, ev):
        return None


# --------------------------------------------------------------------------- the registry

#: rules class name -> class (the kinds register under their kind's name)
RULES: dict = {}
#: rule points some registered class answers (the rest are answered neutrally without asking)
ANSWERED: set = set()
#: Mainline reason codes the card families add (a card that holds a train): code -> the reason in words
#: (``phases.mainline.REASONS`` reads it), and ("held", code) -> the slow-motion replay's why (``slowmo.WHY``)
HELD_REASONS: dict = {}
HELD_WHY: dict = {}


def held_reason(code: str, words: str, why: str) -> None:
    """Declare, from a card family, a reason a card holds a train on the Mainline: ``words`` for the
    table of reasons, ``why`` the slow-motion template (``{problem}``, ``{where}`` from the event)."""
    if not (code and words and why):
        raise ValueError(f"a held reason needs a code, its words and its why, not {code!r}, {words!r}, {why!r}")
    HELD_REASONS[code] = words
    HELD_WHY[("held", code)] = why


def _answers(cls) -> frozenset:
    return frozenset(p for p in POINTS if getattr(cls, p) is not getattr(CardRules, p))


def _check_class(name: str, cls) -> None:
    if not (isinstance(cls, type) and issubclass(cls, CardRules)):
        raise TypeError(f"rules {name!r} must be a CardRules subclass, not {cls!r}")
    known = set(POINTS) | set(QUESTIONS)
    for klass in cls.__mro__:
        if klass is CardRules or klass is object:
            break
        for attr in vars(klass):
            if attr.startswith("_") or attr in known:
                continue
            near = difflib.get_close_matches(attr, sorted(known), 1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise TypeError(f"{klass.__name__} (rules {name!r}) defines {attr!r}, which is neither a rule point "
                            f"nor a card question{hint}; name helpers with a leading underscore")


def register(name: str):
    """Class decorator: make ``name`` usable as ``CardSpec.rules``."""
    def deco(cls):
        _check_class(name, cls)
        RULES[name] = cls
        cls._answers = _answers(cls)
        ANSWERED.update(cls._answers)
        return cls
    return deco


def rules_class(spec: CardSpec):
    """The rules class a spec names (its kind's default when it names none)."""
    name = spec.rules or spec.kind
    cls = RULES.get(name)
    if cls is None:
        near = difflib.get_close_matches(name, sorted(RULES), 1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        what = f"names rules {name!r}" if spec.rules else f"is of kind {name!r}, which has no default rules"
        raise ValueError(f"card {spec.key!r} {what}, and no rules class is registered under that name{hint}")
    if cls.kind != spec.kind:
        raise ValueError(f"card {spec.key!r} is a {spec.kind} but its rules {name!r} ({cls.__name__}) are for a "
                         f"{cls.kind or 'card of no kind'}")
    return cls


def check_spec(spec: CardSpec) -> CardSpec:
    """Raise a ValueError saying what is wrong if the spec's rules cannot be found; else the spec."""
    rules_class(spec)
    return spec


def check_specs(specs=None) -> None:
    """Check every spec (by default the whole of ``CARD_SPECS``): run when the catalog is built."""
    for sp in (CARD_SPECS if specs is None else specs).values():
        check_spec(sp)


def rules_for(spec: CardSpec) -> CardRules:
    """The rules object of a spec (made once and kept on the spec, which is frozen data)."""
    r = spec.__dict__.get("_rules")
    if r is None:
        r = rules_class(spec)(spec)
        spec.__dict__["_rules"] = r  # a cache beside the fields: not part of equality or repr
    return r


def rules_of(s, card: str) -> CardRules:
    """The rules object of a card id (or type key) in this game."""
    return rules_for(card_spec(card, s.deck))


# --------------------------------------------------------------------------- firing a point


def _area_cards(s, seat) -> list:
    """The cards of an Office Area in grid order, each followed by the enhancements lying on it ([E1]),
    then the space-use cards opponents laid there ([O8])."""
    if seat is None or seat < 0:
        return []
    area = s.areas[seat]
    out: list = []
    for _, placed in sorted(area.grid.items()):
        out.append(placed.card)
        out += placed.enhancements
    # then the space-use cards opponents laid in the Area ([O8])
    return out + [c for _, c in sorted(area.space.items())]


def cards_in_scope(s, scope: tuple, train=None, seat=None, mainline=None) -> list:
    """The card ids a point with this scope asks, in order (see ``RulePoint``); ``mainline``: the
    Mainline cards (indices) meant, when not the one the train is on."""
    out: list = []
    for where in scope:
        if where == "train":
            if train is not None:
                out.append(train.card)
                out += train.orders
        elif where == "area":
            out += _area_cards(s, seat)
        elif where == "space":
            if seat is not None and seat >= 0:
                out += [c for _, c in sorted(s.areas[seat].space.items())]
        elif where == "mainline":
            if mainline is None:
                mainline = [train.pos[0]] if train is not None and train.where == Where.MAINLINE else []
            for i in mainline:  # the card, then the Mainline modifiers on it ([M19])
                out.append(mainline_key(s.mainline[i]))
                out += s.ml_modifiers.get(i, [])
        else:  # table
            for k in range(len(s.areas)):
                out += _area_cards(s, k)
            for _, t in sorted(s.trains.items()):
                out += [t.card, *t.orders]
    return out


def answering(s, point: str, *args, train=None, seat=None, mainline=None) -> tuple:
    """For a ``first`` point: ``(card id, answer)`` of the card whose answer ``fire`` would return,
    or ``(None, neutral)`` when none answers (the Mainline names the card that holds a train, [O5])."""
    rp = POINTS[point]
    assert rp.combine == "first", point
    if point in ANSWERED:
        for c in cards_in_scope(s, rp.scope, train, seat, mainline):
            r = rules_of(s, c)
            if point in r._answers:
                a = getattr(r, point)(s, *args)
                if a is not None:
                    return c, a
    return None, rp.neutral


def fire(s, point: str, *args, train=None, seat=None, mainline=None):
    """Ask the cards in play about ``point`` and combine their answers (``POINTS[point]`` says
    which cards and how). ``args`` follow the game state ``s`` into each card's method;
    ``train``, ``seat`` and ``mainline`` (Mainline card indices) say which train, Office Area and
    Mainline cards the scope means."""
    rp = POINTS[point]
    if point not in ANSWERED:
        return rp.neutral
    how = rp.combine
    deck = s.deck
    if how == "first":  # the commonest, and the hottest (every rail a switching search walks asks it)
        for c in cards_in_scope(s, rp.scope, train, seat, mainline):
            r = rules_for(card_spec(c, deck))
            if point in r._answers:
                a = getattr(r, point)(s, *args, card=c) if r._per_copy else getattr(r, point)(s, *args)
                if a is not None:
                    return a
        return rp.neutral
    answers = (getattr(r, point)(s, *args, card=c) if r._per_copy else getattr(r, point)(s, *args)
               for c, r in ((c, rules_for(card_spec(c, deck))) for c in cards_in_scope(s, rp.scope, train, seat, mainline))
               if point in r._answers)
    if how == "any":
        return any(answers)
    if how == "sum":
        return sum(answers, rp.neutral)
    if how in ("max", "min"):
        found = [a for a in answers if a is not None]
        return (max if how == "max" else min)(found) if found else rp.neutral
    for _ in answers:  # each
        pass
    return None


CardRules._answers = frozenset()  # the base answers every point neutrally
