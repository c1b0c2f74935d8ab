"""The one step that needs the network: fetch what the site is built from into a cache folder.

- Pyodide's core runtime: ``npm pack pyodide@<PYODIDE>`` (npm's own cache and registry);
- the pure-Python wheels the kernel and the board import: ``pip download`` from PyPI, exact
  versions (``pins.py``; for the packages Pyodide's lock lists, the lock's versions).

Everything lands in ``CACHE/npm`` and ``CACHE/wheels``; a file already there is not fetched again,
so once fetched, builds run with the network off. ``stationmaster lite fetch`` runs this alone.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from . import pins

DEFAULT_CACHE = Path("build") / "lite-cache"


class FetchError(RuntimeError):
    """Something the site needs could not be fetched (the message says what and how to fix it)."""


def pyodide_tarball(cache) -> Path:
    return Path(cache) / "npm" / f"pyodide-{pins.PYODIDE}.tgz"


def fetch_pyodide(cache, quiet: bool = True) -> Path:
    """The ``pyodide`` npm package's tarball in the cache (fetched with ``npm pack`` if missing)."""
    target = pyodide_tarball(cache)
    if target.exists():
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise FetchError("npm is needed once to fetch Pyodide's runtime (the pyodide npm package): install "
                         f"Node.js's npm, or put pyodide-{pins.PYODIDE}.tgz into {target.parent} yourself")
    target.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "pack", f"pyodide@{pins.PYODIDE}", "--pack-destination", str(target.parent)],
                          capture_output=True, text=True)
    if done.returncode != 0 or not target.exists():
        raise FetchError(f"npm pack pyodide@{pins.PYODIDE} failed: {(done.stderr or done.stdout).strip()[-800:]}")
    return target


def read_lock(tarball) -> dict:
    """Pyodide's ``pyodide-lock.json`` from the npm tarball."""
    with tarfile.open(tarball) as t:
        return json.load(t.extractfile("package/pyodide-lock.json"))


def wanted_wheels(lock: dict) -> dict:
    """{package name: exact version} of every wheel to fetch from PyPI."""
    out = {}
    for name in pins.FROM_PYODIDE_LOCK:
        entry = lock["packages"].get(name)
        if entry is None:
            raise FetchError(f"Pyodide {pins.PYODIDE}'s lock has no {name!r}: update pins.FROM_PYODIDE_LOCK")
        out[name] = entry["version"]
    out.update(pins.FROM_PYPI)
    return out


def _norm(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def find_wheel(folder, name: str, version: str):
    """The pure-Python wheel of ``name`` ``version`` in ``folder``, or None."""
    for f in Path(folder).glob("*.whl"):
        parts = f.name.split("-")
        if len(parts) >= 5 and _norm(parts[0]) == _norm(name) and parts[1] == version:
            return f
    return None


def fetch_wheels(cache, lock: dict) -> dict:
    """{name: wheel path} for every wanted wheel, downloading the missing ones with pip."""
    folder = Path(cache) / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    want = wanted_wheels(lock)
    missing = [f"{n}=={v}" for n, v in want.items() if find_wheel(folder, n, v) is None]
    if missing:
        py = lock["info"]["python"].rsplit(".", 1)[0]  # "3.14.2" -> "3.14"
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", py, "--implementation", "py", "--abi", "none", "--platform", "any",
               "-d", str(folder), *missing]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise FetchError("pip could not download the site's wheels "
                             f"({', '.join(missing)}): {done.stderr.strip()[-800:]}")
    out = {}
    for n, v in want.items():
        f = find_wheel(folder, n, v)
        if f is None:
            raise FetchError(f"no pure-Python wheel of {n} {v} was found on PyPI")
        out[n] = f
    return out


def fetch(cache=DEFAULT_CACHE) -> dict:
    """Fetch everything into ``cache``; returns {"pyodide": tarball, "wheels": {name: path}}."""
    tarball = fetch_pyodide(cache)
    return {"pyodide": tarball, "wheels": fetch_wheels(cache, read_lock(tarball))}
