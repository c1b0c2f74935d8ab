"""Play a table across browsers: a seat of a game held by a ``stationmaster serve`` server.

>>> from stationmaster import remote
>>> table = remote.create("http://127.0.0.1:8765", players=["Ann", "Bo", "Cy"],
...                       mode="competitive", bots={"Cy": "planner"})      # doctest: +SKIP
>>> table.invites["Bo"]          # send it to Bo: it is his seat, and only his   # doctest: +SKIP
'http://127.0.0.1:8765/seat/…'
>>> game = remote.join(table.invites["Ann"])                              # doctest: +SKIP
>>> game.apply("draw home")                                               # doctest: +SKIP
>>> sm.play(remote=game)         # the ordinary board, live                # doctest: +SKIP

A remote game reads and plays like a ``Game`` for one seat: ``apply``, ``legal_intents``,
``why_not``, ``actor``, ``state`` (this seat's view: the other hands and the Home Office are
``"?"``), ``revenue``, ``is_over``, ``outcome``, ``history``, ``events``; plus ``me`` and
``wait``. The server decides: ``apply`` returns once the server has written the intent to its
database, and raises ``IllegalIntent`` with the server's reason when it refuses it. The
connection comes back by itself when the server restarts. Needs the ``serve`` extra
(``pip install "stationmaster[serve]"``: httpx and websockets). The protocol and the security
model are in docs/remote.md.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from urllib.parse import quote as _quote, urlsplit

from .errors import IllegalIntent, SaveError
from .game import LegalIntents
from .intents import parse
from .server import codec
from .start import new_game

__all__ = ["RemoteGame", "RemoteTable", "ServerError", "create", "export", "join", "watch"]

#: the close code (and answer) for a table or invitation the server does not know
NOT_FOUND_CODE = 4404
#: (server URL, table id) -> host key, for the tables this process created: their creator may
#: export them before the end without naming the key (``export``)
_HOST_KEYS: dict = {}


class ServerError(ConnectionError):
    """The server could not be reached, or refused a request; the message says why."""


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
    except ValueError:
        raise ServerError(f"{url} did not answer as a Station Master server (HTTP {r.status_code})") from None
    if r.status_code >= 400:
        raise ServerError(data.get("error", f"HTTP {r.status_code}") if isinstance(data, dict) else str(data))
    return data


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
    text = json.dumps(data, indent=1)
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
    event loop, so the board repaints safely)."""

    def __init__(self, ws_url: str, base: str, timeout: float = 15.0, tap=None) -> None:
        self._ws_url, self.url = ws_url, base
        self._tap = tap
        self._cond = threading.Condition()
        self._listeners: list = []
        self._ids = itertools.count(1)
        self._answers: dict = {}  # message id -> the server's answer
        self._conn = None
        self._send_lock = threading.Lock()
        self._closed = False
        self._fatal: str | None = None
        self._connections = 0  # how many times the connection was made (1 + reconnections)
        self._changes = 0
        self._quiet: set = set()  # update seqs whose observers apply() calls itself
        self._welcomed = False
        self._welcomes = 0  # welcomes received: one per connection made
        self._shadow = None
        self._legal = (None, None)
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
            try:
                with ws_sync.connect(self._ws_url, max_size=None, open_timeout=5, ping_interval=20,
                                     close_timeout=1) as conn:
                    with self._cond:
                        self._conn = conn
                        self._connections += 1
                    backoff = 0.05
                    for raw in conn:
                        if self._tap is not None:
                            self._tap("in", raw)
                        self._receive(json.loads(raw))
                    code = conn.close_code
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as e:
                code = getattr(getattr(e, "rcvd", None), "code", None)
            with self._cond:
                self._conn = None
                if code == NOT_FOUND_CODE and self._fatal is None:
                    self._fatal = "no such table or invitation"
                self._cond.notify_all()
            if self._fatal or self._closed:
                return
            time.sleep(backoff)
            backoff = min(2.0, backoff * 2)

    def _send(self, msg: dict) -> None:
        text = json.dumps(msg)
        with self._send_lock:
            conn = self._conn
            if conn is None:
                raise ConnectionError("not connected")
            if self._tap is not None:
                self._tap("out", text)
            conn.send(text)

    def _receive(self, msg: dict) -> None:
        kind = msg.get("type")
        notify = False
        with self._cond:
            if kind == "welcome":
                self.table_id, self.me = msg["table"], msg["me"]
                self._players = tuple(msg["players"])
                self._config = codec.decode(msg["config"])
                self._history = [parse(t) for t in msg["history"]]
                self._batches = [codec.decode(b) for b in msg["batches"]]
                self._status(msg)
                self._welcomes += 1
                self._welcomed = notify = True
            elif kind == "update":
                if msg["seq"] != len(self._history) + 1:  # cannot happen on one connection: start afresh
                    self._conn.close()
                    return
                self._history.append(parse(msg["intent"]))
                self._batches.append(codec.decode(msg["events"]))
                self._status(msg)
                notify = msg["seq"] not in self._quiet
                if "ack" in msg:
                    self._answers[msg["ack"]] = msg
            elif kind == "seats":
                self._status(msg)
                notify = True
            elif kind in ("refused", "pong", "done"):
                if msg.get("id") is not None:
                    self._answers[msg["id"]] = msg
                else:
                    self.notice = msg.get("reason")
            elif kind == "error":
                self._fatal = msg.get("reason", "the server closed the connection")
            self._changes += notify
            self._cond.notify_all()
        if notify:
            self._notify()

    def _status(self, msg: dict) -> None:
        self._seq = msg["seq"]
        if "delta" in msg:  # an update: the fields of the view the intent changed
            self._view = {**self._view, "f": {**self._view["f"], **msg["delta"]}}
        else:
            self._view = msg["view"]
        self._state_obj = None  # the view is decoded when first read (``state``)
        self._actor = msg["actor"]
        self._decision = msg["decision"]
        self._legal_text = tuple(msg["legal"])
        self._revenue = dict(msg["revenue"])
        self._outcome = codec.decode(msg["outcome"])
        self.seat_bots = dict(msg["bots"])
        self._shadow = None

    def _request(self, msg: dict, timeout: float) -> dict:
        mid = next(self._ids)
        msg = {**msg, "id": mid}
        deadline = time.monotonic() + timeout
        with self._cond:
            self._cond.wait_for(lambda: self._conn is not None or self._fatal, timeout)
        self._send(msg)
        with self._cond:
            self._cond.wait_for(lambda: mid in self._answers or self._conn is None or self._fatal,
                                max(0.0, deadline - time.monotonic()))
            return self._answers.pop(mid, None)

    @property
    def connected(self) -> bool:
        """Whether the connection to the server is up now (it comes back by itself)."""
        return self._conn is not None

    @property
    def connections(self) -> int:
        """How many times the connection was made: 1, plus one per reconnection."""
        return self._connections

    def close(self) -> None:
        """Leave the table (the seat stays yours: ``join`` the invite again to come back)."""
        self._closed = True
        conn = self._conn
        if conn is not None:
            conn.close()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the game changed (another seat acted, a bot took a seat...); False on timeout."""
        with self._cond:
            n = self._changes
            return self._cond.wait_for(lambda: self._changes != n or self._fatal, timeout) and not self._fatal

    def wait_for(self, predicate, timeout: float | None = None) -> bool:
        """Block until ``predicate(game)`` holds (checked after each change); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not predicate(self):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            self.wait(left)
            if self._fatal:
                raise ServerError(self._fatal)
        return True

    # ------------------------------------------------------------------ playing

    def apply(self, intent, timeout: float = 30.0) -> list:
        """Send one intent of this seat; returns its events once the server has stored it.
        Raises ``IllegalIntent`` with the server's reason when refused (stale, not your turn,
        illegal). A connection lost meanwhile is waited out: the intent is sent again only if the
        server does not have it."""
        if self.me is None:
            raise IllegalIntent("a spectator watches: join with a seat's invite to play")
        it = parse(intent)
        text = str(it)
        deadline = time.monotonic() + timeout
        with self._cond:
            seq = len(self._history)
            # only the seat that must decide can make intent ``seq``: if that is this seat, an
            # intent ``seq`` with this text found after a lost connection can only be this one
            mine = self._actor == self.me
            if mine:  # its update is this call's to announce (others' updates announce themselves)
                self._quiet.add(seq + 1)
        done = False
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ServerError(f"the server did not answer {text!r} within {timeout:g} s")
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
                        self._cond.wait_for(lambda: self._welcomes > welcomes or self._fatal,
                                            max(0.0, deadline - time.monotonic()))
                    if self._fatal:
                        raise ServerError(self._fatal)
                    continue
                if answer["type"] == "refused":
                    raise IllegalIntent(answer["reason"][0].upper() + answer["reason"][1:])
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
        self._notify(direct=True)
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
        """This seat's view of the table: the other hands and the Home Office are ``"?"`` cards."""
        with self._cond:
            if self._state_obj is None:
                self._state_obj = codec.decode(self._view)
            return self._state_obj

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
        key = (self._seq, self._legal_text)
        if self._legal[0] != key:
            self._legal = (key, LegalIntents(tuple(parse(t) for t in self._legal_text)))
        return self._legal[1]

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
            c = self._config
            g = new_game(seed=0, players=list(c.players), mode=c.mode, length=c.length, victory=c.victory,
                         starting_hand=c.starting_hand, revenue=c.revenue, optional_rules=c.optional_rules,
                         deck=c.deck, yard_refill=c.yard_refill, balance=c.balance)
            g.state.__dict__.update(codec.decode(self._view).__dict__)  # a fresh copy; as the builder does
            g.forget_legal()
            self._shadow = g
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
        return export(self.url, self.table_id).to_json()

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path) -> None:
        from .saves import write_atomically
        write_atomically(path, self.dumps())

    # ------------------------------------------------------------------ listeners and display

    def observe(self, callback) -> None:
        """Call ``callback(game)`` after every change. Registered from a notebook cell, it is
        called on the kernel's event loop (widgets are updated there)."""
        import asyncio
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        self._listeners.append((callback, loop))

    def unobserve(self, callback) -> None:
        self._listeners = [(cb, lp) for cb, lp in self._listeners if cb != callback]

    def _notify(self, direct: bool = False) -> None:
        for cb, loop in list(self._listeners):
            if loop is not None and not direct and loop.is_running():
                loop.call_soon_threadsafe(self._call, cb)
            else:
                self._call(cb)

    def _call(self, cb) -> None:
        try:
            cb(self)
        except Exception as e:
            import warnings
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
