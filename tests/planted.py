"""Planner games with planted mistakes, for the review's tests: the planner plays every decision but
the planted ones, each made the first time its situation arises in the game."""

from __future__ import annotations

import stationmaster as sm
from stationmaster import explain
from stationmaster.bots.planner import PlannerBot
from stationmaster.bots.plays import card_worth
from stationmaster.bots.view import View
from stationmaster.decisions import decision_kind
from stationmaster.intents import Agent, Clearance, Discard, Draw, End, Move, Play, SetOut, Switch
from stationmaster.query import spec_of

ME = "Player"


def collision(g, planned):
    """Clear a train into a sure collision ([M6]) the planner holds."""
    if planned == Clearance(False) and explain.sure_collision(g):
        return (Clearance(True),)
    return None


def discard_office(g, planned):
    """Discard the Office card (the only one in hand) the planner plays as it is drawn."""
    if isinstance(planned, Play) and spec_of(g.state, planned.card).kind == "office":
        offices = [c for c in g.state.players[0].hand if spec_of(g.state, c).kind == "office"]
        if len(offices) == 1:
            return (Discard(planned.card, explain.discard_dept(g)),)
    return None


def strand(g, planned):
    """At the start of a switching turn that spots cars at an industry, run the train off to a
    card that is no industry (a siding first), set its cars out there and end the turn: the cars
    stand stranded where no industry works them."""
    if planned != Switch():
        return None
    trial = g.copy()
    trial.apply(Switch())
    bot = PlannerBot(0)
    first = bot.decide(trial).intent
    if not isinstance(first, Move):
        return None
    area = g.state.areas[0]
    plan, t = [], trial.copy()
    while t.actor == ME and decision_kind(t.state) == "switch" and len(plan) < 12:
        it = bot.decide(t).intent
        plan.append((it, t.state.trains[it.tray].pos if hasattr(it, "tray") and it.tray in t.state.trains else None))
        t.apply(it)
    if not any(isinstance(it, SetOut) and at in area.facilities and at != (0, 0) for it, at in plan):
        return None
    away = [it for it in trial.legal if isinstance(it, Move) and it != first and it.tray == first.tray
            and it.to not in area.facilities and it.to != (0, 0)]
    away.sort(key=lambda it: it.to[1] == 0)  # a siding first
    for it in away:  # there, the cars are set out and left
        t = trial.copy()
        t.apply(it)
        train = t.state.trains[it.tray]
        for end, side in (("rear", train.behind), ("front", train.ahead)):
            setout = SetOut(it.tray, end, len(side))
            if side and setout in t.legal:
                return (Switch(), it, setout, End())
    return None


def unstocked(g, planned):
    """Pass the Freight Agent where the planner stocks a green box for a spotted empty."""
    if isinstance(planned, Agent) and planned.action == "stock" and planned.at != (0, 0):
        return (Agent("pass"),)
    return None


def useless_card(g, planned):
    """Take a card that could not be played (worth little to the planner) from a Department when the
    planner takes a card it needs from another."""
    if not (isinstance(planned, Draw) and planned.source != "home"):
        return None
    v = View(g)
    for k in (1, 2, 3):
        it = Draw(k)
        if k != planned.source and it in g.legal and card_worth(v, g.state.departments[k - 1][-1]) <= 4 \
                and explain.follows_through(g, it):  # a reason it could not be played after taking it
            return (it,)
    return None


PLANTS = {"collision": collision, "discard_office": discard_office, "strand": strand,
          "unstocked": unstocked, "useless_card": useless_card}


def planted_game(seed: int, plants=PLANTS, after_stages: int = 3, limit: int = 700, **options):
    """A planner game (``new_game(seed=seed, **options)``) with each of ``plants`` made the first
    time its situation arises (one planted decision at a time, at least a Stage apart), played on
    ``after_stages`` Stages after the last; (game, {plant name: the seqs of its intents})."""
    g = sm.new_game(seed=seed, **options)
    bot = PlannerBot(0)
    done, stop, quiet = {}, None, -1
    while not g.is_over and len(g.history) < limit:
        if stop is not None and g.state.stage_count >= stop:
            break
        planned = bot.decide(g).intent
        line = None
        if g.actor == ME and g.state.stage_count > quiet:
            for name, plant in plants.items():
                line = None if name in done else plant(g, planned)
                if line:
                    break
        if line:
            first = len(g.history) + 1
            for it in line:
                g.apply(it)
            done[name] = tuple(range(first, len(g.history) + 1))
            quiet = g.state.stage_count
            if len(done) == len(plants):
                stop = g.state.stage_count + after_stages
            continue
        g.apply(planned)
    return g, done


def unstocked_game(seed: int = 9, decisions: int = 120, every: bool = False):
    """A planner game of ``decisions`` intents with its first stocking of an industry's green box
    (``every``: each) passed instead; (game, the seq of the first pass or None)."""
    g = sm.new_game(seed=seed)
    bot = PlannerBot(0)
    passed = None
    while not g.is_over and len(g.history) < decisions:
        it = bot.choose(g)
        if (passed is None or every) and unstocked(g, it):
            it, passed = Agent("pass"), passed or len(g.history) + 1
        g.apply(it)
    return g, passed
