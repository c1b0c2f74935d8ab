"""The limits a server holds hostile or careless clients to (documented in docs/remote.md)."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Limits:
    """What one server allows. Every field can be set on the command line
    (``stationmaster serve --max-tables 200``) or given to ``create_app(limits=Limits(...))``.

    - ``message_bytes``: the largest WebSocket message or HTTP body accepted (a larger one is
      refused with a reason; one over 4× this closes the connection at the protocol level);
    - ``tables``: tables a server holds at once (finished tables count until deleted);
    - ``connections_per_table``: seats' and spectators' connections to one table together;
    - ``connections``: connections and requests the server serves at once in all (beyond it,
      HTTP 503);
    - ``rate`` and ``burst``: messages a second one connection may send on average, and in a burst
      (a token bucket); a connection that keeps flooding is closed;
    - ``bot_pace``: seconds between two decisions of the server's bots (a table may ask for its
      own pace at creation, not below ``min_bot_pace``);
    - ``webhook_timeout``: seconds a webhook's POST may take (0 turns webhooks off);
    - ``idle_seconds``: a table nobody is connected to and no bot of the server must play leaves
      the server's memory after this long (it stays in the database, and comes back when asked for).
    """

    message_bytes: int = 16_384
    tables: int = 1_000
    connections_per_table: int = 24
    connections: int = 2_000
    rate: float = 20.0
    burst: int = 40
    bot_pace: float = 1.0
    min_bot_pace: float = 0.0
    webhook_timeout: float = 5.0
    idle_seconds: float = 600.0

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
                raise ValueError(f"the server limit {f.name} must be a number of at least 0, not {v!r}")
        if self.message_bytes < 1024 or self.tables < 1 or self.connections_per_table < 1 or self.rate <= 0 \
                or self.burst < 1 or self.connections < 1:
            raise ValueError("the server needs message_bytes >= 1024, tables >= 1, connections_per_table >= 1, "
                             "connections >= 1, rate > 0 and burst >= 1")


class Bucket:
    """A token bucket: ``take(now)`` is True while the connection keeps within rate and burst."""

    __slots__ = ("rate", "burst", "tokens", "last", "over")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = float(rate), float(burst)
        self.tokens, self.last, self.over = float(burst), None, 0

    def take(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.over = 0
            return True
        self.over += 1
        return False
