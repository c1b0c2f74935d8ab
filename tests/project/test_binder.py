"""A stand-in for Binder in CI: a fresh venv built only from binder/ (as repo2docker does, from the
repository root) runs every notebook in notebooks/ with its own kernel, and has the
``stationmaster play`` command with its packaged notebook.

Slow (a venv and a JupyterLab install from the package index: about a minute or two). Nothing is
kept between runs: the venv and the copy of the repository live in the test's temp folder.
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat
import pytest

from .test_notebooks import QUICK  # the notebooks' tiny budgets for a test run

pytestmark = pytest.mark.slow

REPO = pathlib.Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"
# what is not part of the repository's content (local venvs, caches, build output)
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__",
                                    ".pytest_cache", ".hypothesis", "station-master-autosave*.json")
INSTALL_TIMEOUT = 420  # seconds
RUN_TIMEOUT = 300

# Run with the venv's python: execute each notebook (nbclient, the venv's python3 kernel) in a
# copy of notebooks/, after checking that the kernel is the venv's own.
RUNNER = r'''
import json, pathlib, sys
import nbclient, nbformat

folder = pathlib.Path(sys.argv[1])

def run(nb):
    nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}}).execute()
    return nb

probe = run(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import sys; print(sys.prefix)")]))
kernel_prefix = probe.cells[0].outputs[0]["text"].strip()
report = {"kernel_prefix": kernel_prefix, "notebooks": {}}
for path in sorted(folder.glob("*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    try:
        run(nb)
        errors = [o.get("ename", "") + ": " + o.get("evalue", "") for c in nb.cells
                  if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
    except Exception as e:  # nbclient raises on a failing cell
        errors = [f"{type(e).__name__}: {str(e)[-2000:]}"]
    report["notebooks"][path.name] = errors
print("REPORT " + json.dumps(report))
'''


def test_binder_files():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    lines = [l.strip() for l in (BINDER / "requirements.txt").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    assert "." in lines or "-e ." in lines  # the project itself, from the repository root
    pinned = {l.split("==")[0].lower(): l.split("==")[1] for l in lines if "==" in l}
    assert set(pinned) >= {"jupyterlab", "ipywidgets", "ipycanvas", "ipykernel", "voila"}
    assert all(re.fullmatch(r"\d+(\.\d+)*", v) for v in pinned.values())  # exact versions
    assert all("==" in l or l in (".", "-e .") for l in lines)


def _env(base: pathlib.Path) -> dict:
    """No Jupyter or IPython setting of this machine's user reaches the venv's kernel."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH")}
    for var, name in {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data",
                      "JUPYTER_RUNTIME_DIR": "runtime", "IPYTHONDIR": "ipython"}.items():
        (base / name).mkdir()
        env[var] = str(base / name)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def test_a_venv_from_binder_runs_every_notebook(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo, ignore=NOT_SOURCE)
    env = _env(tmp_path)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    done = subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
                          cwd=repo, env=env, capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]

    # the project is installed (not run from the copy) and its command has the packaged notebook
    play_dir = tmp_path / "play"
    done = subprocess.run([str(py), "-m", "stationmaster.cli", "play", "--print", "--dir", str(play_dir)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:3] == [str(py), "-m", "jupyterlab"]
    assert not (play_dir / "station-master.ipynb").exists()  # --print only prints (issue 15 item 8)
    done = subprocess.run([str(py), "-c", "from stationmaster.cli import play_notebook_text as t; "
                           "import json; print(len(json.loads(t())['cells']))"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and int(done.stdout) >= 1, done.stderr  # the packaged notebook is there

    # Binder's Voilà badge opens /voila/render/...: Voilà's server extension is enabled
    jupyter = venv / ("Scripts/jupyter.exe" if os.name == "nt" else "bin/jupyter")
    done = subprocess.run([str(jupyter), "server", "extension", "list"], env=env,
                          capture_output=True, text=True, timeout=120)
    listing = done.stdout + done.stderr
    assert re.search(r"voila\b.*enabled", listing), listing

    notebooks = tmp_path / "notebooks"
    shutil.copytree(repo / "notebooks", notebooks)
    for name, swaps in QUICK.items():  # a notebook that trains for minutes runs on its tiny budget here too
        path = notebooks / name
        nb = nbformat.read(path, as_version=4)
        first = next(c for c in nb.cells if c.cell_type == "code")  # where test_notebooks swaps them too
        for line, quick in swaps:
            assert first.source.count(line) == 1, f"{name}'s first code cell no longer sets {line!r}"
            first.source = first.source.replace(line, quick)
        nbformat.write(nb, path)
    (tmp_path / "run.py").write_text(RUNNER)
    done = subprocess.run([str(py), str(tmp_path / "run.py"), str(notebooks)], cwd=notebooks, env=env,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert done.returncode == 0, done.stderr[-3000:]
    import json
    report = json.loads(next(l for l in done.stdout.splitlines() if l.startswith("REPORT "))[7:])
    assert pathlib.Path(report["kernel_prefix"]).resolve() == venv.resolve()
    assert set(report["notebooks"]) == {p.name for p in notebooks.glob("*.ipynb")} >= {"play.ipynb", "app.ipynb"}
    failed = {name: errors for name, errors in report["notebooks"].items() if errors}
    assert not failed, failed
