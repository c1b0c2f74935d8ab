"""The multiplayer balance study's tool (tools/balance_multiplayer.py): its cells, its floors, its page."""

from __future__ import annotations

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("balance_multiplayer", ROOT / "tools" / "balance_multiplayer.py")
study = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(study)


def row(revenue, seats_bots=None, outcome="days_over", winners=(), mode="competitive", cell=None):
    bots = seats_bots or {f"P{i + 1}": "planner" for i in range(len(revenue))}
    careless = next((b for b in bots.values() if b != "planner"), None)
    return {"cell": cell or study.cell_name(mode, len(revenue), careless), "mode": mode, "seats": len(revenue),
            "careless": careless, "length": "standard", "balance": "v2", "seed": 1, "bots": bots,
            "revenue": {p: r for p, r in zip(bots, revenue)}, "target": 60, "floor": 15, "outcome": outcome,
            "winners": list(winners), "collisions": 0, "revenue_by_source": {"freight_out": 2, "freight_in": 1},
            "seconds": 1.0}


def test_the_floors_a_game_is_judged_by():
    """V2: the study judges a Competitive game's final Revenue by v1's table floor (3 a Day), v0.2's
    (3 × players × Days) and v2's on the leader (3 a Day)."""
    assert study.floors_fired(row([16, -20])) == {"v1_table": True, "v02_table": True, "v2_leader": False}
    assert study.floors_fired(row([14, 14])) == {"v1_table": False, "v02_table": True, "v2_leader": True}
    assert study.floors_fired(row([20, 20])) == {"v1_table": False, "v02_table": False, "v2_leader": False}
    assert study.leader_floor("standard", 4) == 15 and study.leader_floor("short", 2) == 9


def test_the_careless_seat_is_the_last_and_the_cells_cover_the_acceptance():
    """U2 / V6: Co-op and Competitive at 2, 3 and 4 seats, and one careless seat among planners."""
    assert study.seat_bots(3, "random") == {"P1": "planner", "P2": "planner", "P3": "random"}
    names = {study.cell_name(*c) for c in study.CELLS}
    assert {"coop-2", "coop-3", "coop-4", "competitive-4", "competitive-2+greedy", "competitive-4+random"} <= names


def test_the_tables_say_the_win_rates_and_the_four_seat_share():
    """V6 / V2: the page's tables: Co-op wins against the team's target, the 4-seat share of the
    2-seat per-seat Revenue, and what became of the tables with a careless seat."""
    rows = [row([40, 30], mode="coop", winners=["P1", "P2"]), row([20, 10], mode="coop"),
            row([20, 20], winners=["P1", "P2"]), row([10, 10, 10, 10], winners=["P1", "P2", "P3", "P4"]),
            row([30, -10], {"P1": "planner", "P2": "random"}, winners=["P1"]),
            row([10, -10], {"P1": "planner", "P2": "random"}, outcome="revenue_floor")]
    text = study.tables(rows)
    assert "| coop | 2 | 60 | 50.0 ± 28.3 | 25.0 | 3.0 | 50% | 0% | 0% |" in text
    assert "4 seats is 50% of the 2-seat figure (10.0 / 20.0" in text
    assert "| 2 | `random` | -10.0 | 20.0 | 50% | 50% | 0% | 50% | 100% | 50% |" in text


def test_the_tables_go_between_the_markers(tmp_path):
    """The tool writes between its own markers under the Multiplayer heading and keeps the rest."""
    doc = tmp_path / "balance.md"
    doc.write_text("# Balance\n\n### Multiplayer (the floors)\nhand-written\n", encoding="utf-8")
    study.write_doc(doc, "TABLE ONE")
    study.write_doc(doc, "TABLE TWO")
    text = doc.read_text(encoding="utf-8")
    assert text.count(study.BEGIN) == 1 and "TABLE TWO" in text and "TABLE ONE" not in text
    assert text.index(study.END) < text.index("hand-written")


def test_a_tables_row_counts_every_seats_local_operations_turns():
    """Issue 29's depth figures for a table of seats: each seat takes one option a Stage."""
    game = study.play_cell_game(("competitive", 2, "random", "short", study.Config().balance, 5))
    assert sum(game["local_operations"].values()) == 2 * 3 * 12  # two seats, three Days of twelve Stages
    assert sum(game["freight_by_day"]) == sum(game["freight_finished"].values())
