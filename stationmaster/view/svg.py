"""The SVG backend of the scene: a standalone SVG document (for ``_repr_svg_``, GitHub, nbviewer
and tests that look at the board without a browser)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .shapes import LAYERS, Circle, Line, Poly, Rect, Scene, Text

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _n(v: float) -> str:
    """A number, short."""
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def _paint(fill, stroke, width, dash=()) -> str:
    out = [f'fill="{fill}"' if fill else 'fill="none"']
    if stroke and width > 0:
        out.append(f'stroke="{stroke}" stroke-width="{_n(width)}"')
        if dash:
            out.append(f'stroke-dasharray="{" ".join(_n(d) for d in dash)}"')
    return " ".join(out)


def _pts(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def shape_svg(sh) -> str:
    if isinstance(sh, Rect):
        r = f' rx="{_n(sh.radius)}"' if sh.radius else ""
        return (f'<rect x="{_n(sh.x)}" y="{_n(sh.y)}" width="{_n(max(0.0, sh.w))}" height="{_n(max(0.0, sh.h))}"{r} '
                f'{_paint(sh.fill, sh.stroke, sh.width, sh.dash)}/>')
    if isinstance(sh, Line):
        dash = f' stroke-dasharray="{" ".join(_n(d) for d in sh.dash)}"' if sh.dash else ""
        return (f'<polyline points="{_pts(sh.points)}" fill="none" stroke="{sh.stroke}" '
                f'stroke-width="{_n(sh.width)}" stroke-linecap="round" stroke-linejoin="round"{dash}/>')
    if isinstance(sh, Poly):
        return f'<polygon points="{_pts(sh.points)}" {_paint(sh.fill, sh.stroke, sh.width)} stroke-linejoin="round"/>'
    if isinstance(sh, Circle):
        return f'<circle cx="{_n(sh.x)}" cy="{_n(sh.y)}" r="{_n(sh.r)}" {_paint(sh.fill, sh.stroke, sh.width)}/>'
    if isinstance(sh, Text):
        anchor = "" if sh.anchor == "start" else f' text-anchor="{sh.anchor}"'
        bold = ' font-weight="bold"' if sh.bold else ""
        return (f'<text x="{_n(sh.x)}" y="{_n(sh.y)}" font-size="{_n(sh.size)}" fill="{sh.fill}"{anchor}{bold}>'
                f'{escape(sh.text)}</text>')
    raise TypeError(f"not a scene shape: {sh!r}")


def to_svg(scene: Scene, tooltips: bool = True, label: str = "Station Master board") -> str:
    """A standalone SVG document of the scene, layer by layer (hit regions become tooltips);
    ``label`` is what a screen reader says it shows."""
    w, h = _n(scene.width), _n(scene.height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family={quoteattr(FONT)} role="img" aria-label={quoteattr(label)}>']
    for layer in LAYERS:
        shapes = [sh for sh in scene.shapes if sh.layer == layer]
        if not shapes:
            continue
        out.append(f'<g class="layer-{layer}">')
        out.extend(shape_svg(sh) for sh in shapes)
        out.append("</g>")
    if tooltips and scene.hits:
        out.append('<g class="hits" fill="transparent">')
        for hit in scene.hits:
            if hit.tip:
                out.append(f'<rect x="{_n(hit.x)}" y="{_n(hit.y)}" width="{_n(hit.w)}" height="{_n(hit.h)}">'
                           f'<title>{escape(hit.tip)}</title></rect>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)
