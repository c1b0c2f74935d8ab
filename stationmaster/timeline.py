"""The timeline: a game's record as one list of frozen entries, with the snapshots undo needs.

Each accepted intent becomes one ``Entry``: its sequence number (1, 2, ...), the intent, the
events it caused, the seat that decided it, the turn it was decided in, and whether it revealed
hidden information (a card drawn, a die rolled). The timeline also keeps the events of the deal
(before any intent), snapshots of the state at some entries (each Stage, and every
``SNAP_EVERY`` intents), the intents taken back by undo that redo may apply again, and the
players' notes on entries (``Game.annotate``): a note belongs to its entry, so it goes when undo
takes the entry back.

``Game`` is the only writer; everything else reads: ``game.timeline`` is the action log (a game
server can send ``timeline.since(seq)`` to a seat that has seen up to ``seq``). A timeline is
never changed in place by a copy: entries and snapshots are immutable and shared.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass
from types import MappingProxyType

from .intents import Intent
from .state import State

#: a snapshot is also kept when this many intents have passed since the last one (besides each Stage)
SNAP_EVERY = 32


def freeze(s: State) -> bytes:
    """An immutable in-memory snapshot of a state.

    Snapshots are pickled because that is several times faster than ``copy.deepcopy`` both ways
    and gives immutable bytes that game copies can share. They never leave the process: saves
    are JSON and are replayed through the rules (no pickle is ever read from outside).
    """
    return pickle.dumps(s, pickle.HIGHEST_PROTOCOL)


def thaw(snap) -> State:
    """A fresh, independent state from a snapshot (``freeze`` bytes, or a State kept as is)."""
    return pickle.loads(snap) if isinstance(snap, bytes) else snap.clone()


@dataclass(frozen=True)
class Turn:
    """Where in the game an intent was decided: Day, Stage, phase, the turn's seat index and the
    decision awaited (its text form). Two intents of one player's turn share the first four."""

    day: int
    stage: int
    phase: str
    index: int
    pending: str

    def same_turn(self, other: "Turn") -> bool:
        """True when both were decided in one turn of one phase of one Stage."""
        return (self.day, self.stage, self.phase, self.index) == (other.day, other.stage, other.phase, other.index)


@dataclass(frozen=True)
class Entry:
    """One accepted intent and what it did (see the module docstring)."""

    seq: int
    intent: Intent
    events: tuple
    actor: int
    turn: Turn
    revealing: bool

    def to_json(self, players=None) -> dict:
        """The entry as JSON-ready data: ``seq``, ``intent`` (its text), ``actor`` (the seat index,
        or the player's name when ``players`` is given) and ``events``."""
        return {"seq": self.seq, "intent": str(self.intent),
                "actor": players[self.actor] if players is not None else self.actor,
                "events": [e.to_json() for e in self.events]}

    def __repr__(self) -> str:
        return f"<Entry {self.seq}: {self.intent} by seat {self.actor}, {len(self.events)} events>"


class Timeline:
    """The record of one game: entries in order, the deal's events, snapshots and the redo list.

    ``len``, iteration and indexing give the entries; ``intents`` the game record;
    ``since(seq)`` the entries after ``seq``; ``notes`` the notes by sequence number. The writing
    methods (``append``, ``truncate``, ``push_redo``, ``set_note``...) are for ``Game``."""

    __slots__ = ("_entries", "_setup", "_snaps", "_redo", "_notes")

    def __init__(self, setup_events=(), snapshot=None) -> None:
        self._entries: list = []
        self._setup = tuple(setup_events)
        self._snaps: dict = {} if snapshot is None else {0: snapshot}
        self._redo: list = []
        self._notes: dict = {}

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self):
        return iter(self._entries)

    def __getitem__(self, k):
        return self._entries[k]

    @property
    def setup_events(self) -> tuple:
        """The events of the deal, before any intent."""
        return self._setup

    @property
    def intents(self) -> tuple:
        """The accepted intents in order: the game record."""
        return tuple(e.intent for e in self._entries)

    @property
    def last_seq(self) -> int:
        """The sequence number of the latest entry (0 before any)."""
        return len(self._entries)

    def since(self, seq: int) -> tuple:
        """The entries after sequence number ``seq`` (all of them for 0)."""
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise ValueError(f"a sequence number is a whole number from 0, not {seq!r}")
        return tuple(self._entries[seq:])

    def event_batches(self) -> list:
        """``[events of the deal, events of entry 1, events of entry 2, ...]``."""
        return [self._setup] + [e.events for e in self._entries]

    @property
    def snapshot_points(self) -> tuple:
        """The entry counts at which a snapshot of the state is kept, ascending."""
        return tuple(sorted(self._snaps))

    def snapshot(self, n: int):
        """The snapshot kept after ``n`` entries (KeyError if none is)."""
        return self._snaps[n]

    def nearest_snapshot(self, n: int) -> tuple:
        """``(k, snapshot)``: the latest snapshot at or before ``n`` entries."""
        k = n
        while k not in self._snaps:
            k -= 1
            if k < 0:
                raise LookupError(f"no snapshot at or before intent {n}")
        return k, self._snaps[k]

    @property
    def redo_next(self) -> Intent | None:
        """The intent redo would apply, or None."""
        return self._redo[-1] if self._redo else None

    @property
    def notes(self):
        """The notes on entries, ``{seq: text}`` in order of ``seq``: a read-only snapshot."""
        return MappingProxyType(dict(sorted(self._notes.items())))

    def fingerprint(self) -> str:
        """A short digest of the intents (12 hex digits): tells one record from another, as a
        branch names the game it came from."""
        text = "\n".join(str(i) for i in self.intents)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]

    # ------------------------------------------------------------------ writing (Game only)

    def append(self, intent: Intent, events, actor: int, turn: Turn, revealing: bool, snapshot=None) -> Entry:
        """Record one accepted intent (and a snapshot of the state after it, if given)."""
        entry = Entry(len(self._entries) + 1, intent, tuple(events), actor, turn, revealing)
        self._entries.append(entry)
        if snapshot is not None:
            self._snaps[entry.seq] = snapshot
        return entry

    def truncate(self, n: int) -> list:
        """Keep the first ``n`` entries and the snapshots up to them; returns the entries dropped."""
        dropped = self._entries[n:]
        del self._entries[n:]
        for k in [k for k in self._snaps if k > n]:
            del self._snaps[k]
        for k in [k for k in self._notes if k > n]:
            del self._notes[k]
        return dropped

    def set_note(self, seq: int, text: str) -> None:
        """Attach ``text`` to entry ``seq`` (checked by ``Game.annotate``); empty text removes it."""
        if text:
            self._notes[seq] = text
        else:
            self._notes.pop(seq, None)

    def push_redo(self, intent: Intent) -> None:
        self._redo.append(intent)

    def pop_redo(self) -> Intent:
        return self._redo.pop()

    def clear_redo(self) -> None:
        self._redo.clear()

    def rebase(self, n: int, snapshot) -> None:
        """Forget every snapshot and the redo list, keeping one snapshot after ``n`` entries: the
        earliest point undo may return to (a determinized copy)."""
        self._snaps = {n: snapshot}
        self._redo = []

    def map_events(self, fn) -> None:
        """Replace each entry's events by ``fn(entry)`` (a determinized copy hides what its player
        did not see)."""
        self._entries = [Entry(e.seq, e.intent, tuple(fn(e)), e.actor, e.turn, e.revealing) for e in self._entries]

    def copy(self) -> "Timeline":
        """An independent timeline sharing the (immutable) entries and snapshots."""
        t = Timeline.__new__(Timeline)
        t._entries, t._setup = list(self._entries), self._setup
        t._snaps, t._redo, t._notes = dict(self._snaps), list(self._redo), dict(self._notes)
        return t

    def __repr__(self) -> str:
        notes = f", {len(self._notes)} notes" if self._notes else ""
        return (f"<Timeline: {len(self._entries)} entries, {len(self._snaps)} snapshots, "
                f"{len(self._redo)} to redo{notes}>")
