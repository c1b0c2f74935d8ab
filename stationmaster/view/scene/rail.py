"""Where a card's rail runs inside its cell, as polylines: pure geometry, shared by the grid
and the card faces."""

from __future__ import annotations


def rail_paths(geo, x: float, y: float, w: float, h: float) -> list:
    """Polylines of a card's rail in the cell (x, y, w, h): W/E at the middle of the ends, the 45°
    legs crossing the top and bottom edges at the middle (docs/cards.md)."""
    cx, cy, d = x + w / 2, y + h / 2, h / 2
    port = {"W": (x, cy), "E": (x + w, cy), "NE": (cx, y), "NW": (cx, y), "SW": (cx, y + h), "SE": (cx, y + h)}
    out = []
    for r in sorted(geo.routes, key=lambda r: sorted(r)):
        a, b = sorted(r, key=lambda p: ("W", "NW", "SW", "E", "NE", "SE").index(p))
        if (a, b) == ("W", "E"):
            out.append(((x, cy), (x + w, cy)))
        elif a == "W":  # W to a diagonal leg: the points west of the middle
            out.append(((x, cy), (cx - d, cy), port[b]))
        elif b == "E":  # a diagonal leg to E: joins east of the middle
            out.append((port[a], (cx + d, cy), (x + w, cy)))
        else:  # leg to leg (a Run-around's bypass): the V (or Λ) between the two junctions
            out.append(((cx - d, cy), port[a], (cx + d, cy)))
    routed = {p for r in geo.routes for p in r}
    for p in sorted(geo.ports - routed):
        if p == "W":
            out.append(((x, cy), (x + w * 0.78, cy)))
        elif p == "E":
            out.append(((x + w * 0.22, cy), (x + w, cy)))
        else:
            px, py = port[p]
            out.append(((px, py), (cx, cy)))
    return out


def spur_bumper(geo, x, y, w, h):
    """The stop block of a stub-ended spur, or None."""
    if geo.routes or len(geo.ports) != 1:
        return None
    p = next(iter(geo.ports))
    cy = y + h / 2
    bx = x + w * 0.78 if p == "W" else x + w * 0.22 if p == "E" else None
    if bx is None:
        return None
    return ((bx, cy - h * 0.16), (bx, cy + h * 0.16))
