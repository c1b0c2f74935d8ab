"""sm.review: what a review holds and says, that it is honest (the review of a position does not
change when the cards its player could not see do), paired (the same futures for every line) and
that Ctrl-C keeps what is done."""

import importlib
import json

import pytest

import stationmaster as sm
from stationmaster.bots.planner import PlannerBot
from stationmaster.game import Game
from stationmaster.intents import Agent, Draw
from stationmaster.review import KINDS, THRESHOLDS, VERDICTS, Judgement, iter_review
from stationmaster.review.judge import verdict_for
from stationmaster.timeline import thaw

from planted import unstocked_game


def planner_game(seed=1, decisions=40, **options):
    g = sm.new_game(seed=seed, **options)
    bot = PlannerBot(0)
    while not g.is_over and len(g.history) < decisions:
        g.apply(bot.choose(g))
    return g


def test_the_planners_own_decisions_are_best_and_a_deviation_is_judged():
    """A game the planner plays but for one Freight Agent pass where it would stock a green box:
    every decision of the planner's is "best", the pass is not, its loss is the expected Revenue
    it costs, and the record says it in game terms."""
    g, passed = unstocked_game(1, 120)  # (a deal where the first pass costs Revenue under the default edition)
    assert passed is not None
    r = sm.review(g)
    j = r.at(passed)
    assert j is not None and j.played == Agent("pass") and j.better is not None and j.better.action == "stock"
    assert j.verdict in ("mistake", "blunder") and j.loss >= THRESHOLDS[1][1]
    assert j.kind == "freight agent" and r.lost_by_kind["freight agent"] == pytest.approx(j.loss)
    assert all(x.verdict == "best" and x.loss == 0 and x.better is None for x in r.decisions if x.seq != passed)
    assert r.comments() == {passed: r.comments()[passed]}
    assert r.comments()[passed].startswith(f"{j.verdict.capitalize()} (\u2212{j.loss:.1f}): ")
    assert [s for s, _ in r.curve] == [x.seq for x in r.decisions] and r.at(10**6) is None
    assert set(r.lost_by_kind) == set(KINDS) and not r.partial
    html = r._repr_html_()
    assert "<svg" in html and "<table" in html and "<code>agent pass</code>" in html
    assert "mistake" in repr(r) or "blunder" in repr(r)


def test_forced_decisions_and_other_players_decisions_are_not_judged():
    g = planner_game(seed=3, decisions=60, players=["Ann", "Bo"], mode="competitive")
    r = sm.review(g, player="Bo")
    seats = {e.seq: e.actor for e in g.timeline}
    assert r.decisions and all(seats[j.seq] == 1 and j.player == "Bo" for j in r.decisions)
    walker = Game.from_position(g.config, g.seed, thaw(g.timeline.snapshot(0)))
    forced = set()
    for e in g.timeline:
        if len(walker.legal) == 1:
            forced.add(e.seq)
        walker.apply(e.intent)
    assert not forced & {j.seq for j in r.decisions}
    assert sm.review(g).player == "Ann"  # no human named: the first seat


def hidden_cards_changed(state, other: str | None):
    """The state with the Home Office order reversed and, when ``other`` names a player, that
    player's hand swapped for the Home Office's top cards."""
    s = thaw(state)
    s.home.reverse()
    if other is not None:
        p = next(p for p in s.players if p.name == other)
        n = len(p.hand)
        p.hand, s.home = s.home[:n], p.hand + s.home[n:]
    return s


@pytest.mark.parametrize("players", [["Player"], ["Ann", "Bo"]])
def test_the_review_of_a_position_does_not_change_when_the_hidden_cards_do(players):
    """Two games from positions that differ only in what Ann (or the solitaire player) cannot see —
    the Home Office order and the other hand — with the same decisions played (a draw from the Home
    Office last, which reveals a card): their reviews are the same, judgement for judgement."""
    me = players[0]
    g = sm.new_game(seed=4, players=players, **({"mode": "competitive"} if len(players) > 1 else {}))
    other = players[1] if len(players) > 1 else None
    from stationmaster.timeline import freeze

    states = [freeze(g.state), freeze(hidden_cards_changed(freeze(g.state), other))]
    games = [Game.from_position(g.config, g.seed, thaw(s)) for s in states]
    assert games[0].state.home != games[1].state.home
    mine = 0
    while mine < 3:  # the same intents in both: Ann passes twice (the planner would not), then draws
        if games[0].actor == me:  # from the Home Office, the decision that reveals a card, last
            mine += 1
            it = Draw("home") if mine == 3 else Agent("pass")
        else:  # the other seat passes (what it holds differs between the games)
            it = next(x for x in games[0].legal if str(x) in ("agent pass", "end", "hold"))
        for game in games:
            game.apply(it)
    reviews = [sm.review(game, player=me, depth="fast") for game in games]
    assert [j.played for j in reviews[0].decisions] == [Agent("pass"), Agent("pass"), Draw("home")]
    assert reviews[0].decisions == reviews[1].decisions


def test_the_same_game_gives_the_same_review_and_jobs_give_it_too():
    g = planner_game(seed=2, decisions=30)
    a = sm.review(g, depth="fast")
    b = sm.review(g, depth="fast", jobs=2)
    assert a.decisions == b.decisions and a.decisions


def test_progress_is_told_and_ctrl_c_keeps_what_is_done():
    g = planner_game(seed=2, decisions=40)
    told = []

    def progress(done, total):
        told.append((done, total))
        if done == 3:
            raise KeyboardInterrupt

    r = sm.review(g, depth="fast", progress=progress)
    total = told[0][1]
    assert told == [(1, total), (2, total), (3, total)] and total > 3
    assert r.partial and len(r.decisions) == 3 and r.total == total
    assert f"partial: stopped after 3 of {total}" in repr(r)
    first = next(iter_review(g, depth="fast"))  # the first judgement comes alone
    assert isinstance(first, Judgement) and first == r.decisions[0]


def test_the_progress_bar_is_a_notebooks_and_a_script_gets_a_line(monkeypatch, capsys):
    """progress=True draws an ipywidgets bar only in a notebook's kernel (IPython's shell with a kernel):
    a script or a test run that has merely imported ipykernel gets the line on standard error (the CI
    rehearsal caught the bar printed as a VBox's repr by `stationmaster review` in a test worker)."""
    import IPython
    import ipykernel  # noqa: F401  (imported, as in a process that ran a notebook: no kernel for all that)

    from stationmaster.kernel import in_a_notebook
    g = planner_game(seed=2, decisions=12)
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    sm.review(g, depth="fast", progress=True)
    captured = capsys.readouterr()
    assert "reviewing: " in captured.err and "VBox" not in captured.out
    assert not in_a_notebook()

    class Shell:  # what a notebook's kernel has: IPython's shell, talking to a kernel
        kernel = object()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    assert in_a_notebook()


def test_bad_input_is_refused_in_words():
    g = planner_game(seed=2, decisions=5)
    with pytest.raises(ValueError, match="'Zed' is not a player of this game"):
        sm.review(g, player="Zed")
    with pytest.raises(ValueError, match="the depth of a review is one of fast, normal, deep"):
        sm.review(g, depth="very")
    with pytest.raises(ValueError, match="jobs is a whole number"):
        sm.review(g, jobs=0)
    with pytest.raises(TypeError, match="review a game or the path of a save"):
        sm.review(42)


def test_verdicts_follow_the_documented_thresholds():
    assert [name for name, _ in THRESHOLDS] == list(reversed(VERDICTS[1:]))
    assert verdict_for(0.0, True) == "best" and verdict_for(0.05, False) == "good"
    for name, least in THRESHOLDS:
        assert verdict_for(least, False) == name


def test_the_review_notebook_has_the_comments_at_their_stages(tmp_path):
    g, passed = unstocked_game(9, 100)
    g.annotate(passed, "I wanted to draw instead")
    r = sm.review(g, depth="fast")
    path = tmp_path / "review.ipynb"
    r.to_notebook(path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = ["".join(c["source"]) for c in nb["cells"]]
    turn = g.timeline[passed - 1].turn
    head = text.index(f"## Day {turn.day}, Stage {turn.stage}")
    told = next(t for t in text[head:] if t.startswith("- `"))
    assert "- `agent pass`: " in told and "**Note:** I wanted to draw instead" in told
    assert f"Review: {r.at(passed).verdict.capitalize()} (" in told
    assert text[1].startswith("## Review") and text[0].startswith("# Station Master")
    assert nb["metadata"]["stationmaster"]["review"]["player"] == "Player"
    assert g.notes == {passed: "I wanted to draw instead"}  # the reviewed game's notes are its own
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.from_dict(nb))


def test_the_comments_become_notes_a_player_keeps_in_the_save(tmp_path):
    """Review.annotate: the comments are notes on the game (after the player's own), a second
    review replaces the first's, and a save keeps them."""
    g, passed = unstocked_game(9, 100)
    g.annotate(passed, "mine")
    r = sm.review(g, depth="fast")
    assert r.annotate() == len(r.comments()) >= 1
    assert g.notes[passed] == "mine\nReview: " + r.comments()[passed]
    r.annotate()  # again: the review's comment replaced, not added twice
    assert g.notes[passed].count("Review: ") == 1
    path = tmp_path / "g.json"
    g.save(path)
    assert sm.load(path).notes == g.notes


def test_a_decision_that_cannot_be_judged_is_said_and_the_rest_are_judged(monkeypatch):
    """An engine fault in one decision's rollouts is warned about, that decision left out; the
    review goes on with the others."""
    judging = importlib.import_module("stationmaster.review.judge")  # the module: the package's ``judge`` is its function

    g = planner_game(seed=2, decisions=12)
    real = judging.rollout
    calls = []

    def failing(det, player, line, stop):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("a card's rule failed")
        return real(det, player, line, stop)

    monkeypatch.setattr(judging, "rollout", failing)
    with pytest.warns(RuntimeWarning, match=r"decision \d+ could not be judged \(RuntimeError: a card's rule failed\)"):
        r = sm.review(g, depth="fast")
    assert r.decisions and not r.partial and len(r.decisions) == r.total
    walked = sum(1 for _ in iter_review(planner_game(seed=2, decisions=12), depth="fast"))
    assert len(r.decisions) == walked - 1
