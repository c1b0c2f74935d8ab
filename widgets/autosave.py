"""The board's autosave: one file per game, so two boards in one folder never overwrite each
other's game, written atomically after every accepted intent (and undo/redo) and resumed by
``sm.play()``. No ipywidgets here.

- A new game autosaves to ``station-master-autosave-seed<seed>.json`` in the working folder (or
  ``...-seed<seed>-2.json``, ``-3``... when that name is taken by another game): a name is only
  ever claimed when no file has it. A branch (``Game.branch``) autosaves to
  ``...-seed<seed>-branch<seq>.json`` and is never taken for its original's game.
- Before every write the file on disk must still be the one this game last wrote (or read when
  it was resumed). If another board wrote it meanwhile (the same game open twice: two tabs of the
  play notebook, two ``sm.play()`` in two kernels), this board does not overwrite it: it moves to
  a new file and says so.
- A game loaded from a save (Load) goes on in the autosave of the same game when the folder has
  one (same seed, options and seats, one history the start of the other), so one game has one
  autosave however often it is loaded; if the loaded save is behind that autosave, the autosave is
  first copied to ``...backup.json`` (the steps after the save are kept there, not lost).
- ``sm.play()`` resumes the most recent autosave in the folder and lists the others;
  ``sm.play(resume=name)`` resumes a named one.
- A corrupt autosave (one that does not load, or whose seed, Day, Stage, players, mode or bots
  are of the wrong type or out of range, such as a Day of ``1e400``) is set aside as
  ``...corrupt.json`` (``...corrupt-2.json``... never overwriting an earlier one); an autosave
  whose history stops early is copied to ``...backup.json`` before the board writes over it.
- Temporary files a killed write left behind (``.sm-save-*.tmp``) are removed when older than a
  minute (``atomic.clean_stale_temps``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import weakref
from dataclasses import dataclass

from stationmaster.config import LENGTHS, MAX_NAME, MAX_PLAYERS, MODES
from stationmaster.errors import SaveError
from stationmaster.query import CLOCK
from stationmaster.safetext import first_hidden
from stationmaster.atomic import clean_stale_temps, write_atomically, write_temp
from stationmaster.saves import MAX_BYTES

#: the single autosave of earlier versions (still listed and resumed)
AUTOSAVE_NAME = "station-master-autosave.json"
#: one autosave per game: ``station-master-autosave-seed7.json``, ``...-seed7-2.json``, ``...-seed7-branch42.json``
AUTOSAVE_RE = re.compile(r"^station-master-autosave(-seed\d+(-branch\d+)?(-\d+)?)?\.json$")


def autosave_name(game) -> str:
    """The autosave file name a new game starts with (its seed, and a branch's decision, tell games apart)."""
    return f"station-master-autosave-seed{game.seed}{_branch_tag(game)}.json"


def _branch_tag(game) -> str:
    """``-branch42`` for a game branched before decision 42 (``Game.branch``), else ""."""
    b = getattr(game, "branched_from", None)  # a remote seat's game has none
    return f"-branch{b.seq}" if b is not None else ""


def autosave_path(folder=None) -> str:
    """The autosave file of earlier versions in ``folder`` (default: the working folder)."""
    return os.path.join(_folder(folder), AUTOSAVE_NAME)


def _folder(folder=None) -> str:
    return os.path.abspath(folder if folder is not None else os.getcwd())


def numbered(path: str, k: int) -> str:
    """``x.json`` for k = 1, ``x-2.json``, ``x-3.json``... after."""
    if k == 1:
        return path
    stem, ext = os.path.splitext(path)
    return f"{stem}-{k}{ext}"


def next_free(path: str) -> str:
    """The first of ``path``, ``path-2``, ``path-3``... that no file has."""
    k = 1
    while os.path.lexists(numbered(path, k)):
        k += 1
    return numbered(path, k)


def beside(path: str, kind: str) -> str:
    """A free name beside ``path`` for a kept copy: ``x.corrupt.json``, ``x.corrupt-2.json``..."""
    stem, ext = os.path.splitext(path)
    return next_free(f"{stem}.{kind}{ext or '.json'}")


# --------------------------------------------------------------------------- listing
@dataclass(frozen=True)
class Autosaved:
    """One autosave file in a folder: its path, when it was written, and what its JSON says
    (read without replaying the game, so listing stays quick)."""

    path: str
    mtime: float
    seed: int | None = None
    day: int | None = None
    stage: int | None = None
    players: tuple = ()
    mode: str = ""
    bots: tuple = ()  # (player, bot name) pairs
    branched_at: int | None = None  # a branch's: the decision of its original it branched before

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    def describe(self) -> str:
        if self.seed is None:
            return f"{self.name} (unreadable)"
        bots = dict(self.bots)
        who = ", ".join(f"{p} ({bots[p]})" if p in bots else p for p in self.players)
        seats = f": {who}" if len(self.players) > 1 or bots else ""
        branch = f", a branch before decision {self.branched_at}" if self.branched_at else ""
        return f"{self.name} (seed {self.seed}, {self.mode}{seats}{branch}; Day {self.day}, Stage {self.stage})"


def autosaves(folder=None) -> list:
    """The autosaves in ``folder`` (default: the working folder), most recent first."""
    folder = _folder(folder)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for name in names:
        if not AUTOSAVE_RE.match(name):
            continue
        path = os.path.join(folder, name)
        try:
            mtime = os.stat(path).st_mtime
        except OSError:
            continue
        out.append(_peek(path, mtime))
    out.sort(key=lambda a: (a.mtime, a.name), reverse=True)
    return out


class NotAFile(OSError):
    """A name that holds no regular file (a folder, a pipe, a device): never read, so a pipe named
    like an autosave cannot make listing or resuming wait forever."""


def read_bytes(path: str, limit: int = MAX_BYTES + 1) -> bytes:
    """Up to ``limit`` bytes of the regular file at ``path``; NotAFile for anything else. The
    file is opened without waiting (a pipe opens at once) and checked before it is read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotAFile(f"{os.path.basename(path)} is not a file (a folder, a pipe or a device)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(limit)
    finally:
        os.close(fd)


def _peek(path: str, mtime: float) -> Autosaved:
    """What the autosave at ``path`` says, or an unreadable entry (seed None) when it cannot be
    read or any field the listing shows is missing, of the wrong type or out of range."""
    try:
        raw = read_bytes(path)
    except OSError:
        return Autosaved(path, mtime)
    data, problem = _parse(raw)
    if problem:
        return Autosaved(path, mtime)
    cfg = data.get("config", {})
    branch = data.get("branched_from")
    at = branch.get("seq") if isinstance(branch, dict) else None
    return Autosaved(path, mtime, data["seed"], data.get("day", 1), data.get("stage", 1),
                     tuple(cfg.get("players", ())) or ("Player",), cfg.get("mode", "solitaire"),
                     tuple(data.get("bots", {}).items()), at if _whole(at, 1, 2**31) else None)


def _whole(value, low: int, high: int) -> bool:
    """A JSON whole number (not true/false, not 1.0, not 1e400) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


_MAX_DAYS = max(days for _target, days in LENGTHS.values())


def _parse(raw: bytes):
    """(the autosave's JSON object, None), or (None, what is wrong with it in a player's words).

    Checks only what the listing reads; loading the game checks everything else."""
    if len(raw) > MAX_BYTES:
        return None, f"it is larger than {MAX_BYTES} bytes"
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return None, "it is not UTF-8 text"
    except (ValueError, RecursionError):  # bad JSON, a number too long to convert, deep nesting
        return None, "it is not valid JSON"
    if not isinstance(data, dict):
        return None, "it is not a JSON object"
    checks = (
        ("seed", _whole(data.get("seed"), 0, 2**63 - 1), "a whole number from 0 to 2**63 - 1"),
        ("day", _whole(data.get("day", 1), 1, _MAX_DAYS), f"a whole number from 1 to {_MAX_DAYS}"),
        ("stage", _whole(data.get("stage", 1), 1, len(CLOCK)), f"a whole number from 1 to {len(CLOCK)}"),
    )
    for field, ok, should in checks:
        if not ok:
            return None, f"its '{field}' is not {should}"
    cfg = data.get("config", {})
    if not isinstance(cfg, dict):
        return None, "its 'config' is not an object"
    players = cfg.get("players", [])
    if not (isinstance(players, list) and len(players) <= MAX_PLAYERS and all(map(_name, players))):
        return None, f"its 'config.players' is not a list of 1 to {MAX_PLAYERS} player names"
    if cfg.get("mode", "solitaire") not in MODES:
        return None, f"its 'config.mode' is not one of {', '.join(MODES)}"
    bots = data.get("bots", {})
    if not (isinstance(bots, dict) and all(_name(p) and _name(b) for p, b in bots.items())):
        return None, "its 'bots' does not map player names to bot names"
    return data, None


def _name(text) -> bool:
    """Text a listing may show: at most MAX_NAME visible characters (what a game's names are)."""
    return isinstance(text, str) and 0 < len(text) <= MAX_NAME and first_hidden(text) is None


# --------------------------------------------------------------------------- resuming
@dataclass
class Resumed:
    """What ``resume`` found: the game (None if there was none or it was bad), the message for
    the board, and how to show it ("" plain, "warning", "error")."""

    game: object = None
    message: str = ""
    level: str = ""


def resume(path) -> Resumed:
    """Load the autosave at ``path`` for a board.

    A corrupt autosave is moved aside (numbered ``...corrupt.json``) so that the evidence is
    kept; an autosave whose history stops early (``game.replay_error``) is copied to a numbered
    ``...backup.json`` first, because the board's next autosave writes the shorter game over it.
    """
    import stationmaster as sm

    path = os.path.abspath(os.fspath(path))
    name = os.path.basename(path)
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return Resumed(None, f"There is no autosave {name}.", "error")
    except NotAFile as e:
        return Resumed(None, f"The autosave {e}, so it was left alone.", "error")
    except OSError as e:
        return Resumed(None, f"The autosave {name} could not be read ({e.strerror or e}).", "error")
    try:
        game = sm.loads(raw)
        problem = _parse(raw)[1]  # the game loads, but a field the listing shows is broken
        if problem:
            raise SaveError(problem)
    except SaveError as e:
        kept = beside(path, "corrupt")
        try:
            os.replace(path, kept)
            where = f"; it was kept as {os.path.basename(kept)}"
        except OSError:
            where = ""
        return Resumed(None, f"The autosave {name} could not be loaded ({e}){where}.", "error")
    adopt(game, path, raw.decode("utf-8"))
    msg = f"Resumed the autosaved game (seed {game.seed}, Day {game.day}, Stage {game.stage}) from {name}."
    level = ""
    if game.replay_error:
        level = "warning"
        kept = beside(path, "backup")
        try:
            shutil.copy2(path, kept)
            where = (f" The whole autosave was kept as {os.path.basename(kept)}; the board autosaves "
                     f"this shorter game to {name} from your next move.")
        except OSError as e:
            where = f" It could not be backed up ({e.strerror or e}): copy {name} now to keep the rest."
        msg += f" Its history stops early: {game.replay_error}.{where}"
    if game.is_over:
        msg += " That game is over; press New game to start another."
    return Resumed(game, msg, level)


def resume_latest(folder=None) -> Resumed:
    """Resume the most recent autosave in ``folder`` (a corrupt one is set aside and the next
    tried); the message names the other autosaves there (the board's New game… lists them)."""
    found = autosaves(folder)
    problems = []
    got = Resumed()
    for a in found:
        got = resume(a.path)
        if got.game is not None:
            break
        problems.append(got.message)
    mine = claimed(got.game) if got.game is not None else None
    others = [a for a in found if a.path != mine and os.path.exists(a.path)]  # corrupt ones moved aside
    parts = problems[:]
    level = "error" if problems else ""
    if got.game is not None:
        parts.append(got.message)
        level = got.level or level
    elif problems:
        parts.append("A new game was started.")
    if others:
        shown = "; ".join(a.describe() for a in others[:4])
        more = f" and {len(others) - 4} more" if len(others) > 4 else ""
        parts.append(f"Other autosaved games here: {shown}{more}. New game… lists them to resume.")
    return Resumed(got.game, " ".join(parts), level)


# --------------------------------------------------------------------------- writing
@dataclass
class Claim:
    """The file a game autosaves to, and the text last written to it (or read from it)."""

    path: str
    text: str | None


#: per live game, its autosave file: every board of that game in this kernel writes there
_claims: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def adopt(game, path, text) -> None:
    """``game`` autosaves to ``path``, whose content is now ``text`` (a resumed game)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as _read sees it
    _claim_for(game, os.path.abspath(os.fspath(path)), text)


def _claim_for(game, path: str, text) -> None:
    """``game`` autosaves to ``path`` from now on, and names it (a branch of it says where it came from)."""
    _claims[game] = Claim(path, text)
    game.save_path = path


def claimed(game) -> str | None:
    """The file ``game`` autosaves to, or None before its first autosave."""
    c = _claims.get(game)
    return c.path if c else None


def _read(path: str) -> str | None:
    """The file's text with universal newlines; None if there is none."""
    try:
        raw = read_bytes(path, -1)
    except FileNotFoundError:
        return None
    except OSError:
        return "\0unreadable"
    try:
        return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError:
        return "\0unreadable"


def _create(path: str, text: str) -> bool:
    """Write ``path`` only if no file has that name (atomically: full content or nothing)."""
    folder = os.path.dirname(path)
    tmp = write_temp(folder, text)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        try:
            if not hasattr(os, "link"):  # Pyodide (JupyterLite) has no hard links: the fallback below
                raise OSError("no hard links on this file system")
            os.link(tmp, path)  # fails if the name exists: no other game is ever overwritten
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links: reserve the name, then fill it
            try:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
            except FileExistsError:
                return False
            os.replace(tmp, path)
        return True
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


class Autosaver:
    """A board's autosave: ``write(game)`` after every change. ``target`` is the folder new
    games autosave in, or a file path (``sm.play(autosave="my-game.json")``) used as the first
    name to claim. ``notice`` is the latest warning for the player (a move to another file)."""

    def __init__(self, target=None) -> None:
        target = os.path.abspath(os.fspath(target)) if target is not None else _folder()
        self.folder, self.file = (target, None) if os.path.isdir(target) else (os.path.dirname(target), target)
        self.notice: str | None = None
        self.cleaned = clean_stale_temps(self.folder)

    def path_for(self, game) -> str:
        """The name a game without an autosave starts from (a branch's beside the named file)."""
        if not self.file:
            return os.path.join(self.folder, autosave_name(game))
        stem, ext = os.path.splitext(self.file)
        return f"{stem}{_branch_tag(game)}{ext}"

    def write(self, game) -> str | None:
        """Autosave ``game``; None, or why it could not be written (never raises)."""
        try:
            text = game.dumps()
        except SaveError as e:  # a game set up with the position builder
            return f"this game is not autosaved: {e}"
        claim = _claims.get(game)
        try:
            if claim is not None:
                on_disk = _read(claim.path)
                if on_disk == text:
                    claim.text = text
                    return None
                if on_disk is None or on_disk == claim.text:
                    write_atomically(claim.path, text)
                    claim.text = text
                    return None
                # another board wrote this file since: keep its game, move this one elsewhere
                old = claim.path
                base = old if not AUTOSAVE_RE.match(os.path.basename(old)) else \
                    os.path.join(os.path.dirname(old), autosave_name(game))
                new = self._claim(game, base, text)
                self.notice = (f"{os.path.basename(old)} was changed by another board (is this game open "
                               f"twice?), so this board did not overwrite it: it autosaves to "
                               f"{os.path.basename(new)} now.")
                return None
            base = self.path_for(game)
            path = self._claim(game, base, text)
            if path != base and self.file:
                self.notice = (f"{os.path.basename(base)} holds another game, so this board did not "
                               f"overwrite it: it autosaves to {os.path.basename(path)}.")
            return None
        except OSError as e:
            where = claim.path if claim else self.path_for(game)
            return f"could not autosave to {where}: {e.strerror or e}"

    def adopt_same(self, game) -> str | None:
        """A loaded game goes on in the autosave of the same game in this folder, if there is one
        (see the module docstring); returns its path (None: the game claims a name of its own at
        its first autosave). Never raises."""
        if claimed(game) is not None:
            return claimed(game)
        try:
            mine = json.loads(game.dumps())
        except (SaveError, ValueError):
            return None
        steps = list(mine.get("intents") or ())
        for a in autosaves(self.folder):
            if a.seed != game.seed:
                continue
            text = _read(a.path)
            try:
                data = json.loads(text or "")
            except (ValueError, RecursionError):
                continue
            if not (isinstance(data, dict) and isinstance(data.get("intents", []), list)):
                continue  # changed since it was listed; it is not this game
            if any(data.get(k) != mine.get(k) for k in ("config", "bots", "branched_from")):
                continue  # another table, other seats, or a branch and its original
            theirs = list(data.get("intents") or ())
            shorter, longer = sorted((steps, theirs), key=len)
            if longer[:len(shorter)] != shorter:
                continue  # the same start, then another game
            if len(theirs) > len(steps):  # the load goes back: keep the later steps beside it
                try:
                    shutil.copy2(a.path, beside(a.path, "backup"))
                except OSError:
                    continue
            _claim_for(game, a.path, text)
            return a.path
        return None

    @staticmethod
    def _claim(game, base: str, text: str) -> str:
        k = 1
        while True:
            path = numbered(base, k)
            if not os.path.lexists(path) and _create(path, text):
                _claim_for(game, path, text)
                return path
            k += 1
