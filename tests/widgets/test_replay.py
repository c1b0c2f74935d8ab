"""The replay (issue 31.2): ``sm.replay(game_or_save, review=None)`` shows the board read-only over a
game's record — each step the position in which a decision was made, rebuilt from the nearest
snapshot; the keys and buttons move as documented; nothing on it changes the game; the played and
the better move are marked; the review's words and curve shown; on both surfaces. And the live
board's Review button opens it."""

from __future__ import annotations

import html
import random
import sys
import types
from dataclasses import dataclass

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")
pytest.importorskip("anywidget")

import stationmaster as sm  # noqa: E402
from stationmaster.widgets.replayboard import READ_ONLY, ReplayBoard  # noqa: E402
from stationmaster.widgets.replaysteps import KEYS, ReplaySteps  # noqa: E402


def _random_game(seed: int = 4, n: int = 160, **options):
    game = sm.new_game(seed=seed, **options)
    rng = random.Random(seed)
    while len(game.history) < n and not game.is_over:
        game.apply(rng.choice(list(game.legal)))
    return game


@pytest.fixture(scope="module")
def game():
    return _random_game()


@dataclass(frozen=True)
class Judgement:  # what stationmaster.review promises a judgement has
    seq: int
    player: str
    kind: str
    played: object
    better: object
    loss: float
    verdict: str
    why: str
    value: float


class FakeReview:
    """A Review as ``stationmaster.review`` promises one: a "blunder" at each decision whose better
    move is another legal intent of that position."""

    def __init__(self, game, every: int = 7):
        self.game, self.player = game, game.players[0]
        self.decisions = []
        for e in game.timeline:
            if e.seq % every:
                continue
            others = [i for i in _legal_at(game, e.seq) if i != e.intent]
            if others:
                self.decisions.append(Judgement(e.seq, self.player, "drawing", e.intent, others[0], 3.5,
                                                "blunder", f"with `{others[0]}` the Office keeps 3.5 Revenue",
                                                10.0 - e.seq / 20))
        self.lost_by_kind = {"drawing": 3.5 * len(self.decisions)}
        self.curve = [(e.seq, 10.0 - e.seq / 20) for e in game.timeline]

    def at(self, seq):
        return next((j for j in self.decisions if j.seq == seq), None)

    def comments(self):
        return {j.seq: j.why for j in self.decisions}


def _legal_at(game, seq):
    g = sm.new_game(seed=game.seed)
    g.replay(game.history[:seq - 1])
    return list(g.legal)


def test_every_step_is_the_position_of_its_decision_rebuilt_from_the_record(game):
    """Step k is the game rebuilt to the position before decision k (the end: after the last),
    the played move is decision k's, and the game replayed is left as it was."""
    before = (game.history, game.state.clone())
    steps = ReplaySteps(game)
    fresh = sm.new_game(seed=game.seed)
    for k in range(1, steps.last + 1):
        steps.go(k)
        step = steps.step()
        assert step.state == fresh.state, k
        if k <= len(game.history):
            assert step.entry.seq == k and step.entry.intent == game.history[k - 1]
            fresh.apply(game.history[k - 1])
        else:
            assert step.entry is None
    assert (game.history, game.state) == before


@pytest.mark.parametrize("surface", ["canvas", "svg"])
def test_keys_and_buttons_move_as_documented(game, surface):
    board = sm.replay(game, surface=surface)
    t = game.timeline
    stage = lambda k: (t[k - 1].turn.day, t[k - 1].turn.stage)  # noqa: E731
    idle = board.idle.__contains__  # greyed buttons: nowhere to go
    assert board.k == 1 and idle("back") and idle("first") and not idle("forward")
    board.press("ArrowRight")
    assert board.k == 2
    board.press("ArrowLeft")
    assert board.k == 1
    board.press("ArrowDown")  # the next Stage's first decision
    k = board.k
    assert k > 1 and stage(k) != stage(1) and all(stage(j) == stage(1) for j in range(1, k))
    board.press("ArrowRight")
    board.press("ArrowUp")  # back to this Stage's start
    assert board.k == k
    board.press("ArrowUp")  # already there: the Stage before's start
    assert board.k == 1
    board.press("End")
    assert board.k == len(t) + 1 and board.current.entry is None and idle("last")
    assert "After decision" in board.status.value
    board.press("Home")
    assert board.k == 1
    board.press("KeyQ")  # not a replay key: nothing moves
    assert board.k == 1
    for move, key in ((m, k) for k, m in KEYS.items()):  # each button makes its key's move
        board.go(len(t) // 2)
        board.press(key)
        by_key = board.k
        board.go(len(t) // 2)
        board.buttons[move].click()
        assert board.k == by_key, move
    board.slider.value = 17
    assert board.k == 17 and board.current.entry.seq == 17
    assert f"Decision 17 of {len(t)}" in board.status.value


@pytest.mark.parametrize("surface", ["canvas", "svg"])
def test_nothing_on_the_replay_changes_the_game(game, surface, monkeypatch):
    """Read-only: every place on the table clicked, at several steps, applies nothing (the game's
    apply is never called) and says so."""
    record, state = game.history, game.state.clone()
    board = sm.replay(game, surface=surface)
    monkeypatch.setattr(game, "apply", lambda *a, **k: pytest.fail("the replay applied an intent"))
    for k in (1, 40, len(record) + 1):
        board.go(k)
        for target in list(board.table.hits):
            click = board.table.canvas.click if surface == "svg" else board.click  # the SVG's: as the browser's
            click(*board.table.point_for(target))
        assert READ_ONLY in board.status.value
    assert game.history == record and game.state == state


@pytest.mark.parametrize("surface", ["canvas", "svg"])
def test_the_played_and_the_better_move_are_marked_with_the_reviews_words(game, surface):
    review = FakeReview(game)
    judged = review.decisions[0]
    board = sm.replay(game, review=review, surface=surface, step=judged.seq)
    marks = board.current.marks()
    assert {kind for _, kind in marks} <= {"played", "better"} and any(kind == "better" for _, kind in marks)
    shapes = board.table.highlight_shapes()
    from stationmaster.widgets.tableview import HIGHLIGHT

    strokes = {s.stroke for s in shapes}
    assert HIGHLIGHT["light"]["better"][0] in strokes
    words = board.words.value
    assert "blunder" in words and "Better" in words and "keeps 3.5 Revenue" in words and "3.5 Revenue lost" in words
    better = html.escape(board.current.said(judged.better))
    assert f"With {better} the Office" in words and "`" not in words  # the review's quoted intent, in words
    assert "sm-curve-here" in board.curve.value and "better" in board.curve.value  # the curve and its legend
    if surface == "svg":  # drawn in the picture the browser shows
        assert HIGHLIGHT["light"]["better"][0] in board.table.canvas.layer_highlight
    board.move("forward")
    assert "blunder" not in board.words.value and "did not judge" in board.words.value
    board.go(next(e.seq for e in game.timeline if str(e.intent) == "end"))  # made by a button: said so
    assert board.current.marks() == [] and "(a button)" in board.words.value


def test_a_step_draws_in_well_under_50_ms(game):
    """The kernel's time for a step (rebuild from the snapshot, scene, paint, words): the budget is
    50 ms (benchmarks/replay.py measures it on a whole planner game)."""
    board = sm.replay(game, surface="svg")
    board.page.room_width, board.page.room_height = 1000, 560
    times = []
    for k in range(1, len(game.history) + 2, 5):
        board.go(k)
        times.append(board.step_ms)
    assert sorted(times)[len(times) // 2] < 50, times


def test_replay_opens_a_save_and_refuses_what_is_not_a_game(game, tmp_path):
    path = tmp_path / "game.json"
    game.save(path)
    board = sm.replay(str(path))
    assert isinstance(board, ReplayBoard) and board.game.history == game.history
    assert sm.widgets.replay is not None and sm.widgets.ReplayBoard is ReplayBoard
    with pytest.raises(TypeError, match="Game or a save file"):
        sm.replay(42)


def test_the_review_button_opens_the_replay_with_the_review_in_the_boards_place(monkeypatch):
    played = _random_game(seed=2, n=60)
    calls = []
    fake = types.ModuleType("stationmaster.review")
    def review(g, progress=None):
        calls.append(g)
        progress(1, 2)  # the bar shows while the review runs
        bars.append((board.review.progress.layout.display, board.review.progress.value))
        return FakeReview(g)

    bars = []

    fake.review = review
    monkeypatch.setitem(sys.modules, "stationmaster.review", fake)
    fresh = sm.play(seed=3, autosave=False)
    assert fresh.review.button.layout.display == "none"  # nothing to review yet
    board = sm.play(played, autosave=False)  # a game given with its record: reviewable
    assert board.review.button.layout.display != "none"
    shown = board.children
    board.review.button.click()
    replay = board.review.replay
    assert calls == [played] and board.children == (replay,) and replay.review is not None
    assert bars == [("", 1)] and board.review.progress.layout.display == "none"
    assert replay.close_button.layout.display != "none"
    replay.close_button.click()
    assert board.children == shown and board.review.replay is None
    alone = sm.replay(played, surface="svg")  # a replay without a review has its own Review button
    assert alone.review is None and alone.review_button.layout.display != "none"
    alone.review_button.click()
    assert alone.review is not None and alone.review_button.layout.display == "none"
    assert "did not judge" in alone.words.value or "Better" in alone.words.value


def test_play_on_from_here_starts_a_new_game_on_its_own_board(game, tmp_path):
    """One click from a step starts a game from that position (hot-seat here) on a board of its own,
    with its own autosave, shown in the replay's place; the replayed game is untouched."""
    record, state = game.history, game.state.clone()
    replay = sm.replay(game, surface="svg", step=40, autosave=str(tmp_path))
    replay.play_on.button.click()
    new = replay.play_on.board
    assert new is not None and replay.children[-1] is new
    assert new.game is not game and new.game.history == record[:39] and new.game.bots == {}
    assert new.game.state == ReplaySteps(game, k=40).step().state
    new.press(str(next(iter(new.game.legal))))  # playing on changes the new game only
    assert len(new.game.history) == 40 and game.history == record and game.state == state
    saved = list(tmp_path.iterdir())
    assert len(saved) == 1 and new.autosave_path == str(saved[0])
    replay.back_to_replay()
    assert replay.children[-1] is replay.play_on and replay.k == 40


def test_play_on_seats_bots_where_they_are_chosen():
    two = _random_game(seed=3, n=50, players=["Ann", "Bo"], mode="competitive", bots={"Bo": "greedy"})
    replay = sm.replay(two, surface="svg", step=20, autosave=None)
    seats = replay.play_on.seats
    assert seats["Ann"].value == "Human" and seats["Bo"].value == "greedy"  # as the game was
    seats["Ann"].value = "random"
    board = replay.branch()
    assert board.game.bots == {"Ann": "random", "Bo": "greedy"} and board.game.history == two.history[:19]
    assert two.bots == {"Bo": "greedy"}
    bots_only = _random_game(seed=5, n=10, bots={"Player": "random"})
    assert sm.replay(bots_only, surface="svg").play_on.seats["Player"].value == "Human"  # playing on: yours


def test_opening_and_closing_the_replay_leaves_no_widgets_behind():
    """The Review button's replay, opened and closed again and again (stepped each time), leaves
    the kernel's widget models as they were after the first."""
    from ipywidgets.widgets import widget

    board = sm.play(_random_game(seed=2, n=40), autosave=False)
    counts = []
    for _ in range(4):
        replay = board.review.open(review=None)
        replay.move("forward")
        replay.close_button.click()
        counts.append(len(widget._instances))
    assert counts[1:] == counts[:1] * 3, counts


def test_a_decisions_note_is_shown_with_its_step():
    noted = _random_game(seed=6, n=30)
    noted.annotate(12, "Should have kept the Depot <here>")
    replay = sm.replay(noted, surface="svg", step=12)
    assert "Note</b>: Should have kept the Depot &lt;here&gt;" in replay.words.value
    replay.move("forward")
    assert "Note" not in replay.words.value


def test_a_review_that_fails_opens_the_replay_without_it_and_says_why(monkeypatch):
    fake = types.ModuleType("stationmaster.review")

    def review(g, progress=None):
        raise RuntimeError("no futures to sample")

    fake.review = review
    monkeypatch.setitem(sys.modules, "stationmaster.review", fake)
    board = sm.play(_random_game(seed=2, n=20), autosave=False)
    board.review.button.click()
    replay = board.review.replay
    assert replay is not None and replay.review is None
    assert "The review could not be made: RuntimeError: no futures to sample" in replay.status.value

