"""Office Area track geometry: ports, rotation and routes (``phases.switching.reach`` walks a Move on them).

Every track card is a piece of one east–west axis with up to six ports::

      NW   NE        NW/SE lie on the "\\" diagonal, NE/SW on the "/" diagonal.
    W  card  E       Two cards that touch vertically connect only where the upper
      SW   SE        card's SW (SE) meets the lower card's NE (NW): the same 45° leg.

Ports fall on a card's west side (W, NW, SW) or east side (E, NE, SE). A route always joins a
west-side port to an east-side port, so a train moving east leaves every card by an east-side
port and keeps moving east: a Move's direction is simply "east" or "west" everywhere in the
Area, and reversing is a new Move. Which pairs are joined is the card's geometry (card specs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

WEST_SIDE = frozenset({"W", "NW", "SW"})
EAST_SIDE = frozenset({"E", "NE", "SE"})
PORTS = ("W", "NW", "SW", "E", "NE", "SE")

#: turning a card half-way round (the only way a printed card can be turned on the table)
ROTATE = {"W": "E", "E": "W", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}

#: port -> (dx, dy, the neighbour's port it meets)
NEIGHBOUR = {
    "W": (-1, 0, "E"),
    "E": (1, 0, "W"),
    "NE": (0, 1, "SW"),
    "NW": (0, 1, "SE"),
    "SW": (0, -1, "NE"),
    "SE": (0, -1, "NW"),
}

Coord = tuple  # (x, y); y = 0 is the Running Track, y > 0 above it, y < 0 below it


def exit_side(direction: str) -> frozenset:
    """The ports a train moving ``direction`` ('east' or 'west') leaves a card by."""
    return EAST_SIDE if direction == "east" else WEST_SIDE


#: Geometry -> the same turned half round (``Geometry.rotated``); a few dozen entries at most
_TURNED: dict = {}


@dataclass(frozen=True)
class Geometry:
    """The rail printed on a card: its ports and the routes joining them."""

    ports: frozenset
    routes: frozenset  # of frozenset({west_port, east_port})

    @classmethod
    def of(cls, routes: Iterable[tuple] = (), ports: Iterable[str] = ()) -> "Geometry":
        rs = frozenset(frozenset(r) for r in routes)
        ps = set(ports)
        for r in rs:
            ps |= r
        for r in rs:
            if len(r & WEST_SIDE) != 1 or len(r & EAST_SIDE) != 1:
                raise ValueError(f"a route joins a west port to an east port, not {sorted(r)}")
        return cls(frozenset(ps), rs)

    def rotated(self) -> "Geometry":
        """The card turned half-way round (made once per geometry: a Move's search asks it often)."""
        turned = _TURNED.get(self)
        if turned is None:
            turned = _TURNED[self] = Geometry(
                frozenset(ROTATE[p] for p in self.ports),
                frozenset(frozenset(ROTATE[p] for p in r) for r in self.routes),
            )
        return turned

    @property
    def through(self) -> bool:
        """Has an east–west through route (required on the Running Track)."""
        return frozenset({"W", "E"}) in self.routes

    def exits(self, entry: str | None, direction: str) -> list[str]:
        """Ports a train moving ``direction`` may leave by, having entered by ``entry``
        (None: it was standing on the card)."""
        want = exit_side(direction)
        if entry is None:
            found = {p for p in self.ports if p in want}
        else:
            found = {p for r in self.routes if entry in r for p in r if p != entry and p in want}
        return sorted(found, key=PORTS.index)

    def meets(self, port: str, other: "Geometry") -> bool:
        """Does this card's ``port`` meet rail on the neighbour on that side?"""
        return port in self.ports and NEIGHBOUR[port][2] in other.ports
