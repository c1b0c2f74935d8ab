"""The JupyterLite site's build, without a browser or the network: the pins, this project's wheel,
the rewritten Pyodide lock, the notebooks chosen, the static server, the CLI's errors, and the
autosave on a file system without hard links (Pyodide's). The site itself, in Chromium:
tests/browser/test_lite.py."""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
import urllib.request
import zipfile
from base64 import urlsafe_b64encode
from pathlib import Path

import pytest

from stationmaster import cli, lite
from stationmaster.lite import pins, site
from stationmaster.lite.wheel import build_wheel

REPO = Path(__file__).resolve().parents[2]


def test_the_lite_extra_pins_what_pins_py_says_and_the_test_extra_has_it():
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    want = {"jupyterlite-core": pins.JUPYTERLITE_CORE, "jupyterlite-pyodide-kernel": pins.PYODIDE_KERNEL,
            "anywidget": pins.FROM_PYPI["anywidget"], "ipywidgets": pins.FROM_PYPI["ipywidgets"]}
    lite_pins = dict(re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[[a-z,]+\])?==(.+)", r).groups() for r in extras["lite"])
    for name, version in want.items():
        assert lite_pins.get(name) == version, (name, lite_pins)
    assert set(extras["lite"]) <= set(extras["test"])  # the suite builds the site
    assert "stationmaster.lite" in tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]


def test_the_installed_build_tools_are_the_pinned_ones_and_match_the_kernels_pyodide():
    ext = site.check_tools()
    assert (ext / "static" / "pypi").is_dir()
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    assert PYODIDE_VERSION == pins.PYODIDE


def test_the_projects_wheel_holds_the_engine_and_the_widgets_with_a_valid_record(tmp_path):
    path = build_wheel(tmp_path)
    assert path.name == "stationmaster-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        for needed in ("stationmaster/__init__.py", "stationmaster/widgets/svgsurface.py",
                       "stationmaster/widgets/board.py", "stationmaster/lessons/__init__.py",
                       "stationmaster/data/play.ipynb", "stationmaster/view/svg.py"):
            assert needed in names, needed
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        record = z.read("stationmaster-0.1.0.dist-info/RECORD").decode().splitlines()
        assert len(record) == len(names)
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            if not digest:
                continue
            data = z.read(name)
            assert digest == "sha256=" + urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        assert "Name: stationmaster" in z.read("stationmaster-0.1.0.dist-info/METADATA").decode()
    first = path.read_bytes()
    assert build_wheel(tmp_path / "again").read_bytes() == first  # the same sources, the same bytes


def _wheel(folder: Path, name: str, version: str, top: str) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{top}/__init__.py", "")
        z.writestr(f"{name}-{version}.dist-info/METADATA", f"Name: {name}\nVersion: {version}\n")
    return path


def test_the_lock_keeps_what_the_site_has_adds_the_wheels_and_drops_the_rest(tmp_path):
    wheels, folder = tmp_path / "w", tmp_path / "pyodide"
    wheels.mkdir()
    folder.mkdir()
    (folder / "core-1.0-cp314-pyodide.whl").write_bytes(b"core")
    lock = {"info": {"python": "3.14.2"}, "packages": {
        "core": {"name": "core", "version": "1.0", "file_name": "core-1.0-cp314-pyodide.whl", "depends": [],
                 "sha256": "x", "imports": ["core"]},
        "numpy": {"name": "numpy", "version": "2", "file_name": "numpy-2-cp314.whl", "depends": [],
                  "sha256": "y", "imports": ["numpy"]},
        "traitlets": {"name": "traitlets", "version": "5.14.3", "file_name": "traitlets-5.14.3-py3-none-any.whl",
                      "depends": ["core"], "sha256": "z", "imports": ["traitlets"], "unvendored_tests": True}}}
    new = site.write_lock(lock, folder, [_wheel(wheels, "traitlets", "5.14.3", "traitlets"),
                                         _wheel(wheels, "comm", "0.2.3", "comm")])
    assert set(new["packages"]) == {"core", "traitlets", "comm"}  # numpy's file is not there: no entry
    t = new["packages"]["traitlets"]
    assert t["depends"] == ["core"] and t["unvendored_tests"] is False
    assert t["sha256"] == hashlib.sha256((folder / t["file_name"]).read_bytes()).hexdigest()
    assert new["packages"]["comm"]["depends"] == ["traitlets"] and new["packages"]["comm"]["imports"] == ["comm"]
    assert json.loads((folder / "pyodide-lock.json").read_text()) == new
    with pytest.raises(site.BuildError, match="need what it does not have"):
        site.write_lock(lock, folder, [_wheel(wheels, "anywidget", "0.11.0", "anywidget")])


def test_the_site_carries_every_notebook_but_the_balance_study(tmp_path):
    names = site.pick_notebooks(REPO / "notebooks", tmp_path / "files")
    assert pins.FIRST in names and "01-the-stage.ipynb" in names and "scripting.ipynb" in names
    assert "app.ipynb" in names and "balance.ipynb" not in names
    assert sorted(p.name for p in (tmp_path / "files").iterdir()) == names
    (tmp_path / "empty").mkdir()
    with pytest.raises(site.BuildError, match="has no play.ipynb"):
        site.pick_notebooks(tmp_path / "empty", tmp_path / "out")
    with pytest.raises(site.BuildError, match="no notebooks folder"):
        site.pick_notebooks(tmp_path / "nowhere", tmp_path / "out")


def test_the_server_serves_a_site_on_loopback_with_webassemblys_type(tmp_path):
    with pytest.raises(FileNotFoundError, match="not a built site"):
        lite.server(tmp_path)
    (tmp_path / "lab").mkdir()
    (tmp_path / "index.html").write_text("<p>hi</p>")
    (tmp_path / "x.wasm").write_bytes(b"\0asm")
    (tmp_path / "m.mjs").write_text("export default 1;")
    srv = lite.server(tmp_path, background=True)
    try:
        assert srv.server_address[0] == "127.0.0.1" and srv.url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(srv.url + "x.wasm", timeout=10) as r:
            assert r.headers["Content-Type"] == "application/wasm" and r.read() == b"\0asm"
        with urllib.request.urlopen(srv.url + "m.mjs", timeout=10) as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
        assert "SiteServer" in repr(srv)
    finally:
        srv.shutdown()
        srv.server_close()


def test_the_lite_command_says_what_is_wrong_in_words(tmp_path, capsys, monkeypatch):
    assert cli.main(["lite", "serve", str(tmp_path / "nothing")]) == cli.EXIT_BAD
    assert "is not a built site" in capsys.readouterr().err
    monkeypatch.setattr(site, "check_tools", lambda: (_ for _ in ()).throw(
        site.BuildError('jupyterlite-core is not installed: pip install -e ".[lite]"')))
    assert cli.main(["lite", "build", str(tmp_path / "out"), "--quiet"]) == cli.EXIT_BAD
    assert "pip install -e" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_missing_npm_is_a_clear_fetch_error(tmp_path, monkeypatch):
    from stationmaster.lite import downloads
    monkeypatch.setattr(downloads.shutil, "which", lambda name: None)
    with pytest.raises(lite.FetchError, match="npm is needed once"):
        downloads.fetch_pyodide(tmp_path)


def test_autosave_claims_its_file_where_there_are_no_hard_links(tmp_path, monkeypatch):
    from stationmaster.widgets import autosave

    monkeypatch.delattr(os, "link")  # as in Pyodide
    path = str(tmp_path / "station-master-autosave-seed1.json")
    assert autosave._create(path, "one") is True
    assert autosave._create(path, "two") is False  # never overwrites another game
    assert Path(path).read_text() == "one"
    assert [p.name for p in tmp_path.iterdir()] == ["station-master-autosave-seed1.json"]  # no temp left


def _user_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    (folder / "notes").mkdir(parents=True)
    (folder / "thesis.tex").write_text("years of work")
    (folder / "notes" / "a.txt").write_text("more")
    return folder


def test_a_build_refuses_a_folder_it_did_not_make_and_deletes_nothing(tmp_path, capsys):
    """27.1: `lite build DIR` on a folder the build did not make used to delete it whole (rmtree)."""
    folder = _user_folder(tmp_path)
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    assert cli.main(["lite", "build", str(folder), "--cache", str(REPO / "build" / "lite-cache"),
                     "--quiet"]) == cli.EXIT_BAD
    err = capsys.readouterr().err
    assert "not a site that `stationmaster lite build` made" in err and "nothing was changed" in err
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before
    assert (folder / "thesis.tex").read_text() == "years of work"
    assert [p.name for p in tmp_path.iterdir()] == ["mine"]  # no work folder left beside it
    (tmp_path / "afile").write_text("x")
    with pytest.raises(site.BuildError, match="is a file or a link, not a folder"):
        site.check_outdir(tmp_path / "afile")


def test_a_rebuild_refuses_a_site_holding_files_the_build_did_not_write(tmp_path):
    built = tmp_path / "site"
    (built / "lab").mkdir(parents=True)
    (built / "lab" / "index.html").write_text("<p>")
    site.write_mark(built)
    site.check_outdir(built)  # an earlier build's own files: it may be replaced
    (built / "lab" / "my-notes.md").write_text("mine")
    with pytest.raises(site.BuildError, match=r"did not write \(lab/my-notes.md\).*nothing was changed"):
        site.check_outdir(built)
    (tmp_path / "empty").mkdir()
    site.check_outdir(tmp_path / "empty")  # nothing to lose
    site.check_outdir(tmp_path / "new")


@pytest.mark.slow
def test_a_build_touches_only_its_own_folder_and_replaces_only_its_own_site(tmp_path):
    """28.1: JupyterLite's reproducible timestamps reset every file beside the site (the clone, its
    .git and venvs) to 2020-01-01. 27.1: a rebuild replaces the site it made, not a file added to it."""
    clone = tmp_path / "clone"
    (clone / "notebooks").mkdir(parents=True)
    for nb in (REPO / "notebooks").glob("*.ipynb"):
        (clone / "notebooks" / nb.name).write_bytes(nb.read_bytes())
    marker = clone / "README.md"
    marker.write_text("a marker outside the site")
    cache = REPO / "build" / "lite-cache"
    lite.fetch(cache)
    watched = [marker, clone / "notebooks" / "play.ipynb", *sorted(cache.rglob("*.whl"))[:3]]
    mtimes = {p: p.stat().st_mtime_ns for p in watched}
    out = clone / "site"
    first = lite.build(out, cache=cache, notebooks=clone / "notebooks", log=lambda m: None)
    assert {p: p.stat().st_mtime_ns for p in watched} == mtimes
    assert first.folder == out and (out / "index.html").is_file() and (out / site.MARK).is_file()
    assert sorted(p.name for p in clone.iterdir()) == ["README.md", "notebooks", "site"]  # no work folder left
    (out / "index.html").write_text("stale")
    lite.build(out, cache=cache, notebooks=clone / "notebooks", log=lambda m: None)  # its own site: replaced
    assert "Opening the game" in (out / "index.html").read_text()
    (out / "files" / "my-game.json").write_text("{}")
    with pytest.raises(site.BuildError, match="my-game.json"):
        lite.build(out, cache=cache, notebooks=clone / "notebooks", log=lambda m: None)
    assert (out / "files" / "my-game.json").read_text() == "{}"
    assert {p: p.stat().st_mtime_ns for p in watched} == mtimes


def test_the_sites_notebooks_name_the_sites_kernel(tmp_path):
    """The notebooks the site carries name its Pyodide kernel, so opening one never asks which kernel
    to start (a notebook naming JupyterLab's python3 made the site ask, now and then: the browser
    test's click on a cell was intercepted by "Select Kernel"); their cells are unchanged."""
    import json

    from stationmaster.lite.site import SITE_KERNELSPEC, default_notebooks, pick_notebooks

    names = pick_notebooks(default_notebooks(), tmp_path)
    assert "play.ipynb" in names
    for name in names:
        copied = json.loads((tmp_path / name).read_text())
        source = json.loads((default_notebooks() / name).read_text())
        assert copied["metadata"]["kernelspec"] == SITE_KERNELSPEC, name
        assert copied["cells"] == source["cells"], name
