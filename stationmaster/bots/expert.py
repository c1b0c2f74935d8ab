"""The expert: the planner that looks ahead before it builds, and switches by a wide search — a step
above steady play.

Two things separate a strong player from a steady one in this game. The first is where they build:
which end of the siding gets the first customer, which side of the Office a turnout extends. The
steady player (the planner, whose rules of thumb are ``plays.facility_spots`` and
``plays.track_spots``) asks which spots a train reaches and how much room a card opens; the strong one
asks how the next Day would go. So before the expert lays a track card or builds an industry, it
plays the planner's spot and the next best ones forward a Day (``HORIZON`` Stages) on copies in which
what it cannot know — the Home Office's order, the others' hands, the dice — is dealt afresh
(``search.look_ahead``, common random numbers), and builds where the play went best, unless the
planner's spot is within ``MARGIN`` of it. The second is the switching turn: the expert chains moves
by a wide search (``EXPERT_WIDTH``) where a steady player runs a train into a spur and back.

Every other decision is the planner's, and the Hint stays the planner. The look-ahead has no time
cap, so an expert's game is the same on any machine: about 50 CPU-s a Standard game of about 300
decisions on our 2-core machines (0.17 s a decision; 70 before the Sandbox walked each Move's rail
once, docs/balance.md, "Issue 29, seventh round").
"""

from __future__ import annotations

from ..cards import rules_for
from ..cards.kinds import FacilityRules, TrackRules
from ..intents import Play
from .base import Decision, Option, check_options, register
from .planner import SWITCH_NODES, PlannerBot
from .plays import facility_spots, track_spots
from .search import look_ahead, rollout, rollout_policy

#: positions the expert's switching search keeps a step, in every edition (the planner's is
#: ``PlannerBot.SEARCH_WIDTH``: 16 under v5, its patterns alone before); on tuning seeds 1-40 of v5 it
#: made 46.4 a game against the planner's 41.5 (docs/balance.md)
EXPERT_WIDTH = 60
ROLLOUTS = 4  # determinized copies each spot is played forward on
HORIZON = 12  # Stages played forward: a Day
SPOTS = 3  # spots looked at for a card: the planner's and the next best
MARGIN = 0.5  # Revenue per rollout another spot must gain over the planner's to replace it
#: the rules classes whose spot the expert looks ahead over: the verb of its play, and the planner's
#: ranking of the spots as ``(view, card, legal) -> [intent, ...]`` best first
SPOTTED = ((FacilityRules, "builds", facility_spots),
           (TrackRules, "lays", lambda v, card, legal: [it for _, it in track_spots(v, card, legal)]))


@register
class ExpertBot(PlannerBot):
    """The planner, looking ahead a Day before it builds and switching by a wide search (see the
    module's docstring)."""

    name = "expert"
    SEARCH_WIDTH = EXPERT_WIDTH
    OPTIONS = PlannerBot.OPTIONS + (
        Option("rollouts", int, 0, 1_000, help=f"copies each spot is played forward on (default {ROLLOUTS}; "
                                               "0: the planner's spot)"),
        Option("horizon", int, 1, 1_000, help=f"Stages each copy is played forward (default {HORIZON})"),
        Option("spots", int, 1, 100, help=f"spots looked at for a card, the planner's first (default {SPOTS})"),
        Option("margin", float, 0, 1_000, help=f"Revenue per rollout another spot must gain (default {MARGIN})"),
    )

    def __init__(self, seed: int = 0, switch_nodes: int = SWITCH_NODES, follow_plans: bool = False,
                 search_width: int | None = None, rollouts: int = ROLLOUTS, horizon: int = HORIZON,
                 spots: int = SPOTS, margin: float = MARGIN) -> None:
        super().__init__(seed, switch_nodes, follow_plans, search_width)
        check_options(ExpertBot, {"rollouts": rollouts, "horizon": horizon, "spots": spots, "margin": margin})
        self.rollouts, self.horizon, self.spots, self.margin = rollouts, horizon, spots, margin
        self.rollout_policy = rollout_policy(seed)

    def spots_for(self, v, legal, play) -> list:
        """The plays looked ahead over for the planner's ``play``: it first, then the next best spots
        of the same card by the planner's ranking (``SPOTTED``); just it for a card played elsewhere."""
        kind = _spotted(v, play.card)
        if kind is None:
            return [play]
        return [play] + [it for it in kind[1](v, play.card, legal) if it != play][: self.spots - 1]

    def _draw(self, v, legal) -> Decision:
        planned = super()._draw(v, legal)
        if not isinstance(planned.intent, Play) or self.rollouts <= 0:
            return planned
        plays = self.spots_for(v, legal, planned.intent)
        if len(plays) < 2:
            return planned
        game, player = v.game, v.game.actor
        totals, done = look_ahead(plays, lambda it, seed: rollout(game, player, it, seed, self.rollout_policy,
                                                                   self.horizon),
                                  self.rollouts, self.rng(game, salt=0xB011D))
        best = max(range(len(plays)), key=lambda k: (totals[k], -k))
        if (totals[best] - totals[0]) / done < self.margin:
            return planned
        it = plays[best]
        verb = _spotted(v, it.card)[0]
        return Decision(it, f"{verb} the {v.spec(it.card).name} at {_where(it)}: played forward "
                            f"{self.horizon} Stages {done} times, it went {(totals[best] - totals[0]) / done:.1f} "
                            f"Revenue a time better than at {_where(planned.intent)}")


def _spotted(v, card):
    """(verb, ranking) of ``SPOTTED`` for ``card``'s rules class, or None for a card played elsewhere."""
    rules = rules_for(v.spec(card))
    return next(((verb, ranked) for cls, verb, ranked in SPOTTED if isinstance(rules, cls)), None)


def _where(play) -> str:
    """A spot in the board's words: "1,-1", or "-1,-1 turned"."""
    return f"{play.at[0]},{play.at[1]}{' turned' if play.turned else ''}"
