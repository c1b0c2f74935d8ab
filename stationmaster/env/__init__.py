"""Seats for learning agents: Station Master as PettingZoo (AEC) and Gymnasium environments.

Needs the ``rl`` extra (``pip install "stationmaster[rl]"``: gymnasium, pettingzoo, numpy); the
engine itself never imports them. Importing this package registers ``stationmaster/Solitaire-v0``
with Gymnasium.

- ``ActionCatalog(config)``: a fixed integer id for every intent of a table's configuration
  (``catalog.action(intent)``, ``catalog.intent(i)``, ``len(catalog)``); ``docs/notation.md``.
- ``Observer(catalog)``: what one seat may see, as a fixed-shape vector; ``docs/learning-agents.md``.
- ``aec_env(**new_game_options)``: the PettingZoo AEC environment, one agent a seat.
- ``gymnasium.make("stationmaster/Solitaire-v0", length=..., deck=...)``: one player.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # the extra is missing: say how to get it, never fail quietly
    missing = getattr(e, "name", None) or str(e)
    raise ImportError(f"stationmaster.env needs gymnasium, pettingzoo and numpy ({missing} is missing): "
                      'pip install "stationmaster[rl]"') from e

from .aec import StationMasterAEC, aec_env
from .catalog import ActionCatalog, Uncatalogued
from .observe import Observer
from .solitaire import SolitaireEnv
from .table import ILLEGAL_PENALTY, WIN_BONUS, IllegalAction

SOLITAIRE_ID = "stationmaster/Solitaire-v0"
if SOLITAIRE_ID not in gymnasium.registry:
    gymnasium.register(id=SOLITAIRE_ID, entry_point="stationmaster.env.solitaire:SolitaireEnv")

__all__ = ["ActionCatalog", "IllegalAction", "ILLEGAL_PENALTY", "Observer", "SOLITAIRE_ID", "SolitaireEnv",
           "StationMasterAEC", "Uncatalogued", "WIN_BONUS", "aec_env"]
