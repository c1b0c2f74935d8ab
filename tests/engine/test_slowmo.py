"""The Mainline in slow motion: each train's step says what it did and why."""

import re

import pytest

from stationmaster.builder import Position
from stationmaster.lessons.stage import play_stage
from stationmaster.slowmo import Step, mainline_steps, replay_mainline


def put(b, number, **kw):
    if not kw.get("extra"):
        b.schedule(number, max(st for st in range(1, 13) if st not in b.state.timetable))
    return b.train(number, **kw)


def two_offices():
    b = Position(players=["Ann", "Bob"], mode="competitive", seed=1)
    b.office("Bob", "station")
    return b


def test_held_by_an_opposing_train_names_the_subdivision():
    """M4: the held step names the opposing train and the Subdivision it is in."""
    b = two_offices()
    put(b, 3, mainline=(0, 1), behind=["CE1"])  # Subdivision 1: Ann's Office is a Depot ([U5])
    put(b, 4, division_point="west", behind=["CL1"])
    g = b.game()
    play_stage(g)
    steps = mainline_steps(g)
    assert [(s.train, s.what) for s in steps] == [("3", "ran on"), ("4", "held")]
    assert "opposing train 3 in Subdivision 1" in steps[1].why
    assert str(steps[1]).startswith("Train 4 — held: ")


def test_highball_names_the_subdivision_beyond_a_control_point():
    b = two_offices()
    put(b, 6, player="Bob", at=(0, 0), behind=["BE1", "K1"])
    g = b.game()
    play_stage(g)
    (step,) = mainline_steps(g)
    assert step.what == "highballed"
    # Subdivision 3: Ann's Office, west of Bob's, is a Control Point too (every Office opens as a Depot, [U5])
    assert step.why == "left Bob's Office eastbound into Subdivision 3, the next Subdivision being clear."


def test_arrival_says_which_ad_track_of_how_many():
    b = two_offices()
    put(b, 10, player="Bob", at=(0, 0), ahead=["TE1"], behind=["K2"])  # badly made up: stays
    put(b, 4, mainline=(1, 1), behind=["CL1"])
    g = b.game()
    play_stage(g)
    steps = mainline_steps(g)
    arrival = [s for s in steps if s.what == "arrived"]
    assert len(arrival) == 1 and arrival[0].train == "4"
    assert arrival[0].why == "reached Bob's Station and took A/D track 2 of 3."
    held = [s for s in steps if s.train == "10"]
    assert held and held[0].what == "held" and "engine stands between cars" in held[0].why
    ev = [e for e in g.events if e.kind == "arrival"][0]
    assert ev.data["track"] == 2 and ev.data["tracks"] == 3 and ev.data["phase"] == "mainline"


def test_superintendent_decision_and_cleared_collision():
    """M4/M6: the question, then the follower's collision, the Superintendent at fault."""
    b = Position(players=["Ann"], seed=1)
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g, answer="clear")
    steps = mainline_steps(g)
    assert [(s.train, s.what) for s in steps] == [
        ("2", "highballed"), ("4", "waits for the Superintendent"), ("4", "collision")]
    assert "follower cleared too soon" in steps[2].why
    assert any(e.kind == "revenue" and e.amount == -5 for e in steps[2].events)


def test_held_by_the_superintendent():
    b = Position(players=["Ann"], seed=1)
    put(b, 2, mainline=(0, 0), behind=["BE1", "K1"])  # in Subdivision 1, ahead of train 4
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g, answer="hold")
    steps = mainline_steps(g)
    assert steps[-1].train == "4" and steps[-1].what == "held"
    assert "the Superintendent, Ann, held it" in steps[-1].why


def test_leaving_the_division():
    b = Position(players=["Ann"], seed=1)
    put(b, 2, mainline=(1, 1), behind=["BE1", "K1"])
    g = b.game()
    play_stage(g)
    (step,) = mainline_steps(g)
    assert step.what == "left the Division" and "Eastern Division Point" in step.why


def test_steps_from_a_list_of_events_and_only_the_latest_stage():
    b = Position(players=["Ann"], seed=1)
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g)
    first = mainline_steps(g)
    assert [s.what for s in first] == ["highballed"]
    assert [s.what for s in mainline_steps(g.events)] == ["highballed"]
    play_stage(g)
    assert [(s.train, s.what) for s in mainline_steps(g)] == [("4", "ran on")]
    # nothing of New Train's "held" (no Crew Tray) is taken for a Mainline step
    assert all(isinstance(s, Step) for s in mainline_steps(g.events))


def test_no_mainline_yet():
    g = Position(players=["Ann"], seed=1).game()
    assert mainline_steps(g) == []


def test_replay_widget_shows_one_step_at_a_time():
    pytest.importorskip("ipywidgets")
    b = Position(players=["Ann"], seed=1)
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g, answer="hold")
    r = replay_mainline(g)
    assert r.shown == 0 and "Press" in r.text.value
    s1 = r.next()
    assert s1.train == "2" and r.shown == 1 and "Train 2" in r.text.value and "Train 4" not in r.text.value
    r.show_all()
    assert r.next_button.disabled and r.next() is None
    assert "Train 4" in r.text.value


def test_board_button_replays_the_mainline():
    pytest.importorskip("ipycanvas")
    from stationmaster.widgets import GameBoard
    b = Position(players=["Ann"], seed=1)
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    board = GameBoard(g, autosave=False)
    play_stage(g)
    board.mainline_button.click()
    replay = board.mainline_replay
    assert replay is not None and replay.next().what == "highballed"


def test_steps_read_reason_codes_not_event_text():
    """M4/M6: slow motion explains a step from the event's reason code; the sentence is not searched."""
    import dataclasses
    b = Position(players=["Ann"], seed=1)
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g, answer="clear")
    events = [e for e in g.events if (e.data or {}).get("phase") == "mainline"]
    assert [(e.kind, e.data["reason"]) for e in events] == [
        ("highball", "subdivision_clear"), ("clearance_asked", "following"), ("collision", "region_taken")]
    blank = [dataclasses.replace(e, text="(reworded)") for e in events]
    steps = mainline_steps(blank)
    assert [(s.train, s.what) for s in steps] == [
        ("2", "highballed"), ("4", "waits for the Superintendent"), ("4", "collision")]
    assert "follower cleared too soon" in steps[2].why and "Subdivision 1" in steps[0].why


def test_every_mainline_event_carries_a_known_reason_code():
    """M1–M8: every Mainline event of whole seeded games names its reason, one of REASONS."""
    import random

    import stationmaster as sm
    from stationmaster.phases.mainline import REASONS
    seen = set()
    for seed in range(4):
        g = sm.new_game(seed=seed, players=["Ann", "Bob"], mode="competitive", length="short")
        r = random.Random(seed)
        while not g.is_over:
            legal = g.legal_intents()
            active = [i for i in legal if str(i) not in ("end", "agent pass")]
            g.apply(r.choice(active if active and r.random() < 0.8 else legal))
        for e in g.events:
            if e.kind in ("highball", "arrival", "collision", "train_left_division", "clearance_asked",
                          "red_flag") or (e.data or {}).get("phase") == "mainline":
                assert e.data["phase"] == "mainline" and e.data["reason"] in REASONS, e
                seen.add(e.data["reason"])
    assert {"subdivision_clear", "ad_free", "division_point"} <= seen


def test_slow_motion_knows_the_engines_reason_codes():
    """M6: each reason code slow motion explains is one the Mainline gives, and every collision's is explained."""
    from stationmaster.phases.mainline import REASONS
    from stationmaster.slowmo import COLLISION, WHY
    assert {reason for _, reason in WHY} <= set(REASONS) and set(COLLISION) <= set(REASONS)
    assert {"region_taken", "ad_full", "fouled_arrival", "fouled_departure"} == set(COLLISION)


def test_red_flag_hold_and_red_flag_escape_steps():
    """M9: slow motion explains a follower held by the Red Flag, and (house rule) a flag stopping a
    collision short."""
    b = Position(players=["Ann"], seed=1, optional_rules=["emergency_toolbox"])
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g)
    steps = mainline_steps(g)
    assert [(s.train, s.what) for s in steps] == [("2", "highballed"), ("4", "held")]
    assert steps[1].why == ("train 2 is ahead going the same way in Subdivision 1, and the Superintendent's "
                            "Red Flag holds a follower at the Western Division Point without a question.")
    b = Position(players=["Ann"], seed=1, optional_rules=["emergency_toolbox", "red_flag_escape"])
    put(b, 2, division_point="west", behind=["BE1", "K1"])
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g, answer="clear")
    steps = mainline_steps(g)
    assert [(s.train, s.what) for s in steps] == [
        ("2", "highballed"), ("4", "waits for the Superintendent"), ("4", "stopped by a Red Flag")]
    assert steps[2].why.startswith("Ann waved the Red Flag and it stopped short: a train entered a Mainline "
                                   "region another train held")


def test_a_step_in_markdown_shows_names_as_typed():
    """A player's name is text, never markup: HTML in it must not run in JupyterLab."""
    evil = "<img src=x onerror=alert(1)>"
    b = Position(players=[evil], seed=1)
    put(b, 2, mainline=(0, 0), behind=["BE1", "K1"])  # in Subdivision 1, ahead of train 4
    put(b, 4, division_point="west", behind=["HE1", "K2"])
    g = b.game()
    play_stage(g, answer="hold")
    step = mainline_steps(g)[-1]
    assert f"the Superintendent, {evil}, held it" in step.why  # plain text stays as typed
    shown = step._repr_markdown_()
    assert re.search(r"(?<!\\)[<>]", shown) is None  # every angle bracket escaped
    assert "\\<img src=x onerror=alert(1)\\>" in shown
    assert shown.startswith("**Train 4 — held:** ")
    odd = Step("4*_`[x]", "held", "line one\nline two # not a heading")._repr_markdown_()
    assert odd == "**Train 4\\*\\_\\`\\[x\\] — held:** line one line two \\# not a heading"
