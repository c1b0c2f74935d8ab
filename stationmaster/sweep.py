"""Sweeps of rule variants on paired deals: variants × bots, every cell on the same seeds.

A designer asks "does paying 3 a car instead of 2 move the planner's Revenue, and by how much?".
Luck between deals is far larger than most rule changes, so each cell of a sweep plays the *same*
deals (game i on seed ``seed + i`` in every cell) and a variant is judged by the paired differences
against the baseline cell of the same bot, deal by deal: their mean, with a 95% confidence interval
from Student's t on n - 1 degrees of freedom (``T975``).

    from stationmaster.sweep import sweep
    result = sweep({"edition": {}, "rich orders": {"order_pay": (3, 4)}}, ["greedy", "planner"],
                   length="short", games=40)
    result            # a table in the notebook (``_repr_html_``); result.table() as Markdown
    result.plot()     # the differences with their intervals, as an inline SVG chart

Games are played through ``iter_simulate`` (``jobs`` and any backend keywords, such as a Dask
``client=``, pass through), so the rows are simulate's and each replays: its seed, configuration
and house rules are in the row. A bot fills every seat of its cell's table, so in Competitive and
Co-op every seat position of each deal is the bot's, on the same deals in every cell; a game's
figure is its mean Revenue per seat.
"""

from __future__ import annotations

import html
import json
import math
import re
import statistics
import sys
from dataclasses import dataclass, field

from .bots.simulate import iter_simulate
from .config import DEFAULT_BALANCE, make_config
from .house_rules import describe as describe_rules, normalise, split_text, to_json as rules_json

#: Student's t at 97.5% (a two-sided 95% interval) by degrees of freedom; between the rows the next
#: smaller df's value is used (a little wider: the safe side), beyond 120 the normal 1.96
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
        20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048,
        29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}
NORMAL_975 = 1.960
FREIGHT = ("freight_out", "freight_in")
_NAME = re.compile(r"^[A-Za-z0-9][\w.\- ]{0,39}$")


def t975(df: int) -> float:
    """The 97.5% point of Student's t with ``df`` degrees of freedom (``T975``)."""
    if df > 120:
        return NORMAL_975
    return T975[max(k for k in T975 if k <= df)]


@dataclass(frozen=True)
class Variant:
    """A named set of house rules (``house_rules.HOUSE_RULES``); no rules: the edition's own game."""

    name: str
    house_rules: tuple = ()

    def __str__(self) -> str:
        return f"{self.name}:{describe_rules(self.house_rules).replace(', ', ',')}"


def parse_variant(text: str) -> Variant:
    """``NAME:KEY=V,KEY=V`` (``--variant``) -> a Variant; a value may hold commas (``order_pay=3,4``):
    a piece without '=' belongs to the value before it. ``NAME`` or ``NAME:`` alone: no house rules."""
    if not isinstance(text, str):
        raise ValueError(f"a variant is written NAME:KEY=VALUE,KEY=VALUE, not {text!r}")
    name, _, rules = text.partition(":")
    pieces = []
    for piece in (p.strip() for p in rules.split(",")) if rules.strip() else ():
        if "=" in piece or not pieces:
            pieces.append(piece)
        else:
            pieces[-1] += "," + piece
    return Variant(_check_name(name.strip(), text), tuple(split_text(p) for p in pieces))


def _check_name(name: str, text) -> str:
    if not _NAME.match(name):
        raise ValueError(f"variant {text!r}: a variant's name is 1-40 letters, digits, spaces, '.', '-' or "
                         f"'_' before the ':' (e.g. rich:order_pay=3,4), not {name!r}")
    return name


def variants_of(variants) -> list:
    """Variants from a mapping (name -> house rules), ``Variant``s, (name, rules) pairs or
    ``--variant`` texts; names must differ."""
    if isinstance(variants, dict):
        items = list(variants.items())
    elif isinstance(variants, (str, Variant)):
        items = [variants]
    else:
        items = list(variants)
    out = []
    for v in items:
        if isinstance(v, str):
            v = parse_variant(v)
        elif not isinstance(v, Variant):
            name, rules = v
            v = Variant(_check_name(name, name) if isinstance(name, str) else _check_name(repr(name), name), rules)
        out.append(v)
    if not out:
        raise ValueError("a sweep needs at least one variant, e.g. {'edition': {}}")
    names = [v.name for v in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"variant names must differ: {', '.join(twice)} is given twice")
    return out


def game_revenue(row: dict) -> float:
    """A game's figure: its mean Revenue per seat (a solitaire game's Revenue)."""
    return statistics.fmean(row["revenue"].values())


def _freight_share(rows) -> float:
    """The share of the Revenue earned (every source that pays, not collisions or penalties) that
    freight earned."""
    earned = sum(v for r in rows for v in r["revenue_by_source"].values() if v > 0)
    freight = sum(r["revenue_by_source"].get(k, 0) for r in rows for k in FREIGHT)
    return freight / earned if earned else 0.0


def paired(values: list, base: list) -> dict:
    """The mean of the paired differences ``values[i] - base[i]`` with its 95% t interval (None
    without at least two pairs)."""
    d = [a - b for a, b in zip(values, base)]
    n = len(d)
    mean = statistics.fmean(d) if d else 0.0
    if n < 2:
        return {"diff": mean, "ci": None, "pairs": n}
    half = t975(n - 1) * statistics.stdev(d) / math.sqrt(n)
    return {"diff": mean, "ci": [mean - half, mean + half], "pairs": n}


@dataclass
class Sweep:
    """The result of ``sweep``: every cell's figures (``cells``) and its games' rows (``rows``, by
    (variant, bot)), with the settings every cell shares."""

    variants: list
    bots: list
    baseline: str
    settings: dict
    rows: dict = field(default_factory=dict, repr=False)

    def cell_rows(self, variant: str, bot: str) -> list:
        return self.rows.get((variant, bot), [])

    @property
    def cells(self) -> list:
        """One dict a cell: variant, bot, games, mean Revenue (a seat's), sd across games, win rate,
        freight share, and against the baseline cell of the same bot: the mean paired difference and
        its 95% interval (None for the baseline itself)."""
        out = []
        for v in self.variants:
            for bot in self.bots:
                rows = self.cell_rows(v.name, bot)
                figures = [game_revenue(r) for r in rows]
                cell = {"variant": v.name, "house_rules": describe_rules(v.house_rules), "bot": bot,
                        "games": len(rows), "mean_revenue": statistics.fmean(figures) if figures else 0.0,
                        "sd": statistics.stdev(figures) if len(figures) > 1 else 0.0,
                        "win_rate": sum(bool(r["won"]) for r in rows) / len(rows) if rows else 0.0,
                        "freight_share": _freight_share(rows), "diff": None, "ci": None}
                if v.name != self.baseline:
                    base = {r["seed"]: game_revenue(r) for r in self.cell_rows(self.baseline, bot)}
                    seeds = [r["seed"] for r in rows if r["seed"] in base]
                    mine = {r["seed"]: game_revenue(r) for r in rows}
                    cell.update(paired([mine[s] for s in seeds], [base[s] for s in seeds]))
                out.append(cell)
        return out

    def to_json(self) -> dict:
        """The sweep as JSON: its settings, variants, cells and the seeds every cell played."""
        return {"settings": self.settings, "baseline": self.baseline, "interval": INTERVAL,
                "variants": [{"name": v.name, "house_rules": rules_json(v.house_rules)} for v in self.variants],
                "bots": list(self.bots), "cells": self.cells}

    def table(self) -> str:
        """The cells as a Markdown table."""
        head = ["variant", "bot", "games", "mean Revenue", "sd", "won", "freight", f"vs {self.baseline} (95% CI)"]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * 2 + "---:|" * 6]
        for c in self.cells:
            lines.append("| " + " | ".join([_md(c["variant"]), c["bot"], str(c["games"]), f"{c['mean_revenue']:.2f}",
                                            f"{c['sd']:.2f}", f"{100 * c['win_rate']:.0f}%",
                                            f"{100 * c['freight_share']:.0f}%", _difference(c)]) + " |")
        rules = "; ".join(f"{_md(v.name)}: {_md(describe_rules(v.house_rules)) or 'the edition'}" for v in self.variants)
        return "\n".join(lines) + f"\n\nVariants: {rules}. {INTERVAL_WORDS}"

    def _repr_html_(self) -> str:
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(x))}</td>" for x in (
                c["variant"], c["bot"], c["games"], f"{c['mean_revenue']:.2f}", f"{c['sd']:.2f}",
                f"{100 * c['win_rate']:.0f}%", f"{100 * c['freight_share']:.0f}%", _difference(c))) + "</tr>"
            for c in self.cells)
        head = "".join(f"<th>{html.escape(h)}</th>" for h in (
            "variant", "bot", "games", "mean Revenue", "sd", "won", "freight", f"vs {self.baseline} (95% CI)"))
        return (f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
                f"<p>{html.escape(INTERVAL_WORDS)}</p>")

    def __repr__(self) -> str:
        return (f"<Sweep of {len(self.variants)} variants × {len(self.bots)} bots, "
                f"{self.settings.get('games')} games a cell, baseline {self.baseline}>")

    def plot(self) -> "SweepPlot":
        """The paired differences against the baseline with their 95% intervals, as an SVG chart
        (shown in a notebook; ``.svg`` the text). Drawn without matplotlib, so it shows wherever the
        engine runs (JupyterLite included) and in a saved notebook on GitHub."""
        return SweepPlot(chart([c for c in self.cells if c["variant"] != self.baseline], self.baseline))


INTERVAL = "paired differences against the baseline cell of the same bot, 95% Student's t interval on n-1 df"
INTERVAL_WORDS = ("Difference: the mean, deal by deal, of a game's Revenue per seat minus the baseline's on "
                  "the same seed, with its 95% confidence interval (Student's t, n-1 degrees of freedom).")


def _md(text: str) -> str:
    return str(text).replace("|", "\\|")


def _difference(c: dict) -> str:
    if c["ci"] is None:
        return "baseline" if c["diff"] is None else f"{c['diff']:+.2f}"
    lo, hi = c["ci"]
    return f"{c['diff']:+.2f} [{lo:+.2f}, {hi:+.2f}]"


@dataclass(frozen=True)
class SweepPlot:
    """An SVG chart a notebook shows (``_repr_svg_``)."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg


def chart(cells: list, baseline: str) -> str:
    """A horizontal bar a cell: its mean difference from zero, with its interval as a whisker."""
    width, label_w, row_h = 640, 220, 26
    height = 40 + row_h * max(1, len(cells))
    ends = [0.0] + [x for c in cells for x in ([c["diff"]] + (c["ci"] or []))]
    lo, hi = min(ends), max(ends)
    span = (hi - lo) or 1.0
    lo, hi = lo - 0.05 * span, hi + 0.05 * span

    def x(v):
        return label_w + (v - lo) / (hi - lo) * (width - label_w - 20)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<text x="{label_w}" y="16">Revenue per seat against {html.escape(baseline)} (95% CI)</text>',
           f'<line x1="{x(0):.1f}" y1="24" x2="{x(0):.1f}" y2="{height - 8}" stroke="#555"/>']
    for i, c in enumerate(cells):
        y = 30 + i * row_h
        colour = "#2a7" if c["diff"] >= 0 else "#c44"
        left, right = sorted((x(0), x(c["diff"])))
        out.append(f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">'
                   f'{html.escape(c["variant"])} · {html.escape(c["bot"])}</text>')
        out.append(f'<rect x="{left:.1f}" y="{y + 4}" width="{max(right - left, 1):.1f}" height="14" fill="{colour}"/>')
        if c["ci"]:
            a, b = x(c["ci"][0]), x(c["ci"][1])
            out.append(f'<path d="M{a:.1f} {y + 11}H{b:.1f}M{a:.1f} {y + 5}V{y + 17}M{b:.1f} {y + 5}V{y + 17}" '
                       f'stroke="#000"/>')
        out.append(f'<text x="{width - 4}" y="{y + 14}" text-anchor="end">{c["diff"]:+.2f}</text>')
    out.append("</svg>")
    return "".join(out)


def sweep(variants, bots, length: str = "short", games: int = 30, seed: int = 1, mode: str = "solitaire",
          players: int | None = None, baseline: str | None = None, jobs: int | None = 1, progress=False,
          deck: str = "classic", optional_rules=(), balance: str = DEFAULT_BALANCE, yard_refill: str = "day_end",
          **backend) -> Sweep:
    """Play every variant × bot cell on the same ``games`` deals (seeds ``seed`` ...) and return the
    ``Sweep``. ``variants``: a mapping name -> house rules, ``Variant``s or ``NAME:KEY=V,...`` texts;
    the baseline is ``baseline`` or the first. ``bots``: bot names (each fills every seat of its
    cells). ``jobs`` and ``backend`` keywords (a Dask ``client=``...) go to ``iter_simulate``.
    Every setting is checked before any game (a ValueError says which)."""
    variants = variants_of(variants)
    bots = [bots] if isinstance(bots, str) else list(bots)
    if not bots:
        raise ValueError("a sweep needs at least one bot, e.g. ['greedy']")
    names = [v.name for v in variants]
    baseline = names[0] if baseline is None else baseline
    if baseline not in names:
        raise ValueError(f"the baseline {baseline!r} is not one of the variants: {', '.join(names)}")
    checked = []
    for v in variants:  # every variant's rules checked against the edition before any game is played
        try:
            config = make_config(balance=balance, deck=deck, house_rules=dict(normalise(v.house_rules)) or None)
        except ValueError as e:
            raise ValueError(f"variant {v.name}: {e}") from None
        checked.append(Variant(v.name, config.house_rules))
    settings = {"length": length, "games": games, "seed": seed, "mode": mode, "players": players, "deck": deck,
                "optional_rules": list(optional_rules), "balance": balance, "yard_refill": yard_refill}
    result = Sweep(checked, bots, baseline, settings)
    plans = [(v, bot, iter_simulate(bot, length, games, seed, jobs, mode, players, yard_refill, False, None, deck,
                                    optional_rules, balance, dict(v.house_rules) or None, **backend))
             for v in checked for bot in bots]  # every cell's settings refused here, before any game
    for k, (v, bot, rows) in enumerate(plans, 1):
        try:
            result.rows[(v.name, bot)] = list(rows)
        finally:
            rows.close()
        if progress:
            print(f"sweep: cell {k} of {len(plans)} ({v.name}, {bot}): {games} games", file=sys.stderr, flush=True)
    return result


def dumps(result: Sweep) -> str:
    return json.dumps(result.to_json(), indent=1, ensure_ascii=False)
