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
and house rules are in the row. A bot named alone fills every seat of its cell's table; a
*lineup* ``"planner+greedy"`` seats one bot a seat, and each deal is then played once per rotation
of the lineup round the table, so that every bot plays every seat of every deal (Competitive and
Co-op). A deal's figure is its mean Revenue per seat, over its rotations; a lineup's cell also
gives each bot's own (``by_bot``).
"""

from __future__ import annotations

import html
import json
import math
import re
import statistics
import sys
from dataclasses import dataclass, field

from .bots.base import Bot, make
from .bots.simulate import iter_simulate
from .config import DEFAULT_BALANCE, make_config
from .kernel import notebook_widgets
from .house_rules import describe as describe_rules, normalise, split_text, to_json as rules_json

#: Student's t at 97.5% (a two-sided 95% interval) by degrees of freedom; between the rows the next
#: smaller df's value is used (a little wider: the safe side), beyond 120 the normal 1.96
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
        20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048,
        29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}
NORMAL_975 = 1.960
RIGHT = ' style="text-align:right"'  # the figures' cells of the HTML table
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


class Lineup(Bot):
    """One bot a seat for ``iter_simulate`` (which puts one bot in every seat): the player of the
    ``i``-th seat name is played by ``bots[(i + rotation) % len(bots)]``, made for each game with the
    game's seed as a named bot is (so a game does not depend on which process plays it)."""

    name = "lineup"

    def __init__(self, bots=("random",), rotation: int = 0, seed: int = 0) -> None:
        super().__init__(seed)
        self.bots, self.rotation = tuple(bots), rotation
        self.name = "+".join(self.bots)  # the rows' "bot"

    def bot_of(self, players, player: str) -> str:
        return self.bots[(list(players).index(player) + self.rotation) % len(self.bots)]

    def decide(self, game):
        who = self.bot_of(game.players, game.actor)
        made = game.__dict__.setdefault("_lineup_bots", {})
        if who not in made:
            made[who] = make(who, seed=game.seed)
        return made[who].decide(game)


def lineup_of(spec: str) -> tuple:
    """``"planner+greedy"`` -> ("planner", "greedy"); a single name -> (name,)."""
    if not isinstance(spec, str) or not spec:
        raise ValueError(f"a sweep's bot is a bot's name or a lineup like 'planner+greedy', not {spec!r}")
    members = tuple(b.strip() for b in spec.split("+"))
    for b in members:
        make(b)  # an unknown name says which bots there are
    return members


def game_revenue(row: dict) -> float:
    """A game's figure: its mean Revenue per seat (a solitaire game's Revenue)."""
    return statistics.fmean(row["revenue"].values())


def deal_figures(rows) -> dict:
    """seed -> the deal's figure: the mean over its games (its rotations) of the Revenue per seat."""
    by_seed: dict = {}
    for r in rows:
        by_seed.setdefault(r["seed"], []).append(game_revenue(r))
    return {seed: statistics.fmean(v) for seed, v in by_seed.items()}


def by_bot(rows, members: tuple) -> dict:
    """A lineup's bots, each: its seats' mean Revenue and the share of its seats that won."""
    seats: dict = {b: [] for b in members}
    for r in rows:
        lineup = Lineup(members, r.get("rotation", 0))
        players = sorted(r["revenue"], key=lambda p: int(p[1:]) if p[1:].isdigit() else 0)
        for p in players:
            seats[lineup.bot_of(players, p)].append((r["revenue"][p], p in r["winners"]))
    return {b: {"mean_revenue": statistics.fmean(x for x, _ in v) if v else 0.0,
                "win_rate": sum(w for _, w in v) / len(v) if v else 0.0} for b, v in seats.items()}


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
        """One dict a cell: variant, bot, games (deals × rotations), deals, mean Revenue (a seat's,
        over the deals), sd across deals, win rate (of games),
        freight share, and against the baseline cell of the same bot: the mean paired difference and
        its 95% interval (None for the baseline itself)."""
        out = []
        for v in self.variants:
            for bot in self.bots:
                rows = self.cell_rows(v.name, bot)
                deals = deal_figures(rows)
                figures = list(deals.values())
                cell = {"variant": v.name, "house_rules": describe_rules(v.house_rules), "bot": bot,
                        "games": len(rows), "deals": len(deals),
                        "mean_revenue": statistics.fmean(figures) if figures else 0.0,
                        "sd": statistics.stdev(figures) if len(figures) > 1 else 0.0,
                        "win_rate": sum(bool(r["won"]) for r in rows) / len(rows) if rows else 0.0,
                        "freight_share": _freight_share(rows), "diff": None, "ci": None}
                if "+" in bot:
                    cell["by_bot"] = by_bot(rows, lineup_of(bot))
                if v.name != self.baseline:
                    base = deal_figures(self.cell_rows(self.baseline, bot))
                    seeds = sorted(s for s in deals if s in base)
                    cell.update(paired([deals[s] for s in seeds], [base[s] for s in seeds]))
                out.append(cell)
        return out

    def to_json(self) -> dict:
        """The sweep as JSON: its settings, variants, cells and the seeds every cell played."""
        return {"settings": self.settings, "baseline": self.baseline, "interval": INTERVAL,
                "variants": [{"name": v.name, "house_rules": rules_json(v.house_rules)} for v in self.variants],
                "bots": list(self.bots), "cells": self.cells}

    def _head(self) -> list:
        """The table's columns, the Markdown's and the notebook's alike."""
        return ["variant", "bot", "games", "mean Revenue", "sd", "won", "freight", f"vs {self.baseline} (95% CI)"]

    def table(self) -> str:
        """The cells as a Markdown table."""
        lines = ["| " + " | ".join(self._head()) + " |", "|" + "---|" * 2 + "---:|" * 6]
        for c in self.cells:
            bot = c["bot"] + (" (" + ", ".join(f"{b} {x['mean_revenue']:.1f}" for b, x in c["by_bot"].items()) + ")"
                              if "by_bot" in c else "")
            lines.append("| " + " | ".join([_md(c["variant"]), bot, *_figures(c)]) + " |")
        rules = "; ".join(f"{_md(v.name)}: {_md(describe_rules(v.house_rules)) or 'the edition'}" for v in self.variants)
        return "\n".join(lines) + f"\n\nVariants: {rules}. {INTERVAL_WORDS}"

    def _repr_html_(self) -> str:
        rows = "".join(
            "<tr>" + "".join(f"<td{RIGHT if k > 1 else ''}>{html.escape(str(x))}</td>"
                             for k, x in enumerate((c["variant"], c["bot"], *_figures(c)))) + "</tr>"
            for c in self.cells)
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self._head())
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


def _figures(c: dict) -> list:
    """A cell's figures as its table row shows them, after its variant and bot."""
    return [str(c["games"]), f"{c['mean_revenue']:.2f}", f"{c['sd']:.2f}", f"{100 * c['win_rate']:.0f}%",
            f"{100 * c['freight_share']:.0f}%", _difference(c)]


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
    lineups = {bot: lineup_of(bot) for bot in bots}
    for bot, members in lineups.items():
        if len(members) > 1 and (mode == "solitaire" or players not in (None, len(members))):
            raise ValueError(f"the lineup {bot} seats {len(members)} bots: play it in a competitive or coop "
                             f"sweep of {len(members)} players" + (f", not {players}" if players else ""))
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
    own = None
    if backend.get("scheduler") is not None and backend.get("client") is None:
        from .bots import cluster  # one client, and one check of the workers, for every cell
        own, _ = cluster.connect(scheduler=backend.pop("scheduler"))
        backend["client"] = own
    try:
        return _play(result, checked, bots, lineups, (length, games, seed, jobs, mode, players, yard_refill, deck,
                                                      optional_rules, balance), progress, backend)
    finally:
        if own is not None:
            own.close()


def _play(result: Sweep, checked: list, bots: list, lineups: dict, game_settings: tuple, progress, backend) -> Sweep:
    """Play the sweep's cells into ``result`` (see ``sweep``)."""
    length, games, seed, jobs, mode, players, yard_refill, deck, optional_rules, balance = game_settings
    plans = []  # every cell's settings refused by iter_simulate here, before any game
    for v in checked:
        for bot in bots:
            members = lineups[bot]
            for r in range(len(members)):  # a lineup: once a rotation round the table, on the same deals
                player = Lineup(members, r) if len(members) > 1 else bot
                seats = len(members) if len(members) > 1 else players
                plans.append((v, bot, r, iter_simulate(
                    player, length, games, seed, jobs, mode, seats, yard_refill, False, None, deck, optional_rules,
                    balance, dict(v.house_rules) or None, **backend)))
    bar = _progress(progress, len(plans) * games)
    try:
        for k, (v, bot, r, rows) in enumerate(plans, 1):
            cell = f"{v.name}, {bot}" + (f" (rotation {r})" if "+" in bot else "")
            bar.cell(k, len(plans), cell)
            try:
                got = result.rows.setdefault((v.name, bot), [])
                for row in rows:
                    got.append({**row, "rotation": r} if "+" in bot else row)
                    bar.update(1)
            finally:
                rows.close()
    finally:
        bar.close()
    return result


class _Lines:
    """A sweep's progress as a line a cell on standard error (``progress=True`` outside a notebook)."""

    def cell(self, k: int, cells: int, name: str) -> None:
        print(f"sweep: cell {k} of {cells}: {name}", file=sys.stderr, flush=True)

    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


class _Quiet(_Lines):
    def cell(self, k: int, cells: int, name: str) -> None:
        pass


class _Callback(_Quiet):
    """``progress=callback``: called with (games done, games in all) after every game."""

    def __init__(self, callback, total: int) -> None:
        self.callback, self.total, self.done = callback, total, 0

    def update(self, n: int = 1) -> None:
        self.done += n
        self.callback(self.done, self.total)


class _Bar(_Quiet):
    """An ipywidgets progress bar in a notebook: the games played of the sweep's, and the cell."""

    def __init__(self, widgets, total: int) -> None:
        from IPython.display import display

        self.bar = widgets.IntProgress(value=0, min=0, max=max(1, total), description="Sweep")
        self.label = widgets.Label(f"0 of {total} games")
        self.total, self.name = total, ""
        self.box = widgets.HBox([self.bar, self.label])
        display(self.box)

    def cell(self, k: int, cells: int, name: str) -> None:
        self.name = f"cell {k} of {cells}: {name}"
        self._say()

    def update(self, n: int = 1) -> None:
        self.bar.value += n
        self._say()

    def _say(self) -> None:
        self.label.value = f"{self.bar.value} of {self.total} games" + (f" · {self.name}" if self.name else "")

    def close(self) -> None:
        self.box.close()


def _progress(progress, total: int):
    """What the sweep reports to: nothing, a callback, a notebook's bar, or lines on stderr."""
    if not progress:
        return _Quiet()
    if callable(progress) and progress is not True:
        return _Callback(progress, total)
    widgets = notebook_widgets()
    if widgets is not None:
        try:
            return _Bar(widgets, total)
        except Exception:  # no display to show it in
            pass
    return _Lines()


def dumps(result: Sweep) -> str:
    return json.dumps(result.to_json(), indent=1, ensure_ascii=False)
