"""A plain (non-editable) install, as Binder makes, ships every package of the source tree."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_package_directory_is_listed_in_pyproject():
    text = (ROOT / "pyproject.toml").read_text()
    listed = set(re.findall(r'"(stationmaster(?:\.[a-z_]+)*)"', text.split("packages = [", 1)[1].split("]", 1)[0]))
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "stationmaster").rglob("__init__.py")}
    found |= {"stationmaster.widgets"}  # mapped from widgets/ by [tool.setuptools.package-dir]
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert (ROOT / "widgets" / "__init__.py").exists()
