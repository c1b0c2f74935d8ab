"""Controller benchmark: the kernel-side cost of one click, without widgets. Prints JSON.

    python benchmarks/controller.py [--games 3] [--intents 300]

Seeded random Standard solitaire games are played through ``Controller`` by the clicks and
presses ``clicks_for`` gives for a random legal intent, each followed by what the board asks of
the controller after a click (``highlights``, ``actions``, ``status``, ``hint``, ``selection``).
We report the median and 90th percentile time of such a click (ms) and how many times the
engine's enumeration (``phases.<phase>.legal``) ran per click: the legal intents are meant to be
computed once per game state.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stationmaster as sm  # noqa: E402
from stationmaster import phases  # noqa: E402
from stationmaster.widgets.controller import Controller  # noqa: E402


class Counter:
    """Counts the calls of every phase's ``legal`` (the engine's enumeration)."""

    def __init__(self) -> None:
        self.calls = 0
        self._saved = {}

    def __enter__(self):
        for name, ph in phases.BY_NAME.items():
            if not hasattr(ph, "legal"):
                continue
            self._saved[name] = ph.legal

            def counted(s, _f=ph.legal):
                self.calls += 1
                return _f(s)
            ph.legal = counted
        return self

    def __exit__(self, *exc) -> None:
        for name, f in self._saved.items():
            phases.BY_NAME[name].legal = f


def after_click(c) -> None:
    """What the board reads from the controller to repaint after a click."""
    c.highlights()
    c.actions()
    c.status()
    c.hint()
    c.selection()


def play(seed: int, intents: int, counter: Counter) -> tuple:
    r = random.Random(seed)
    g = sm.new_game(seed=seed)
    c = Controller(g)
    times, calls = [], []
    for _ in range(intents):
        if g.is_over:
            break
        it = r.choice(g.legal_intents())
        for kind, what in c.clicks_for(it):
            before = counter.calls
            t = time.perf_counter()
            (c.click if kind == "click" else c.press)(what)
            after_click(c)
            times.append((time.perf_counter() - t) * 1000)
            calls.append(counter.calls - before)
        if len(g.history) == 0 or g.history[-1] != it:  # a click made another intent: go on from there
            continue
    return times, calls


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--intents", type=int, default=300)
    a = ap.parse_args(argv)
    times, calls = [], []
    with Counter() as counter:
        for seed in range(1, a.games + 1):
            t, c = play(seed, a.intents, counter)
            times += t
            calls += c
    times.sort()
    out = {
        "python": platform.python_version(),
        "games": a.games,
        "clicks": len(times),
        "click_ms_median": round(statistics.median(times), 3),
        "click_ms_p90": round(times[int(0.9 * (len(times) - 1))], 3),
        "legal_enumerations_per_click_median": statistics.median(calls),
        "legal_enumerations_per_click_max": max(calls),
    }
    print(json.dumps(out, indent=1))
    return out


if __name__ == "__main__":
    main()
