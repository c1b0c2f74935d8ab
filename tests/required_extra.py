"""The test run needs every package of the ``test`` extra: without one, tests that import it would
skip (``pytest.importorskip``) and a run could pass having tested less. So the session checks, before
any test, that each package ``pyproject.toml``'s ``test`` extra names is installed at its lower bound
and can be found by import, and stops with "install .[test]" if one is not.

Nothing is imported here (finding a module is enough), so the check costs milliseconds.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import pathlib

from packaging.requirements import InvalidRequirement, Requirement  # pytest depends on packaging

ROOT = pathlib.Path(__file__).resolve().parent.parent
INSTALL = '.venv/bin/pip install -e ".[test]"'
#: a distribution whose import name is not its own name with "-" as "_"
MODULE_OF = {"pytest-xdist": "xdist"}


def test_extra(pyproject: pathlib.Path = ROOT / "pyproject.toml") -> list:
    """The requirement texts of the ``test`` extra, read from pyproject.toml (the installed
    metadata may be older than the file) or, on a Python without tomllib, from the metadata."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        reqs = importlib.metadata.requires("stationmaster") or []
        return [r.split(";")[0].strip() for r in reqs if 'extra == "test"' in r]
    with open(pyproject, "rb") as f:
        return list(tomllib.load(f)["project"]["optional-dependencies"]["test"])


def missing(requirements) -> list:
    """What is wrong with each requirement that is not met: "hypothesis (not installed)",
    "pytest 7.0 (needs >=7.4)"."""
    out = []
    for text in requirements:
        try:
            req = Requirement(text)
        except InvalidRequirement:
            out.append(f"{text} (not a requirement pip reads)")
            continue
        try:
            version = importlib.metadata.version(req.name)
        except importlib.metadata.PackageNotFoundError:
            out.append(f"{req.name} (not installed)")
            continue
        if req.specifier and not req.specifier.contains(version, prereleases=True):
            out.append(f"{req.name} {version} (needs {req.specifier})")
            continue
        module = MODULE_OF.get(req.name, req.name.replace("-", "_").lower())
        if importlib.util.find_spec(module) is None:
            out.append(f"{req.name} (installed, but 'import {module}' finds nothing)")
    return out


def problem() -> str | None:
    """The message that stops the run, or None when the whole test extra is there."""
    gone = missing(test_extra())
    if not gone:
        return None
    return ("the tests need every package of the 'test' extra, and this Python lacks: "
            + "; ".join(gone) + f". Install them with:  {INSTALL}  (then run pytest again)")
