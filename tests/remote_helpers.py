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
