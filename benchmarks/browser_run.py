"""Running browser tests for their figures: shared by benchmarks/lite.py and benchmarks/board_browser.py.

The browser tests save their figures (JSON) beside their screenshots, in the folder named by
STATIONMASTER_SCREENSHOTS; a benchmark runs them with that folder temporary and reads the figures.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def browser_tests(tests: list, prefix: str):
    """Run these tests (pytest node ids) quietly; yields (pytest's exit status, the figures' folder),
    the folder removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        env = dict(os.environ, STATIONMASTER_SCREENSHOTS=tmp)
        status = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
                                 cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        yield status, pathlib.Path(tmp)


def read_figures(folder: pathlib.Path, name: str):
    """The figures a test saved as ``name`` in ``folder``, or None if it saved none."""
    path = folder / name
    return json.loads(path.read_text()) if path.is_file() else None
