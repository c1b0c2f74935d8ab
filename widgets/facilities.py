"""Which facilities of the person to act can work now (the scene tags them "ready").

The one place on the board's side that reads the Load/Unload intents for it: ``worker_at`` says
which worker does an intent, and where. It is kept apart so that a registry of what each intent
class means to the board can answer it later without ``ready_facilities`` changing."""

from __future__ import annotations

from stationmaster.intents import Agent, Detrain, Work
from stationmaster.intents import Board as Boarding

#: the Office's spot in its Office Area's grid: the Porters board and detrain there
OFFICE_SPOT = (0, 0)


def worker_at(intent) -> tuple | None:
    """``(worker, spot)`` for an intent a facility's worker does ("Agent", "Laborer" or "Porter",
    and the grid spot where the scene tags it), else None."""
    if isinstance(intent, Agent) and intent.at is not None:
        return "Agent", intent.at
    if isinstance(intent, Work):
        return "Laborer", intent.at
    if isinstance(intent, (Boarding, Detrain)):
        return "Porter", OFFICE_SPOT
    return None


def ready_facilities(legal, seat: int, worker=worker_at) -> dict:
    """``{(seat, x, y): worker}``: where the ``legal`` intents put a worker to work in ``seat``'s
    Office Area (a later intent's worker wins a spot)."""
    out = {}
    for it in legal:
        found = worker(it)
        if found is not None:
            name, at = found
            out[(seat, *at)] = name
    return out
