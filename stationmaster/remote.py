"""Play a table across browsers: a seat of a game held by a ``stationmaster serve`` server.

>>> from stationmaster import remote
>>> table = remote.create("http://127.0.0.1:8765", players=["Ann", "Bo", "Cy"],
...                       mode="competitive", bots={"Cy": "planner"})      # doctest: +SKIP
>>> table.invites["Bo"]          # send it to Bo: it is his seat, and only his   # doctest: +SKIP
'http://127.0.0.1:8765/seat/…'
>>> game = remote.join(table.invites["Ann"])                              # doctest: +SKIP
>>> game.apply("draw home")                                               # doctest: +SKIP
>>> sm.play(remote=game)         # the ordinary board, live                # doctest: +SKIP

A remote game reads and plays like a ``Game`` for one seat: it provides ``seat.GameView`` (checked
by tests/engine/test_seat.py): ``apply``, ``legal_intents``, ``why_not``, ``actor``, ``state`` (this
seat's view: the other hands and the Home Office are ``"?"``), ``revenue``, ``is_over``, ``outcome``,
``history``, ``events``, ``copy`` (``Game.from_view`` of the seat's view)...; plus ``me``, ``link``
and ``wait``. The server decides: ``apply`` returns once the server has written the intent to its
database, and raises ``IllegalIntent`` with the server's reason when it refuses it. The
connection comes back by itself when the server restarts; ``link`` says how it stands (up or
since when not, a decision queued, the last problem), and a message from the server that cannot
be read changes nothing: it is said, and the table read afresh. Needs the ``serve`` extra
(``pip install "stationmaster[serve]"``: httpx and websockets). The protocol, the client and the
security model are in docs/remote.md.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import threading
import time
import warnings
from dataclasses import dataclass
from urllib.parse import quote as _quote, urlsplit

from .config import Config
from .errors import IllegalIntent, SaveError
from .events import Event
from .game import Game, LegalIntents
from .intents import parse
from .server import codec
from .state import State

__all__ = ["Link", "Queued", "RemoteGame", "RemoteTable", "ServerError", "create", "export", "join", "watch"]

#: the close code (and answer) for a table or invitation the server does not know
NOT_FOUND_CODE = 4404
#: (server URL, table id) -> host key, for the tables this process created: their creator may
#: export them before the end without naming the key (``export``)
_HOST_KEYS: dict = {}


class ServerError(ConnectionError):
    """The server could not be reached, or refused a request; the message says why."""


class Queued(IllegalIntent):
    """Not a refusal: the server cannot take the intent now (the connection is down, or the server
    slow), so it is kept and sent, once, when the server answers; ``game.link.pending`` names it
    until then. Raised only by ``apply`` on a game whose ``queue_after`` is set (a board's), so that
    a click never waits on the network; an ``IllegalIntent`` so that what shows refusals shows it."""


class Unreadable(ValueError):
    """A message from the server this client cannot read (the reason, in words)."""


@dataclass(frozen=True)
class Link:
    """A seat's connection as a board shows it (``RemoteGame.link``)."""

    connected: bool  # up, with the table as the server has it
    since: float  # when it last came up or went down (``time.time()``)
    pending: str | None = None  # an intent queued (``Queued``): on its way, its caller no longer waiting
    problem: str | None = None  # the last thing that went wrong, in words; None once an intent goes through
    problem_at: float | None = None


def _need(module: str):
    try:
        return __import__(module)
    except ImportError as e:
        raise ImportError(f"playing across browsers needs {module} ({e.name or module} is missing): "
                          'pip install "stationmaster[serve]"') from e


def _base(url: str) -> str:
    if not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
        raise ValueError(f"the server's address is an http:// or https:// URL, not {url!r:.80}")
    return url.rstrip("/")


def _ws(base: str) -> str:
    return "ws" + base[4:] if base.startswith("http") else base


def _http(method: str, url: str, timeout: float = 10.0, **kw):
    httpx = _need("httpx")
    try:
        r = httpx.request(method, url, timeout=timeout, **kw)
    except httpx.HTTPError as e:
        raise ServerError(f"cannot reach the Station Master server at {url}: {e}") from None
    try:
        data = r.json()
    except RecursionError:
        raise ServerError(f"the answer of {url} cannot be read: it nests too deeply to be a Station Master "
                          f"server's (HTTP {r.status_code})") from None
    except ValueError:
        raise ServerError(f"{url} did not answer as a Station Master server (HTTP {r.status_code})") from None
    if r.status_code >= 400:
        raise ServerError(data.get("error", f"HTTP {r.status_code}") if isinstance(data, dict) else str(data))
    return data


#: the fields of a table's state: what an update's change of the view may name
_STATE_FIELDS = frozenset(f.name for f in dataclasses.fields(State))


def _text(value) -> str:
    if not isinstance(value, str):
        raise Unreadable(f"{str(value)[:40]!r} where a text was due")
    return value


def _list(value) -> list:
    if not isinstance(value, list):
        raise Unreadable(f"{str(value)[:40]!r} where a list was due")
    return value


def _texts(value) -> list:
    return [_text(v) for v in _list(value)]


def _config(data):
    config = codec.decode(data)
    if not isinstance(config, Config):
        raise Unreadable("its configuration is not a game's")
    return config


def _events(data) -> list:
    batch = codec.decode(data)
    if not isinstance(batch, list) or not all(isinstance(e, Event) for e in batch):
        raise Unreadable("its events are not a list of events")
    return batch


def _checked_view(view) -> dict:
    if not (isinstance(view, dict) and view.get("$c") == "State" and isinstance(view.get("f"), dict)):
        raise Unreadable("its table is not a table's state")
    return view


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def _result(job: dict):
    if "error" in job:
        raise job["error"]
    return job["events"]


def _running_loop():
    """The event loop running here (the kernel's, in a notebook cell), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class RemoteTable:
    """A table made by ``create``: ``id``, ``invites`` (player -> invite URL), ``host_key``.

    Each invite holds its seat's secret token: whoever has it plays that seat. The host key
    lets the creator hand a seat to a bot (``hand_to_bot``) and export the game before its end."""

    def __init__(self, url: str, data: dict) -> None:
        self.url = url
        self.id = data["id"]
        self.host_key = data["host_key"]
        self.invites = {p: f"{url}/seat/{tok}" for p, tok in data["seats"].items()}
        self.bots = dict(data.get("bots") or {})

    def join(self, player: str, **kw) -> "RemoteGame":
        """Sit at ``player``'s seat (``join(table.invites[player])``)."""
        if player not in self.invites:
            raise ValueError(f"no seat {player!r} at this table ({', '.join(self.invites)})")
        return join(self.invites[player], **kw)

    def watch(self, **kw) -> "RemoteGame":
        return watch(self.url, self.id, **kw)

    def hand_to_bot(self, player: str, bot: str | None = "planner") -> dict:
        """Let the server's ``bot`` play ``player``'s seat (None: give it back to the person)."""
        return _http("POST", f"{self.url}/api/tables/{self.id}/bot",
                     json={"key": self.host_key, "player": player, "bot": bot})["bots"]

    def export(self, path=None):
        """The game as an ordinary save (see ``export``); the host key lets it out before the end."""
        return export(self.url, self.id, path, key=self.host_key)

    def __repr__(self) -> str:
        return f"<RemoteTable {self.id} at {self.url}: seats {', '.join(self.invites)}>"


def create(url: str, players=None, mode: str | None = None, seed: int | None = None, length: str | None = None,
           deck: str | None = None, bots: dict | None = None, pace: float | None = None, **options) -> RemoteTable:
    """Create a table on the server at ``url`` with ``new_game``'s options; ``bots`` names the
    seats the server's bots play (``{"Cy": "planner"}``), ``pace`` their seconds a decision.
    Returns the table: hand each player their ``table.invites[name]``."""
    base = _base(url)
    body = {"players": list(players) if players is not None else None, "mode": mode, "seed": seed,
            "length": length, "deck": deck, "bots": bots, **options}
    if pace is not None:
        body["pace"] = pace
    body = {k: v for k, v in body.items() if v is not None}
    table = RemoteTable(base, _http("POST", f"{base}/api/tables", json=body))
    _HOST_KEYS[(base, table.id)] = table.host_key
    return table


def export(url: str, table_id: str, path=None, key: str | None = None):
    """The server's game as an ordinary save, checked by loading it here: returns the ``Game``
    and writes the save to ``path`` if given (``stationmaster replay`` and ``sm.load`` read it).
    A running game's save holds the seed, which shows every hidden card: the server gives it
    once the game is over, or to the table's host key — which the process that created the table
    (``create``) holds and uses by itself."""
    from .saves import loads, write_atomically

    base = _base(url)
    key = key or _HOST_KEYS.get((base, str(table_id)))
    q = f"?key={_quote(key)}" if key else ""
    data = _http("GET", f"{base}/api/tables/{_quote(str(table_id))}/save{q}")
    try:
        text = json.dumps(data, indent=1)
    except RecursionError:
        raise SaveError("the server's answer is no save: it nests too deeply to be one") from None
    game = loads(text)
    if game.replay_error:
        raise SaveError(f"the server's game does not replay here: {game.replay_error}")
    if path is not None:
        write_atomically(path, text)
    return game


def join(invite: str, timeout: float = 15.0, tap=None) -> "RemoteGame":
    """Sit at the seat of an invite (``table.invites[name]``, a URL with the seat's secret token).
    ``tap(direction, text)`` sees every raw message ("in" or "out"), for tests and curiosity."""
    if not isinstance(invite, str) or "/seat/" not in invite:
        raise ValueError(f"an invite is the URL a table's creator sent you (…/seat/<token>), not {invite!r:.80}")
    base, token = invite.rsplit("/seat/", 1)
    base = _base(base)
    token = token.split("?")[0].split("#")[0]
    return RemoteGame(f"{_ws(base)}/ws/seat/{_quote(token)}", base, timeout=timeout, tap=tap)


def watch(url: str, table_id: str, timeout: float = 15.0, tap=None) -> "RemoteGame":
    """Watch a table: a read-only view with no hand shown."""
    base = _base(url)
    return RemoteGame(f"{_ws(base)}/ws/watch/{_quote(str(table_id))}", base, timeout=timeout, tap=tap)


class RemoteGame:
    """One seat of a table on a server (or a spectator's view, ``me`` None), read and played like
    a ``Game``. It keeps the table up to date in a background thread; ``wait()`` blocks until the
    next change, ``observe(callback)`` calls back after each (in a notebook, on the kernel's
    event loop, so the board repaints safely); ``link`` is the connection's state and
    ``observe_link(callback)`` calls back when it changes.

    A message from the server that cannot be read is taken whole or not at all: the seat says so
    (``link.problem``), drops the connection and is sent the table afresh on the next one."""

    #: None: ``apply`` waits for the server (up to its timeout). A number (a board sets it): ``apply``
    #: waits at most that long for the answer; then, or at once when the connection is down, the
    #: intent is kept and sent when the server answers, and ``apply`` raises ``Queued``
    queue_after: float | None = None

    def __init__(self, ws_url: str, base: str, timeout: float = 15.0, tap=None) -> None:
        self._ws_url, self.url = ws_url, base
        self._tap = tap
        self._cond = threading.Condition()
        self._listeners: list = []
        self._link_listeners: list = []
        self._ids = itertools.count(1)
        self._answers: dict = {}  # message id -> the server's answer
        self._conn = None
        self._live = False  # the connection is up and its welcome was read
        self._send_lock = threading.Lock()
        self._closed = False
        self._fatal: str | None = None
        self._connections = 0  # how many times the connection was made (1 + reconnections)
        self._changes = 0  # changes of the table (``wait``)
        self._ticks = 0  # changes of the table or of the link (``wait_for``)
        self._version = 0  # changes of the table, as its listeners are told of them
        self._heard: dict = {}  # listener -> the version it was last told of
        self._quiet: set = set()  # update seqs whose observers apply() calls itself
        self._welcomed = False
        self._welcomes = 0  # welcomes received: one per connection made
        self._unread = 0  # messages that could not be read
        self._link = Link(False, time.time())
        self._sending = None  # the intent text apply() is sending
        self._shadow = None
        self._bad_view: str | None = None  # why the view as updated cannot be read, until the next
        self.table_id = None
        self.me = None
        self.notice: str | None = None  # the server's last refusal of no request in particular (a flood)
        self._thread = threading.Thread(target=self._run, name="stationmaster-remote", daemon=True)
        self._thread.start()
        with self._cond:
            if not self._cond.wait_for(lambda: self._welcomed or self._fatal, timeout):
                self.close()
                raise ServerError(f"no answer from the Station Master server at {base} within {timeout:g} s")
        if self._fatal and not self._welcomed:
            self.close()
            raise ServerError(self._fatal)

    # ------------------------------------------------------------------ the connection

    def _run(self) -> None:
        ws_sync = _need("websockets.sync.client").sync.client
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        backoff = 0.05
        while not self._closed:
            code = None
            try:
                with ws_sync.connect(self._ws_url, max_size=None, open_timeout=5, ping_interval=20,
                                     close_timeout=1) as conn:
                    with self._cond:
                        self._conn = conn
                        self._connections += 1
                    for raw in conn:
                        if self._tap is not None:
                            self._tap("in", raw)
                        if not self._take(raw):
                            conn.close()  # the next connection brings the table afresh
                            break
                        if self._live:
                            backoff = 0.05
                    code = conn.close_code
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as e:
                code = getattr(getattr(e, "rcvd", None), "code", None)
            except Exception as e:  # never a reader gone while the seat looks connected: said, and again
                self._set_link(problem=f"The seat's connection failed ({type(e).__name__}: {str(e)[:200]}); "
                                       "it connects again.")
            with self._cond:
                self._conn = None
                self._live = False
                if code == NOT_FOUND_CODE and self._fatal is None:
                    self._fatal = "no such table or invitation"
                self._cond.notify_all()
            self._set_link(connected=False)
            if self._fatal or self._closed:
                return
            time.sleep(backoff)
            backoff = min(2.0, backoff * 2)

    def _take(self, raw) -> bool:
        """Read one message and apply it whole; False (the connection is then dropped) when it
        cannot be read: the seat says so and keeps the table as it was until it is sent afresh."""
        try:
            kind, fields = self._read(raw)
        except Unreadable as e:
            if self._cannot_read("welcome" if not self._live else "message", str(e))[1]:
                self._tell_link()
            return False
        self._apply_message(kind, fields)
        return True

    def _cannot_read(self, what: str, reason: str) -> tuple:
        """Something the server sent cannot be read: ``(problem, whether the link changed)``;
        the caller drops the connection, and the next brings the table afresh."""
        problem = f"the server sent a {what} this seat cannot read ({reason})"
        with self._cond:
            self._unread += 1
            if not self._welcomed:  # join() says so at once
                self._fatal = f"{problem}: is it a Station Master server of this version?"
            self._cond.notify_all()
            problem = problem[0].upper() + problem[1:] + "; the table is read afresh from the server."
            return problem, self._change_link(problem=problem)

    def _read(self, raw) -> tuple:
        """``(kind, fields)``: a message decoded and checked whole before anything changes, or
        ``Unreadable`` saying why not."""
        if not isinstance(raw, str):
            raise Unreadable("a binary frame, where JSON text was due")
        try:
            msg = json.loads(raw)
            kind = msg.get("type") if isinstance(msg, dict) else None
            if kind == "welcome":
                return kind, self._read_welcome(msg)
            if kind == "update":
                return kind, self._read_update(msg)
            if kind == "seats":
                return kind, self._read_status(msg)
            if kind in ("refused", "pong", "done", "error"):
                reason = msg.get("reason")
                return kind, {"id": msg.get("id"), "reason": None if reason is None else str(reason), "msg": msg}
        except RecursionError:
            raise Unreadable("it nests too deeply") from None
        except Unreadable:
            raise
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:  # IllegalIntent is a ValueError
            raise Unreadable(f"{type(e).__name__}: {str(e)[:200]}") from None
        raise Unreadable("a JSON object with a known 'type' was due")

    def _read_welcome(self, msg: dict) -> dict:
        view = _checked_view(msg["view"])
        f = {"table_id": _text(msg["table"]), "me": msg["me"] if msg["me"] is None else _text(msg["me"]),
             "_players": tuple(_texts(msg["players"])), "_config": _config(msg["config"]),
             "_history": [parse(t) for t in _texts(msg["history"])],
             "_batches": [_events(b) for b in _list(msg["batches"])], **self._read_status(msg, view)}
        f["_state_obj"] = codec.decode(view)
        if f["_seq"] != len(f["_history"]) or len(f["_batches"]) != len(f["_history"]) + 1:
            raise Unreadable(f"its history ({len(f['_history'])} intents) and its sequence number "
                             f"({f['_seq']}) disagree")
        return f

    def _read_update(self, msg: dict) -> dict:
        if not self._welcomed:
            raise Unreadable("an update came before the welcome")
        delta = msg.get("delta")
        if delta is None:
            view = _checked_view(msg["view"])
        else:  # the fields of the view the intent changed: each decoded now, the whole when read
            if not isinstance(delta, dict) or set(delta) - _STATE_FIELDS:
                raise Unreadable("its change of the table names no field of a table")
            for v in delta.values():
                codec.decode(v)
            view = {**self._view, "f": {**self._view["f"], **delta}}
        f = {"intent": parse(_text(msg["intent"])), "batch": _events(msg["events"]), "ack": msg.get("ack"),
             **self._read_status(msg, view)}
        return f

    def _read_status(self, msg: dict, view=None) -> dict:
        if view is None:
            view = _checked_view(msg["view"])
        seq = msg["seq"]
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise Unreadable(f"its sequence number is {str(seq)[:20]!r}")
        outcome = codec.decode(msg["outcome"])
        revenue, bots = msg["revenue"], msg["bots"]
        if not isinstance(revenue, dict) or not isinstance(bots, dict):
            raise Unreadable("its revenue or bots are not tables")
        actor, legal = msg["actor"], tuple(_texts(msg["legal"]))
        return {"_seq": seq, "_view": view, "_state_obj": None, "_actor": actor if actor is None else _text(actor),
                "_decision": _text(msg["decision"]), "_legal_text": legal,
                "_legal": LegalIntents(tuple(parse(t) for t in legal)),
                "_revenue": dict(revenue), "_outcome": outcome, "seat_bots": dict(bots), "_shadow": None,
                "_bad_view": None}

    def _apply_message(self, kind: str, f: dict) -> None:
        """Change the table by a message read whole (``_read``), and tell who waits or listens."""
        changed = notify = False
        with self._cond:
            if kind == "welcome":  # the table as the server has it: on every connection
                changed = notify = not self._welcomed or self._table_key() != (
                    [str(i) for i in f["_history"]], f["_view"], f["seat_bots"], f["_legal_text"])
                self.__dict__.update(f)
                self._welcomes += 1
                self._welcomed = self._live = True
            elif kind == "update":
                if f["_seq"] != len(self._history) + 1:  # cannot happen on one connection: start afresh
                    self._conn.close()
                    return
                self._history.append(f.pop("intent"))
                self._batches.append(f.pop("batch"))
                ack = f.pop("ack")
                self.__dict__.update(f)
                changed, notify = True, f["_seq"] not in self._quiet
                if ack is not None:
                    self._answers[ack] = {"type": "update", "ack": ack}
            elif kind == "seats":
                self.__dict__.update(f)
                changed = notify = True
            elif kind == "error":
                self._fatal = f["reason"] or "the server closed the connection"
            elif f["id"] is not None:
                self._answers[f["id"]] = f["msg"]
            else:
                self.notice = f["reason"]
            self._version += changed
            self._changes += changed
            self._ticks += changed
            self._cond.notify_all()
        if kind == "welcome":
            self._set_link(connected=True)
        if notify:
            self._notify()

    def _table_key(self) -> tuple:
        return [str(i) for i in self._history], self._view, self.seat_bots, self._legal_text

    # ------------------------------------------------------------------ the connection's state

    @property
    def link(self) -> Link:
        """The connection as a board shows it: up or not since when, the intent on its way, the last
        problem (``Link``)."""
        return self._link

    def _set_link(self, **changes) -> None:
        if self._change_link(**changes):
            self._tell_link()

    def _change_link(self, **changes) -> bool:
        """Change the link (``Link``'s fields); whether it changed. Its listeners are told by
        ``_tell_link``, outside the lock."""
        with self._cond:
            old = self._link
            if changes.get("connected", old.connected) != old.connected:
                changes["since"] = time.time()
            if changes.get("problem"):
                changes["problem_at"] = time.time()
            new = dataclasses.replace(old, **changes)
            if new == old:
                return False
            self._link = new
            self._ticks += 1
            self._cond.notify_all()
            return True

    def _tell_link(self) -> None:
        for cb, loop in list(self._link_listeners):
            self._call_on(loop, self._call, cb)

    def observe_link(self, callback) -> None:
        """Call ``callback(game)`` when the connection's state (``link``) changes; registered from a
        notebook cell, on the kernel's event loop."""
        self._link_listeners.append((callback, _running_loop()))

    def unobserve_link(self, callback) -> None:
        self._link_listeners = [(cb, lp) for cb, lp in self._link_listeners if cb != callback]

    def _send(self, msg: dict) -> None:
        text = json.dumps(msg)
        with self._send_lock:
            conn = self._conn
            if conn is None:
                raise ConnectionError("not connected")
            if self._tap is not None:
                self._tap("out", text)
            conn.send(text)

    def _request(self, msg: dict, timeout: float | None) -> dict:
        """Send ``msg`` once the connection is up; the server's answer, or None when the
        connection went down first (or ``timeout`` passed)."""
        mid = next(self._ids)
        msg = {**msg, "id": mid}
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            self._cond.wait_for(lambda: self._live or self._fatal or self._closed, timeout)
        if self._closed:
            return None
        self._send(msg)
        with self._cond:
            self._cond.wait_for(lambda: mid in self._answers or self._conn is None or self._fatal or self._closed,
                                _left(deadline))
            return self._answers.pop(mid, None)

    @property
    def connected(self) -> bool:
        """Whether the connection to the server is up now, the table as the server has it (it
        comes back by itself)."""
        return self._conn is not None and self._live and not self._closed

    @property
    def connections(self) -> int:
        """How many times the connection was made: 1, plus one per reconnection."""
        return self._connections

    def close(self) -> None:
        """Leave the table (the seat stays yours: ``join`` the invite again to come back)."""
        with self._cond:
            self._closed = True
            conn = self._conn
            self._cond.notify_all()
        if conn is not None:
            conn.close()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the game changed (another seat acted, a bot took a seat...); False on timeout."""
        return self._wait("_changes", timeout)

    def _wait(self, counter: str, timeout: float | None) -> bool:
        with self._cond:
            n = getattr(self, counter)
            return self._cond.wait_for(lambda: getattr(self, counter) != n or self._fatal, timeout) \
                and not self._fatal

    def wait_for(self, predicate, timeout: float | None = None) -> bool:
        """Block until ``predicate(game)`` holds (checked after each change of the table or of the
        connection); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not predicate(self):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            self._wait("_ticks", left)
            if self._fatal:
                raise ServerError(self._fatal)
        return True

    # ------------------------------------------------------------------ playing

    def apply(self, intent, timeout: float = 30.0) -> list:
        """Send one intent of this seat; returns its events once the server has stored it.
        Raises ``IllegalIntent`` with the server's reason when refused (stale, not your turn,
        illegal). A connection lost meanwhile is waited out: the intent is sent again only if the
        server does not have it. With ``queue_after`` set (a board's seat), it waits no longer
        than that: the intent is then sent in the background and ``Queued`` is raised."""
        if self.me is None:
            raise IllegalIntent("a spectator watches: join with a seat's invite to play")
        text = str(parse(intent))
        with self._cond:
            if self._sending is not None:
                raise IllegalIntent("your last decision is still on its way to the server: wait for its answer "
                                    "before the next" + ("" if self.connected else " (the connection is down)"))
            self._sending = text
            unread = self._unread
            seq = len(self._history)
            # only the seat that must decide can make intent ``seq``: if that is this seat, an
            # intent ``seq`` with this text found after a lost connection can only be this one
            mine = self._actor == self.me
            if mine:  # its update is this call's to announce (others' updates announce themselves)
                self._quiet.add(seq + 1)
        if self.queue_after is None:
            return self._finish(lambda: self._deliver(text, seq, mine, timeout), unread)
        return self._apply_or_queue(text, seq, mine, unread)

    def _apply_or_queue(self, text: str, seq: int, mine: bool, unread: int) -> list:
        """Send in the background; wait for the answer only while the connection is up and at most
        ``queue_after`` seconds, else leave it on its way and raise ``Queued``."""
        job = {"done": False, "left": False}

        def deliver():
            try:
                job["events"] = self._deliver(text, seq, mine, None)  # for as long as it takes
            except Exception as e:
                job["error"] = e
            with self._cond:
                job["done"] = True
                self._cond.notify_all()
                left = job["left"]
            if left:  # nobody waits for it: tell the board as another seat's move would
                try:
                    self._finish(lambda: _result(job), unread, direct=False)
                except Exception:  # noqa: S110 - said by the link's problem, the caller is gone
                    pass

        threading.Thread(target=deliver, name="stationmaster-remote-send", daemon=True).start()
        with self._cond:
            try:
                self._cond.wait_for(lambda: job["done"] or not self.connected, self.queue_after)
            finally:  # (an interrupted wait leaves it on its way too)
                job["left"] = not job["done"]
                # pending from here, in the lock the sender's end reads ``left`` in: it clears it after
                told = job["left"] and self._change_link(pending=text)
            since = self._link.since
        if not job["left"]:
            return self._finish(lambda: _result(job), unread)
        if told:
            self._tell_link()
        clock = time.strftime("%H:%M:%S", time.localtime(since))
        down = "" if self.connected else f" (the connection is down since {clock})"
        raise Queued(f"The server has not answered yet{down}: your decision is queued and is sent, once, when it does")

    def _finish(self, deliver, unread: int, direct: bool = True) -> list:
        """Run ``deliver`` (the sending), then say what came of it: the pending intent is no more,
        a refusal of a queued intent is the link's problem, a message that could not be read
        meanwhile (``unread``: how many before) is warned of, the listeners hear of the change."""
        try:
            events = deliver()
        except BaseException as e:
            with self._cond:
                self._sending = None
            problem = None
            if not direct:  # a queued intent: the caller is gone, the board says why
                problem = f"Your queued decision was not taken: {e}"
            self._set_link(pending=None, **({"problem": problem} if problem else {}))
            raise
        with self._cond:
            self._sending = None
            troubled = self._unread > unread
        self._notify(direct=direct)  # first: once the link says nothing is pending, the board has been told
        if troubled:  # a message of this intent's could not be read: the intent went through all the same
            self._set_link(pending=None)
            if direct:
                warnings.warn(f"{self._link.problem} Your decision was taken all the same.", RuntimeWarning,
                              stacklevel=3)
        else:
            self._set_link(pending=None, problem=None, problem_at=None)
        return events

    def _deliver(self, text: str, seq: int, mine: bool, timeout: float | None) -> list:
        """Send intent ``seq`` until the server has it (once: the sequence number keeps a resend
        from counting twice), for ``timeout`` seconds at most (None: as long as it takes); its events."""
        deadline = None if timeout is None else time.monotonic() + timeout
        done = False
        try:
            while True:
                left = _left(deadline)
                if left is not None and left <= 0:
                    raise ServerError(f"the server did not answer {text!r} within {timeout:g} s")
                if self._closed:
                    raise ServerError("the seat was closed before the server answered")
                with self._cond:
                    if len(self._history) > seq:  # it went through (answered on a lost connection)
                        if str(self._history[seq]) == text and mine:
                            events = list(self._batches[seq + 1])
                            break
                        raise IllegalIntent(f"stale: the game moved on (intent {seq}) before {text!r} was taken")
                    welcomes = self._welcomes
                try:
                    answer = self._request({"type": "intent", "seq": seq, "intent": text}, left)
                except ConnectionError:
                    answer = None
                if answer is None:  # the connection was lost: wait for the table as the server has it now
                    with self._cond:
                        unread = self._unread
                        self._cond.wait_for(lambda: self._welcomes > welcomes or self._fatal or self._closed
                                            or self._unread > unread, _left(deadline))
                        if self._unread > unread and self._welcomes == welcomes:
                            raise ServerError(self._link.problem or "the server's answer could not be read")
                    if self._fatal:
                        raise ServerError(self._fatal)
                    continue
                if answer["type"] == "refused":
                    reason = answer.get("reason") or "refused"
                    raise IllegalIntent(reason[0].upper() + reason[1:])
                with self._cond:
                    events = list(self._batches[seq + 1])
                break
            done = True
        finally:
            with self._cond:
                self._quiet.discard(seq + 1)
                missed = not done and len(self._history) > seq  # an update held back for this call
            if missed:
                self._notify()
        return events

    def hand_to_bot(self, bot: str | None = "planner", timeout: float = 15.0) -> None:
        """Let the server's ``bot`` play this seat while you are away; ``take_back()`` returns it."""
        if self.me is None:
            raise IllegalIntent("a spectator has no seat to hand over")
        answer = self._request({"type": "bot", "bot": bot}, timeout)
        if answer is None:
            raise ServerError("the server did not answer")
        if answer["type"] == "refused":
            raise IllegalIntent(answer["reason"])
        self.wait_for(lambda g: g.seat_bots.get(self.me) == bot, timeout)

    def set_webhook(self, url: str | None, timeout: float = 15.0) -> None:
        """Have the server POST to ``url`` (JSON: ``event``, ``table``, ``seat``, ``seq``,
        ``decision``, ``text``) whenever this seat's turn comes, for a slow game over days; None
        stops it. The message names the table, never your invite."""
        if self.me is None:
            raise IllegalIntent("a spectator has no turn to be told of")
        answer = self._request({"type": "webhook", "url": url}, timeout)
        if answer is None:
            raise ServerError("the server did not answer")
        if answer["type"] == "refused":
            raise IllegalIntent(answer["reason"][0].upper() + answer["reason"][1:])

    def take_back(self, timeout: float = 15.0) -> None:
        """Play this seat yourself again (after ``hand_to_bot``)."""
        self.hand_to_bot(None, timeout)

    def ping(self, timeout: float = 10.0) -> float:
        """Seconds for a round trip to the server."""
        t = time.perf_counter()
        if self._request({"type": "ping"}, timeout) is None:
            raise ServerError("the server did not answer")
        return time.perf_counter() - t

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> tuple:
        return self._players

    @property
    def config(self):
        return self._config

    @property
    def seed(self):
        """Not known at a seat: the seed would show every hidden card (None)."""
        return None

    @property
    def state(self):
        """This seat's view of the table: the other hands and the Home Office are ``"?"`` cards.
        (An update's change of it is checked field by field when it comes, the whole when read:
        should the whole not read, this says so and the table is read afresh.)"""
        with self._cond:
            if self._state_obj is not None:
                return self._state_obj
            if self._bad_view:
                raise ServerError(self._bad_view)
            try:
                self._state_obj = codec.decode(self._view)
                return self._state_obj
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as e:
                self._bad_view, told = self._cannot_read("table", f"{type(e).__name__}: {str(e)[:200]}")
                if self._conn is not None:
                    self._conn.close()
        if told:
            self._tell_link()
        raise ServerError(self._bad_view)

    _state = state

    @property
    def seq(self) -> int:
        """The number of intents the game has accepted (what an intent is made against)."""
        return self._seq

    day = property(lambda self: self._state.day)
    stage = property(lambda self: self._state.stage)
    phase = property(lambda self: self._state.phase)

    @property
    def actor(self) -> str | None:
        return self._actor

    @property
    def decision(self) -> str:
        return self._decision

    @property
    def revenue(self) -> dict:
        return dict(self._revenue)

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self):
        return self._outcome

    @property
    def history(self) -> tuple:
        return tuple(self._history)

    @property
    def event_batches(self) -> list:
        return [list(b) for b in self._batches]

    @property
    def events(self) -> list:
        return [e for b in self._batches for e in b]

    @property
    def last_events(self) -> list:
        return list(self._batches[-1])

    @property
    def bots(self) -> dict:
        """Empty: the server plays its bots; this seat's board plays none (see ``seat_bots``)."""
        return {}

    @property
    def humans(self) -> tuple:
        """The seat played here (the board shows its hand); none for a spectator."""
        return () if self.me is None or self.me in self.seat_bots else (self.me,)

    replay_error = None

    @property
    def legal(self) -> LegalIntents:
        """What this seat may do now (empty when another seat must decide)."""
        return self._legal

    def legal_intents(self) -> list:
        return list(self.legal)

    def why_not(self, intent) -> str | None:
        """None if this seat may apply the intent now, else why not (the server has the last word)."""
        try:
            it = parse(intent)
        except IllegalIntent as e:
            return str(e)
        if it in self.legal:
            return None
        if self.me is None:
            return "A spectator watches: join with a seat's invite to play"
        if self.is_over:
            return f"The game is over: {self._outcome.reason}"
        if self.me in self.seat_bots:
            return f"Your seat is played by the {self.seat_bots[self.me]} bot now: take it back first"
        if self._actor != self.me:
            return f"It is {self._actor}'s turn to decide ({self._decision}), not yours"
        try:
            reason = self.copy().why_not(it)
        except Exception:
            reason = None
        return reason or "That is not one of your legal moves now"

    def parse(self, text):
        return parse(text)

    def copy(self, determinize=None, seed: int = 0):
        """A local ``Game`` on this seat's view, for trying things out (the hidden cards stay
        ``"?"``; it knows nothing more than the seat does)."""
        if self._shadow is None:
            self._state  # noqa: B018 - the view reads (else ServerError says why, and it is read afresh)
            self._shadow = Game.from_view(self._config, codec.decode(self._view))  # a fresh copy of the view
        return self._shadow.copy()

    # ------------------------------------------------------------------ no undo at a shared table

    def can_undo(self) -> str | None:
        return "at a table across browsers every decision stands: there is no undo"

    def undo(self):
        raise IllegalIntent("At a table across browsers every decision stands: there is no undo")

    def can_redo(self) -> str | None:
        return "there is nothing to redo"

    redo_next = None

    def redo(self):
        raise IllegalIntent("There is nothing to redo")

    # ------------------------------------------------------------------ saves

    def can_save(self) -> str | None:
        if not self.is_over:
            return ("the save holds the seed, which shows every hidden card: the server gives it once the "
                    "game is over (the table's host can export it before)")
        return None

    def to_json(self) -> dict:
        reason = self.can_save()
        if reason:
            raise SaveError(reason[0].upper() + reason[1:])
        try:
            return export(self.url, self.table_id).to_json()
        except ServerError as e:  # a board's Save says why, as for any save that cannot be made
            raise SaveError(f"The save comes from the server, which cannot give it now: {e}") from None

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path) -> None:
        from .saves import write_atomically
        write_atomically(path, self.dumps())

    # ------------------------------------------------------------------ listeners and display

    def observe(self, callback) -> None:
        """Call ``callback(game)`` after every change. Registered from a notebook cell, it is
        called on the kernel's event loop (widgets are updated there)."""
        self._listeners.append((callback, _running_loop()))

    def unobserve(self, callback) -> None:
        self._listeners = [(cb, lp) for cb, lp in self._listeners if cb != callback]
        self._heard.pop(callback, None)

    def _notify(self, direct: bool = False) -> None:
        for cb, loop in list(self._listeners):
            self._call_on(None if direct else loop, self._tell, cb)

    def _tell(self, cb) -> None:
        """Call a game listener, once per change of the table (a welcome that brings an intent
        and the answer to the apply that sent it are one change)."""
        version = self._version
        if self._heard.get(cb) != version:
            self._heard[cb] = version
            self._call(cb)

    @staticmethod
    def _call_on(loop, call, cb) -> None:
        """``call(cb)`` on ``loop`` (the kernel's, where widgets are updated) if it runs, else now."""
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(call, cb)
        else:
            call(cb)

    def _call(self, cb) -> None:
        try:
            cb(self)
        except Exception as e:
            warnings.warn(f"a game listener failed: {type(e).__name__}: {e}", RuntimeWarning, stacklevel=2)

    def describe(self) -> str:
        from .view.text import describe
        return describe(self._state)

    def _repr_svg_(self) -> str:
        from .view.scene import build_scene
        from .view.svg import to_svg
        viewer = self._players.index(self.me) if self.me in self._players else None
        return to_svg(build_scene(self._state, viewer=viewer))

    def __repr__(self) -> str:
        who = f"seat {self.me}" if self.me else "spectator"
        where = f"table {self.table_id} at {self.url}"
        if self.is_over:
            now = f"over: {self._outcome.reason}"
        else:
            now = f"Day {self.day} Stage {self.stage} {self.phase}, {self._actor} to act"
        link = "" if self.connected else "; reconnecting"
        return f"<RemoteGame {who}, {where}; {now}; intent {self._seq}{link}>"
