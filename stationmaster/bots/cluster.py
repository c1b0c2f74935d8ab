"""``simulate``'s games on a Dask distributed cluster (issue 32): for a designer who outgrows one machine.

>>> from distributed import Client  # doctest: +SKIP
>>> rows = simulate("greedy", games=400, client=Client("tcp://HOST:8786"))  # doctest: +SKIP
>>> rows = simulate("greedy", games=400, scheduler="tcp://HOST:8786")  # doctest: +SKIP

The games go to the cluster's workers a few at a time (``batch_size``): a Dask task cost about 3 ms
on our loaded 2-core machine (300 random Short games, 8 ms each: 11.5 ms a game one a task, 8.7 four
a task, 8.2 in a local process), while a game takes 8 ms (random, Short) to 15 s (search). So a task
gets one game until a game's time is known, then enough for about ``TASK_SECONDS`` of play (at most
``BATCH`` games), but never so many that a worker gets fewer than ``TASKS_PER_WORKER`` tasks of what
is left (none idles at the end). Each row comes back as its task finishes: in the order the games
*finish*, not in seed order (every row carries its ``seed``; ``simulate``'s list is sorted by seed,
so it is the same list whatever ran it). Only a few tasks a worker are handed out ahead, so a run of
any length streams.

Ctrl-C (or ``close()`` on the iterator) cancels the tasks not yet finished and keeps every row
yielded. A worker that dies has its task run again by the scheduler (and by us, if the scheduler
gave up on it, ``RETRIES`` times); each game is known by its setting and seed (its number in the
run), so a game is never yielded twice. The workers run the package installed on them: before any
game, each worker's ``engine_version()`` (the package's version and a hash of its source) must equal
this process's, or the run is refused naming the worker; each task checks it again, for a worker
that joins later.

Dask is the ``cluster`` extra's (``pip install "stationmaster[cluster]"``), imported only here and
only when a cluster is asked for: without it, ``simulate`` runs on local processes as before.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import importlib.metadata
import pathlib
import sys

#: a task's play in a worker's seconds, once a game's time is known: Dask's few milliseconds a task are
#: then about 1% of it, and Ctrl-C or a worker lost throws away at most about this much play a task
TASK_SECONDS = 0.5
#: the most games in one Dask task
BATCH = 32
#: at least this many tasks a worker of the games left (fewer games a task near the end), so none idles
TASKS_PER_WORKER = 4
#: tasks handed out ahead of those finished, per worker, while games are quick: every worker busy
#: between Dask's round trips, memory flat (slow games get one task a worker, ``in_flight``)
AHEAD_PER_WORKER = 4
#: times a task is submitted again after the scheduler gave it up (its workers kept dying)
RETRIES = 3

INSTALL = 'pip install "stationmaster[cluster]"'


class ClusterError(RuntimeError):
    """The cluster cannot run the games: Dask is not installed, the scheduler cannot be reached, or a
    worker runs another engine. The message says which, in a user's words."""


def distributed():
    """The ``distributed`` package, or a ClusterError saying what to install."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"running games on a Dask cluster needs Dask: {INSTALL}") from None
    return distributed


@functools.lru_cache(maxsize=None)
def engine_version() -> str:
    """This package's version and a hash of its engine's source (the board's widgets aside): two
    installs play the same games exactly when these agree."""
    try:
        version = importlib.metadata.version("stationmaster")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    root = pathlib.Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] != "widgets":  # a wheel holds the widgets here, a source checkout beside: not the engine
            digest.update(rel.as_posix().encode() + b"\0" + path.read_bytes())
    return f"{version}+{digest.hexdigest()[:12]}"


# The probe a worker runs for its version, made outside any module so that it is shipped by value:
# it answers even on a worker whose stationmaster is missing or older than this module.
_PROBE = '''
def probe():
    try:
        from stationmaster.bots.cluster import engine_version
    except ImportError:
        try:
            import importlib.metadata
            return importlib.metadata.version("stationmaster") + " (without stationmaster.bots.cluster)"
        except Exception:
            return "no stationmaster installed"
    return engine_version()
'''


def _probe():
    space = {"__name__": "stationmaster_cluster_probe"}
    exec(_PROBE, space)  # noqa: S102  (our own constant: a function with no importable module)
    return space["probe"]


def refusal(versions: dict, mine: str) -> str | None:
    """Why the workers (address -> engine version) may not play this process's games, or None."""
    if not versions:
        return "the Dask cluster has no workers: start some with `dask worker SCHEDULER_ADDRESS`"
    other = {w: v for w, v in sorted(versions.items()) if v != mine}
    if not other:
        return None
    named = "; ".join(f"worker {w} runs {v}" for w, v in list(other.items())[:3])
    more = f" (and {len(other) - 3} more)" if len(other) > 3 else ""
    return (f"the Dask workers must run this engine, stationmaster {mine}: {named}{more}. Install the same "
            "stationmaster on every worker (the same version and source) and start them again")


def check_versions(client) -> str:
    """Refuse (ClusterError) a cluster whose workers run another engine; return this engine's version."""
    mine = engine_version()
    why = refusal(client.run(_probe()), mine)
    if why:
        raise ClusterError(why)
    return mine


def play_batch(play, tasks: list, version: str) -> list:
    """In a worker: play a few games (``play(task)`` -> a row, e.g. ``simulate.play_one``) and return
    their rows, after checking that this worker runs the engine the client expects."""
    mine = engine_version()
    if mine != version:
        raise ClusterError(f"a Dask worker runs stationmaster {mine}, not the client's {version}")
    _freeze_once()
    return [play(task) for task in tasks]


_FROZEN = []


def _freeze_once() -> None:
    """In a worker, once: the objects the worker has made so far (Dask's own, the imports) are set
    aside from the garbage collector's passes, which a game's many short-lived objects start often;
    a worker's heap is larger than a local process's, and each pass went through all of it."""
    if not _FROZEN:
        gc.collect()
        gc.freeze()
        _FROZEN.append(True)


class ByValue:
    """A game function sent to the workers whole (by cloudpickle), for one the package installed on them
    does not hold: a script's, as tools/balance_multiplayer.py's. Dask would send it by name, which a
    worker cannot import; the engine it calls is still the workers' own, checked to be this one's."""

    def __init__(self, function) -> None:
        import cloudpickle  # a dependency of distributed
        module = sys.modules.get(function.__module__)
        if module is not None and module.__name__ != "__main__":  # (__main__'s go by value anyway)
            cloudpickle.register_pickle_by_value(module)
        self.data, self.function = cloudpickle.dumps(function), function

    def __getstate__(self) -> dict:
        return {"data": self.data}

    def __setstate__(self, state: dict) -> None:
        self.data, self.function = state["data"], None

    def __call__(self, task):
        if self.function is None:
            import cloudpickle
            self.function = cloudpickle.loads(self.data)
        return self.function(task)


def batch_size(games_left: int, workers: int, seconds_a_game: float | None = None) -> int:
    """Games the next task gets: about ``TASK_SECONDS`` of play once a game's time is known (one game
    until then), at most ``BATCH``, and few enough that each worker gets ``TASKS_PER_WORKER`` tasks
    of the games left."""
    wanted = round(TASK_SECONDS / seconds_a_game) if seconds_a_game else 1
    return max(1, min(BATCH, wanted, games_left // (max(1, workers) * TASKS_PER_WORKER)))


def in_flight(workers: int, seconds_a_game: float | None = None) -> int:
    """Tasks kept handed out: a few a worker once games are known to be quick (a task of many games,
    Dask's milliseconds a round trip would otherwise idle the workers), but one a worker until then and
    while a game takes most of a task's time: a long game queued behind another on a busy worker waits
    there while a free worker idles (the study's 8 expert games took 99 s so, 80 s on local processes)."""
    quick = seconds_a_game is not None and seconds_a_game * 4 < TASK_SECONDS
    return max(1, workers) * (AHEAD_PER_WORKER if quick else 1)


def connect(client=None, scheduler=None):
    """(the client to use, whether this call made it): ``client`` as given, or one connected to ``scheduler``."""
    if client is not None and scheduler is not None:
        raise ValueError("give a Dask client or a scheduler address, not both")
    dist = distributed()
    if client is not None:
        if not isinstance(client, dist.Client):
            raise ValueError(f"client must be a distributed.Client, not {type(client).__name__}")
        return client, False
    if not isinstance(scheduler, str) or "://" not in scheduler:
        raise ValueError(f"a Dask scheduler's address looks like tcp://HOST:8786, not {scheduler!r}")
    try:
        return dist.Client(scheduler, timeout="10s", set_as_default=False), True
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None


class Ledger:
    """The games of a run yielded so far, so that a row that comes back twice (a task run again after
    its worker was lost) is dropped. A game is known by its number in the run, ``i`` of ``task(i)``:
    one setting and seed, whatever the run mixes (a study's multiplayer cells share their seeds). It
    keeps a watermark (every game below it is done) and the few games done above it, so a run of any
    length holds only what is in flight."""

    def __init__(self) -> None:
        self.below, self.above = 0, set()

    def add(self, game: int) -> bool:
        """Note a game; False when it was noted already."""
        if game < self.below or game in self.above:
            return False
        self.above.add(game)
        while self.below in self.above:
            self.above.discard(self.below)
            self.below += 1
        return True


def rows(play, task, games: int, bar, client=None, scheduler=None):
    """The rows of ``games`` games played on a Dask cluster, yielded as their tasks finish: game ``i``
    is ``play(task(i))``, a task a tuple whose last item is the game's seed,
    ``play`` a function the workers import from the installed package; ``bar()`` makes the progress
    report. The cluster is reached and its workers' engine checked here, before any game
    (ClusterError saying why not); the games are played as the iterator is read."""
    client, own = connect(client, scheduler)
    try:
        version = check_versions(client)
        workers = sum(client.nthreads().values()) or 1  # a worker of several threads plays several games
    except BaseException:
        if own:
            client.close()
        raise
    return _stream(client, own, play, task, games, version, workers, bar)


def _stream(client, own: bool, play, task, games: int, version: str, workers: int, bar):
    dist = distributed()
    ledger = Ledger()
    timed = [0.0, 0]  # the seconds the games played so far took in their workers, and how many
    pending = {}  # future -> (first game, games, submissions so far)
    done = dist.as_completed(loop=client.loop)  # this client's loop: none need be the default client
    handed = 0

    def submit(start: int, n: int, tries: int) -> None:
        future = client.submit(play_batch, play, [task(i) for i in range(start, start + n)], version, pure=False)
        pending[future] = (start, n, tries)
        done.add(future)

    def hand_out() -> None:  # keep a few tasks a worker ahead
        nonlocal handed
        seconds = timed[0] / timed[1] if timed[1] else None
        while handed < games and len(pending) < in_flight(workers, seconds):
            n = batch_size(games - handed, workers, seconds)
            submit(handed, n, 1)
            handed += n

    bar = bar()
    try:
        hand_out()
        for future in done:
            start, n, tries = pending.pop(future)
            try:
                batch = future.result()
            except dist.KilledWorker:
                if tries > RETRIES:
                    raise ClusterError(f"the games of seeds {task(start)[-1]} to {task(start + n - 1)[-1]} "
                                       f"killed {tries} Dask workers in turn: giving them up") from None
                submit(start, n, tries + 1)
                continue
            finally:
                future.release()
            timed[0] += sum(row.get("seconds", 0) for row in batch)
            timed[1] += len(batch)
            hand_out()  # before the rows are read, so the workers play while they are written
            for k, row in enumerate(batch, start):
                if ledger.add(k):
                    bar.update(1)
                    yield row
    finally:  # done, closed or interrupted: what is not finished is cancelled; the rows yielded stay
        if pending:
            client.cancel(list(pending))
        bar.close()
        if own:
            client.close()
