"""The check that stops a test run missing a package of the ``test`` extra (tests/required_extra.py)."""

import os
import subprocess
import sys

import required_extra


def test_the_whole_test_extra_is_here():
    names = [r.split(">")[0].split("=")[0].strip() for r in required_extra.test_extra()]
    assert {"pytest", "hypothesis", "ipywidgets", "ipycanvas", "playwright", "nbclient"} <= set(names)
    assert required_extra.problem() is None


def test_a_missing_package_an_old_one_and_one_that_cannot_be_imported_are_named():
    got = required_extra.missing(["no-such-package-17>=1.0", "pytest>=999", "pytest>=7.4"])
    assert got[0] == "no-such-package-17 (not installed)"
    assert got[1].startswith("pytest ") and got[1].endswith("(needs >=999)")
    assert len(got) == 2


def test_the_run_stops_loudly_when_a_package_is_missing(tmp_path):
    """With a package of the extra hidden (an import hook that finds nothing for it), pytest exits
    non-zero before any test, saying what to install, instead of skipping the tests that need it."""
    hide = tmp_path / "sitecustomize.py"
    hide.write_text(
        "import importlib.metadata as m\n"
        "real = m.version\n"
        "def version(name):\n"
        "    if name == 'ipycanvas':\n"
        "        raise m.PackageNotFoundError(name)\n"
        "    return real(name)\n"
        "m.version = version\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "pytest", "tests/engine/test_rng.py", "-q", "-p", "no:cacheprovider"],
                         cwd=required_extra.ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode != 0
    assert "ipycanvas (not installed)" in run.stderr + run.stdout
    assert 'pip install -e ".[test]"' in run.stderr + run.stdout
    assert "passed" not in run.stdout
