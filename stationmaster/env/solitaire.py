"""Solitaire as a Gymnasium environment: ``gymnasium.make("stationmaster/Solitaire-v0", length=..., deck=...)``.

>>> import gymnasium, stationmaster.env
>>> env = gymnasium.make("stationmaster/Solitaire-v0", length="short")
>>> obs, info = env.reset(seed=3)
>>> mask = env.unwrapped.action_masks()
>>> obs, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))

The observation is the seat's ``float32`` vector (``docs/learning-agents.md``); the action is an id of
the table's ``ActionCatalog``. ``action_masks()`` gives the legal ids as a boolean array (what
masked-PPO libraries ask for), ``info["action_mask"]`` the same as ``int8`` and
``info["legal_actions"]`` the legal ids themselves. The same seed deals
the same game.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .aec import OBS_HIGH, OBS_LOW
from .table import MAX_STEPS, WIN_BONUS, Table, checked_max_steps


class SolitaireEnv(gym.Env):
    """One player against the Division's clock (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, length: str = "standard", deck: str = "classic", win_bonus: float = WIN_BONUS,
                 describe: bool = False, render_mode=None, illegal: str = "penalize", max_steps: int = MAX_STEPS,
                 **options) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        if options.get("mode", "solitaire") != "solitaire":
            raise ValueError("Solitaire-v0 is for one player: for a table of several use stationmaster.env.aec_env")
        options.pop("mode", None)
        self.table = Table(win_bonus=win_bonus, illegal=illegal, length=length, deck=deck, mode="solitaire",
                           **options)
        self.player = self.table.players[0]
        self.catalog = self.table.catalog
        self.observer = self.table.observer
        self.text = describe
        self.render_mode = render_mode
        self.max_steps = checked_max_steps(max_steps)
        self._steps = 0
        self._truncated = False
        self.observation_space = spaces.Box(OBS_LOW, OBS_HIGH, (self.observer.size,), np.float32)
        self.action_space = spaces.Discrete(self.catalog.size)
        self.game = None

    def __repr__(self) -> str:
        c = self.table.config
        return (f"<SolitaireEnv {c.length} {c.deck}: {self.catalog.size} actions, "
                f"{self.observer.size} numbers an observation>")

    def _info(self) -> dict:
        info = self.table.info(self.player, self.text)
        info["action_mask"] = self.table.mask().copy()  # every info its own arrays (check_env asks it)
        info["legal_actions"] = info["legal_actions"].copy()
        info["revenue"] = self.game.revenue[self.player]
        return info

    def reset(self, *, seed=None, options=None):
        """Deal a new game; ``reset(seed=n)`` deals the game ``new_game(seed=n)`` deals (the same game for
        the same ``n``); without a seed, the next game of the environment's random stream."""
        super().reset(seed=seed)
        self.table.deal(int(seed) if seed is not None else int(self.np_random.integers(0, 2**62)))
        self.game = self.table.game
        self._steps, self._truncated = 0, False
        self.table.rewards()
        return self.table.observe(self.player), self._info()

    def step(self, action):
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self.game.is_over or self._truncated:
            raise RuntimeError("the game is over: call reset() to deal a new one")
        refused = self.table.act(action)
        self._steps += 1
        self._truncated = not self.game.is_over and self._steps >= self.max_steps
        reward = self.table.illegal_penalty if refused else self.table.rewards()[self.player]
        info = self._info()
        if refused:
            info["illegal"] = refused
        return self.table.observe(self.player), float(reward), self.game.is_over, self._truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean array over the catalog (all False once the game is over)."""
        return self.table.mask().astype(bool)

    def legal_actions(self) -> np.ndarray:
        """The legal action ids now (``info["legal_actions"]`` holds the same)."""
        return self.table.legal_actions()

    def render(self):
        if self.game is None:
            return "no game yet: call reset()"
        return self.game.describe()
