"""Many games with a bot in every seat, played in worker processes: the rows a balance study reads.

>>> from stationmaster.bots import simulate, summarize
>>> rows = simulate("greedy", length="short", games=20, seed=1, jobs=2)  # doctest: +SKIP
>>> summarize(rows)["mean_revenue"]  # doctest: +SKIP

Game ``i`` is dealt with seed ``seed + i``; the rows come back in seed order, and the same seeds
give the same rows (all but ``seconds``) whatever the number of jobs. The engine stays standard
library only: the progress bar uses tqdm when it is installed and the output is a terminal.

Runs stream: ``iter_simulate`` hands the workers a few games at a time and yields each row as it
(and every game before it) finishes, and ``Summary`` adds rows up one at a time with counts and
sums, so neither the tasks nor the rows of a run are ever held whole (``stationmaster simulate
--games 1000000000000`` runs in flat memory, writing each row as it comes). ``simulate`` is
``list(iter_simulate(...))``. Worker processes are capped at ``max_jobs()``.

``client=`` (a ``distributed.Client``) or ``scheduler="tcp://HOST:8786"`` plays the games on a Dask
cluster instead (``cluster.py``; the ``cluster`` extra): ``iter_simulate`` then yields the rows as
their games finish, each with its seed, and ``simulate`` sorts them into seed order.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import time
import warnings
from collections import Counter, deque
from fractions import Fraction

from ..cards import PIECES
from ..config import DEFAULT_BALANCE, MAX_PLAYERS, make_config
from ..flow import Phase
from ..game import Game
from ..house_rules import describe as describe_rules, normalise, to_json as rules_json
from ..intents import Agent, Draw, Switch
from ..rules import REVENUE_SOURCES
from .base import REGISTRY, check_options, make
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
    play_turns(game, on_decision=lambda player, decision: tally.add(game.last_events, game.state, decision.intent))
    row = tally.row(game, bot_name(bot), time.perf_counter() - start)
    if options:
        row["bot_options"] = dict(options)
    return row


#: a Local Operations turn by what its player chose: Switch, Draw, or the Freight Agent's action
LOCAL_TURNS = ("switch", "draw", "stock", "clear", "unjam", "pass")
#: the Freight Agent's box chores: stocking a green box, clearing a red one
CHORES = ("stock", "clear")
#: the freight sources, as a finished load (out) or unload (in) names its direction
FREIGHT = ("freight_out", "freight_in")
#: the Revenue a Porter earns: any other Revenue an intent earns beside a Laborer's finish pays for it
PASSENGER_SOURCES = ("boarding", "detraining")


def choosing_option(state) -> bool:
    """Is the player to act choosing their Local Operations option (so that the next intent is the
    turn's option: Switch, Draw or the Freight Agent)?"""
    return state.phase == Phase.LOCAL_OPERATIONS and state.turn.option is None and state.turn.pending is None


def turn_kind(intent) -> str | None:
    """The ``LOCAL_TURNS`` name of an option's intent (None for any other intent)."""
    if isinstance(intent, Switch):
        return "switch"
    if isinstance(intent, Draw):
        return "draw"
    if isinstance(intent, Agent):
        return intent.action
    return None


class Tally:
    """What a row needs from the intents and events of a game, gathered as it is played: Revenue by
    source and Day, collisions, the yards, and the depth of play (issue 29) — what each Local
    Operations turn chose, the loads and unloads finished and how many paid nothing, and the
    finishes of each Day."""

    def __init__(self, game) -> None:
        self.revenue = dict.fromkeys(game.players, 0)
        self.by_source = dict.fromkeys(REVENUE_SOURCES, 0)
        self.by_day, self.collisions, self.refills = [], 0, 0
        self.division, self.classification, self.loaded_coaches = [], [], []
        self.turns = dict.fromkeys(LOCAL_TURNS, 0)
        self.finished = dict.fromkeys(FREIGHT, 0)
        self.unpaid = dict.fromkeys(FREIGHT, 0)
        self.freight_by_day, self.finished_today = [], 0
        self.choosing = False  # the state before the next intent: a Local Operations option to choose

    def add(self, events, state, intent=None) -> None:
        """Count one intent's events; ``state`` is the game after them. ``intent`` is the intent
        applied (None for the deal's events)."""
        if intent is not None and self.choosing:
            kind = turn_kind(intent)
            if kind is not None:
                self.turns[kind] += 1
        self.choosing = choosing_option(state)
        finished, paid = [], 0
        for e in events:
            if e.kind == "revenue":
                self.revenue[e.player] += e.amount
                self.by_source[e.data["source"]] += e.amount
                paid += e.amount > 0 and e.data["source"] not in PASSENGER_SOURCES
            elif e.kind == "work" and e.data.get("finished") in FREIGHT:
                finished.append(e.data["finished"])
                self.finished[e.data["finished"]] += 1
                self.finished_today += 1
            elif e.kind == "collision":
                self.collisions += 1
            elif e.kind == "yard_refilled":
                self.refills += 1
            elif e.kind == "day_end":
                self.by_day.append(sum(self.revenue.values()))
                self.freight_by_day.append(self.finished_today)
                self.finished_today = 0
            elif e.kind == "stage_end":  # every Stage asks for a decision, so one per intent at most
                for series, n in zip((self.division, self.classification, self.loaded_coaches), _yards(state)):
                    series.append(n)
        # a Laborer's intent finishes one load at most: it paid if the intent earned any Revenue but a
        # Porter's (a per-car pay, a bonus for an order filled, a card's extra: whatever the edition pays)
        for src in finished[paid:]:
            self.unpaid[src] += 1

    def depth(self) -> dict:
        """The depth-of-play figures of the game so far (a row's, and a table of seats' rows')."""
        return {
            "local_operations": dict(self.turns),  # turns by the option chosen
            "freight_finished": dict(self.finished),  # loads onto a car, unloads into a red box
            "freight_unpaid": dict(self.unpaid),  # of those, the ones whose intent paid nothing
            # finishes in each Day (a Day the game ended in part way counts when it had any)
            "freight_by_day": self.freight_by_day + ([self.finished_today] if self.finished_today else []),
        }

    def row(self, game, bot: str, seconds: float) -> dict:
        c = game.config
        assert self.revenue == game.revenue, "every Revenue change is a revenue event"
        return {
            "seed": game.seed, "bot": bot, "mode": c.mode, "length": c.length, "players": len(c.players),
            "yard_refill": c.yard_refill, "target": c.target, "deck": c.deck, "balance": c.balance,
            "optional_rules": sorted(c.optional_rules),
            **({"house_rules": rules_json(c.house_rules)} if c.house_rules else {}),
            "revenue": dict(game.revenue), "won": bool(game.outcome.winners),
            "winners": list(game.outcome.winners), "outcome": game.outcome.kind,
            "collisions": self.collisions, "revenue_by_source": dict(self.by_source),
            "yard_refills": self.refills, "decisions": len(game.history), "seconds": round(seconds, 4),
            "revenue_by_day": list(self.by_day),  # the table's Revenue at each Day's end
            "yards_by_stage": {  # at each Stage's end, after any refill then
                "division": self.division, "classification": self.classification,
                "division_loaded_coaches": self.loaded_coaches,
            },
            **self.depth(),
        }


def max_jobs() -> int:
    """The most worker processes ``simulate`` starts: one per CPU (at least two), since more
    processes than CPUs make no game faster and each holds a whole engine in memory."""
    return max(2, os.cpu_count() or 1)


#: tasks handed to the workers ahead of the rows written so far, per worker: enough to keep every
#: worker busy while the next row in seed order finishes, few enough that memory stays flat
AHEAD_PER_JOB = 4


def simulate(bot, length: str = "standard", games: int = 100, seed: int = 1, jobs: int | None = 1,
             mode: str = "solitaire", players: int | None = None, yard_refill: str = "day_end",
             progress=False, bot_options: dict | None = None, deck: str = "classic",
             optional_rules=(), balance: str = DEFAULT_BALANCE, house_rules=None, client=None,
             scheduler: str | None = None) -> list:
    """Play ``games`` games with ``bot`` (a registered name, a Bot subclass or a Bot) in every
    seat, game ``i`` on seed ``seed + i``, in ``jobs`` worker processes (None: one per CPU), and
    return one row per game, in seed order. ``iter_simulate`` takes the same arguments and yields
    the rows as they finish instead of holding them all (for long runs; the CLI uses it).

    ``players`` defaults to 1 in solitaire and 2 otherwise. ``progress``: False, True (a bar on
    a terminal with tqdm, else a line per tenth on stderr), or ``callback(done, total)``. With
    ``jobs`` > 1 a bot of your own must be importable by the workers (defined in a module, not in
    a notebook cell) wherever processes are not forked (Windows, macOS, Python 3.14 on Linux).
    ``jobs`` above ``max_jobs()`` (the CPUs, at least 2) is lowered to it, with a warning.

    ``bot_options`` are keyword arguments for the bot's class, besides the game's seed:
    ``bot_options={"max_seconds": None}`` runs ``search`` by its rollout budget alone, without the
    time cap that would make its games depend on the machine's speed and load. Each bot declares
    the options it takes, with their types and ranges (``OPTIONS`` on its class); a value of the
    wrong type or out of range is refused before any game, saying which and why.

    ``deck`` and ``optional_rules`` are ``new_game``'s (``deck="full"``, ``optional_rules=["adversity"]``); ``balance`` the edition
    of the numbers (``config.BALANCES``: "v1" as first played, "v2" retuned, "v3" with the Day's freight
    contract of [L6], "v4" v3 with the classic deck's Departments seeded with a Depot, [U4], the default);
    ``house_rules`` a variant's overrides of the edition's numbers (``{"order_pay": (3, 3)}``,
    ``house_rules.HOUSE_RULES``), kept in each row as ``"house_rules"``.

    ``client`` (a ``distributed.Client``) or ``scheduler`` (its address, ``"tcp://HOST:8786"``) plays
    the games on a Dask cluster instead of local processes (``jobs`` is then the cluster's; the
    ``cluster`` extra: ``pip install "stationmaster[cluster]"``; see ``stationmaster.bots.cluster``).
    The list is in seed order all the same, and the same seeds give the same rows."""
    rows = iter_simulate(bot, length, games, seed, jobs, mode, players, yard_refill, progress,
                         bot_options, deck, optional_rules, balance, house_rules, client, scheduler)
    if client is None and scheduler is None:
        return list(rows)
    return sorted(rows, key=lambda row: row["seed"])  # a cluster's rows come as their games finish


def iter_simulate(bot, length: str = "standard", games: int = 100, seed: int = 1, jobs: int | None = 1,
                  mode: str = "solitaire", players: int | None = None, yard_refill: str = "day_end",
                  progress=False, bot_options: dict | None = None, deck: str = "classic",
                  optional_rules=(), balance: str = DEFAULT_BALANCE, house_rules=None, client=None,
                  scheduler: str | None = None):
    """``simulate``'s games as an iterator of rows in seed order, each yielded as soon as it and
    the games before it have finished. Nothing is held but the few games under way: a run of any
    length streams, and stopping early (``close()``, Ctrl-C in the loop) keeps every row already
    yielded and stops the workers. Bad settings are refused here, before any game.

    On a Dask cluster (``client`` or ``scheduler``) the rows come in the order the games finish,
    each carrying its ``seed``, and each game once even when a worker dies; the cluster is reached
    and its workers' engine version checked here too (``cluster.ClusterError`` saying why not)."""
    plan = _plan(bot, length, games, seed, jobs, mode, players, yard_refill, bot_options, deck,
                 optional_rules, balance, house_rules)
    if client is None and scheduler is None:
        return _rows(plan, progress)
    from . import cluster  # Dask only when a cluster is asked for
    task, games, _jobs = plan
    return cluster.rows(play_one, task, games, lambda: progress_bar(progress, games), client=client,
                        scheduler=scheduler)


def _plan(bot, length, games, seed, jobs, mode, players, yard_refill, bot_options, deck, optional_rules,
          balance, house_rules=None) -> tuple:
    """Check every setting (ValueError saying which) and return (task maker, games, jobs)."""
    if players is None:
        players = 1 if mode == "solitaire" else 2
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise ValueError(f"players must be a whole number of seats from 1, not {players!r}")
    if players > MAX_PLAYERS:  # before the seats' names are made: 10**20 seats would never be
        raise ValueError(f"Station Master seats 1 to {MAX_PLAYERS} players, not {players}")
    if isinstance(optional_rules, str) or not isinstance(optional_rules, (list, tuple, set, frozenset)):
        raise ValueError(f"optional_rules is a list of rule names, e.g. ['adversity'], not {optional_rules!r}")
    optional_rules = list(optional_rules)
    config = make_config(seat_names(players), mode, length, yard_refill=yard_refill, deck=deck,
                         optional_rules=optional_rules, balance=balance, house_rules=house_rules)
    if bot_options is not None and not (isinstance(bot_options, dict) and all(isinstance(k, str) for k in bot_options)):
        raise ValueError(f"bot_options maps option names to values, e.g. {{'max_seconds': None}}, not {bot_options!r}")
    options = dict(bot_options or {})
    if options:  # a bad bot or option is refused here, before any worker starts
        cls = bot_class(bot)
        if cls is None:
            raise ValueError("bot_options need a bot given by name or class, not one already made")
        check_options(cls, options)
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
    if jobs > max_jobs():
        warnings.warn(f"jobs={jobs} is more worker processes than this machine's CPUs can run at once; "
                      f"using {max_jobs()}", RuntimeWarning, stacklevel=3)
        jobs = max_jobs()
    kw = {"players": list(config.players), "mode": mode, "length": length, "yard_refill": yard_refill,
          "deck": deck, "optional_rules": optional_rules, "balance": balance, "house_rules": config.house_rules}
    return (lambda i: (bot, options, kw, seed + i)), games, min(jobs, games)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool), not each worker's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _rows(plan: tuple, progress):
    task, games, jobs = plan
    bar = progress_bar(progress, games)
    try:
        if jobs == 1:
            for i in range(games):
                row = play_one(task(i))
                bar.update(1)
                yield row
            return
        import multiprocessing  # only here processes are started: a JupyterLite (Pyodide) kernel has none
        with multiprocessing.Pool(jobs, initializer=_ignore_interrupts) as pool:
            ahead = deque()
            handed = 0
            while handed < games or ahead:
                while handed < games and len(ahead) < jobs * AHEAD_PER_JOB:
                    ahead.append(pool.apply_async(play_one, (task(handed),)))
                    handed += 1
                row = ahead.popleft().get()
                bar.update(1)
                yield row
    finally:  # leaving the with block (done, closed or interrupted) stops the workers
        bar.close()


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


class Summary:
    """The figures of a batch of rows (see ``summarize``), gathered one row at a time: it keeps
    counts and sums, not the rows, so a run of any length can be summarised as it streams, and
    the summary so far is there when a run is stopped."""

    KEYS = ("bot", "mode", "length", "players", "yard_refill", "target")

    def __init__(self, rows=()) -> None:
        self.games = self.wins = self.collisions = self.refills = self.decisions = 0
        self.seats = Counter()  # every seat's Revenue: value -> how many seats ended with it
        self.seconds = Fraction(0)  # the exact sum, which float() rounds as math.fsum does
        self.by_source = dict.fromkeys(REVENUE_SOURCES, 0)
        self.by_day = []  # per Day: [sum of the table's Revenue, games that reached that Day]
        self.common = {}  # key -> its one value so far, or _MIXED
        # the depth of play, from the rows that carry it (rows saved before issue 29 do not)
        self.depth_games = self.freight_days = self.few_freight_days = 0
        self.turns = dict.fromkeys(LOCAL_TURNS, 0)
        self.finished = dict.fromkeys(FREIGHT, 0)
        self.unpaid = dict.fromkeys(FREIGHT, 0)
        for row in rows:
            self.add(row)

    def add(self, row: dict) -> None:
        """Count one game's row."""
        self.games += 1
        self.seats.update(row["revenue"].values())
        self.wins += bool(row["won"])
        self.collisions += row["collisions"]
        self.refills += row["yard_refills"]
        self.decisions += row["decisions"]
        self.seconds += Fraction(row["seconds"])
        for src in REVENUE_SOURCES:  # rows saved before a source existed count it as 0
            self.by_source[src] += row["revenue_by_source"].get(src, 0)
        for d, v in enumerate(row["revenue_by_day"]):
            if d == len(self.by_day):
                self.by_day.append([0, 0])
            self.by_day[d][0] += v
            self.by_day[d][1] += 1
        if "local_operations" in row:
            self.depth_games += 1
            for kind in LOCAL_TURNS:
                self.turns[kind] += row["local_operations"].get(kind, 0)
            for src in FREIGHT:
                self.finished[src] += row["freight_finished"][src]
                self.unpaid[src] += row["freight_unpaid"][src]
            days = sum(1 for n in row["freight_by_day"] if n)
            self.freight_days += days
            self.few_freight_days += days <= 1
        values = {key: row[key] for key in self.KEYS}
        values["deck"] = row.get("deck", "classic")
        values["optional_rules"] = tuple(row.get("optional_rules", ()))
        values["house_rules"] = describe_rules(normalise(row.get("house_rules")))  # "" for the edition's own
        for key, v in values.items():
            if self.common.setdefault(key, v) != v:
                self.common[key] = _MIXED

    def __repr__(self) -> str:
        if not self.games:
            return "<Summary of 0 games>"
        info = self.result()
        return (f"<Summary of {self.games} games: mean Revenue {info['mean_revenue']:g} per seat, "
                f"won {100 * info['win_rate']:.1f}%>")

    def _median(self):
        """statistics.median of the seats' Revenue, from the counts."""
        n = sum(self.seats.values())
        if not n:
            return 0
        wanted = sorted({(n - 1) // 2, n // 2})
        found, seen = [], 0
        for value in sorted(self.seats):
            seen += self.seats[value]
            while wanted and wanted[0] < seen:
                found.append(value)
                wanted.pop(0)
        return found[0] if n % 2 else (found[0] + found[1]) / 2

    def result(self) -> dict:
        """The figures, as ``summarize`` gives them."""
        n, seats = self.games, self.seats
        k = sum(seats.values())
        total = sum(v * c for v, c in seats.items())
        out = {key: (None if v is _MIXED else v) for key, v in self.common.items()} if n else \
            {key: None for key in (*self.KEYS, "deck", "optional_rules", "house_rules")}
        if k > 1:
            square = sum(v * v * c for v, c in seats.items())
            stdev = round(math.sqrt(Fraction(square * k - total * total, k * (k - 1))), 3)
        else:
            stdev = 0.0
        out.update({
            "games": n,
            "mean_revenue": _ratio(total, k),
            "median_revenue": self._median(),
            "min_revenue": min(seats, default=0),
            "max_revenue": max(seats, default=0),
            "stdev_revenue": stdev,
            "win_rate": round(self.wins / n, 4) if n else 0.0,
            "wins": self.wins,
            "collisions_per_game": _ratio(self.collisions, n),
            "revenue_by_source": {src: _ratio(v, n) for src, v in self.by_source.items()},
            "yard_refills_per_game": _ratio(self.refills, n),
            "decisions_per_game": _ratio(self.decisions, n),
            "seconds_per_game": round(float(self.seconds) / n, 4) if n else 0.0,  # as fmean: fsum / n
            "revenue_by_day": [_ratio(v, c) for v, c in self.by_day],
        })
        out.update(self.depth())
        return out

    def depth(self) -> dict:
        """The depth of play a game (issue 29), None where no row carries it: Local Operations turns
        by option, the share of them that are box chores, finished loads and unloads and those that
        paid nothing, the Days with a finish, and the share of games with at most one such Day."""
        n = self.depth_games
        if not n:
            return dict.fromkeys(DEPTH_FIGURES)
        turns = sum(self.turns.values())
        return {
            "depth_games": n,
            "local_operations_per_game": {k: _ratio(v, n) for k, v in self.turns.items()},
            "switching_turns_per_game": _ratio(self.turns["switch"], n),
            "chore_share": _ratio(sum(self.turns[k] for k in CHORES), turns),
            "draws_per_game": _ratio(self.turns["draw"], n),
            "finished_freight_per_game": {k: _ratio(v, n) for k, v in self.finished.items()},
            "unpaid_freight_per_game": {k: _ratio(v, n) for k, v in self.unpaid.items()},
            "unpaid_freight": sum(self.unpaid.values()),
            "freight_days_per_game": _ratio(self.freight_days, n),
            "few_freight_days_share": _ratio(self.few_freight_days, n),
        }


#: the keys of ``Summary.depth``
DEPTH_FIGURES = ("depth_games", "local_operations_per_game", "switching_turns_per_game", "chore_share",
                 "draws_per_game", "finished_freight_per_game", "unpaid_freight_per_game", "unpaid_freight",
                 "freight_days_per_game", "few_freight_days_share")


_MIXED = object()  # a key whose rows disagree: the summary shows None


def _ratio(total, n: int) -> float:
    """``total / n`` rounded to 3 places (0.0 for no games), as the mean of whole numbers."""
    return round(float(Fraction(total, n)), 3) if n else 0.0


def summarize(rows) -> dict:
    """The figures of a batch of rows: Revenue per seat (mean, median, spread), win rate,
    collisions and Revenue by source per game, the table's mean Revenue at each Day's end.
    ``Summary`` gives the same figures one row at a time."""
    return Summary(rows).result()


def format_summary(info: dict) -> str:
    """A summary as a few lines a person reads."""
    setting = f"{info['bot']}, {info['length']} {info['mode']}"
    if info["players"] and info["players"] > 1:
        setting += f" ({info['players']} seats)"
    src = ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in info["revenue_by_source"].items())
    lines = [
        f"Simulated: {info['games']} games of {setting}, yard refill {info['yard_refill']}, "
        f"target {info['target']}" + (f", deck {info['deck']}" if info.get("deck") not in (None, "classic") else "")
        + (f", rules {', '.join(info['optional_rules'])}" if info.get("optional_rules") else "")
        + (f", house rules {info['house_rules']}" if info.get("house_rules") else ""),
        f"Revenue:   mean {info['mean_revenue']:g}, median {info['median_revenue']:g}, "
        f"min {info['min_revenue']}, max {info['max_revenue']} (per seat)",
        f"Won:       {100 * info['win_rate']:.1f}% ({info['wins']} of {info['games']})",
        f"Collisions: {info['collisions_per_game']:g} per game",
        f"By source: {src} (per game)",
        "By Day:    " + ", ".join(f"{v:g}" for v in info["revenue_by_day"]),
    ]
    if info.get("depth_games"):
        done, unpaid = info["finished_freight_per_game"], info["unpaid_freight_per_game"]
        lines += [
            f"Turns:     switch {info['switching_turns_per_game']:g}, draw {info['draws_per_game']:g} "
            f"(per game); box chores {100 * info['chore_share']:.0f}% of Local Operations turns",
            f"Freight:   loads {done['freight_out']:g}, unloads {done['freight_in']:g} finished "
            f"({unpaid['freight_out'] + unpaid['freight_in']:g} paid nothing), on "
            f"{info['freight_days_per_game']:g} Days (per game); at most one freight Day in "
            f"{100 * info['few_freight_days_share']:.0f}% of games",
        ]
    if "seconds" in info:
        where = f"the Dask cluster at {info['scheduler']}" if info.get("scheduler") else f"{info['jobs']} job(s)"
        lines.append(f"Time:      {info['seconds']:.1f} s on {where}, "
                     f"{info['seconds_per_game']:.3f} s per game in a worker")
    return "\n".join(lines)
