"""Saves: JSON with a format name and version, the seed, the configuration and the intents.

The whole save format is here: writing (``to_json``/``dumps``/``save``, which ``Game``'s methods
of those names call) and reading (``loads``/``load``, which replay through ``Game.replay``).

Loading replays the intents through the rules. Saves are untrusted input: no pickle, no eval,
a size limit, and every problem reported as a SaveError that says what and where.
"""

from __future__ import annotations

import json
import os
import re

from .atomic import write_atomically
from .bots.seats import bot_name, check_bots
from .config import make_config
from .house_rules import normalise
from .errors import IllegalIntent, SaveError
from .game import MAX_PATH, BranchedFrom, Game, note_problem
from .query import CLOCK
from .safetext import clip, first_hidden, quote, visible

SAVE_FORMAT = "station-master-save"
SAVE_VERSION = 1
MAX_BYTES = 5_000_000
MAX_INTENTS = 200_000


def to_json(game) -> dict:
    """The save of ``game`` as a JSON-ready dict; raises SaveError when it cannot be saved
    (``game.can_save()`` says why)."""
    reason = game.can_save()
    if reason:
        raise SaveError(reason[0].upper() + reason[1:])
    bots = game.bots
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "seed": game.seed,
        "config": game.config.to_json(),
        "intents": [str(i) for i in game.history],
        "day": game.day,
        "stage": game.stage,
        **({"bots": {p: bot_name(b) for p, b in bots.items()}} if bots else {}),
        **({"notes": {str(k): v for k, v in game.notes.items()}} if game.notes else {}),
        **({"branched_from": game.branched_from.to_json()} if game.branched_from else {}),
    }


def dumps(game) -> str:
    """The save of ``game`` as JSON text: seed, configuration and intents."""
    return json.dumps(to_json(game), indent=1)


def save(game, path) -> None:
    """Write the save of ``game`` to ``path``, atomically (``game.save_path`` names it then)."""
    write_atomically(path, dumps(game))
    game.save_path = os.path.abspath(os.fspath(path))


def _check_config_types(cfg: dict) -> None:
    """The JSON types of the configuration fields (make_config checks the values)."""
    for key in ("mode", "length", "victory", "starting_hand", "deck", "yard_refill", "balance"):
        if key in cfg and not isinstance(cfg[key], str):
            raise SaveError(f"'config.{key}' must be text, not {quote(cfg[key])}")
    if "players" in cfg and not (isinstance(cfg["players"], list)
                                 and all(isinstance(p, str) for p in cfg["players"])):
        raise SaveError(f"'config.players' must be a list of names, not {quote(cfg['players'])}")
    if "optional_rules" in cfg and not (isinstance(cfg["optional_rules"], list)
                                        and all(isinstance(r, str) for r in cfg["optional_rules"])):
        raise SaveError(f"'config.optional_rules' must be a list of rule names, not {quote(cfg['optional_rules'])}")
    if "house_rules" in cfg:
        rules = cfg["house_rules"]
        if not isinstance(rules, dict):
            raise SaveError(f"'config.house_rules' must be an object of house rules (KEY: value), not {quote(rules)}")
        for key, value in rules.items():
            try:
                normalise({key: value})
            except ValueError as e:
                raise SaveError(f"'config.house_rules.{clip(visible(key), 30)}': {clip(visible(e), 300)}") from None
    if "revenue" in cfg:
        rev = cfg["revenue"]
        if not (isinstance(rev, list) and len(rev) == 3
                and all(type(v) is int and 0 <= v <= 5 for v in rev)):
            raise SaveError(f"'config.revenue' must be three whole numbers from 0 to 5 "
                            f"(passenger, freight, transit), not {quote(rev)}")


def _check_clock(data: dict, days: int) -> None:
    """A save's ``day`` and ``stage`` (where the game stood when saved, what a listing of saves
    shows; the replay recomputes them) are whole numbers in range when present."""
    for key, top in (("day", days), ("stage", len(CLOCK))):
        if key in data:
            value = data[key]
            if type(value) is not int or not 1 <= value <= top:
                raise SaveError(f"'{key}' must be a whole number from 1 to {top}, not {quote(value)}")


def _notes(data: dict, count: int) -> dict:
    """A save's ``notes`` (optional: ``{"12": "text"}``, the players' notes by decision number)
    checked, as ``{12: "text"}``."""
    notes = data.get("notes", {})
    if not isinstance(notes, dict):
        raise SaveError(f"'notes' must map decision numbers to note texts, e.g. {{\"12\": \"a note\"}}, "
                        f"not {quote(notes)}")
    out = {}
    for key, text in notes.items():
        if not (re.fullmatch(r"[1-9][0-9]{0,8}", key) and int(key) <= count):
            raise SaveError(f"'notes' has the key {quote(key)}, which is no decision of this save "
                            f"(a number from 1 to {count})")
        problem = note_problem(text)
        if problem:
            raise SaveError(f"'notes.{key}': the note on decision {key} {problem}")
        out[int(key)] = text
    return out


def _branched_from(data: dict) -> BranchedFrom | None:
    """A save's ``branched_from`` (optional: where a branch came from, ``Game.branch``) checked."""
    if "branched_from" not in data:
        return None
    b = data["branched_from"]
    if not isinstance(b, dict):
        raise SaveError(f"'branched_from' must be an object with seed, seq and game, not {quote(b)}")
    unknown = set(b) - {"seed", "seq", "game", "path"}
    if unknown:
        raise SaveError(f"'branched_from' has unknown field(s): "
                        f"{', '.join(clip(visible(k), 30) for k in sorted(unknown)[:5])}")
    checks = (
        ("seed", lambda v: type(v) is int and 0 <= v < 2**63, "a whole number from 0 to 2**63 - 1"),
        ("seq", lambda v: type(v) is int and 1 <= v <= MAX_INTENTS + 1,
         f"a whole number from 1 to {MAX_INTENTS + 1}"),
        ("game", lambda v: isinstance(v, str) and re.fullmatch(r"[0-9a-f]{1,64}", v) is not None,
         "a fingerprint of hexadecimal digits"),
        ("path", lambda v: isinstance(v, str) and 0 < len(v) <= MAX_PATH and first_hidden(v) is None,
         f"a file path of at most {MAX_PATH} characters, none of them hidden"),
    )
    for key, ok, should in checks:
        if (key in b or key != "path") and not ok(b.get(key)):
            raise SaveError(f"'branched_from.{key}' must be {should}, not {quote(b.get(key))}")
    return BranchedFrom(b["seed"], b["seq"], b["game"], b.get("path"))


def loads(text) -> Game:
    """Rebuild a game from save text. A save whose history turns illegal at intent k loads as the
    game after intent k-1, with ``game.replay_error`` saying where and why (and the notes on the
    intents after it dropped)."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise SaveError(f"the save is {len(text)} bytes; the limit is {MAX_BYTES}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"the save is not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise SaveError(f"a save is JSON text, not {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise SaveError(f"the save is {len(text)} characters; the limit is {MAX_BYTES}")
    if text.startswith("\ufeff"):  # a byte-order mark some editors put in front of UTF-8 text
        text = text[1:]
    if not text.strip():
        raise SaveError("the save is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        what = re.sub(r"\s+at$", "", e.msg)  # "Unterminated string starting at": the place follows
        raise SaveError(f"the save is not valid JSON: {what} at line {e.lineno}, column {e.colno} "
                        "(is it truncated?)") from None
    except RecursionError:
        raise SaveError("the save nests too deeply to be a Station Master save") from None
    except ValueError as e:  # e.g. an integer with more digits than Python will convert
        raise SaveError(f"the save is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise SaveError("the save must be a JSON object with format, version, seed, config and intents")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"this is not a Station Master save: 'format' is {quote(data.get('format'))}, "
                        f"expected {SAVE_FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(f"save version {quote(version)} is not supported; this version reads version {SAVE_VERSION}")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise SaveError(f"'seed' must be a whole number from 0 to 2**63 - 1, not {quote(seed)}")
    cfg = data.get("config")
    if not isinstance(cfg, dict):
        raise SaveError("'config' must be an object")
    known = {"players", "mode", "length", "victory", "starting_hand", "revenue", "optional_rules", "deck",
             "yard_refill", "balance", "house_rules"}
    unknown = set(cfg) - known
    if unknown:
        shown = ", ".join(clip(visible(k), 30) for k in sorted(unknown)[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise SaveError(f"'config' has unknown field(s): {shown}{more}")
    _check_config_types(cfg)
    # saves from before a choice existed were played by the rule of their day: [Y1]'s first rule,
    # the first edition of the provisional numbers
    cfg = {"yard_refill": "when_empty", "balance": "v1", **cfg}
    try:
        config = make_config(**cfg)
    except (TypeError, ValueError) as e:
        raise SaveError(f"'config' is not a valid configuration: {clip(visible(e), 300)}") from None
    _check_clock(data, config.days)
    intents = data.get("intents")
    if not isinstance(intents, list):
        raise SaveError("'intents' must be a list of intent texts")
    if len(intents) > MAX_INTENTS:
        raise SaveError(f"'intents' holds {len(intents)} entries; the limit is {MAX_INTENTS}")
    for k, t in enumerate(intents, 1):
        if not isinstance(t, str) or len(t) > 200:
            raise SaveError(f"intent {k} must be a short text, not {quote(str(t)[:40], 45)}")
    bots = data.get("bots", {})
    if not (isinstance(bots, dict) and all(isinstance(p, str) and isinstance(b, str) and 0 < len(b) <= 40
                                           for p, b in bots.items())):
        raise SaveError("'bots' must map player names to bot names, e.g. {\"Bo\": \"planner\"}")
    notes = _notes(data, len(intents))
    branched_from = _branched_from(data)
    try:
        game = Game(config, seed, check_bots(bots, config.players, strict=False), branched_from)
    except ValueError as e:
        raise SaveError(f"'bots' is not valid: {clip(visible(str(e)), 300)}") from None
    stop = game.replay(intents)
    if stop is not None:
        game.replay_error = replay_error(stop)
    for seq, note in notes.items():
        if seq <= len(game.history):
            game.annotate(seq, note)
    return game


def replay_error(stop) -> str:
    """Where and why a save's replay stopped (``Game.replay``'s ``ReplayStop``), in words."""
    k, t, e = stop.number, quote(stop.text), stop.error
    if e is None:
        return f"intent {k} ({t}) comes after the game ended; replay stopped there"
    if isinstance(e, IllegalIntent):
        return f"intent {k} ({t}) is not legal: {clip(visible(e))}; replay stopped after intent {k - 1}"
    return (f"intent {k} ({t}) hit an engine error ({type(e).__name__}: {clip(visible(e))}); "
            f"replay stopped after intent {k - 1} — please report this save")


def load(path) -> Game:
    """Load a save file (see ``loads``)."""
    try:
        size = os.path.getsize(path)
    except OSError as e:
        raise SaveError(f"cannot read {os.fspath(path)!r}: {e.strerror}") from None
    if size > MAX_BYTES:
        raise SaveError(f"{os.fspath(path)!r} is {size} bytes; the limit is {MAX_BYTES}")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise SaveError(f"cannot read {os.fspath(path)!r}: {e.strerror}") from None
    game = loads(data)
    game.save_path = os.path.abspath(os.fspath(path))
    return game
