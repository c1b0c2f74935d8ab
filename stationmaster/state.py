"""The game state as plain data. No rules live here: the phases read and change it."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from .config import Config
from .flow import Option, Phase, Where

PIPELINE = ("men", "at", "work")


class WaitingExtra(NamedTuple):
    """An Extra played and waiting for a Crew Tray (``State.extras``): its card, the index of the
    player who played it, and the direction chosen for it (None until chosen)."""

    card: str
    player: int
    direction: str | None = None


class WaitingSection(NamedTuple):
    """A Second Section waiting behind its first ([M18], ``State.sections``): the Second Section
    card, the train card it runs behind, and the index of the player who played it."""

    card: str
    train: str
    player: int


class Inflicted(NamedTuple):
    """An opponent card in play ([O3], ``State.inflicted[card]``): the victim's index, who played
    it (None for the Division's situation cards) and the Stage count it ends at."""

    victim: int | None
    attacker: int | None
    ends_at: int


class ExpressSpot(NamedTuple):
    """A spot where trains 3/4 worked their freight car today ([T7], ``State.express_used``)."""

    seat: int
    x: int
    y: int


@dataclass
class Placed:
    """A card on an Office Area grid spot, with the cars standing on it (west to east) and the
    enhancement cards played onto it (Yard Lights, a Gantry Crane..., [E1])."""

    card: str
    rotated: bool = False
    cars: list = field(default_factory=list)
    enhancements: list = field(default_factory=list)


@dataclass
class Facility:
    """Boxes of a freight facility (at its industry spot) or of the Office's passenger facility.

    ``pipeline`` maps MEN / AT / WORK to ``(piece, "out" | "in")`` or None.
    ``loaded_here`` lists cars loaded here that may not be unloaded here: until they are picked up
    (editions v1, v2) or have left the Office Area (v3, v4), ruling [S8].
    """

    green: list = field(default_factory=list)
    red: list = field(default_factory=list)
    pipeline: dict = field(default_factory=lambda: {b: None for b in PIPELINE})
    loaded_here: list = field(default_factory=list)
    workers_used: int = 0
    #: [L8] the Day's car order (edition v5): "in" / "out" -> [cars wanted today, cars worked for it]
    orders: dict = field(default_factory=dict)

    @property
    def locked(self) -> bool:
        """Any load on MEN | AT | WORK locks the industry track."""
        return any(v is not None for v in self.pipeline.values())


@dataclass
class Modifier:
    """A Modifier card beside facilities. Box modifiers serve the facility named when played;
    a Section Gang lends its worker to one neighbouring facility each Stage."""

    card: str
    serves: tuple | None = None
    used: bool = False


@dataclass
class Area:
    """One player's Office Area: the grid (the Office at (0, 0)), its Limits, boxes, modifiers."""

    grid: dict = field(default_factory=dict)  # (x, y) -> Placed
    west_limit: int = -1
    east_limit: int = 1
    facilities: dict = field(default_factory=dict)  # (x, y) -> Facility; (0, 0) is the Office
    modifiers: dict = field(default_factory=dict)  # (x, y) -> Modifier
    space: dict = field(default_factory=dict)  # (x, y) -> a space-use card an opponent laid there ([O8])

    @property
    def office(self) -> Placed:
        return self.grid[(0, 0)]


@dataclass
class Train:
    """A Crew Tray in play: an engine, its train card and its consist.

    ``ahead`` and ``behind`` list the cars on each side of the engine, nearest first. The engine
    always faces ``direction``. ``where`` is "division_point" (``pos`` = "west" | "east"),
    "mainline" (``pos`` = (card index, region 0 west | 1 east)) or "area" (``seat``, ``pos`` = (x, y)).
    """

    tray: int
    card: str
    number: int
    extra: bool
    direction: str
    ahead: list = field(default_factory=list)
    behind: list = field(default_factory=list)
    where: Where = Where.DIVISION_POINT
    seat: int = -1
    pos: object = None
    cleared_by: str | None = None
    boarded: list = field(default_factory=list)
    arrived: int = -1  # the Stage count at which it last arrived at an Office
    played_by: int = -1  # an Extra's player
    split: int = 0  # cars it set out on its own card that stand west of it
    progress: int = 0  # Stages run on its present Mainline card since it highballed onto it ([M11])
    orders: list = field(default_factory=list)  # train-order cards played on it (Expedite, [M17])
    section: int = 1  # 2: the Second Section of its timetabled train ([M18])

    @property
    def label(self) -> str:
        base = f"X{self.number}" if self.extra else str(self.number)
        return f"2nd {base}" if self.section == 2 else base

    @property
    def cars(self) -> list:
        """Every car of the consist, from the front (ahead of the engine) to the rear."""
        return list(reversed(self.ahead)) + list(self.behind)

    @property
    def rank(self) -> tuple:
        """Seniority: lower numbers first, a timetabled train before an Extra on a tie, a first
        section before its second ([M18])."""
        return (self.number, self.extra, self.section, self.tray)


@dataclass
class Player:
    name: str
    seat: int
    hand: list = field(default_factory=list)
    revenue: int = 0


@dataclass
class Outcome:
    """How the game ended: ``winners`` (empty if everyone lost) and ``reason`` in words."""

    winners: tuple
    reason: str
    kind: str  # "target_reached", "days_over", "collision_floor", "revenue_floor"

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Pending:
    """A decision an automatic phase waits for; ``player`` (an index) makes it. One subclass per
    ``kind``; frozen, so a phase replaces it rather than changing it under a reader."""

    kind: ClassVar[str] = ""
    player: int


@dataclass(frozen=True)
class PendingClearance(Pending):
    """Mainline: may the train in Crew Tray ``tray`` follow the trains ``ahead`` (labels) into the
    occupied Subdivision? The Superintendent clears or holds it."""

    kind: ClassVar[str] = "clearance"
    tray: int
    ahead: tuple = ()


@dataclass(frozen=True)
class PendingGrade(Pending):
    """Setup: the Superintendent chooses which way the Heavy Grade ``card`` (a Mainline card's
    name) climbs ([M15])."""

    kind: ClassVar[str] = "grade"
    card: str


@dataclass(frozen=True)
class PendingDirection(Pending):
    """New Train: the player of the Extra ``card`` chooses the way it runs."""

    kind: ClassVar[str] = "direction"
    card: str


@dataclass(frozen=True)
class PendingMakeup(Pending):
    """New Train: ``player`` places the next car on the train in Crew Tray ``tray``; the players in
    ``order`` take turns. ``extra``: an Extra's make-up, which its player may finish early."""

    kind: ClassVar[str] = "makeup"
    tray: int
    order: tuple
    extra: bool = False


@dataclass
class Turn:
    """Where the table is inside the current phase."""

    order: list = field(default_factory=list)  # player indices, Superintendent first
    index: int = 0
    option: Option | None = None  # Local Operations: None (choosing), Option.SWITCH, Option.DRAW
    moves_left: int = 0
    last_move: tuple | None = None  # (tray, direction) of the latest Move this turn
    passed: list = field(default_factory=list)  # (card, port entered) the current Move has run onto ([S1])
    tray: int | None = None  # Local Operations: the one Crew Tray switched this turn ([S1])
    queue: list = field(default_factory=list)  # trays (Mainline) or jobs (New Train) still to handle
    pending: Pending | None = None  # a decision an automatic phase waits for
    offer: int = 0  # Draw option ([D5]): the last cards of the hand drawn together, one to keep, one to discard


@dataclass
class State:
    config: Config
    seed: int
    rng: int
    deck: dict  # card id -> card type
    players: list
    areas: list  # by seat, west to east
    mainline: list  # Mainline card names, west to east (players + 1)
    trays: int
    day: int = 1
    stage: int = 1
    phase: Phase = Phase.LOCAL_OPERATIONS
    stage_count: int = 0  # Stages begun so far (1 in the first Stage)
    superintendent: int = 0  # player index
    home: list = field(default_factory=list)  # face down; top is the end
    departments: list = field(default_factory=lambda: [[], [], []])  # face up; top is the end
    salvage: list = field(default_factory=list)
    removed: list = field(default_factory=list)  # spent Red Flags
    supply: list = field(default_factory=list)  # Whistle Posts set aside after an upgrade
    timetable: dict = field(default_factory=dict)  # Stage -> train card id
    held: list = field(default_factory=list)  # due train cards waiting for a Crew Tray
    extras: list = field(default_factory=list)  # WaitingExtra records, waiting for a Crew Tray
    sections: list = field(default_factory=list)  # WaitingSection records ([M18])
    ml_modifiers: dict = field(default_factory=dict)  # Mainline card index -> Mainline modifier cards on it ([M19])
    device_uses: dict = field(default_factory=dict)  # dispatch device card -> uses this Day, reset at Day end ([M20])
    freight_today: dict = field(default_factory=dict)  # player name -> loads and unloads finished this Day ([L6])
    express_used: list = field(default_factory=list)  # ExpressSpot records: trains 3/4's freight car spent there today ([T7])
    trains: dict = field(default_factory=dict)  # tray -> Train
    division_yard: list = field(default_factory=list)
    classification_yard: list = field(default_factory=list)
    collisions_today: int = 0
    at_fault_today: list = field(default_factory=list)  # player index at fault for each of today's collisions ([V3])
    grades: dict = field(default_factory=dict)  # Heavy Grade card name -> its uphill direction ([M15])
    inflicted: dict = field(default_factory=dict)  # opponent card in play -> its Inflicted record ([O3])
    situations: list = field(default_factory=list)  # the Division's situation deck, face down (adversity, [W1])
    situations_used: list = field(default_factory=list)  # its discard: situation cards done with ([W1])
    situation: tuple | None = None  # (card, where in a few words, what it did): turned up this Stage ([W3])
    turn: Turn = field(default_factory=Turn)
    outcome: Outcome | None = None

    def __post_init__(self) -> None:
        # the waiting lists hold records; given plain lists (as the wire's JSON has them), make them records
        self.extras = [e if isinstance(e, WaitingExtra) else WaitingExtra(*e) for e in self.extras]
        self.sections = [e if isinstance(e, WaitingSection) else WaitingSection(*e) for e in self.sections]
        self.express_used = [e if isinstance(e, ExpressSpot) else ExpressSpot(*e) for e in self.express_used]
        self.inflicted = {k: v if isinstance(v, Inflicted) else Inflicted(*v) for k, v in self.inflicted.items()}

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        rev = ", ".join(f"{p.name}={p.revenue}" for p in self.players)
        return (f"<State day {self.day} stage {self.stage} {self.phase}; revenue {rev}; "
                f"{len(self.trains)} train(s) out; seed {self.seed}>")
