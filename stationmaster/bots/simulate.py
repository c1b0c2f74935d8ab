"""Many games with a bot in every seat, played in worker processes: the rows a balance study reads.

>>> from stationmaster.bots import simulate, summarize
>>> rows = simulate("greedy", length="short", games=20, seed=1, jobs=2)  # doctest: +SKIP
>>> summarize(rows)["mean_revenue"]  # doctest: +SKIP

Game ``i`` is dealt with seed ``seed + i``; the rows come back in seed order, and the same seeds
give the same rows (all but ``seconds``) whatever the number of jobs. The engine stays standard
library only: the progress bar uses tqdm when it is installed and the output is a terminal.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from ..cards import PIECES
from ..config import make_config
from ..game import Game
from ..rules import REVENUE_SOURCES
from .base import REGISTRY, make
from .play import play_turns
from .seats import bot_name, check_bots


def seat_names(players: int) -> list:
    """The players of a simulated game: "Player" alone, else "P1", "P2", ..."""
    return ["Player"] if players == 1 else [f"P{i}" for i in range(1, players + 1)]


def _yards(s) -> tuple:
    loaded_coaches = sum(1 for p in s.division_yard if PIECES[p].kind == "coach" and PIECES[p].loaded)
    return len(s.division_yard), len(s.classification_yard), loaded_coaches


def bot_class(bot):
    """The Bot subclass of a registered name or of a class (None for a Bot given made)."""
    if isinstance(bot, type):
        return bot
    if isinstance(bot, str):
        make(bot)  # an unknown name is refused, saying which there are
        return REGISTRY[bot]
    return None


def play_one(task: tuple) -> dict:
    """Play one game to its end (``task`` = (bot, bot options, config keywords, seed)) and
    return its row."""
    bot, options, config, seed = task
    if options or isinstance(bot, type):  # made here, seeded per game as a named bot is
        bot = bot_class(bot)(seed=seed, **options)
    start = time.perf_counter()
    game = Game(make_config(**config), seed, check_bots({p: bot for p in config["players"]}, config["players"]))
    tally = Tally(game)
    tally.add(game.last_events, game.state)  # the deal's events
    play_turns(game, on_decision=lambda player, decision: tally.add(game.last_events, game.state))
    row = tally.row(game, bot_name(bot), time.perf_counter() - start)
    if options:
        row["bot_options"] = dict(options)
    return row


class Tally:
    """What a row needs from the events of a game, gathered as it is played."""

    def __init__(self, game) -> None:
        self.revenue = dict.fromkeys(game.players, 0)
        self.by_source = dict.fromkeys(REVENUE_SOURCES, 0)
        self.by_day, self.collisions, self.refills = [], 0, 0
        self.division, self.classification, self.loaded_coaches = [], [], []

    def add(self, events, state) -> None:
        """Count one intent's events; ``state`` is the game after them."""
        for e in events:
            if e.kind == "revenue":
                self.revenue[e.player] += e.amount
                self.by_source[e.data["source"]] += e.amount
            elif e.kind == "collision":
                self.collisions += 1
            elif e.kind == "yard_refilled":
                self.refills += 1
            elif e.kind == "day_end":
                self.by_day.append(sum(self.revenue.values()))
            elif e.kind == "stage_end":  # every Stage asks for a decision, so one per intent at most
                for series, n in zip((self.division, self.classification, self.loaded_coaches), _yards(state)):
                    series.append(n)

    def row(self, game, bot: str, seconds: float) -> dict:
        c = game.config
        assert self.revenue == game.revenue, "every Revenue change is a revenue event"
        return {
            "seed": game.seed, "bot": bot, "mode": c.mode, "length": c.length, "players": len(c.players),
            "yard_refill": c.yard_refill, "target": c.target, "deck": c.deck, "balance": c.balance,
            "optional_rules": sorted(c.optional_rules),
            "revenue": dict(game.revenue), "won": bool(game.outcome.winners),
            "winners": list(game.outcome.winners), "outcome": game.outcome.kind,
            "collisions": self.collisions, "revenue_by_source": dict(self.by_source),
            "yard_refills": self.refills, "decisions": len(game.history), "seconds": round(seconds, 4),
            "revenue_by_day": list(self.by_day),  # the table's Revenue at each Day's end
            "yards_by_stage": {  # at each Stage's end, after any refill then
                "division": self.division, "classification": self.classification,
                "division_loaded_coaches": self.loaded_coaches,
            },
        }


def simulate(bot, length: str = "standard", games: int = 100, seed: int = 1, jobs: int | None = 1,
             mode: str = "solitaire", players: int | None = None, yard_refill: str = "day_end",
             progress=False, bot_options: dict | None = None, deck: str = "classic",
             optional_rules=(), balance: str = "v2") -> list:
    """Play ``games`` games with ``bot`` (a registered name, a Bot subclass or a Bot) in every
    seat, game ``i`` on seed ``seed + i``, in ``jobs`` worker processes (None: one per CPU), and
    return one row per game, in seed order.

    ``players`` defaults to 1 in solitaire and 2 otherwise. ``progress``: False, True (a bar on
    a terminal with tqdm, else a line per tenth on stderr), or ``callback(done, total)``. With
    ``jobs`` > 1 a bot of your own must be importable by the workers (defined in a module, not in
    a notebook cell) wherever processes are not forked (Windows, macOS, Python 3.14 on Linux).

    ``bot_options`` are keyword arguments for the bot's class, besides the game's seed:
    ``bot_options={"max_seconds": None}`` runs ``search`` by its rollout budget alone, without the
    time cap that would make its games depend on the machine's speed and load.

    ``deck`` and ``optional_rules`` are ``new_game``'s (``deck="full"``, ``optional_rules=["adversity"]``); ``balance`` the edition
    of the numbers (``config.BALANCES``: "v1" as first played, "v2" retuned, the default)."""
    if players is None:
        players = 1 if mode == "solitaire" else 2
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise ValueError(f"players must be a whole number of seats from 1, not {players!r}")
    optional_rules = list(optional_rules)
    config = make_config(seat_names(players), mode, length, yard_refill=yard_refill, deck=deck,
                         optional_rules=optional_rules, balance=balance)
    options = dict(bot_options or {})
    if options:  # a bad bot or option is refused here, before any worker starts
        cls = bot_class(bot)
        if cls is None:
            raise ValueError("bot_options need a bot given by name or class, not one already made")
        try:
            cls(seed=seed, **options)
        except TypeError as e:
            raise ValueError(f"the {bot_name(cls)} bot does not take these options: {e}") from None
    else:
        make(bot)
    for what, n, least in (("games", games, 1), ("seed", seed, 0)):
        if not isinstance(n, int) or isinstance(n, bool) or n < least:
            raise ValueError(f"{what} must be a whole number from {least}, not {n!r}")
    if seed + games > 2**63:
        raise ValueError("the seeds must stay below 2**63")
    if jobs is None:
        jobs = os.cpu_count() or 1
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of worker processes from 1, not {jobs!r}")
    kw = {"players": list(config.players), "mode": mode, "length": length, "yard_refill": yard_refill,
          "deck": deck, "optional_rules": optional_rules, "balance": balance}
    tasks = [(bot, options, kw, seed + i) for i in range(games)]
    bar = progress_bar(progress, games)
    rows = []
    try:
        if jobs == 1 or games <= 1:
            for task in tasks:
                rows.append(play_one(task))
                bar.update(1)
        else:
            import multiprocessing
            with multiprocessing.Pool(min(jobs, games)) as pool:
                for row in pool.imap(play_one, tasks):
                    rows.append(row)
                    bar.update(1)
    finally:
        bar.close()
    return rows


# --------------------------------------------------------------------------- progress


class _Silent:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


class PlainProgress:
    """The fallback progress report: one line per tenth of the games (no tqdm, or not a terminal)."""

    def __init__(self, total: int, stream=None, every: float = 0.1) -> None:
        self.total, self.done, self.shown = total, 0, 0
        self.step = max(1, round(total * every))
        self.stream = stream if stream is not None else sys.stderr

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.done - self.shown >= self.step or self.done == self.total:
            self.shown = self.done
            print(f"simulate: {self.done}/{self.total} games", file=self.stream, flush=True)

    def close(self) -> None:
        pass


class _Callback(PlainProgress):
    def __init__(self, callback, total: int) -> None:
        super().__init__(total)
        self.callback = callback

    def update(self, n: int = 1) -> None:
        self.done += n
        self.callback(self.done, self.total)


def _is_terminal(stream) -> bool:
    """A terminal a bar can be drawn on (a pseudo-terminal without a width is not)."""
    if not getattr(stream, "isatty", lambda: False)():
        return False
    try:
        return os.get_terminal_size(stream.fileno()).columns > 0
    except (OSError, ValueError):
        return True


def progress_bar(progress, total: int, stream=None):
    """What ``simulate`` reports its progress to (see ``simulate``'s ``progress``)."""
    if not progress:
        return _Silent()
    if callable(progress) and progress is not True:
        return _Callback(progress, total)
    stream = stream if stream is not None else sys.stderr
    if _is_terminal(stream):
        try:
            from tqdm import tqdm
        except ImportError:
            pass
        else:
            return tqdm(total=total, unit="game", file=stream, desc="simulate")
    return PlainProgress(total, stream)


# --------------------------------------------------------------------------- summaries


def _mean(xs) -> float:
    return round(statistics.fmean(xs), 3) if xs else 0.0


def _common(rows, key):
    values = {r[key] for r in rows}
    return values.pop() if len(values) == 1 else None


def summarize(rows: list) -> dict:
    """The figures of a batch of rows: Revenue per seat (mean, median, spread), win rate,
    collisions and Revenue by source per game, the table's mean Revenue at each Day's end."""
    seats = [v for r in rows for v in r["revenue"].values()]
    n = len(rows)
    days = max((len(r["revenue_by_day"]) for r in rows), default=0)
    out = {key: _common(rows, key) for key in ("bot", "mode", "length", "players", "yard_refill", "target")}
    out["deck"] = _common([{"deck": r.get("deck", "classic")} for r in rows], "deck")
    out["optional_rules"] = _common([{"r": tuple(r.get("optional_rules", ()))} for r in rows], "r")
    out.update({
        "games": n,
        "mean_revenue": _mean(seats),
        "median_revenue": statistics.median(seats) if seats else 0,
        "min_revenue": min(seats, default=0),
        "max_revenue": max(seats, default=0),
        "stdev_revenue": round(statistics.stdev(seats), 3) if len(seats) > 1 else 0.0,
        "win_rate": round(sum(r["won"] for r in rows) / n, 4) if n else 0.0,
        "wins": sum(r["won"] for r in rows),
        "collisions_per_game": _mean([r["collisions"] for r in rows]),
        # rows saved before a source existed (penalty came with the opponent cards) count it as 0
        "revenue_by_source": {s: _mean([r["revenue_by_source"].get(s, 0) for r in rows]) for s in REVENUE_SOURCES},
        "yard_refills_per_game": _mean([r["yard_refills"] for r in rows]),
        "decisions_per_game": _mean([r["decisions"] for r in rows]),
        "seconds_per_game": round(statistics.fmean(r["seconds"] for r in rows), 4) if rows else 0.0,
        "revenue_by_day": [_mean([r["revenue_by_day"][d] for r in rows if len(r["revenue_by_day"]) > d])
                           for d in range(days)],
    })
    return out


def format_summary(info: dict) -> str:
    """A summary as a few lines a person reads."""
    setting = f"{info['bot']}, {info['length']} {info['mode']}"
    if info["players"] and info["players"] > 1:
        setting += f" ({info['players']} seats)"
    src = ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in info["revenue_by_source"].items())
    lines = [
        f"Simulated: {info['games']} games of {setting}, yard refill {info['yard_refill']}, "
        f"target {info['target']}" + (f", deck {info['deck']}" if info.get("deck") not in (None, "classic") else "")
        + (f", rules {', '.join(info['optional_rules'])}" if info.get("optional_rules") else ""),
        f"Revenue:   mean {info['mean_revenue']:g}, median {info['median_revenue']:g}, "
        f"min {info['min_revenue']}, max {info['max_revenue']} (per seat)",
        f"Won:       {100 * info['win_rate']:.1f}% ({info['wins']} of {info['games']})",
        f"Collisions: {info['collisions_per_game']:g} per game",
        f"By source: {src} (per game)",
        "By Day:    " + ", ".join(f"{v:g}" for v in info["revenue_by_day"]),
    ]
    if "seconds" in info:
        lines.append(f"Time:      {info['seconds']:.1f} s on {info['jobs']} job(s), "
                     f"{info['seconds_per_game']:.3f} s per game in a worker")
    return "\n".join(lines)
