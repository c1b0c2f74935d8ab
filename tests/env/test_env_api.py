"""The environments: PettingZoo's api_test and Gymnasium's check_env pass, agent_selection follows
game.actor, rewards are the Revenue gained plus the documented win/loss bonus, seeded resets deal
the same game, bots play their seats, and forbidden actions change nothing and say why."""

import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import stationmaster as sm
import stationmaster.env as E


def _first_legal(mask) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("options", [dict(players=["Ann", "Bo"], mode="competitive", length="short"),
                                     dict(players=["Ann", "Bo", "Cy"], mode="competitive", deck="full",
                                          length="short", bots={"Cy": "greedy"}, describe=True),
                                     dict(length="short")], ids=["two", "three-with-a-bot", "solitaire"])
def test_the_aec_environment_passes_pettingzoos_api_test(options):
    api_test(E.aec_env(**options), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_solitaire_passes_gymnasiums_check_env():
    env = gymnasium.make("stationmaster/Solitaire-v0", length="short", deck="full")
    check_env(env.unwrapped, skip_render_check=False)
    assert isinstance(env.unwrapped, E.SolitaireEnv)


def test_agent_selection_follows_the_actor_and_rewards_are_revenue():
    env = E.aec_env(players=["Ann", "Bo"], mode="competitive", length="short", win_bonus=7)
    env.reset(seed=5)
    rnd = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    repeats = 0
    last = None
    while env.agents:
        agent = env.agent_selection
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term:
            env.step(None)
            continue
        assert agent == env.game.actor
        repeats += agent == last
        last = agent
        legal = np.flatnonzero(obs["action_mask"])
        assert set(legal) == set(env.table.legal_ids())
        env.step(int(rnd.choice(legal)))
    g = env.game
    assert repeats > 0  # a seat acts several times in a row
    for a in total:
        bonus = 7 if a in g.outcome.winners else -7
        assert total[a] == g.revenue[a] + bonus


def test_bots_play_their_seats_and_are_not_agents():
    env = E.aec_env(players=["Ann", "Bo"], mode="competitive", length="short", bots={"Bo": "random"})
    env.reset(seed=2)
    assert env.possible_agents == ["Ann"]
    steps = 0
    while env.agents:
        obs, _, term, _, _ = env.last()
        assert term or env.game.actor == "Ann"
        env.step(None if term else _first_legal(obs["action_mask"]))
        steps += not term
    assert env.game.is_over and steps < len(env.game.history)  # Bo's intents were the bot's


def test_seeded_resets_deal_the_same_game():
    env = gymnasium.make("stationmaster/Solitaire-v0", length="short")
    runs = []
    for _ in range(2):
        obs, info = env.reset(seed=11)
        trace = [obs.tobytes()]
        for _ in range(60):
            obs, reward, term, trunc, info = env.step(_first_legal(info["action_mask"]))
            trace.append((obs.tobytes(), reward))
            if term:
                break
        runs.append((trace, [str(i) for i in env.unwrapped.game.history]))
    assert runs[0] == runs[1]
    assert env.unwrapped.game.seed == 11  # the deal new_game(seed=11) makes, as the bots' simulate plays it
    other, _ = env.reset(seed=12)
    assert other.tobytes() != runs[0][0][0] or env.unwrapped.game.seed != 11


def test_action_masks_and_forbidden_actions():
    env = gymnasium.make("stationmaster/Solitaire-v0", length="short")
    obs, info = env.reset(seed=3)
    masks = env.unwrapped.action_masks()
    assert masks.dtype == bool and masks.shape == (env.action_space.n,)
    assert np.array_equal(masks, info["action_mask"].astype(bool)) and masks.any()
    history = env.unwrapped.game.history
    forbidden = int(np.flatnonzero(~masks)[0])
    obs2, reward, term, trunc, info2 = env.step(forbidden)
    assert reward == E.ILLEGAL_PENALTY and "is not legal" in info2["illegal"]
    assert env.unwrapped.game.history == history and np.array_equal(obs2, obs)
    strict = gymnasium.make("stationmaster/Solitaire-v0", length="short", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(E.IllegalAction, match="is not legal for Player now"):
        strict.step(forbidden)
    with pytest.raises(E.IllegalAction, match="not an id of the action catalog"):
        strict.step(-1)



def _not_ids(legal: int) -> list:
    """Values int() would turn into an action id (``legal``, or 1 for True), and inf, which it cannot."""
    return [legal + 0.5, np.float64(legal + 0.3), float(legal), str(legal), str(legal).encode(), True,
            np.True_, float("inf"), float("nan"), None, [legal]]


def test_only_whole_numbers_are_action_ids_never_a_float_string_or_bool():
    """27.13: step(2.5), step("2"), step(b"2") applied action 2 and step(True) action 1 (int(action));
    step(inf) raised OverflowError. They are refused as any other non-id; numpy's integers are ids."""
    env = gymnasium.make("stationmaster/Solitaire-v0", length="short")
    obs, info = env.reset(seed=3)
    legal = _first_legal(info["action_mask"])
    history = env.unwrapped.game.history
    for action in _not_ids(legal):
        obs2, reward, term, trunc, info2 = env.step(action)
        assert reward == E.ILLEGAL_PENALTY, action
        assert "not an id of the action catalog" in info2["illegal"], (action, info2["illegal"])
        assert env.unwrapped.game.history == history and np.array_equal(obs2, obs), action
    strict = gymnasium.make("stationmaster/Solitaire-v0", length="short", illegal="raise")
    strict.reset(seed=3)
    for action in _not_ids(legal):
        with pytest.raises(E.IllegalAction, match="not an id of the action catalog"):
            strict.step(action)
    assert strict.unwrapped.game.history == history
    strict.step(np.int64(legal))  # numpy's integers (what a policy's argmax gives) are ids
    assert len(strict.unwrapped.game.history) == len(history) + 1
    aec = E.aec_env(players=["Ann", "Bo"], mode="competitive", length="short", illegal="raise")
    aec.reset(seed=1)
    with pytest.raises(E.IllegalAction, match="not an id of the action catalog"):
        aec.step(float(_first_legal(aec.observe(aec.agent_selection)["action_mask"])))


def test_describe_in_info_never_shows_another_players_hand():
    env = E.aec_env(players=["Ann", "Bo"], mode="competitive", length="short", describe=True)
    env.reset(seed=1)
    actor = env.agent_selection
    other = next(a for a in env.possible_agents if a != actor)
    assert f"{actor}'s hand:" in env.infos[actor]["describe"]
    assert "'s hand:" not in env.infos[other]["describe"]


def test_bad_options_are_refused_in_words():
    with pytest.raises(ValueError, match="unknown deck"):
        E.aec_env(deck="nope")
    with pytest.raises(TypeError, match="reset"):
        E.aec_env(seed=3)
    with pytest.raises(ValueError, match="every seat is a bot"):
        E.aec_env(bots={"Player": "random"})
    with pytest.raises(ValueError, match="aec_env"):
        gymnasium.make("stationmaster/Solitaire-v0", mode="competitive", players=["A", "B"])


def test_the_engine_never_imports_numpy_or_gymnasium():
    code = ("import sys, stationmaster as sm; g = sm.new_game(seed=1); g.apply(g.legal_intents()[0]); "
            "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    assert sm.new_game(seed=1) is not None


def test_the_readme_example_runs_as_written():
    import pathlib
    import re

    text = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = text.split("## Train an agent", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)\n```", section, re.S)
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert scope["env"].unwrapped.game.is_over


@pytest.mark.parametrize("module", ["catalog", "aec", "solitaire"])
def test_the_module_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"stationmaster.env.{module}"))
    assert result.attempted > 0 and result.failed == 0


def test_a_game_that_runs_too_long_is_truncated():
    """The rules let a train keep moving the same way for free, so a policy can loop; max_steps ends it."""
    env = gymnasium.make("stationmaster/Solitaire-v0", length="short", max_steps=3)
    obs, info = env.reset(seed=1)
    flags = []
    for _ in range(3):
        obs, reward, term, trunc, info = env.step(_first_legal(info["action_mask"]))
        flags.append((term, trunc))
    assert flags == [(False, False), (False, False), (False, True)]
    with pytest.raises(RuntimeError, match="reset"):
        env.unwrapped.step(_first_legal(info["action_mask"]))
    aec = E.aec_env(players=["Ann", "Bo"], mode="competitive", length="short", max_steps=4)
    aec.reset(seed=1)
    seen = []
    for agent in aec.agent_iter():
        obs, reward, term, trunc, info = aec.last()
        seen.append(trunc)
        aec.step(None if term or trunc else _first_legal(obs["action_mask"]))
    assert seen == [False] * 4 + [True, True] and not aec.game.is_over and not aec.agents
    with pytest.raises(ValueError, match="max_steps"):
        E.aec_env(max_steps=0)
