"""The server's ASGI application: HTTP for tables, a WebSocket per seat or spectator.

Starlette routes, uvicorn serves (the ``serve`` extra). The protocol is in docs/remote.md.
One asyncio loop holds every table; a table's changes are serialized by its lock; a bot's
decision is computed in a worker thread on a copy of the game, then applied like a person's.
Each connection has a bounded queue of outgoing messages: a client that does not read is
disconnected (it reconnects and is sent the table afresh), so it never holds the server's memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import socket
import time
import warnings
from concurrent.futures import ThreadPoolExecutor

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import __version__
from ..bots import Decision
from .limits import MAX_BOT_PACE, Bucket, Limits
from .store import Store, TableLimit
from .tables import Refused, Table

#: the answer to a missing table and to a token that opens nothing: the same, word for word
NOT_FOUND = "no such table or invitation"
OUTGOING = 256  # messages queued for one connection before it counts as not reading
#: the deepest nesting of lists and objects a message or request body may have (the protocol's
#: own go 3 deep); deeper JSON is refused before anything reads it
MAX_NESTING = 16


class Conn:
    """One WebSocket: a seat's (``player``) or a spectator's (``player`` None)."""

    def __init__(self, ws: WebSocket, player, limits: Limits) -> None:
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


class Hub:
    """The tables of one server, loaded from the store when first asked for."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store, self.limits = store, limits
        # every write goes through this one thread, in order: a commit's fsync never blocks the
        # event loop (the other tables play on meanwhile), and writes never interleave
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="stationmaster-db")
        self.tables: dict = {}
        self.conns: dict = {}  # table id -> set of Conn
        self.locks: dict = {}
        self.pokes: dict = {}
        self.tasks: dict = {}
        self.hooks: dict = {}  # (table id, player) -> the webhook POST on its way

    def table(self, table_id) -> Table | None:
        if not isinstance(table_id, str) or len(table_id) > 64:
            return None
        t = self.tables.get(table_id)
        if t is None:
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
        self.tables[t.id] = t
        self.conns.setdefault(t.id, set())
        self.locks[t.id] = asyncio.Lock()
        self.pokes[t.id] = asyncio.Event()
        self.tasks[t.id] = asyncio.get_running_loop().create_task(self._bots(t))
        self.pokes[t.id].set()
        self.evict_later(t.id)

    def evict_later(self, table_id: str) -> None:
        """Look again after ``idle_seconds`` whether the table can leave memory."""
        asyncio.get_running_loop().call_later(self.limits.idle_seconds, self._evict, table_id)

    def _evict(self, table_id: str) -> None:
        """Drop an idle table from memory (no connection, no bot of ours to play, nothing under way);
        it stays in the store and is loaded again when asked for."""
        t = self.tables.get(table_id)
        if t is None or self.conns.get(table_id):
            return
        if self.locks[table_id].locked() or t.bot_to_act() is not None:
            self.evict_later(table_id)  # busy, or its bots play on: look again later
            return
        for d in (self.tables, self.conns, self.locks, self.pokes):
            d.pop(table_id, None)
        self.tasks.pop(table_id).cancel()

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
        for c in list(self.conns.get(t.id, ())):
            if c is sender and ack is not None:
                c.send({**make(c.player), "ack": ack})
                continue
            if c.player not in cache:
                cache[c.player] = json.dumps(make(c.player), separators=(",", ":"))
            c.send(cache[c.player])

    async def apply(self, t: Table, player, seq, text, sender: Conn | None = None, ack=None, bot=False) -> None:
        async with self.locks[t.id]:
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
        self.pokes[t.id].set()

    async def set_webhook(self, t: Table, player, url) -> None:
        if not self.limits.webhook_timeout:
            raise Refused("this server sends no webhooks (its host turned them off)")
        t.check_webhook(url)
        async with self.locks[t.id]:
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
        key = (t.id, player)
        if key in self.hooks and not self.hooks[key].done():
            return
        self.hooks[key] = asyncio.get_running_loop().create_task(self._post(t.webhooks[player], body))

    async def _post(self, url: str, body: dict) -> None:
        import httpx
        try:
            async with httpx.AsyncClient(timeout=self.limits.webhook_timeout, follow_redirects=False) as client:
                await client.post(url, json=body)
        except Exception as e:
            warnings.warn(f"the webhook of {body['seat']} at table {body['table']} failed: {type(e).__name__}",
                          RuntimeWarning)

    async def set_bot(self, t: Table, player, bot) -> None:
        async with self.locks[t.id]:
            t.check_bot(player, bot)
            await self.write(self.store.set_bot, t.id, player, bot)
            t.seat_changed(player, bot)
            actor = t.game.actor if bot is None else None
            self.broadcast(t, t.seats_message)
            if bot is None:  # taken back at the seat's own turn: say so
                self._tell(t, t.turn_news(None) if actor == player else None)
        self.pokes[t.id].set()

    async def _bots(self, t: Table) -> None:
        """Play the table's bot seats, ``t.pace`` seconds a decision, whenever poked."""
        poke = self.pokes[t.id]
        while True:
            await poke.wait()
            poke.clear()
            while t.bot_to_act() is not None:
                await asyncio.sleep(t.pace)
                async with self.locks[t.id]:
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
        for task in [*self.tasks.values(), *self.hooks.values()]:
            task.cancel()
        self.writer.shutdown(wait=True)


async def _body(request: Request, limits: Limits) -> bytes:
    """The request's body, read no further than the limit."""
    out = b""
    try:
        async for chunk in request.stream():
            out += chunk
            if len(out) > limits.message_bytes:
                raise Refused(f"the request is over {limits.message_bytes} bytes, the limit", 413)
    except ClientDisconnect:  # gone (or dropped at the request deadline): nobody reads the answer
        raise Refused("the request did not arrive whole") from None
    return out


def _nesting(data) -> int:
    """How deep lists and objects nest in ``data``, counted without recursion up to MAX_NESTING + 1."""
    deepest, todo = 0, [(data, 1)]
    while todo and deepest <= MAX_NESTING:
        value, depth = todo.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            todo += [(v, depth + 1) for v in (value.values() if isinstance(value, dict) else value)]
    return deepest


def read_json(text, what: str = "the message"):
    """Untrusted JSON text (a message, a request's body) as data; Refused, saying why, if it is not
    JSON or nests deeper than MAX_NESTING (which would exhaust the parser's or a reader's stack)."""
    too_deep = Refused(f"{what} is JSON nested more than {MAX_NESTING} deep; the protocol's messages nest 3 deep")
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except (ValueError, UnicodeDecodeError):
        raise Refused(f"{what} is not JSON") from None
    if _nesting(data) > MAX_NESTING:
        raise too_deep
    return data


def _error(reason: str, status: int) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


def create_app(db: str = "stationmaster-tables.db", limits: Limits | None = None, sync: str = "full") -> Starlette:
    """The ASGI application serving the tables stored in ``db`` (SQLite)."""
    limits = limits or Limits()
    store = Store(db, sync=sync)
    hub = None

    def get_hub() -> Hub:
        nonlocal hub
        if hub is None:
            hub = Hub(store, limits)
        return hub

    async def index(request: Request):
        return JSONResponse({"server": "stationmaster", "version": __version__,
                             "limits": {k: getattr(limits, k) for k in limits.__dataclass_fields__}})

    async def create(request: Request):
        try:
            options = read_json(await _body(request, limits) or b"{}", "the request")
            if not isinstance(options, dict):
                raise Refused("a table is created from a JSON object of new_game options")
            t = await get_hub().create(options)
        except Refused as e:
            return _error(str(e), e.status)
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"id": t.id, "host_key": t.host_key, "seats": t.seats,
                             "invites": {p: f"{base}/seat/{tok}" for p, tok in t.seats.items()},
                             "bots": t.seat_bots})

    async def info(request: Request):
        t = get_hub().table(request.path_params["table_id"])
        if t is None:
            return _error(NOT_FOUND, 404)
        g = t.game
        return JSONResponse({"id": t.id, "players": list(g.players), "seq": t.seq, "actor": g.actor,
                             "over": g.is_over, "bots": t.seat_bots, "mode": g.config.mode})

    async def save(request: Request):
        t = get_hub().table(request.path_params["table_id"])
        if t is None:
            return _error(NOT_FOUND, 404)
        key = request.query_params.get("key")
        async with get_hub().locks[t.id]:  # never an intent applied but not yet stored
            if not t.game.is_over and key != t.host_key:
                return _error("the save holds the seed, which shows every hidden card: it is given once the game "
                              "is over, or to the table's host key", 403)
            return JSONResponse(t.game.to_json())

    async def host_bot(request: Request):
        try:
            data = read_json(await _body(request, limits) or b"{}", "the request")
            t = get_hub().table(request.path_params["table_id"])  # after the body: never an evicted table
            if t is None:
                return _error(NOT_FOUND, 404)
            if not isinstance(data, dict) or data.get("key") != t.host_key:
                return _error("handing a seat to a bot needs the table's host key (or the seat's own invite)", 403)
            await get_hub().set_bot(t, data.get("player"), data.get("bot"))
        except Refused as e:
            return _error(str(e), e.status)
        return JSONResponse({"bots": t.seat_bots})

    async def seat_page(request: Request):
        found = store.seat_of(request.path_params["token"])
        if found is None:
            return _error(NOT_FOUND, 404)
        invite = json.dumps(str(request.url.replace(query="", fragment="")))  # the invite alone, as Python text
        return HTMLResponse(f"<!doctype html><title>Station Master: your seat</title><p>This is your seat at a "
                            f"Station Master table. In a Jupyter notebook run:</p><pre>import stationmaster as sm\n"
                            f"sm.play(remote={html.escape(invite, quote=False)})</pre>")

    async def seat_ws(ws: WebSocket):
        found = store.seat_of(ws.path_params["token"]) if len(ws.path_params["token"]) <= 128 else None
        await _serve(ws, found[0] if found else None, found[1] if found else None)

    async def watch_ws(ws: WebSocket):
        await _serve(ws, ws.path_params["table_id"], None)

    async def _serve(ws: WebSocket, table_id, player) -> None:
        await ws.accept()
        if app.state.open_connections() > limits.connections:  # this one counted: uvicorn counts only HTTP's
            await ws.send_text(json.dumps({"type": "error", "reason": f"the server holds {limits.connections} "
                                           "connections, its limit; try again later"}))
            await ws.close(code=1013)
            return
        h = get_hub()
        t = h.table(table_id) if table_id is not None else None  # after the accept: never an evicted table
        if t is None:
            await ws.send_text(json.dumps({"type": "error", "reason": NOT_FOUND}))
            await ws.close(code=4404)
            return
        conns = h.conns[t.id]
        if len(conns) >= limits.connections_per_table:
            await ws.send_text(json.dumps({"type": "error", "reason": f"the table has {len(conns)} connections, "
                                           f"its limit ({limits.connections_per_table}); try again later"}))
            await ws.close(code=1013)
            return
        c = Conn(ws, player, limits)
        async with h.locks[t.id]:
            conns.add(c)
            c.send(t.welcome(player))
        sender = asyncio.get_running_loop().create_task(c.sender())
        try:
            while not c.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                await _handle(h, t, c, msg)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            conns.discard(c)
            if not conns:
                h.evict_later(t.id)
            if c.closed and not sender.done():  # closed by us: the refusals queued before go first
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(sender, 2)
            sender.cancel()

    async def _handle(h: Hub, t: Table, c: Conn, msg: dict) -> None:
        if not c.bucket.take(time.monotonic()):
            if c.bucket.over == 1:
                c.send({"type": "refused", "reason": f"too many messages: at most {limits.rate:g} a second "
                        f"(bursts of {limits.burst}); the rest are dropped"})
            if c.bucket.over > 4 * limits.burst:
                c.close(1008, "flooding")
            return
        text = msg.get("text")
        if text is None:
            return c.send({"type": "refused", "reason": "messages are JSON text"})
        if len(text) > limits.message_bytes:
            return c.send({"type": "refused", "reason": f"the message is {len(text)} characters; the limit is "
                           f"{limits.message_bytes}"})
        try:
            data = read_json(text)
        except Refused as e:
            return c.send({"type": "refused", "reason": str(e)})
        if not isinstance(data, dict):
            return c.send({"type": "refused", "reason": "a message is a JSON object with a 'type'"})
        mid = data.get("id")
        if not (mid is None or (isinstance(mid, (int, str)) and not isinstance(mid, bool) and len(str(mid)) <= 40)):
            return c.send({"type": "refused", "reason": "a message's 'id' is a short number or text"})
        kind = data.get("type")
        try:
            if kind == "ping":
                c.send({"type": "pong", "id": mid, "seq": t.seq})
            elif kind == "intent":
                if c.player is None:
                    raise Refused("a spectator watches: only a seat's invite can play")
                await h.apply(t, c.player, data.get("seq"), data.get("intent"), sender=c, ack=mid)
            elif kind == "webhook":
                if c.player is None:
                    raise Refused("a spectator has no turn to be told of")
                await h.set_webhook(t, c.player, data.get("url"))
                c.send({"type": "done", "id": mid})
            elif kind == "bot":
                if c.player is None:
                    raise Refused("a spectator watches: only a seat's invite can hand its seat to a bot")
                bot = data.get("bot")
                if bot is not None and not isinstance(bot, str):
                    raise Refused("'bot' names a bot, or is null to take the seat back")
                await h.set_bot(t, c.player, bot)
                c.send({"type": "done", "id": mid})
            else:
                raise Refused(f"unknown message type {str(kind)[:30]!r}: send 'intent', 'bot', 'webhook' or 'ping'")
        except Refused as e:
            c.send({"type": "refused", "id": mid, "reason": str(e)})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        if hub is not None:
            await hub.close()
        store.close()

    routes = [
        Route("/", index),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table_id}", info),
        Route("/api/tables/{table_id}/save", save),
        Route("/api/tables/{table_id}/bot", host_bot, methods=["POST"]),
        Route("/seat/{token}", seat_page),
        WebSocketRoute("/ws/seat/{token}", seat_ws),
        WebSocketRoute("/ws/watch/{table_id}", watch_ws),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.store = store
    # connections open, HTTP and WebSocket (``_server`` asks uvicorn; an app served otherwise: not known)
    app.state.open_connections = lambda: 0
    app.state.hub = get_hub  # the tables in memory (tests and the curious: ``app.state.hub().tables``)
    return app


def _listen(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    return sock


def _server(db: str, limits: Limits, sync: str, compress: bool = False):
    import uvicorn

    from .deadline import protocol

    app = create_app(db, limits, sync=sync)
    # compress: WebSocket per-message deflate. Off by default: a view is a few KB, and on a LAN
    # or loopback compressing every message for every seat costs the server more than it saves.
    # limit_concurrency: uvicorn answers 503 to an HTTP request once that many connections are open,
    # its own counted, so at most limits.connections others; WebSockets are counted in _serve.
    config = uvicorn.Config(app, log_level="warning", ws_max_size=4 * limits.message_bytes, ws_ping_interval=20,
                            ws_per_message_deflate=compress, limit_concurrency=limits.connections + 1,
                            http=protocol(limits.request_seconds), lifespan="on")
    server = uvicorn.Server(config)
    app.state.open_connections = lambda: len(server.server_state.connections)
    return server


def _bound(host: str, port: int, db: str, limits, sync: str, compress: bool) -> tuple:
    """``(listening socket, server)``; the socket is closed again if the server cannot be made (its
    database refused: damaged, held by another server...)."""
    sock = _listen(host, port)
    try:
        return sock, _server(db, limits or Limits(), sync, compress)
    except BaseException:
        sock.close()
        raise


def _url(host: str, sock: socket.socket) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{sock.getsockname()[1]}"


def run(host: str = "127.0.0.1", port: int = 8765, db: str = "stationmaster-tables.db", limits=None,
        announce=print, sync: str = "full", compress: bool = False) -> None:
    """Serve until interrupted; ``announce`` gets the URL once the port listens (port 0: a free one)."""
    sock, server = _bound(host, port, db, limits, sync, compress)
    announce(f"Station Master server at {_url(host, sock)}  (tables in {db}; Ctrl+C stops it)")
    server.run(sockets=[sock])


class Running:
    """A server running in a thread of this process (``start``): ``url``, ``stop()``."""

    def __init__(self, server, thread, url: str, db: str) -> None:
        self._server, self._thread, self.url, self.db = server, thread, url, db

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def app(self):
        """The ASGI application served (``app.state.hub().tables``: the tables in memory)."""
        return self._server.config.app

    def stop(self, timeout: float = 10.0) -> None:
        """Stop serving (connections are closed; the database keeps the tables)."""
        self._server.should_exit = True
        self._thread.join(timeout)

    def __enter__(self) -> "Running":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"<Station Master server at {self.url}, tables in {self.db}{'' if self.running else ', stopped'}>"


def start(db: str = "stationmaster-tables.db", host: str = "127.0.0.1", port: int = 0, limits=None,
          sync: str = "full", timeout: float = 15.0, compress: bool = False) -> Running:
    """Run a server in a background thread of this process (a notebook's, a test's) and return
    once it listens; ``port=0`` picks a free port (``running.url`` tells it)."""
    import threading

    sock, server = _bound(host, port, db, limits, sync, compress)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="stationmaster-serve", daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            thread.join(timeout)
            server.config.app.state.store.close()  # the database is free again
            raise RuntimeError("the Station Master server did not start")
        time.sleep(0.01)
    return Running(server, thread, _url(host, sock), db)
