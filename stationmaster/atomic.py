"""Atomic file writing: a file is replaced whole or not at all (saves, records, the autosave), and
the temporary files a killed write left behind are removed."""

from __future__ import annotations

import os
import tempfile
import time

#: the temporary file ``write_atomically`` writes beside its target is named like this
TEMP_PREFIX, TEMP_SUFFIX = ".sm-save-", ".tmp"
#: a temporary file older than this (seconds) is no write in progress: ``clean_stale_temps`` removes it
STALE_SECONDS = 60.0


def write_temp(folder: str, text: str) -> str:
    """A new temporary file in ``folder`` holding ``text``, flushed to disk; its path. The caller
    renames or links it into place, and removes it if that fails."""
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def write_atomically(path, text: str) -> None:
    """Write via a temporary file and rename, so a crash never leaves half a file. An existing
    file keeps its permissions; a new one gets what ``open`` would have given it."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(path).st_mode & 0o777  # keep an existing file's permissions
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask  # what open() would have given a new file
    tmp = write_temp(folder, text)
    try:
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def clean_stale_temps(folder=None, older_than: float = STALE_SECONDS) -> list:
    """Remove the ``.sm-save-*.tmp`` files a killed write left in ``folder`` (default: the working
    folder) more than ``older_than`` seconds ago (a write in progress elsewhere is younger); returns
    their paths. The board's autosave calls it when it starts."""
    folder = os.path.abspath(folder if folder is not None else os.getcwd())
    now = time.time()
    gone = []
    try:
        names = os.listdir(folder)
    except OSError:
        return gone
    for name in names:
        if not (name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)):
            continue
        path = os.path.join(folder, name)
        try:
            if now - os.lstat(path).st_mtime > older_than:
                os.unlink(path)
                gone.append(path)
        except OSError:
            pass
    return gone
