"""Fixtures for the real-browser tests: a throwaway JupyterLab server and a Debian Chromium
driven by Playwright.

* ``lab_server`` -- JupyterLab on a free 127.0.0.1 port, token and password off, serving a *copy*
  of ``notebooks/`` from a temp folder (so a test never dirties the repo), with every Jupyter /
  IPython config, data and runtime dir in that temp folder. Stopped (kernels too) at teardown.
* ``browser_context`` / ``page`` -- ``/usr/bin/chromium`` (from Debian, never ``playwright
  install``) headless with a fresh profile. Every test here is skipped, with the reason, when
  ``/usr/bin/chromium`` is absent; CI (``.ci/run``) installs it.
* ``screenshots_dir`` -- where tests save screenshots: a temp folder (tools/screenshots.py sets
  STATIONMASTER_SCREENSHOTS and copies them into docs/screenshots/).
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM = pathlib.Path(os.environ.get("STATIONMASTER_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# JupyterLab front-end plugins that would reach the network or pop a toast over the notebook.
DISABLED_LAB_PLUGINS = {
    "@jupyterlab/apputils-extension:announcements": True,
}
SERVER_START_TIMEOUT = 90  # seconds


def pytest_collection_modifyitems(config, items):
    """Skip this folder's tests, saying why, on a machine without Debian Chromium."""
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is absent (install Debian's 'chromium' package "
                                   "to run the real-browser tests; CI does)")
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in pathlib.Path(str(item.fspath)).parents:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A running JupyterLab: ``url`` (no trailing slash), ``root`` (its notebook folder),
    ``log`` (its stdout+stderr file)."""

    def __init__(self, proc: subprocess.Popen, url: str, root: pathlib.Path, log: pathlib.Path):
        self.proc, self.url, self.root, self.log = proc, url, root, log

    def api(self, path: str, method: str = "GET", body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            raw = r.read()
        return json.loads(raw) if raw else None

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no server log)"


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    env = dict(os.environ)
    dirs = {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data",
            "JUPYTER_RUNTIME_DIR": "runtime", "IPYTHONDIR": "ipython"}
    for var, name in dirs.items():
        (base / name).mkdir()
        env[var] = str(base / name)
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(base / "config" / "lab" / "workspaces")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(base / "config" / "lab" / "user-settings")
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    (base / "config" / "labconfig").mkdir(parents=True)
    (base / "config" / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": DISABLED_LAB_PLUGINS}))
    server = None
    try:
        for attempt in range(3):  # a free port can be taken between the probe and the bind
            server = _launch(root, env, base / f"server-{attempt}.log")
            if server.proc.poll() is None:
                break
            if "already in use" not in server.log_tail():
                pytest.fail(f"JupyterLab exited with {server.proc.returncode}:\n"
                            f"{server.log_tail()}")
        else:
            pytest.fail(f"JupyterLab found no free port:\n{server.log_tail()}")
        yield server
    finally:
        if server is not None:
            _stop(server.proc)


def _launch(root: pathlib.Path, env: dict, log: pathlib.Path) -> LabServer:
    """Start JupyterLab on a free 127.0.0.1 port and wait until it answers (or exits)."""
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab",
           "--no-browser", "--allow-root",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           f"--ServerApp.root_dir={root}",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           "--ServerApp.terminals_enabled=False",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           # window.jupyterapp: the tests read the kernel's readiness from it (they click for
           # everything a player does)
           "--LabApp.expose_app_in_browser=True",
           "--LanguageServerManager.autodetect=False"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    server = LabServer(proc, f"http://127.0.0.1:{port}", root, log)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while proc.poll() is None:
        try:
            server.api("/api/status")
            with urllib.request.urlopen(server.url + "/lab", timeout=10) as r:
                r.read()
            return server
        except (urllib.error.URLError, ConnectionError, OSError):
            if time.monotonic() > deadline:
                _stop(proc)
                pytest.fail(f"JupyterLab did not answer in {SERVER_START_TIMEOUT}s:\n"
                            f"{server.log_tail()}")
            time.sleep(0.25)
    return server  # exited: the caller reads the log


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM lets the server shut its kernels down; the process group (the server and the
    kernels it started, nothing else) is killed if that takes too long."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # leftovers of this server's own group only
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=10)


@pytest.fixture(scope="package")
def browser_context(tmp_path_factory):
    """One Chromium for the browser tests; it and Playwright stop when they are done, since a live
    sync Playwright leaves an asyncio loop running in this thread for the tests after them."""
    from launching import playwright, stop_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    context = playwright().chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    context.set_default_timeout(30_000)
    try:
        yield context
    finally:
        context.close()
        stop_playwright()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)


@pytest.fixture
def page(browser_context, request, tmp_path):
    """A new tab. Uncaught JS exceptions collect in ``page.page_errors``; when the test fails, a
    screenshot of the tab is saved in the test's tmp folder and its path printed."""
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.page_errors = errors
    try:
        yield page
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            shot = tmp_path / "failure.png"
            try:
                page.screenshot(path=str(shot))
                print(f"\nscreenshot of the failing page: {shot}")
            except Exception as exc:  # the page may be gone; the failure itself matters more
                print(f"\nno failure screenshot: {exc}")
        page.close()


def screenshot_folder(make_temp) -> pathlib.Path:
    """Where the tests save their screenshots: the folder in STATIONMASTER_SCREENSHOTS when set
    (tools/screenshots.py sets it, then copies them into docs/screenshots/), else a temp folder
    (``make_temp()``), so that running the tests changes no file of the repository."""
    folder = os.environ.get("STATIONMASTER_SCREENSHOTS")
    if not folder:
        return make_temp()
    path = pathlib.Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def screenshots_dir(tmp_path_factory):
    return screenshot_folder(lambda: tmp_path_factory.mktemp("screenshots"))


# ---------------------------------------------------------------------------------------------
# The board in a notebook at a laptop's size: what the board tests share

#: the laptop the issue measures on, and JupyterLab's default layout (the file browser open)
LAPTOP = {"width": 1280, "height": 800}
#: the notebook's scroller, and the visible rectangle of the notebook panel
SCROLLER = "sel => document.querySelector(sel + ' .jp-WindowedPanel-outer')"
VIEW = f"""sel => {{ const r = ({SCROLLER})(sel).getBoundingClientRect();
  return {{top: r.top, bottom: r.bottom, left: r.left, right: r.right}}; }}"""


def open_notebook_board(page, lab_server, request, name: str, source: str, viewport: dict = LAPTOP) -> tuple:
    """Write a notebook of one cell (``source``) into the server's folder, open it in JupyterLab at
    ``viewport``, run it and wait for its board: ``(LabNotebook, BoardView)``."""
    from .test_jupyterlab import BoardView, LabNotebook, workspace_name, write_notebook

    page.set_viewport_size(viewport)
    write_notebook(lab_server.root / name, source)
    nb = LabNotebook(page, lab_server, name, workspace_name(request)).open()
    nb.run_all_cells()
    board = BoardView(nb)
    board.wait_shown()
    board.settle()
    return nb, board
