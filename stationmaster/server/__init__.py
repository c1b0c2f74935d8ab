"""The game server behind ``stationmaster serve``: one authoritative game per table, kept as its
action log in SQLite, each seat sent only what it may see (see docs/remote.md).

The modules that carry no third-party import (``codec``, ``views``, ``store``, ``tables``,
``limits``, ``hub``) are standard library only; the client (``stationmaster.remote``) shares ``codec``
with the server. ``tables`` is one table with no I/O (its game, seats and messages), ``hub`` the
tables in memory (one ``Live`` record each: connections, lock, bots, webhooks), ``app`` the ASGI
application (Starlette + uvicorn, the ``serve`` extra: one module-level function per endpoint) and
``deadline`` the HTTP protocol it is served with (uvicorn's h11, with a time limit on a request's
arrival), both imported lazily.
"""

from .limits import Limits

__all__ = ["Limits", "run", "start"]


def run(host: str = "127.0.0.1", port: int = 8765, db: str = "stationmaster-tables.db", limits=None,
        announce=print, sync: str = "full", compress: bool = False) -> None:
    """Serve tables on ``host:port`` until interrupted (needs ``pip install "stationmaster[serve]"``)."""
    from .app import run as _run
    _run(host=host, port=port, db=db, limits=limits, announce=announce, sync=sync, compress=compress)


def start(db: str = "stationmaster-tables.db", host: str = "127.0.0.1", port: int = 0, limits=None, **kw):
    """Run a server in a background thread of this process and return it once it listens
    (``.url``, ``.stop()``); a notebook's or a test's own server."""
    from .app import start as _start
    return _start(db=db, host=host, port=port, limits=limits, **kw)
