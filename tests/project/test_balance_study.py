"""The one command that replays the whole balance study (tools/study.py, issue 16 item 4): its quick
mode writes every table and plot the page shows, with issue 16's acceptance computed beside them."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import pathlib
import shutil
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("study", ROOT / "tools" / "study.py")
study = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("study", study)  # its dataclass looks its module up while the module loads
_spec.loader.exec_module(study)

PLOTS = ("revenue", "revenue_by_day", "win_rate", "collisions", "yards", "revenue_by_source")


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    """One --quick run into a temporary folder (the real page is copied there, never written)."""
    pytest.importorskip("matplotlib")
    out = tmp_path_factory.mktemp("study")
    page = (ROOT / "docs" / "balance.md").read_bytes()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert study.main(["--quick", "--jobs", "1", "--seed", "7", "--out", str(out)]) == 0
    assert (ROOT / "docs" / "balance.md").read_bytes() == page
    return out, err.getvalue()


def _section(text: str, heading: str) -> str:
    """The text under ``heading`` up to the next heading of the same or a higher level."""
    level = heading.split(" ", 1)[0]
    body = text.split(heading, 1)[1]
    stops = [i for i in (body.find(f"\n{'#' * n} ") for n in range(1, len(level) + 1)) if i >= 0]
    return body[:min(stops)] if stops else body


@pytest.mark.slow  # the module's one --quick study (its fixture): about 40 s
def test_quick_study_writes_every_solitaire_table(quick):
    out, _ = quick
    text = (out / "balance.md").read_text(encoding="utf-8")
    assert "## Conclusions" in text and "### Multiplayer (the floors)" in text  # the hand-written text stays
    generated = text.split(study.balance.BEGIN, 1)[1].split(study.balance.END, 1)[0]
    default = generated.split("\n## ", 1)[0]
    for length, bots in (("Short", study.SOLO_BOTS), ("Standard", study.SOLO_BOTS + ("search",)),
                         ("Campaign", study.SOLO_BOTS)):
        table = _section(default, f"### {length} (")
        for bot in bots:
            assert f"| {bot} | day_end | 1 |" in table, (length, bot)
        assert "Mean Revenue at each Day's end" in table
    spread = _section(default, "### Spread across seeds")
    assert "| sd/mean | min | max | sd boarding |" in spread
    for length in ("short", "standard", "campaign"):
        assert f"| {length} | planner | day_end | 1 |" in spread
    previous = study.earlier_editions(False)
    assert previous, "the default edition has an earlier one to compare with"
    others = {"the full deck": ("planner",), "the classic deck with adversity": ("greedy", "planner"),
              "the full deck with adversity": ("greedy", "planner"),
              f"the classic deck under edition {previous[0]}": ("passenger", "planner")}
    for title, bots in others.items():
        part = _section(generated, f"## The study with {title}\n")
        assert "#### Standard (5 Days" in part and "#### Spread across seeds" in part, title
        for bot in bots:
            assert f"| {bot} | day_end | 1 |" in part, (title, bot)


@pytest.mark.slow  # the module's one --quick study (its fixture): about 40 s
def test_quick_study_draws_every_plot(quick):
    out, _ = quick
    for folder in ("", "full", "adversity", "full-adversity", study.earlier_editions(False)[0]):
        for name in PLOTS:
            assert (out / "balance" / folder / f"{name}.png").stat().st_size > 0, (folder, name)


@pytest.mark.slow  # the module's one --quick study (its fixture): about 40 s
def test_quick_study_writes_the_multiplayer_tables(quick):
    out, _ = quick
    text = (out / "balance.md").read_text(encoding="utf-8")
    table = text.split(study.multiplayer.BEGIN, 1)[1].split(study.multiplayer.END, 1)[0]
    for mode in ("coop", "competitive"):
        for seats in (2, 3, 4):
            assert f"| {mode} | {seats} | " in table
    for careless in ("greedy", "random"):
        for seats in (2, 3, 4):
            assert f"| {seats} | `{careless}` | " in table
    assert "Competitive per-seat Revenue at 4 seats is" in table
    assert (out / "balance-data" / f"multiplayer-{study.EDITION}.jsonl").exists()


@pytest.mark.slow  # the module's one --quick study (its fixture): about 40 s
def test_quick_study_puts_the_acceptance_at_the_top(quick):
    out, _ = quick
    text = (out / "balance.md").read_text(encoding="utf-8")
    assert text.index(study.ACCEPT_BEGIN) < text.index(study.balance.BEGIN)
    table = text.split(study.ACCEPT_BEGIN, 1)[1].split(study.ACCEPT_END, 1)[0]
    for measure in ("`passenger` wins", "`greedy` wins", "`planner` wins", "`planner`'s Revenue from freight",
                    "`planner`'s switching turns", "`planner`'s Local Operations turns on box chores",
                    "`planner`'s finished loads and unloads that paid nothing", "`planner`'s games with at most one",
                    "`expert` − `planner`", "`expert` scores more", "`planner`'s and `expert`'s Revenue correlation",
                    "`search` wins", "Co-op, 2 seats", "Co-op, 3 seats", "Co-op, 4 seats",
                    "Competitive per-seat Revenue, 4 seats against 2", "full deck: `planner` wins",
                    "full deck: `planner`'s sd"):
        (line,) = [row for row in table.splitlines() if row.startswith(f"| {measure}")]
        assert line.rstrip().endswith(("| met |", "| **not met** |", "| not measured |")), line


@pytest.mark.slow  # the module's one --quick study (its fixture): about 40 s
def test_quick_study_writes_the_depth_section(quick):
    """Issue 29: the ladder on paired deals, the luck between its two strongest bots, each bot's turns and
    freight, between their markers after the acceptance and before the figures."""
    out, _ = quick
    text = (out / "balance.md").read_text(encoding="utf-8")
    assert text.index(study.ACCEPT_END) < text.index(study.ladder.BEGIN) < text.index(study.balance.BEGIN)
    depth = text.split(study.ladder.BEGIN, 1)[1].split(study.ladder.END, 1)[0]
    for k, bot in enumerate(study.ladder_bots(), 1):
        assert f"| {k} | `{bot}` | 1 (7–7) |" in depth, bot
    assert "**Luck on paired deals**" in depth
    table = depth.split("| bot | games | Local Operations turns |", 1)[1]
    for bot in (*study.ladder_bots(), "search"):
        assert f"| `{bot}` | 1 | 60.0 | " in table, bot  # one option a Stage: 60 in a Standard game
    if "expert" not in study.ladder_bots():
        assert "`expert` is absent: not registered" in depth


@pytest.mark.slow  # the module's one --quick study (its fixture): about 40 s
def test_a_second_run_reuses_the_saved_settings(quick):
    out, _ = quick
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert study.main(["--quick", "--jobs", "1", "--seed", "7", "--out", str(out), "--no-plots"]) == 0
    log = err.getvalue()
    assert "expected" in log.splitlines()[0]  # the estimate comes first
    assert log.count("reusing") == len(study.plan(editions=study.earlier_editions(False), quick=True))  # every setting kept, none played again


@pytest.mark.slow  # the module's one --quick study (its fixture), then one more without the raw rows
def test_a_later_sitting_resumes_from_the_summaries_this_code_wrote(quick, tmp_path):
    """A study too long for one sitting: another checkout has only the committed summaries (no
    build/ rows). Every solitaire setting this very code played is kept from its summary; one whose
    ``code`` fingerprint differs (an engine or bot changed since) is played again."""
    out, _ = quick
    later = tmp_path / "later"
    shutil.copytree(out, later, ignore=shutil.ignore_patterns("data"))
    solo = [s for s in study.plan(editions=study.earlier_editions(False), quick=True) if not s.cell]
    changed = later / "balance-data" / "planner-short-day_end.json"
    summary = json.loads(changed.read_text())
    assert summary["setting"]["code"] == study.code_fingerprint()
    summary["setting"]["code"] = "0" * 12
    changed.write_text(json.dumps(summary))
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert study.main(["--quick", "--jobs", "1", "--seed", "7", "--out", str(later), "--no-plots"]) == 0
    log = err.getvalue()
    assert log.count("in an earlier sitting") == len(solo) - 1
    assert "planner-short-day_end.json: 1 games this code played" not in log
    assert "balance: planner short day_end classic: 1 games in" in log  # played again
    assert json.loads(changed.read_text())["setting"]["code"] == study.code_fingerprint()
    assert not (later / "balance-data" / "partial").exists()  # a finished study leaves nothing part-done


def test_a_long_setting_stopped_part_way_goes_on_from_its_last_game(tmp_path):
    """A setting's games are saved one by one as they finish (``balance.play_resumably``): a run
    stopped after three of six games plays only the other three when started again, a game another
    code played (another ``code`` stamp) is played again, and the file is gone once all are in."""
    partial = tmp_path / "partial" / "expert-standard-day_end.jsonl"
    asked = []

    def play(first, count, stop_after=None):
        asked.append((first, count))
        for k in range(first, first + count):
            if stop_after is not None and k - first == stop_after:
                raise KeyboardInterrupt
            yield {"seed": k, "revenue": {"Player": k % 7}}

    with pytest.raises(KeyboardInterrupt):
        study.balance.play_resumably(6, 101, lambda f, c: play(f, c, stop_after=3), {"code": "abc"}, partial, log=print)
    assert [r["seed"] for r in study.balance.read_rows(partial)] == [101, 102, 103]
    lines = partial.read_text().splitlines()  # one of them was played by another code
    lines[1] = lines[1].replace('"code":"abc"', '"code":"old"')
    partial.write_text("\n".join(lines) + "\n" + lines[2][:9])  # and a line cut short by the stop
    asked.clear()
    rows = study.balance.play_resumably(6, 101, play, {"code": "abc"}, partial, log=print)
    assert asked == [(102, 1), (104, 3)]
    assert [r["seed"] for r in rows] == list(range(101, 107)) and all(r["code"] == "abc" for r in rows)
    assert not partial.exists()


def test_a_table_of_seats_this_code_played_is_kept_from_the_committed_partial_folder(tmp_path, monkeypatch):
    """A cell finished in an earlier sitting (saved under the summaries' partial/cells/, stamped with the
    code) is kept in the next one without a game played; one another code played is played again."""
    folders = study.folders_for(tmp_path)
    step = study.Step("planner", "standard", 2, cell=study.multiplayer.CELLS[0])
    kept = study.partial_folder(folders) / "cells" / study.cell_file(folders, step).name
    rows = [{"seed": 2001 + i, "length": "standard", "code": study.code_fingerprint()} for i in range(2)]
    study.balance.write_rows(kept, rows)
    played = []
    monkeypatch.setattr(study.multiplayer, "play", lambda *a, **k: played.append(a) or
                        [{"seed": 2001 + i, "length": "standard"} for i in range(2)])
    study.play_cell(step, 2001, 1, folders, True, log=print)
    assert played == [] and study.balance.read_rows(study.cell_file(folders, step)) == rows
    study.cell_file(folders, step).unlink()
    study.balance.write_rows(kept, [dict(r, code="old") for r in rows])
    study.play_cell(step, 2001, 1, folders, True, log=print)
    assert len(played) == 1 and all(r["code"] == study.code_fingerprint() for r in study.balance.read_rows(kept))


def _rows(revenues, won, freight=0, deck="classic", balance="v2", seed=1, **depth):
    """Solitaire rows as simulate writes them (the fields the page's figures read; ``depth``: the depth
    of play's fields, the same in every row)."""
    return [{**depth, "bot": "b", "mode": "solitaire", "length": "standard", "players": 1, "yard_refill": "day_end",
             "target": 25, "deck": deck, "balance": balance, "optional_rules": [], "seed": seed + i,
             "revenue": {"Player": r}, "won": w, "winners": ["Player"] if w else [], "collisions": 0,
             "yard_refills": 0, "revenue_by_source": {"boarding": r - freight, "freight_out": freight},
             "decisions": 1, "seconds": 0.1, "revenue_by_day": [r]} for i, (r, w) in enumerate(zip(revenues, won))]


def test_the_acceptance_is_computed_from_the_figures():
    """Met / not met follow the numbers: passenger at 1 win in 5 is over 15%, the planner's spread
    against v1's, the full deck's sd against the classic deck's."""
    key = lambda bot, var="": (bot, "standard", study.REFILL, var)  # noqa: E731
    v1 = study.balance.variant("classic", (), "v1")
    full = study.balance.variant("full", (), study.EDITION)
    results = {key("passenger"): _rows([10, 10, 10, 10, 30], [0, 0, 0, 0, 1]),
               key("greedy"): _rows([10] * 10, [0] * 10),
               key("planner"): _rows([20, 30, 40, 30], [0, 1, 1, 1], freight=12, **_depth(6, 12, [1, 1, 0, 0, 1])),
               key("planner", v1): _rows([28, 30, 32, 30], [1, 1, 1, 1], balance="v1"),
               key("planner", full): _rows([10, 50, 30, 30], [0, 1, 1, 1], deck="full")}
    verdicts = {measure: met for measure, *_, met in study.acceptance(results, [])}
    assert verdicts["`passenger` wins, Standard solitaire"] is False  # 20% > 15%
    assert verdicts["`greedy` wins, Standard solitaire"] is True
    assert verdicts["`planner` wins, Standard solitaire"] is True  # 75%
    assert verdicts["`planner`'s Revenue from freight"] is True  # 12 of 30 a game
    assert "`planner`'s sd/mean across seeds" not in verdicts  # withdrawn by issue 29 for the paired correlation
    assert verdicts["`planner`'s switching turns a game"] is True  # 6
    assert verdicts["`planner`'s Local Operations turns on box chores"] is True  # 12 of 60
    assert verdicts["`planner`'s finished loads and unloads that paid nothing"] is True
    assert verdicts["`planner`'s games with at most one freight Day"] is True  # three Days in every game
    assert verdicts["`expert` − `planner`, Revenue a game on the same deals"] is None  # no expert
    assert verdicts["`search` wins, Standard solitaire"] is None  # not played
    assert verdicts["full deck: `planner` wins, Standard solitaire"] is True
    assert verdicts["full deck: `planner`'s sd against the classic deck's"] is False  # 16.3 / 8.2 = 2×
    assert verdicts["Co-op, 2 seats of planners, wins"] is None


def _depth(switch, chores, by_day, unpaid=0):
    """A row's depth-of-play fields: 60 Local Operations turns, ``chores`` of them box chores."""
    return {"local_operations": {"switch": switch, "draw": 60 - switch - chores, "stock": chores, "clear": 0,
                                 "unjam": 0, "pass": 0},
            "freight_finished": {"freight_out": sum(by_day), "freight_in": 0},
            "freight_unpaid": {"freight_out": unpaid, "freight_in": 0}, "freight_by_day": list(by_day)}


def test_issue_29s_acceptance_is_computed_from_the_depth_figures_and_the_paired_deals():
    """Each bound of issue 29 follows its figure: switching, chores, unpaid finishes, freight Days, and the
    expert's step above the planner on the same deals (difference, share, correlation)."""
    key = lambda bot: (bot, "standard", study.REFILL, "")  # noqa: E731
    planner = _rows([30, 20, 25, 25, 30], [1, 0, 1, 1, 1], freight=10, **_depth(5, 13, [0, 2, 0, 0, 0], unpaid=1))
    expert = _rows([34, 22, 30, 31, 28], [1, 0, 1, 1, 1], freight=10, **_depth(9, 3, [1, 1, 1, 0, 0]))
    verdicts = {m: (figure, met) for m, _, figure, _, _, met in study.acceptance({key("planner"): planner,
                                                                                  key("expert"): expert}, [])}
    assert verdicts["`planner`'s switching turns a game"] == ("5.0", False)
    assert verdicts["`planner`'s Local Operations turns on box chores"] == ("22%", False)  # 13 of 60
    assert verdicts["`planner`'s finished loads and unloads that paid nothing"] == ("5 of 10", False)
    assert verdicts["`planner`'s games with at most one freight Day"] == ("100%", False)
    diff, met = verdicts["`expert` − `planner`, Revenue a game on the same deals"]
    assert diff.startswith("+3.0 (") and met is True  # differences 4, 2, 5, 6, -2
    assert verdicts["`expert` scores more than `planner` (deals, ties half)"] == ("80%", True)
    r, met = verdicts["`planner`'s and `expert`'s Revenue correlation across deals"]
    assert met is False and float(r) == round(study.ladder.correlation(study.ladder.pairs(planner, expert)), 2) > 0.6
    assert verdicts["`planner` wins, Standard solitaire"] == ("80%", True)  # issue 29: 60–85%
    expert_beyond = [dict(r, seed=r["seed"] + 100) for r in expert]  # other deals: nothing to pair
    verdicts = {m: met for m, *_, met in study.acceptance({key("planner"): planner, key("expert"): expert_beyond}, [])}
    assert verdicts["`planner`'s and `expert`'s Revenue correlation across deals"] is None


def test_the_ladder_plays_expert_once_it_is_registered():
    names = {s.name for s in study.plan(registered=["random", "greedy", "passenger", "planner", "search"])}
    assert "expert-standard" not in names and "search-standard" in names
    steps = {s.name: s.games for s in study.plan(registered=["planner", "expert"], expert_games=30)}
    assert steps["expert-standard"] == 30
    assert [s.bot for s in study.ladder_plan(40, registered=["random", "greedy", "passenger", "planner", "search"])] == \
        ["random", "greedy", "passenger", "planner"]
    assert [s.games for s in study.ladder_plan(40, registered=["planner", "expert"])] == [40, 40]


@pytest.mark.slow
def test_ladder_only_plays_the_ladder_and_prints_the_depth_section(tmp_path, capsys):
    page = (ROOT / "docs" / "balance.md").read_bytes()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert study.main(["--ladder-only", "--quick", "--seed", "7001", "--jobs", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert (ROOT / "docs" / "balance.md").read_bytes() == page
    assert "## Depth: the ladder on paired deals" in out
    for k, bot in enumerate(study.ladder_bots(), 1):
        assert f"| {k} | `{bot}` | 1 (7001–7001) |" in out
    text = (tmp_path / "balance.md").read_text(encoding="utf-8")
    assert out.strip() in text and text.index(study.ladder.BEGIN) < text.index(study.balance.BEGIN)
    assert "search" not in err.getvalue()  # the ladder alone


def test_the_study_follows_the_engines_default_edition():
    """The study is about whatever edition and deck a new game gets, and plans every setting the page shows."""
    import stationmaster as sm
    game = sm.new_game(seed=1)
    assert (study.EDITION, study.DECK) == (game.config.balance, game.config.deck)
    names = {s.name for s in study.plan()}
    assert {"planner-standard", "search-standard", "planner-campaign", "passenger-short", "coop-4-standard",
            "competitive-4+random-standard", "planner-standard-adversity", "planner-standard-full+adversity"} <= names
    full = {s.name: s.games for s in study.plan()}
    assert full["planner-standard"] == 200 and full["planner-short"] == 100 and full["planner-campaign"] == 40
    assert full["search-standard"] == study.SEARCH_GAMES and full["coop-2-standard"] == 40
    assert study.estimate(study.plan(), 2) < study.estimate(study.plan(), 1)
    fifth = {s.name: s.games for s in study.plan(scale=0.2)}  # the timing run: a fifth of every setting
    assert fifth["planner-standard"] == 40 and fifth["search-standard"] == 8 and fifth["coop-2-standard"] == 8
