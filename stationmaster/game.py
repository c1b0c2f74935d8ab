"""Game: the façade that validates an intent, applies it, records it and narrates it.

The record is a ``Timeline`` (``timeline.py``): one frozen entry per accepted intent, with the
snapshots undo rebuilds from. The automatic work between decisions follows the phase table
(``phases.FLOW``). ``Game.replay`` is the door for saves and records, ``Game.from_position`` the
position builder's, ``Game.from_view`` a remote seat's (a game on what one seat sees). What a seat
may not see is the seat contract's (``seat.py``); the save format is ``saves.py``'s; the seats are
checked in ``bots/seats.py`` before a game is made (``start.new_game``, ``saves.load``).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Callable

from . import phases, seat
from .config import Config
from .decisions import decision
from .errors import IllegalIntent, SaveError
from .intents import Draw, Intent, parse
from .query import actor as actor_index
from .rng import MASK64, Rng
from .rules import Events
from .safetext import describe as describe_char, first_hidden, quote
from .setup import deal
from .state import State
from .timeline import SNAP_EVERY, Timeline, Turn, freeze, thaw


def advance(s: State, ev: Events) -> None:
    """Do the automatic work until a player must decide or the game is over, phase after phase
    as the phase table (``phases.FLOW``) orders them."""
    while s.outcome is None:
        step = phases.STEPS[s.phase]
        if step.rules.proceed(s, ev):
            return
        if s.outcome is not None:
            return
        if step.new_stage:
            s.stage_count += 1
        phases.STEPS[step.next].rules.begin(s, ev)


class Game:
    """One game of Station Master.

    Create one with ``stationmaster.new_game`` or ``stationmaster.load`` (they check the
    configuration and the seats; ``Game(config, seed, bots)`` trusts its arguments). Every change goes
    through ``apply``; ``legal_intents`` lists what the current actor may do; ``undo``/``redo``
    step through the record; ``dumps``/``save`` write it.
    """

    #: why the history of a loaded save stops early (``saves.load`` sets it), else None
    replay_error: str | None = None
    #: the file this game was last saved to or loaded from (``save``, ``saves.load`` and the
    #: board's autosave set it), else None: a branch names it as where it came from
    save_path: str | None = None

    def __init__(self, config: Config, seed: int, bots=None, branched_from: "BranchedFrom | None" = None) -> None:
        state, ev = deal(config, seed)
        phases.FLOW[0].rules.begin(state, ev)
        advance(state, ev)
        self._start(config, seed, bots, state, Timeline(ev, freeze(state)))
        self._branched_from = branched_from  # a branch's save, loaded (``saves.load``)

    def _start(self, config: Config, seed: int, bots, state: State, timeline: Timeline) -> None:
        """Every field of a game, the one place they are set (``__init__``, ``from_view``, ``copy``)."""
        self._config = config
        self._seed = seed
        self._bots = dict(bots or {})  # checked by the caller: new_game, load (bots.seats.check_bots)
        self._state = state
        self._timeline = timeline
        self._listeners: list = []
        self._built = False  # set up by the position builder: the seed's deal is not where it began
        self._seat_view: str | None = None  # made by from_view: why it cannot be saved
        self._determinized: str | None = None
        self._branched_from: BranchedFrom | None = None
        self.replay_error = None
        self.save_path = None
        self._changes = 0  # bumped by every change of the state: the key of the legal-intents cache
        self._legal_cache: tuple | None = None

    @classmethod
    def from_position(cls, config: Config, seed: int, state: State, bots=None) -> "Game":
        """A game whose record starts at ``state`` (the position builder's): the automatic work
        is done until a decision is awaited, and the timeline starts empty there. Such a game
        can be saved only when ``state`` is the seed's own deal (``can_save`` says so)."""
        g = cls(config, seed, bots)
        advance(state, Events())  # (its events are not the record's: the record starts after them)
        g._state = state
        g._timeline = Timeline((), state.clone())
        g._built = state != cls(config, seed).state
        g.forget_legal()
        return g

    @classmethod
    def from_view(cls, config: Config, state: State, bots=None) -> "Game":
        """A game whose record starts at ``state`` as one seat sees it (a remote seat's view, the
        hidden cards ``"?"``: ``RemoteGame.copy``), to try things out on. Nothing is dealt, and
        its seed (0) and stream know nothing the seat does not; it cannot be saved (``can_save``)."""
        g = cls.__new__(cls)
        g._start(config, 0, bots, state, Timeline((), freeze(state)))
        g._seat_view = "this game is a seat's view of a table, its hidden cards unknown: it cannot be saved"
        return g

    # ------------------------------------------------------------------ reading

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def config(self) -> Config:
        return self._config

    @property
    def bots(self) -> dict:
        """The seats the computer plays: ``{player name: bot name or Bot}`` (the rest are human)."""
        return dict(self._bots)

    @property
    def humans(self) -> tuple:
        """The players who are not bots."""
        return tuple(n for n in self.players if n not in self._bots)

    @property
    def state(self) -> State:
        """The live state (plain dataclasses). Read it; change the game only through ``apply``."""
        return self._state

    @property
    def players(self) -> tuple:
        return tuple(p.name for p in self._state.players)

    @property
    def day(self) -> int:
        return self._state.day

    @property
    def stage(self) -> int:
        return self._state.stage

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def actor(self) -> str | None:
        """Name of the player who must decide now; None once the game is over."""
        i = actor_index(self._state)
        return None if i is None else self._state.players[i].name

    @property
    def decision(self) -> str:
        """What the actor is deciding, in words (for prompts; see ``stationmaster.decisions``)."""
        return decision(self._state)

    @property
    def revenue(self) -> dict:
        return {p.name: p.revenue for p in self._state.players}

    @property
    def is_over(self) -> bool:
        return self._state.outcome is not None

    @property
    def outcome(self):
        """None while the game runs; then ``.winners`` (names) and ``.reason``."""
        return self._state.outcome

    @property
    def timeline(self) -> Timeline:
        """The record: one entry per accepted intent (sequence number, intent, events, actor,
        turn, revealing), see ``stationmaster.timeline``. Read it; only ``Game`` writes it."""
        return self._timeline

    @property
    def history(self) -> tuple:
        """The accepted intents: the game record."""
        return self._timeline.intents

    @property
    def events(self) -> list:
        """Every event so far, setup first."""
        return [e for batch in self._timeline.event_batches() for e in batch]

    @property
    def event_batches(self) -> list:
        """Events grouped by cause: ``[setup events, events of intent 1, events of intent 2, ...]``."""
        return [list(b) for b in self._timeline.event_batches()]

    @property
    def last_events(self) -> list:
        """The events of the latest intent (of the deal before any)."""
        t = self._timeline
        return list(t[-1].events if len(t) else t.setup_events)

    def describe(self) -> str:
        """The table in plain text (cars: c/b/h/r/t empty, C/B/H/R/T loaded, k caboose)."""
        from .view.text import describe
        text = describe(self._state)
        return f"{self._branched_from.describe()}\n{text}" if self._branched_from else text

    def _repr_svg_(self) -> str:
        """The board as SVG (Jupyter, GitHub and nbviewer show it when the game ends a cell)."""
        from .view.scene import build_scene
        from .view.svg import to_svg
        return to_svg(build_scene(self._state))

    def _repr_html_(self) -> str:
        return f'<div style="max-width:100%;overflow:auto">{self._repr_svg_()}</div>'

    def legal_intents(self) -> list:
        """Every intent the actor may apply now; empty only when the game is over (a fresh list
        each call; the enumeration itself runs once per game state, see ``legal``)."""
        return list(self.legal)

    @property
    def legal(self) -> "LegalIntents":
        """The legal intents of the current state as a read-only view (``in``, iteration, ``len``),
        computed once per state: a click asks several questions of one state, and the enumeration
        is the engine's dearest read. Every apply, undo and redo makes a new state; code that edits
        ``game.state`` by hand (the position builder, tests) calls ``forget_legal()``."""
        key = (id(self._state), self._changes)
        if self._legal_cache is None or self._legal_cache[0] != key:
            s = self._state
            found = () if s.outcome is not None else tuple(phases.BY_NAME[s.phase].legal(s))
            self._legal_cache = (key, LegalIntents(found))
        return self._legal_cache[1]

    def forget_legal(self) -> None:
        """Drop the cached legal intents (after changing ``game.state`` other than by ``apply``)."""
        self._legal_cache = None
        self._changes += 1

    def why_not(self, intent) -> str | None:
        """None if the intent is legal now, else the reason in a player's words."""
        try:
            self._check(parse(intent))
        except IllegalIntent as e:
            return str(e)
        return None

    def parse(self, text) -> Intent:
        """Read an intent from text (see docs/notation.md); raises IllegalIntent saying why not."""
        return parse(text)

    # ------------------------------------------------------------------ changing

    def _check(self, it: Intent) -> None:
        s = self._state
        if s.outcome is not None:
            raise IllegalIntent(f"the game is over: {s.outcome.reason}")
        reason = phases.BY_NAME[s.phase].check(s, it)
        if reason:
            raise IllegalIntent(reason[0].upper() + reason[1:])

    def apply(self, intent) -> list:
        """Apply one intent of the current actor; returns the events it caused."""
        events = self._apply(intent)
        self._timeline.clear_redo()
        self._notify()
        return events

    def replay(self, intents) -> "ReplayStop | None":
        """Apply intents (or their texts) in order, as a save or a record does: stops at the first
        that cannot be applied and returns a ``ReplayStop`` saying which and why (None when all
        were applied). Listeners are told once, at the end; the redo list is cleared."""
        stop = None
        for k, intent in enumerate(intents, 1):
            if self.is_over:
                stop = ReplayStop(k, str(intent), None)
                break
            try:
                self._apply(intent)
            except Exception as e:  # IllegalIntent, or an engine fault: keep what replayed
                stop = ReplayStop(k, str(intent), e)
                break
        self._timeline.clear_redo()
        self._notify()
        return stop

    def _turn(self) -> Turn:
        s = self._state
        return Turn(s.day, s.stage, s.phase, s.turn.index, str(s.turn.pending))

    def _apply(self, intent) -> list:
        it = parse(intent)
        self._check(it)
        self._changes += 1  # from here on the state changes (also when the intent fails half-way)
        s = self._state
        who = actor_index(s)
        turn = self._turn()
        rng, home = s.rng, len(s.home)
        stage_count = s.stage_count
        ev = Events()
        try:
            phases.BY_NAME[s.phase].apply(s, it, ev)
            advance(s, ev)
        except Exception:
            self._rebuild(len(self._timeline))  # never leave a half-applied intent behind
            raise
        revealing = s.rng != rng or len(s.home) != home or isinstance(it, Draw) and it.source == "home"
        t = self._timeline
        n = len(t) + 1
        snap = (freeze(s) if s.stage_count != stage_count or s.outcome is not None
                or n - t.nearest_snapshot(n - 1)[0] >= SNAP_EVERY else None)
        t.append(it, ev, who, turn, revealing, snap)
        return list(ev)

    def _rebuild(self, n: int) -> None:
        """Make the state the one after the first ``n`` intents, from the nearest snapshot, and
        drop the entries and snapshots after them."""
        t = self._timeline
        base, snap = t.nearest_snapshot(n)
        s = thaw(snap)
        for entry in t[base:n]:
            ev = Events()
            phases.BY_NAME[s.phase].apply(s, entry.intent, ev)
            advance(s, ev)
        self._state = s
        self._changes += 1
        t.truncate(n)

    def _undo_span(self) -> int:
        """How many intents one ``undo`` takes back: one; against bots (one human, the other
        seats bots), every bot decision since the human's last one and that one too (0 when the
        human has not decided yet)."""
        if not self._bots or len(self.humans) != 1:
            return 1
        t = self._timeline
        k = len(t)
        while k > 0 and self._state.players[t[k - 1].actor].name in self._bots:
            k -= 1
        return len(t) - k + 1 if k else 0

    def can_undo(self) -> str | None:
        """None if ``undo`` is allowed now, else why not."""
        t = self._timeline
        if not len(t):
            return "there is nothing to undo"
        if self.determinized is not None and len(t) - max(1, self._undo_span()) < t.snapshot_points[0]:
            return "this determinized copy cannot be undone past the moment it was made"
        if self._bots and not self.humans:
            return "every seat is a bot: there is no decision of yours to take back"
        if self._bots and len(self.humans) == 1:
            return None if self._undo_span() else "you have not made a decision yet"
        if len(self._state.players) == 1:
            return None
        if self._state.outcome is not None:
            return "the game is over"
        last = t[-1]
        if last.actor != actor_index(self._state) or not last.turn.same_turn(self._turn()):
            return "in a multiplayer game you may undo only your own decisions of your current turn"
        if last.revealing:
            return "that decision revealed a card or a die roll; it cannot be undone"
        return None

    def undo(self) -> Intent:
        """Take back the last intent (solitaire: any number; multiplayer: see ``can_undo``).

        Against bots (one human, the other seats bots) undo goes back to the human's last
        decision, taking back the bots' decisions since; redo re-applies the human's decision and
        the bots, being deterministic, decide again as before."""
        reason = self.can_undo()
        if reason:
            raise IllegalIntent(reason[0].upper() + reason[1:])
        t = self._timeline
        n = len(t) - self._undo_span()
        it = t[n].intent
        self._rebuild(n)
        t.push_redo(it)
        self._notify()
        return it

    def can_redo(self) -> str | None:
        """None if ``redo`` is allowed now, else why not."""
        return None if self._timeline.redo_next is not None else "there is nothing to redo"

    @property
    def redo_next(self) -> Intent | None:
        """The intent ``redo`` would apply, or None."""
        return self._timeline.redo_next

    def redo(self) -> list:
        """Apply again the intent most recently undone."""
        it = self._timeline.redo_next
        if it is None:
            raise IllegalIntent("there is nothing to redo")
        events = self._apply(it)
        self._timeline.pop_redo()
        self._notify()
        return events

    def copy(self, determinize: str | None = None, seed: int = 0) -> "Game":
        """An independent game with the same state and history.

        ``determinize=player`` makes instead a copy for that player's look-ahead: what the player
        cannot know is dealt afresh from ``seed`` (see ``determinized``). Such a copy is a guess,
        not the game: it cannot be saved, and it cannot be undone past the moment it was made."""
        g = self._fork(self._bots)
        g.replay_error, g.save_path, g._branched_from = self.replay_error, self.save_path, self._branched_from
        if determinize is not None:
            _determinize(g, determinize, seed)
        return g

    def _fork(self, bots) -> "Game":
        """A new game with this one's state, record and setup (``copy`` and ``branch`` start here);
        entries and snapshots are immutable: the two share them."""
        g = Game.__new__(Game)
        g._start(self._config, self._seed, bots, thaw(freeze(self._state)), self._timeline.copy())
        g._built, g._seat_view, g._determinized = self._built, self._seat_view, self._determinized
        return g

    @property
    def determinized(self) -> str | None:
        """The player this game is a determinized copy for (``copy(determinize=...)``), else None."""
        return self._determinized

    # ------------------------------------------------------------------ notes and branches

    @property
    def notes(self):
        """The players' notes on the record, ``{seq: text}`` (``annotate``), read-only."""
        return self._timeline.notes

    def annotate(self, *args) -> None:
        """Note something on the record: ``annotate(text)`` on the latest decision,
        ``annotate(seq, text)`` on decision ``seq`` (1-based, as ``timeline`` numbers them).

        Empty text removes the note. A note belongs to its decision: ``undo`` past it drops it
        (``redo`` does not bring it back). Notes are kept in saves and shown in the record
        notebook. A note changes nothing on the table, so listeners are not told: the board's
        autosave keeps it from the next move on (``save`` keeps it now)."""
        if len(args) == 1:
            seq, text = self._timeline.last_seq, args[0]
            if not seq:
                raise ValueError("there is no decision to note yet: annotate(text) notes the latest decision")
        elif len(args) == 2:
            seq, text = args
        else:
            raise TypeError(f"annotate takes (text) or (seq, text), not {len(args)} arguments")
        n = self._timeline.last_seq
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise ValueError(f"a decision is named by its number (1 to {n}), not {quote(seq)}")
        if not 1 <= seq <= n:
            have = f"decisions 1 to {n}" if n else "no decision yet"
            raise ValueError(f"there is no decision {seq} to note: this game has {have}")
        problem = note_problem(text)
        if problem:
            raise ValueError(f"the note on decision {seq} {problem}")
        self._timeline.set_note(seq, text.strip())

    @property
    def branched_from(self) -> "BranchedFrom | None":
        """Where this game was branched from (``branch``), else None."""
        return self._branched_from

    def branch(self, seq: int | None = None, bots=None) -> "Game":
        """A new, independent game from the position in which decision ``seq`` was made (before
        it), to play that decision differently; ``seq=None`` branches from the position now.

        This game is left as it is. The branch keeps the record up to there (and the notes on it),
        and remembers where it came from (``branched_from``: this game's seed, ``seq``, a
        fingerprint of its intents and its file when known), which its save keeps. ``bots`` seats
        bots as ``new_game`` does (None: every seat is a player's; ``bots=game.bots`` keeps the
        same seats). A game set up with the position builder branches too, but its branch cannot
        be saved either (``can_save`` says why); a determinized copy branches only from after the
        moment it was made."""
        from .bots.seats import check_bots  # the seats are checked as new_game does: bots sit above
        t = self._timeline
        if seq is None:
            seq = t.last_seq + 1
        elif not isinstance(seq, int) or isinstance(seq, bool):
            raise ValueError(f"branch from a decision's number (1 to {t.last_seq + 1}), not {quote(seq)}")
        elif not 1 <= seq <= t.last_seq + 1:
            raise ValueError(f"there is no decision {seq} to branch from: this game has decisions 1 to "
                             f"{t.last_seq} (branch(seq) starts before decision seq; "
                             f"{t.last_seq + 1} or None is the position now)")
        if seq - 1 < t.snapshot_points[0]:
            raise ValueError(f"this determinized copy cannot be branched before decision "
                             f"{t.snapshot_points[0] + 1}, the moment it was made")
        seats = check_bots(bots, self._config.players)
        g = self._fork(seats)
        if seq - 1 < len(t):
            g._rebuild(seq - 1)
        g._timeline.clear_redo()
        path = self.save_path  # named only when a save may hold it (a path of hidden characters is left out)
        path = path if path and len(path) <= MAX_PATH and first_hidden(path) is None else None
        g._branched_from = BranchedFrom(self._seed, seq, t.fingerprint(), path)
        return g

    # ------------------------------------------------------------------ listeners

    def observe(self, callback: Callable[["Game"], None]) -> None:
        """Call ``callback(game)`` after every apply, undo and redo (the notebook board listens)."""
        self._listeners.append(callback)

    def unobserve(self, callback) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _notify(self) -> None:
        """Tell the listeners. A failing listener is reported, never undoes an accepted intent."""
        for cb in list(self._listeners):
            try:
                cb(self)
            except Exception as e:  # a broken view must not make an accepted move look rejected
                warnings.warn(f"a game listener failed: {type(e).__name__}: {e}", RuntimeWarning, stacklevel=3)

    # ------------------------------------------------------------------ saves

    def can_save(self) -> str | None:
        """None if ``dumps``/``save``/``to_notebook`` can write this game, else why not."""
        if self._seat_view:
            return self._seat_view
        if self.determinized is not None:
            return (f"this is a determinized copy for {self.determinized}: its hidden cards and dice are a "
                    "guess, so it cannot be saved as the game")
        if self._built:
            return ("this game was set up with the position builder, and a save holds only the seed, the "
                    "configuration and the intents: loading it would deal a different game. Run the code "
                    "that built the position again to return to it, or save a game dealt with new_game")
        return None

    def to_json(self) -> dict:
        """The save as a JSON-ready dict; raises SaveError when the game cannot be saved (``can_save``).
        The save format is ``stationmaster.saves``'s."""
        from . import saves  # the save format sits above the game (it loads games): named lazily
        return saves.to_json(self)

    def dumps(self) -> str:
        """The save as JSON text: seed, configuration and intents."""
        from . import saves
        return saves.dumps(self)

    def save(self, path) -> None:
        """Write the save to ``path`` (atomically: a crash never leaves half a save)."""
        from . import saves
        saves.save(self, path)

    def to_notebook(self, path) -> None:
        """Write the game so far as a Jupyter notebook that replays it, Stage by Stage, narrated
        (see ``stationmaster.record``)."""
        from .record import to_notebook
        to_notebook(self, path)

    def __repr__(self) -> str:
        c = self._config
        state = (f"over: {self.outcome.reason}" if self.is_over
                 else f"Day {self.day} Stage {self.stage} {self.phase}, {self.actor} to act")
        rev = ", ".join(f"{k} {v}" for k, v in self.revenue.items())
        b = self._branched_from
        branch = f"; branched from seed {b.seed} before decision {b.seq}" if b else ""
        variant = f"; house rules {c.variant}" if c.house_rules else ""
        return f"<Game seed={self._seed} {c.mode} {c.length}{variant}; {state}; Revenue {rev}{branch}>"


def _determinize(g: Game, player: str, seed: int) -> None:
    """Deal again, from ``seed``, what ``player`` cannot know: the Home Office order, the other
    players' hands (shuffled together with the Home Office, each hand keeping its size; Red Flags
    are public and stay) and the future random draws (the state's stream). The real order is never
    used: the unseen cards are sorted before the shuffle, so two games differing only in hidden
    order give equal copies. Cards seen taken from a Department are reshuffled too (a copy
    remembers nothing the state does not show). The record stays (bots' streams depend on its
    length) but undo stops here, the redo list and other players' private draw events are dropped."""
    s = g._state
    names = [p.name for p in s.players]
    if player not in names:
        raise ValueError(f"determinize names {player!r}, who is not a player of this game ({', '.join(names)})")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the determinization seed must be a whole number, not {seed!r}")
    others = [p for p in s.players if p.name != player]
    unseen = list(s.home)
    sizes = []
    for p in others:  # what the player cannot see is the seat contract's (``seat.py``), as a server's views
        hidden = seat.hidden_in_hand(p.hand)
        sizes.append(len(hidden))
        unseen += hidden
        p.hand = [c for c in p.hand if seat.public_in_hand(c)]
    unseen.sort()
    r = Rng((seed * 0x9E3779B97F4A7C15 + 0xD1B54A32D192ED03) & MASK64)
    for ch in player:
        r.state ^= ord(ch)
        r.next64()
    r.shuffle(unseen)
    for p, n in zip(others, sizes):
        p.hand = [unseen.pop() for _ in range(n)] + p.hand
    s.home = unseen
    s.rng = r.next64()
    g._determinized = player
    g._timeline.rebase(len(g._timeline), freeze(s))
    me = names.index(player)
    g._timeline.map_events(lambda entry: entry.events if entry.actor == me else seat.public_events(entry.events))


#: the longest note ``Game.annotate`` keeps (a save's notes are checked against it too)
MAX_NOTE = 2000
#: the longest file path a branch names as where it came from (``BranchedFrom.path``)
MAX_PATH = 1000


def note_problem(text) -> str | None:
    """What is wrong with a note's text, said after "the note on decision k", or None. A note is
    text of at most ``MAX_NOTE`` characters; it may hold line breaks but no other hidden character."""
    if not isinstance(text, str):
        return f"must be text, not {quote(text)}"
    if len(text) > MAX_NOTE:
        return f"is {len(text)} characters long; the limit is {MAX_NOTE}"
    k = first_hidden(text.replace("\n", " ").replace("\t", " "))
    if k is not None:
        return f"holds {describe_char(text[k])} at character {k + 1}"
    return None


@dataclass(frozen=True)
class BranchedFrom:
    """Where a branch came from (``Game.branch``): the original's ``seed``, the decision ``seq``
    it branched before, ``game`` (a fingerprint of the original's intents, ``Timeline.fingerprint``)
    and ``path``, the original's save or autosave file when it was known."""

    seed: int
    seq: int
    game: str
    path: str | None = None

    def to_json(self) -> dict:
        return {"seed": self.seed, "seq": self.seq, "game": self.game,
                **({"path": self.path} if self.path else {})}

    def describe(self) -> str:
        where = f", saved as {self.path}" if self.path else ""
        return f"Branched from game {self.game} (seed {self.seed}{where}) before decision {self.seq}"


@dataclass(frozen=True)
class ReplayStop:
    """Where ``Game.replay`` stopped: intent ``number`` (from 1) with text ``text``, and the
    error it raised (``IllegalIntent`` when it was not legal, another exception for an engine
    fault), or ``error=None`` when the game was already over before it."""

    number: int
    text: str
    error: BaseException | None


class LegalIntents:
    """The legal intents of one game state (``game.legal``): iterate it, ask ``intent in legal``
    (an intent or its text), take ``len``; a snapshot, so it never changes under the reader."""

    __slots__ = ("_items", "_set")

    def __init__(self, items: tuple) -> None:
        self._items = items
        self._set = frozenset(items)

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __getitem__(self, k):
        return self._items[k]

    def __contains__(self, intent) -> bool:
        if isinstance(intent, str):
            try:
                intent = parse(intent)
            except IllegalIntent:
                return False
        return intent in self._set

    def __repr__(self) -> str:
        return f"<LegalIntents: {len(self._items)}>"

