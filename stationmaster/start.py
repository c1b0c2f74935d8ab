"""Starting a game: ``new_game`` checks the configuration, the seed and the seats, and deals.

It sits above both the game (``game.py``) and the bots, whose registry checks the seats
(``bots/seats.py``): the game itself never imports the bots.
"""

from __future__ import annotations

import secrets
from typing import Iterable

from .bots.seats import check_bots
from .config import DEFAULT_BALANCE, make_config
from .game import Game


def new_game(seed: int | None = None, players=None, mode: str = "solitaire", length: str = "standard",
             victory: str = "highest_after_days", starting_hand: str = "three", revenue=(1, 1, 0),
             optional_rules: Iterable[str] = (), deck: str = "classic", yard_refill: str = "day_end",
             bots=None, balance: str = DEFAULT_BALANCE, house_rules=None) -> Game:
    """Deal a new game. With no seed a random one is chosen (``game.seed`` tells it).

    ``balance="v1"`` plays by the first edition of the provisional numbers, "v2" and "v3" by the second and
    third; the default is v4 (``config.BALANCES``).
    ``house_rules={"order_pay": (3, 3), "target": 30}`` plays a variant: named overrides of the
    edition's numbers (``stationmaster.house_rules.HOUSE_RULES``, docs/house-rules.md), kept in the save.
    ``bots={"Bo": "planner"}`` makes seats computer players (see ``stationmaster.bots``);
    ``stationmaster.bots.play_turns(game)`` lets them decide."""
    config = make_config(players, mode, length, victory, starting_hand, revenue, tuple(optional_rules), deck,
                         yard_refill, balance, house_rules)
    if seed is None:
        seed = secrets.randbelow(10**9)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be a whole number from 0 to 2**63 - 1, not {seed!r}")
    return Game(config, seed, check_bots(bots, config.players))
