"""What a seat (or a spectator) may see of a game: its view, built from the engine's public API.

``seat_view(game, player)`` starts from ``game.copy(determinize=player)`` — the engine's own
statement of what that player cannot know (the Home Office order, the other hands, the random
stream) and of which events were private — and then blanks what the determinization dealt afresh:
a guess at a hidden card is still a card id, and a seat's messages must hold none of another
seat's cards. Hidden cards become ``HIDDEN`` placeholders (so the counts stay right), the deck
table keeps only the cards the seat can see, and the seed and the random stream are zero.
A spectator's view (``player=None``) hides every hand and keeps no private event detail.
"""

from __future__ import annotations

from ..events import Event

#: what a card the viewer cannot see is shown as (never a card id)
HIDDEN = "?"


def _is_public_in_hand(card: str) -> bool:
    return card.startswith("RedFlag")  # Red Flags in hand are public (the engine's determinize keeps them)


def hidden_cards(state, player: str | None) -> set:
    """The card ids ``player`` (None: a spectator) cannot see in ``state``."""
    hidden = set(state.home) | set(state.situations)
    for p in state.players:
        if p.name != player:
            hidden.update(c for c in p.hand if not _is_public_in_hand(c))
    return hidden


def mask(state, player: str | None, hidden: set) -> None:
    """Blank, in place, what ``player`` cannot see (``hidden``: card ids from ``hidden_cards`` of the
    true state; a determinized copy may have dealt them to other places among the hidden ones)."""
    for p in state.players:
        if p.name != player:
            p.hand = [c if _is_public_in_hand(c) else HIDDEN for c in p.hand]
    state.home = [HIDDEN] * len(state.home)
    state.situations = [HIDDEN] * len(state.situations)
    state.deck = {c: t for c, t in state.deck.items() if c not in hidden}
    state.seed = 0
    state.rng = 0


def public_events(batch) -> list:
    """Events as someone other than the actor saw them: private details (a drawn card) removed."""
    return [Event(e.kind, e.text, e.player, e.amount, {k: v for k, v in e.data.items() if k != "card"})
            if e.data.get("private") else e for e in batch]


def seat_view(game, player: str | None):
    """``(state, event batches)`` as ``player`` sees them (None: a spectator); the game is not
    changed. The events come from the engine's determinized copy for that player (which drops
    the private details of the other players' draws)."""
    if player is None:
        batches = [public_events(b) for b in game.event_batches]
    else:
        batches = game.copy(determinize=player, seed=0).event_batches
    return view_state(game, player), batches


def view_state(game, player: str | None):
    """The state as ``player`` (None: a spectator) sees it: a copy with the hidden cards blanked."""
    hidden = hidden_cards(game.state, player)
    state = game.copy().state
    mask(state, player, hidden)
    return state


def batch_for(batch, actor: str | None, player: str | None) -> list:
    """One intent's events as ``player`` sees them; ``actor`` made the intent."""
    return list(batch) if player is not None and actor == player else public_events(batch)
