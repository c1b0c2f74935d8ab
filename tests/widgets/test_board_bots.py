"""Computer opponents at the notebook board (widgets/autoplay.py and the board's bot controls),
without a browser: bots play their seats by themselves, paced on an event loop (a fake one here,
the kernel's asyncio loop in a notebook), or at once with pace 0."""

import os

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import stationmaster as sm  # noqa: E402
from stationmaster.bots import Bot, Decision  # noqa: E402
from stationmaster.widgets.board import GameBoard  # noqa: E402

THREE = dict(players=["Ann", "Bo", "Cy"], mode="competitive", length="short")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


class FakeLoop:
    """Stands in for the kernel's asyncio loop: remembers ``call_later`` callbacks; ``tick()``
    runs the next one, as the loop would once the kernel is idle."""

    def __init__(self):
        self.pending = []

    def call_later(self, delay, fn):
        h = Handle(delay, fn)
        self.pending.append(h)
        return h

    def live(self):
        return [h for h in self.pending if not h.cancelled]

    def tick(self):
        live = self.live()
        assert live, "nothing is scheduled"
        h = live[0]
        self.pending.remove(h)
        h.fn()
        return h.delay

    def run(self, limit=10_000):
        n = 0
        while self.live() and n < limit:
            self.tick()
            n += 1
        return n


class Handle:
    def __init__(self, delay, fn):
        self.delay, self.fn, self.cancelled = delay, fn, False

    def cancel(self):
        self.cancelled = True


def paced(game, pace=0.5):
    """A board whose bots run on a fake event loop."""
    board = GameBoard(game, autosave=False, pace=pace)
    board.autoplay.loop = loop = FakeLoop()
    board.autoplay.wake()
    return board, loop


def human_decides(board):
    """Ann does something harmless by the board's buttons."""
    g = board.game
    assert g.actor == "Ann"
    legal = [str(i) for i in g.legal_intents()]
    board.press("agent pass" if "agent pass" in legal else "end" if "end" in legal else legal[0])


def test_bots_play_their_seats_by_themselves_at_pace_0():
    board = sm.play(seed=4, bots={"Bo": "random", "Cy": "random"}, pace=0, autosave=False, **THREE)
    g = board.game
    for _ in range(20):
        assert g.actor == "Ann"  # the board hands the game back to the person every time
        human_decides(board)
    decided = {g.state.players[entry.actor].name for entry in g.timeline}
    assert decided == {"Ann", "Bo", "Cy"}
    log = board.log_text()
    assert "Bo (random): picks at random" in log and "Cy (random): picks at random" in log
    assert board.bot_box.layout.display == "flex"


def test_each_bot_decision_waits_for_the_pace_on_the_event_loop():
    board, loop = paced(sm.new_game(seed=4, bots={"Bo": "random", "Cy": "random"}, **THREE), pace=0.5)
    g = board.game
    human_decides(board)
    n = len(g.history)
    assert g.actor in ("Bo", "Cy") and [h.delay for h in loop.live()] == [0.5]  # scheduled, not done
    actor = g.actor
    assert board.action_buttons() == [] and f"{actor} (random) to choose" in board.status.value
    loop.tick()
    assert len(g.history) == n + 1
    assert f"{actor} (random): picks at random" in board.message.value
    assert f"{actor} (random): picks at random" in board.log_text().splitlines()[-len(g.last_events) - 1]
    loop.run()
    assert g.actor == "Ann" and not loop.live()
    board.pace_slider.value = 1.5
    human_decides(board)
    assert [h.delay for h in loop.live()] == [1.5]


def test_clicks_are_refused_while_a_bot_decides():
    board, loop = paced(sm.new_game(seed=4, bots={"Bo": "random", "Cy": "random"}, **THREE))
    human_decides(board)
    n = len(board.game.history)
    board.click_target(("home",))
    board.press("agent pass")
    assert len(board.game.history) == n
    assert "is deciding: wait, or press Skip to my turn" in board.message.value


def test_skip_to_my_turn_runs_the_bots_without_pauses():
    board, loop = paced(sm.new_game(seed=4, bots={"Bo": "random", "Cy": "random"}, **THREE), pace=2.0)
    human_decides(board)
    assert not board.skip_button.disabled and board.skip_button.description == "Skip to my turn"
    board.skip_button.click()
    delays = []
    while loop.live():
        delays.append(loop.tick())
    assert delays and set(delays) == {0}
    assert board.game.actor == "Ann" and board.skip_button.disabled
    human_decides(board)
    assert [h.delay for h in loop.live()] == [2.0]  # the next bots are paced again


def test_skip_and_step_without_an_event_loop_run_at_once():
    board = sm.play(seed=4, bots={"Bo": "random", "Cy": "random"}, pace=1.0, autosave=False, **THREE)
    human_decides(board)
    g = board.game
    assert g.actor != "Ann"  # no loop and a pace: nothing moves by itself (a script steps)
    n = len(g.history)
    board.step_button.click()
    assert len(g.history) == n + 1
    board.skip_to_my_turn()
    assert g.actor == "Ann"


def test_undo_goes_back_to_the_humans_decision_and_the_bots_do_not_replay():
    board, loop = paced(sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive", length="short",
                                    bots={"Bo": "random"}))
    g = board.game
    loop.run()  # Bo deals first with this seed
    human_decides(board)
    loop.run()
    assert g.actor == "Ann"
    mine = len(g.history)
    human_decides(board)
    loop.run()
    assert len(g.history) > mine + 1
    assert not board.undo_button.disabled
    board.undo_button.click()
    assert len(g.history) == mine and g.actor == "Ann"  # before Ann's last decision
    assert not loop.live()  # nothing replays: Ann decides again
    assert board.action_buttons()
    logged = board.log_text()
    board.redo_button.click()  # redo: Ann's decision again, and the bots decide as before
    loop.run()
    assert g.actor == "Ann" and board.log_text() != logged


def test_a_game_of_bots_only_is_watched_with_pause_and_resume():
    board, loop = paced(sm.new_game(seed=2, length="short", bots={"Player": "random"}), pace=0.3)
    g = board.game
    assert loop.live() and board.undo_button.disabled
    loop.tick()
    loop.tick()
    assert len(g.history) == 2
    board.pause_button.value = True
    assert board.pause_button.description == "Resume" and not loop.live()
    assert "paused" in board.message.value
    board.step_button.click()  # one decision while paused
    assert len(g.history) == 3 and not loop.live()
    board.pause_button.value = False
    assert loop.live() and board.pause_button.description == "Pause"
    assert board.skip_button.description == "Skip to the end"
    board.skip_to_my_turn()
    loop.run()
    assert g.is_over and "Game over" in board.status.value and board.skip_button.disabled


def test_a_bots_hand_is_not_shown_to_the_person():
    board, loop = paced(sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive",
                                    bots={"Bo": "random"}))
    g = board.game
    loop.run()
    while g.actor == "Ann":
        human_decides(board)
    assert g.actor == "Bo"
    ann = set(g.state.players[0].hand)
    assert {h.target[1] for h in board.scene.hits_for("hand")} == ann
    assert "hand shown: <b>Ann</b>'s" in board.status.value and "look away" not in board.status.value


def test_the_new_game_form_seats_bots():
    board = GameBoard(sm.new_game(seed=7), autosave=False, pace=0)
    board.new_button.value = True
    board.f_players.value = "Ann, Bo, Cy"
    assert [d.description for d in board.f_seats.children[1:]] == ["Ann", "Bo", "Cy"]
    assert list(board.seat_choice("Bo").options) == ["Human"] + sm.bots.available()
    board.seat_choice("Bo").value = "random"
    board.f_players.value = "Ann, Bo, Cy, "  # typing on keeps the choices
    board.seat_choice("Cy").value = "random"
    board.f_mode.value = "competitive"
    board.f_seed.value = "5"
    board.f_start.click()
    g = board.game
    assert g.players == ("Ann", "Bo", "Cy") and g.bots == {"Bo": "random", "Cy": "random"}
    assert "Bo (random)" in board.message.value
    assert g.actor == "Ann" and board.bot_box.layout.display == "flex"
    # the same form with every seat human: no bots, no bot controls
    board.seat_choice("Bo").value = board.seat_choice("Cy").value = "Human"
    board.f_start.click()
    assert board.game.bots == {} and board.bot_box.layout.display == "none"


def test_a_resumed_game_keeps_playing_its_bot_seats(tmp_path):
    game = sm.new_game(seed=4, bots={"Bo": "random", "Cy": "random"}, **THREE)
    while game.actor == "Ann":
        game.apply("agent pass" if "agent pass" in map(str, game.legal_intents()) else "end")
    assert game.actor in ("Bo", "Cy")
    game.save(tmp_path / "station-master-autosave-seed4.json")
    board = sm.play(pace=0)
    g = board.game
    assert g.bots == {"Bo": "random", "Cy": "random"} and g.actor == "Ann"
    assert len(g.history) > len(game.history)
    assert sm.load(board.autosave_path).bots == g.bots  # the autosave records the bot seats


def test_a_bot_this_machine_does_not_have_pauses_the_bots_and_says_why():
    game = sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive")
    data = game.to_json()
    data["bots"] = {game.actor: "no-such-bot"}
    board = GameBoard(sm.loads(__import__("json").dumps(data)), autosave=False, pace=0)
    assert board.game.history == () and board.autoplay.paused
    assert "could not decide" in board.message.value and "sm-error" in board.message.value
    assert board.pause_button.description == "Resume"


class Grumpy(Bot):
    name = "grumpy"

    def decide(self, game):
        return Decision(sm.parse("run west"), "runs west, whatever the rules say")


def test_a_refused_bot_decision_pauses_the_bots_and_keeps_the_game():
    game = sm.new_game(seed=4, players=["Ann", "Bo"], mode="competitive", bots={"Bo": Grumpy()})
    board = GameBoard(game, autosave=False, pace=0)
    assert game.actor == "Bo" and game.history == () and board.autoplay.paused
    assert "which was refused" in board.message.value
    # no note of a decision made (the bot's reason); the refusal itself is in the log, whole
    assert "runs west, whatever" not in board.log_text()
    assert [ln for ln in board.log_text().splitlines() if "grumpy" in ln] == ["⚠ " + board.controller.message]


def test_the_autosave_follows_the_bots_and_no_temporary_file_is_left(tmp_path):
    board = sm.play(seed=4, bots={"Bo": "random", "Cy": "random"}, pace=0, **THREE)
    human_decides(board)
    assert sm.load(board.autosave_path).history == board.game.history
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".sm-save-")]


def test_bots_rest_while_no_view_of_the_board_is_shown():
    """Running the cell again (or closing the notebook) removes the board's last view: its bots
    stop playing unseen, and go on when it is shown again; a pause by the player stays."""
    board, loop = paced(sm.new_game(seed=2, length="short", bots={"Player": "random"}))
    assert board._view_count == 0 and loop.live()  # tracking on; nothing shown yet: still plays
    board._view_count = 1
    loop.tick()
    board._view_count = 0
    assert board.autoplay.paused and not loop.live()
    board._view_count = 1
    assert not board.autoplay.paused and loop.live()
    board.pause_bots()
    board._view_count = 0
    board._view_count = 1
    assert board.autoplay.paused and not loop.live()


def test_a_new_game_starts_its_bots_even_after_a_pause():
    board, loop = paced(sm.new_game(seed=2, length="short", bots={"Player": "random"}))
    board.pause_bots()
    assert not loop.live()
    board.new_game(seed=3, length="short", bots={"Player": "random"})
    assert not board.autoplay.paused and board.pause_button.description == "Pause" and loop.live()
    loop.tick()
    assert len(board.game.history) == 1 and "Player (random): picks at random" in board.log_text()
