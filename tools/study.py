"""The whole balance study in one command: every table and plot docs/balance.md shows (issue 16).

    python tools/study.py --seed 1001 --jobs 2        # the report run, for the engine's default edition
    python tools/study.py --plan                      # the settings and the expected time; play nothing
    python tools/study.py --v1 --seed 1001            # also replay edition v1's comparison rows
    python tools/study.py --render-only               # the page again from the saved summaries
    python tools/study.py --scale 0.2 --out /tmp/s    # a fifth of the games, elsewhere (to time it)
    python tools/study.py --quick --out /tmp/s        # one game of every setting, tiny budgets (the tests)
    python tools/study.py --ladder-only --games 40 --seed 7001   # just the ladder; its tables printed
    python tools/study.py --scheduler tcp://HOST:8786  # every game on a Dask cluster (docs/balance.md)

It plays, for the edition of the numbers and the deck a new game gets by default (``Config``'s, read
at run time): solitaire Short / Standard / Campaign with random, greedy, passenger and planner
(100 / 200 / 40 games), expert in Standard when it is registered (--expert-games), search in Standard
(--search-games), the planner with the other deck,
greedy and planner with adversity on both decks, passenger and planner under the previous edition
(and v1 with --v1), and Co-op and Competitive at 2, 3 and 4 seats with the planner in every seat and
with one careless seat (40 games a cell, seeds SEED+1000 on). Each setting is saved as it finishes
(tools/balance.py's summaries, the multiplayer rows a cell at a time under the data folder), and a
run started again reuses what matches, played by the same engine and bots' code (--fresh plays
everything again): the raw rows under build/, or a solitaire setting's summary in docs/balance-data,
which carries the code's fingerprint, so a study too long for one sitting can be committed part-done
and finished from another checkout. Then it writes the page:
the acceptance table at the top (met / not met computed from the figures), the Depth section (the
ladder on paired deals, the luck between the two strongest bots, each bot's turns and freight:
tools/ladder.py), the solitaire sections
with their spread across seeds and plots (tools/balance.py), and the multiplayer tables
(tools/balance_multiplayer.py), each between its markers; the hand-written text stays.

``--ladder-only`` plays just the ladder's Standard games (``--games`` a bot, from ``--seed``) and prints
the Depth section, to try a change of the rules or bots quickly; it writes no page unless ``--out`` is
given (then that folder's).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import hashlib
import importlib.util
import json
import os
import pathlib
import shutil
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _tool(name: str):
    """A module of tools/ (they are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


balance = _tool("balance")
multiplayer = _tool("balance_multiplayer")
ladder = _tool("ladder")

from stationmaster.bots import available, summarize  # noqa: E402
from stationmaster.config import BALANCES, DECKS, LENGTHS, YARD_REFILLS  # noqa: E402

EDITION = balance.DEFAULT_EDITION
DECK = balance.DEFAULT_DECK
REFILL = balance.config_default("yard_refill")
OTHER_DECK = next(d for d in ("full", "classic") if d != DECK)

SOLO_BOTS = ("random", "greedy", "passenger", "planner")
#: games a setting (issue 16's study: Standard 200, Short 100, Campaign 40)
GAMES = {"short": 100, "standard": 200, "campaign": 40}
SEARCH_GAMES = 40
#: the expert's Standard games, on the same deals as the ladder below it (issue 29: paired deals)
EXPERT_GAMES = 200
SEARCH_SECONDS = 75.0  # CPU seconds a searched Standard game (see SECONDS_PER_GAME)
OTHER_DECK_GAMES = 200
ADVERSITY_BOTS = ("greedy", "planner")
ADVERSITY_GAMES = 100
#: the bots replayed under an earlier edition, beside the default's rows
EDITION_BOTS = ("passenger", "planner")
MULTIPLAYER_GAMES = 40
#: the bots' budgets in --quick (the tables are there, their figures are not): search one rollout of one
#: Stage, two candidates; the planner and the expert switch by their patterns alone (no switching search:
#: a quick expert game took half a minute of the test run, its wide search the most of it), and the
#: expert plays two spots forward once, a Stage
QUICK_BUDGET = {"search": {"max_seconds": None, "rollouts": 1, "horizon": 1, "candidates": 2},
                "planner": {"search_width": 0},
                "expert": {"search_width": 0, "rollouts": 1, "horizon": 1, "spots": 2}}
#: issue 16, item 3: the full deck's planner wins at least this, its sd at most this times the classic deck's
FULL_DECK_WINS = 0.50
FULL_DECK_SPREAD = 1.5

ACCEPT_BEGIN = "<!-- acceptance:begin (generated by tools/study.py; edit outside these markers) -->"
ACCEPT_END = "<!-- acceptance:end -->"

#: CPU seconds a game by setting, measured by `--scale 0.2 --jobs 2` (a fifth of every setting, seeds
#: 1001+) on the project's 2-core machine (2026-12-05, edition v6 with its [V11] targets: CPU time,
#: not wall, is what a shared machine still measures; the planner's three and the expert's again in
#: the full run of 2026-12-05, after the Sandbox's speed-up); the estimate's basis. v1's are edition v1's
#: (2026-12-02), as it is played only with --v1
SECONDS_PER_GAME = {
    "random-short": 0.01, "greedy-short": 0.17, "passenger-short": 0.02, "planner-short": 1.90,
    "random-standard": 0.02, "greedy-standard": 0.33, "passenger-standard": 0.03, "planner-standard": 5.37,
    "random-campaign": 0.06, "greedy-campaign": 0.79, "passenger-campaign": 0.07, "planner-campaign": 13.17,
    "expert-standard": 57.8, "search-standard": SEARCH_SECONDS, "planner-standard-full": 3.85,
    "greedy-standard-adversity": 0.37, "planner-standard-adversity": 5.16,
    "greedy-standard-full+adversity": 0.35, "planner-standard-full+adversity": 3.50,
    "passenger-standard-v5": 0.02, "planner-standard-v5": 4.16,
    "passenger-standard-v1": 0.07, "planner-standard-v1": 0.67,
    "coop-2-standard": 8.95, "coop-3-standard": 10.05, "coop-4-standard": 9.33, "competitive-2-standard": 8.82,
    "competitive-3-standard": 10.08, "competitive-4-standard": 9.30, "competitive-2+greedy-standard": 4.71,
    "competitive-3+greedy-standard": 7.67, "competitive-4+greedy-standard": 8.30,
    "competitive-2+random-standard": 4.62, "competitive-3+random-standard": 7.72,
    "competitive-4+random-standard": 5.47,
}
#: a setting not measured: by bot (a multiplayer game counts its seats' planners)
SECONDS_BY_BOT = {"random": 0.02, "greedy": 0.35, "passenger": 0.03, "planner": 6.0, "search": 75.0, "expert": 58.0}
#: issue 29's bounds on the planner's play (Standard solitaire) and on the step above it
SWITCHING_TURNS = 6  # at least, a game
CHORE_SHARE = 0.20  # at most, of its Local Operations turns
FEW_FREIGHT_DAYS = 0.10  # at most, the share of games with at most one freight Day
PAIRED_CORRELATION = 0.6  # at most, planner against expert across the deals
EXPERT_MARGIN = 3  # Revenue a game at least, expert over planner on the same deals
EXPERT_SHARE = 0.60  # at least, the share of the deals the expert scores more on


@dataclasses.dataclass(frozen=True)
class Step:
    """One setting of the study: a solitaire bot × length × deck × rules × edition, or a multiplayer cell."""

    bot: str
    length: str
    games: int
    deck: str = DECK
    rules: tuple = ()
    edition: str = EDITION
    cell: tuple | None = None  # (mode, seats, careless bot or None) for a multiplayer cell

    @property
    def name(self) -> str:
        if self.cell:
            return f"{multiplayer.cell_name(*self.cell)}-{self.length}" + ("" if self.edition == EDITION else f"-{self.edition}")
        var = balance.variant(self.deck, self.rules, self.edition)
        return f"{self.bot}-{self.length}" + (f"-{var}" if var else "")

    def seconds(self) -> float:
        """The expected CPU seconds of the whole setting."""
        key = self.name.replace(f"-{self.edition}", "") if self.edition != EDITION else self.name
        if self.name in SECONDS_PER_GAME or key in SECONDS_PER_GAME:
            per_game = SECONDS_PER_GAME.get(self.name, SECONDS_PER_GAME.get(key))
        else:
            days = LENGTHS[self.length][1] / 5
            seats = self.cell[1] if self.cell else 1
            per_game = SECONDS_BY_BOT.get(self.bot, 1.0) * days * seats
        return self.games * per_game


def scaled(n: int, scale: float) -> int:
    return max(1, round(n * scale))


def ladder_bots(registered=None) -> tuple:
    """The ladder's bots that are registered (``expert`` joins when the lead registers it)."""
    registered = set(available() if registered is None else registered)
    return tuple(b for b in ladder.LADDER if b in registered)


def plan(scale: float = 1.0, search_games: int = SEARCH_GAMES, editions=(), quick: bool = False,
         expert_games: int = EXPERT_GAMES, registered=None) -> list:
    """The study's settings, cheapest first within each part (so that a short run shows every table soon)."""
    if quick:
        scale = 0.0  # one game of every setting
    n = lambda games: scaled(games, scale)  # noqa: E731
    steps = [Step(bot, length, n(GAMES[length])) for length in GAMES for bot in SOLO_BOTS]
    if "expert" in ladder_bots(registered):
        steps.append(Step("expert", "standard", n(expert_games)))
    steps.append(Step("search", "standard", n(search_games)))
    steps.append(Step("planner", "standard", n(OTHER_DECK_GAMES), deck=OTHER_DECK))
    for deck in (DECK, OTHER_DECK):
        steps += [Step(bot, "standard", n(ADVERSITY_GAMES), deck=deck, rules=("adversity",)) for bot in ADVERSITY_BOTS]
    for edition in editions:
        steps += [Step(bot, "standard", n(GAMES["standard"]), deck="classic", edition=edition) for bot in EDITION_BOTS]
    table_length = "short" if quick else "standard"  # --quick: the tables of seats in their shortest game
    steps += [Step(multiplayer.SKILLED, table_length, n(MULTIPLAYER_GAMES), cell=cell) for cell in multiplayer.CELLS]
    return steps


def ladder_plan(games: int, registered=None) -> list:
    """``--ladder-only``: the ladder's Standard games alone, ``games`` a bot."""
    return [Step(bot, "standard", games) for bot in ladder_bots(registered)]


def earlier_editions(v1: bool) -> list:
    """The edition before the default (the comparison rows), and v1 too when asked."""
    i = BALANCES.index(EDITION)
    out = [BALANCES[i - 1]] if i > 0 else []
    if v1 and "v1" not in out and EDITION != "v1":
        out.append("v1")
    return out


def estimate(steps, jobs: int) -> float:
    """Expected wall-clock seconds: each setting's games spread over ``jobs`` processes."""
    return sum(s.seconds() / min(jobs, s.games) for s in steps)


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min"


# --------------------------------------------------------------------------- playing


def play_step(step: Step, seed: int, jobs: int, folders: dict, reuse: bool, log, quick: bool, client=None) -> None:
    """Play one setting (or keep its saved games when they match) and save it; on ``client``'s Dask
    cluster when given."""
    if step.cell:
        play_cell(step, seed + 1000, jobs, folders, reuse, log, client)
        return
    games = {None: step.games, step.bot: step.games}
    options = QUICK_BUDGET if quick else None
    balance.run([step.bot], [step.length], [REFILL], games, seed, jobs, folders["data"], reuse=reuse, log=log,
                deck=step.deck, rules=step.rules, balance=step.edition, summaries=folders["summaries"],
                bot_options=options, reuse_summaries=False, client=client,
                stamp={"code": code_fingerprint()}, partial=partial_folder(folders))


def partial_folder(folders: dict) -> pathlib.Path:
    """Where the games of a study under way are saved as they finish, beside the summaries (so a
    part-done study can be committed and finished from another checkout): a solitaire setting's games
    one by one, a table of seats' cell by cell. Emptied and removed when the study is done."""
    return folders["summaries"] / "partial"


def cell_file(folders: dict, step: Step) -> pathlib.Path:
    return folders["data"] / f"multiplayer-{step.edition}" / f"{multiplayer.cell_name(*step.cell)}.jsonl"


def play_cell(step: Step, seed: int, jobs: int, folders: dict, reuse: bool, log, client=None) -> None:
    """A multiplayer cell's games, saved as the cell finishes (the page's rows are joined from them)."""
    path = cell_file(folders, step)
    kept = partial_folder(folders) / "cells" / path.name  # the cell as this code played it, committed
    code = code_fingerprint()
    if reuse and not path.exists() and kept.exists():
        rows = balance.read_rows(kept)
        if rows and all(r.get("code") == code for r in rows):
            balance.write_rows(path, rows)
            log(f"study: {kept.name}: {len(rows)} games this code played in an earlier sitting")
    if reuse and path.exists():
        rows = balance.read_rows(path)
        if len(rows) == step.games and rows[0]["seed"] == seed and rows[0]["length"] == step.length:
            log(f"study: {path.name}: reusing {len(rows)} saved games")
            return
    rows = multiplayer.play([step.cell], step.games, seed, step.length, step.edition, jobs, progress=False,
                            client=client)
    for r in rows:
        r["code"] = code
    balance.write_rows(path, rows)
    balance.write_rows(kept, rows)


def join_cells(steps, folders: dict) -> None:
    """The multiplayer rows of the default edition, every cell's, into the summaries folder."""
    rows = []
    for step in steps:
        if step.cell and step.edition == EDITION and cell_file(folders, step).exists():
            rows += balance.read_rows(cell_file(folders, step))
    if rows:
        path = folders["summaries"] / f"multiplayer-{EDITION}.jsonl"
        path.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows), encoding="utf-8")


def cpu_seconds() -> float:
    """CPU time of this process and its finished workers (a loaded machine stretches the wall clock,
    not this: the estimate's table is in CPU seconds)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(steps, seed: int, jobs: int, folders: dict, reuse: bool = True, log=print, quick: bool = False,
        client=None) -> None:
    """Play every setting in turn, saying how far it is and how long is left."""
    total = estimate(steps, jobs)
    log(f"study: {len(steps)} settings, {sum(s.games for s in steps)} games, edition {EDITION}, deck {DECK}, "
        f"{jobs} jobs: expected {_minutes(total)} on an idle machine (from CPU seconds a game measured "
        "2026-12-05; a loaded machine or slower rules take longer: the time left is corrected as settings finish)")
    start, expected_done, played = time.perf_counter(), 0.0, 0.0  # played: what the settings played would take
    for k, step in enumerate(steps, 1):
        expect = step.seconds() / min(jobs, step.games)
        log(f"study: [{k}/{len(steps)}] {step.name}: {step.games} games (about {expect:.0f} s)")
        t, cpu = time.perf_counter(), cpu_seconds()
        play_step(step, seed, jobs, folders, reuse, log, quick, client)
        took, cpu = time.perf_counter() - t, cpu_seconds() - cpu
        expected_done += expect
        if took > 1.0:  # a setting kept from saved games says nothing of this machine's speed
            played += expect
        elapsed = time.perf_counter() - start
        left = (total - expected_done) * (elapsed / played if played else 1.0)
        log(f"study: [{k}/{len(steps)}] {step.name}: {took:.1f} s ({took / step.games:.2f} s a game, "
            + (f"CPU {cpu / step.games:.2f} s a game" if client is None else "CPU in the cluster's workers")
            + f"); elapsed {_minutes(elapsed)}, about {_minutes(left)} left")
    join_cells(steps, folders)
    shutil.rmtree(partial_folder(folders), ignore_errors=True)  # every game is in its setting's file now


# --------------------------------------------------------------------------- the page


def saved_results(summaries: pathlib.Path) -> dict:
    """Every saved solitaire setting, keyed by what its games were played under (deck, rules and
    edition read from the rows, so that a file of an earlier default edition is shown as that edition)."""
    out = {}
    for (bot, length, refill, _), rows in balance.load(list(balance.BOTS), list(LENGTHS), list(YARD_REFILLS),
                                                       summaries).items():
        first = rows[0]
        var = balance.variant(first.get("deck", "classic"), first.get("optional_rules") or (), first.get("balance", "v1"))
        out[bot, length, refill, var] = rows
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _seeds(rows: list) -> str:
    seeds = [r["seed"] for r in rows]
    return f"{len(rows)} ({min(seeds)}–{max(seeds)})"


def _range(lo: float, hi: float) -> str:
    """A win rate's bounds as the table shows them: "≥ 65%", "≤ 15%" or "60%–85%"."""
    if hi >= 1:
        return f"≥ {_pct(lo)}"
    return f"≤ {_pct(hi)}" if lo <= 0 else f"{_pct(lo)}–{_pct(hi)}"


def ladder_rows(results: dict) -> dict:
    """The ladder's (and search's) Standard solitaire rows of the default setting, by bot."""
    return {bot: rows for bot in (*ladder.LADDER, *ladder.OTHERS)
            if (rows := results.get((bot, "standard", REFILL, balance.variant(DECK, (), EDITION))))}


def depth_acceptance(results: dict) -> list:
    """Issue 29's bounds on the planner's play and on the expert's step above it, as ``acceptance``'s rows."""
    by_bot = ladder_rows(results)
    planner = by_bot.get("planner")
    info = summarize(planner) if planner else {}
    seeds = _seeds(planner) if planner else "—"
    measured = bool(info.get("depth_games"))
    out = []

    def row(measure, figure, target, met, games=seeds):
        out.append((measure, "29", figure if met is not None else "—", target, games if met is not None else "—", met))

    row("`planner`'s switching turns a game", f"{info['switching_turns_per_game']:.1f}" if measured else "",
        f"≥ {SWITCHING_TURNS}", info["switching_turns_per_game"] >= SWITCHING_TURNS if measured else None)
    row("`planner`'s Local Operations turns on box chores", _pct(info["chore_share"]) if measured else "",
        f"≤ {_pct(CHORE_SHARE)}", info["chore_share"] <= CHORE_SHARE if measured else None)
    if measured:
        finished = sum(info["finished_freight_per_game"].values()) * info["depth_games"]
        figure = f"{info['unpaid_freight']} of {round(finished)}"
    row("`planner`'s finished loads and unloads that paid nothing", figure if measured else "", "none",
        info["unpaid_freight"] == 0 if measured else None)
    row("`planner`'s games with at most one freight Day", _pct(info["few_freight_days_share"]) if measured else "",
        f"≤ {_pct(FEW_FREIGHT_DAYS)}", info["few_freight_days_share"] <= FEW_FREIGHT_DAYS if measured else None)
    pair = ladder.compare(by_bot, "planner", "expert")
    deals = f"{pair['deals']} paired" if pair else "—"
    row("`expert` − `planner`, Revenue a game on the same deals",
        f"{pair['diff']:+.1f} ({ladder.num(pair['low'], sign=True)} to {ladder.num(pair['high'], sign=True)})"
        if pair else "", f"≥ +{EXPERT_MARGIN}", pair["diff"] >= EXPERT_MARGIN if pair else None, deals)
    row("`expert` scores more than `planner` (deals, ties half)", _pct(pair["share"]) if pair else "",
        f"≥ {_pct(EXPERT_SHARE)}", pair["share"] >= EXPERT_SHARE if pair else None, deals)
    has_r = pair is not None and pair["r"] is not None
    row("`planner`'s and `expert`'s Revenue correlation across deals", f"{pair['r']:.2f}" if has_r else "",
        f"≤ {PAIRED_CORRELATION}", pair["r"] <= PAIRED_CORRELATION if has_r else None, deals)
    return out


def acceptance(results: dict, mp_rows: list) -> list:
    """Issues 29's and 16's acceptance, each as (measure, issue, figure, target, games (seeds), met:
    True / False / None). Issue 29 withdrew issue 16's planner sd/mean across seeds as the measure of
    luck: it is the correlation of two strong bots' Revenue on paired deals now."""
    def rows_of(bot, deck=DECK, rules=(), edition=EDITION):
        return results.get((bot, "standard", REFILL, balance.variant(deck, rules, edition)))

    out = []
    for bot in ("passenger", "greedy", "planner", "search"):
        lo, hi = balance.ACCEPTANCE[bot]
        rows = rows_of(bot)
        won = summarize(rows)["win_rate"] if rows else None
        out.append((f"`{bot}` wins, Standard solitaire", "16" if bot == "search" else "29", _pct(won) if rows else "—",
                    _range(lo, hi), _seeds(rows) if rows else "—", None if won is None else lo <= won <= hi))
        if bot == "planner":
            share = balance.freight_share(rows) if rows else None
            lo, hi = balance.FREIGHT_SHARE
            out.append(("`planner`'s Revenue from freight", "29", _pct(share) if rows else "—", _range(lo, hi),
                        _seeds(rows) if rows else "—", None if share is None else lo <= share <= hi))
            out += depth_acceptance(results)
    cells = {}
    for r in mp_rows:
        cells.setdefault(r["cell"], []).append(r)
    info = {s["cell"]: s for s in (multiplayer.summary(v) for v in cells.values())}
    lo, hi = multiplayer.COOP_WINS
    for seats in (2, 3, 4):
        s = info.get(f"coop-{seats}")
        out.append((f"Co-op, {seats} seats of planners, wins", "16, 29", _pct(s["won"]) if s else "—", f"{_pct(lo)}–{_pct(hi)}",
                    _seeds(cells[s["cell"]]) if s else "—", None if not s else lo <= s["won"] <= hi))
    two, four = info.get("competitive-2"), info.get("competitive-4")
    if two and four and two["per_seat"] > 0:
        keep = four["per_seat"] / two["per_seat"]
        out.append(("Competitive per-seat Revenue, 4 seats against 2", "16", f"{_pct(keep)} ({four['per_seat']:.1f} / "
                    f"{two['per_seat']:.1f})", f"≥ {_pct(multiplayer.COMPETITIVE_KEEPS)}", _seeds(cells["competitive-4"]),
                    keep >= multiplayer.COMPETITIVE_KEEPS))
    else:
        out.append(("Competitive per-seat Revenue, 4 seats against 2", "16", "—", f"≥ {_pct(multiplayer.COMPETITIVE_KEEPS)}",
                    "—", None))
    full, classic = rows_of("planner", deck="full"), rows_of("planner", deck="classic")
    won = summarize(full)["win_rate"] if full else None
    out.append(("full deck: `planner` wins, Standard solitaire", "16", _pct(won) if full else "—", f"≥ {_pct(FULL_DECK_WINS)}",
                _seeds(full) if full else "—", None if won is None else won >= FULL_DECK_WINS))
    if full and classic and balance.spread(classic)[0] > 0:
        sd, sd_classic = balance.spread(full)[0], balance.spread(classic)[0]
        ratio = sd / sd_classic
        out.append(("full deck: `planner`'s sd against the classic deck's", "16", f"{sd:.1f} / {sd_classic:.1f} = {ratio:.2f}×",
                    f"≤ {FULL_DECK_SPREAD}×", _seeds(full), ratio <= FULL_DECK_SPREAD))
    else:
        out.append(("full deck: `planner`'s sd against the classic deck's", "16", "—", f"≤ {FULL_DECK_SPREAD}×", "—", None))
    return out


def acceptance_table(results: dict, mp_rows: list) -> str:
    verdict = {True: "met", False: "**not met**", None: "not measured"}
    lines = [f"Edition `{EDITION}` (the default), {DECK} deck unless noted, `yard_refill=\"{REFILL}\"`; "
             "met / not met is computed from the figures below by `tools/study.py`.", "",
             "| the issue asks | issue | measured | target | games (seeds) | |", "| --- | --: | --: | --: | --: | --- |"]
    for measure, issue, figure, target, games, met in acceptance(results, mp_rows):
        lines.append(f"| {measure} | {issue} | {figure} | {target} | {games} | {verdict[met]} |")
    return "\n".join(lines)


def depth_section(results: dict) -> str:
    """The Depth section (tools/ladder.py) of the default setting's Standard solitaire games."""
    return ladder.section(ladder_rows(results), available(), f"edition `{EDITION}`, {DECK} deck, "
                          f"`yard_refill=\"{REFILL}\"`", summarize, balance.freight_share)


def write_between(doc: pathlib.Path, begin: str, end: str, section: str, before: str) -> None:
    """Put ``section`` between ``begin`` and ``end`` in ``doc`` (the first time, just before ``before``)."""
    text = doc.read_text(encoding="utf-8")
    if begin not in text:
        if before not in text:
            raise SystemExit(f"{doc} has neither {begin!r} nor {before!r}")
        text = text.replace(before, f"{begin}\n{end}\n\n{before}", 1)
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(f"{head}{begin}\n{section}\n{end}{tail}", encoding="utf-8")


def render(folders: dict, draw: bool = True, log=print) -> None:
    """The page's generated sections and plots from the saved summaries."""
    results = saved_results(folders["summaries"])
    section, drawn = balance.render(results, (), folders["plots"], folders["doc"], draw=draw)
    balance.write_doc(folders["doc"], section)
    mp_path = folders["summaries"] / f"multiplayer-{EDITION}.jsonl"
    mp_rows = balance.read_rows(mp_path) if mp_path.exists() else []
    if mp_rows:
        multiplayer.write_doc(folders["doc"], multiplayer.tables(mp_rows))
    write_between(folders["doc"], ACCEPT_BEGIN, ACCEPT_END, acceptance_table(results, mp_rows), balance.BEGIN)
    write_between(folders["doc"], ladder.BEGIN, ladder.END, depth_section(results), ladder.BEFORE)
    log(f"study: wrote {folders['doc']}" + (f" and {len(drawn)} plots under {folders['plots']}" if drawn else ""))


# --------------------------------------------------------------------------- command line


def code_fingerprint() -> str:
    """A hash of the engine's and bots' source: a run resumes only from rows the same code played
    (rules changed under the same edition name must be played again)."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "stationmaster").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def folders_for(out: pathlib.Path | None) -> dict:
    """Where the rows (a folder per code fingerprint), summaries, plots and page go: the project's, or
    all under ``out`` (the page copied there from docs/balance.md the first time, so that its markers
    and text are the real ones)."""
    if out is None:
        return {"data": ROOT / "build" / "balance-data" / f"study-{code_fingerprint()}",
                "summaries": ROOT / "docs" / "balance-data", "plots": ROOT / "docs" / "balance",
                "doc": ROOT / "docs" / "balance.md"}
    out.mkdir(parents=True, exist_ok=True)
    doc = out / "balance.md"
    if not doc.exists():
        shutil.copyfile(ROOT / "docs" / "balance.md", doc)
    (out / "balance-data").mkdir(exist_ok=True)
    return {"data": out / "data" / f"study-{code_fingerprint()}", "summaries": out / "balance-data",
            "plots": out / "balance", "doc": doc}


def ladder_only(steps, a, jobs: int, log, client=None) -> int:
    """``--ladder-only``: play the ladder's games (kept by the code's fingerprint, so that a run again
    reuses them), print the Depth section, and write it into the page under ``--out`` if given."""
    if a.render_only:
        raise SystemExit("--ladder-only plays the ladder; --render-only draws the page from saved summaries: "
                         "choose one")
    folders = folders_for(a.out) if a.out else {"data": folders_for(None)["data"], "summaries": None}
    results = {}
    for step in steps:
        log(f"study: {step.name}: {step.games} games from seed {a.seed}")
        played, _ = balance.run([step.bot], ["standard"], [REFILL], {None: step.games}, a.seed, jobs,
                                folders["data"] / "ladder", reuse=not a.fresh, log=log, deck=DECK,
                                balance=EDITION, summaries=folders["summaries"],
                                bot_options=QUICK_BUDGET if a.quick else None, reuse_summaries=False,
                                client=client)
        results.update(played)
    section = depth_section(results)
    print(section)
    if a.out:
        write_between(folders["doc"], ladder.BEGIN, ladder.END, section, ladder.BEFORE)
        log(f"study: wrote the Depth section into {folders['doc']}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--seed", type=int, default=1001,
                    help="solitaire game i is dealt with SEED+i, multiplayer with SEED+1000+i (default 1001)")
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: one per CPU)")
    ap.add_argument("--scheduler", metavar="tcp://HOST:8786",
                    help="play every game on this Dask cluster instead of --jobs processes (pip install "
                    "\"stationmaster[cluster]\"; every worker runs this stationmaster)")
    ap.add_argument("--search-games", type=int, default=SEARCH_GAMES, help=f"search's games (default {SEARCH_GAMES})")
    ap.add_argument("--expert-games", type=int, default=EXPERT_GAMES,
                    help=f"expert's games, once it is registered (default {EXPERT_GAMES})")
    ap.add_argument("--ladder-only", action="store_true",
                    help="play only the ladder's Standard games and print the Depth section (a page only with --out)")
    ap.add_argument("--games", type=int, default=GAMES["standard"],
                    help=f"--ladder-only: games a bot (default {GAMES['standard']})")
    ap.add_argument("--scale", type=float, default=1.0, help="play this share of every setting's games (at least 1)")
    ap.add_argument("--quick", action="store_true", help="one game of every setting (of the ladder with --ladder-only), "
                    "the bots on tiny budgets (QUICK_BUDGET)")
    ap.add_argument("--v1", action="store_true", help="also replay edition v1's comparison rows")
    ap.add_argument("--out", type=pathlib.Path, help="write rows, summaries, plots and the page under this folder "
                    "(default: build/balance-data, docs/balance-data, docs/balance, docs/balance.md)")
    ap.add_argument("--fresh", action="store_true", help="play every setting again, even one saved to match")
    ap.add_argument("--plan", action="store_true", help="print the settings and the expected time, play nothing")
    ap.add_argument("--render-only", action="store_true", help="play nothing: the page and plots from the summaries")
    ap.add_argument("--no-plots", action="store_true", help="tables only (no matplotlib needed)")
    a = ap.parse_args(argv)
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    jobs = a.jobs or os.cpu_count() or 1
    for what, n in (("--games", a.games), ("--search-games", a.search_games), ("--expert-games", a.expert_games)):
        if n < 1:
            ap.error(f"{what} must be a whole number of games from 1, not {n}")
    if a.ladder_only:
        steps = ladder_plan(scaled(a.games, a.scale) if not a.quick else 1)
    else:
        steps = plan(a.scale, a.search_games, earlier_editions(a.v1), a.quick, a.expert_games)
    if a.plan:
        for s in steps:
            print(f"{s.name}: {s.games} games, about {s.seconds() / min(jobs, s.games):.0f} s")
        print(f"{len(steps)} settings, {sum(s.games for s in steps)} games: expected {_minutes(estimate(steps, jobs))} "
              f"with {jobs} jobs")
        return 0
    with cluster_client(a.scheduler, log) as client:
        if client is not None:  # the estimates spread the games over the cluster's threads
            jobs = sum(client.nthreads().values()) or 1
        if a.ladder_only:
            return ladder_only(steps, a, jobs, log, client)
        folders = folders_for(a.out)
        if not a.render_only:
            run(steps, a.seed, jobs, folders, reuse=not a.fresh, log=log, quick=a.quick, client=client)
    render(folders, draw=not a.no_plots, log=log)
    return 0


@contextlib.contextmanager
def cluster_client(scheduler, log):
    """A client of the Dask cluster at ``scheduler`` for the whole study (None: local processes),
    its workers' engine checked once before any game (SystemExit saying why not)."""
    if scheduler is None:
        yield None
        return
    from stationmaster.bots import cluster
    try:
        client, _own = cluster.connect(scheduler=scheduler)
    except (ValueError, cluster.ClusterError) as e:
        raise SystemExit(f"study: {e}") from None
    try:
        try:
            cluster.check_versions(client)
        except cluster.ClusterError as e:
            raise SystemExit(f"study: {e}") from None
        log(f"study: playing on the Dask cluster at {scheduler}: {len(client.nthreads())} workers, "
            f"{sum(client.nthreads().values())} threads (dashboard: {client.dashboard_link})")
        yield client
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
