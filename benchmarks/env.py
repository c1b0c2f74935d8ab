"""Environment benchmarks for learning agents (DESIGN.md §7: ≥ 5,000 steps/s with a masked random
policy). Prints JSON; budgets are checked by reading it, not by tests.

    python benchmarks/env.py [--runs 5] [--length standard]

- ``bare_engine``: the engine alone, random legal intents (``game.apply(random.choice(legal))``): the
  ceiling an environment step can approach;
- ``gym_solitaire``: ``Solitaire-v0`` steps with a masked random policy (the policy picks among the
  mask's legal ids), the observation and the mask built every step, as a training loop does;
- ``aec_competitive``: the same through the PettingZoo AEC environment, 2 and 4 seats;
- ``observation_us`` / ``mask_us``: the cost of one observation encoding and one action mask
  (median per step over whole games), and the observation's and catalog's sizes.

Every figure is a median over ``--runs`` seeded games; the machine is shared, so read ratios.
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

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402

import stationmaster as sm  # noqa: E402
import stationmaster.env as E  # noqa: E402

BUDGETS = {"env_steps_per_s_min": 5000}


def bare(seed: int, **options) -> tuple:
    r = random.Random(seed)
    g = sm.new_game(seed=seed, **options)
    t = time.perf_counter()
    n = 0
    while not g.is_over:
        g.apply(r.choice(g.legal_intents()))
        n += 1
    return n, time.perf_counter() - t


def gym_run(env, seed: int) -> tuple:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    t = time.perf_counter()
    n = 0
    while True:
        legal = info["legal_actions"]  # the mask's legal ids (np.flatnonzero(mask) costs ~100 µs on 68,000)
        obs, reward, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
        n += 1
        if term or trunc:
            return n, time.perf_counter() - t


def aec_run(env, seed: int) -> tuple:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    t = time.perf_counter()
    n = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = info["legal_actions"]
        env.step(int(legal[rng.integers(len(legal))]))
        n += 1
    return n, time.perf_counter() - t


def rate(runs: int, play, *args) -> dict:
    steps, secs, per = [], [], []
    for seed in range(1, runs + 1):
        n, dt = play(*args, seed) if args else play(seed)
        steps.append(n)
        secs.append(dt)
        per.append(n / dt)
    return {"games": runs, "median_steps_per_game": statistics.median(steps),
            "steps_per_s_median": round(statistics.median(per)), "steps_per_s_total": round(sum(steps) / sum(secs))}


def parts(runs: int, **options) -> dict:
    """Median cost of one observation and one mask over the positions of random games."""
    table = E.aec_env(**options).table
    obs_t, mask_t = [], []
    for seed in range(1, runs + 1):
        table.deal(seed)
        r = random.Random(seed)
        g = table.game
        out = np.zeros(table.observer.size, np.float32)
        while not g.is_over:
            t = time.perf_counter()
            table.observe(g.actor, out)
            obs_t.append(time.perf_counter() - t)
            g.legal_intents()  # the engine's enumeration is not the mask's cost
            t = time.perf_counter()
            table.mask()
            mask_t.append(time.perf_counter() - t)
            g.apply(r.choice(g.legal_intents()))
    return {"observation_us": round(statistics.median(obs_t) * 1e6, 1),
            "mask_us": round(statistics.median(mask_t) * 1e6, 1),
            "observation_size": table.observer.size, "catalog_size": table.catalog.size}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--length", default="standard")
    a = ap.parse_args(argv)
    two = dict(players=["Ann", "Bo"], mode="competitive", length=a.length)
    four = dict(players=["Ann", "Bo", "Cy", "Di"], mode="competitive", length=a.length)
    solo = gymnasium.make("stationmaster/Solitaire-v0", length=a.length).unwrapped
    solo_text = gymnasium.make("stationmaster/Solitaire-v0", length=a.length, describe=True).unwrapped
    out = {
        "python": platform.python_version(),
        "bare_engine_solitaire": rate(a.runs, lambda seed: bare(seed, length=a.length)),
        "gym_solitaire": rate(a.runs, gym_run, solo),
        "gym_solitaire_with_describe": rate(a.runs, gym_run, solo_text),
        "aec_competitive_2": rate(a.runs, aec_run, E.aec_env(**two)),
        "aec_competitive_4": rate(a.runs, aec_run, E.aec_env(**four)),
        "costs_solitaire": parts(a.runs, length=a.length),
        "costs_competitive_4": parts(a.runs, **four),
        "catalog_sizes": {f"{n} seat{'s' * (n > 1)} {deck}": len(E.ActionCatalog(sm.new_game(
            seed=0, players=[f"P{k}" for k in range(n)], mode="solitaire" if n == 1 else "competitive",
            deck=deck).config)) for deck in ("classic", "full") for n in range(1, 7)},
        "budgets": BUDGETS,
    }
    out["meets_budget"] = out["gym_solitaire"]["steps_per_s_median"] >= BUDGETS["env_steps_per_s_min"]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
