"""The tables a server holds in memory: one ``Live`` record per table (the ``Table``, its
connections, its lock, its bots' task, its webhook POSTs), kept by the ``Hub``.

A table is loaded from the store when first asked for and leaves memory, whole, once idle: no
connection, no bot of ours to play, nothing under way. One asyncio loop holds every table; a
table's changes are serialized by its lock; a bot's decision is computed in a worker thread on a
copy of the game, then applied like a person's. Each connection has a bounded queue of outgoing
messages: a client that does not read is disconnected (it reconnects and is sent the table
afresh), so it never holds the server's memory. Standard library only (the webhook's ``httpx``,
of the ``serve`` extra, is imported when a webhook is sent).
"""

from __future__ import annotations

import asyncio
import json
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from ..bots import Decision
from .limits import MAX_BOT_PACE, Bucket, Limits
from .store import Store, TableLimit
from .tables import Refused, Table

OUTGOING = 256  # messages queued for one connection before it counts as not reading


class Conn:
    """One WebSocket: a seat's (``player``) or a spectator's (``player`` None)."""

    def __init__(self, ws, player, limits: Limits) -> None:
        self.ws, self.player = ws, player
        self.queue: asyncio.Queue = asyncio.Queue(OUTGOING)
        self.bucket = Bucket(limits.rate, limits.burst)
        self.closed = False

    def send(self, msg) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(msg if isinstance(msg, str) else json.dumps(msg, separators=(",", ":")))
        except asyncio.QueueFull:  # a client that does not read: drop what waits, and close
            self.queue = asyncio.Queue(1)
            self.close(1013, "too many unread messages; reconnect")

    def close(self, code: int, reason: str) -> None:
        """Close once the messages queued so far are sent."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait((code, reason))

    async def sender(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self.ws.close(code=item[0], reason=item[1])
                    return
                await self.ws.send_text(item)
        except Exception:
            self.closed = True


@dataclass(eq=False)
class Live:
    """One table in memory and what serves it: its connections, the lock its changes take one at
    a time, the poke that wakes its bots, their task, and the webhook POSTs on their way (by seat).
    Everything of a table the server holds is here, so that evicting it is one ``pop``."""

    table: Table
    conns: set = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    poke: asyncio.Event = field(default_factory=asyncio.Event)
    bots: asyncio.Task | None = None
    hooks: dict = field(default_factory=dict)  # player -> the webhook POST on its way

    def busy(self) -> bool:
        """Something is under way: a change, a bot of ours to play, a webhook POST not yet done."""
        return (self.lock.locked() or self.table.bot_to_act() is not None
                or any(not task.done() for task in self.hooks.values()))

    def tasks(self) -> list:
        return ([self.bots] if self.bots is not None else []) + list(self.hooks.values())


class Hub:
    """The tables of one server, loaded from the store when first asked for: ``live`` holds one
    ``Live`` record per table in memory, by table id."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store, self.limits = store, limits
        # every write goes through this one thread, in order: a commit's fsync never blocks the
        # event loop (the other tables play on meanwhile), and writes never interleave
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="stationmaster-db")
        self.live: dict = {}  # table id -> Live

    @property
    def tables(self) -> dict:
        """The tables in memory, by id."""
        return {tid: live.table for tid, live in self.live.items()}

    def table(self, table_id) -> Table | None:
        if not isinstance(table_id, str) or len(table_id) > 64:
            return None
        live = self.live.get(table_id)
        if live is not None:
            return live.table
        try:
            t = Table.load(self.store, table_id)
        except Refused as e:  # its log no longer replays under these rules: say so in the server's log
            warnings.warn(str(e), RuntimeWarning)
            return None
        if t is None:
            return None
        self._adopt(t)
        return t

    def _adopt(self, t: Table) -> None:
        live = self.live[t.id] = Live(t)
        live.bots = asyncio.get_running_loop().create_task(self._bots(live))
        live.poke.set()
        self.evict_later(t.id)

    def evict_later(self, table_id: str) -> None:
        """Look again after ``idle_seconds`` whether the table can leave memory."""
        asyncio.get_running_loop().call_later(self.limits.idle_seconds, self._evict, table_id)

    def _evict(self, table_id: str) -> None:
        """Drop an idle table from memory, whole (no connection, nothing under way: see ``Live.busy``);
        it stays in the store and is loaded again when asked for."""
        live = self.live.get(table_id)
        if live is None or live.conns:
            return
        if live.busy():
            self.evict_later(table_id)  # busy, or its bots play on: look again later
            return
        del self.live[table_id]
        for task in live.tasks():
            task.cancel()

    async def write(self, fn, *args):
        """Run a store write on the writer thread; returns once it is committed."""
        return await asyncio.get_running_loop().run_in_executor(self.writer, fn, *args)

    async def create(self, options: dict) -> Table:
        full = Refused(f"this server holds {self.limits.tables} tables, its limit: ask its host to raise "
                       "--max-tables, or to start a server on a new database", 503)
        if self.store.count() >= self.limits.tables:  # at once, without dealing a game
            raise full
        pace = options.pop("pace", None)
        if pace is None:
            pace = self.limits.bot_pace
        if isinstance(pace, bool) or not isinstance(pace, (int, float)) \
                or not self.limits.min_bot_pace <= pace <= MAX_BOT_PACE:
            raise Refused(f"the bots' pace must be from {self.limits.min_bot_pace:g} to {MAX_BOT_PACE:g} seconds "
                          "a decision")
        try:  # counted again in the write itself: creates at once never overshoot the limit
            t = await self.write(Table.create, self.store, options, float(pace), self.limits.tables)
        except TableLimit:
            raise full from None
        self._adopt(t)
        return t

    def broadcast(self, t: Table, make, sender: Conn | None = None, ack=None) -> None:
        """Send every connection of the table its own message ``make(player)`` (cached per player;
        the sender's carries ``ack``)."""
        cache = {}
        live = self.live.get(t.id)
        for c in list(live.conns) if live is not None else ():
            if c is sender and ack is not None:
                c.send({**make(c.player), "ack": ack})
                continue
            if c.player not in cache:
                cache[c.player] = json.dumps(make(c.player), separators=(",", ":"))
            c.send(cache[c.player])

    async def apply(self, t: Table, player, seq, text, sender: Conn | None = None, ack=None, bot=False) -> None:
        live = self.live[t.id]
        async with live.lock:
            actor = t.game.actor
            n, text, events = t.accept(player, seq, text, bot=bot)
            try:
                await self.write(self.store.add_intent, t.id, n, text)
            except Exception as e:
                t.reload(self.store)
                raise Refused(f"the server could not store your intent ({type(e).__name__}); nothing changed: "
                              "try again", 503) from None
            self.broadcast(t, lambda p: t.update(p, actor, events), sender, ack)
            self._tell(t, t.turn_news(actor))
        live.poke.set()

    async def set_webhook(self, t: Table, player, url) -> None:
        if not self.limits.webhook_timeout:
            raise Refused("this server sends no webhooks (its host turned them off)")
        t.check_webhook(url)
        async with self.live[t.id].lock:
            await self.write(self.store.set_webhook, t.id, player, url)
            if url:
                t.webhooks[player] = url
            else:
                t.webhooks.pop(player, None)

    def _tell(self, t: Table, news) -> None:
        """POST a seat's turn to its webhook, in the background: one at a time per seat, a failure
        only warned about (the game never waits for it)."""
        if news is None or not self.limits.webhook_timeout:
            return
        player, body = news
        hooks = self.live[t.id].hooks
        if player in hooks and not hooks[player].done():
            return
        hooks[player] = asyncio.get_running_loop().create_task(self._post(t.webhooks[player], body))

    async def _post(self, url: str, body: dict) -> None:
        import httpx  # the serve extra's, as the rest of the server: the hub itself needs only the standard library
        try:
            async with httpx.AsyncClient(timeout=self.limits.webhook_timeout, follow_redirects=False) as client:
                await client.post(url, json=body)
        except Exception as e:
            warnings.warn(f"the webhook of {body['seat']} at table {body['table']} failed: {type(e).__name__}",
                          RuntimeWarning)

    async def set_bot(self, t: Table, player, bot) -> None:
        live = self.live[t.id]
        async with live.lock:
            t.check_bot(player, bot)
            await self.write(self.store.set_bot, t.id, player, bot)
            t.seat_changed(player, bot)
            actor = t.game.actor if bot is None else None
            self.broadcast(t, t.seats_message)
            if bot is None:  # taken back at the seat's own turn: say so
                self._tell(t, t.turn_news(None) if actor == player else None)
        live.poke.set()

    async def _bots(self, live: Live) -> None:
        """Play the table's bot seats, ``t.pace`` seconds a decision, whenever poked."""
        t = live.table
        while True:
            await live.poke.wait()
            live.poke.clear()
            while t.bot_to_act() is not None:
                await asyncio.sleep(t.pace)
                async with live.lock:
                    got = t.bot_to_act()
                    if got is None:
                        break
                    player, bot = got
                    seq, trial = t.seq, t.game.copy()
                try:
                    decision = await asyncio.to_thread(bot.decide, trial)
                    intent = decision.intent if isinstance(decision, Decision) else decision
                    if t.seq == seq:
                        await self.apply(t, player, seq, str(intent), bot=True)
                except Refused:
                    continue  # the table moved meanwhile (a seat taken back): look again
                except Exception as e:  # a failing bot stops; the seat can be taken back
                    warnings.warn(f"table {t.id}: the bot of {player} failed: {type(e).__name__}: {e}",
                                  RuntimeWarning)
                    break

    async def close(self) -> None:
        for live in self.live.values():
            for task in live.tasks():
                task.cancel()
        self.writer.shutdown(wait=True)
