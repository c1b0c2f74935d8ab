"""Review a finished (or unfinished) game: which of a player's decisions cost Revenue, and why.

``sm.review(game_or_save_path)`` judges every decision of one player that had more than one legal
intent (``judge.py`` says how: the played line against the planner's, rolled forward on the same
determinized futures) and returns a ``Review``: the judgements, the Revenue lost by kind of
decision, the curve of expected value, a table, the record notebook with the review's comments.
``iter_review`` yields the judgements one by one as they are made (the first within a second or
so). See docs/review.md.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import warnings

from ..game import Game
from ..kernel import notebook_widgets
from ..saves import load
from ..timeline import freeze, thaw
from .judge import DEPTHS, KINDS, THRESHOLDS, VERDICTS, Depth, Judgement, judge, units
from .report import Review, comment

__all__ = ["DEPTHS", "KINDS", "THRESHOLDS", "VERDICTS", "Depth", "Judgement", "Review", "comment",
           "iter_review", "review"]


def _game(game_or_save_path):
    """The game to review: a Game, or the path of a save (loaded; a save that stops early is
    reviewed as far as it replayed)."""
    if isinstance(game_or_save_path, Game):
        return game_or_save_path
    if isinstance(game_or_save_path, (str, os.PathLike)):
        return load(game_or_save_path)
    raise TypeError(f"review a game or the path of a save, not {type(game_or_save_path).__name__}")


def _player(game, player) -> str:
    """``player``, checked; None: the game's only human, else the first seat."""
    names = list(game.players)
    if player is None:
        humans = list(game.humans)
        return humans[0] if len(humans) == 1 else names[0]
    if player not in names:
        raise ValueError(f"{player!r} is not a player of this game (its players: {', '.join(names)})")
    return player


def _depth(depth) -> Depth:
    if isinstance(depth, Depth):
        return depth
    if depth not in DEPTHS:
        raise ValueError(f"the depth of a review is one of {', '.join(DEPTHS)}, not {depth!r}")
    return DEPTHS[depth]


def _jobs(jobs) -> int:
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise ValueError(f"jobs is a whole number of worker processes from 1, not {jobs!r}")
    return min(jobs, os.cpu_count() or 1)


def plan(game, player) -> list:
    """The decisions to judge: [(unit, frozen state before it)], walking the record once."""
    return [(unit, freeze(position.state)) for unit, position in units(game, player)]


def _judge_frozen(args):
    """One decision, from the frozen position before it: its Judgement, or, when judging it failed
    (an engine fault in a rollout: never a reason to lose the rest of the review), the reason."""
    config, seed, player, unit, snap, depth = args
    try:
        return judge(Game.from_position(config, seed, thaw(snap)), player, unit, depth)
    except Exception as e:  # reported by _judged, the decision left unjudged
        return f"decision {unit.seqs[0]} could not be judged ({type(e).__name__}: {e})"


def _quiet_worker() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool), not each worker's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _judged(game, player: str, d: Depth, jobs: int, todo: list):
    """Yield the judgement of each planned decision, in order (``jobs`` worker processes); for a
    decision that could not be judged, a warning (RuntimeWarning) and None."""
    work = [(game.config, game.seed, player, unit, snap, d) for unit, snap in todo]
    if jobs == 1 or len(todo) < 2:
        results = map(_judge_frozen, work)
    else:
        import multiprocessing  # only here processes are started: a JupyterLite (Pyodide) kernel has none

        pool = multiprocessing.Pool(min(jobs, len(todo)), initializer=_quiet_worker)
        results = pool.imap(_judge_frozen, work)
    try:
        for got in results:
            if isinstance(got, str):
                warnings.warn(got, RuntimeWarning, stacklevel=2)
                got = None
            yield got
    finally:
        if jobs > 1 and len(todo) >= 2:  # done, closed or interrupted: the workers stop
            pool.terminate()
            pool.join()


def iter_review(game_or_save_path, player=None, depth="normal", jobs=1):
    """Yield each ``Judgement`` of ``player``'s decisions as soon as it is made, in the game's order
    (the first within a second or so; with ``jobs`` > 1 worker processes judge several at once).
    Closing the generator stops the workers. The arguments are ``review``'s."""
    game = _game(game_or_save_path)
    player = _player(game, player)
    d, jobs = _depth(depth), _jobs(jobs)
    yield from (j for j in _judged(game, player, d, jobs, plan(game, player)) if j is not None)


def review(game_or_save_path, player=None, depth="normal", jobs=1, progress=None) -> Review:
    """Review ``player``'s decisions in a game (a ``Game`` or the path of a save): a ``Review``.

    ``player=None`` reviews the game's only human, or else the player in the first seat.
    ``depth`` is "fast", "normal" (the default) or "deep" (``DEPTHS``: how many futures are
    sampled, how many Stages they run, how many alternatives are looked at); ``jobs`` > 1 judges
    in that many worker processes (at most one per CPU). ``progress(done, total)`` is called after
    each decision; left None, a notebook shows a progress bar (ipywidgets, when installed) and
    elsewhere nothing is shown; True shows the bar, or outside a notebook a line on standard error;
    False shows nothing. Ctrl-C (KeyboardInterrupt) stops the review
    and returns what is done: the Review then says it is partial (``review.partial``)."""
    game = _game(game_or_save_path)
    player = _player(game, player)
    d, jobs = _depth(depth), _jobs(jobs)
    start = time.perf_counter()
    todo = plan(game, player)
    bar = _notebook_bar() if progress is None or progress is True else None
    report = progress if callable(progress) else (bar.update if bar is not None else
                                                  _text_progress if progress is True else None)
    found, unjudged = [], 0
    judged = _judged(game, player, d, jobs, todo)
    try:
        for j in judged:
            if j is None:  # could not be judged (warned): not a decision of this review
                unjudged += 1
            else:
                found.append(j)
                if bar is not None:
                    bar.tell(j, game)
            if report is not None:
                report(len(found) + unjudged, len(todo))
    except KeyboardInterrupt:
        pass
    finally:
        judged.close()
        if bar is not None:
            bar.close()
    return Review(game, player, found, depth if isinstance(depth, str) else "custom", len(todo) - unjudged,
                  round(time.perf_counter() - start, 3))


def _text_progress(done: int, total: int) -> None:
    """Progress as a line on standard error (``progress=True`` outside a notebook)."""
    if done == total or done % 10 == 0:
        print(f"\rreviewing: {done} of {total} decisions", end="\n" if done == total else "", file=sys.stderr,
              flush=True)


class _Bar:
    """An ipywidgets progress bar shown in a notebook while a review runs."""

    def __init__(self, widgets) -> None:
        from IPython.display import display

        self.bar = widgets.IntProgress(value=0, min=0, max=1, description="Review")
        self.label = widgets.Label("")
        self.latest = widgets.Label("")  # the latest decision that was not the best, as it is found
        self.box = widgets.VBox([widgets.HBox([self.bar, self.label]), self.latest])
        display(self.box)

    def tell(self, j: Judgement, game) -> None:
        if j.verdict != "best":
            turn = game.timeline[j.seq - 1].turn
            self.latest.value = f"Day {turn.day}, Stage {turn.stage}: {comment(j)}"

    def update(self, done: int, total: int) -> None:
        self.bar.max = max(1, total)
        self.bar.value = done
        self.label.value = f"{done} of {total} decisions"

    def close(self) -> None:
        self.box.close()


def _notebook_bar():
    """A progress bar when running in a notebook kernel with ipywidgets, else None."""
    ipywidgets = notebook_widgets()
    if ipywidgets is None:
        return None
    try:
        return _Bar(ipywidgets)
    except Exception:  # no display to show it in
        return None
