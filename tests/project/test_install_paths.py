"""The README's install paths, each tried as a newcomer would: in a fresh copy of the clone
(launching.clone_of_worktree), the README's bash block for that path run as written — its
``python3 -m venv .venv && .venv/bin/pip install -e ".[EXTRA]"``, so the venv holds only that
extra — then what the README says next:

- ``lite``: ``stationmaster lite build site`` builds the site; ``lite serve site`` serves its front
  page on 127.0.0.1 (on a free port: ``--port`` added), then it is stopped;
- ``serve``: ``stationmaster serve`` starts on 127.0.0.1 (``--port`` added) and the section's Python
  snippet creates a table against it (the line that opens the board is left out: the board needs the
  ``play`` extra, as the README says);
- ``rl`` and ``sim``: the section's command (simulate with 6 games where the README says 200) and its
  Python snippets, with ``.venv/bin/python``.

Each leaves its clone's ``git status`` clean (git ignores what the commands write), but the file that
``simulate --out`` was asked to write. The ``play`` path is
tests/project/test_readme.py::test_launch_command_opens_the_play_notebook_from_a_fresh_clone.

**When they run.** The four installs take minutes (they run in parallel, with pip's cache), so each
path runs once for each change to what it depends on: a passing run is recorded in the user's cache
folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``stationmaster/install-paths.json``), outside the clone,
under a hash of ``pyproject.toml``, every code block of the README and this file. While that hash is
recorded as passed, the path skips and says when it passed; a new hash (a fresh machine, a changed
extra, a changed README command) runs it. ``STATIONMASTER_INSTALL_PATHS=always`` runs them anyway.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from launching import Launched, clone_of_worktree, free_port, git_status

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = ("lite", "serve", "rl", "sim")
INSTALL_TIMEOUT = 1200  # s: a cold pip cache on a loaded 2-core machine
RUN_TIMEOUT = 600
GAMES = 6  # simulate's games here (the README's example plays 200)

pytestmark = pytest.mark.slow


# --------------------------------------------------------------------------------- the README

def readme_blocks() -> list:
    """(language, code) of every fenced code block of the README, in order."""
    return re.findall(r"^```(\w*)\n(.*?)^```", (ROOT / "README.md").read_text(), re.S | re.M)


def install_line(extra: str) -> str:
    return f'python3 -m venv .venv && .venv/bin/pip install -e ".[{extra}]"'


def section(extra: str) -> tuple:
    """(the bash block's lines, the Python snippets) of the README section that installs ``extra``."""
    text = (ROOT / "README.md").read_text()
    for part in re.split(r"^## ", text, flags=re.M):
        blocks = re.findall(r"^```(\w*)\n(.*?)^```", part, re.S | re.M)
        for i, (lang, code) in enumerate(blocks):
            if lang == "bash" and install_line(extra) in code:
                lines = [l for l in code.splitlines() if l.strip()]
                return lines, [c for l, c in blocks[i + 1:] if l == "python"]
    raise AssertionError(f"no README section installs the {extra} extra with: {install_line(extra)}")


# ------------------------------------------------------------------- the record of passing runs

def fingerprint() -> str:
    """A hash of what the install paths depend on: pyproject.toml, the README's code, this file."""
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for lang, code in readme_blocks():
        h.update(f"\0{lang}\0{code}".encode())
    h.update(Path(__file__).read_bytes())
    return h.hexdigest()


def record_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "stationmaster" / "install-paths.json"


def read_record() -> dict:
    try:
        got = json.loads(record_path().read_text())
        return got if isinstance(got, dict) else {}
    except (OSError, ValueError):
        return {}


def passed_when(extra: str) -> str | None:
    """When ``extra``'s path passed for this fingerprint, or None (it must run)."""
    if os.environ.get("STATIONMASTER_INSTALL_PATHS") == "always":
        return None
    runs = read_record().get(extra)
    return runs.get(fingerprint()) if isinstance(runs, dict) else None


def note_pass(extra: str) -> None:
    record = read_record()
    runs = record.get(extra) if isinstance(record.get(extra), dict) else {}
    runs[fingerprint()] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    record[extra] = dict(list(runs.items())[-20:])
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(record, indent=1, sort_keys=True))
    tmp.replace(path)


def due() -> list:
    return [e for e in EXTRAS if passed_when(e) is None]


# ------------------------------------------------------------------------------ running them

def clean_env() -> dict:
    """This machine's environment without this test run's venv or paths (pip's cache stays)."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(ROOT / ".venv")))
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def run(cmd, clone: Path, timeout: float = RUN_TIMEOUT) -> str:
    """Run ``cmd`` (a bash line, or argv) in the clone; what it printed, once it succeeds."""
    argv = ["bash", "-c", cmd] if isinstance(cmd, str) else cmd
    done = subprocess.run(argv, cwd=clone, env=clean_env(), capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{cmd} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def install(extra: str, base: Path) -> Path:
    """A fresh copy of the clone with the README's install line for ``extra`` run in it."""
    lines, _ = section(extra)
    assert lines[0].split("#")[0].strip() == install_line(extra), lines[0]
    clone = clone_of_worktree(base / f"clone-{extra}")
    run(lines[0], clone, timeout=INSTALL_TIMEOUT)
    return clone


@pytest.fixture(scope="module")
def installed(request, tmp_path_factory):
    """{extra: its clone} for every selected path that must run, installed in parallel; removed at
    the end. (Each path's test is named ``test_the_EXTRA_path_...``.)"""
    selected = {item.name.split("_path")[0].removeprefix("test_the_") for item in request.session.items}
    todo = [e for e in due() if e in selected]
    base = tmp_path_factory.mktemp("install-paths")
    with ThreadPoolExecutor(max_workers=max(1, len(todo))) as pool:
        futures = {e: pool.submit(install, e, base) for e in todo}
    yield futures
    shutil.rmtree(base, ignore_errors=True)  # four venvs: hundreds of MB


def clone_for(extra: str, installed) -> Path:
    when = passed_when(extra)
    if when is not None:
        pytest.skip(f"the {extra} path passed at {when} with this pyproject.toml, README and test "
                    f"({record_path()}); STATIONMASTER_INSTALL_PATHS=always runs it again")
    return installed[extra].result()  # the install's own failure, if it failed


def commands(extra: str) -> list:
    """The bash block's lines after the install line, as argv (comments dropped)."""
    lines, _ = section(extra)
    return [shlex.split(line, comments=True) for line in lines[1:]]


def wait_for(url: str, server: Launched, timeout: float = 120) -> str:
    """The body of ``url`` once the server answers it."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                return r.read().decode("utf-8", "replace")
        except OSError:
            if server.proc.poll() is not None:
                raise AssertionError(f"the server stopped ({server.proc.returncode}):\n{server.log_tail()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{url} did not answer in {timeout:.0f}s:\n{server.log_tail()}")
            time.sleep(0.5)


@contextmanager
def serving(argv: list, clone: Path, log: Path):
    """A server command of the README run in the clone on a free port of 127.0.0.1 (``--port``
    added): (its URL, the process) once it answers; stopped at the end."""
    port = free_port()
    server = Launched(argv + ["--port", str(port)], clone, clean_env(), log)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for(url + "/", server)
        yield url, server
    finally:
        server.stop()


def run_snippets(extra: str, clone: Path, tmp_path: Path, edit=lambda code: code) -> None:
    """Each Python snippet of the section, run by the clone's venv in the clone."""
    _, snippets = section(extra)
    assert snippets, f"the README's {extra} section has no Python snippet"
    for n, code in enumerate(snippets):
        script = tmp_path / f"{extra}-snippet-{n}.py"
        script.write_text(edit(code))
        run([str(clone / ".venv" / "bin" / "python"), str(script)], clone)


# ----------------------------------------------------------------------------------- the paths

def test_the_lite_path_builds_and_serves_the_site(installed, tmp_path):
    """27.14: with the lite extra alone the build stopped: "jupyter-server is not installed"."""
    clone = clone_for("lite", installed)
    build, serve = commands("lite")
    assert build[1:] == ["lite", "build", "site"] and serve[1:] == ["lite", "serve", "site"], (build, serve)
    said = run(build, clone)
    assert (clone / "site" / "index.html").is_file() and "built" in said, said
    with serving(serve, clone, tmp_path / "lite-serve.log") as (url, server):
        assert "Station Master" in wait_for(url + "/", server)
        assert "jupyter-config-data" in wait_for(url + "/lab/index.html", server)
    assert git_status(clone) == "", "the lite path left files git does not ignore"
    note_pass("lite")


def test_the_serve_path_starts_the_server_and_creates_a_table(installed, tmp_path):
    clone = clone_for("serve", installed)
    (serve,) = commands("serve")
    assert serve[1:] == ["serve"], serve
    with serving(serve, clone, tmp_path / "serve.log") as (url, server):
        def against_this_server(code: str) -> str:
            assert "http://127.0.0.1:8765" in code and "sm.play(remote=" in code
            kept = [line for line in code.splitlines() if "sm.play(" not in line]  # the board: the play extra
            return "\n".join(kept).replace("http://127.0.0.1:8765", url) + "\nassert table.id and table.invites\n"
        run_snippets("serve", clone, tmp_path, against_this_server)
    assert git_status(clone) == "", "the serve path left files git does not ignore (its tables?)"
    note_pass("serve")


def test_the_rl_path_runs_the_readmes_snippet(installed, tmp_path):
    clone = clone_for("rl", installed)
    assert commands("rl") == []
    run_snippets("rl", clone, tmp_path)
    assert git_status(clone) == ""
    note_pass("rl")


def test_the_sim_path_runs_the_readmes_command_and_snippet(installed, tmp_path):
    clone = clone_for("sim", installed)
    (simulate,) = commands("sim")
    assert simulate[1] == "simulate" and "--games" in simulate and "--out" in simulate, simulate
    simulate[simulate.index("--games") + 1] = str(GAMES)
    out = clone / simulate[simulate.index("--out") + 1]
    summary = json.loads(run(simulate + ["--quiet"], clone).strip())
    assert summary["games"] == GAMES and len(out.read_text().splitlines()) == GAMES
    run_snippets("sim", clone, tmp_path)
    out.unlink()  # what --out was asked to write; nothing else is left
    assert git_status(clone) == ""
    note_pass("sim")
