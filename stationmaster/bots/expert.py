"""The expert: the planner with a wide switching search — a step above steady play.

What separates a strong player from a steady one in this game is the switching turn: a steady
player runs a train into a spur and back, while a strong one chains the moves — parks a cut on a
siding, pulls a finished load, shoves the empty in, fetches the cut — and fills the Day's car orders
([L8]) a steady player leaves short. The expert is the planner in every other decision (the Hint
stays the planner) with the switching search (``switchsearch.search_switching``) kept wide.
"""

from __future__ import annotations

from .base import register
from .planner import PlannerBot

#: positions the expert's switching search keeps a step, in every edition (the planner's is
#: ``PlannerBot.SEARCH_WIDTH``: 16 under v5, its patterns alone before); on tuning seeds 1-40 of v5 it
#: made 46.4 a game against the planner's 41.5 (docs/balance.md)
EXPERT_WIDTH = 60


@register
class ExpertBot(PlannerBot):
    """The planner, switching by a wide search (see the module's docstring)."""

    name = "expert"
    SEARCH_WIDTH = EXPERT_WIDTH
