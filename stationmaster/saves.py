"""Saves: JSON with a format name and version, the seed, the configuration and the intents.

Loading replays the intents through the rules. Saves are untrusted input: no pickle, no eval,
a size limit, and every problem reported as a SaveError that says what and where.
"""

from __future__ import annotations

import json
import os
import tempfile

from .config import make_config
from .errors import IllegalIntent, SaveError
from .game import SAVE_FORMAT, SAVE_VERSION, Game

MAX_BYTES = 5_000_000
MAX_INTENTS = 200_000


def write_atomically(path, text: str) -> None:
    """Write via a temporary file and rename, so a crash never leaves half a save."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".sm-save-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def loads(text) -> Game:
    """Rebuild a game from save text. A save whose history turns illegal at intent k loads as the
    game after intent k-1, with ``game.replay_error`` saying where and why."""
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
    if not text.strip():
        raise SaveError("the save is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"the save is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno} "
                        "(is it truncated?)") from None
    except RecursionError:
        raise SaveError("the save nests too deeply to be a Station Master save") from None
    if not isinstance(data, dict):
        raise SaveError("the save must be a JSON object with format, version, seed, config and intents")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"this is not a Station Master save: 'format' is {data.get('format')!r}, "
                        f"expected {SAVE_FORMAT!r}")
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveError(f"save version {version!r} is not supported; this version reads version {SAVE_VERSION}")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise SaveError(f"'seed' must be a whole number from 0 to 2**63 - 1, not {seed!r}")
    cfg = data.get("config")
    if not isinstance(cfg, dict):
        raise SaveError("'config' must be an object")
    known = {"players", "mode", "length", "victory", "starting_hand", "revenue", "optional_rules", "deck"}
    unknown = set(cfg) - known
    if unknown:
        raise SaveError(f"'config' has unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    try:
        config = make_config(**cfg)
    except (TypeError, ValueError) as e:
        raise SaveError(f"'config' is not a valid configuration: {e}") from None
    if list(config.revenue) != list(cfg.get("revenue", config.revenue)):
        raise SaveError(f"'config.revenue' {cfg.get('revenue')!r} is outside 0–5 or not whole numbers")
    intents = data.get("intents")
    if not isinstance(intents, list):
        raise SaveError("'intents' must be a list of intent texts")
    if len(intents) > MAX_INTENTS:
        raise SaveError(f"'intents' holds {len(intents)} entries; the limit is {MAX_INTENTS}")
    for k, t in enumerate(intents, 1):
        if not isinstance(t, str) or len(t) > 200:
            raise SaveError(f"intent {k} must be a short text, not {str(t)[:40]!r}")
    game = Game(config, seed)
    for k, t in enumerate(intents, 1):
        if game.is_over:
            game.replay_error = f"intent {k} ({t!r}) comes after the game ended; replay stopped there"
            break
        try:
            game._apply(t)
        except IllegalIntent as e:
            game.replay_error = f"intent {k} ({t!r}) is not legal: {e}; replay stopped after intent {k - 1}"
            break
    return game


def load(path) -> Game:
    """Load a save file (see ``loads``)."""
    try:
        size = os.path.getsize(path)
    except OSError as e:
        raise SaveError(f"cannot read {os.fspath(path)!r}: {e.strerror}") from None
    if size > MAX_BYTES:
        raise SaveError(f"{os.fspath(path)!r} is {size} bytes; the limit is {MAX_BYTES}")
    with open(path, "rb") as f:
        return loads(f.read())
