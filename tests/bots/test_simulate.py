"""simulate: many bot games in worker processes, their rows and summary, the CLI, the progress bar."""

import importlib
import importlib.util
import io
import json
import statistics
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stationmaster as sm
from stationmaster import cli
from stationmaster.bots import Bot, Decision, play_turns, simulate, summarize
from stationmaster.rules import REVENUE_SOURCES
from stationmaster.config import DEFAULT_BALANCE, TARGETS

sim = importlib.import_module("stationmaster.bots.simulate")  # the module (the package exports the function)


def _without_seconds(rows):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_every_revenue_event_names_its_source():
    """Revenue events say where the Revenue came from, and the sources add up to the Revenue."""
    g = sm.new_game(seed=3, yard_refill="at_once", bots={"Player": "greedy"})
    play_turns(g)
    revenue = [e for e in g.events if e.kind == "revenue"]
    assert revenue and all(e.data.get("source") in REVENUE_SOURCES for e in revenue)
    assert sum(e.amount for e in revenue) == g.revenue["Player"]


def test_rows_are_the_same_whatever_the_number_of_jobs():
    one = simulate("random", length="short", games=4, seed=10, jobs=1)
    two = simulate("random", length="short", games=4, seed=10, jobs=2)
    assert [r["seed"] for r in one] == [10, 11, 12, 13]
    assert _without_seconds(one) == _without_seconds(two)
    greedy = simulate("greedy", length="short", games=2, seed=3, jobs=2)
    assert _without_seconds(greedy) == _without_seconds(simulate("greedy", length="short", games=2, seed=3))


def test_a_row_matches_the_game_played_directly():
    (row,) = simulate("greedy", length="short", games=1, seed=5, yard_refill="stage_end")
    g = sm.new_game(seed=5, length="short", yard_refill="stage_end", bots={"Player": "greedy"})
    play_turns(g)
    assert row["revenue"] == g.revenue and row["decisions"] == len(g.history)
    assert row["won"] == bool(g.outcome.winners) and row["outcome"] == g.outcome.kind
    assert row["collisions"] == sum(e.kind == "collision" for e in g.events)
    assert row["yard_refills"] == sum(e.kind == "yard_refilled" for e in g.events) > 0
    assert sum(row["revenue_by_source"].values()) == g.revenue["Player"]
    assert len(row["revenue_by_day"]) == 3 and row["revenue_by_day"][-1] == g.revenue["Player"]
    yards = row["yards_by_stage"]
    assert len(yards["division"]) == len(yards["classification"]) == 36
    assert yards["classification"] == [0] * 36  # stage_end: returned at every Stage's end
    assert yards["division"][-1] == len(g.state.division_yard)
    assert row["balance"] == DEFAULT_BALANCE == g.config.balance  # the default edition
    assert (row["bot"], row["mode"], row["length"], row["players"], row["target"]) == \
        ("greedy", "solitaire", "short", 1, g.config.target)
    assert g.config.target == TARGETS[DEFAULT_BALANCE]["short"]


def test_every_seat_of_a_multiplayer_game_is_the_bot():
    rows = simulate("random", length="short", games=2, seed=1, mode="coop", players=3, balance="v1")
    for r in rows:
        assert list(r["revenue"]) == ["P1", "P2", "P3"] and r["target"] == 30  # v1: 10 × 3 seats
        assert sum(r["revenue_by_source"].values()) == sum(r["revenue"].values())


class EndsAlways(Bot):
    """A bot of one's own, given to simulate as a class."""

    name = "ends-always"
    first = ("end", "agent pass", "hold")

    def decide(self, game):
        legal = game.legal_intents()
        for text in self.first:
            if game.parse(text) in legal:
                return Decision(game.parse(text), "does nothing")
        return Decision(legal[0], "the first thing it may do")


def test_a_bot_class_of_ones_own_can_be_simulated():
    rows = simulate(EndsAlways, length="short", games=2, seed=1)
    assert [r["bot"] for r in rows] == ["ends-always"] * 2
    assert all(r["revenue"] == {"Player": 0} for r in rows)


class Picky(EndsAlways):
    """A bot with an option of its own."""

    name = "picky"

    def __init__(self, seed=0, first=EndsAlways.first):
        super().__init__(seed)
        self.first = first


def test_bot_options_reach_every_games_bot_and_are_recorded():
    rows = simulate(Picky, length="short", games=2, seed=1, jobs=2, bot_options={"first": ("draw home", "end")})
    assert [r["bot_options"] for r in rows] == [{"first": ("draw home", "end")}] * 2
    plain = simulate(Picky, length="short", games=2, seed=1)
    assert "bot_options" not in plain[0]
    assert all(r["decisions"] > p["decisions"] for r, p in zip(rows, plain))  # drawing takes more decisions
    with pytest.raises(ValueError, match="does not take these options"):
        simulate("random", length="short", games=1, bot_options={"depth": 3})
    with pytest.raises(ValueError, match="not one already made"):
        simulate(Picky(seed=1), length="short", games=1, bot_options={"first": ()})


@pytest.mark.slow
def test_search_without_its_time_cap_gives_the_same_rows_whatever_the_jobs():
    """The study runs search by its rollout budget alone: its games do not depend on the machine
    (one rollout of one Stage per candidate: the smallest search, as its own tests use)."""
    options = {"max_seconds": None, "rollouts": 1, "horizon": 1}
    one = simulate("search", length="short", games=2, seed=3, jobs=1, bot_options=options)
    two = simulate("search", length="short", games=2, seed=3, jobs=2, bot_options=options)
    assert _without_seconds(one) == _without_seconds(two)


def test_summary_figures():
    rows = [
        {"bot": "b", "mode": "solitaire", "length": "short", "players": 1, "yard_refill": "at_once",
         "target": 10, "revenue": {"Player": v}, "won": v >= 10, "collisions": c, "yard_refills": 0,
         "revenue_by_source": dict(dict.fromkeys(REVENUE_SOURCES, 0), boarding=v + 5 * c, collision=-5 * c),
         "decisions": 100, "seconds": 0.5, "revenue_by_day": days}
        for v, c, days in ((12, 0, [4, 8, 12]), (2, 1, [1, 2, 2]), (4, 0, [1, 4]))
    ]
    s = summarize(rows)
    assert s["games"] == 3 and s["mean_revenue"] == 6 and s["median_revenue"] == 4
    assert s["win_rate"] == round(1 / 3, 4) and s["wins"] == 1
    assert s["collisions_per_game"] == round(1 / 3, 3)
    assert s["revenue_by_source"]["collision"] == round(-5 / 3, 3)
    assert s["revenue_by_day"] == [2, round(14 / 3, 3), 7]  # a game that stopped early counts where it got
    assert (s["bot"], s["length"], s["yard_refill"], s["target"]) == ("b", "short", "at_once", 10)


@pytest.mark.parametrize("kw, match", [
    (dict(bot="nobody"), "unknown bot"),
    (dict(games=0), "games"),
    (dict(jobs=0), "jobs"),
    (dict(seed=-1), "seed"),
    (dict(players=2), "Solitaire is for one player"),
    (dict(yard_refill="never"), "yard_refill"),
])
def test_bad_settings_are_refused_before_any_game(kw, match):
    args = dict(bot="random", length="short", games=1) | kw
    with pytest.raises(ValueError, match=match):
        simulate(**args)


def test_cli_json_summary_and_jsonl_rows(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    code = cli.main(["simulate", "--bot", "random", "--length", "short", "--games", "3", "--seed", "4",
                     "--jobs", "2", "--yard-refill", "day_end", "--out", str(out), "--json"])
    assert code == 0
    stdout, stderr = capsys.readouterr()
    info = json.loads(stdout)
    for key in ("games", "mean_revenue", "median_revenue", "win_rate", "collisions_per_game", "revenue_by_source"):
        assert key in info
    assert info["games"] == 3 and info["yard_refill"] == "day_end" and info["seeds"] == [4, 6]
    assert set(info["revenue_by_source"]) == set(REVENUE_SOURCES)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert _without_seconds(rows) == _without_seconds(
        simulate("random", length="short", games=3, seed=4, yard_refill="day_end"))
    assert "simulate: 3/3 games" in stderr  # not a terminal: the plain progress lines


def test_cli_plays_the_default_edition_or_the_one_asked_for(tmp_path, capsys):
    """--balance picks the edition (v6, the default, listed first); an earlier one stays playable."""
    for asked, played in (([], DEFAULT_BALANCE), (["--balance", "v4"], "v4")):
        out = tmp_path / f"{played}.jsonl"
        code = cli.main(["simulate", "--bot", "random", "--length", "short", "--games", "1", "--jobs", "1",
                         "--quiet", "--json", "--out", str(out), *asked])
        assert code == 0 and json.loads(out.read_text())["balance"] == played
    capsys.readouterr()
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "{v6,v5,v4,v3,v2,v1}" in shown and f"(default {DEFAULT_BALANCE};" in shown
    with pytest.raises(SystemExit) as e:
        cli.main(["simulate", "--bot", "random", "--balance", "v9", "--games", "1"])
    assert e.value.code == 2 and "invalid choice: 'v9'" in capsys.readouterr().err


def test_cli_text_summary_and_errors(capsys):
    assert cli.main(["simulate", "--bot", "random", "--length", "short", "--games", "2", "--jobs", "1",
                     "--quiet"]) == 0
    stdout, stderr = capsys.readouterr()
    assert stdout.startswith("Simulated: 2 games of random, short solitaire") and stderr == ""
    assert cli.main(["simulate", "--bot", "random", "--games", "0", "--quiet"]) == 2
    assert "games must be" in capsys.readouterr().err
    assert cli.main(["simulate", "--bot", "random", "--mode", "coop", "--players", "9", "--games", "1"]) == 2
    assert "seats 1 to 6" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_falls_back_to_plain_lines_without_tqdm_or_a_terminal(monkeypatch):
    pipe = io.StringIO()
    bar = sim.progress_bar(True, 20, stream=pipe)
    assert isinstance(bar, sim.PlainProgress)
    for _ in range(20):
        bar.update(1)
    bar.close()
    assert pipe.getvalue().splitlines() == [f"simulate: {k}/20 games" for k in range(2, 21, 2)]
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails
    assert isinstance(sim.progress_bar(True, 5, stream=_Terminal()), sim.PlainProgress)
    assert isinstance(sim.progress_bar(False, 5), sim._Silent)


def test_progress_bar_on_a_terminal_uses_tqdm(monkeypatch):
    tqdm = pytest.importorskip("tqdm")
    bar = sim.progress_bar(True, 3, stream=_Terminal())
    assert isinstance(bar, tqdm.tqdm)
    bar.close()

    class Sized(_Terminal):
        def fileno(self):
            return 2

    monkeypatch.setattr(sim.os, "get_terminal_size", lambda fd: sim.os.terminal_size((0, 0)))
    assert isinstance(sim.progress_bar(True, 3, stream=Sized()), sim.PlainProgress)  # no width to draw in


def test_progress_callback_sees_every_game():
    seen = []
    simulate("random", length="short", games=3, seed=1, jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def _balance_tool():
    import pathlib
    path = pathlib.Path(__file__).resolve().parents[2] / "tools" / "balance.py"
    spec = importlib.util.spec_from_file_location("balance", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_balance_tool_saves_rows_draws_plots_and_keeps_the_hand_written_text(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    balance = _balance_tool()
    doc = tmp_path / "balance.md"
    doc.write_text(f"# Study\n\nBy hand before.\n\n{balance.BEGIN}\nold figures\n{balance.END}\n\nBy hand after.\n")
    args = ["--bots", "random", "no-such-bot", "--lengths", "short", "--refills", "when_empty", "at_once",
            "--games", "2", "--jobs", "1", "--data", str(tmp_path / "data"), "--plots", str(tmp_path / "plots"),
            "--summaries", str(tmp_path / "summaries"), "--doc", str(doc)]
    assert balance.main(args) == 0
    assert "skipping the 'no-such-bot' bot" in capsys.readouterr().err
    rows = balance.read_rows(tmp_path / "data" / "random-short-at_once.jsonl")
    assert [r["seed"] for r in rows] == [1, 2] and rows[0]["yard_refill"] == "at_once"
    summary = balance.read_summary(tmp_path / "summaries" / "random-short-at_once.json")
    assert [r["revenue"] for r in summary] == [r["revenue"] for r in rows]
    assert balance.summarize(summary) == balance.summarize(rows)
    for f in (tmp_path / "data").iterdir():  # the page and plots are made from the summaries alone
        f.unlink()
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == sorted(f"{p}.png" for p in balance.PLOTS)
    text = doc.read_text()
    assert text.startswith("# Study\n\nBy hand before.\n") and text.endswith("\n\nBy hand after.\n")
    assert "old figures" not in text and "| random | at_once | 2 |" in text
    assert "Not in this run (not registered when it ran): no-such-bot." in text
    assert "![revenue by day](plots/revenue_by_day.png)" in text
    (tmp_path / "plots" / "revenue.png").unlink()
    assert balance.main(args[:-8] + ["--plots-only"] + args[-8:]) == 0  # redrawn from the saved summaries
    assert (tmp_path / "plots" / "revenue.png").exists() and "| random | at_once | 2 |" in doc.read_text()
    again = ["--bots", "random", "--lengths", "short", "--refills", "when_empty", "--games", "2", "--reuse",
             "--no-plots"] + args[-8:]
    assert balance.main(again) == 0
    assert "reusing 2 saved games" in capsys.readouterr().err
    assert "| random | at_once | 2 |" in doc.read_text()  # a setting saved before stays on the page


def test_readme_simulate_section_runs_as_written():
    import pathlib
    import re
    import shlex
    text = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = text.split("## Simulate many games", 1)[1].split("\n## ", 1)[0]
    (bash,) = re.findall(r"```bash\n(.*?)\n```", section, re.S)
    command = shlex.split(bash.splitlines()[-1])
    assert command[0] in ("stationmaster", ".venv/bin/stationmaster") and command[1] == "simulate"
    cli.parser().parse_args(command[1:])  # the command line is one the CLI takes
    (code,) = re.findall(r"```python\n(.*?)\n```", section, re.S)
    exec(compile(code, "README.md", "exec"), {})


def test_balance_tool_studies_another_deck_in_its_own_files_and_section(tmp_path, capsys):
    """A variant (deck, optional rules) has its own data files and its own section after the classic one."""
    balance = _balance_tool()
    doc = tmp_path / "balance.md"
    doc.write_text(f"# Study\n\n{balance.BEGIN}\n{balance.END}\n")
    common = ["--bots", "random", "--lengths", "short", "--refills", "day_end", "--games", "1", "--jobs", "1",
              "--no-plots", "--data", str(tmp_path / "data"), "--plots", str(tmp_path / "plots"), "--doc", str(doc),
              "--summaries", str(tmp_path / "summaries")]
    assert balance.main(common) == 0
    assert balance.main(common + ["--deck", "full"]) == 0
    (row,) = balance.read_rows(tmp_path / "data" / "random-short-day_end-full.jsonl")
    assert row["deck"] == "full" and row["optional_rules"] == []
    assert (tmp_path / "data" / "random-short-day_end.jsonl").exists()
    text = doc.read_text()
    classic, full = text.split("## The study with the full deck")
    assert "| random | day_end | 1 |" in classic and "#### Short" in full and "| random | day_end | 1 |" in full
    assert balance.variant("full", ["adversity"]) == "full+adversity" and balance.variant() == ""
    assert balance.variant_title("full+adversity") == "the full deck with adversity"
    assert balance.variant_title("adversity") == "the classic deck with adversity"


def test_simulate_deals_the_deck_asked_for_and_says_so():
    from stationmaster.bots.simulate import format_summary
    rows = simulate("random", length="short", games=1, deck="full")
    info = summarize(rows)
    assert rows[0]["deck"] == "full" and info["deck"] == "full" and info["optional_rules"] == ()
    assert "deck full" in format_summary(info)


def test_balance_tool_studies_edition_v1_apart_and_shows_the_spread_and_freight_share(tmp_path):
    """L5 / V5 / V7: the study plays the default edition; --balance v1 has its own files and section;
    the tables show the spread across seeds (sd, sd/mean) and freight's share of the Revenue."""
    balance = _balance_tool()
    doc = tmp_path / "balance.md"
    doc.write_text(f"# Study\n\n{balance.BEGIN}\n{balance.END}\n")
    common = ["--bots", "passenger", "--lengths", "short", "--refills", "day_end", "--games", "2", "--jobs", "1",
              "--no-plots", "--data", str(tmp_path / "data"), "--plots", str(tmp_path / "plots"), "--doc", str(doc),
              "--summaries", str(tmp_path / "summaries")]
    assert balance.main(common + ["--seed", "1001"]) == 0
    assert balance.main(common + ["--balance", "v1"]) == 0
    from stationmaster.config import DEFAULT_BALANCE, TARGETS

    short = TARGETS[DEFAULT_BALANCE]["short"]
    v2 = balance.read_rows(tmp_path / "data" / "passenger-short-day_end.jsonl")  # the default edition's rows
    v1 = balance.read_rows(tmp_path / "data" / "passenger-short-day_end-v1.jsonl")
    assert [r["seed"] for r in v2] == [1001, 1002] and {r["balance"] for r in v2} == {DEFAULT_BALANCE}
    assert {r["balance"] for r in v1} == {"v1"} and v1[0]["target"] == 10 and v2[0]["target"] == short
    text = doc.read_text()
    main, old = text.split("## The study with the classic deck under edition v1")
    assert f"### Short (3 Days, target {short})" in main and "#### Short (3 Days, target 10)" in old
    assert "| mean | sd | sd/mean | median | won | freight share |" in main
    sd, cv = balance.spread(v2)
    revenue = [r["revenue"]["Player"] for r in v2]
    assert sd == round(statistics.stdev(revenue), 3) and abs(cv - sd / statistics.fmean(revenue)) < 1e-9
    assert balance.freight_share(v2) == 0.0  # the passenger bot earns no freight
    assert balance.variant(balance="v1") == "v1" and balance.variant_title("v1") == "the classic deck under edition v1"


def _reference_summary(rows):
    """The figures as the first summarize computed them, from the whole list (statistics)."""
    seats = [v for r in rows for v in r["revenue"].values()]
    days = max((len(r["revenue_by_day"]) for r in rows), default=0)
    return {
        "mean_revenue": round(statistics.fmean(seats), 3), "median_revenue": statistics.median(seats),
        "min_revenue": min(seats), "max_revenue": max(seats),
        "stdev_revenue": round(statistics.stdev(seats), 3) if len(seats) > 1 else 0.0,
        "collisions_per_game": round(statistics.fmean(r["collisions"] for r in rows), 3),
        "seconds_per_game": round(statistics.fmean(r["seconds"] for r in rows), 4),
        "revenue_by_day": [round(statistics.fmean(r["revenue_by_day"][d] for r in rows
                                                  if len(r["revenue_by_day"]) > d), 3) for d in range(days)],
    }


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.lists(st.integers(-60, 200), min_size=1, max_size=4), st.integers(0, 5),
                          st.lists(st.integers(-60, 200), max_size=5), st.floats(0, 10).map(lambda x: round(x, 4))),
                min_size=1, max_size=30))
def test_the_streaming_summary_gives_the_figures_of_the_whole_list(games):
    """Summary keeps counts and sums, not rows, and still gives the median and spread exactly."""
    rows = [{"bot": "b", "mode": "coop", "length": "short", "players": len(seats), "yard_refill": "day_end",
             "target": 10, "revenue": {f"P{i}": v for i, v in enumerate(seats)}, "won": sum(seats) > 20,
             "collisions": c, "yard_refills": 0, "revenue_by_source": {"boarding": sum(seats)},
             "decisions": 10, "seconds": secs, "revenue_by_day": days}
            for seats, c, days, secs in games]
    got = summarize(rows)
    want = _reference_summary(rows)
    assert {k: got[k] for k in want} == want
    assert got["players"] == (rows[0]["players"] if len({r["players"] for r in rows}) == 1 else None)
    assert got["games"] == len(rows) and got["wins"] == sum(r["won"] for r in rows)


# --------------------------------------------------------------------------- the depth of play (issue 29)


def _choosing(option=None, pending=None):
    """A state as the Tally reads it between intents: its phase and its turn's option and pending."""
    from types import SimpleNamespace
    from stationmaster.flow import Phase
    return SimpleNamespace(phase=Phase.LOCAL_OPERATIONS, turn=SimpleNamespace(option=option, pending=pending))


def test_the_tally_counts_an_option_only_when_the_player_was_choosing_one():
    from types import SimpleNamespace
    from stationmaster.flow import Option, Phase
    tally = sim.Tally(SimpleNamespace(players=["Player"]))
    tally.add([], _choosing())  # the deal: the first turn's option is to choose
    tally.add([], _choosing(option=Option.SWITCH), sm.parse("switch"))
    tally.add([], _choosing(option=Option.SWITCH), sm.parse("end"))  # inside the Switch option: no turn
    tally.add([], _choosing(), sm.parse("end"))  # the turn ends; the next player's option is to choose
    tally.add([], _choosing(option=Option.DRAW), sm.parse("draw home"))
    tally.add([], _choosing(pending=object()), sm.parse("end"))  # a decision pending: no option to choose
    tally.add([], _choosing(), sm.parse("grade east"))
    tally.add([], SimpleNamespace(phase=Phase.MAINLINE, turn=SimpleNamespace(option=None, pending=None)),
              sm.parse("agent stock 0,0"))
    tally.add([], _choosing(), sm.parse("run east"))  # in the Mainline phase: not a Local Operations turn
    tally.add([], _choosing(), sm.parse("agent clear 1,1"))
    tally.add([], _choosing(), sm.parse("agent pass"))
    assert tally.depth()["local_operations"] == {"switch": 1, "draw": 1, "stock": 1, "clear": 1, "unjam": 0, "pass": 1}


def test_the_tally_counts_finished_loads_and_the_ones_that_paid_nothing_by_day():
    from types import SimpleNamespace
    from stationmaster.events import Event
    tally = sim.Tally(SimpleNamespace(players=["Player"]))
    loaded = Event("work", "loads a boxcar", data={"finished": "freight_out"})
    unloaded = Event("work", "puts an unloaded load in a red box", data={"finished": "freight_in"})
    moved = Event("work", "moves a load to AT")  # not a finish
    pay = lambda src, n: Event("revenue", "earns", player="Player", amount=n, data={"source": src})  # noqa: E731
    state = _choosing()
    tally.add([loaded, pay("freight_out", 6)], state)  # paid
    tally.add([moved], state)
    tally.add([loaded], state)  # paid nothing: no revenue event
    tally.add([Event("day_end", "Day 1 ends")], state)
    tally.add([unloaded, pay("freight_in", 1), pay("freight_in", 2)], state)  # paid (a bonus beside it)
    tally.add([unloaded, pay("transit", 3)], state)  # paid by a source of another name (an order's bonus, say)
    tally.add([unloaded, pay("boarding", 1)], state)  # passengers paid, the unload did not
    tally.add([loaded, pay("freight_out", -1)], state)  # a loss is no pay
    tally.add([Event("day_end", "Day 2 ends")], state)
    tally.add([Event("day_end", "Day 3 ends")], state)
    tally.add([unloaded, pay("freight_in", 6)], state)  # the game ends part way through Day 4
    depth = tally.depth()
    assert depth["freight_finished"] == {"freight_out": 3, "freight_in": 4}
    assert depth["freight_unpaid"] == {"freight_out": 2, "freight_in": 1}
    assert depth["freight_by_day"] == [2, 4, 0, 1]


def test_a_rows_depth_matches_the_game_played_directly():
    """Every Local Operations turn is counted once by its option (Switch, Draw and the Freight Agent are
    intents only an option's choice takes), and a finish paid nothing exactly when its intent's events
    paid no freight."""
    seed = 7002  # the planner finishes loads and unloads on this deal
    (row,) = simulate("planner", games=1, seed=seed)
    g = sm.new_game(seed=seed, bots={"Player": "planner"})
    play_turns(g)
    kinds = [sim.turn_kind(it) for it in g.history]
    assert row["local_operations"] == {k: kinds.count(k) for k in sim.LOCAL_TURNS}
    stages = len(row["yards_by_stage"]["division"])
    assert sum(row["local_operations"].values()) == stages == 60  # one option a Stage, five Days of twelve
    finishes = paid = 0
    for batch in g.event_batches:
        done = [e for e in batch if e.kind == "work" and ("Laborer loads" in e.text or "in a red box" in e.text)]
        assert [e.data.get("finished") for e in done] == [e.data.get("finished") for e in batch if e.data.get("finished")]
        finishes += len(done)
        paid += bool(done) and any(e.kind == "revenue" and e.data["source"] not in ("boarding", "detraining")
                                   and e.amount > 0 for e in batch)
    assert finishes == sum(row["freight_finished"].values()) > 0
    assert finishes - paid == sum(row["freight_unpaid"].values())
    assert sum(row["freight_by_day"]) == finishes and len(row["freight_by_day"]) == 5
    info = summarize([row, row])
    assert info["switching_turns_per_game"] == row["local_operations"]["switch"]
    assert info["chore_share"] == round((row["local_operations"]["stock"] + row["local_operations"]["clear"]) / 60, 3)
    assert info["freight_days_per_game"] == sum(1 for n in row["freight_by_day"] if n)
    assert info["unpaid_freight"] == 2 * sum(row["freight_unpaid"].values())


def test_a_summary_of_rows_saved_before_the_depth_figures_says_none():
    (row,) = simulate("random", length="short", games=1, seed=3)
    old = {k: v for k, v in row.items() if k not in ("local_operations", "freight_finished", "freight_unpaid", "freight_by_day")}
    info = summarize([old])
    assert info["chore_share"] is None and info["switching_turns_per_game"] is None
    assert summarize([old, row])["depth_games"] == 1  # the figures come from the rows that carry them
    assert "Turns:" not in sim.format_summary({**info, "bot": "random"}) and "Turns:" in sim.format_summary(summarize([row]))
