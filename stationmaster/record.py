"""A game record as a Jupyter notebook: ``game.to_notebook("game.ipynb")``.

The notebook tells the game so far and replays it when run:

* a header (markdown) with the configuration, the seed and where the game stood, and a code cell
  that deals the same game with ``sm.new_game(seed=..., ...)``, followed by the deal's narration;
* one section per Stage, headed "Day d, Stage s": a code cell with that Stage's intents as
  ``game.apply("...")`` lines (a comment marks each phase and who acted), then the events they
  caused, narrated in markdown; a player's note on a decision (``Game.annotate``) follows its
  ``apply`` line as ``game.annotate("...")`` and its narration as "Note: ...";
* the board: a last cell whose only expression is ``game`` (Jupyter shows the SVG board).

It is written with ``nbformat`` when that is installed (and validated by it), else as the same
nbformat-4 JSON written here: the engine stays standard-library only. No cell has outputs.
"""

from __future__ import annotations

import json
import re

from .atomic import write_atomically
from .config import LENGTHS
from .decisions import PHASE_NAMES
from .errors import SaveError
from .game import Game

NBFORMAT, NBFORMAT_MINOR = 4, 5
_DEFAULTS = {"players": ("Player",), "mode": "solitaire", "length": "standard",
             "victory": "highest_after_days", "starting_hand": "three", "revenue": (1, 1, 0),
             "optional_rules": (), "deck": "classic", "yard_refill": "day_end"}
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~$])")


def md(text) -> str:
    """Text made safe for markdown: its special characters (and any HTML) show as typed."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def _py(value) -> str:
    """A Python literal for a configuration value (tuples shown as lists, strings double-quoted)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_py(v) for v in value) + "]"
    return repr(value)


def new_game_call(game) -> str:
    """``sm.new_game(seed=..., ...)`` for this game: the seed, every option not at its default, and
    always the edition (``balance``), so that the record deals the same game when the default
    edition changes (as v4 -> v5 did)."""
    c = game.config
    args = [f"seed={game.seed}"]
    for name, default in _DEFAULTS.items():
        value = getattr(c, name)
        if tuple(value) != tuple(default) if isinstance(default, tuple) else value != default:
            args.append(f"{name}={_py(value)}")
    args.append(f"balance={_py(c.balance)}")
    if c.house_rules:  # the variant's overrides, as a dict literal the call takes back
        args.append("house_rules={" + ", ".join(f"{_py(k)}: {_py(v)}" for k, v in c.house_rules) + "}")
    return f"sm.new_game({', '.join(args)})"


def _cell_id(n: int) -> str:
    return f"cell-{n}"


def _split(source: str) -> list:
    """Cell source as nbformat writes it: a list of lines, each but the last ending in newline."""
    return source.splitlines(keepends=True)


def _stages(game) -> list:
    """The record grouped by Stage: [((day, stage), [(phase, actor, intent, events, note), ...]), ...]
    (``note`` the player's note on that decision, or None).

    Replays the intents on a fresh deal to know where each was played (a game keeps only the
    intents and their events)."""
    replay = Game(game.config, game.seed)
    batches = game.event_batches
    notes = game.notes
    out: list = []
    for n, intent in enumerate(game.history):
        where = (replay.day, replay.stage)
        phase, actor = replay.phase, replay.actor
        replay.apply(intent)  # the game's own record: it replays (a fresh game: no listeners)
        if not out or out[-1][0] != where:
            out.append((where, []))
        out[-1][1].append((phase, actor, str(intent), batches[n + 1], notes.get(n + 1)))
    return out


def _header(game) -> str:
    c = game.config
    target, days = c.target, LENGTHS[c.length][1]
    rules = ", ".join(r.replace("_", " ") for r in c.optional_rules) or "none"
    rates = c.revenue
    if game.is_over:
        winners = ", ".join(md(w) for w in game.outcome.winners) or "nobody"
        where = f"the game is over: {md(game.outcome.reason)} (won: {winners})"
    else:
        where = (f"Day {game.day}, Stage {game.stage}, {PHASE_NAMES.get(game.phase, game.phase)}; "
                 f"{md(game.actor)} to act ({md(game.decision)})")
    revenue = ", ".join(f"{md(k)} {v}" for k, v in game.revenue.items())
    lines = [
        "# Station Master: a game record",
        "",
        "*Run all the cells (Run ▸ Run All Cells) to replay the game: the same seed, configuration "
        "and intents deal and play the same game. Each Stage's intents are in a code cell; what "
        "they caused is told below it. The last cell shows the board.*",
        "",
        "| | |",
        "| --- | --- |",
        f"| Players | {', '.join(md(p) for p in c.players)} |",
        f"| Mode | {c.mode} |",
        f"| Length | {c.length}: {days} Days, Revenue target {target} |",
        f"| Victory | {c.victory.replace('_', ' ')} |",
        f"| Starting hand | {c.starting_hand.replace('_', ' ')} |",
        f"| Revenue rates | passenger {rates[0]}, freight {rates[1]}, transit {rates[2]} |",
        f"| Optional rules | {rules} |",
        f"| Deck | {c.deck} |",
        *([f"| House rules | {md(c.variant)} |"] if c.house_rules else []),
        f"| Seed | {game.seed} |",
        f"| Intents | {len(game.history)} |",
        f"| Recorded at | {where} |",
        f"| Revenue | {revenue} |",
    ]
    if game.branched_from is not None:
        lines.append(f"| Branched from | {md(game.branched_from.describe().removeprefix('Branched from '))} |")
    if game.notes:
        lines.append(f"| Notes | {len(game.notes)} |")
    return "\n".join(lines)


def _narration(title: str, items: list) -> str:
    """A markdown list: each item an intent (or nothing), the events it caused and the player's
    note on it (or None)."""
    lines = [title, ""] if title else []
    for intent, events, note in items:
        told = " ".join(md(e) for e in events) or "*(nothing to tell)*"
        lines.append(f"- `{str(intent).replace('`', chr(39))}`: {told}" if intent is not None else f"- {told}")
        if note:
            lines.append(f"  - **Note:** {md(note)}")
    return "\n".join(lines)


def notebook(game) -> dict:
    """The game so far as an nbformat-4 notebook (a plain dict, no outputs); a SaveError if the game
    cannot be saved (``Game.can_save``): the notebook replays it from the seed's deal."""
    reason = game.can_save()
    if reason:
        raise SaveError(reason[0].upper() + reason[1:])
    cells: list = []

    def add(kind: str, source: str) -> None:
        cell = {"cell_type": kind, "id": _cell_id(len(cells)), "metadata": {}, "source": _split(source)}
        if kind == "code":
            cell["execution_count"] = None
            cell["outputs"] = []
        cells.append(cell)

    add("markdown", _header(game))
    add("code", f"import stationmaster as sm\n\ngame = {new_game_call(game)}")
    setup = game.event_batches[0]
    if setup:
        add("markdown", _narration("### The deal", [(None, [e], None) for e in setup]))
    for (day, stage), plays in _stages(game):
        add("markdown", f"## Day {day}, Stage {stage}")
        lines, last = [], None
        for phase, actor, intent, _, note in plays:
            if (phase, actor) != last:
                if lines:
                    lines.append("")
                lines.append(f"# {PHASE_NAMES.get(phase, phase)}: {' '.join(str(actor).split())}")
                last = (phase, actor)
            lines.append(f"game.apply({json.dumps(intent, ensure_ascii=False)})")
            if note:
                lines[-1] += ";"
                lines.append(f"game.annotate({json.dumps(note, ensure_ascii=False)})")
        if not lines[-1].endswith(";"):
            lines[-1] += ";"  # the events are told below the cell, not printed
        add("code", "\n".join(lines))
        add("markdown", _narration("", [(intent, events, note) for _, _, intent, events, note in plays]))
    add("markdown", "## The board" + (" at the end of the game" if game.is_over else " now"))
    add("code", "game")
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "stationmaster": {"record": 1, "seed": game.seed, "intents": len(game.history)},
        },
        "nbformat": NBFORMAT,
        "nbformat_minor": NBFORMAT_MINOR,
    }


def dumps(game) -> str:
    """The record notebook as JSON text (validated by nbformat when it is installed; the same text
    either way)."""
    nb = notebook(game)
    try:
        import nbformat
    except ImportError:
        return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    node = nbformat.from_dict(nb)
    nbformat.validate(node)
    text = nbformat.writes(node)
    return text if text.endswith("\n") else text + "\n"  # as nbformat.write ends a file


def to_notebook(game, path) -> None:
    """Write the game so far as a notebook that replays it (atomically, UTF-8)."""
    write_atomically(path, dumps(game))
