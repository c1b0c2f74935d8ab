"""A game record as a notebook (``game.to_notebook``): valid nbformat 4 without outputs, one
section per Stage, narrated, and running it (nbclient) reproduces the game exactly."""

import ast
import json
import random
import sys

import nbclient
import nbformat
import pytest

import stationmaster as sm
from stationmaster import record


def played(seed, steps=None, undo_every=0, **kw):
    g = sm.new_game(seed=seed, **kw)
    r = random.Random(seed)
    n = 0
    while not g.is_over and (steps is None or n < steps):
        g.apply(r.choice(g.legal_intents()))
        n += 1
        if undo_every and n % undo_every == 0 and g.can_undo() is None:
            g.undo()
    return g


def run(path, tmp_path):
    """Execute a record with one cell added that prints the replayed game's save; returns the
    executed notebook and that save."""
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("print(game.dumps())"))
    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert not errors, errors
    printed = "".join(o.text for o in nb.cells[-1].outputs if o.output_type == "stream")
    return nb, printed


def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("game", [
    pytest.param(lambda: played(3, players=["Ann", "Bo"], mode="competitive",
                                optional_rules=["manual_makeup"]), id="finished-competitive"),
    pytest.param(lambda: played(11, steps=60, undo_every=7, length="short", revenue=(2, 1, 1)),
                 id="solitaire-mid-game-with-undos"),
])
def test_running_the_record_reproduces_the_game(game, tmp_path):
    g = game()
    path = tmp_path / "record.ipynb"
    g.to_notebook(path)
    nb, printed = run(path, tmp_path)
    assert printed.strip() == g.dumps()
    assert json.loads(printed)["intents"] == [str(i) for i in g.history]
    board = nb.cells[-2]  # the record's own last cell: the board
    assert board.source == "game"
    html = [o for o in board.outputs if o.output_type == "execute_result"][0]["data"]["text/html"]
    assert "<svg" in html
    # the Stage cells print nothing: their events are told in markdown
    stage_cells = code_cells(nb)[1:-2]
    assert stage_cells and all(not c.outputs for c in stage_cells)


def test_the_record_is_valid_nbformat_without_outputs(tmp_path):
    g = played(5, steps=80)
    path = tmp_path / "r.ipynb"
    g.to_notebook(path)
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    assert nb.metadata.kernelspec.name == "python3"
    for c in code_cells(nb):
        assert c.outputs == [] and c.execution_count is None
        ast.parse(c.source)  # every code cell is plain Python
    ids = [c.id for c in nb.cells]
    assert len(set(ids)) == len(ids)


def test_the_record_tells_the_game_stage_by_stage(tmp_path):
    g = played(5, steps=80)
    nb = nbformat.reads(record.dumps(g), as_version=4)
    head = nb.cells[0].source
    assert head.startswith("# Station Master: a game record")
    assert "| Seed | 5 |" in head and "| Intents | 80 |" in head
    assert nb.cells[1].source == f'import stationmaster as sm\n\ngame = sm.new_game(seed=5, balance="{g.config.balance}")'
    # the headings are exactly the Stages the intents were played in, in order
    replay, stages = sm.new_game(seed=5), []
    for it in g.history:
        if not stages or stages[-1] != (replay.day, replay.stage):
            stages.append((replay.day, replay.stage))
        replay.apply(it)
    headings = [c.source for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## Day")]
    assert headings == [f"## Day {d}, Stage {s}" for d, s in stages]
    # every intent is applied once, in order, and narrated with its events
    applied = [line[len('game.apply('):].rstrip(";").rstrip(")") for c in code_cells(nb)
               for line in c.source.splitlines() if line.startswith("game.apply(")]
    assert [json.loads(a) for a in applied] == [str(i) for i in g.history]
    told = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for batch in g.event_batches[1:]:
        for e in batch:
            assert record.md(e) in told
    assert "### The deal" in told
    assert nb.cells[-1].source == "game" and nb.cells[-2].source == "## The board now"


def test_every_option_off_its_default_is_in_the_new_game_call():
    g = sm.new_game(seed=9, players=["Ann", "Bo", "Cy"], mode="coop", length="campaign",
                    victory="first_to_target", starting_hand="six", revenue=(2, 0, 1),
                    optional_rules=["reduced_visibility", "employee_rotation"])
    call = record.new_game_call(g)
    assert call == ('sm.new_game(seed=9, players=["Ann", "Bo", "Cy"], mode="coop", length="campaign", '
                    'victory="first_to_target", starting_hand="six", revenue=[2, 0, 1], '
                    f'optional_rules=["reduced_visibility", "employee_rotation"], balance="{g.config.balance}")')
    again = eval(call, {"sm": sm})
    assert again.dumps() == g.dumps()


@pytest.mark.parametrize("balance", ["v1", "v2", "v3", "v4", "v5"])
def test_the_new_game_call_names_the_edition_and_the_yard_refill(balance):
    """A recorded game deals again by its own edition when the default edition changes (v4 -> v5):
    the call always names ``balance``, and ``yard_refill`` when it is not the default."""
    g = sm.new_game(seed=9, balance=balance, yard_refill="at_once")
    call = record.new_game_call(g)
    assert f'balance="{balance}"' in call and 'yard_refill="at_once"' in call
    assert eval(call, {"sm": sm}).config == g.config
    plain = sm.new_game(seed=9, balance=balance)
    assert "yard_refill" not in record.new_game_call(plain)
    assert eval(record.new_game_call(plain), {"sm": sm}).config == plain.config


def test_odd_player_names_stay_text(tmp_path):
    """Names are told as typed (markdown and HTML escaped) and can never become code."""
    g = played(4, steps=40, players=["<b>Ann*</b>", 'Bo"); import os #\\', "שרה 🚂"], mode="competitive")
    path = tmp_path / "odd.ipynb"
    g.to_notebook(path)
    nb = nbformat.read(path, as_version=4)
    for c in code_cells(nb):
        tree = ast.parse(c.source)
        assert not any(isinstance(n, (ast.Import, ast.ImportFrom)) and n.names[0].name == "os"
                       for n in ast.walk(tree))
    assert "\\<b\\>Ann\\*\\</b\\>" in nb.cells[0].source
    _, printed = run(path, tmp_path)
    assert printed.strip() == g.dumps()


@pytest.mark.parametrize("name", ["Bo\nimport os #", "Bo\x00", "Bo\ud800", "Bo\x1b[2J"])
def test_names_that_would_break_a_record_never_reach_one(name):
    """A NUL made the record's cells SyntaxErrors, a newline could start a line of code, a lone
    surrogate made writing the notebook raise UnicodeEncodeError: such names are refused."""
    with pytest.raises(ValueError, match="player name"):
        sm.new_game(seed=1, players=["Ann", name], mode="competitive")
    save = sm.new_game(seed=1, players=["Ann", "Bo"], mode="competitive").to_json()
    save["config"]["players"][1] = name
    with pytest.raises(sm.SaveError, match="player name"):
        sm.loads(json.dumps(save))


def test_a_new_game_has_no_stage_sections(tmp_path):
    g = sm.new_game(seed=1)
    nb = nbformat.reads(record.dumps(g), as_version=4)
    assert not any(c.source.startswith("## Day") for c in nb.cells)
    assert [c.source for c in code_cells(nb)][-1] == "game"


def test_without_nbformat_the_same_json_is_written(tmp_path, monkeypatch):
    """The engine is standard-library only: without nbformat it writes the JSON itself."""
    g = played(6, steps=30)
    with_nbformat = record.dumps(g)
    monkeypatch.setitem(sys.modules, "nbformat", None)  # import nbformat now fails
    path = tmp_path / "plain.ipynb"
    g.to_notebook(path)
    text = path.read_text(encoding="utf-8")
    assert text == with_nbformat
    monkeypatch.undo()
    nbformat.validate(nbformat.reads(text, as_version=4))
