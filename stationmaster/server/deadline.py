"""uvicorn's HTTP protocol (h11) with the deadline h11 lacks: a request must arrive whole, its
headers and its body, within ``Limits.request_seconds`` of its first byte (or of the connection
opening); a slower one is dropped. Without it a few clients sending a header line every few
seconds hold the server's every connection for as long as they like, and every other request
is answered 503 (issue 27). A WebSocket is past the deadline once its upgrade request is read.
"""

from __future__ import annotations

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: the client's states in which a request is still on its way (h11's names)
ARRIVING = (h11.IDLE, h11.SEND_BODY)


class DeadlineH11Protocol(H11Protocol):
    """One connection; ``request_seconds`` is set per server by ``protocol``."""

    request_seconds = 10.0

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._deadline = None
        self._arm()  # a connection that sends nothing is a request that never arrives

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:  # a new request's first bytes
            self._arm()
        super().data_received(data)
        if self.conn.their_state not in ARRIVING:
            self._disarm()

    def handle_websocket_upgrade(self, event) -> None:
        self._disarm()  # the connection is the WebSocket protocol's from here on
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.request_seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.conn.their_state in ARRIVING and not self.transport.is_closing():
            self.transport.close()


def protocol(request_seconds: float) -> type:
    """The protocol class for a server whose requests must arrive within ``request_seconds``."""
    return type("DeadlineH11Protocol", (DeadlineH11Protocol,), {"request_seconds": float(request_seconds)})
