"""How often the planner finds a switching plan when one is wanted, and why it misses (issue 16).

    python tools/switching_study.py [--seeds 1-30] [--dump N] [--deck classic]

An *opportunity* is a Local Operations choice at which a switchable train on the Office's A/D track
carries a car that one of the player's reachable, unlocked industries can work (a load it unloads, an
empty it loads). It is *found* when the plan the planner makes there sets such a car out on such an
industry. A miss is put down to the first of, per useful industry: ``limit`` (the train's cars and
the spur's standing cars make more than four), ``unreached`` (no Move of the train, nor a reversal
after one, ends on the spur), ``facing`` (the train faces the wrong way to shove cars into the
spur), else ``no_set_out_paid``. Prints JSON; ``--dump`` prints the first N missed positions'
Office Areas (the planner's own games, played on as it plays them).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stationmaster as sm  # noqa: E402
from stationmaster.bots import make  # noqa: E402
from stationmaster.bots.planner import plan_switching  # noqa: E402
from stationmaster.bots.plays import spotting_facing  # noqa: E402
from stationmaster.bots.sandbox import Sandbox, moves as _moves  # noqa: E402
from stationmaster.bots.view import View  # noqa: E402
from stationmaster.cards import PIECES  # noqa: E402
from stationmaster.intents import Move, SetOut, Switch  # noqa: E402


def useful_for(v: View, xy, car) -> bool:
    sp = v.spec(v.area.grid[xy].card)
    pc = PIECES[car]
    return pc.kind == sp.car and (pc.loaded and sp.inbound or not pc.loaded and sp.outbound)


def opportunities(v: View) -> list:
    """(train, industry xy) pairs: a train at the Office with a car the unlocked industry works."""
    out = []
    for t in v.switchable():
        if t.pos != (0, 0):
            continue
        for xy in v.industries():
            if v.area.facilities[xy].locked:
                continue
            if any(useful_for(v, xy, c) for c in t.cars):
                out.append((t, xy))
    return out


def spotted(v: View, plan) -> bool:
    """Does the plan set a useful car out on an industry? (Replayed on a sandbox.)"""
    g = Sandbox.of(v.game, v.seat)
    if g.state.turn.option is None:
        g.apply(Switch())
    for it in plan:
        if isinstance(it, SetOut):
            t = g.state.trains[it.tray]
            side = t.ahead if it.end == "front" else t.behind
            block = side[-it.count:]
            if t.pos in v.area.facilities and t.pos != (0, 0) and any(useful_for(v, t.pos, c) for c in block):
                return True
        g.apply(it)
    return False


def why_missed(v: View, t, xy) -> str:
    area = v.area
    if len(area.grid[xy].cars) + len(t.cars) > 4:
        return "limit"
    g = Sandbox.of(v.game, v.seat)
    if g.state.turn.option is None:
        g.apply(Switch())
    reached = False
    for d in ("east", "west"):
        for to in _moves(g, v.seat, t.tray, d):
            if to == xy:
                reached = True
            h = g.copy()
            h.apply(Move(t.tray, d, to))
            for d2 in ("east", "west"):
                if xy in _moves(h, v.seat, t.tray, d2):
                    reached = True
    if not reached:
        return "unreached"
    if spotting_facing(v, xy) != t.direction:
        return "facing"
    return "no_set_out_paid"


def area_text(v: View) -> str:
    """The Office Area as a grid of short card names (north up), cars and trains noted."""
    area = v.area
    xs = [x for x, _ in area.grid]
    ys = [y for _, y in area.grid]
    rows = []
    for y in range(max(ys), min(ys) - 1, -1):
        cells = []
        for x in range(min(xs), max(xs) + 1):
            p = area.grid.get((x, y))
            if p is None:
                cells.append(f"{'.':^18}")
                continue
            name = v.spec(p.card).key[:10] + ("~" if p.rotated else "")
            cars = "".join(PIECES[c].kind[0] + ("L" if PIECES[c].loaded else "e") for c in p.cars)
            cells.append(f"{name + ('[' + cars + ']' if cars else ''):^18}")
        rows.append(f"{y:>3} " + "".join(cells))
    rows.append("    " + "".join(f"{x:^18}" for x in range(min(xs), max(xs) + 1)))
    for t in v.trains_here():
        cars = " ".join(f"{c}" for c in reversed(t.ahead)) + " <E> " + " ".join(t.behind)
        rows.append(f"    train {t.label} at {t.pos} facing {t.direction}: {cars}")
    return "\n".join(rows)


def study(seeds, deck="classic", dump=0, length="standard", dump_kind="unreached") -> dict:
    counts = Counter()
    dumps = []
    for seed in seeds:
        g = sm.new_game(seed=seed, length=length, deck=deck)
        bot = make("planner", seed=seed)
        while not g.is_over:
            s = g.state
            if s.phase == "local_operations" and s.turn.pending is None and s.turn.option is None:
                v = View(g)
                opp = opportunities(v)
                if opp:
                    gain, plan = plan_switching(g)
                    counts["opportunities"] += 1
                    if plan and spotted(v, plan):
                        counts["found"] += 1
                    else:
                        reasons = {why_missed(v, t, xy) for t, xy in opp}
                        for r in ("no_set_out_paid", "facing", "unreached", "limit"):  # the most hopeful
                            if r in reasons:
                                counts[r] += 1
                                if len(dumps) < dump and r == dump_kind:
                                    dumps.append(f"seed {seed} day {s.day} stage {s.stage}: {r}\n{area_text(v)}")
                                break
            g.apply(bot.choose(g))
    return {"counts": dict(counts), "games": len(seeds), "dumps": dumps}



def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-30")
    ap.add_argument("--deck", default="classic")
    ap.add_argument("--length", default="standard")
    ap.add_argument("--dump", type=int, default=0)
    ap.add_argument("--dump-kind", default="unreached")
    a = ap.parse_args(argv)
    lo, _, hi = a.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    out = study(seeds, a.deck, a.dump, a.length, a.dump_kind)
    for d in out.pop("dumps"):
        print(d, end="\n\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
