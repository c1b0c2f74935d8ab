"""The search bot: looks ahead by playing the planner forward on determinized copies.

At the decisions that shape a game — the Local Operations option, the Superintendent's clearance,
an Extra's direction — it takes the planner's few best candidates and plays each forward a few
Stages, several times, on copies in which what its player cannot know (the Home Office order, the
other hands, the dice) is dealt afresh (``game.copy(determinize=player, seed=...)``). Every
candidate meets the same deals (common random numbers), and the one with the best average outcome
is chosen. Other decisions (switching steps, plays from the hand, Porters and Laborers) are the
planner's. The budget is counted in rollouts, so a seeded search is deterministic; a time cap
(``max_seconds``, 1 s by default) stops it early on a slow machine, and then the decision depends
on the machine's speed — pass ``max_seconds=None`` for reproducible play.
"""

from __future__ import annotations

import time

from ..cards import PIECES, spec as card_spec
from ..flow import Phase
from ..intents import Agent, Clearance, Draw, Run
from .base import Bot, Decision, Option, check_options, register
from .planner import PlannerBot
from .view import View

ROLLOUTS = 3  # rollouts per candidate (the default budget)
CANDIDATES = 3  # the planner's best options looked at
HORIZON = 4  # Stages played forward in each rollout (3 × 4 since issue 16: half the work of 4 × 6 a decision)
MARGIN = 0.75  # Revenue per rollout another option must gain over the planner's choice to replace it


def position_value(game, player: str) -> float:
    """The player's Revenue (the team's in Co-op; ahead of the others in Competitive), plus work
    in hand that will pay soon: loads in green boxes and on the way, free red boxes."""
    s = game.state
    me = next(p for p in s.players if p.name == player)
    mode = s.config.mode
    if mode == "coop":
        score = float(sum(p.revenue for p in s.players))
    elif mode == "competitive" and len(s.players) > 1:
        others = [p.revenue for p in s.players if p is not me]
        score = me.revenue - 0.5 * sum(others) / len(others)
    else:
        score = float(me.revenue)
    area = s.areas[me.seat]
    # what has been built keeps paying: worth more the more of the game is left
    left = ((s.config.days - s.day) * 12 + 12 - s.stage) / 36.0
    if left > 0:
        office = card_spec(area.office.card, s.deck)
        trains = [card_spec(c, s.deck) for c in s.timetable.values()]
        assets = (2.0 * office.tier + 0.8 * sum(1 for t in trains if "coach" in t.consist)
                  + 0.4 * sum(1 for t in trains if "coach" not in t.consist)
                  + 0.6 * sum(1 for xy in area.facilities if xy != (0, 0)))
        score += assets * min(1.0, left)
        hand = [card_spec(c, s.deck) for c in me.hand]
        # the next Office upgrade in hand is one to come; a card more than a step up (a Terminal on a
        # Depot) waits for the step between, so it is not counted yet
        score += 0.3 * min(1.0, left) * sum(1 for sp in hand if sp.kind == "office" and sp.tier == office.tier + 1)
    for xy, fac in area.facilities.items():
        score += 0.5 * len(fac.green)
        score += 0.5 * sum(1 for v in fac.pipeline.values() if v)
        if xy != (0, 0):
            kind = None
            for c in area.grid[xy].cars:
                pc = PIECES[c]
                kind = kind or pc.kind
                if pc.loaded and c not in fac.loaded_here:
                    score += 0.3
    return score


@register
class SearchBot(Bot):
    """Planner-guided look-ahead over determinized copies (see the module's docstring)."""

    name = "search"
    OPTIONS = (
        Option("rollouts", int, 0, 10_000, help=f"rollouts per candidate (default {ROLLOUTS}; 0: the planner's choice)"),
        Option("candidates", int, 1, 100, help=f"the planner's best options looked at (default {CANDIDATES})"),
        Option("horizon", int, 1, 1_000, help=f"Stages played forward in each rollout (default {HORIZON})"),
        Option("max_seconds", float, 0.001, 3_600, none="no time cap, reproducible",
               help="the time cap per decision (default 1)"),
        Option("budget", float, 0.001, 3_600, none="no time cap", help="another name for max_seconds"),
        Option("iterations", int, 0, 10_000, none="rollouts decides", help="another name for rollouts"),
        Option("margin", float, 0, 1_000, help=f"Revenue per rollout another option must gain (default {MARGIN})"),
    )

    def __init__(self, seed: int = 0, rollouts: int = ROLLOUTS, candidates: int = CANDIDATES,
                 horizon: int = HORIZON, max_seconds: float | None = 1.0, budget: float | None = None,
                 iterations: int | None = None, margin: float = MARGIN) -> None:
        super().__init__(seed)
        check_options(SearchBot, {"rollouts": rollouts, "candidates": candidates, "horizon": horizon,
                                  "max_seconds": max_seconds, "budget": budget, "iterations": iterations,
                                  "margin": margin})
        if iterations is not None:
            rollouts = iterations
        if budget is not None:
            max_seconds = budget
        self.rollouts, self.candidates, self.horizon, self.max_seconds = rollouts, candidates, horizon, max_seconds
        self.margin = margin
        self.planner = PlannerBot(seed)
        self.rollout_policy = rollout_policy(seed)

    def decide(self, game) -> Decision:
        legal = self.legal(game)
        if len(legal) == 1:
            return Decision(legal[0], "the only thing to do")
        s = game.state
        pend = s.turn.pending
        cands = None
        if pend is not None and pend.kind == "clearance":
            first = self.planner.decide(game)
            other = Clearance(not first.intent.clear)
            cands = [(first.intent, first.reason),
                     (other, f"{'clears' if other.clear else 'holds'} train {s.trains[pend.tray].label}: "
                             f"that plays out better over the next Stages")]
        elif pend is not None and pend.kind == "direction":
            first = self.planner.decide(game)
            other = Run("west" if first.intent.direction == "east" else "east")
            cands = [(first.intent, first.reason), (other, f"sends the Extra {other.direction}: it plays out better")]
        elif pend is None and s.phase == Phase.LOCAL_OPERATIONS and s.turn.option is None:
            v = View(game)
            scored = self.planner.option_scores(v, legal)
            can_draw = any(isinstance(it, Draw) for _, it, _ in scored)
            # passing is never better than drawing and discarding: only noise could make it look so
            cands = [(it, why) for _, it, why in scored
                     if not (can_draw and isinstance(it, Agent) and it.action == "pass")][: self.candidates]
        if not cands or len(cands) == 1 or self.rollouts <= 0:
            return self.planner.decide(game)
        return self._search(game, cands)

    def _search(self, game, cands) -> Decision:
        player = game.actor
        totals, done = look_ahead([it for it, _ in cands], lambda it, seed: self._rollout(game, player, it, seed),
                                  self.rollouts, self.rng(game, salt=0x5EA4C4), self.max_seconds)
        best = max(range(len(cands)), key=lambda k: (totals[k], -k))
        if (totals[best] - totals[0]) / max(1, done) < self.margin:
            best = 0  # the planner's choice stands unless look-ahead finds it clearly worse
        intent, why = cands[best]
        if best != 0:
            why = f"{why} (looked ahead {done} times: better than {cands[0][0]})"
        return Decision(intent, why)

    def _rollout(self, game, player, intent, seed) -> float:
        return rollout(game, player, intent, seed, self.rollout_policy, self.horizon)


def look_ahead(intents, play_forward, rollouts: int, rng, max_seconds: float | None = None):
    """(totals, rounds done): each intent's summed ``play_forward(intent, seed)`` over ``rollouts``
    rounds. In a round every intent meets the same seed (common random numbers: the seeds come from
    ``rng``), so the totals differ by the intents, not by the luck of the deals; ``max_seconds``
    stops before a round that would overrun it (then the result depends on the machine's speed)."""
    start = time.perf_counter()
    totals = [0.0] * len(intents)
    done = 0
    for _ in range(rollouts):
        seed = rng.next64()
        for k, intent in enumerate(intents):
            totals[k] += play_forward(intent, seed)
        done += 1
        spent = time.perf_counter() - start
        if max_seconds is not None and spent * (done + 1) / done > max_seconds:
            break  # another round would overrun the time cap
    return totals, done


def rollout_policy(seed: int) -> PlannerBot:
    """Who plays the copies forward: the planner, with fewer visits a switching plan and following the
    plan it made when it chose to switch (a third of the work of planning every step afresh)."""
    return PlannerBot(seed, switch_nodes=20, follow_plans=True)


def rollout(game, player, intent, seed, policy, horizon: int) -> float:
    """``position_value`` for ``player`` after ``intent`` and ``horizon`` Stages of ``policy``'s play,
    on a copy of ``game`` in which what the player cannot know is dealt afresh from ``seed``."""
    g = game.copy(determinize=player, seed=seed)
    g.apply(intent)
    stop = g.state.stage_count + horizon
    steps = 0
    while not g.is_over and g.state.stage_count < stop and steps < 2000:
        g.apply(policy.decide(g).intent)
        steps += 1
    return position_value(g, player)
