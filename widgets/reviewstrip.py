"""What a replay says about its step, as HTML: the move played, the review's verdict, the better
move and why, the legend of the board's marks, and the review's expected-Revenue curve with the
step marked. No ipywidgets here.

The review is read through what ``stationmaster.review`` promises: ``review.curve`` (``[(seq,
expected Revenue), ...]``), ``review.decisions`` (judgements with ``seq``, ``verdict``), and a
step's judgement (``played``, ``better``, ``loss``, ``verdict``, ``why``).
"""

from __future__ import annotations

import html

from .names import capital
from .tableview import HIGHLIGHT

#: a verdict's colour (light, dark) and whether it is marked on the curve
VERDICTS = {"best": ("#1a7f37", "#3fb950", False), "good": ("#2f6f4f", "#7ee2a8", False),
            "inaccuracy": ("#9a6700", "#e3b341", False), "mistake": ("#c2410c", "#ff922b", True),
            "blunder": ("#b3261e", "#ff6b6b", True)}
#: the curve's size in CSS px
CURVE_W, CURVE_H = 240, 64


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def swatch(theme: str, kind: str) -> str:
    """A small box in a mark's colours (the legend's)."""
    stroke, fill, _w, dash = HIGHLIGHT[theme][kind]
    style = "dashed" if dash else "solid"
    return (f"<span style='display:inline-block;width:14px;height:10px;vertical-align:-1px;margin:0 3px 0 0;"
            f"border:2px {style} {stroke};background:{fill or 'transparent'};border-radius:3px'></span>")


def legend(theme: str, better: bool) -> str:
    """The legend of the marks on the board: the move played, and the better one when shown."""
    out = f"<span class='sm-legend-item'>{swatch(theme, 'played')}played</span>"
    if better:
        out += f" <span class='sm-legend-item'>{swatch(theme, 'better')}better</span>"
    return f"<span class='sm-legend'>{out}</span>"


def verdict_badge(verdict: str, theme: str) -> str:
    colours = VERDICTS.get(verdict)
    colour = colours[0 if theme != "dark" else 1] if colours else "#6e7781"
    return (f"<span class='sm-verdict sm-verdict-{_esc(verdict)}' style='color:#fff;background:{colour};"
            f"border-radius:4px;padding:0 6px;font-weight:600'>{_esc(verdict)}</span>")


def step_html(step, theme: str, reviewed: bool) -> str:
    """What the replay says at a step: who decided and the move played (marked on the board), the
    review's verdict, the Revenue it cost and the better move with the review's why, and the
    players' note on the decision."""
    if step.entry is None:
        return ("<div class='sm-step-words'>The end of the record. Step back (←, Home) to see the decisions; "
                "<b>Play on from here</b> goes on with this position in a game of its own.</div>")
    who = _esc(step.state.players[step.entry.actor].name)
    played = _esc(step.said(step.entry.intent)) + _button(step, step.entry.intent)
    lines = [f"{swatch(theme, 'played')}<b>{who}</b> played: {played}"]
    j = step.judgement
    if j is not None:
        loss = getattr(j, "loss", 0.0) or 0.0
        cost = f" — about {loss:.1f} Revenue lost" if loss >= 0.05 else ""
        lines[0] += f" {verdict_badge(getattr(j, 'verdict', ''), theme)}{_esc(cost)}"
        better = getattr(j, "better", None)
        if better is not None:
            lines.append(f"{swatch(theme, 'better')}<b>Better</b>: {_esc(step.said(better))}{_button(step, better)}")
        why = getattr(j, "why", "")
        if why:
            lines.append(f"<span class='sm-why'>{_esc(capital(step.for_board(why)))}</span>")
    if step.note:
        lines.append(f"<span class='sm-note'><i class='fa fa-sticky-note-o' aria-hidden='true'></i> "
                     f"<b>Note</b>: {_esc(step.note)}</span>")
    if j is None and reviewed:
        lines.append("<span class='sm-why'>The review did not judge this decision (another player's, or a "
                     "forced one).</span>")
    return "<div class='sm-step-words'>" + "<br>".join(lines) + "</div>"


def _button(step, intent) -> str:
    """" (a button)" for a move made by a button alone: there is nothing to outline on the table."""
    return "" if step.on_board(intent) else " <span class='sm-why'>(a button)</span>"


def curve_svg(curve, seq: int, theme: str, marked=(), width: int = CURVE_W, height: int = CURVE_H) -> str:
    """The review's expected-Revenue curve as a small SVG: the line over the game's decisions, the
    mistakes and blunders as dots (``marked``: ``[(seq, verdict), ...]``), and the step shown
    (``seq``) as a vertical line."""
    points = [(int(s), float(v)) for s, v in curve]
    if len(points) < 2:
        return ""
    ink, faint, line = ("#ece7dc", "#5d6270", "#58a6ff") if theme == "dark" else ("#2a2622", "#d8cdb6", "#1f6feb")
    s0, s1 = points[0][0], points[-1][0]
    lo, hi = min(v for _, v in points), max(v for _, v in points)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    pad, top, bottom = 4, 12, height - 4

    def x(s):
        return pad + (width - 2 * pad) * (s - s0) / max(1, s1 - s0)

    def y(v):
        return bottom - (bottom - top) * (v - lo) / (hi - lo)

    path = " ".join(f"{x(s):.1f},{y(v):.1f}" for s, v in points)
    values = dict(points)
    dots = "".join(f"<circle cx='{x(s):.1f}' cy='{y(values[s]):.1f}' r='2.6' fill='{VERDICTS[v][0 if theme != 'dark' else 1]}'/>"
                   for s, v in marked if s in values and v in VERDICTS and VERDICTS[v][2])
    here = min(max(seq, s0), s1)
    return (f"<svg class='sm-curve' width='{width}' height='{height}' viewBox='0 0 {width} {height}' role='img' "
            f"aria-label='expected Revenue over the game'>"
            f"<rect x='0.5' y='0.5' width='{width - 1}' height='{height - 1}' rx='4' fill='none' stroke='{faint}'/>"
            f"<text x='{pad + 2}' y='10' font-size='9' fill='{ink}'>expected Revenue {hi:.0f}</text>"
            f"<text x='{width - pad - 2}' y='{height - 6}' font-size='9' fill='{ink}' text-anchor='end'>{lo:.0f}</text>"
            f"<polyline points='{path}' fill='none' stroke='{line}' stroke-width='1.5'/>{dots}"
            f"<line class='sm-curve-here' x1='{x(here):.1f}' x2='{x(here):.1f}' y1='2' y2='{height - 2}' "
            f"stroke='#c2410c' stroke-width='1.5'/></svg>")


def curve_for(review, seq: int, theme: str) -> str:
    """The curve of ``review`` (or "" without one) with decision ``seq`` marked."""
    if review is None:
        return ""
    marked = [(j.seq, j.verdict) for j in getattr(review, "decisions", ())]
    return curve_svg(getattr(review, "curve", ()), seq, theme, marked)
