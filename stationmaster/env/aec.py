"""The game as a PettingZoo AEC environment: one agent a seat, the seat to act chooses.

>>> from stationmaster.env import aec_env
>>> env = aec_env(players=["Ann", "Bo"], mode="competitive", bots={"Bo": "greedy"})
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.step(int(obs["action_mask"].nonzero()[0][0]))

``agent_selection`` follows ``game.actor``: the same seat may act several times in a row (a
switching turn is several Moves). Each observation is ``{"observation": float32 vector,
"action_mask": int8 vector}``; actions are ids of the table's ``ActionCatalog``. See
``docs/learning-agents.md`` for the observation's fields and the rewards.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .table import MAX_STEPS, WIN_BONUS, Table, checked_max_steps

#: the observation vector's bounds (Revenue, counts and coordinates all lie well inside)
OBS_LOW, OBS_HIGH = -10_000.0, 10_000.0


class StationMasterAEC(AECEnv):
    """Station Master for learning agents (PettingZoo AEC). Build it with ``aec_env(...)``."""

    metadata = {"name": "stationmaster_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, bots=None, win_bonus: float = WIN_BONUS, describe: bool = False, render_mode=None,
                 illegal: str = "penalize", max_steps: int = MAX_STEPS, **options) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.table = Table(bots=bots, win_bonus=win_bonus, illegal=illegal, **options)
        self.catalog = self.table.catalog
        self.observer = self.table.observer
        self.render_mode = render_mode
        self.text = describe
        self.max_steps = checked_max_steps(max_steps)
        self._steps = 0
        self.possible_agents = list(self.table.agents)
        obs = spaces.Box(OBS_LOW, OBS_HIGH, (self.observer.size,), np.float32)
        mask = spaces.Box(0, 1, (self.catalog.size,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": obs, "action_mask": mask}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.catalog.size) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game = None

    def __repr__(self) -> str:
        t = self.table
        return (f"<StationMasterAEC {len(t.players)} seat(s), agents {self.possible_agents}, "
                f"{self.catalog.size} actions, {self.observer.size} numbers an observation>")

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """Deal a new game: ``seed`` picks it (the same seed, the same game); without one, a random game."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(0, 2**62))
        self.table.deal(game_seed)
        self.game = self.table.game
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._after_move(first=True)

    def _after_move(self, first: bool = False) -> None:
        t = self.table
        gained = t.rewards()
        for a in self.agents:
            self.rewards[a] = 0.0 if first else gained[a]
        if self.game.is_over:
            for a in self.agents:
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.game.actor
        for a in self.agents:
            self.infos[a] = t.info(a, self.text)

    def observe(self, agent):
        return {"observation": self.table.observe(agent), "action_mask": self.table.mask(agent)}

    def action_mask(self, agent=None):
        """The action mask of ``agent`` (default: the agent to act)."""
        return self.table.mask(agent or self.agent_selection)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        refused = self.table.act(action)
        self._steps += 1
        if refused is not None:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.rewards[agent] = self.table.illegal_penalty
            for a in self.agents:
                self.infos[a] = self.table.info(a, self.text)
            self.infos[agent]["illegal"] = refused
        else:
            self._after_move()
        if not self.game.is_over and self._steps >= self.max_steps:  # truncated: see table.MAX_STEPS
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self):
        """The table as text, as the agent to act may see it."""
        if self.game is None:
            return "no game yet: call reset()"
        who = self.agent_selection if self.agent_selection in self.possible_agents else None
        return self.table.describe(who) if who else self.game.describe()

    def close(self):
        pass


def aec_env(bots=None, win_bonus: float = WIN_BONUS, describe: bool = False, render_mode=None,
            illegal: str = "penalize", max_steps: int = MAX_STEPS, **new_game_options) -> StationMasterAEC:
    """A PettingZoo AEC environment of Station Master.

    ``new_game_options`` are ``stationmaster.new_game``'s (players, mode, length, deck, optional_rules,
    ...); the seed comes from ``reset(seed=...)``. ``bots={"Bo": "greedy"}`` lets the table play seats
    itself (they are not agents). ``win_bonus``: the reward added for a win and taken for a loss at the
    end. ``describe=True`` puts the table as text in each ``info["describe"]`` (costly: off by default).
    ``illegal``: "penalize" (an action the mask forbids changes nothing, earns ``-1`` and says why in
    ``info["illegal"]``) or "raise". ``max_steps``: the decisions (steps) after which a game that is not
    over is truncated, every agent's ``truncation`` set, without the win/loss bonus."""
    return StationMasterAEC(bots=bots, win_bonus=win_bonus, describe=describe, render_mode=render_mode,
                            illegal=illegal, max_steps=max_steps, **new_game_options)
