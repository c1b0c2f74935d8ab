"""Helpers for the tests of the game server and its client (tests/server/)."""

from __future__ import annotations

import random
import re
import sqlite3
import time

import stationmaster as sm
from stationmaster.server.views import HIDDEN


def play_some(games, n: int, seed: int = 1, timeout: float = 20.0) -> list:
    """Let the seats in ``games`` play ``n`` random legal intents between them (waiting for the
    server's bots when a bot must decide); returns ``[(seat, intent text, seq), ...]`` acknowledged."""
    rnd = random.Random(seed)
    done = []
    watcher = games[0]
    while len(done) < n and not watcher.is_over:
        moved = False
        for g in games:
            if g.actor == g.me and g.legal and not g.is_over:
                it = rnd.choice(sorted(g.legal_intents(), key=str))
                seq = g.seq
                g.apply(it)
                done.append((g.me, str(it), seq))
                moved = True
                break
        if not moved:  # a seat's news may lag the watcher's: look at every seat again soon
            deadline = time.monotonic() + timeout
            while not any(g.actor == g.me and g.legal for g in games) and not watcher.is_over:
                assert time.monotonic() < deadline, f"nothing happened for {timeout} s: {games!r}"
                watcher.wait(0.05)
    return done


def stored_intents(db: str, table_id: str) -> list:
    """The intents the server's database holds for a table (read with a connection of our own)."""
    con = sqlite3.connect(db)
    try:
        return [r[0] for r in con.execute("SELECT text FROM intents WHERE table_id = ? ORDER BY n", (table_id,))]
    finally:
        con.close()


def secrets_by_seq(game) -> list:
    """For the true game (an export), at each sequence number k: ``{player: cards}`` of the cards
    in that player's hand that were never anywhere public up to k, and ``"home"``: the Home Office
    then (Red Flags, public in hand, left out)."""
    replay = sm.new_game(seed=game.seed, **{k: v for k, v in game.config.to_json().items()}, bots=game.bots)
    public: set = set()
    out = []

    def look(s):
        private = set(s.home) | set(s.situations)
        for p in s.players:
            private |= set(p.hand)
        public.update(c for c in s.deck if c not in private)
        row = {p.name: {c for c in p.hand if c not in public and not c.startswith("RedFlag")} for p in s.players}
        row["home"] = set(s.home)
        out.append(row)

    look(replay.state)
    for it in game.history:
        replay.apply(it)
        look(replay.state)
    return out


def leaks(messages, secrets: list, viewer: str | None) -> list:
    """``(seq, card)`` for every card id in the raw ``messages`` (text) that ``viewer`` (None: a
    spectator) must not see at that message's sequence number: another seat's secret card or a
    Home Office card, found anywhere (a JSON string, or a word inside an event's sentence). A
    message that names no sequence number is checked against every state."""
    import json
    found = []
    for raw in messages:
        try:
            seq = json.loads(raw).get("seq")
        except (ValueError, AttributeError):
            seq = None
        seqs = [seq] if isinstance(seq, int) and seq < len(secrets) else range(len(secrets))
        for k in seqs:
            row = secrets[k]
            banned = set(row["home"])
            for name, cards in row.items():
                if name not in ("home", viewer):
                    banned |= cards
            found += [(k, c) for c in banned if re.search(rf"(?<![A-Za-z0-9]){re.escape(c)}(?![A-Za-z0-9])", raw)]
    return found


def hidden_count(state, viewer: str) -> int:
    """How many cards of the other seats' hands and the Home Office a view shows as hidden."""
    return sum(p.hand.count(HIDDEN) for p in state.players if p.name != viewer) + state.home.count(HIDDEN)


# ---------------------------------------------------------------------- servers that misbehave

class Relay:
    """A WebSocket relay between seats and a real server (``target``, its http:// URL), for
    servers that misbehave: ``rewrite(text)`` sees every message the server sends and returns what
    the seat gets instead (None: nothing). ``invite(url)`` is an invite through the relay; the
    real server's HTTP is not relayed. ``close()`` stops it."""

    def __init__(self, target: str, rewrite=None) -> None:
        import threading
        from websockets.sync.server import serve

        self.target = target.replace("http", "ws", 1)
        self.rewrite = rewrite or (lambda text: text)
        self.server = serve(self._handle, "127.0.0.1", 0, max_size=None)
        self.url = f"http://127.0.0.1:{self.server.socket.getsockname()[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def invite(self, invite: str) -> str:
        return f"{self.url}/seat/{invite.rsplit('/seat/', 1)[1]}"

    def _handle(self, seat) -> None:
        import threading
        import websockets.sync.client as wsc
        from websockets.exceptions import ConnectionClosed

        try:
            upstream = wsc.connect(self.target + seat.request.path, max_size=None, open_timeout=5)
        except OSError:
            return  # the real server is down: the seat sees the connection closed
        with upstream:
            def forward():
                try:
                    for m in seat:
                        upstream.send(m)
                except ConnectionClosed:
                    pass
                finally:
                    upstream.close()

            threading.Thread(target=forward, daemon=True).start()
            try:
                for m in upstream:
                    out = self.rewrite(m)
                    if out is not None:
                        seat.send(out)
            except ConnectionClosed:
                pass

    def close(self) -> None:
        self.server.shutdown()


class Speaker:
    """A fake game server: every WebSocket it accepts is sent ``messages`` (text or bytes) and
    then held open until the seat leaves. ``url``; ``close()`` stops it."""

    def __init__(self, *messages) -> None:
        import threading
        from websockets.sync.server import serve

        self.messages = messages
        self.server = serve(self._handle, "127.0.0.1", 0, max_size=None)
        self.url = f"http://127.0.0.1:{self.server.socket.getsockname()[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _handle(self, seat) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for m in self.messages:
                seat.send(m)
            for _ in seat:
                pass
        except ConnectionClosed:
            pass

    def close(self) -> None:
        self.server.shutdown()


class Answerer:
    """A fake game server's HTTP side: every GET and POST is answered ``body`` (bytes, JSON
    type) with ``status``. ``url``; ``close()`` stops it."""

    def __init__(self, body: bytes, status: int = 200) -> None:
        import http.server
        import threading

        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = answer

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
