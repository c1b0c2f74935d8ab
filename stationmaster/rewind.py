"""Any position of a game's record, cheaply: the nearest snapshot, then the few intents after it.

A replay shows the position in which each decision was made; rebuilding it from the start would
take the whole game's time at every step. The timeline keeps a snapshot at each Stage and every
``SNAP_EVERY`` intents, so a position is at most that many intents away from one.
Nothing here changes the game: each position is a state of its own (read it, do not apply to it).
"""

from __future__ import annotations

from . import phases
from .game import advance
from .rules import Events
from .timeline import thaw


def position(game, n: int):
    """The state after the first ``n`` intents of ``game``'s record (0: as dealt), rebuilt from
    the nearest snapshot; the game is left as it was."""
    return position_after(game.timeline, n)


def position_after(timeline, n: int):
    """The state after the first ``n`` entries of ``timeline`` (see ``position``)."""
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(timeline):
        raise ValueError(f"a position of this game is a whole number from 0 to {len(timeline)}, not {n!r}")
    base, snap = timeline.nearest_snapshot(n)
    state = thaw(snap)
    for entry in timeline[base:n]:
        ev = Events()
        phases.BY_NAME[state.phase].apply(state, entry.intent, ev)
        advance(state, ev)
    return state
