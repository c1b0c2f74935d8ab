"""One table seen by learning agents: a game, its action catalog, its observer and its bots.

The PettingZoo and Gymnasium environments (``aec.py``, ``solitaire.py``) are thin shells over a
``Table``: it deals the game, plays the bot seats, turns action ids into intents, keeps the Revenue
each seat has been paid and builds the action masks. Rewards (``docs/learning-agents.md``): the
Revenue a seat gains, plus ``win_bonus`` for each winner and minus it for each other seat when the
game ends.
"""

from __future__ import annotations

import numpy as np

from ..errors import IllegalIntent
from .catalog import ActionCatalog, Uncatalogued, action_id
from .observe import Observer

#: decisions an environment allows in one game before it truncates it: the rules let a switching turn go on
#: for free while a train keeps moving the same way, so a policy can shuttle a train back and forth forever
#: (a Standard game takes a few hundred decisions, a 4-player Campaign a few thousand)
MAX_STEPS = 10_000
#: the reward added at the end for a win (subtracted for a loss): a Standard target is 25 Revenue
WIN_BONUS = 10.0
#: what an action the mask forbids earns under ``illegal="penalize"`` (the game does not change)
ILLEGAL_PENALTY = -1.0
ILLEGAL_MODES = ("penalize", "raise")


def checked_max_steps(n) -> int:
    """``max_steps`` as given, if it is a whole number from 1 (else a ValueError saying so)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"max_steps must be a whole number of decisions from 1, not {n!r}")
    return n


class IllegalAction(IllegalIntent):
    """An action id that is not legal for the seat to act now (``illegal="raise"``)."""


class Table:
    """A game for agents. ``options`` are ``stationmaster.new_game``'s (players, mode, length, deck,
    optional_rules...); ``bots`` maps players to bot names the table plays itself."""

    def __init__(self, bots=None, win_bonus: float = WIN_BONUS, illegal: str = "penalize",
                 illegal_penalty: float = ILLEGAL_PENALTY, **options) -> None:
        from ..start import new_game

        if "seed" in options:
            raise TypeError("the seed is chosen by reset(seed=...), not by the environment's options")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        self.options = dict(options)
        self.bot_names = dict(bots or {})
        probe = new_game(seed=0, bots=self.bot_names, **self.options)  # checks the options and the bots
        self.config = probe.config
        self.players = probe.players
        self.agents = probe.humans
        if not self.agents:
            raise ValueError("every seat is a bot: leave at least one player to the agents")
        self.catalog = ActionCatalog.of(self.config)
        self.observer = Observer(self.catalog)
        self.win_bonus = float(win_bonus)
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.game = None
        self._mask = None
        self._mask_key = None
        self._none = None
        self._legal_ids: dict = {}
        self.uncatalogued = 0

    def __repr__(self) -> str:
        c = self.config
        bots = f", bots {self.bot_names}" if self.bot_names else ""
        return f"<Table {c.mode} {c.length} {c.deck}: agents {list(self.agents)}{bots}; game {self.game!r}>"

    def deal(self, seed: int) -> None:
        """A new game from ``seed``; the bots play until an agent must act (or the game is over)."""
        from .. import bots as botlib
        from ..start import new_game

        self.game = new_game(seed=seed, **self.options)
        self._bots = {name: botlib.make(b, seed) if isinstance(b, str) else b for name, b in self.bot_names.items()}
        self._paid = dict(self.game.revenue)
        self._bonus_paid = False
        self._mask_key = None
        self.play_bots()

    def play_bots(self) -> None:
        g = self.game
        while not g.is_over and g.actor in self._bots:
            g.apply(self._bots[g.actor].choose(g))

    @property
    def actor(self) -> str | None:
        return self.game.actor

    # ------------------------------------------------------------------ actions

    def _refresh(self) -> None:
        key = (id(self.game), len(self.game.history))
        if self._mask_key == key:
            return
        ids, intents, missing = self.catalog.ids(self.game)
        self._legal_ids = dict(zip(ids, intents))
        self.uncatalogued = missing
        mask = np.zeros(self.catalog.size, dtype=np.int8)
        mask[ids] = 1
        mask.flags.writeable = False
        legal = np.array(ids, dtype=np.int64)
        legal.flags.writeable = False
        self._mask, self._legal, self._mask_key = mask, legal, key
        if missing and not ids and not self.game.is_over:
            raise RuntimeError(f"none of the {missing} legal intents has an id in the action catalog "
                               f"(e.g. {self.game.legal_intents()[0]}): report this position")

    def mask(self, player: str | None = None) -> np.ndarray:
        """The action mask (``int8``, 1 = legal, read-only) of ``player`` (default: the actor); all
        zeros for a seat not to act and once the game is over."""
        if (player is not None and player != self.game.actor) or self.game.is_over:
            if self._none is None:
                self._none = np.zeros(self.catalog.size, dtype=np.int8)
                self._none.flags.writeable = False
            return self._none
        self._refresh()
        return self._mask

    def legal_actions(self, player: str | None = None) -> np.ndarray:
        """The legal action ids of ``player`` (default: the actor), in the order of ``game.legal``, as a
        read-only array: a masked policy samples from it without scanning the whole mask."""
        if (player is not None and player != self.game.actor) or self.game.is_over:
            return np.zeros(0, dtype=np.int64)
        self._refresh()
        return self._legal

    def legal_ids(self) -> list:
        """The actor's legal action ids."""
        self._refresh()
        return list(self._legal_ids)

    def act(self, action) -> str | None:
        """Apply action id ``action`` for the actor, then let the bots play. None if it was applied,
        else (``illegal="penalize"``) why it was refused; ``illegal="raise"`` raises instead."""
        self._refresh()
        i = action_id(action)
        it = self._legal_ids.get(i) if i is not None else None
        if it is None:
            reason = self._why(action, i)
            if self.illegal == "raise":
                raise IllegalAction(reason)
            return reason
        self.game.apply(it)
        self.play_bots()
        return None

    def _why(self, action, i) -> str:
        who = self.game.actor
        if i is None or not 0 <= i < self.catalog.size:
            return f"action {action!r} is not an id of the action catalog (0 to {self.catalog.size - 1})"
        try:
            it = self.catalog.intent(i, self.game)
        except Uncatalogued as e:
            return f"action {i} is not legal for {who} now: {e}"
        why = self.game.why_not(it) or "it is not among the legal intents now"
        return f"action {i} ({it}) is not legal for {who} now: {why}"

    # ------------------------------------------------------------------ rewards

    def rewards(self) -> dict:
        """Each player's reward since the last call: the Revenue gained, and at the end of the game
        ``win_bonus`` for the winners and ``-win_bonus`` for the others."""
        now = self.game.revenue
        out = {p: float(now[p] - self._paid[p]) for p in self.players}
        self._paid = dict(now)
        if self.game.is_over and not self._bonus_paid:
            self._bonus_paid = True
            winners = set(self.game.outcome.winners)
            for p in self.players:
                out[p] += self.win_bonus if p in winners else -self.win_bonus
        return out

    def observe(self, player: str, out=None) -> np.ndarray:
        return self.observer.encode(self.game, player, out)

    def describe(self, player: str) -> str:
        """The table in plain text as ``player`` may read it: ``game.describe()`` without the hand of
        any other player."""
        text = self.game.describe()
        actor = self.game.actor
        if actor is None or actor == player:
            return text
        return "\n".join(line for line in text.splitlines() if not line.startswith(f"{actor}'s hand: "))

    def info(self, player: str, text: bool) -> dict:
        acting = player == self.game.actor
        out = {"legal_actions": self.legal_actions(player), "uncatalogued": self.uncatalogued if acting else 0}
        if text:
            out["describe"] = self.describe(player)
        return out
