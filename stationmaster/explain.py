"""What the decision in hand means, for help at the table: what End finishes now, whether a draw
has anything left to do, and why a suggested intent is worth making, in game terms.

The board's controller and its help (``stationmaster.widgets``) ask here instead of reading the
phase themselves, so that the rules of *when* stay in the engine. Standard library only.
"""

from __future__ import annotations

from .intents import Board, Detrain, End, Play, Work
from .rules import actor, hand_limit

#: what End finishes, as a button says it, by phase (and by Local Operations option)
END_LABELS = {("local_operations", "switch"): "End switching", ("local_operations", "draw"): "End draw",
              ("load_unload", None): "End Load/Unload"}
#: the same, as a sentence says it
END_WORDS = {("local_operations", "switch"): "end switching", ("local_operations", "draw"): "end the draw",
             ("load_unload", None): "end your Load/Unload turn"}


def _end_key(s) -> tuple:
    return (s.phase, s.turn.option if s.phase == "local_operations" else None)


def end_label(s) -> str:
    """The End button's label now: 'End switching', 'End draw', 'End Load/Unload', 'Finish make-up'."""
    if s.turn.pending is not None:
        return "Finish make-up"
    return END_LABELS.get(_end_key(s), "End")


def end_words(s) -> str:
    """What End does now, in a sentence's words ('end the draw')."""
    if s.turn.pending is not None:
        return "finish the make-up"
    return END_WORDS.get(_end_key(s), "end")


def drawing(s) -> bool:
    """Is the actor in the Draw option of Local Operations (playing and discarding cards)?"""
    return s.outcome is None and s.turn.pending is None and s.phase == "local_operations" \
        and s.turn.option == "draw"


def idle_draw(s, legal) -> bool:
    """A draw with nothing left to decide: no card in hand can be played, the hand is within its
    limit, so End is the only sensible intent (discarding would only throw a card away)."""
    if not drawing(s) or End() not in legal:
        return False
    p = actor(s)
    if p is None or len(s.players[p].hand) > hand_limit(s, p):
        return False
    return not any(isinstance(it, Play) for it in legal)


def working(s) -> bool:
    """Is the actor taking a Load/Unload turn (Porters and Laborers)?"""
    return s.outcome is None and s.turn.pending is None and s.phase == "load_unload"


#: intents that may earn in Load/Unload; ``End`` and ``Discard`` never do
EARNING = (Board, Detrain, Work)
