"""``sm.play(remote=...)``: the ordinary notebook board on a seat of a server's table, driven by
its clicks without a browser (issue 19). The server runs in a thread on 127.0.0.1."""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import stationmaster as sm  # noqa: E402
from stationmaster import remote  # noqa: E402
from stationmaster.server import Limits, start  # noqa: E402
from stationmaster.server.views import HIDDEN  # noqa: E402

from remote_helpers import stored_intents  # noqa: E402

# the boards try Switch on the seat's local copy, which holds "?" for the cards it cannot see
pytestmark = pytest.mark.breaks_invariants


@pytest.fixture
def server(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a board that autosaved would write here: it must not
    srv = start(str(tmp_path / "tables.db"), limits=Limits(bot_pace=0.0))
    yield srv
    srv.stop()


def settle(games, timeout=10.0):
    """Wait until every seat has heard of every intent (the server's bot included)."""
    deadline = time.monotonic() + timeout
    while True:
        seqs = {g.seq for g in games}
        if len(seqs) == 1 and games[0].actor != "Cy":
            time.sleep(0.05)
            if {g.seq for g in games} == seqs:
                return
        assert time.monotonic() < deadline, [repr(g) for g in games]
        games[0].wait(0.05)


def quiet(board, timeout=10.0):
    """Wait until a board has stopped repainting (no update for a tenth of a second)."""
    deadline = time.monotonic() + timeout
    while True:
        seen = board.updates
        time.sleep(0.1)
        if board.updates == seen:
            return
        assert time.monotonic() < deadline, "the board kept repainting"


def test_two_boards_play_a_competitive_round_by_mouse_with_a_bot_in_the_third_seat(server, tmp_path):
    table = remote.create(server.url, players=["Ann", "Bo", "Cy"], mode="competitive", seed=31,
                          bots={"Cy": "random"}, pace=0)
    ann_board = sm.play(remote=table.invites["Ann"])
    bo_game = remote.join(table.invites["Bo"])
    bo_board = sm.play(remote=bo_game)
    boards = {"Ann": ann_board, "Bo": bo_board}
    games = [ann_board.game, bo_game]
    try:
        assert ann_board.game.me == "Ann" and bo_board.game is bo_game
        assert ann_board.new_button.layout.display == "none" and ann_board.upload.layout.display == "none"
        # each board shows its own seat's hand, and no other
        for name, board in boards.items():
            me = board.game.players.index(name)
            assert board.viewer == me
            hand = [t[1] for t in board.table.hits if t[0] == "hand"]
            assert hand and set(hand) <= set(board.game.state.players[me].hand) and HIDDEN not in hand
        rnd = random.Random(31)
        clicks = 0
        start_stage = ann_board.game.state.stage_count
        while ann_board.game.state.stage_count == start_stage and not ann_board.game.is_over:
            settle(games)
            actor = ann_board.game.actor
            board = boards[actor]
            other = boards["Bo" if actor == "Ann" else "Ann"]
            seen = other.updates
            n = board.game.seq
            it = rnd.choice(sorted(board.game.legal_intents(), key=str))
            for kind, what in board.controller.clicks_for(it):
                (board.click_target if kind == "click" else board.press)(what)
                clicks += 1
            assert board.game.seq > n, f"{it}: clicks made nothing ({board.message.value})"
            assert other.game.wait_for(lambda g: g.seq > n, 10)
            deadline = time.monotonic() + 10
            while other.updates == seen:  # the other board repainted by itself
                assert time.monotonic() < deadline
                time.sleep(0.01)
            # a click out of turn shows why, and sends nothing that changes the game (looked at while
            # the other person must decide: then nothing else can move, not even the server's bot; so
            # first every seat hears of every intent and the other board finishes repainting, or a
            # late repaint would replace the warning with the news of a move made before the click)
            settle(games)
            quiet(other)
            if not other.game.is_over and other.game.actor == board.game.me:
                before = other.game.seq
                other.click_target(("home",))
                assert other.game.actor in other.message.value and "⚠" in other.message.value
                assert other.game.seq == before
        settle(games)
        assert clicks >= 5
        stored = stored_intents(server.db, table.id)
        assert [str(i) for i in ann_board.game.history] == stored == [str(i) for i in bo_game.history]
        assert any(str(i) for i in ann_board.game.history)
        assert not list(tmp_path.glob("station-master-autosave*"))  # the server keeps the game
        with pytest.raises(TypeError, match="no game options"):
            sm.play(remote=table.invites["Ann"], seed=3)
    finally:
        for b in boards.values():
            b.close()
        for g in games:
            g.close()


def test_a_board_whose_server_is_gone_says_so_queues_a_click_at_once_and_applies_it_once_back(tmp_path, monkeypatch):
    """Issue 28.2: the board shows the connection's state (reconnecting since when, what is
    pending); a click while the server is down returns at once, queued, and is said to be; a second
    is refused; when the server is back the queued click is applied exactly once."""
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "tables.db")
    srv = start(db, limits=Limits(bot_pace=0.0))
    port = int(srv.url.rsplit(":", 1)[1])
    table = remote.create(srv.url, players=["Ann", "Bo"], mode="competitive", seed=5)
    first = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive").actor
    board = sm.play(remote=table.invites[first])
    line = board.connection
    try:
        assert line in board.bar.children and "Connected to the server at 127.0.0.1" in line.value
        srv.stop()  # the server is gone
        deadline = time.monotonic() + 5
        while "Reconnecting" not in line.value:
            assert time.monotonic() < deadline, line.value
            time.sleep(0.01)
        since = board.game.link.since  # since when: the moment it went
        assert time.time() - since < 5 and f"since {time.strftime('%H:%M:%S', time.localtime(since))}" in line.value
        clicks = board.controller.clicks_for(sm.parse("draw home"))
        t = time.monotonic()
        for kind, what in clicks:
            (board.click_target if kind == "click" else board.press)(what)
        took = time.monotonic() - t
        assert took < 0.5, f"the click held the kernel for {took:.1f} s"
        assert "queued" in board.message.value and board.game.seq == 0
        assert "Queued: Draw from the Home Office" in line.value
        for kind, what in clicks:  # one decision at a time: a second is refused at once, and why
            (board.click_target if kind == "click" else board.press)(what)
        assert time.monotonic() - t < 1 and "still on its way" in board.message.value
        srv = start(db, port=port, limits=Limits(bot_pace=0.0))  # back
        assert board.game.wait_for(lambda g: g.seq == 1 and g.link.pending is None, 10)
        deadline = time.monotonic() + 5
        while "Connected" not in line.value or "Queued" in line.value or "Sending" in line.value:
            assert time.monotonic() < deadline, line.value
            time.sleep(0.01)
        assert stored_intents(db, table.id) == ["draw home"]  # exactly once
        assert [str(i) for i in board.game.history] == ["draw home"] and board.game.link.pending is None
        assert "Home Office" in board.message.value and "went back" not in board.message.value
    finally:
        board.close()
        board.game.close()
        srv.stop()


def test_a_board_says_when_its_server_sent_what_it_cannot_read_and_shows_the_table_read_afresh(server):
    """Issue 27.11 on the board: the problem is on the connection line, and the board shows the
    table as the server has it once it is read afresh."""
    import json

    from remote_helpers import Relay

    garbled = []

    def garble(text):  # the first update the board's seat is sent cannot be read
        if json.loads(text).get("type") == "update" and not garbled:
            garbled.append(text)
            return json.dumps({**json.loads(text), "events": {"$c": "Nope", "f": {}}})
        return text

    table = remote.create(server.url, players=["Ann", "Bo"], mode="competitive", seed=5)
    first = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive").actor
    watcher = "Bo" if first == "Ann" else "Ann"
    relay = Relay(server.url, garble)
    board = sm.play(remote=relay.invite(table.invites[watcher]))
    mover = table.join(first)
    try:
        seen = board.updates
        mover.apply("draw home")
        assert board.game.wait_for(lambda g: g.seq == 1 and g.connected, 10)
        deadline = time.monotonic() + 10
        # the board repainted by itself, from the table read afresh, and says what was drawn (on a loaded
        # machine the repaint's message can come a moment after the first repaint: wait for both)
        while board.updates == seen or "Home Office" not in board.message.value:
            assert time.monotonic() < deadline, board.message.value
            time.sleep(0.01)
        assert garbled and board.game.connections == 2
        assert "cannot read" in board.connection.value and "Connected" in board.connection.value
        assert "went back" not in board.message.value
        assert [str(i) for i in board.game.history] == ["draw home"]
    finally:
        board.close()
        board.game.close()
        mover.close()
        relay.close()
