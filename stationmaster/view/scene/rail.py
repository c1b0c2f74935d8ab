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


def yard_marks(action: str, geo, x: float, y: float, w: float, h: float) -> tuple:
    """What a yard card draws beside its rail, by its ``local_action`` ([K3]-[K5]): (polylines,
    polygons). The marks are pictures only: the card's ports and routes are its ``geometry``.

    - "sort" (Small Yard): a ladder off the west end with two yard tracks below the through rail;
    - "exchange" (Interchange): the second track beside the stub, where the cut waits, with its stop;
    - "fly" (Flying Switch): an arrowhead on the leg, the way the cut rolls."""
    cy = y + h / 2
    lines: list = []
    polys: list = []
    if action == "sort":
        x0, x1 = x + w * 0.14, x + w * 0.86
        for k, dy in enumerate((0.17, 0.32)):
            ty = cy + h * dy
            fork = x0 + (ty - cy) * 1.0
            lines.append(((fork, ty), (x1 - k * w * 0.08, ty)))
        lines.append(((x0, cy), (x0 + h * 0.32, cy + h * 0.32)))
    elif action == "exchange":
        west = "W" in geo.ports
        sx = 1 if west else -1
        x0 = x + w * 0.1 if west else x + w * 0.9
        ty = cy + h * 0.24
        end = x + w * 0.78 if west else x + w * 0.22
        lines.append(((x0, cy), (x0 + sx * h * 0.24, ty), (end, ty)))
        lines.append(((end, ty - h * 0.1), (end, ty + h * 0.1)))
    elif action == "fly":
        for path in rail_paths(geo, x, y, w, h):
            if len(path) < 3:
                continue
            (ax, ay), (bx, by) = (path[-2], path[-1]) if path[0][1] == cy else (path[1], path[0])
            mx, my = ax + (bx - ax) * 0.6, ay + (by - ay) * 0.6
            ux, uy = bx - ax, by - ay
            n = max((ux * ux + uy * uy) ** 0.5, 1e-6)
            ux, uy = ux / n, uy / n
            k = max(3.0, h * 0.11)
            polys.append(((mx + ux * k, my + uy * k), (mx - uy * k * 0.6, my + ux * k * 0.6),
                          (mx + uy * k * 0.6, my - ux * k * 0.6)))
    return lines, polys
