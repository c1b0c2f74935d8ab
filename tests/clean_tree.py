"""Running the tests leaves the repository's files as they were.

In a git checkout, the session notes at its start every path ``git status`` lists (changed tracked
files, untracked files that are not ignored) with a hash of its content, and again at its end.
A path that differs between the two was written by the tests: the run fails and names it. A
developer's own uncommitted work is in both notes, so it is never blamed (unless it changed while
the tests ran). Outside a git checkout there is nothing to compare, and nothing is checked.
"""

from __future__ import annotations

import hashlib
import pathlib
import subprocess

import pytest

NOTES = pytest.StashKey[dict]()
CHANGED = pytest.StashKey[list]()


def snapshot(root: pathlib.Path) -> dict | None:
    """{path: content hash, or None for a deleted file} of what ``git status`` lists under
    ``root``; None when ``root`` is not the top of a git checkout (or git is missing)."""
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, capture_output=True,
                             text=True, timeout=60)
        if top.returncode != 0 or pathlib.Path(top.stdout.strip()).resolve() != root.resolve():
            return None
        listed = subprocess.run(["git", "status", "--porcelain=v1", "-z", "--untracked-files=all"],
                                cwd=root, capture_output=True, check=True, timeout=120).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    paths, fields = [], iter(listed.decode("utf-8", "surrogateescape").split("\0"))
    for entry in fields:
        if not entry:
            continue
        paths.append(entry[3:])
        if entry[0] in "RC":  # a rename or copy: the original path follows
            paths.append(next(fields))
    return {p: _hash(root / p) for p in paths}


def _hash(path: pathlib.Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
    except OSError:
        return None


def changes(before: dict, after: dict) -> list:
    """The paths whose state differs between two snapshots."""
    absent = object()
    return sorted(p for p in before.keys() | after.keys() if before.get(p, absent) != after.get(p, absent))


def pytest_sessionstart(session):
    notes = snapshot(session.config.rootpath)
    if notes is not None:
        session.config.stash[NOTES] = notes


def pytest_sessionfinish(session, exitstatus):
    before = session.config.stash.get(NOTES, None)
    after = None if before is None else snapshot(session.config.rootpath)
    if after is None:
        return
    changed = changes(before, after)
    if changed:
        session.config.stash[CHANGED] = changed
        if session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    changed = config.stash.get(CHANGED, None)
    if changed:
        terminalreporter.section("the tests changed files of the repository", red=True)
        for path in changed:
            terminalreporter.write_line(f"  {path}")
        terminalreporter.write_line("Tests must write into temp folders (tmp_path), not into the "
                                    "repository. (A file you edited yourself during the run shows "
                                    "here too.)")
