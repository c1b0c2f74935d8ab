"""The seat contract: what one seat may see of a game, and what is read from a game at all.

Two things read a game through one seat's eyes: the engine's determinized copy (``Game.copy(
determinize=player)``, a bot's look-ahead, deals afresh what the player cannot know) and the
server's views (``server/views.py``, what a seat is sent). Both take what a seat may not see from
here, so a new kind of hidden card is written once:

- ``hidden_cards``: the Home Office, the situation pile and the other seats' hands, but for the
  cards public in a hand (``public_in_hand``: Red Flags are played face up);
- ``public_events``: an event batch as a player other than the actor saw it (a drawn card's id,
  marked ``private``, removed).

A view blanks the hidden cards (``"?"``); the determinized copy deals the hidden hands and the Home
Office afresh and keeps the situation pile, which lies sorted and is drawn from at random: the
stream it draws with is the copy's own, dealt afresh too.

``GameView`` lists what the board (``widgets/``), the bots and the learning environments read
from a game: ``Game`` and the remote seat ``RemoteGame`` both provide it
(``tests/engine/test_seat.py`` checks names and signatures), so whatever reads only these works on
either. (boardgame.io's ``playerView`` and its one client with a pluggable transport are the model.)
"""

from __future__ import annotations

from typing import Callable, Protocol, runtime_checkable

from .events import Event

#: the prefix of the cards a hand shows face up: Red Flags in hand are public
PUBLIC_IN_HAND = "RedFlag"


def public_in_hand(card: str) -> bool:
    """Whether the other seats see ``card`` in a player's hand (a Red Flag: yes)."""
    return card.startswith(PUBLIC_IN_HAND)


def hidden_in_hand(hand) -> list:
    """The cards of ``hand`` the other seats cannot see, in the hand's order."""
    return [c for c in hand if not public_in_hand(c)]


def hidden_cards(state, player: str | None) -> set:
    """The card ids ``player`` (None: a spectator) cannot see in ``state``: the Home Office, the
    situation pile and the other seats' hidden cards."""
    hidden = set(state.home) | set(state.situations)
    for p in state.players:
        if p.name != player:
            hidden.update(hidden_in_hand(p.hand))
    return hidden


def public_events(batch) -> list:
    """Events as someone other than the actor saw them: private details (a drawn card) removed."""
    return [Event(e.kind, e.text, e.player, e.amount, {k: v for k, v in e.data.items() if k != "card"})
            if e.data.get("private") else e for e in batch]


@runtime_checkable
class GameView(Protocol):
    """What the board, the bots and the environments read from a game and ask of it: a ``Game``
    (the whole table) and a ``RemoteGame`` (one seat's view of a server's table) both provide it.

    ``state`` is the table as this reader may see it (a remote seat's has the hidden cards as
    ``"?"``); ``copy()`` is a local ``Game`` on that state to try things on; what a seat may not do
    (undo at a shared table, save before the end) is said by ``can_undo``/``can_save``, never
    raised unannounced. Code that needs more (``Game.timeline``, ``RemoteGame.link``) asks for it
    by name and says why."""

    replay_error: str | None

    # ------------------------------------------------------------------ reading
    @property
    def seed(self) -> int | None: ...
    @property
    def config(self): ...
    @property
    def state(self): ...
    @property
    def players(self) -> tuple: ...
    @property
    def bots(self) -> dict: ...
    @property
    def humans(self) -> tuple: ...
    @property
    def day(self) -> int: ...
    @property
    def stage(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def actor(self) -> str | None: ...
    @property
    def decision(self) -> str: ...
    @property
    def revenue(self) -> dict: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def outcome(self): ...
    @property
    def history(self) -> tuple: ...
    @property
    def events(self) -> list: ...
    @property
    def event_batches(self) -> list: ...
    @property
    def last_events(self) -> list: ...
    @property
    def legal(self): ...
    @property
    def redo_next(self): ...

    def legal_intents(self) -> list: ...
    def why_not(self, intent) -> str | None: ...
    def parse(self, text): ...
    def describe(self) -> str: ...
    def copy(self, determinize: str | None = None, seed: int = 0): ...

    # ------------------------------------------------------------------ deciding
    def apply(self, intent) -> list: ...
    def can_undo(self) -> str | None: ...
    def undo(self): ...
    def can_redo(self) -> str | None: ...
    def redo(self) -> list: ...

    # ------------------------------------------------------------------ saves
    def can_save(self) -> str | None: ...
    def to_json(self) -> dict: ...
    def dumps(self) -> str: ...
    def save(self, path) -> None: ...

    # ------------------------------------------------------------------ listeners
    def observe(self, callback: Callable) -> None: ...
    def unobserve(self, callback) -> None: ...
