"""What a seat (or a spectator) is sent of a game, built from the engine's public API and the seat
contract (``stationmaster/seat.py``: ``hidden_cards``, ``public_events``), which the engine's
determinized copy reads too.

- The state: ``view_json(game, player)`` encodes the true state for the wire with what ``player``
  cannot know blanked — the other seats' hands (Red Flags in hand are public and stay), the Home
  Office and the situation pile become ``HIDDEN`` placeholders (so the counts stay right), the deck
  table keeps only the cards the seat can see, and the seed and the random stream are zero. These
  are what the engine's ``game.copy(determinize=player)`` deals afresh for a player's look-ahead;
  a determinized guess is still made of card ids, so a view blanks them instead.
- The events: ``seat_batches`` takes the engine's determinized copy's event batches (it drops the
  private details of the other seats' draws); a spectator gets every batch without private details.
"""

from __future__ import annotations

from ..seat import hidden_cards, public_events, public_in_hand
from . import codec

__all__ = ["HIDDEN", "batch_for", "hidden_cards", "public_events", "seat_batches", "view_json", "view_state"]

#: what a card the viewer cannot see is shown as (never a card id)
HIDDEN = "?"


def view_json(game, player: str | None, base: dict | None = None) -> dict:
    """The state as ``player`` (None: a spectator) sees it, encoded for the wire (``codec``): the
    true state's encoding with the hidden cards blanked. ``base``, the true state's ``codec.encode``
    (made once for every viewer of a state), is shared, never changed: only the blanked parts are
    new, and the game is not changed either."""
    s = game.state
    hidden = hidden_cards(s, player)
    if base is None:
        base = codec.encode(s)
    f = dict(base["f"])
    players = []
    for p in f["players"]:
        if p["f"]["name"] != player:
            p = {**p, "f": {**p["f"], "hand": [c if public_in_hand(c) else HIDDEN for c in p["f"]["hand"]]}}
        players.append(p)
    f["players"] = players
    f["home"] = [HIDDEN] * len(s.home)
    f["situations"] = [HIDDEN] * len(s.situations)
    f["deck"] = {c: t for c, t in f["deck"].items() if c not in hidden}
    f["seed"] = 0
    f["rng"] = 0
    return {**base, "f": f}


def view_state(game, player: str | None):
    """The state as ``player`` (None: a spectator) sees it: a ``State`` with the hidden cards blanked."""
    return codec.decode(view_json(game, player))


def seat_batches(game, player: str | None) -> list:
    """Every event batch (setup, then one per intent) as ``player`` (None: a spectator) saw it."""
    if player is None:
        return [public_events(b) for b in game.event_batches]
    return game.copy(determinize=player, seed=0).event_batches


def batch_for(batch, actor: str | None, player: str | None) -> list:
    """One intent's events as ``player`` sees them; ``actor`` made the intent."""
    return list(batch) if player is not None and actor == player else public_events(batch)
