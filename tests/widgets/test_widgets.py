"""The notebook board (widgets/): buttons, canvas clicks, redraws, saves, autosave — no browser.

ipywidgets run here without a kernel; what the board would send to the browser is captured by
spying on ipycanvas's command batches (``_CanvasManager._send_custom``) and on widget messages.
"""

import base64
import datetime
import html
import json
import os
import random
import subprocess
import sys

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import ipywidgets  # noqa: E402
from ipycanvas.canvas import _CMD_LIST, _CanvasManager  # noqa: E402

import stationmaster as sm  # noqa: E402
from stationmaster.builder import Position  # noqa: E402
from stationmaster.intents import Discard, Draw, End, Move, Play  # noqa: E402
from stationmaster.view.shapes import Rect, Scene, Text  # noqa: E402
from stationmaster.widgets import AUTOSAVE_NAME  # noqa: E402
from stationmaster.widgets import advice  # noqa: E402
from stationmaster.widgets import frontend  # noqa: E402
from stationmaster.widgets.board import GameBoard  # noqa: E402
from stationmaster.widgets.controller import WORK_ALL  # noqa: E402
from stationmaster.widgets.canvas import LayerPainter, dirty_boxes  # noqa: E402

ME_W = "Player"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    """Every test runs in its own folder, so autosaves never touch the repository."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def sent(monkeypatch):
    """The draw-command batches ipycanvas would send: a list of lists of [command name, args]."""
    batches = []
    original = _CanvasManager._send_custom

    def spy(self, command, buffers=[]):
        cmds = command if command and isinstance(command[0], list) else [command]
        batches.append([[_CMD_LIST[c[0]], c[1]] for c in cmds])
        return original(self, command, buffers)

    monkeypatch.setattr(_CanvasManager, "_send_custom", spy)
    return batches


@pytest.fixture
def wire(monkeypatch):
    """Bytes of every widget message (state updates and custom canvas messages)."""
    sizes = []
    original = ipywidgets.Widget._send

    def spy(self, msg, buffers=None):
        n = len(json.dumps(msg, default=str)) + sum(memoryview(b).nbytes for b in (buffers or []))
        sizes.append(n)
        return original(self, msg, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "_send", spy)
    return sizes


def board_for(game, **kw):
    kw.setdefault("autosave", False)
    return GameBoard(game, **kw)


def names(batch):
    return [c[0] for c in batch]


def switch_canvases(batch):
    return [c[1][0] for c in batch if c[0] == "switchCanvas"]


def layer_ids(board):
    return [f"IPY_MODEL_{board.canvas[i].model_id}" for i in range(4)]


def do(board, steps):
    for kind, what in steps:
        if kind == "click":
            board.click_target(what)
        else:
            board.press(what)


# --------------------------------------------------------------------------- the package


def test_importing_stationmaster_does_not_import_the_widgets():
    code = "import sys, stationmaster; print('ipywidgets' in sys.modules, 'ipycanvas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_play_returns_a_board_widget_for_a_new_game():
    board = sm.play(seed=7)
    assert isinstance(board, ipywidgets.DOMWidget) and isinstance(board, GameBoard)
    assert board.game.seed == 7 and board.game.history == ()
    board2 = sm.play(seed=3, players=["Ann", "Bo"], mode="competitive", theme="dark")
    assert board2.game.players == ("Ann", "Bo") and board2.theme == "dark"
    assert board2.scene.theme == "dark"
    g = sm.new_game(seed=4)
    assert sm.play(g).game is g


# --------------------------------------------------------------------------- drawing


def test_first_draw_sends_every_layer_in_one_batch(sent):
    board = board_for(sm.new_game(seed=7))
    assert len(sent) == 1
    batch = sent[0]
    assert switch_canvases(batch) == layer_ids(board)
    assert names(batch).count("clear") == 4
    assert "fillText" in names(batch) and "fillRect" in names(batch)
    texts = [c[1][0] for c in batch if c[0] == "fillText"]
    assert any("Player" in t for t in texts)


def test_canvas_is_sized_to_the_scene_and_scales_down_to_the_cell():
    for players in (["A"], ["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"]):
        mode = "solitaire" if len(players) == 1 else "competitive"
        board = board_for(sm.new_game(seed=1, players=players, mode=mode))
        assert (board.canvas.width, board.canvas.height) == (round(board.scene.width), round(board.scene.height))
        assert board.scene.width <= 1280
        lay = board.canvas.layout
        assert lay.width == "100%" and lay.height == "auto"
        # no wider than drawn, nor than fits the window's height under the control bar
        ratio = board.scene.width / board.scene.height
        want = f"min({round(board.scene.width)}px, calc((100vh - {frontend.CHROME_PX}px) * {ratio:.4f}))"
        assert lay.max_width == want
        # once the browser reports the room, the table is laid out for it, as tall as the room at
        # least, and shown 1:1: never shrunk, so its text stays 10 px (issue 28.5)
        board.page.room_width, board.page.room_height = 900, 500
        assert board.scene.width == 900 and board.scene.height >= 500 and lay.max_width == "900px"


def test_apply_in_another_cell_redraws_only_changed_layers(sent):
    board = board_for(sm.new_game(seed=7))
    sent.clear()
    board.game.apply("draw home")  # as a script in another cell would
    assert len(sent) == 1
    assert "table" not in board.painter.redrawn and "hud" in board.painter.redrawn
    assert layer_ids(board)[0] not in switch_canvases(sent[0])
    assert "play or discard" in board.status.value
    assert "draws from the Home Office" in board.log_text()
    assert "draws from the Home Office" in board.message.value  # the message line tells it too
    assert {o for o in board.intent_list.options} == {str(i) for i in board.game.legal_intents()}


def test_an_unchanged_scene_sends_nothing(sent):
    board = board_for(sm.new_game(seed=7))
    sent.clear()
    board.refresh(game_changed=False)
    assert sent == [] and board.painter.redrawn == ()


def test_a_selection_redraws_only_the_highlight_layer(sent):
    game = sm.new_game(seed=7)
    game.apply("draw home")
    board = board_for(game)
    card = game.state.players[0].hand[0]
    sent.clear()
    board.click_target(("hand", card))
    assert game.history == (Draw("home"),)
    assert board.painter.redrawn == ("highlight",)
    assert len(sent) == 1 and switch_canvases(sent[0]) == [layer_ids(board)[3]]
    strokes = [c for c in sent[0] if c[0] in ("strokeRect", "stroke")]
    assert strokes  # outlines of the card and its legal spots
    assert board.controller.card == card


def test_partial_redraw_clips_to_the_changed_region(sent):
    board = board_for(sm.new_game(seed=7))
    sent.clear()
    board.game.apply("draw home")
    plan = board.painter.last_plan
    assert plan["hud"] != "full"
    hud = sent[0]
    assert "clip" in names(hud) and "save" in names(hud) and "restore" in names(hud)
    assert names(hud).count("clear") == 1  # only the highlight layer is cleared whole


def test_client_ready_redraws_the_whole_layer(sent):
    board = board_for(sm.new_game(seed=7))
    sent.clear()
    # a browser view connects (page reload, second display, Voila): ipycanvas says client_ready
    board.canvas[0]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert board.painter.redrawn == ("table",)
    assert len(sent) == 1 and names(sent[0])[:2] == ["switchCanvas", "clear"]
    for i in range(4):
        board.canvas[i]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 5


def test_mouse_down_on_the_canvas_goes_through_the_scene_hits():
    game = sm.new_game(seed=7)
    board = board_for(game)
    h = board.scene.hits_for("home")[0]
    board.canvas._canvases[-1]._handle_frontend_event(
        None, {"event": "mouse_down", "x": h.x + h.w / 2, "y": h.y + h.h / 2}, [])
    assert game.history == (Draw("home"),)


def test_a_tap_on_a_touch_screen_clicks_too():
    game = sm.new_game(seed=7)
    board = board_for(game)
    h = board.scene.hits_for("dept")[0]
    board.canvas._canvases[-1]._handle_frontend_event(
        None, {"event": "touch_start", "touches": [{"x": h.x + h.w / 2, "y": h.y + h.h / 2}]}, [])
    assert game.history == (Draw(h.target[1]),)


def test_illegal_click_shows_the_reason_in_the_message_line():
    game = sm.new_game(seed=7)
    board = board_for(game)
    board.click_target(("home",))
    board.click_target(("home",))
    assert len(game.history) == 1
    assert "⚠" in board.message.value
    assert game.why_not("draw home")[:30] in board.message.value.replace("&#x27;", "'")


def test_theme_toggle_redraws_everything_dark(sent):
    board = board_for(sm.new_game(seed=7))
    light_bg = board.scene.shapes[0]
    sent.clear()
    board.theme_toggle.value = True
    assert board.theme == "dark" and board.scene.theme == "dark"
    assert set(board.painter.redrawn) >= {"table", "hud"}
    assert board.scene.shapes[0] != light_bg
    board.theme_toggle.value = False
    assert board.theme == "light"


# --------------------------------------------------------------------------- buttons


def test_option_buttons_apply_intents():
    game = sm.new_game(seed=7)
    board = board_for(game)
    board.button("Draw home").click()
    assert game.history == (Draw("home"),)
    assert [b.description for b in board.action_buttons()][-1] == "End draw"


def test_the_message_line_describes_the_latest_click():
    game = sm.new_game(seed=7)
    board = board_for(game)
    board.set_option("quick_play", False)  # each card selected, then its Department
    board.button("Draw home").click()
    for card in list(game.state.players[0].hand)[:2]:
        board.click_target(("hand", card))
        board.click_target(("dept", 1))
        assert f"({card}) to Department 1" in board.message.value


def test_undo_and_redo_buttons():
    game = sm.new_game(seed=7)
    board = board_for(game)
    assert board.undo_button.disabled and board.undo_button.tooltip == "There is nothing to undo"
    assert board.redo_button.disabled
    game.apply("draw home")
    # the tooltips and messages say the step in words, not in script notation
    assert not board.undo_button.disabled and board.undo_button.tooltip == "take back: draw from the Home Office"
    board.undo_button.click()
    assert game.history == ()
    assert "Taken back: draw from the Home Office." in board.message.value
    assert not board.redo_button.disabled and board.redo_button.tooltip == "do again: draw from the Home Office"
    board.redo_button.click()
    assert game.history == (Draw("home"),)
    assert "Done again: draw from the Home Office." in board.message.value
    assert board.redo_button.disabled


def test_undo_button_disabled_with_the_reason_in_multiplayer():
    game = sm.new_game(seed=3, players=["Ann", "Bo"], mode="competitive")
    board = board_for(game)
    game.apply("draw home")
    reason = game.can_undo()
    assert reason and board.undo_button.disabled
    assert board.undo_button.tooltip.lower() == reason.lower()
    board.undo()
    assert "⚠" in board.message.value and len(game.history) == 1


def test_turned_toggle_and_play_by_buttons_and_clicks():
    b = Position(seed=1)
    b.hand("Player", ["turnout_left"])
    b.lay("Player", "straight", (1, 0))
    game = b.game()
    game.apply("draw home")
    board = board_for(game)
    card = next(x for x in game.state.players[0].hand if x.startswith("TurnoutL"))
    board.click_target(("hand", card))
    board.button("Turned").click()
    assert board.button("Turned").description == "Turned ✓"
    spot = next(i.at for i in game.legal_intents() if isinstance(i, Play) and i.card == card and i.turned)
    board.click_target(("spot", 0, *spot))
    assert str(game.history[1]) == f"play {card} at {spot[0]},{spot[1]} turned"  # (then the idle draw ends)


def test_every_legal_intent_is_in_the_fallback_list_and_applies():
    game = sm.new_game(seed=11)
    board = board_for(game)
    board.controller.auto_end_draw = False  # each intent alone, then undone
    r = random.Random(11)
    checked = 0
    for _ in range(30):
        if game.is_over:
            break
        legal = [str(i) for i in game.legal_intents()]
        assert list(board.intent_list.options) == legal
        for text in r.sample(legal, min(4, len(legal))):  # each one applies from the list (then undo)
            board.intent_list.value = text
            board.apply_button.click()
            assert str(game.history[-1]) == text
            game.undo()
            checked += 1
        board.intent_list.value = r.choice(legal)
        board.apply_button.click()
    assert checked > 60


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("seed,config", [(5, {}), (2, {"players": ["Ann", "Bo", "Cy"], "mode": "competitive"})])
def test_a_short_game_played_to_the_end_by_mouse_and_buttons(compact, seed, config):
    """Clicks on the scene's own hit regions (and the buttons) play a whole game, with the full
    card row and with the compact one (big print, as on a laptop)."""
    game = sm.new_game(seed=seed, length="short", **config)
    board = board_for(game, compact=compact)
    assert board.compact is compact
    r = random.Random(seed)
    while not game.is_over:
        legal = game.legal_intents()
        busy = [i for i in legal if not isinstance(i, (End, Discard, Draw)) and str(i) != "agent pass"]
        it = r.choice(busy) if busy and r.random() < 0.8 else r.choice(legal)
        n = len(game.history)
        do(board, board.controller.clicks_for(it))
        by_itself = [str(i) for i in game.history[n + 1:]]  # auto_end_draw, auto_hold: said in the message
        assert set(by_itself) <= {"end", "hold"}, f"{it}: {board.controller.message}"
        assert ("end" not in by_itself or "the draw ended by itself" in board.controller.message) and \
            ("hold" not in by_itself or "was held by itself" in board.controller.message), board.controller.message
        got = game.history[n]
        assert (got.tray, got.to) == (it.tray, it.to) if isinstance(it, Move) else got == it
    assert "Game over" in board.status.value
    assert board.action_buttons() == []
    assert "Game over" in board.log_text()


def test_hot_seat_shows_the_actors_hand():
    game = sm.new_game(seed=3, players=["Ann", "Bo"], mode="competitive")
    board = board_for(game)
    for _ in range(50):
        actor = game.actor
        hand = game.state.players[game.players.index(actor)].hand
        shown = {h.target[1] for h in board.scene.hits_for("hand")}
        assert shown == set(hand)
        assert f"<b>{actor}</b>" in board.status.value
        game.apply("agent pass" if game.phase == "local_operations" else game.legal_intents()[0])
        if game.is_over:
            break


# --------------------------------------------------------------------------- saves, loads, new games


def test_save_makes_a_download_link_with_the_save():
    game = sm.new_game(seed=7)
    game.apply("draw home")
    board = board_for(game)
    board.save_button.click()
    link = board.save_link.value
    assert 'download="station-master-seed7-day1.json"' in link
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    assert base64.b64decode(data).decode() == game.dumps()


def built_position():
    """A game set up with the position builder (a Depot the seed's deal does not give): no save holds it."""
    b = Position(seed=7, players=["Ann"])
    b.office("Ann", "depot")
    return b.game()


def test_a_built_position_says_it_cannot_be_saved_and_makes_no_link():
    board = board_for(built_position())
    board.save_button.click()
    assert board.save_link.value == ""
    assert "Cannot save" in board.message.value and "position builder" in board.message.value


def test_a_built_position_on_an_autosaving_board_plays_on_and_says_it_is_not_autosaved(tmp_path):
    board = sm.play(built_position())
    updates = board.updates
    board.game.apply("agent pass")
    assert board.updates > updates  # redrawn all the same
    assert "not autosaved" in board.autosave_error and "position builder" in board.autosave_error
    assert "not autosaved" in board.message.value
    assert not (tmp_path / AUTOSAVE_NAME).exists()


def upload(board, content: bytes, name="save.json"):
    board.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                           "content": memoryview(content), "last_modified": datetime.datetime.now()},)


def test_loading_a_bad_file_keeps_the_game_and_shows_the_save_error():
    game = sm.new_game(seed=7)
    game.apply("draw home")
    board = board_for(game)
    upload(board, b'{"format": "something else"}', "bad.json")
    assert board.game is game and len(game.history) == 1
    assert "Could not load bad.json" in board.message.value and "not a Station Master save" in board.message.value
    upload(board, b"\xff\xfe", "binary.json")
    assert board.game is game and "not UTF-8" in board.message.value


def test_loading_a_good_file_replaces_the_game_and_redraws():
    old = sm.new_game(seed=7)
    board = board_for(old)
    other = sm.new_game(seed=9)
    other.apply("draw home")
    upload(board, other.dumps().encode(), "good.json")
    assert board.game is not old and board.game.seed == 9 and len(board.game.history) == 1
    assert "Loaded good.json" in board.message.value
    old.apply("draw home")  # the old game no longer drives the board
    board.game.apply(board.game.legal_intents()[0])
    assert board.updates > 0 and board.controller.game is board.game


def test_the_new_game_form_offers_the_default_edition_first_and_plays_the_one_chosen():
    """Issue 29: v6 (car orders, a siding and a first customer) is the default, first in the form's
    Edition list; v5 and earlier stay playable from the form, and the form's goal line reads the chosen
    edition's targets."""
    from stationmaster.config import BALANCES, DEFAULT_BALANCE, TARGETS

    board = board_for(sm.new_game(seed=7))
    board.new_button.value = True
    values = [v for _, v in board.f_edition.options]
    assert values[0] == DEFAULT_BALANCE == board.f_edition.value == "v6" and sorted(values) == sorted(BALANCES)
    assert "siding" in board.f_edition.label
    board.f_length.value = "short"
    assert f"Target: {TARGETS['v6']['short']} Revenue" in board.f_goal.value
    board.f_edition.value = "v3"
    assert f"Target: {TARGETS['v3']['short']} Revenue" in board.f_goal.value  # 15, not 16
    board.f_edition.value = "v4"
    board.f_seed.value = "12"
    board.f_start.click()
    assert board.game.config.balance == "v4" and board.game.seed == 12
    board.new_button.value = True
    board.f_edition.value = DEFAULT_BALANCE
    board.f_start.click()
    assert board.game.config.balance == DEFAULT_BALANCE


def test_new_game_form():
    board = board_for(sm.new_game(seed=7))
    old = board.game
    board.new_button.value = True
    assert board.form.layout.display == "flex"
    board.f_seed.value = "12"
    board.f_players.value = "Ann, Bo"
    board.f_mode.value = "competitive"
    board.f_length.value = "short"
    board.f_rates[2].value = 2
    board.f_rules["emergency_toolbox"].value = True
    assert board.f_deck.value == "classic" and board.f_refill.value == "day_end"  # the rules' defaults
    board.f_deck.value = "full"
    board.f_refill.value = "when_empty"
    board.f_start.click()
    g = board.game
    assert g is not old and g.seed == 12 and g.players == ("Ann", "Bo")
    assert g.config.mode == "competitive" and g.config.revenue == (1, 1, 2)
    assert g.config.optional_rules == ("emergency_toolbox",)
    assert g.config.deck == "full" and g.config.yard_refill == "when_empty"
    assert board.form.layout.display == "none"
    # a bad form says why beside its Start button, and keeps the game
    board.f_players.value = "Ann"
    board.f_start.click()
    assert board.game is g and "Cannot start" in board.f_problem.value
    board.f_seed.value = "seven"
    board.f_start.click()
    assert board.game is g and "whole number" in board.f_problem.value


def test_the_new_game_form_plays_house_rules_and_says_what_is_wrong_with_one():
    """The form's House rules field: `KEY=VALUE`s separated by ';', as `--rule` takes them; the goal
    line follows a `target`, the game keeps them, and a bad one is refused beside Start, in the
    engine's words, with the game in play kept."""
    board = board_for(sm.new_game(seed=7))
    board.new_button.value = True
    board.f_seed.value = "5"
    board.f_house.value = "target=30"
    assert "Target: 30 Revenue" in board.f_goal.value
    board.f_house.value = "order_pay=3,4; target=30"
    board.f_start.click()
    g = board.game
    assert g.seed == 5 and dict(g.config.house_rules) == {"order_pay": (3, 4), "target": 30}
    assert g.config.rule("order_pay") == (3, 4) and g.config.target == 30
    assert "house rules order_pay=3,4, target=30" in board.message.value, board.message.value
    board.new_button.value = True
    board.f_house.value = "order_pay=lots"
    assert "Target: 38 Revenue" in board.f_goal.value  # half typed: the edition's goal until it parses
    board.f_start.click()
    assert board.game is g and "order_pay takes two whole numbers" in board.f_problem.value, board.f_problem.value
    board.f_house.value = "speed=9"
    assert "Unknown house rule 'speed'" in html.unescape(board.f_problem.value)  # rechecked as the field changes
    board.f_house.value = ""
    assert board.f_problem.value == ""


# --------------------------------------------------------------------------- autosave


def autosave_of(game, folder):
    return folder / f"station-master-autosave-seed{game.seed}.json"


def test_autosave_after_every_intent_and_resume_with_play(tmp_path):
    board = sm.play(seed=7)
    path = tmp_path / "station-master-autosave-seed7.json"
    assert not path.exists()  # nothing to save before the first intent
    board.game.apply("draw home")
    assert path.exists() and sm.load(path).history == board.game.history
    assert board.autosave_path == str(path)
    card = board.game.state.players[0].hand[0]
    board.game.apply(f"discard {card} to 1")
    assert sm.load(path).history == board.game.history
    resumed = sm.play()
    assert resumed.game.seed == 7 and resumed.game.history == board.game.history
    assert "Resumed" in resumed.message.value and "sm-warning" not in resumed.message.value
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".sm-save-")]  # atomic: no temp left


def test_two_boards_in_one_folder_keep_both_games(tmp_path):
    """Two sm.play() in one folder (even of the same seed) autosave to two files: neither game
    is lost."""
    a, b, c = sm.play(seed=7), sm.play(seed=9), sm.play(seed=7)
    for board in (a, b, c, a, b):
        board.game.apply(board.game.legal_intents()[0])
    files = sorted(p for p in os.listdir(tmp_path) if p.endswith(".json"))
    assert files == ["station-master-autosave-seed7-2.json", "station-master-autosave-seed7.json",
                     "station-master-autosave-seed9.json"]
    for board in (a, b, c):
        assert sm.load(board.autosave_path).history == board.game.history
    assert len(a.game.history) == 2 and len(c.game.history) == 1


def test_the_same_game_open_twice_moves_the_second_board_to_a_new_file_and_says_so(tmp_path):
    """Two tabs of the play notebook resume the same autosave: the board that finds the file
    changed by the other does not overwrite it; it autosaves elsewhere, with a warning."""
    first = sm.play(seed=7)
    first.game.apply("draw home")
    path = tmp_path / "station-master-autosave-seed7.json"
    tab1, tab2 = sm.play(), sm.play()  # each resumes the file into a game of its own
    assert tab1.autosave_path == tab2.autosave_path == str(path)
    card = tab1.game.state.players[0].hand[0]
    tab1.game.apply(f"discard {card} to 1")
    assert sm.load(path).history == tab1.game.history
    tab2.game.apply(f"discard {tab2.game.state.players[0].hand[1]} to 2")
    assert sm.load(path).history == tab1.game.history  # tab 1's game is not overwritten
    moved = tmp_path / "station-master-autosave-seed7-2.json"
    assert tab2.autosave_path == str(moved) and sm.load(moved).history == tab2.game.history
    assert "sm-warning" in tab2.message.value and "changed by another board" in tab2.message.value
    assert moved.name in tab2.message.value
    tab2.game.apply(tab2.game.legal_intents()[0])  # from now on it keeps to its own file
    assert sm.load(moved).history == tab2.game.history and sm.load(path).history == tab1.game.history


def test_play_resumes_the_most_recent_autosave_and_lists_the_others(tmp_path):
    older = sm.new_game(seed=3)
    newer = sm.new_game(seed=5, players=["Ann", "Bo"], mode="competitive", bots={"Bo": "random"})
    older.apply("draw home")
    older.save(tmp_path / "station-master-autosave-seed3.json")
    newer.save(tmp_path / "station-master-autosave-seed5.json")
    os.utime(tmp_path / "station-master-autosave-seed3.json", (1_000_000, 1_000_000))
    board = sm.play()
    assert board.game.seed == 5
    assert sm.widgets.autosaves()[0].describe() == (
        "station-master-autosave-seed5.json (seed 5, competitive: Ann, Bo (random); Day 1, Stage 1)")
    text = html.unescape(board.message.value)
    assert "station-master-autosave-seed3.json (seed 3, solitaire; Day 1, Stage 1)" in text
    assert "New game… lists them to resume" in text and "sm.play(" not in text  # no code: the Voilà app too
    board.new_button.value = True  # the form lists the other autosaves; Resume goes on with one
    assert board.f_autosaves.options == (
        ("station-master-autosave-seed3.json (seed 3, solitaire; Day 1, Stage 1)",
         str(tmp_path / "station-master-autosave-seed3.json")),)
    board.f_resume.click()
    assert board.game.seed == 3 and board.game.history == older.history and "Resumed" in board.message.value
    assert board.form.layout.display == "none"
    named = sm.play(resume="station-master-autosave-seed3.json")
    assert named.game.seed == 3 and named.game.history == older.history
    named.game.apply(named.game.legal_intents()[0])
    assert named.autosave_path == str(tmp_path / "station-master-autosave-seed3.json")
    missing = sm.play(resume="nothing-here.json")
    assert "no autosave nothing-here.json" in missing.message.value and missing.game.history == ()


def test_the_autosave_of_earlier_versions_is_still_resumed(tmp_path):
    game = sm.new_game(seed=4)
    game.apply("draw home")
    game.save(tmp_path / AUTOSAVE_NAME)
    board = sm.play()
    assert board.game.history == game.history
    board.game.apply(board.game.legal_intents()[0])
    assert sm.load(tmp_path / AUTOSAVE_NAME).history == board.game.history


def test_resuming_an_autosave_that_stops_early_keeps_a_backup_and_warns(tmp_path):
    game = sm.new_game(seed=7)
    game.apply("draw home")
    data = game.to_json()
    data["intents"] += ["run west", "end"]  # not legal there: the replay stops after intent 1
    path = tmp_path / "station-master-autosave-seed7.json"
    original = json.dumps(data)
    path.write_text(original)
    board = sm.play()
    assert board.game.replay_error and len(board.game.history) == 1
    assert 'class="sm-warning"' in board.message.value and "stops early" in board.message.value
    backup = tmp_path / "station-master-autosave-seed7.backup.json"
    assert "station-master-autosave-seed7.backup.json" in board.message.value
    assert backup.read_text() == original
    board.game.apply(board.game.legal_intents()[0])  # the first autosave over the original
    assert len(sm.load(path).history) == 2 and backup.read_text() == original
    path.write_text(original)
    sm.play()  # a second resume of such a file keeps the first backup too
    assert (tmp_path / "station-master-autosave-seed7.backup-2.json").read_text() == original
    assert backup.read_text() == original


def test_play_without_autosave_starts_a_new_game(tmp_path):
    board = sm.play()
    assert board.game.history == ()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".json")]


def test_a_corrupt_autosave_starts_a_new_game_and_says_so(tmp_path):
    (tmp_path / "station-master-autosave-seed7.json").write_text(
        '{"format": "station-master-save", "version": 1, "seed": 7, "con')
    board = sm.play()
    assert board.game.history == ()
    assert "could not be loaded" in board.message.value and "new game" in board.message.value.lower()
    assert 'class="sm-error"' in board.message.value
    assert (tmp_path / "station-master-autosave-seed7.corrupt.json").exists()


def test_a_second_corrupt_autosave_does_not_overwrite_the_first(tmp_path):
    path = tmp_path / "station-master-autosave-seed7.json"
    path.write_text("first broken")
    sm.play()
    path.write_text("second broken")
    board = sm.play()
    assert (tmp_path / "station-master-autosave-seed7.corrupt.json").read_text() == "first broken"
    assert (tmp_path / "station-master-autosave-seed7.corrupt-2.json").read_text() == "second broken"
    assert "station-master-autosave-seed7.corrupt-2.json" in board.message.value


def test_a_corrupt_autosave_is_set_aside_and_the_next_most_recent_resumed(tmp_path):
    good = sm.new_game(seed=3)
    good.apply("draw home")
    good.save(tmp_path / "station-master-autosave-seed3.json")
    os.utime(tmp_path / "station-master-autosave-seed3.json", (1_000_000, 1_000_000))
    (tmp_path / "station-master-autosave-seed8.json").write_text("{")
    board = sm.play()
    assert board.game.seed == 3 and board.game.history == good.history
    assert "seed8.corrupt.json" in board.message.value and "Resumed" in board.message.value


def test_stale_temporary_files_of_a_killed_write_are_removed(tmp_path):
    stale, fresh = tmp_path / ".sm-save-abc123.tmp", tmp_path / ".sm-save-def456.tmp"
    other = tmp_path / ".sm-other.tmp"
    for p in (stale, fresh, other):
        p.write_text("{")
    old = datetime.datetime.now().timestamp() - 120
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    sm.play(seed=7)
    assert not stale.exists()
    assert fresh.exists() and other.exists()  # a write in progress elsewhere; not ours


def test_an_autosave_file_path_that_holds_another_game_is_not_overwritten(tmp_path):
    mine = tmp_path / "my-game.json"
    other = sm.new_game(seed=2)
    other.apply("draw home")
    other.save(mine)
    board = sm.play(seed=7, autosave=str(mine))
    board.game.apply("draw home")
    assert sm.load(mine).seed == 2
    assert sm.load(tmp_path / "my-game-2.json").history == board.game.history
    assert "my-game-2.json" in board.message.value and "sm-warning" in board.message.value


def test_autosave_false_writes_nothing(tmp_path):
    board = sm.play(seed=7, autosave=False)
    board.game.apply("draw home")
    assert not os.listdir(tmp_path)


def test_gitignore_covers_every_autosave_name():
    import fnmatch
    import pathlib

    patterns = [p.strip() for p in (pathlib.Path(__file__).parents[2] / ".gitignore").read_text().splitlines()
                if p.strip() and not p.startswith("#")]
    for name in ("station-master-autosave.json", "station-master-autosave-seed7.json",
                 "station-master-autosave-seed7-2.json", "station-master-autosave-seed7.backup.json",
                 "station-master-autosave-seed7.corrupt-2.json", ".sm-save-k2j3h4.tmp"):
        assert any(fnmatch.fnmatch(name, p) for p in patterns), name


# --------------------------------------------------------------------------- the painter


class FakeMulti:
    """Stands in for a MultiCanvas in painter unit tests (layers are real ipycanvas Canvases)."""

    def __init__(self, n=4):
        from ipycanvas import Canvas
        self._c = [Canvas() for _ in range(n)]
        self.width = self.height = 0

    def __getitem__(self, i):
        return self._c[i]


def test_dirty_boxes_cover_what_changed_and_reorders_force_a_full_redraw():
    a = Rect(10, 10, 20, 20, fill="#f00", layer="hud")
    b = Rect(100, 100, 20, 20, fill="#0f0", layer="hud")
    t = Text(200, 50, "hello", layer="hud")
    boxes = dirty_boxes((a, b, t), (a, b, Text(200, 50, "world", layer="hud")), 400, 300)
    assert len(boxes) == 1
    x0, y0, x1, y1 = boxes[0]
    assert x0 <= 198 and y0 <= 50 - 12 and x1 >= 200 + 5 * 7 and y1 >= 52
    assert dirty_boxes((a, b), (b, a), 400, 300) is None  # z-order changed
    big = Rect(0, 0, 400, 300, fill="#000", layer="hud")
    assert dirty_boxes((a,), (a, big), 400, 300) is None  # most of the canvas


def test_painter_public_api_fallback_draws_too(sent):
    mc = FakeMulti()
    painter = LayerPainter(mc)
    for pen in painter.pens.values():
        pen.fast = False
    scene = Scene(100, 80, [Rect(1, 1, 50, 20, fill="#abc", stroke="#000", radius=4, layer="table"),
                            Text(5, 40, "hi", bold=True, anchor="middle", layer="hud")])
    assert painter.paint(scene) == ("table", "pieces", "hud", "highlight")  # the first paint clears all
    flat = [c[0] for batch in sent for c in batch]
    assert "arcTo" in flat and "fillText" in flat and "fill" in flat


# --------------------------------------------------------------------------- message budget


def test_updates_stay_small_on_the_wire(wire):
    game = sm.new_game(seed=2, players=["Ann", "Bo", "Cy", "Di"], mode="competitive")
    board = board_for(game)
    r = random.Random(2)
    sizes = []
    for _ in range(80):
        if game.is_over:
            break
        wire.clear()
        game.apply(r.choice(game.legal_intents()))
        sizes.append(sum(wire))
    sizes.sort()
    assert sizes[len(sizes) // 2] < 64_000


# --------------------------------------------------------------------------- the event log


def test_event_log_stays_equal_to_a_rebuild_through_apply_undo_redo():
    from stationmaster.widgets.log import EventLog

    game = sm.new_game(seed=6, length="short")
    log = EventLog()
    log.update(game)
    r = random.Random(6)
    for step in range(400):
        if game.is_over:
            break
        roll = r.random()
        if roll < 0.15 and game.history:
            game.undo()
        elif roll < 0.2:
            try:
                game.redo()
            except sm.IllegalIntent:
                pass
        else:
            game.apply(r.choice(game.legal_intents()))
        log.update(game)
        fresh = EventLog()
        fresh.rebuild(game)
        assert log.blocks == fresh.blocks, step
        assert (log.day, log.stage) == (fresh.day, fresh.stage)
    text = log.text()
    assert text.startswith("== Day 1, Stage 1 (Midnight) ==")
    assert "== Day 1, Stage 2 (2:00 AM) ==" in text


def test_board_log_shows_stage_blocks_newest_last():
    game = sm.new_game(seed=6, length="short")
    board = board_for(game)
    r = random.Random(1)
    while game.stage < 3 and not game.is_over:
        game.apply(r.choice(game.legal_intents()))
    children = board.log_box.children
    assert board.log_box.layout.flex_flow == "column-reverse"  # scrolled to the newest
    assert len(children) == len(board.event_log.blocks) >= 3
    assert "Stage 1 (Midnight)" in children[-1].value  # column-reverse: the oldest block last
    assert f"Stage {game.stage} " in children[0].value


def test_play_without_the_board_packages_says_how_to_install_them(monkeypatch):
    """sm.play() without ipywidgets/ipycanvas explains the missing extra instead of a bare ImportError."""
    import sys

    import stationmaster as sm

    class Block:
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in ("ipycanvas", "ipywidgets"):
                raise ImportError(f"No module named {name!r}", name=name)
            return None

    for mod in [m for m in sys.modules if m.split(".")[0] in ("ipycanvas", "ipywidgets")
                or m.startswith("stationmaster.widgets")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setattr(sys, "meta_path", [Block()] + sys.meta_path)
    with pytest.raises(ImportError, match=r'pip install "stationmaster\[board\]"'):
        sm.play(seed=1, autosave=False)


# --------------------------------------------------------------------------- help for a player


class _FirstLegal(sm.bots.Bot):
    """A stand-in hint bot: the first legal intent that is not a pass, with a reason."""

    name = "test-hint"

    def decide(self, game):
        legal = [i for i in game.legal_intents() if str(i) not in ("agent pass", "end")] or game.legal_intents()
        return sm.bots.Decision(legal[0], "the first thing on the list")


@pytest.fixture
def hint_bot(monkeypatch):
    """The planner when it is installed, else a stand-in registered for the test."""
    from stationmaster.bots import available
    from stationmaster.bots.base import REGISTRY
    from stationmaster.widgets import advice

    if "planner" in available():
        return "planner"
    monkeypatch.setitem(REGISTRY, _FirstLegal.name, _FirstLegal)
    monkeypatch.setattr(advice, "HINT_BOTS", (_FirstLegal.name,))
    return _FirstLegal.name


def test_hint_says_what_to_do_and_why_and_marks_where_to_click(hint_bot):
    game = sm.new_game(seed=7)
    board = board_for(game)
    assert not board.hint_button.disabled
    d = board.show_hint()
    assert d is not None and d.intent in game.legal_intents()
    text = html.unescape(board.message.value)
    assert "Hint: " in text and (d.reason in text)
    assert "'" + str(d.intent) + "'" not in text  # in words, not script notation
    hinted = [t for k, t in board.controller.clicks_for(d.intent) if k == "click"]
    marks = [s for s in board.highlight_shapes() if s.stroke == "#bf8700"]
    assert len(marks) >= len(hinted) > 0
    board.game.apply("draw home" if str(d.intent) != "draw home" else "draw dept 1")
    assert not [s for s in board.highlight_shapes() if s.stroke == "#bf8700"]  # a hint is for one moment


def test_hint_without_a_hint_bot_is_greyed_and_says_why(monkeypatch):
    from stationmaster.widgets import advice

    monkeypatch.setattr(advice, "HINT_BOTS", ("no-such-bot",))
    board = board_for(sm.new_game(seed=7))
    assert board.hint_button.disabled and "planner" in board.hint_button.tooltip
    assert board.show_hint() is None and "planner" in board.message.value


def test_what_can_i_do_lists_the_useful_actions_in_words():
    game = sm.new_game(seed=7)
    board = board_for(game)
    assert board.help_box.layout.display == "none"
    board.help_button.value = True
    assert board.help_box.layout.display == "block"
    items = board.what_can_i_do()
    whats = [w for w, _ in items]
    assert whats[0] == "Draw a card from the Home Office" and items[0][1] == "click the Home Office deck"
    assert any(w.startswith("Take the ") for w in whats)
    assert whats[-1].startswith("Let the Freight Agent pass")  # the do-nothing choice last
    assert "Draw a card from the Home Office" in html.unescape(board.help_box.value)
    game.apply("draw home")  # the list follows the decision in hand
    assert any("Discard" in w for w, _ in board.what_can_i_do())
    assert "Discard a card" in html.unescape(board.help_box.value)


def play_to_day_end(game):
    r = random.Random(3)
    while game.day == 1 and not game.is_over:
        legal = game.legal_intents()
        game.apply(r.choice(legal))


def test_the_days_end_shows_a_summary_of_revenue_pace_and_collisions():
    game = sm.new_game(seed=11, length="short")
    board = board_for(game)
    assert board.summary_row.layout.display == "none"
    play_to_day_end(game)
    assert board.summary_row.layout.display == "flex"
    text = html.unescape(board.summary_box.value)
    from stationmaster.widgets.advice import day_summary

    sm_ = day_summary(game, 1)
    assert "Day 1 of 3 is over" in text
    assert f"{sm_.today('Player'):+d} Revenue" in text
    assert "At this pace" in text and f"target of {game.config.target}" in text
    assert ("No collisions today" in text) == (sm_.collisions == 0)
    if not sm_.by_player.get("Player"):
        assert "How to earn" in text
    # the Day's Revenue by source adds up to the Revenue earned that Day
    earned = 0
    day = 1
    for e in game.events:
        if e.kind == "revenue" and day == 1:
            earned += e.amount
        if e.kind == "day_end":
            day += 1
    assert sm_.today("Player") == earned
    board.summary_close.click()
    assert board.summary_row.layout.display == "none"


def test_the_summary_names_revenue_sources():
    from stationmaster.events import Event
    from stationmaster.widgets.advice import source_of

    assert source_of(Event("revenue", "Ann earns 1 Revenue: passengers boarded train 5.", "Ann", 1)) == "boarding"
    assert source_of(Event("revenue", "Ann earns 1 Revenue: a boxcar unloaded at the Shed.", "Ann", 1)) == \
        "freight_in"
    assert source_of(Event("revenue", "x", "Ann", 1, data={"source": "transit"})) == "transit"


def test_load_asks_before_replacing_a_game_in_progress():
    game = sm.new_game(seed=7)
    game.apply("draw home")
    board = board_for(game)
    other = sm.new_game(seed=9)
    upload(board, other.dumps().encode(), "other.json")
    assert board.game is game  # not yet
    assert board.confirm_row.layout.display == "flex"
    assert "Replace the game in progress" in board.confirm_text.value
    board.confirm_no.click()
    assert board.game is game and board.confirm_row.layout.display == "none"
    assert "Kept the game in progress" in board.message.value
    upload(board, other.dumps().encode(), "other.json")
    board.confirm_yes.click()
    assert board.game is not game and board.game.seed == 9


def test_load_of_a_fresh_game_needs_no_question():
    board = board_for(sm.new_game(seed=7))
    upload(board, sm.new_game(seed=9).dumps().encode(), "other.json")
    assert board.game.seed == 9 and board.confirm_row.layout.display == "none"


def test_a_broken_save_says_where_without_doubled_words():
    board = board_for(sm.new_game(seed=7))
    assert not board.load_text('{"format": "station-master', "cut.json")
    text = html.unescape(board.message.value)
    assert "Unterminated string starting at line 1" in text and "at at" not in text


def test_the_board_follows_jupyterlabs_theme_until_the_player_chooses():
    board = board_for(sm.new_game(seed=7))
    if board.page is None:
        pytest.skip("anywidget is not installed: the board cannot read the page's theme")
    assert board.theme == "light" and "sm-theme-light" in board._dom_classes
    board.page.page_theme = "dark"  # what the browser side reports from JupyterLab
    assert board.theme == "dark" and board.theme_toggle.value
    assert "sm-theme-dark" in board._dom_classes and "sm-theme-light" not in board._dom_classes
    assert board.scene.theme == "dark"
    board.page.page_theme = "light"
    assert board.theme == "light"
    board.theme_toggle.value = True  # the player's own choice stays
    board.page.page_theme = "light"
    board.page.page_theme = "dark"
    board.page.page_theme = "light"
    assert board.theme == "dark"


def test_facilities_that_can_act_now_are_tagged_on_the_board():
    b = Position(seed=1)
    b.lay(ME_W, "straight", (1, 0))
    b.lay(ME_W, "mine_tipple", (0, 1))
    b.boxes(ME_W, (0, 1), red=["hopper"])
    game = b.game()
    board = board_for(game)
    ready = board.ready_facilities()
    agent_spots = {(0, *i.at) for i in game.legal_intents() if str(i).startswith("agent ") and i.at}
    assert agent_spots, "the position needs a facility the Agent can stock"
    assert set(ready) == agent_spots and set(ready.values()) <= {"Agent"}
    texts = [s.text for s in board.scene.shapes if isinstance(s, Text)]
    assert texts.count("▶ Agent") == len(agent_spots)
    game.apply("draw home")  # the Agent's chance is gone with the option
    assert not board.ready_facilities()
    assert "▶ Agent" not in [s.text for s in board.scene.shapes if isinstance(s, Text)]


# ---------------------------------------------------------------------------------------------
# Issue 15: the room layout, nothing moving, one repaint per intent, clean state


def test_the_board_lays_out_for_the_room_the_browser_reports_and_shows_an_area_on_a_click():
    board = board_for(sm.new_game(seed=7, players=["Ann", "Bo"], mode="competitive"))
    assert not board.room_layout  # no browser yet: the table as drawn for SVG
    board.page.room_width, board.page.room_height = 900, 587
    assert board.room_layout and board.scene.width == 900
    ann, bo = (p.seat for p in board.game.state.players)
    assert {k[0] for k in board.scene.spot_rects} == {ann}  # Ann's Area (hers is the hand shown)
    board.click_target(("player", bo))  # Bo's row: no card waits for a player, so it shows his Area
    assert board.focus == bo and {k[0] for k in board.scene.spot_rects} == {bo}
    assert not board.game.history  # only the view changed


def test_one_repaint_per_accepted_intent_and_the_bar_keeps_its_parts():
    board = board_for(sm.new_game(seed=7))
    bar = board.bar.children
    before = board.painter.batches
    board.click_target(("home",))  # draw home: one intent, one repaint
    assert board.game.history[-1] == sm.parse("draw home")
    assert board.painter.batches == before + 1
    board.help_button.value = True  # What can I do? opens over the board, not in the bar
    assert board.overlay.layout.display == "flex" and board.bar.children == bar
    board.help_button.value = False
    assert board.overlay.layout.display == "none"
    long = "A very long message " * 20
    board.controller.say(long)
    board._show_message()
    assert "sm-one-line" in board.message.value and f'title="{long}"' in board.message.value


def test_new_game_load_and_resume_leave_nothing_of_the_previous_game(tmp_path):
    board = board_for(sm.new_game(seed=11), autosave=tmp_path)
    board.click_target(("home",))
    board.save()
    board.show_summary(1)
    board.overlay.hint = (len(board.game.history), None, [("home",)])
    board.set_option("quick_play", False)
    board.set_option("quick_discard", False)
    board.click_target(("hand", board.game.state.players[0].hand[0]))  # a card selected
    assert "selected" in [k for _, k in board.controller.highlights()]
    text = board.game.dumps()
    board.new_game(seed=12)
    assert board.save_link.value == "" and board.summary_row.layout.display == "none"
    assert board.overlay.hint is None and "selected" not in [k for _, k in board.controller.highlights()]
    assert "New game" in board.message.value
    board.load_text(text, "saved.json")
    assert board.save_link.value == "" and board.overlay.layout.display == "none"


def test_a_loaded_game_goes_on_in_its_own_autosave(tmp_path):
    """One autosave per game, also after a Load (issue 15: a Load left ...seedN.json and
    ...seedN-2.json, both 'Day 2, Stage 1'); a Load that goes back keeps the later steps aside."""
    board = board_for(sm.new_game(seed=9), autosave=tmp_path)
    board.game.apply("draw home")
    early = board.game.dumps()
    board.game.apply(board.game.legal_intents()[0])
    later = board.game.dumps()
    board.load_text(later, "later.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["station-master-autosave-seed9.json"]
    board.load_text(early, "early.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["station-master-autosave-seed9.backup.json",
                                                         "station-master-autosave-seed9.json"]
    assert sm.loads((tmp_path / "station-master-autosave-seed9.json").read_text()).history == \
        sm.loads(early).history
    assert sm.loads((tmp_path / "station-master-autosave-seed9.backup.json").read_text()).history == \
        sm.loads(later).history
    other = sm.new_game(seed=9, players=["Ann", "Bo"], mode="competitive")  # the same seed, another game
    board.load_text(other.dumps(), "other.json")
    board.game.apply(board.game.legal_intents()[0])
    assert "station-master-autosave-seed9-2.json" in {p.name for p in tmp_path.iterdir()}


def test_play_switches_the_controllers_options():
    board = sm.play(seed=7, autosave=False, auto_end_draw=False, work_all=False)
    assert board.controller.auto_end_draw is False and board.controller.work_all is False
    assert board.auto_end_toggle.value is False
    board.auto_end_toggle.value = True
    assert board.controller.auto_end_draw is True
    with pytest.raises(ValueError):
        board.set_option("fly", True)


def test_messages_say_an_before_a_vowel():
    """Issue 15: 'A Oil Refinery cannot go on the Running Track'."""
    from stationmaster.builder import Position
    from stationmaster.errors import IllegalIntent
    from stationmaster.grammar import a

    assert (a("Oil Refinery"), a("Depot"), a("Extra Platform")) == ("an Oil Refinery", "a Depot", "an Extra Platform")
    b = Position(seed=2, players=["Ann"])
    refinery, = b.hand("Ann", ["oil_refinery"])
    game = b.game()
    game.apply("draw home")
    with pytest.raises(IllegalIntent, match="^An Oil Refinery cannot go on the Running Track"):
        game.apply(f"play {refinery} at 1,0")


def test_the_hint_opens_over_the_board_and_goes_with_the_next_intent():
    board = board_for(sm.new_game(seed=7))
    decision = board.show_hint()
    if decision is None:
        pytest.skip("no planner bot here")
    assert board.hint_box.layout.display == "block" and board.overlay.layout.display == "flex"
    assert "Hint:" in board.hint_box.value
    board.game.apply(decision.intent)
    assert board.hint_box.layout.display == "none" and board.overlay.layout.display == "none"


def test_load_has_a_tooltip_and_its_label_is_load():
    """Issue 15: Load was labelled "Load (0)" (the upload widget counts the files chosen) with the
    tooltip "null"; the board's CSS writes "Load" instead of the count."""
    from stationmaster.widgets import frontend

    board = board_for(sm.new_game(seed=7))
    assert board.upload.tooltip and "load" in board.upload.tooltip.lower()
    assert "sm-upload" in board.upload._dom_classes
    css = frontend.css()
    assert ".sm-upload{font-size:0}" in css and "content:'Load'" in css


def test_a_long_message_and_every_refusal_are_in_the_log_whole():
    """Issue 15: the message line shows one line (the rest on hover); the log keeps a refusal or a
    warning whole, and a long message's own words (not the events' sentences, which the log has
    already); Undo of the intent before it takes it away with that intent's events."""
    game = sm.new_game(seed=7)
    board = board_for(game)
    board.click_target(("dept", 1))  # Draw from Department 1
    n_log = board.log_text().count("\n")
    board.click_target(("home",))  # refused: drawn already
    assert board.controller.error
    assert "⚠ " + board.controller.message in board.log_text()
    assert board.log_text().count("\n") == n_log + 1
    board.refresh(game_changed=False)  # shown again: logged once
    assert board.log_text().count("\n") == n_log + 1
    game2 = sm.new_game(seed=4)
    board.game = game2
    c = board.controller
    while "was held by itself" not in c.message and not game2.is_over:  # a sure collision, held
        it = advice.hint(game2).intent
        do(board, [("press", WORK_ALL)] if it in c.obvious_work() else c.clicks_for(it))
    assert len(c.message) > board.LONG_MESSAGE
    assert any("was held by itself" in line and line.startswith("✎") for line in board.log_text().splitlines())
    before = board.log_text().count("was held by itself")
    board.undo_button.click()  # the hold made by itself, undone: its message goes with its events
    assert board.log_text().count("was held by itself") == before - 1
