"""A game's review as a reader meets it: the table, the curve, the comments and the notebook."""

from __future__ import annotations

import html
import json

from ..atomic import write_atomically
from ..game import MAX_NOTE
from ..record import md, notebook
from .judge import KINDS, VERDICTS, Judgement

#: how a review's comment begins as a note on a decision (``Review.annotate``)
REVIEW_MARK = "Review: "
#: the colours of the verdicts on the curve and in the table
COLOURS = {"best": "#2e7d32", "good": "#7cb342", "inaccuracy": "#f9a825", "mistake": "#ef6c00", "blunder": "#c62828"}


def comment(j: Judgement) -> str:
    """A one-line comment on a decision: "Mistake (−3.2): why. Better: `intent`."."""
    line = f"{j.verdict.capitalize()} (\u2212{j.loss:.1f})"
    if j.why:
        line += f": {j.why.rstrip('.')}."
    if j.better is not None:
        line += f" Better: `{j.better}`."
    return line


class Review:
    """The review of one player's decisions in a game (``stationmaster.review``).

    ``decisions`` holds a ``Judgement`` per decision judged, in order; ``lost_by_kind`` the Revenue
    lost by decision kind (``KINDS``); ``curve`` the (seq, expected value) points; ``partial`` is
    True when the review was stopped (Ctrl-C) before every decision was judged: ``decisions`` then
    holds those finished, ``total`` says how many there were to judge."""

    def __init__(self, game, player: str, decisions, depth: str = "normal", total: int | None = None,
                 seconds: float = 0.0) -> None:
        self.game = game
        self.player = player
        self.decisions: list = list(decisions)
        self.depth = depth
        self.total = len(self.decisions) if total is None else total
        self.seconds = seconds

    @property
    def partial(self) -> bool:
        """True when fewer decisions were judged than there were (the review was interrupted)."""
        return len(self.decisions) < self.total

    @property
    def lost_by_kind(self) -> dict:
        """The expected Revenue lost, by decision kind (every kind of ``KINDS``, 0.0 where none)."""
        out = {k: 0.0 for k in KINDS}
        for j in self.decisions:
            out[j.kind] = round(out.get(j.kind, 0.0) + j.loss, 3)
        return out

    @property
    def curve(self) -> list:
        """[(seq, expected value after the played decision)] over the game."""
        return [(j.seq, j.value) for j in self.decisions]

    @property
    def lost(self) -> float:
        """The expected Revenue lost in all."""
        return round(sum(j.loss for j in self.decisions), 3)

    def counts(self) -> dict:
        """How many decisions got each verdict."""
        out = {v: 0 for v in VERDICTS}
        for j in self.decisions:
            out[j.verdict] += 1
        return out

    def at(self, seq: int) -> Judgement | None:
        """The judgement of the decision at timeline entry ``seq`` (None: not judged there)."""
        for j in self.decisions:
            if j.seq == seq:
                return j
        return None

    def comments(self) -> dict:
        """{seq: one-line comment} for the decisions not judged "best"."""
        return {j.seq: comment(j) for j in self.decisions if j.verdict != "best"}

    # ------------------------------------------------------------------ text

    def where(self, seq: int) -> str:
        """'Day 2, Stage 5' of timeline entry ``seq``."""
        t = self.game.timeline
        if 1 <= seq <= len(t):
            turn = t[seq - 1].turn
            return f"Day {turn.day}, Stage {turn.stage}"
        return ""

    def headline(self) -> str:
        c = self.counts()
        n = len(self.decisions)
        text = (f"Review of {self.player}: {n} decision{'s' if n != 1 else ''} judged ({self.depth}), "
                f"{c['blunder']} blunder{'s' if c['blunder'] != 1 else ''}, {c['mistake']} "
                f"mistake{'s' if c['mistake'] != 1 else ''}, {c['inaccuracy']} "
                f"inaccurac{'ies' if c['inaccuracy'] != 1 else 'y'}; {self.lost:.1f} Revenue lost")
        if self.partial:
            text += f" (partial: stopped after {n} of {self.total})"
        return text

    def table(self) -> str:
        """The summary as plain text: the headline, Revenue lost by kind, and the decisions not
        judged best or good (the CLI prints it)."""
        lines = [self.headline(), ""]
        lost = {k: v for k, v in self.lost_by_kind.items() if v > 0}
        if lost:
            lines.append("Revenue lost by kind: " + ", ".join(f"{k} {v:.1f}" for k, v in lost.items()))
            lines.append("")
        worse = [j for j in self.decisions if j.verdict not in ("best", "good")]
        if worse:
            lines.append(f"{'seq':>5}  {'when':<15} {'verdict':<10} {'loss':>5}  played -> better")
            for j in worse:
                lines.append(f"{j.seq:>5}  {self.where(j.seq):<15} {j.verdict:<10} {j.loss:>5.1f}  "
                             f"{j.played} -> {j.better}")
                if j.why:
                    lines.append(f"{'':>7}{j.why}")
        else:
            lines.append("No inaccuracy, mistake or blunder found.")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<{self.headline()}>"

    # ------------------------------------------------------------------ HTML

    def curve_svg(self, width: int = 640, height: int = 160) -> str:
        """The curve as inline SVG: the expected value after each decision, the verdicts marked."""
        pts = self.curve
        if not pts:
            return ""
        pad = 24
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
        y0, y1 = min(ys), max(ys) if max(ys) > min(ys) else min(ys) + 1

        def at(seq, v):
            return (pad + (seq - x0) / (x1 - x0) * (width - 2 * pad),
                    height - pad - (v - y0) / (y1 - y0) * (height - 2 * pad))

        path = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(at(s, v) for s, v in pts))
        marks = []
        for j in self.decisions:
            if j.verdict in ("inaccuracy", "mistake", "blunder"):
                x, y = at(j.seq, j.value)
                marks.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{COLOURS[j.verdict]}">'
                             f'<title>{html.escape(self.where(j.seq))}: {html.escape(comment(j))}</title></circle>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                f'viewBox="0 0 {width} {height}" role="img" aria-label="expected Revenue over the game">'
                f'<rect width="{width}" height="{height}" fill="#fafafa"/>'
                f'<text x="{pad}" y="14" font-size="11" fill="#555">expected Revenue over the next Stages after '
                f'each decision ({y0:.0f} to {y1:.0f}); marked: inaccuracies, mistakes, blunders</text>'
                f'<text x="{pad}" y="{height - 6}" font-size="11" fill="#555">intent {x0}</text>'
                f'<text x="{width - pad}" y="{height - 6}" font-size="11" fill="#555" text-anchor="end">'
                f'intent {x1}</text>'
                f'<path d="{path}" fill="none" stroke="#1565c0" stroke-width="1.5"/>{"".join(marks)}</svg>')

    def _repr_html_(self) -> str:
        e = html.escape
        rows = []
        for j in self.decisions:
            if j.verdict == "best":
                continue
            nowrap = ' style="white-space:nowrap"'
            rows.append(f'<tr><td>{j.seq}</td><td{nowrap}>{e(self.where(j.seq))}</td><td>{e(j.kind)}</td>'
                        f'<td style="color:{COLOURS[j.verdict]};font-weight:bold">{e(j.verdict)}</td>'
                        f'<td>{j.loss:.1f}</td><td{nowrap}><code>{e(str(j.played))}</code></td>'
                        f'<td{nowrap}><code>{e(str(j.better)) if j.better is not None else ""}</code></td>'
                        f'<td style="text-align:left">{_code(e(j.why))}</td></tr>')
        lost = ", ".join(f"{e(k)} {v:.1f}" for k, v in self.lost_by_kind.items() if v > 0) or "none"
        table = ('<table style="text-align:left"><thead><tr><th>seq</th><th>when</th><th>kind</th><th>verdict</th><th>loss</th>'
                 "<th>played</th><th>better</th><th>why</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
                 if rows else "<p>Every decision judged was the best found.</p>")
        return (f"<div><p><b>{e(self.headline())}</b></p><p>Revenue lost by kind: {lost}</p>"
                f"{self.curve_svg()}{table}</div>")

    # ------------------------------------------------------------------ the notebook

    def annotate(self, game=None) -> int:
        """Write the review's comments (``comments``) as notes on the game's decisions
        (``Game.annotate``), each beginning "Review: ", so that a player can keep or edit them: they
        are saved with the game and shown in the record notebook and the replay. A note the player
        wrote on that decision stays, the comment after it; a review's earlier comment is replaced.
        ``game`` is the reviewed game by default (or a copy of it). Returns the notes written."""
        game = self.game if game is None else game
        for seq, text in self.comments().items():
            own = game.notes.get(seq, "")
            if REVIEW_MARK in own:
                own = own[: own.index(REVIEW_MARK)].rstrip()
            note = (own + "\n" if own else "") + REVIEW_MARK + text
            if len(note) > MAX_NOTE:
                note = note[: MAX_NOTE - 1] + "\u2026"
            game.annotate(seq, note)
        return len(self.comments())

    def to_notebook(self, path) -> None:
        """Write the game's record notebook (``stationmaster.record``) with the review in it: a
        summary after the header, and each comment as a note on its decision, under its Stage (on a
        copy of the game: the reviewed game's notes are left as they are)."""
        game = self.game.copy()
        self.annotate(game)
        nb = notebook(game)
        cells = []
        for cell in nb["cells"]:
            cells.append(cell)
            if len(cells) == 1:  # after the header
                cells.append(_markdown(self._summary_md()))
        for k, cell in enumerate(cells):
            cell["id"] = f"cell-{k}"
        nb["cells"] = cells
        nb["metadata"]["stationmaster"]["review"] = {"player": self.player, "depth": self.depth,
                                                     "decisions": len(self.decisions), "partial": self.partial}
        write_atomically(path, json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n")

    def _summary_md(self) -> str:
        lines = ["## Review", "", md(self.headline()), "", "| kind | Revenue lost |", "| --- | --- |"]
        lines += [f"| {k} | {v:.1f} |" for k, v in self.lost_by_kind.items()]
        return "\n".join(lines)


def _code(escaped: str) -> str:
    """`intent` in an (escaped) sentence shown as code."""
    parts = escaped.split("`")
    if len(parts) % 2 == 0:  # an odd number of backquotes: leave them be
        return escaped
    return "".join(f"<code>{p}</code>" if k % 2 else p for k, p in enumerate(parts))


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "id": "", "metadata": {}, "source": text.splitlines(keepends=True)}
