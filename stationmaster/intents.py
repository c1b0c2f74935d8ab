"""Intents: one player decision each, as frozen values with a short text form and a JSON form.

``str(intent)`` is the canonical text (see docs/notation.md) and ``parse(text)`` reads it back;
for every intent ``parse(str(i)) == i``. Coordinates are the acting player's own Office Area grid:
``x,y`` with the Office at ``0,0``, east positive, the Running Track at ``y = 0``.

Each intent class holds both directions of its notation side by side: ``__str__`` writes its text
and the classmethod ``from_words`` reads it back; ``verbs`` names the first words of its texts, and
``parse`` is a small dispatcher that hands a text to the class its first word names (``BY_VERB``).
Numbers are read from the ASCII digits 0-9 only (``int()`` would also take ``𝟙`` or ``١``).

An intent object built by hand (``Discard("T3", 0)``) is checked exactly like its text: ``parse``
turns it into text and reads that back, and refuses it unless the same intent comes out. So
nothing reaches the rules that a save, which holds the texts, could not replay.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

from .cards.specs import CAR_LIMIT, PIECES
from .errors import IllegalIntent
from .safetext import quote

Coord = tuple


def fmt(c: Coord) -> str:
    return f"{c[0]},{c[1]}"


class Intent:
    """Base class of all intents.

    Each intent class keeps its words together: ``__str__`` writes its canonical text and the
    classmethod ``from_words`` reads it back, beside each other; ``verbs`` names the first words
    its texts begin with, and ``parse`` is a small dispatcher over them. ``Move.from_text("move 1
    east 1,0")`` reads a text that must be a Move (as python-chess's ``Move.from_uci``)."""

    #: the first words (lower case) of this class's texts; a class that declares them is what
    #: ``parse`` hands its texts to (a subclass that declares none is no intent of its own)
    verbs: tuple = ()

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        verbs = cls.__dict__.get("verbs", ())
        taken = [v for v in verbs if v in BY_VERB]
        if taken:
            raise ValueError(f"the verb {taken[0]!r} is {BY_VERB[taken[0]].__name__}'s already")
        BY_VERB.update(dict.fromkeys(verbs, cls))

    def __str__(self) -> str:  # pragma: no cover - each intent class writes its own text
        raise NotImplementedError

    @classmethod
    def from_words(cls, verb: str, args: list, text: str) -> "Intent":  # pragma: no cover - the protocol
        """The intent of ``text``, split into its ``verb`` (one of ``cls.verbs``) and the words after;
        IllegalIntent saying why when they are not one."""
        raise NotImplementedError

    @classmethod
    def from_text(cls, text) -> "Intent":
        """Read ``text`` as an intent of this class (``Intent.from_text`` reads any, as ``parse``);
        IllegalIntent when it is no intent or another kind."""
        it = parse(text)
        if not isinstance(it, cls):
            raise IllegalIntent(f"{quote(str(it), 80)} is a {type(it).__name__}, not a {cls.__name__}")
        return it

    def to_json(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        """``sm.parse('draw home')``: pasted into a cell after ``import stationmaster as sm`` it gives
        the intent back. An object that is no intent shows its fields instead."""
        try:
            return f"sm.parse({str(parse(self))!r})"
        except IllegalIntent:
            return fields_text(self)


#: verb -> the intent class that reads texts beginning with it (filled as the classes are defined)
BY_VERB: dict = {}


def fields_text(it) -> str:
    """An intent object by its fields, e.g. ``Discard(card='T3', dept=0)`` (values shortened)."""
    try:
        shown = ", ".join(f"{f.name}={quote(getattr(it, f.name, None), 40)}" for f in dataclasses.fields(it))
    except TypeError:  # not a dataclass: an Intent subclass made elsewhere
        shown = ""
    return f"{type(it).__name__}({shown})"


def _need(args: list, n: int, usage: str, text: str) -> None:
    if len(args) != n:
        raise IllegalIntent(f"{text!r}: write it as '{usage}'")


@dataclass(frozen=True, repr=False)
class Switch(Intent):
    """Local Operations: choose to switch with your trains."""

    verbs = ("switch",)

    def __str__(self) -> str:
        return "switch"

    @classmethod
    def from_words(cls, verb, args, text):
        _need(args, 0, "switch", text)
        return cls()


@dataclass(frozen=True, repr=False)
class Draw(Intent):
    """Local Operations: draw from the Home Office ("home") or the top of Department 1–3."""

    source: object  # "home" or 1..3
    verbs = ("draw",)

    def __str__(self) -> str:
        return "draw home" if self.source == "home" else f"draw dept {self.source}"

    @classmethod
    def from_words(cls, verb, args, text):
        if args == ["home"]:
            return cls("home")
        if len(args) == 2 and args[0] == "dept" and args[1] in ("1", "2", "3"):
            return cls(int(args[1]))
        raise IllegalIntent(f"{text!r}: write 'draw home' or 'draw dept 1' (2, 3)")


@dataclass(frozen=True, repr=False)
class Agent(Intent):
    """Local Operations, Freight Agent: stock a green box, clear a red box, unjam a load, or pass."""

    action: str  # stock | clear | unjam | pass
    at: Coord | None = None
    box: str | None = None  # unjam: green | red | men | at | work
    verbs = ("agent",)

    def __str__(self) -> str:
        if self.action == "pass":
            return "agent pass"
        s = f"agent {self.action} {fmt(self.at)}"
        return f"{s} {self.box}" if self.box else s

    @classmethod
    def from_words(cls, verb, args, text):
        if args == ["pass"]:
            return cls("pass")
        if len(args) == 2 and args[0] in ("stock", "clear"):
            return cls(args[0], _coord(args[1], text))
        if len(args) == 3 and args[0] == "unjam" and args[2] in BOXES:
            return cls("unjam", _coord(args[1], text), args[2])
        raise IllegalIntent(f"{text!r}: write 'agent stock x,y', 'agent clear x,y', "
                            "'agent unjam x,y men' (green, red, men, at, work) or 'agent pass'")


@dataclass(frozen=True, repr=False)
class Move(Intent):
    """Switching: move a Crew Tray east or west to a card of your Office Area."""

    tray: int
    direction: str
    to: Coord
    verbs = ("move",)

    def __str__(self) -> str:
        return f"move {self.tray} {self.direction} {fmt(self.to)}"

    @classmethod
    def from_words(cls, verb, args, text):
        _need(args, 3, "move TRAY east|west x,y", text)
        if args[1] not in ("east", "west"):
            raise IllegalIntent(f"{text!r}: a Move goes east or west, not {args[1]!r}")
        return cls(_int(args[0], text, "Crew Tray"), args[1], _coord(args[2], text))


@dataclass(frozen=True, repr=False)
class SetOut(Intent):
    """Switching: set out ``count`` cars from the front or rear end of a train, where it stands."""

    tray: int
    end: str  # front | rear
    count: int
    verbs = ("setout",)

    def __str__(self) -> str:
        return f"setout {self.tray} {self.end} {self.count}"

    @classmethod
    def from_words(cls, verb, args, text):
        _need(args, 3, "setout TRAY front|rear COUNT", text)
        if args[1] not in ("front", "rear"):
            raise IllegalIntent(f"{text!r}: cars are set out from the front or the rear")
        return cls(_int(args[0], text, "Crew Tray"), args[1], _int(args[2], text, "car"))


@dataclass(frozen=True, repr=False)
class Sort(Intent):
    """Switching, on a Small Yard ([K3]): for one Move, put the train's cars in this order, named from
    the front to the rear (every car once); the engine keeps its place in the consist."""

    tray: int
    cars: tuple
    verbs = ("sort",)

    def __str__(self) -> str:
        return f"sort {self.tray} {' '.join(self.cars)}"

    @classmethod
    def from_words(cls, verb, args, text):
        if len(args) < 2:
            raise IllegalIntent(f"{text!r}: write 'sort TRAY CAR CAR ...', the train's cars from the front to "
                                "the rear, e.g. 'sort 3 HE2 BL1 K1'")
        return cls(_int(args[0], text, "Crew Tray"), _cars(args[1:], text))


@dataclass(frozen=True, repr=False)
class Fly(Intent):
    """Switching, on a Flying Switch ([K4]): for one Move, roll ``count`` cars off the rear of the
    train into the Freight Facility at ``to`` that the switch's leg leads to."""

    tray: int
    count: int
    to: Coord
    verbs = ("fly",)

    def __str__(self) -> str:
        return f"fly {self.tray} {self.count} to {fmt(self.to)}"

    @classmethod
    def from_words(cls, verb, args, text):
        if len(args) != 4 or args[2] != "to":
            raise IllegalIntent(f"{text!r}: write 'fly TRAY COUNT to x,y' (the cars off the rear, the Freight "
                                "Facility they roll into), e.g. 'fly 3 2 to 2,1'")
        return cls(_int(args[0], text, "Crew Tray"), _int(args[1], text, "car"), _coord(args[3], text))


@dataclass(frozen=True, repr=False)
class Exchange(Intent):
    """Switching, on an Interchange ([K5]): for one Move, leave some of the train's cars with the cut
    standing there and take some of that cut's cars. Each list is kept in the rolling-stock order
    (``docs/cards.md``), whatever order it was written in, so one exchange has one text."""

    tray: int
    leave: tuple = ()
    take: tuple = ()
    verbs = ("exchange",)

    def __str__(self) -> str:
        s = f"exchange {self.tray}"
        if self.leave:
            s += " leave " + " ".join(self.leave)
        if self.take:
            s += " take " + " ".join(self.take)
        return s

    @classmethod
    def from_words(cls, verb, args, text):
        usage = (f"{text!r}: write 'exchange TRAY leave CAR ... take CAR ...' (either part may be left out), "
                 "e.g. 'exchange 3 leave HE2 take BL1'")
        if not args:
            raise IllegalIntent(usage)
        tray = _int(args[0], text, "Crew Tray")
        parts: dict = {}
        word = None
        for tok in args[1:]:
            if tok.lower() in ("leave", "take"):
                word = tok.lower()
                if word in parts:
                    raise IllegalIntent(f"{text!r}: {word!r} may appear only once")
                parts[word] = []
            elif word is None:
                raise IllegalIntent(usage)
            else:
                parts[word].append(tok)
        if not any(parts.values()) or any(not v for v in parts.values()):
            raise IllegalIntent(usage)
        leave, take = (_cars(parts.get(k, []), text) for k in ("leave", "take"))
        both = sorted(set(leave) & set(take))
        if both:
            raise IllegalIntent(f"{text!r}: {both[0]} cannot be both left and taken")
        order = PIECE_ORDER.__getitem__
        return cls(tray, tuple(sorted(leave, key=order)), tuple(sorted(take, key=order)))


@dataclass(frozen=True, repr=False)
class End(Intent):
    """Finish what you are doing: switching, a draw, your Load/Unload turn, an Extra's make-up."""

    verbs = ("end",)

    def __str__(self) -> str:
        return "end"

    @classmethod
    def from_words(cls, verb, args, text):
        _need(args, 0, "end", text)
        return cls()


@dataclass(frozen=True, repr=False)
class Play(Intent):
    """Draw option: play a card from hand — onto a grid spot (track, facility, modifier), onto
    your Office (an upgrade), onto the timetable / the table (trains), or onto the train in a Crew
    Tray (a train order such as Expedite: ``tray``)."""

    card: str
    at: Coord | None = None
    turned: bool = False
    serves: Coord | None = None
    tray: int | None = None
    mainline: int | None = None  # a Mainline modifier's card of the Division, 1 = the westernmost ([M19])
    against: str | None = None  # the opponent a card is played on, by name ([O2]); ``at`` is then in their Area
    verbs = ("play",)

    def __str__(self) -> str:
        s = f"play {self.card}"
        if self.against is not None:
            s += f" against {_name_text(self.against)}"
        if self.at is not None:
            s += f" at {fmt(self.at)}"
        if self.turned:
            s += " turned"
        if self.serves is not None:
            s += f" for {fmt(self.serves)}"
        if self.tray is not None:
            s += f" on {self.tray}"
        if self.mainline is not None:
            s += f" on Mainline {self.mainline}"
        return s

    @classmethod
    def from_words(cls, verb, args, text):
        if not args:
            raise IllegalIntent(f"{text!r}: name the card, e.g. 'play Straight1 at 2,0'")
        card, rest = args[0], args[1:]
        at = serves = tray = mainline = against = None
        turned = False
        i = 0
        seen = set()
        while i < len(rest):
            if rest[i] in seen:
                raise IllegalIntent(f"{text!r}: {rest[i]!r} may appear only once")
            seen.add(rest[i])
            if rest[i] == "against" and i + 1 < len(rest):  # the name runs to the end ([O2])
                against, spot = _against(rest[i + 1:], text)
                if spot is not None and at is not None:
                    raise IllegalIntent(f"{text!r}: 'at' may appear only once")
                at = spot if spot is not None else at
                break
            if rest[i] == "at" and i + 1 < len(rest):
                at = _coord(rest[i + 1], text)
                i += 2
            elif rest[i] == "for" and i + 1 < len(rest):
                serves = _coord(rest[i + 1], text)
                i += 2
            elif rest[i] == "turned":
                turned = True
                i += 1
            elif rest[i] == "on" and i + 2 < len(rest) and rest[i + 1].lower() == "mainline" \
                    and rest[i + 2].isdigit() and len(rest[i + 2]) < 3:
                mainline = _int(rest[i + 2], text, "Mainline card")  # isdigit: any script; _int: 0-9 only
                i += 3
            elif rest[i] == "on" and i + 1 < len(rest) and rest[i + 1].isdigit() and len(rest[i + 1]) < 4:
                tray = _int(rest[i + 1], text, "Crew Tray")
                i += 2
            else:
                raise IllegalIntent(f"{text!r}: write 'play CARD [at x,y] [turned] [for x,y]', "
                                    "'play CARD on TRAY' for a train order, 'play CARD on Mainline N' for a "
                                    "Mainline modifier, or 'play CARD against PLAYER [at x,y]' on an opponent")
        return cls(card, at, turned, serves, tray, mainline, against)


@dataclass(frozen=True, repr=False)
class Discard(Intent):
    """Draw option: discard a card face up onto Department 1–3."""

    card: str
    dept: int
    verbs = ("discard",)

    def __str__(self) -> str:
        return f"discard {self.card} to {self.dept}"

    @classmethod
    def from_words(cls, verb, args, text):
        if len(args) == 3 and args[1] == "to" and args[2] in ("1", "2", "3"):
            return cls(args[0], int(args[2]))
        raise IllegalIntent(f"{text!r}: write 'discard CARD to 1' (2, 3)")


class _Porter:
    """What Board and Detrain share: ``VERB TRAY`` or ``VERB TRAY car N`` (a mixin, no intent itself)."""

    def __str__(self) -> str:
        return f"{self.verbs[0]} {self.tray}" + (f" car {self.car}" if self.car is not None else "")

    @classmethod
    def from_words(cls, verb, args, text):
        if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "car"):
            raise IllegalIntent(f"{text!r}: write it as '{verb} TRAY' or '{verb} TRAY car N'")
        n = _int(args[0], text, "Crew Tray")
        car = _int(args[2], text, "car") if len(args) == 3 else None
        return cls(n, car)


@dataclass(frozen=True, repr=False)
class Board(_Porter, Intent):
    """Load/Unload, a Porter: board passengers onto an empty coach of a train at your Office.

    ``car`` picks the coach, counted from the front of the train (1 = the front car); without it,
    the empty coach nearest the front ([L2])."""

    tray: int
    car: int | None = None
    verbs = ("board",)


@dataclass(frozen=True, repr=False)
class Detrain(_Porter, Intent):
    """Load/Unload, a Porter: detrain the passengers of a loaded coach at your Office.

    ``car`` picks the coach, counted from the front of the train; without it, the loaded coach
    nearest the front that did not board on this visit ([L2])."""

    tray: int
    car: int | None = None
    verbs = ("detrain",)


@dataclass(frozen=True, repr=False)
class Work(Intent):
    """Load/Unload, a Laborer: move the load in ``box`` of the facility at ``at`` one step on.

    ``box`` is green (start loading), men / at / work (advance that load), or car (start
    unloading a loaded car spotted on the industry track)."""

    at: Coord
    box: str
    verbs = ("work",)

    def __str__(self) -> str:
        return f"work {fmt(self.at)} {self.box}"

    @classmethod
    def from_words(cls, verb, args, text):
        _need(args, 2, "work x,y green|men|at|work|car", text)
        if args[1] not in ("green", "men", "at", "work", "car"):
            raise IllegalIntent(f"{text!r}: a Laborer works the green box, men, at, work or the car")
        return cls(_coord(args[0], text), args[1])


@dataclass(frozen=True, repr=False)
class Clearance(Intent):
    """Mainline, the Superintendent: clear a following train into an occupied Subdivision, or hold it."""

    clear: bool
    verbs = ("clear", "hold")

    def __str__(self) -> str:
        return "clear" if self.clear else "hold"

    @classmethod
    def from_words(cls, verb, args, text):
        _need(args, 0, verb, text)
        return cls(verb == "clear")


@dataclass(frozen=True, repr=False)
class Place(Intent):
    """New Train make-up by hand: put one car from the Division Yard on the train."""

    kind: str
    loaded: bool = False
    verbs = ("place",)

    def __str__(self) -> str:
        if self.kind == "caboose":
            return "place caboose"
        return f"place {'loaded' if self.loaded else 'empty'} {self.kind}"

    @classmethod
    def from_words(cls, verb, args, text):
        if args == ["caboose"]:
            return cls("caboose")
        if len(args) == 2 and args[0] in ("loaded", "empty") and args[1] in CAR_WORDS:
            return cls(args[1], args[0] == "loaded")
        raise IllegalIntent(f"{text!r}: write 'place loaded coach', 'place empty hopper' or 'place caboose'")


class _Direction:
    """What Run and Grade share: ``VERB east`` or ``VERB west`` (a mixin, no intent itself)."""

    def __str__(self) -> str:
        return f"{self.verbs[0]} {self.direction}"

    @classmethod
    def from_words(cls, verb, args, text):
        if args in (["east"], ["west"]):
            return cls(args[0])
        raise IllegalIntent(f"{text!r}: write '{verb} east' or '{verb} west'{cls.WHY}")


@dataclass(frozen=True, repr=False)
class Run(_Direction, Intent):
    """New Train: choose the direction of an Extra you played."""

    direction: str
    verbs = ("run",)
    WHY = ""


@dataclass(frozen=True, repr=False)
class Grade(_Direction, Intent):
    """Setup: the Superintendent chooses the uphill direction of a Heavy Grade ([M15])."""

    direction: str
    verbs = ("grade",)
    WHY = " (the way the Heavy Grade climbs)"


_COORD = re.compile(r"(-?[0-9]{1,3}),(-?[0-9]{1,3})")  # ASCII digits only


def _name_text(name: str) -> str:
    """A player's name as an intent writes it after 'against' ([O2]): its words one space apart, in
    double quotes when it could be misread (it begins with a quote, or ends like ' at 1,-1')."""
    words = name.split()
    if (words and words[0].startswith('"')) or (len(words) > 1 and words[-2] == "at" and _COORD.fullmatch(words[-1])):
        return f'"{" ".join(words)}"'
    return " ".join(words)


def _against(rest: list, text: str) -> tuple:
    """The words after 'against': (player name, spot or None). The name runs to the end, but for a
    last 'at x,y' (the spot in their Area); a quoted name runs to its last quote."""
    joined = " ".join(rest)
    if joined.startswith('"'):
        end = joined.rfind('"')
        if end == 0:
            raise IllegalIntent(f"{text!r}: the quoted player name has no closing quote")
        who, after = joined[1:end], joined[end + 1:].split()
        if after and (len(after) != 2 or after[0] != "at"):
            raise IllegalIntent(f"{text!r}: after the player's name only 'at x,y' may follow")
        at = _coord(after[1], text) if after else None
    elif len(rest) > 2 and rest[-2] == "at" and _COORD.fullmatch(rest[-1]):
        who, at = " ".join(rest[:-2]), _coord(rest[-1], text)
    else:
        who, at = joined, None
    if not who.strip():
        raise IllegalIntent(f"{text!r}: name the player after 'against', e.g. 'play Fine1 against Bo'")
    return " ".join(who.split()), at


CAR_WORDS = ("coach", "boxcar", "hopper", "reefer", "tank")
BOXES = ("green", "red", "men", "at", "work")


def _coord(tok: str, text: str) -> Coord:
    m = _COORD.fullmatch(tok)
    if not m:
        raise IllegalIntent(f"{tok!r} in {text!r} is not a grid spot; write it as x,y, e.g. 1,-1")
    return (int(m.group(1)), int(m.group(2)))


def _int(tok: str, text: str, what: str) -> int:
    """A whole number of 1–3 ASCII digits: ``int()`` also reads other scripts' digits (``١``, ``𝟙``)
    and ``str.isdigit()`` passes ``²`` and ``①`` that ``int()`` refuses; the notation takes neither."""
    if not re.fullmatch(r"[0-9]{1,3}", tok):
        hint = "; write numbers with the digits 0-9" if any(ch.isdigit() and not ch.isascii() for ch in tok) else ""
        raise IllegalIntent(f"{tok!r} in {text!r} is not a {what} number{hint}")
    return int(tok)


#: rolling-stock ids in their catalogue order (an Exchange lists its cars in this order)
PIECE_ORDER = {pid: i for i, pid in enumerate(PIECES)}


def _cars(toks: list, text: str) -> tuple:
    """Car ids (any case) as the pieces' own ids; each car once, at most four."""
    out = []
    for tok in toks:
        pid = tok.upper()
        if pid not in PIECE_ORDER:
            raise IllegalIntent(f"{tok!r} in {text!r} is not a car; name cars by their ids, e.g. HE2 or K1")
        if pid in out:
            raise IllegalIntent(f"{text!r} names {pid} twice; name each car once")
        out.append(pid)
    if len(out) > CAR_LIMIT:
        raise IllegalIntent(f"{text!r} names {len(out)} cars; a Crew Tray or a card holds at most {CAR_LIMIT}")
    return tuple(out)


def parse(text) -> Intent:
    """Read an intent from its text form; text that is no intent raises IllegalIntent saying why.

    An Intent object is checked by its text (see the module's docstring) and returned as parsed."""
    if isinstance(text, Intent):
        return _checked(text)
    if not isinstance(text, str):
        raise IllegalIntent(f"an intent is text such as 'draw home', not {type(text).__name__}")
    return _read(str.__str__(text))  # a str subclass as plain text: the cache key is exact


HOW_TO_BUILD = "make intents with sm.parse('...') or take them from game.legal_intents()"


def _checked(it: Intent) -> Intent:
    """The intent ``it``'s text reads back as, if that is ``it`` (same class, equal fields)."""
    try:
        text = str(it)
        again = _read(text)
    except IllegalIntent as e:
        raise IllegalIntent(f"{fields_text(it)} is not an intent: {e} ({HOW_TO_BUILD})") from None
    except Exception as e:  # a field of the wrong kind: str() itself failed
        raise IllegalIntent(f"{fields_text(it)} is not an intent: a field holds the wrong kind of value "
                            f"({type(e).__name__}: {quote(str(e), 80)}; {HOW_TO_BUILD})") from None
    try:
        same = type(again) is type(it) and bool(again == it)
    except Exception:  # a field whose == does not give a truth value
        same = False
    if not same:
        raise IllegalIntent(f"{fields_text(it)} reads back as {quote(text, 80)}, a different intent ({HOW_TO_BUILD})")
    return again


@functools.lru_cache(maxsize=4096)
def _read(text: str) -> Intent:
    """``parse`` for text: the first word picks the intent class (``BY_VERB``), whose
    ``from_words`` reads the rest. Intents are frozen values, so one parse of each text serves all
    callers (bots apply the same few texts again and again)."""
    if len(text) > 200:
        raise IllegalIntent("that text is too long to be an intent")
    t = text.strip().split()
    if not t:
        raise IllegalIntent("empty text is not an intent; try 'draw home' or see docs/notation.md")
    verb = t[0].lower()
    cls = BY_VERB.get(verb)
    if cls is None:
        raise IllegalIntent(f"{t[0]!r} is not an intent; see docs/notation.md for the notation")
    return cls.from_words(verb, t[1:], text)
