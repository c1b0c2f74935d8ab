"""The server's database: tables, seats and every accepted intent, in SQLite (standard library).

What is stored (docs/remote.md): per table its id, the host key, the configuration and seed of
``new_game`` (as a save's fields), the bot pace; per seat its player name, its invite token,
the bot that plays it (if any) and its webhook (if any); and the accepted intents in order, as text. A table's game is
rebuilt from this by replaying the intents through the rules, exactly as a save is loaded.

``add_intent`` commits before it returns: the server acknowledges an intent only after that.
The database runs in WAL mode with ``synchronous=FULL`` by default (``sync="normal"`` trades
durability against power loss, never against a crash of the server process, for speed).

A store refuses a database it cannot trust: one that fails SQLite's quick check (a damaged page
would answer some tables with errors while new tables were written into it), and one another
store holds (two servers on one database would each serve a table the other moved on).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    host_key TEXT NOT NULL,
    save TEXT NOT NULL,          -- the save's fields without the intents: format, version, seed, config, bots
    pace REAL NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    bot TEXT,                    -- the bot the server plays this seat with, NULL for a person
    webhook TEXT,                -- a URL the server POSTs to when this seat must decide, or NULL
    PRIMARY KEY (table_id, name)
);
CREATE TABLE IF NOT EXISTS intents (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,          -- 0 for the first intent
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


class StoreError(ValueError):
    """The database cannot be opened or is not a Station Master one; says which and why."""


class TableLimit(Exception):
    """``add_table`` found the store holding its limit of tables already; nothing was written."""


#: the databases this process holds, by (device, inode): a second store here is refused without
#: opening the file again (closing a second descriptor would drop SQLite's own locks on it)
_HELD: dict = {}


def _hold(path: str):
    """Lock the database file for this store alone (an advisory lock SQLite's own locks ignore);
    returns the open descriptor, or None where the system has no ``flock``. StoreError if another
    store, in this process or another, holds it."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): one server per database is then the host's care
        return None
    busy = StoreError(f"another Station Master server is using {path}: stop it first, or give this one "
                      "another database file (--db)")
    try:
        if os.path.exists(path):
            st = os.stat(path)
            if (st.st_dev, st.st_ino) in _HELD:
                raise busy
        fd = os.open(path, os.O_RDONLY | os.O_CREAT, 0o644)
    except OSError as e:
        raise StoreError(f"cannot use {path} as the table database: {e.strerror or e}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)  # no SQLite connection of ours is open on the file yet: closing drops nothing
        raise busy from None
    st = os.fstat(fd)
    _HELD[(st.st_dev, st.st_ino)] = fd
    return fd


def _release(fd) -> None:
    if fd is not None:
        st = os.fstat(fd)
        _HELD.pop((st.st_dev, st.st_ino), None)
        os.close(fd)


class Store:
    """The tables of one server in one SQLite file (``":memory:"`` for a throwaway one)."""

    def __init__(self, path: str, sync: str = "full") -> None:
        if sync not in ("full", "normal"):
            raise ValueError(f"sync must be 'full' or 'normal', not {sync!r}")
        if not isinstance(path, str) or not path:  # "" would be a private temporary database per connection
            raise StoreError("the table database needs a file name (or ':memory:' for a throwaway one)")
        self.path = path
        self._lock = None if path == ":memory:" else _hold(path)
        try:
            self._open(path, sync)
            # reads have a connection of their own (WAL: they never wait for a write, and see only
            # what is committed); an in-memory database has one connection for both
            self.reader = self.db if path == ":memory:" else sqlite3.connect(path, check_same_thread=False)
        except BaseException:
            _release(self._lock)
            raise

    def _open(self, path: str, sync: str) -> None:
        self.db = None
        try:
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            found = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if found and not {"tables", "seats", "intents"} <= found:
                self.db.close()
                raise StoreError(f"{path} is a database of something else (it has no Station Master tables): "
                                 "give --db a new file, or one a Station Master server made")
            problems = [r[0] for r in self.db.execute("PRAGMA quick_check(1)")]
            if problems != ["ok"]:
                self.db.close()
                found = " ".join(problems[0].replace("*** in database main ***", "").split())[:80]
                raise StoreError(f"{path} is damaged (SQLite's check: {found}): restore it from a backup, "
                                 f"or start on a new --db file ('sqlite3 {path} .recover' may save its tables)")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={sync.upper()}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            if "webhook" not in [r[1] for r in self.db.execute("PRAGMA table_info(seats)")]:
                self.db.execute("ALTER TABLE seats ADD COLUMN webhook TEXT")  # a database made before webhooks
        except sqlite3.Error as e:
            if self.db is not None:
                with contextlib.suppress(sqlite3.Error):
                    self.db.close()
            raise StoreError(f"cannot use {path} as the table database: {e}") from None

    def close(self) -> None:
        """Close the database and let another server open it (closing twice does nothing more)."""
        if self.reader is not self.db:
            self.reader.close()
        self.db.close()
        _release(self._lock)  # after SQLite's connections: closing it before would drop their locks
        self._lock = None

    def _tx(self, statements, limit: int | None = None) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if limit is not None and self.db.execute("SELECT COUNT(*) FROM tables").fetchone()[0] >= limit:
                raise TableLimit(limit)
            for sql, args in statements:
                self.db.execute(sql, args)
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def add_table(self, table_id: str, host_key: str, save: dict, pace: float, created: float,
                  seats: dict, bots: dict, limit: int | None = None) -> None:
        """A new table: ``seats`` maps player name -> token, ``bots`` player name -> bot name.
        TableLimit if the store holds ``limit`` tables already (counted inside the write itself,
        so that creates at once never overshoot it)."""
        rows = [("INSERT INTO tables VALUES (?, ?, ?, ?, ?)", (table_id, host_key, json.dumps(save), pace, created))]
        rows += [("INSERT INTO seats (table_id, name, token, bot) VALUES (?, ?, ?, ?)",
                  (table_id, name, token, bots.get(name)))
                 for name, token in seats.items()]
        self._tx(rows, limit)

    def add_intent(self, table_id: str, n: int, text: str) -> None:
        """Record intent ``n`` of the table, committed when this returns (a second intent ``n``
        fails: the log never forks)."""
        self._tx([("INSERT INTO intents VALUES (?, ?, ?)", (table_id, n, text))])

    def set_bot(self, table_id: str, name: str, bot: str | None) -> None:
        self._tx([("UPDATE seats SET bot = ? WHERE table_id = ? AND name = ?", (bot, table_id, name))])

    def set_webhook(self, table_id: str, name: str, url: str | None) -> None:
        self._tx([("UPDATE seats SET webhook = ? WHERE table_id = ? AND name = ?", (url, table_id, name))])

    def webhooks(self, table_id: str) -> dict:
        """``{player name: webhook URL}`` of the seats that have one."""
        return {r[0]: r[1] for r in self.reader.execute(
            "SELECT name, webhook FROM seats WHERE table_id = ? AND webhook IS NOT NULL", (table_id,))}

    def count(self) -> int:
        return self.reader.execute("SELECT COUNT(*) FROM tables").fetchone()[0]

    def table_ids(self) -> list:
        return [r[0] for r in self.reader.execute("SELECT id FROM tables ORDER BY created")]

    def table(self, table_id: str):
        """``(host_key, save fields, pace)`` or None."""
        row = self.reader.execute("SELECT host_key, save, pace FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else (row[0], json.loads(row[1]), row[2])

    def seats(self, table_id: str) -> dict:
        """``{player name: (token, bot or None)}``."""
        return {r[0]: (r[1], r[2]) for r in
                self.reader.execute("SELECT name, token, bot FROM seats WHERE table_id = ?", (table_id,))}

    def seat_of(self, token: str):
        """``(table id, player name)`` for an invite token, or None."""
        row = self.reader.execute("SELECT table_id, name FROM seats WHERE token = ?", (token,)).fetchone()
        return None if row is None else (row[0], row[1])

    def intents(self, table_id: str) -> list:
        rows = self.reader.execute("SELECT text FROM intents WHERE table_id = ? ORDER BY n", (table_id,))
        return [r[0] for r in rows]
