"""Where a replay stands in a game's record, and what it shows there. No ipywidgets here.

A replay's steps are the game's decisions: step ``k`` (1 to ``len``) is the position in which
decision ``k`` was made, before it, with the move played there; the step after the last decision
(``last``) is the position the record ends in. Each position is the engine's own: ``game.branch(k)``
rebuilds it from the timeline's nearest snapshot (each Stage and every 32 intents), never by
replaying the game from its start, and leaves the game as it was. A step knows the
move played, and, with a review, the review's judgement of it; the board marks both moves where
their clicks would be made (the gesture map's targets, ``widgets.gestures``).

The keys and buttons of a replay move by one decision (←/→), by one Stage (↑: to the start of this
Stage, or of the one before when already there; ↓: to the start of the next), to the first
decision (Home) and to the end (End).
"""

from __future__ import annotations

from dataclasses import dataclass

from stationmaster.decisions import PHASE_NAMES

from . import gestures as gs
from .words import for_board, say

#: the moves a step can make, by name (the keys', the buttons' and ``ReplayBoard.move``'s)
MOVES = ("first", "stage_back", "back", "forward", "stage_forward", "last")
#: the browser's key for each move (``KeyboardEvent.key``)
KEYS = {"Home": "first", "ArrowUp": "stage_back", "ArrowLeft": "back", "ArrowRight": "forward",
        "ArrowDown": "stage_forward", "End": "last"}


@dataclass(frozen=True)
class Step:
    """What a replay shows at one step: ``k``, the ``position`` (a game in the position before
    decision ``k``, ``game.branch(k)``; its ``state`` is the step's),
    the ``entry`` of decision ``k`` (None at the end), the ``judgement`` a review gave it (or
    None), the player whose hand is shown (``viewer``, an index into the players) and the
    players' ``note`` on the decision (``Game.annotate``; "" for none)."""

    k: int
    position: object
    entry: object
    judgement: object
    viewer: int | None
    note: str = ""

    @property
    def state(self):
        """The state of the position before decision ``k``."""
        return self.position.state

    @property
    def seat(self) -> int | None:
        """The seat of the player who decides here (None at the end)."""
        return None if self.entry is None else self.state.players[self.entry.actor].seat

    def marks(self) -> list:
        """``[(target, kind), ...]``: where the played move ("played") and, with a review that
        found one, the better move ("better") are made on the board."""
        if self.entry is None:
            return []
        out = [(t, "played") for t in move_targets(self.state, self.seat, self.entry.intent)]
        better = getattr(self.judgement, "better", None)
        if better is not None:
            out += [(t, "better") for t in move_targets(self.state, self.seat, better)]
        return out

    def on_board(self, intent) -> bool:
        """Whether ``intent`` is made by clicks on the table (marked there), not by a button alone."""
        return bool(move_targets(self.state, self.seat, intent))

    def for_board(self, text: str) -> str:
        """A text quoting intents (a review's why: "with `detrain 3`") in a player's words."""
        try:
            return for_board(text, self.position)
        except Exception:  # words must never break a replay: the text as written then
            return text

    def said(self, intent) -> str:
        """A move of this step in a player's words ("move train 5 west")."""
        try:
            return say(self.state, intent, self.seat)
        except Exception:  # words must never break a replay: the intent's own text then
            return str(intent)


def move_targets(state, seat, intent) -> list:
    """The places clicked for ``intent`` by its usual gesture (empty when a button alone makes it)."""
    try:
        usual = gs.gestures(state, seat, intent)[0]
    except Exception:  # an intent the board cannot place: it is said, not marked
        return []
    return [step[1] for step in usual if step[0] == "click"]


class ReplaySteps:
    """The steps of ``game``'s record (``len``: its decisions; steps 1 to ``last``) and the one
    shown (``k``). ``review`` (or None) gives each decision's judgement (``review.at(seq)``) and
    whose hand to show (its player's); without one, each step shows the hand of the player who
    decides there."""

    def __init__(self, game, review=None, k: int = 1) -> None:
        self.game = game
        self.review = review
        self.k = 1
        self.go(k)

    def __len__(self) -> int:
        return len(self.game.timeline)

    @property
    def last(self) -> int:
        """The step at the end of the record (after its last decision)."""
        return len(self) + 1

    def go(self, k: int) -> int:
        """Go to step ``k`` (kept within 1 to ``last``); returns the step now."""
        if not isinstance(k, int) or isinstance(k, bool):
            raise ValueError(f"a replay's step is a whole number from 1 to {self.last}, not {k!r}")
        self.k = min(max(1, k), self.last)
        return self.k

    def target(self, move: str) -> int:
        """The step a move (one of ``MOVES``) leads to from the step shown."""
        k, t = self.k, self.game.timeline
        if move == "first":
            return 1
        if move == "last":
            return self.last
        if move == "back":
            return max(1, k - 1)
        if move == "forward":
            return min(self.last, k + 1)
        if move == "stage_back":
            start = self.stage_start(k)
            return self.stage_start(start - 1) if start == k and k > 1 else start
        if move == "stage_forward":
            here = self._stage_of(k)
            for j in range(k + 1, self.last):
                if self._stage_of(j) != here:
                    return j
            return self.last
        raise ValueError(f"no replay move {move!r}: one of {', '.join(MOVES)}")

    def move(self, move: str) -> int:
        """Make a move (``MOVES``); returns the step now."""
        return self.go(self.target(move))

    def _stage_of(self, k: int) -> tuple:
        t = self.game.timeline
        turn = t[k - 1].turn if k <= len(t) else None
        return (turn.day, turn.stage) if turn is not None else (None, None)

    def stage_start(self, k: int) -> int:
        """The first step of the Stage step ``k`` is in (the end is a Stage of its own)."""
        if k >= self.last:
            return self.last
        here = self._stage_of(k)
        while k > 1 and self._stage_of(k - 1) == here:
            k -= 1
        return k

    def step(self) -> Step:
        """What the step shown shows (its position rebuilt from the nearest snapshot)."""
        k, t = self.k, self.game.timeline
        position = self.game.branch(k)
        state = position.state
        entry = t[k - 1] if k <= len(t) else None
        review = self.review
        judgement = review.at(entry.seq) if review is not None and entry is not None else None
        names = [p.name for p in state.players]
        if review is not None and getattr(review, "player", None) in names:
            viewer = names.index(review.player)
        elif entry is not None:
            viewer = entry.actor
        else:
            viewer = t[-1].actor if len(t) else 0
        notes = getattr(self.game, "notes", None) or {}
        return Step(k, position, entry, judgement, viewer, notes.get(entry.seq, "") if entry is not None else "")

    def where(self, step: Step) -> str:
        """Where a step is, in words: "Decision 37 of 212 · Day 1, Stage 3, Local Operations"."""
        s = step.state
        place = f"Day {s.day}, Stage {s.stage}, {PHASE_NAMES.get(s.phase, s.phase)}"
        if step.entry is None:
            over = " (the game is over)" if s.outcome is not None else ""
            return f"After decision {len(self)} of {len(self)}{over} · {place}"
        return f"Decision {step.k} of {len(self)} · {place}"
