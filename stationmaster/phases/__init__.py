"""The rules of each phase of a Stage, one module each, and the phase table that orders them.

Every phase module offers ``begin(s, ev)`` (set the phase up), ``proceed(s, ev) -> bool``
(do the automatic work; True when a decision is awaited), and, for phases where players decide,
``legal(s)`` (every intent allowed now), ``check(s, intent)`` (None or the reason it is not
allowed, in a player's words) and ``apply(s, intent, ev)``.

``FLOW`` is the one table of the flow (like boardgame.io's flow configuration): each phase's
name, what players call it (in full and short), its rules module, and the phase after it. The
game's ``advance``, the prompts (``decisions``) and the views read it; a new phase is one row
here and one module.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from ..flow import Phase
from . import load_unload, local_ops, mainline, new_train, shift_change


@dataclass(frozen=True)
class Step:
    """One row of the phase table. ``new_stage``: the phase after this one begins a new Stage.
    ``decides``: the decision its players make when none is pending (``decisions.decision_kind``;
    "option" is refined by the option taken), None for a phase that only asks pending decisions."""

    phase: Phase
    title: str
    short: str
    rules: ModuleType
    next: Phase
    new_stage: bool = False
    decides: str | None = None

    def __repr__(self) -> str:
        return f"<Step {self.phase}: {self.title!r} -> {self.next}>"


#: the phases of a Stage, in order
FLOW = (
    Step(Phase.LOCAL_OPERATIONS, "Local Operations", "Local Ops", local_ops, Phase.NEW_TRAIN, decides="option"),
    Step(Phase.NEW_TRAIN, "New Train", "New Train", new_train, Phase.MAINLINE),
    Step(Phase.MAINLINE, "Mainline", "Mainline", mainline, Phase.LOAD_UNLOAD),
    Step(Phase.LOAD_UNLOAD, "Load/Unload", "Load/Unload", load_unload, Phase.SHIFT_CHANGE, decides="work"),
    Step(Phase.SHIFT_CHANGE, "Shift Change", "Shift Change", shift_change, Phase.LOCAL_OPERATIONS, new_stage=True),
)
#: the table by phase name
STEPS = {step.phase: step for step in FLOW}
#: each phase's rules module, by name (read from ``FLOW``)
BY_NAME = {step.phase: step.rules for step in FLOW}
