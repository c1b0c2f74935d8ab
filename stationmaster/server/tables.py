"""A table: one authoritative game, its seats, and the messages each seat is sent (no I/O here).

The game lives in memory and in the store: an intent is checked (the right seat, the current
sequence number, legal now), applied, committed to the store, and only then acknowledged. On a
server's restart a table is rebuilt from the store by replaying its intents through the rules
(``stationmaster.loads``, as a save is loaded).
"""

from __future__ import annotations

import json
import secrets
import time
from urllib.parse import urlsplit

from .. import bots as _bots
from ..errors import IllegalIntent
from ..start import new_game
from ..saves import loads
from . import codec
from .views import batch_for, seat_batches, view_json

#: the ``new_game`` options a table may be created with (and the JSON types each takes)
OPTIONS = {"players": list, "mode": str, "length": str, "victory": str, "starting_hand": str, "deck": str,
           "yard_refill": str, "balance": str, "optional_rules": list, "revenue": list, "seed": int, "bots": dict,
           "house_rules": dict}


class Refused(Exception):
    """An intent or request the table does not take; ``str`` says why in a player's words
    (``status``: the HTTP status it is answered with)."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.status = status


def new_id(n: int = 8) -> str:
    return secrets.token_urlsafe(n)


def check_options(options: dict) -> dict:
    """Validate a table's creation options (untrusted JSON) into ``new_game`` keywords."""
    if not isinstance(options, dict):
        raise Refused("a table is created from a JSON object of new_game options")
    out = {}
    for key, value in options.items():
        kind = OPTIONS.get(key)
        if kind is None:
            raise Refused(f"unknown table option {str(key)[:40]!r}: use {', '.join(OPTIONS)}")
        if value is None:
            continue
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Refused(f"the table option {key!r} must be {kind.__name__}, not {type(value).__name__}")
        out[key] = value
    for key in out.get("house_rules", {}):  # the engine says what each takes; here only a name's size
        if len(key) > 40:
            raise Refused(f"unknown house rule {key[:40]!r}...: see docs/house-rules.md for the house rules")
    bots = out.get("bots", {})
    for seat, bot in bots.items():
        if not isinstance(bot, str):
            raise Refused(f"a bot seat names a bot by its name ({', '.join(_bots.available())}), not {bot!r:.40}")
    return out


class Table:
    """One table: ``game`` (authoritative), ``seats`` {player: token}, ``seat_bots`` {player: bot name}."""

    def __init__(self, table_id: str, game, host_key: str, seats: dict, seat_bots: dict, pace: float) -> None:
        self.id = table_id
        self.game = game
        self.host_key = host_key
        self.seats = dict(seats)
        self.seat_bots = {p: b for p, b in seat_bots.items() if b}
        self.pace = pace
        self._bot_objects: dict = {}
        self._views: dict = {}  # player -> encoded view state of the current seq
        self._base = None  # (seq, the true state's encoding)
        self._prev = (-1, {})  # (seq, {player: encoded view}) of the state before the last intent
        self.webhooks: dict = {}  # player -> URL the server POSTs to when that seat must decide
        self.changed_at = time.time()

    # ------------------------------------------------------------------ making and loading

    @classmethod
    def create(cls, store, options: dict, pace: float, limit: int | None = None) -> "Table":
        """A new table, stored (``store.TableLimit`` if the store holds ``limit`` tables already)."""
        kw = check_options(options)
        try:
            game = new_game(**kw)
        except (ValueError, TypeError, IllegalIntent) as e:
            raise Refused(str(e)) from None
        table_id, host_key = new_id(), new_id(24)
        seats = {p: new_id(24) for p in game.players}
        bots = dict(game.bots)  # names: check_options let only names through
        save = game.to_json()
        del save["intents"]
        store.add_table(table_id, host_key, save, pace, time.time(), seats, bots, limit)
        return cls(table_id, game, host_key, seats, bots, pace)

    @classmethod
    def load(cls, store, table_id: str):
        """The table rebuilt from the store, or None if there is no such table."""
        got = store.table(table_id)
        if got is None:
            return None
        host_key, save, pace = got
        game = loads(json.dumps({**save, "intents": store.intents(table_id)}))
        if game.replay_error:  # the rules changed under a stored table: say so, keep what replays
            raise Refused(f"table {table_id} no longer replays: {game.replay_error}")
        seats = store.seats(table_id)
        t = cls(table_id, game, host_key, {p: t for p, (t, b) in seats.items()},
                {p: b for p, (t, b) in seats.items()}, pace)
        t.webhooks = store.webhooks(table_id)
        return t

    # ------------------------------------------------------------------ playing

    @property
    def seq(self) -> int:
        """The sequence number: how many intents the game has accepted."""
        return len(self.game.history)

    def check(self, player: str, seq, text, bot: bool = False) -> None:
        """Raise Refused unless ``player`` may apply ``text`` now, made against intent ``seq``."""
        g = self.game
        if not isinstance(text, str) or not text.strip():
            raise Refused("an intent is its text, for example 'draw home' (see docs/notation.md)")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise Refused("an intent must say which state it was made against: its sequence number 'seq'")
        if g.is_over:
            raise Refused(f"the game is over: {g.outcome.reason}")
        if seq != self.seq:
            raise Refused(f"stale: you decided against intent {seq}, but the game has moved on to intent "
                          f"{self.seq}; look at the table again and decide")
        if self.seat_bots.get(player) and not bot:
            raise Refused(f"your seat is played by the {self.seat_bots[player]} bot now: take it back first")
        if g.actor != player:
            raise Refused(f"it is {g.actor}'s turn to decide ({g.decision}), not yours")
        reason = g.why_not(text)
        if reason:
            raise Refused(reason)

    def accept(self, player: str, seq, text, bot: bool = False) -> tuple:
        """Check and apply one intent of ``player`` in memory: ``(its sequence number, its text,
        its events)``. The caller stores it (``store.add_intent``) before telling anyone, and calls
        ``reload`` if that fails."""
        self.check(player, seq, text, bot)
        it = self.game.parse(text)
        n = self.seq
        if self._base is not None and self._base[0] == n:
            self._prev = (n, self._views)  # what the seats were last sent: updates carry the difference
        self._views = {}
        events = self.game.apply(it)
        self.changed_at = time.time()
        return n, str(it), events

    def reload(self, store) -> None:
        """Go back to what the store holds (an intent applied in memory was not stored)."""
        self.game = Table.load(store, self.id).game
        self._views, self._base, self._prev = {}, None, (-1, {})

    def check_webhook(self, url) -> None:
        """Raise Refused unless ``url`` can be a seat's webhook (an http(s) URL; None: none)."""
        if url is None:
            return
        if not isinstance(url, str) or len(url) > 500 or urlsplit(url).scheme not in ("http", "https") \
                or not urlsplit(url).netloc:
            raise Refused("a webhook is an http:// or https:// URL of at most 500 characters (null: none)")

    def turn_news(self, actor_before):
        """``(player, message)`` when the last change gave the turn to a person who was not deciding
        before (a webhook tells them), else None. The message names the table, never a token."""
        g = self.game
        p = g.actor
        if p is None or p == actor_before or p in self.seat_bots or p not in self.webhooks:
            return None
        return p, {"event": "your_turn", "table": self.id, "seat": p, "seq": self.seq, "decision": g.decision,
                   "text": f"Station Master: your turn at table {self.id}, {p} ({g.decision})"}

    def check_bot(self, player: str, bot) -> None:
        """Raise Refused unless ``player``'s seat can be handed to ``bot`` (None: back to the person)."""
        if player not in self.seats:
            raise Refused(f"no seat {str(player)[:40]!r} at this table")
        if bot is not None and bot not in _bots.available():
            raise Refused(f"unknown bot {str(bot)[:40]!r}: choose one of {', '.join(_bots.available())}")

    def seat_changed(self, player: str, bot) -> None:
        """Note in memory that ``bot`` (None: the person) plays ``player``'s seat now."""
        self._views.clear()
        if bot:
            self.seat_bots[player] = bot
        else:
            self.seat_bots.pop(player, None)
        self._bot_objects.pop(player, None)

    def bot_to_act(self):
        """``(player, Bot)`` when a bot seat must decide now, else None."""
        g = self.game
        if g.is_over or g.actor not in self.seat_bots:
            return None
        p = g.actor
        bot = self._bot_objects.get(p)
        if bot is None:
            bot = self._bot_objects[p] = _bots.make(self.seat_bots[p], seed=g.seed)
        return p, bot

    # ------------------------------------------------------------------ messages

    def _view(self, player):
        if self._base is None or self._base[0] != self.seq:
            self._base = (self.seq, codec.encode(self.game.state))
            self._views.clear()
        got = self._views.get(player)
        if got is None:
            got = self._views[player] = view_json(self.game, player, self._base[1])
        return got

    def _delta(self, player) -> dict:
        """``{"delta": {field: value}}``: the fields of ``player``'s view that the last intent
        changed (the client had the view before it); ``{"view": ...}`` when that is not known."""
        view = self._view(player)
        seq, views = self._prev
        before = views.get(player) if seq == self.seq - 1 else None
        if before is None:
            return {"view": view}
        old = before["f"]
        return {"delta": {k: v for k, v in view["f"].items() if old.get(k) != v}}

    def _status(self, player, delta: bool = False) -> dict:
        g = self.game
        mine = player is not None and g.actor == player and player not in self.seat_bots
        return {
            "seq": self.seq,
            **(self._delta(player) if delta else {"view": self._view(player)}),
            "actor": g.actor,
            "decision": g.decision if not g.is_over else "",
            "legal": [str(i) for i in g.legal] if mine else [],
            "revenue": g.revenue,
            "outcome": codec.encode(g.outcome),
            "bots": dict(self.seat_bots),
        }

    def welcome(self, player) -> dict:
        """Everything a seat (None: a spectator) needs to show the table from scratch."""
        g = self.game
        batches = seat_batches(g, player)
        return {"type": "welcome", "table": self.id, "me": player, "players": list(g.players),
                "config": codec.encode(g.config), "history": [str(i) for i in g.history],
                "batches": [codec.encode(b) for b in batches], **self._status(player)}

    def update(self, player, actor: str | None, events, ack=None) -> dict:
        """The message telling ``player`` (None: a spectator) of the intent just accepted."""
        msg = {"type": "update", "intent": str(self.game.history[-1]), "by": actor,
               "events": codec.encode(batch_for(events, actor, player)), **self._status(player, delta=True)}
        if ack is not None:
            msg["ack"] = ack
        return msg

    def seats_message(self, player) -> dict:
        """The message telling a seat the bots at the table changed."""
        return {"type": "seats", **self._status(player)}
