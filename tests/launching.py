"""Start JupyterLab the way a player does, read the URL it prints, look at it, stop it.

Shared by tests/cli/test_cli_play.py, tests/project/test_readme.py and tests/browser/test_launch.py. Jupyter's
settings, data and runtime files live in a temp folder; the token stays on, so the URL the server
prints (token included) is the only way in, as it is for a player.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.parse
import urllib.request

REPO = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = pathlib.Path(os.environ.get("STATIONMASTER_CHROMIUM", "/usr/bin/chromium"))
# the URL a Jupyter server prints for a browser: "http://127.0.0.1:8888/lab/...?token=..."
PRINTED_URL = re.compile(r"http://127\.0\.0\.1:\d+/[^\s]*")


def free_port() -> int:
    """A port free on 127.0.0.1 now (Jupyter moves on to the next one should it be taken since)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_env(base: pathlib.Path, **server_config) -> dict:
    """os.environ with Jupyter's and IPython's folders under ``base`` and a server config file
    holding ``server_config`` (ServerApp traits, e.g. ip="127.0.0.1")."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "PYTHONPATH")}
    for var, name in {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data",
                      "JUPYTER_RUNTIME_DIR": "runtime", "IPYTHONDIR": "ipython"}.items():
        (base / name).mkdir(parents=True, exist_ok=True)
        env[var] = str(base / name)
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(base / "config" / "lab" / "workspaces")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(base / "config" / "lab" / "user-settings")
    lines = [f"c.ServerApp.{k} = {v!r}" for k, v in server_config.items()]
    # no update check and no news toast over the notebook: nothing reaches the network
    lines.append("c.LabApp.check_for_updates_class = 'jupyterlab.NeverCheckForUpdate'")
    (base / "config" / "jupyter_server_config.py").write_text("\n".join(lines) + "\n")
    (base / "config" / "labconfig").mkdir(exist_ok=True)
    (base / "config" / "labconfig" / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    return env


def clone_of_worktree(dest: pathlib.Path) -> pathlib.Path:
    """A git repository at ``dest`` holding what a commit of this working tree would hold (its
    tracked and untracked, not ignored files), committed: a fresh clone of the work in hand."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO, capture_output=True, check=True).stdout.decode()
    for rel in filter(None, listed.split("\0")):
        src = REPO / rel
        if src.is_file():  # a tracked file deleted in the working tree is left out
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@localhost", "-c", "init.defaultBranch=main"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "clone"]):
        subprocess.run(git + args, cwd=dest, check=True, capture_output=True)
    return dest


def git_status(repo: pathlib.Path) -> str:
    """``git status --porcelain`` (untracked files too, ignored ones not): empty when clean."""
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=repo,
                          capture_output=True, text=True, check=True).stdout


class Launched:
    """A command that starts a Jupyter server, running in its own process group."""

    def __init__(self, cmd, cwd, env, log: pathlib.Path):
        self.log = log
        with open(log, "wb") as out:
            self.proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True)

    def log_tail(self, n: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])

    def printed_url(self, timeout: float = 120) -> str:
        """The first browser URL the server prints, once it prints one."""
        deadline = time.monotonic() + timeout
        while True:
            found = PRINTED_URL.search(self.log.read_text(errors="replace"))
            if found:
                return found.group(0)
            if self.proc.poll() is not None:
                raise AssertionError(f"the command stopped ({self.proc.returncode}):\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no URL printed in {timeout:.0f}s:\n{self.log_tail()}")
            time.sleep(0.5)

    def stop(self) -> None:
        """SIGTERM to the group (Jupyter shuts its kernels down); SIGKILL if that takes too long."""
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=20)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # leftovers of this group only
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait(timeout=10)


def get(printed: str, path: str):
    """GET ``path`` on the server of the printed URL with its token; (status, body)."""
    url = urllib.parse.urlsplit(printed)
    token = urllib.parse.parse_qs(url.query).get("token", [""])[0]
    req = urllib.request.Request(f"{url.scheme}://{url.netloc}{path}",
                                 headers={"Authorization": f"token {token}"} if token else {})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status, r.read().decode()


def contents(printed: str, path: str = "") -> dict:
    """The server's contents API entry for ``path`` (relative to its root)."""
    return json.loads(get(printed, "/api/contents/" + urllib.parse.quote(path))[1])


# ---------------------------------------------------------------------------------------------
# The printed URL in Debian Chromium (Playwright), by looking and clicking.

def _tab(page, name: str):
    return page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text=name)


_PLAYWRIGHT = None


def playwright():
    """The one Playwright of this test process. Its sync API runs an event loop of its own, and a
    second one started while the first is alive fails ("Sync API inside the asyncio loop"), so the
    browser fixtures and the launch tests share this one. While it runs, its loop counts as this
    thread's running asyncio loop, which the board's bot pacing would take for a kernel's: stop it
    (``stop_playwright``) as soon as the browser work is done."""
    global _PLAYWRIGHT
    if _PLAYWRIGHT is None:
        from playwright.sync_api import sync_playwright
        _PLAYWRIGHT = sync_playwright().start()
    return _PLAYWRIGHT


def stop_playwright() -> None:
    """Stop the shared Playwright, if it runs."""
    global _PLAYWRIGHT
    if _PLAYWRIGHT is not None:
        pw, _PLAYWRIGHT = _PLAYWRIGHT, None
        pw.stop()


def open_in_chromium(printed: str, notebook: str, rules: str = "docs/rules.md", run: bool = False,
                     shot: pathlib.Path | None = None) -> None:
    """Open the printed URL: the notebook ``notebook`` must be the page's current tab (not the
    Launcher); the file browser must lead to ``rules`` (its folders, then the file, double-clicked)
    and open it, showing its text ("Station Master" on a line). With ``run``, the notebook's first code cell is run (Shift+Enter) until the board
    is drawn, and the notebook saved (Ctrl+S)."""
    own = _PLAYWRIGHT is None  # started here: stopped here too
    browser = playwright().chromium.launch(executable_path=str(CHROMIUM), headless=True, args=[
        "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"])
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(60_000)
        try:
            _look(page, printed, notebook, rules, run)
        except Exception:
            if shot is not None:
                page.screenshot(path=str(shot))
            raise
    finally:
        browser.close()
        if own:
            stop_playwright()


def _item(listing, name: str):
    return listing.locator(".jp-DirListing-itemText", has_text=re.compile(f"^{re.escape(name)}$"))


def _look(page, printed, notebook, rules, run) -> None:
    page.goto(printed)
    current = page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current")
    current.filter(has_text=notebook).wait_for()
    page.locator(".jp-NotebookPanel:visible .jp-Cell").first.wait_for()
    assert page.locator(".jp-Launcher:visible").count() == 0, "the Launcher is showing"

    listing = page.locator("#filebrowser .jp-DirListing-content")
    listing.wait_for()
    parts = rules.split("/")
    for folder in parts[:-1]:
        _item(listing, folder).dblclick()
        page.locator("#filebrowser .jp-BreadCrumbs", has_text=folder).wait_for()
    _item(listing, parts[-1]).dblclick()
    current.filter(has_text=parts[-1]).wait_for()
    page.locator(".jp-FileEditor:visible .cm-line", has_text="Station Master").first.wait_for()

    if run:
        _tab(page, notebook).click()
        panel = page.locator(".jp-NotebookPanel:visible")
        panel.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').wait_for(timeout=120_000)
        panel.locator(".jp-CodeCell .jp-InputArea-editor").first.click()
        page.keyboard.press("Shift+Enter")
        panel.locator(".station-master-board canvas").first.wait_for(timeout=120_000)
        page.keyboard.press("Control+s")
        page.wait_for_function(
            "name => [...document.querySelectorAll('#jp-main-dock-panel .lm-TabBar-tab')]"
            ".some(t => t.textContent.includes(name) && !t.classList.contains('jp-mod-dirty'))",
            arg=notebook)
