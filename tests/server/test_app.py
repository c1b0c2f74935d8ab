"""The server's application in pieces, without a socket: the ``Hub``'s tables in memory and an
endpoint called alone."""

from __future__ import annotations

import asyncio
import json
import warnings

from starlette.requests import Request

from stationmaster.server.app import NOT_FOUND, create_app, handle_message, info, save
from stationmaster.server.hub import Hub
from stationmaster.server.limits import Bucket, Limits
from stationmaster.server.store import Store


def mentions(hub: Hub, table_id: str) -> list:
    """Every place in the hub's own fields that still holds something of table ``table_id``."""
    found = []
    for field, value in vars(hub).items():
        if isinstance(value, dict):
            found += [f"{field}[{k!r}]" for k in value if k == table_id or isinstance(k, tuple) and table_id in k]
    return found


def test_an_evicted_table_leaves_nothing_behind_its_webhook_news_included(tmp_path):
    """An idle table leaves memory whole: its connections, lock, poke, bot task and the webhook
    POSTs sent for its seats (these stayed behind for ever, one per seat ever told)."""

    async def scenario():
        hub = Hub(Store(str(tmp_path / "tables.db")), Limits(webhook_timeout=0.5))
        try:
            t = await hub.create({"players": ["Ann", "Bo"], "mode": "competitive", "seed": 3})
            assert mentions(hub, t.id)
            t.webhooks["Ann"] = "http://127.0.0.1:9/nobody-listens"
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # the POST fails: warned, never raised
                hub._tell(t, ("Ann", {"event": "your_turn", "table": t.id, "seat": "Ann"}))
                for _ in range(200):
                    await asyncio.sleep(0.01)
                    if not any(task for task in asyncio.all_tasks() if "_post" in repr(task.get_coro())):
                        break
            await asyncio.sleep(0)
            hub._evict(t.id)
            assert mentions(hub, t.id) == []
            assert hub.table(t.id) is not None  # loaded again from the store when asked for
        finally:
            await hub.close()

    asyncio.run(scenario())


def request(app, path_params: dict, query: bytes = b"") -> Request:
    """A GET request for an endpoint, as Starlette hands one over (no socket)."""
    return Request({"type": "http", "app": app, "method": "GET", "path": "/", "path_params": path_params,
                    "query_string": query, "headers": [], "scheme": "http", "server": ("127.0.0.1", 80)})


def test_an_endpoint_is_a_function_that_can_be_called_alone(tmp_path):
    """``app.info`` answers a request by itself: the table's state, or the not-found answer."""
    app = create_app(str(tmp_path / "tables.db"))

    async def scenario():
        hub = app.state.hub()
        try:
            t = await hub.create({"players": ["Ann", "Bo"], "mode": "competitive", "seed": 3})
            found = await info(request(app, {"table_id": t.id}))
            assert found.status_code == 200
            assert json.loads(found.body) == {"id": t.id, "players": ["Ann", "Bo"], "seq": 0, "actor": t.game.actor,
                                              "over": False, "bots": {}, "mode": "competitive"}
            missing = await info(request(app, {"table_id": "no-such-table"}))
            assert missing.status_code == 404 and json.loads(missing.body) == {"error": NOT_FOUND}
            refused = await save(request(app, {"table_id": t.id}, b"key=wrong"))
            assert refused.status_code == 403 and "host key" in json.loads(refused.body)["error"]
        finally:
            await hub.close()
            app.state.store.close()

    asyncio.run(scenario())


class Heard:
    """A connection that keeps what it is sent (``handle_message`` answers on it)."""

    def __init__(self, player) -> None:
        self.player, self.bucket, self.closed, self.sent = player, Bucket(100, 100), False, []

    def send(self, msg) -> None:
        self.sent.append(msg)


def test_a_message_is_handled_by_a_function_of_its_own(tmp_path):
    hub = Hub(Store(str(tmp_path / "tables.db")), Limits())

    async def scenario():
        try:
            t = await hub.create({"players": ["Ann", "Bo"], "mode": "competitive", "seed": 3})
            ann, spectator = Heard("Ann"), Heard(None)
            await handle_message(hub, t, spectator, {"text": json.dumps({"type": "intent", "seq": 0,
                                                                          "intent": "draw home", "id": 7})})
            assert spectator.sent == [{"type": "refused", "id": 7,
                                       "reason": "a spectator watches: only a seat's invite can play"}]
            await handle_message(hub, t, ann, {"text": '{"type": "ping", "id": "p"}'})
            assert ann.sent == [{"type": "pong", "id": "p", "seq": 0}]
        finally:
            await hub.close()

    asyncio.run(scenario())
