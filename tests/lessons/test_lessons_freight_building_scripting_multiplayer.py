"""Tutorial lessons 4–7 (stationmaster/lessons/freight, building, scripting, multiplayer): each
prepared position is valid, its check is not done at the start and says what is missing, and the
solution the notebook runs makes it done."""

from __future__ import annotations

import json
import pathlib

import pytest

from stationmaster.phases.load_unload import freight_pay
import stationmaster as sm
from stationmaster import invariants
from stationmaster.lessons import Check, building, freight, multiplayer, scripting


def first_legal_of(game, *prefixes):
    """The first legal intent starting with one of the prefixes (in order), else 'agent pass' or
    'end' if legal, else the first legal intent."""
    legal = [str(i) for i in game.legal_intents()]
    for prefix in prefixes:
        for text in legal:
            if text.startswith(prefix):
                return text
    for text in ("agent pass", "end"):
        if text in legal:
            return text
    return legal[0]


def solve_by(intents):
    def solve(lesson):
        for text in intents:
            lesson.game.apply(text)
    return solve


def solve_by_loop(*prefixes, limit=200):
    def solve(lesson):
        for _ in range(limit):
            if lesson.check():
                return
            lesson.game.apply(first_legal_of(lesson.game, *prefixes))
    return solve


# (lesson factory, words the first check must contain, solution)
CASES = {
    "stock_green_box": (freight.stock_green_box, "agent stock 1,1", solve_by(["agent stock 1,1"])),
    "board_passengers": (freight.board_passengers, "agent pass",
                         solve_by(["agent pass", "board 1", "detrain 1"])),
    "work_hopper_load": (freight.work_hopper_load, "work 1,-1 green",
                         solve_by(["agent pass", "work 1,-1 green", "work 1,-1 men", "work 1,-1 at",
                                   "work 1,-1 work"])),
    "fill_car_order": (freight.fill_car_order, "0 of 2 loads in", solve_by_loop("work")),
    "lay_track": (building.lay_track, "draw home",
                  solve_by(["draw home", "play Straight3 at 1,0", "play Straight2 at -1,0",
                            "play Runaround2 at 0,1", "play Grocer1 at 1,1", "play Shed1 at -1,1 turned", "end"])),
    "upgrade_office": (building.upgrade_office, "draw home",
                       solve_by(["draw home", "play Station2", "play Terminal2", "end"])),
    "hand_limit": (building.hand_limit, "draw dept 2", solve_by(["draw dept 2", "discard X10 to 1", "end"])),
    "first_intents": (scripting.first_intents, "draw home", solve_by(["draw home", "discard Straight1 to 1",
                                                                           "discard Tipple1 to 1", "end"])),
    "bot_game": (scripting.bot_game, "is_over", solve_by_loop("work", "board", "detrain", "play", "hold",
                                                              "run", "place", "draw home", limit=1000)),
    "hot_seat": (multiplayer.hot_seat, "Bo must choose", solve_by_loop()),
    "coop_revenue": (multiplayer.coop_revenue, "pooled Revenue is 0 of 2", solve_by_loop("board")),
    "fedora_decides": (multiplayer.fedora_decides, "agent pass", solve_by_loop("hold")),
    "employee_rotation": (multiplayer.employee_rotation, "Stage 12 is not over", solve_by_loop()),
}


@pytest.mark.parametrize("name", list(CASES))
def test_lesson_starts_not_done_saying_what_is_missing(name):
    make, words, _ = CASES[name]
    lesson = make()
    assert lesson.title and lesson.task
    assert invariants.check(lesson.game.state) == []
    result = lesson.check()
    assert isinstance(result, Check) and not result
    assert result.message.startswith("Not yet:")
    assert words in result.message
    assert make.__doc__


@pytest.mark.parametrize("name", list(CASES))
def test_solution_makes_the_lesson_done(name):
    make, _, solve = CASES[name]
    lesson = make()
    solve(lesson)
    result = lesson.check()
    assert result, result.message
    assert result.message == f"Done: {lesson.title}."
    assert invariants.check(lesson.game.state) == []


@pytest.mark.parametrize("name", list(CASES))
def test_lessons_are_fresh_and_deterministic(name):
    make, _, _ = CASES[name]
    a, b = make(), make()
    assert a.game is not b.game
    assert a.game.describe() == b.game.describe()


# --------------------------------------------------------------------------- engine words


def test_stock_lesson_repeats_the_engine_refusal():
    lesson = freight.stock_green_box()
    lesson.game.apply("draw home")  # the Draw option is chosen: no Freight Agent this Stage
    message = lesson.check().message
    assert "refused" in message and lesson.game.why_not("agent stock 1,1") in message


def test_hopper_lesson_names_the_next_box_step_by_step():
    lesson = freight.work_hopper_load()
    g = lesson.game
    g.apply("agent pass")
    for box, nxt in (("green", "MEN"), ("men", "AT"), ("at", "WORK")):
        g.apply(f"work 1,-1 {box}")
        assert f"the load is on {nxt}" in lesson.check().message
    assert g.state.areas[0].facilities[(1, -1)].locked
    g.apply("work 1,-1 work")
    assert lesson.check()
    assert not g.state.areas[0].facilities[(1, -1)].locked
    assert g.revenue == {"Player": freight_pay(g.state)}  # L5 / L6: the Day's first load, 6 under edition v3, 3 under v2, 1 under v1


def test_passenger_lesson_needs_both_board_and_detrain():
    lesson = freight.board_passengers()
    lesson.game.apply("agent pass")
    lesson.game.apply("board 1")
    message = lesson.check().message
    assert "detrain 1" in message and "board 1" not in message


def test_lay_track_lesson_quotes_the_limits_rule():
    lesson = building.lay_track()
    lesson.game.apply("draw home")
    # Skipping the west Straight: Secondary Track beyond the west Limit is refused in words.
    lesson.game.apply("play Straight3 at 1,0")
    assert lesson.game.state.areas[0].east_limit == 2
    assert "beyond your Limits" in lesson.game.why_not("play Shed1 at -1,1 turned")
    assert "play Straight2 at -1,0" in lesson.check().message


def test_upgrade_lesson_quotes_the_upgrade_order():
    lesson = building.upgrade_office()
    lesson.game.apply("draw home")
    assert "one step at a time" in lesson.game.why_not("play Terminal2")
    message = lesson.check().message
    assert "still a Depot" in message and "play Station2" in message


def test_hand_limit_lesson_quotes_the_hand_limit():
    lesson = building.hand_limit()
    lesson.game.apply("draw dept 2")
    assert "discard down to 3" in lesson.check().message


def test_first_intents_lesson_quotes_the_hand_limit():
    lesson = scripting.first_intents()
    lesson.game.apply("draw home")
    assert "discard down to 3" in lesson.check().message


def test_fedora_lesson_names_the_superintendent_when_asked():
    lesson = multiplayer.fedora_decides()
    g = lesson.game
    while not g.state.turn.pending:
        g.apply("agent pass")
    assert "Bob must clear or hold a following train" in lesson.check().message
    g.apply("clear")
    assert lesson.check()


def test_employee_rotation_moves_everyone_east():
    lesson = multiplayer.employee_rotation()
    g = lesson.game
    before = {p.name: p.seat for p in g.state.players}
    revenue = dict(g.revenue)
    solve_by_loop()(lesson)
    assert {p.name: p.seat for p in g.state.players} == {n: (s + 1) % 3 for n, s in before.items()}
    assert g.revenue == revenue


# --------------------------------------------------------------------------- saves


def test_save_lesson_checks_the_file_replays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bot = scripting.bot_game()
    CASES["bot_game"][2](bot)
    lesson = scripting.save_game(bot.game, "lesson-06.json")
    assert "no save at 'lesson-06.json'" in lesson.check().message
    pathlib.Path("lesson-06.json").write_text(json.dumps({"format": "nonsense"}))
    assert "does not load" in lesson.check().message
    short = json.loads(bot.game.dumps())
    short["intents"] = short["intents"][:5]
    pathlib.Path("lesson-06.json").write_text(json.dumps(short))
    assert "holds 5 intents" in lesson.check().message
    bot.game.save("lesson-06.json")
    assert lesson.check()


def test_broken_save_stops_with_a_replay_error():
    bot = scripting.bot_game()
    CASES["bot_game"][2](bot)
    broken = sm.loads(scripting.broken_save(bot.game, at=3))
    assert broken.replay_error.startswith("intent 3 ('play Terminal1') is not legal")
    assert len(broken.history) == 2
    assert broken.history == bot.game.history[:2]


def test_the_car_order_lesson_pays_each_load_and_the_bonus_on_the_one_that_fills_it():
    """L8 in lesson 4: the first load pays twice the rate, the second fills the order and pays its
    bonus on top; the check is done only then."""
    from stationmaster.orders import ORDER_PAY
    lesson = freight.fill_car_order()
    per_car, bonus = ORDER_PAY[lesson.game.config.balance]
    solve_by_loop("work")(lesson)
    paid = [e.amount for e in lesson.game.events if e.kind == "revenue"]
    assert paid == [per_car, per_car + bonus]
    assert lesson.check()
