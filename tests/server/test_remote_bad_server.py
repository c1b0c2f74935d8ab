"""The remote client facing a server that sends what it cannot read (issue 27, items 11 and 12).

A real server runs in a thread; a relay between it and the seats (``remote_helpers.Relay``)
garbles what it sends, and fake servers (``Speaker``, ``Answerer``) send nothing else: the real
server is never changed. A message the seat cannot read is said at once, taken whole or not at all,
and the seat reads the table afresh on a new connection.
"""

from __future__ import annotations

import json
import threading
import time

import pytest

import stationmaster as sm
from stationmaster import remote
from stationmaster.server import Limits, start

from remote_helpers import Answerer, Relay, Speaker, stored_intents

pytest.importorskip("websockets")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start(str(tmp_path_factory.mktemp("serve") / "tables.db"), limits=Limits(bot_pace=0.0))
    yield srv
    srv.stop()


def two(server, seed=5):
    return remote.create(server.url, players=["Ann", "Bo"], mode="competitive", seed=seed)


def garbling(n: int, garble):
    """A relay's rewrite that garbles the first ``n`` updates it passes (``garble(msg)`` gives the
    text sent instead), and passes everything else as it is."""
    left = [n]
    lock = threading.Lock()

    def rewrite(text):
        msg = json.loads(text)
        with lock:
            if msg.get("type") != "update" or left[0] <= 0:
                return text
            left[0] -= 1
        return garble(msg)

    return rewrite


def changed(**fields):
    return lambda msg: json.dumps({**msg, **fields})


DEEP = "[" * 100_000 + "]" * 100_000
#: updates a seat cannot read, and the words its problem names them by
UNREADABLE_UPDATES = {
    "events of an unknown kind": (changed(events={"$c": "Nope", "f": {}}), "unknown object"),
    "an intent that is no intent": (changed(intent="fly away"), "IllegalIntent"),
    "a legal intent that is no intent": (changed(legal=["draw home", "fly away"]), "IllegalIntent"),
    "a change of no field of a table": (changed(delta={"colour": 1}), "no field"),
    "an outcome naming code to run": (changed(outcome={"$c": "os.system", "f": {}}), "unknown object"),
    "a revenue that is a list": (changed(revenue=[1]), "not tables"),
    "no sequence number": (lambda msg: json.dumps({k: v for k, v in msg.items() if k != "seq"}), "KeyError"),
    "not JSON": (lambda msg: "{not json", "JSON"),
    "nested too deeply": (lambda msg: DEEP, "too deeply"),
    "a binary frame": (lambda msg: b"\x00\x01", "binary"),
}


@pytest.mark.parametrize("case", list(UNREADABLE_UPDATES))
def test_an_update_a_seat_cannot_read_is_said_and_the_table_read_afresh(server, case):
    """27.11: the reader lives on; the seat says what it could not read, reconnects, reads the table
    afresh and is never left half-way through an intent: the intent being sent is taken once."""
    garble, words = UNREADABLE_UPDATES[case]
    table = two(server)
    relay = Relay(server.url, garbling(2, garble))  # the sender's update and the other seat's
    first = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive").actor
    other = "Bo" if first == "Ann" else "Ann"
    seat, watcher = remote.join(relay.invite(table.invites[first])), remote.join(relay.invite(table.invites[other]))
    links = []
    seat.observe_link(lambda g: links.append(g.link))
    try:
        reference = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive")
        t = time.monotonic()
        with pytest.warns(RuntimeWarning, match="cannot read.*taken all the same"):  # the caller is told too
            events = seat.apply("draw home", timeout=5)
        took = time.monotonic() - t
        assert took < 3, f"the seat waited {took:.1f} s"
        assert [e.kind for e in events] == [e.kind for e in reference.apply("draw home")]
        assert stored_intents(server.db, table.id) == ["draw home"]  # once
        for g in (seat, watcher):
            assert g.wait_for(lambda g: g.seq == 1 and g.connected, 5), repr(g)
            assert [str(i) for i in g.history] == ["draw home"] and len(g.event_batches) == 2
            assert g.connections == 2 and "cannot read" in g.link.problem and words in g.link.problem, g.link
            assert g.state.players[0].name == "Ann"  # the table reads whole
        assert any(link.problem and not link.connected for link in links), links  # said while it happened
        # the reader lives on: the next intent's updates come through the same relay
        mover = seat if seat.actor == seat.me else watcher
        mover.apply(mover.legal_intents()[0], timeout=5)
        for g in (seat, watcher):
            assert g.wait_for(lambda g: g.seq == 2, 5)
        assert seat.link.problem is None  # an intent went through: all is well again
    finally:
        seat.close(), watcher.close()
        relay.close()


def test_a_server_whose_every_message_is_unreadable_is_said_at_once_and_changes_nothing(server):
    """27.11: when the table cannot be read afresh either, ``apply`` says why at once, and the seat
    keeps the table as it last read it, whole."""
    table = two(server)
    first = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive").actor
    welcomes = [0]

    def rewrite(text):  # the first welcome passes; nothing else can be read
        if json.loads(text).get("type") == "welcome" and not welcomes[0]:
            welcomes[0] += 1
            return text
        return "{not json"

    relay = Relay(server.url, rewrite)
    seat = remote.join(relay.invite(table.invites[first]))
    try:
        t = time.monotonic()
        with pytest.raises(remote.ServerError, match="sent a welcome this seat cannot read"):  # on reconnecting
            seat.apply("draw home", timeout=20)
        assert time.monotonic() - t < 2
        assert seat.history == () and seat.seq == 0 and len(seat.event_batches) == 1
        assert seat.actor == first and "cannot read" in seat.link.problem and seat.link.pending is None
    finally:
        seat.close()
        relay.close()


def real_welcome(server) -> dict:
    import websockets.sync.client as wsc
    table = two(server)
    token = table.invites["Ann"].rsplit("/", 1)[1]
    with wsc.connect(server.url.replace("http", "ws", 1) + f"/ws/seat/{token}", max_size=None) as ws:
        return json.loads(ws.recv(5))


UNREADABLE_WELCOMES = {
    "not JSON": lambda w: "{oops",
    "a list": lambda w: "[]",
    "a binary frame": lambda w: b"\x00",
    "nested too deeply": lambda w: '{"type": "welcome", "table": ' + DEEP + "}",
    "fields missing": lambda w: json.dumps({"type": "welcome", "table": w["table"]}),
    "a configuration naming code to run": lambda w: json.dumps({**w, "config": {"$c": "Popen", "f": {}}}),
    "a history its sequence number denies": lambda w: json.dumps({**w, "seq": 4}),
    "players that are a text": lambda w: json.dumps({**w, "players": "Ann"}),
    "an update before the welcome": lambda w: json.dumps({**w, "type": "update"}),
}


@pytest.mark.parametrize("case", list(UNREADABLE_WELCOMES))
def test_join_says_at_once_that_the_welcome_cannot_be_read(server, case):
    """27.12: not the whole timeout and "no answer", but at once, and what it was."""
    speaker = Speaker(UNREADABLE_WELCOMES[case](real_welcome(server)))
    try:
        t = time.monotonic()
        with pytest.raises(remote.ServerError, match="welcome this seat cannot read") as e:
            remote.join(f"{speaker.url}/seat/abc", timeout=10)
        assert time.monotonic() - t < 1.5
        assert "Station Master server" in str(e.value)
    finally:
        speaker.close()


def test_a_good_welcome_from_a_fake_server_is_read(server):
    """The fake server can pass: the welcome the tests above garble is read when left alone."""
    speaker = Speaker(json.dumps(real_welcome(server)))
    try:
        seat = remote.join(f"{speaker.url}/seat/abc", timeout=5)
        assert seat.me == "Ann" and seat.seq == 0 and seat.connected
        seat.close()
    finally:
        speaker.close()


@pytest.mark.parametrize("body", [DEEP, '{"format": "stationmaster-save", "x": ' + "[" * 990 + "]" * 990 + "}"],
                         ids=["100000 deep", "990 deep in a save"])
def test_export_of_an_answer_nested_too_deeply_says_so(body, tmp_path):
    """27.12: no bare RecursionError: the answer cannot be read, and nothing is written."""
    answerer = Answerer(body.encode())
    try:
        with pytest.raises((remote.ServerError, sm.SaveError), match="nests too deeply"):
            remote.export(answerer.url, "t1", tmp_path / "game.json", key="k")
        assert not (tmp_path / "game.json").exists()
    finally:
        answerer.close()


def test_every_request_says_so_when_its_answer_nests_too_deeply():
    answerer = Answerer(DEEP.encode())
    try:
        with pytest.raises(remote.ServerError, match="nests too deeply"):
            remote.create(answerer.url, players=["Ann"])
    finally:
        answerer.close()


def test_a_slow_server_leaves_a_queued_intent_on_its_way_and_it_is_taken_once(server):
    """With ``queue_after`` (a board's seat) apply never waits longer: the intent is queued, a second
    one refused while it is on its way, and the listeners hear of it once it is taken, once."""
    table = two(server)
    first = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive").actor

    def slow(text):
        if json.loads(text).get("type") == "update":
            time.sleep(1.0)
        return text

    relay = Relay(server.url, slow)
    seat = remote.join(relay.invite(table.invites[first]))
    heard = []
    seat.observe(lambda g: heard.append(g.seq))
    seat.queue_after = 0.2
    try:
        t = time.monotonic()
        with pytest.raises(remote.Queued, match="queued"):
            seat.apply("draw home")
        assert time.monotonic() - t < 0.6 and seat.link.pending == "draw home" and seat.link.connected
        with pytest.raises(sm.IllegalIntent, match="still on its way") as refused:
            seat.apply("draw home")
        assert not isinstance(refused.value, remote.Queued)
        assert seat.wait_for(lambda g: g.seq == 1 and g.link.pending is None, 10)
        assert heard == [1] and stored_intents(server.db, table.id) == ["draw home"]
    finally:
        seat.close()
        relay.close()


def test_a_change_of_the_table_that_reads_field_by_field_but_not_whole_is_said_when_read(server):
    """An update's change of the table is checked field by field when it comes; one that still does
    not make a table (``extras`` a number) is said when the table is read, and read afresh."""
    table = two(server)
    first = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive").actor
    relay = Relay(server.url, garbling(1, lambda msg: json.dumps({**msg, "delta": {**msg["delta"], "extras": 5}})))
    seat = remote.join(relay.invite(table.invites[first]))
    try:
        seat.apply("draw home", timeout=5)
        with pytest.raises(remote.ServerError, match="cannot read.*TypeError"):
            seat.state
        with pytest.raises(remote.ServerError, match="cannot read"):  # the same, until read afresh
            seat.copy()
        assert seat.wait_for(lambda g: g.connections == 2 and g.connected, 5)
        assert seat.state.players[0].name == "Ann" and [str(i) for i in seat.history] == ["draw home"]
        assert "cannot read" in seat.link.problem
    finally:
        seat.close()
        relay.close()


def test_the_save_of_a_finished_game_whose_server_is_gone_is_a_save_error(tmp_path):
    """A board's Save (``dumps``) says why it cannot, as for any save: not a ConnectionError."""
    srv = start(str(tmp_path / "t.db"), limits=Limits(bot_pace=0.0))
    table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=2, length="short",
                          bots={"Ann": "random", "Bo": "random"}, pace=0)
    spectator = table.watch()
    try:
        assert spectator.wait_for(lambda g: g.is_over, 60)
        srv.stop()
        with pytest.raises(sm.SaveError, match="cannot give it now.*cannot reach"):
            spectator.dumps()
    finally:
        spectator.close()
        srv.stop()


def test_a_queued_intent_the_server_refuses_when_it_is_back_is_said_on_the_link(tmp_path):
    """Issue 28.2: a click queued while the server was gone and refused when it is back is not
    lost in silence: the link says it was not taken, and why."""
    db = str(tmp_path / "t.db")
    srv = start(db)
    port = int(srv.url.rsplit(":", 1)[1])
    table = two(srv)
    first = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive").actor
    seat = remote.join(table.invites[first])
    seat.queue_after = 1.0
    try:
        srv.stop()
        assert seat.wait_for(lambda g: not g.connected, 5)
        t = time.monotonic()
        with pytest.raises(remote.Queued, match="connection is down since"):
            seat.apply("hold")  # not a decision of this moment: the server will refuse it
        assert time.monotonic() - t < 0.2 and seat.link.pending == "hold"
        srv = start(db, port=port)
        assert seat.wait_for(lambda g: g.link.pending is None, 10)
        assert "not taken" in seat.link.problem and "Local Operations" in seat.link.problem
        assert seat.seq == 0 and stored_intents(db, table.id) == []
        seat.apply("draw home")  # the seat plays on
        assert seat.seq == 1 and seat.link.problem is None
    finally:
        seat.close()
        srv.stop()
