"""Atomic file writing: a file is replaced whole or not at all (saves, records, the autosave)."""

from __future__ import annotations

import os
import tempfile

#: the temporary file ``write_atomically`` writes beside its target is named like this
TEMP_PREFIX, TEMP_SUFFIX = ".sm-save-", ".tmp"


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
