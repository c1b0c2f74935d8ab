"""The README's two commands, tried as a new user would (the launch one in a fresh clone)."""

import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def two_commands() -> tuple:
    text = (ROOT / "README.md").read_text()
    section = text.split("## The two commands", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)\n```", section, re.S)
    assert len(blocks) == 2, "the README's 'two commands' section holds exactly two bash commands"
    return blocks[0].strip(), blocks[1].strip()


def test_readme_gives_a_launch_and_a_test_command_and_ci_runs_the_test_one():
    launch, test = two_commands()
    assert "jupyter lab notebooks/play.ipynb" in launch and '".[play]"' in launch
    assert "pytest" in test
    assert test in (ROOT / ".ci" / "run").read_text(), ".ci/run must run the README's test command as written"


def test_readme_scripting_example_runs_as_written(tmp_path, monkeypatch):
    """The scripting example in the README runs as written."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## Scripting a game", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)\n```", section, re.S)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_launch_command_serves_the_play_notebook_from_a_fresh_clone(tmp_path):
    """Clone, run the README's launch command verbatim, and find JupyterLab serving the play notebook."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("this check needs git and a git checkout")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    launch, _ = two_commands()
    port = _free_port()
    config = tmp_path / "jupyter-config"
    config.mkdir()
    # Only what a headless test machine needs: a fixed loopback port, no token, no browser, and root allowed.
    (config / "jupyter_server_config.py").write_text(
        f"c.ServerApp.ip = '127.0.0.1'\nc.ServerApp.port = {port}\nc.ServerApp.port_retries = 0\n"
        "c.IdentityProvider.token = ''\nc.ServerApp.open_browser = False\nc.ServerApp.allow_root = True\n")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), IPYTHONDIR=str(tmp_path / "ipython"))
    env.pop("VIRTUAL_ENV", None)
    log = open(tmp_path / "launch.log", "w")
    proc = subprocess.Popen(["bash", "-c", launch], cwd=clone, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        # Jupyter serves from the notebook's folder when it is given a notebook to open
        urls = [f"http://127.0.0.1:{port}/api/contents/{p}" for p in ("play.ipynb", "notebooks/play.ipynb")]
        deadline = time.time() + 420
        body = None
        while body is None:
            if time.time() > deadline:
                pytest.fail(f"JupyterLab did not serve the notebook: {(tmp_path / 'launch.log').read_text()[-2000:]}")
            if proc.poll() is not None:
                pytest.fail(f"the launch command stopped: {(tmp_path / 'launch.log').read_text()[-2000:]}")
            try:
                for url in urls:
                    try:
                        with urllib.request.urlopen(url, timeout=5) as r:
                            body = r.read().decode()
                            break
                    except urllib.error.HTTPError:
                        continue
                if body is None:
                    time.sleep(2)
            except OSError:  # not listening yet
                time.sleep(2)
        assert "sm.play(" in body
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab", timeout=10) as r:
            assert r.status == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
