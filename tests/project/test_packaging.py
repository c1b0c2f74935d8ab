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


def test_every_data_file_of_the_package_is_in_its_package_data():
    """The files of stationmaster/data (the play notebook, tutorial 11's annotated game) ship in a
    wheel only when [tool.setuptools.package-data] names them."""
    import fnmatch

    section = (ROOT / "pyproject.toml").read_text().split("[tool.setuptools.package-data]", 1)[1]
    line = re.search(r"^stationmaster\s*=\s*\[(.*?)\]", section, re.M).group(1)  # (tomllib is Python 3.11's)
    patterns = re.findall(r'"([^"]+)"', line)
    files = [p.relative_to(ROOT / "stationmaster").as_posix() for p in (ROOT / "stationmaster" / "data").iterdir()
             if p.is_file()]
    assert files
    missing = [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns)]
    assert missing == [], f"add to [tool.setuptools.package-data]: {missing}"
