"""The limits a server holds hostile or careless clients to (documented in docs/remote.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

#: the slowest pace a table's bots may be given, in seconds a decision
MAX_BOT_PACE = 60.0


class LimitError(ValueError):
    """A limit out of its range: ``field`` names it, ``rule`` says what it must be, ``value`` what it was."""

    def __init__(self, field: str, rule: str, value) -> None:
        super().__init__(f"the server limit {field} must be {rule}, not {value!r}")
        self.field, self.rule, self.value = field, rule, value


@dataclass(frozen=True)
class Limits:
    """What one server allows. Every field can be set on the command line
    (``stationmaster serve --max-tables 200``) or given to ``create_app(limits=Limits(...))``.

    - ``message_bytes``: the largest WebSocket message or HTTP body accepted (a larger one is
      refused with a reason; one over 4× this closes the connection at the protocol level);
    - ``tables``: tables a server holds at once (finished tables count until deleted);
    - ``connections_per_table``: seats' and spectators' connections to one table together;
    - ``connections``: connections the server holds at once in all, HTTP and WebSocket (beyond
      it, an HTTP request is answered 503 and a WebSocket is told why and closed);
    - ``rate`` and ``burst``: messages a second one connection may send on average, and in a burst
      (a token bucket); a connection that keeps flooding is closed;
    - ``bot_pace``: seconds between two decisions of the server's bots (a table may ask for its
      own pace at creation, from ``min_bot_pace`` to ``MAX_BOT_PACE``);
    - ``webhook_timeout``: seconds a webhook's POST may take (0 turns webhooks off);
    - ``idle_seconds``: a table nobody is connected to and no bot of the server must play leaves
      the server's memory after this long (it stays in the database, and comes back when asked for);
    - ``request_seconds``: an HTTP request (its headers and body) must arrive whole within this
      long of its first byte, or of the connection opening; a slower one is dropped, so that
      half-sent requests cannot hold the server's connections.
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
    request_seconds: float = 10.0

    def __post_init__(self) -> None:
        for f in sorted(fields(self), key=lambda f: f.name != "min_bot_pace"):  # bot_pace's range needs it
            low, high, low_allowed = RANGES[f.name]
            if f.name == "bot_pace":
                low = self.min_bot_pace
            v = getattr(self, f.name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) \
                    or not (low <= v if low_allowed else low < v) or v > high:
                if high < math.inf:
                    rule = f"a number from {low:g} to {high:g}"
                else:
                    finite = "finite " if isinstance(v, float) and not math.isfinite(v) else ""
                    rule = f"a {finite}number {'of at least' if low_allowed else 'above'} {low:g}"
                raise LimitError(f.name, rule, v)


#: each limit's range: (lowest, highest, whether the lowest itself is allowed); ``bot_pace``'s
#: lowest is ``min_bot_pace``
RANGES = {"message_bytes": (1024, math.inf, True), "tables": (1, math.inf, True),
          "connections_per_table": (1, math.inf, True), "connections": (1, math.inf, True),
          "rate": (0, math.inf, False), "burst": (1, math.inf, True), "bot_pace": (0, MAX_BOT_PACE, True),
          "min_bot_pace": (0, MAX_BOT_PACE, True), "webhook_timeout": (0, math.inf, True),
          "idle_seconds": (0, math.inf, True), "request_seconds": (0, math.inf, False)}


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
