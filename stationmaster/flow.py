"""The names the flow of a Stage is spoken in: phases, Local Operations options, where trains are.

Each is a ``str`` enum: a member equals its text (``Phase.MAINLINE == "mainline"``), prints as it
(``str``, f-strings) and is written to JSON as it, so states, events and saves read exactly as
before, while code names a phase by a member (a typo is an AttributeError, not a silent False).
The order of the phases and what each is called is the phase table, ``stationmaster.phases.FLOW``.
"""

from __future__ import annotations

from enum import Enum


class Name(str, Enum):
    """A ``str`` enum that prints and formats as its value (``enum.StrEnum`` is Python 3.11+)."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Phase(Name):
    """The phases of a Stage, in order."""

    LOCAL_OPERATIONS = "local_operations"
    NEW_TRAIN = "new_train"
    MAINLINE = "mainline"
    LOAD_UNLOAD = "load_unload"
    SHIFT_CHANGE = "shift_change"


class Option(Name):
    """The option a player takes in Local Operations (``Turn.option``; None while choosing)."""

    SWITCH = "switch"
    DRAW = "draw"


class Where(Name):
    """Where a train is (``Train.where``): waiting at a Division Point, on the Mainline, or in
    an Office Area."""

    DIVISION_POINT = "division_point"
    MAINLINE = "mainline"
    AREA = "area"
