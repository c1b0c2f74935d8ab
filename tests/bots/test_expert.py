"""The expert (bots/expert.py): the planner that plays its building spots forward before it builds."""

from __future__ import annotations

import pytest

import stationmaster as sm
from stationmaster.bots import expert as expert_module
from stationmaster.bots.base import make
from stationmaster.bots.expert import MARGIN, ExpertBot
from stationmaster.bots.planner import PlannerBot
from stationmaster.bots.view import View
from stationmaster.cards import rules_for
from stationmaster.cards.kinds import FacilityRules
from stationmaster.intents import Play
from stationmaster.query import spec_of


def first_build(seed: int = 2):
    """The planner's game of ``seed`` up to its first industry: (game, the planner's decision)."""
    g = sm.new_game(seed=seed)
    bot = PlannerBot(seed)
    while not g.is_over:
        d = bot.decide(g)
        if isinstance(d.intent, Play) and isinstance(rules_for(spec_of(g.state, d.intent.card)), FacilityRules):
            return g, d
        g.apply(d.intent)
    raise AssertionError(f"seed {seed}: the planner built no industry")


def test_without_look_ahead_the_expert_builds_where_the_planner_does():
    g, planned = first_build()
    assert ExpertBot(2, rollouts=0).decide(g).intent == planned.intent
    assert ExpertBot(2, spots=1).decide(g).intent == planned.intent


def test_the_spots_looked_at_are_the_planners_first_then_other_spots_of_the_same_card():
    g, planned = first_build()
    spots = ExpertBot(2).spots_for(View(g), g.legal_intents(), planned.intent)
    assert spots[0] == planned.intent and 2 <= len(spots) <= expert_module.SPOTS
    assert len(set(spots)) == len(spots) and all(it.card == planned.intent.card for it in spots)
    assert all(it in g.legal_intents() for it in spots)


@pytest.mark.parametrize("gain, moved", [(1.5 * MARGIN, True), (0.5 * MARGIN, False)])
def test_another_spot_replaces_the_planners_only_when_it_plays_out_better_by_the_margin(monkeypatch, gain, moved):
    """Each spot is played forward ``rollouts`` times; the best replaces the planner's only when it
    gains at least ``MARGIN`` Revenue a rollout, and the reason then says where and by how much."""
    g, planned = first_build()
    bot = ExpertBot(2, rollouts=3)
    other = bot.spots_for(View(g), g.legal_intents(), planned.intent)[1]
    seen = []

    def value(game, player, intent, seed, policy, horizon):
        seen.append((intent, seed))
        return 10.0 + (gain if intent == other else 0.0)

    monkeypatch.setattr(expert_module, "rollout", value)
    d = bot.decide(g)
    assert d.intent == (other if moved else planned.intent)
    # common random numbers: every spot met the same three seeds
    seeds = {}
    for intent, seed in seen:
        seeds.setdefault(intent, []).append(seed)
    assert len(set(map(tuple, seeds.values()))) == 1 and len(next(iter(seeds.values()))) == 3
    if moved:
        at = f"{other.at[0]},{other.at[1]}{' turned' if other.turned else ''}"
        assert d.reason.startswith(f"builds the {spec_of(g.state, other.card).name} at {at}: played forward")
        assert f"{gain:.1f} Revenue a time better than at {planned.intent.at[0]},{planned.intent.at[1]}" in d.reason


def test_the_look_ahead_plays_on_copies_and_decides_the_same_on_any_machine():
    g, _ = first_build()
    before = g.history, g.describe()
    a = ExpertBot(2, rollouts=2, horizon=2).decide(g)
    assert (g.history, g.describe()) == before
    assert ExpertBot(2, rollouts=2, horizon=2).decide(g) == a


def test_the_expert_is_registered_and_its_options_are_checked_in_a_players_words():
    assert isinstance(make("expert", seed=1), ExpertBot) and ExpertBot(1, rollouts=0).rollouts == 0
    with pytest.raises(ValueError, match="spots"):
        ExpertBot(1, spots=0)
    assert {"rollouts", "horizon", "spots", "margin", "search_width"} <= {o.name for o in ExpertBot.OPTIONS}
