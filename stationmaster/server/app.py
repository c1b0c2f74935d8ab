"""The server's ASGI application: HTTP for tables, a WebSocket per seat or spectator.

Starlette routes, uvicorn serves (the ``serve`` extra). The protocol is in docs/remote.md. Each
endpoint is a function of this module (``ROUTES``), which finds the server's ``Hub`` (``hub.py``:
the tables in memory) on its application (``app.state.hub()``), so that it can be imported and
called alone; ``create_app`` puts the store, the limits and the hub together.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import socket
import threading
import time

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import __version__
from .hub import Conn, Hub, Live
from .limits import Limits
from .store import Store
from .tables import Refused, Table

__all__ = ["ROUTES", "Conn", "Hub", "Live", "create_app", "read_json", "run", "start"]

#: the answer to a missing table and to a token that opens nothing: the same, word for word
NOT_FOUND = "no such table or invitation"
#: the deepest nesting of lists and objects a message or request body may have (the protocol's
#: own go 3 deep); deeper JSON is refused before anything reads it
MAX_NESTING = 16


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


def hub_of(conn: HTTPConnection) -> Hub:
    """The hub of the application serving a request or a WebSocket."""
    return conn.app.state.hub()


# ---------------------------------------------------------------------------- HTTP


async def index(request: Request):
    limits = hub_of(request).limits
    return JSONResponse({"server": "stationmaster", "version": __version__,
                         "limits": {k: getattr(limits, k) for k in limits.__dataclass_fields__}})


async def create(request: Request):
    hub = hub_of(request)
    try:
        options = read_json(await _body(request, hub.limits) or b"{}", "the request")
        if not isinstance(options, dict):
            raise Refused("a table is created from a JSON object of new_game options")
        t = await hub.create(options)
    except Refused as e:
        return _error(str(e), e.status)
    base = str(request.base_url).rstrip("/")
    return JSONResponse({"id": t.id, "host_key": t.host_key, "seats": t.seats,
                         "invites": {p: f"{base}/seat/{tok}" for p, tok in t.seats.items()},
                         "bots": t.seat_bots})


async def info(request: Request):
    t = hub_of(request).table(request.path_params["table_id"])
    if t is None:
        return _error(NOT_FOUND, 404)
    g = t.game
    return JSONResponse({"id": t.id, "players": list(g.players), "seq": t.seq, "actor": g.actor,
                         "over": g.is_over, "bots": t.seat_bots, "mode": g.config.mode})


async def save(request: Request):
    hub = hub_of(request)
    t = hub.table(request.path_params["table_id"])
    if t is None:
        return _error(NOT_FOUND, 404)
    key = request.query_params.get("key")
    async with hub.live[t.id].lock:  # never an intent applied but not yet stored
        if not t.game.is_over and key != t.host_key:
            return _error("the save holds the seed, which shows every hidden card: it is given once the game "
                          "is over, or to the table's host key", 403)
        return JSONResponse(t.game.to_json())


async def host_bot(request: Request):
    hub = hub_of(request)
    try:
        data = read_json(await _body(request, hub.limits) or b"{}", "the request")
        t = hub.table(request.path_params["table_id"])  # after the body: never an evicted table
        if t is None:
            return _error(NOT_FOUND, 404)
        if not isinstance(data, dict) or data.get("key") != t.host_key:
            return _error("handing a seat to a bot needs the table's host key (or the seat's own invite)", 403)
        await hub.set_bot(t, data.get("player"), data.get("bot"))
    except Refused as e:
        return _error(str(e), e.status)
    return JSONResponse({"bots": t.seat_bots})


async def seat_page(request: Request):
    found = hub_of(request).store.seat_of(request.path_params["token"])
    if found is None:
        return _error(NOT_FOUND, 404)
    invite = json.dumps(str(request.url.replace(query="", fragment="")))  # the invite alone, as Python text
    return HTMLResponse(f"<!doctype html><title>Station Master: your seat</title><p>This is your seat at a "
                        f"Station Master table. In a Jupyter notebook run:</p><pre>import stationmaster as sm\n"
                        f"sm.play(remote={html.escape(invite, quote=False)})</pre>")


# ---------------------------------------------------------------------------- WebSockets


async def seat_ws(ws: WebSocket):
    token = ws.path_params["token"]
    found = hub_of(ws).store.seat_of(token) if len(token) <= 128 else None
    await serve_connection(ws, found[0] if found else None, found[1] if found else None)


async def watch_ws(ws: WebSocket):
    await serve_connection(ws, ws.path_params["table_id"], None)


async def serve_connection(ws: WebSocket, table_id, player) -> None:
    """One seat's (``player``) or spectator's (None) WebSocket at a table, from the welcome to the close."""
    hub = hub_of(ws)
    limits = hub.limits
    await ws.accept()
    if ws.app.state.open_connections() > limits.connections:  # this one counted: uvicorn counts only HTTP's
        await ws.send_text(json.dumps({"type": "error", "reason": f"the server holds {limits.connections} "
                                       "connections, its limit; try again later"}))
        await ws.close(code=1013)
        return
    t = hub.table(table_id) if table_id is not None else None  # after the accept: never an evicted table
    if t is None:
        await ws.send_text(json.dumps({"type": "error", "reason": NOT_FOUND}))
        await ws.close(code=4404)
        return
    live: Live = hub.live[t.id]
    conns = live.conns
    if len(conns) >= limits.connections_per_table:
        await ws.send_text(json.dumps({"type": "error", "reason": f"the table has {len(conns)} connections, "
                                       f"its limit ({limits.connections_per_table}); try again later"}))
        await ws.close(code=1013)
        return
    c = Conn(ws, player, limits)
    async with live.lock:
        conns.add(c)
        c.send(t.welcome(player))
    sender = asyncio.get_running_loop().create_task(c.sender())
    try:
        while not c.closed:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            await handle_message(hub, t, c, msg)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        conns.discard(c)
        if not conns:
            hub.evict_later(t.id)
        if c.closed and not sender.done():  # closed by us: the refusals queued before go first
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 2)
        sender.cancel()


async def handle_message(hub: Hub, t: Table, c: Conn, msg: dict) -> None:
    """One message of connection ``c`` at table ``t``: answered on ``c`` (a refusal says why)."""
    limits = hub.limits
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
            await hub.apply(t, c.player, data.get("seq"), data.get("intent"), sender=c, ack=mid)
        elif kind == "webhook":
            if c.player is None:
                raise Refused("a spectator has no turn to be told of")
            await hub.set_webhook(t, c.player, data.get("url"))
            c.send({"type": "done", "id": mid})
        elif kind == "bot":
            if c.player is None:
                raise Refused("a spectator watches: only a seat's invite can hand its seat to a bot")
            bot = data.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise Refused("'bot' names a bot, or is null to take the seat back")
            await hub.set_bot(t, c.player, bot)
            c.send({"type": "done", "id": mid})
        else:
            raise Refused(f"unknown message type {str(kind)[:30]!r}: send 'intent', 'bot', 'webhook' or 'ping'")
    except Refused as e:
        c.send({"type": "refused", "id": mid, "reason": str(e)})


# ---------------------------------------------------------------------------- the application

ROUTES = [
    Route("/", index),
    Route("/api/tables", create, methods=["POST"]),
    Route("/api/tables/{table_id}", info),
    Route("/api/tables/{table_id}/save", save),
    Route("/api/tables/{table_id}/bot", host_bot, methods=["POST"]),
    Route("/seat/{token}", seat_page),
    WebSocketRoute("/ws/seat/{token}", seat_ws),
    WebSocketRoute("/ws/watch/{table_id}", watch_ws),
]


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette):
    yield
    await app.state.hub().close()
    app.state.store.close()


def create_app(db: str = "stationmaster-tables.db", limits: Limits | None = None, sync: str = "full") -> Starlette:
    """The ASGI application serving the tables stored in ``db`` (SQLite)."""
    store = Store(db, sync=sync)
    hub = Hub(store, limits or Limits())
    app = Starlette(routes=ROUTES, lifespan=_lifespan)
    app.state.store = store
    # connections open, HTTP and WebSocket (``_server`` asks uvicorn; an app served otherwise: not known)
    app.state.open_connections = lambda: 0
    app.state.hub = lambda: hub  # the tables in memory (endpoints, tests and the curious: ``app.state.hub().tables``)
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
