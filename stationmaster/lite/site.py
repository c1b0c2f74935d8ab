"""Build the JupyterLite site: JupyterLab and a Pyodide kernel as static files, the game's
notebooks, the play notebook opening first, and every package the kernel needs served from the
site itself (no request leaves it).

How the packages reach the kernel: Pyodide loads packages listed in its lock file
(``pyodide-lock.json``) from its own folder. The npm package carries the runtime and the lock but
not the packages, so the build copies the pure-Python wheels it fetched (``downloads.py``) and this
project's own wheel (``wheel.py``) next to the runtime, and rewrites the lock: an entry for every
wheel that is there (its file, hash and dependencies), and none for what is not (a package the
site cannot have then fails on import with "No module named ...", never with a network request
that hangs). The kernel is told to load the game and the kernel's own packages as it starts
(``loadPyodideOptions.packages``), so ``import stationmaster`` works in every notebook without an
install cell. The game's wheel is also in the site's piplite index (``%pip install stationmaster``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from . import downloads as _fetch
from . import pins
from .wheel import build_wheel

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: what the kernel loads as it starts (the kernel's own packages, then the game and its board)
PRELOAD = ("micropip", "packaging", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
           "stationmaster")
#: what each wheel we add to the lock needs (the lock's own entries keep theirs)
DEPENDS = {
    "comm": ["traitlets"],
    "ipython-pygments-lexers": ["pygments"],
    "ipywidgets": ["comm", "ipython", "traitlets"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "psygnal": [],
    "piplite": ["micropip"],
    "ipykernel": ["comm", "ipython"],
    "pyodide-kernel": ["ipykernel", "ipython", "comm"],
    "widgetsnbextension": [],
    "stationmaster": ["ipywidgets", "anywidget", "ipython-pygments-lexers"],
}
#: the JupyterLab extensions the site carries (from this environment): the widgets' manager, anywidget
#: (the SVG surface's front end) and the Pyodide kernel; not ipycanvas's or Voilà's, which the site cannot use
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension")
#: the npm package's files the site does not need
NOT_SERVED = {"README.md", "package.json", "console.html", "console-v2.html", "ffi.d.ts", "pyodide.d.ts"}
#: the site's front page: straight to the play notebook (JupyterLab's pages read the config script
#: of the page above them, so it stays, empty)
INDEX_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Station Master</title>
<meta http-equiv="refresh" content="0; url=lab/index.html?path={first}">
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
</head><body><p>Opening the game… <a href="lab/index.html?path={first}">Station Master</a></p></body></html>
"""


class BuildError(RuntimeError):
    """The site could not be built (the message says why, and what to do)."""


@dataclass
class Site:
    """A built site: its folder, the notebooks it carries and the packages its kernel has."""

    folder: Path
    notebooks: list = field(default_factory=list)
    packages: dict = field(default_factory=dict)  # name -> version, as the site's lock lists them

    @property
    def first(self) -> str:
        """The page that opens the play notebook."""
        return f"lab/index.html?path={pins.FIRST}"

    def __repr__(self) -> str:
        return (f"<Site {str(self.folder)!r}: {len(self.notebooks)} notebooks, "
                f"{len(self.packages)} packages, opens {pins.FIRST}>")


def check_tools() -> Path:
    """The build tools are installed at the pinned versions; returns the kernel extension's folder."""
    for dist, want in (("jupyterlite-core", pins.JUPYTERLITE_CORE),
                       ("jupyterlite-pyodide-kernel", pins.PYODIDE_KERNEL)):
        try:
            have = version(dist)
        except PackageNotFoundError:
            raise BuildError(f"{dist} is not installed: pip install -e \".[lite]\" (it pins {dist}=={want})") from None
        if have != want:
            raise BuildError(f"{dist} {have} is installed, the site is pinned to {want}: "
                             f"pip install -e \".[lite]\" (stationmaster/lite/pins.py holds the pins)")
    from jupyterlite_pyodide_kernel import constants
    if constants.PYODIDE_VERSION != pins.PYODIDE:
        raise BuildError(f"jupyterlite-pyodide-kernel {pins.PYODIDE_KERNEL} expects Pyodide "
                         f"{constants.PYODIDE_VERSION}, pins.PYODIDE says {pins.PYODIDE}")
    for name in EXTENSIONS:
        if not (extension_dir(name) / "package.json").is_file():
            raise BuildError(f"the JupyterLab extension {name} is missing from {extension_dir(name)}: "
                             'pip install -e ".[lite]"')
    return extension_dir("@jupyterlite/pyodide-kernel-extension")


def extension_dir(name: str) -> Path:
    """Where this environment keeps the JupyterLab extension ``name``."""
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name


def default_notebooks() -> Path:
    """The repository's ``notebooks/`` folder (next to the package in a checkout)."""
    import stationmaster
    return Path(stationmaster.__file__).resolve().parent.parent / "notebooks"


def _sha256(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _wheel_info(path) -> tuple:
    """(name, version, top-level import names) of a wheel, from its file name and contents."""
    parts = Path(path).name.split("-")
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        top = None
        for n in names:
            if n.endswith(".dist-info/top_level.txt"):
                top = [t.strip() for t in z.read(n).decode().split() if t.strip()]
        meta = next((z.read(n).decode("utf-8", "replace") for n in names if n.endswith(".dist-info/METADATA")), "")
    name = next((line.split(":", 1)[1].strip() for line in meta.splitlines() if line.startswith("Name:")), parts[0])
    if not top:
        top = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if "/" in n and not n.split("/")[0].endswith((".dist-info", ".data"))}
                     | {n.removesuffix(".py") for n in names if "/" not in n and n.endswith(".py")})
    return name, parts[1], top


def _canon(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def write_lock(lock: dict, folder: Path, wheels: list) -> dict:
    """Rewrite Pyodide's lock for ``folder``: entries for ``wheels`` (copied there), the lock's
    entries whose files are there, nothing else. Returns the new lock."""
    packages = {}
    for whl in wheels:
        shutil.copy2(whl, folder / Path(whl).name)
        name, version, top = _wheel_info(whl)
        key = _canon(name)
        old = lock["packages"].get(key) or lock["packages"].get(name)
        depends = old["depends"] if old is not None else DEPENDS.get(key, [])
        packages[key] = {"name": key, "version": version, "file_name": Path(whl).name, "install_dir": "site",
                         "sha256": _sha256(whl), "package_type": "package", "imports": top,
                         "depends": list(depends), "unvendored_tests": False, "shared_library": False}
    for key, entry in lock["packages"].items():
        if key not in packages and (folder / entry["file_name"]).exists():
            packages[key] = entry
    missing = {k: [d for d in e["depends"] if _canon(d) not in packages] for k, e in packages.items()}
    missing = {k: v for k, v in missing.items() if v}
    if missing:
        raise BuildError(f"the site's packages need what it does not have: {missing}")
    out = dict(lock, packages=dict(sorted(packages.items())))
    (folder / "pyodide-lock.json").write_text(json.dumps(out, indent=1, sort_keys=True))
    return out


def stage_pyodide(tarball, folder: Path) -> None:
    """Unpack the npm package's runtime files into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as t:
        for m in t.getmembers():
            name = m.name.removeprefix("package/")
            if not m.isfile() or "/" in name or name in NOT_SERVED or name.endswith(".map"):
                continue
            (folder / name).write_bytes(t.extractfile(m).read())


#: the kernel the site runs, as a notebook's metadata names it (jupyterlite-pyodide-kernel's)
SITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def for_the_site(text: str) -> str:
    """A notebook's text with the site's kernel named in its metadata: a notebook naming JupyterLab's
    ``python3`` makes the site ask, now and then, which kernel to start ("Select Kernel") before its
    first cell can run; naming the Pyodide kernel, it starts at once."""
    nb = json.loads(text)
    nb.setdefault("metadata", {})["kernelspec"] = dict(SITE_KERNELSPEC)
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def pick_notebooks(source: Path, dest: Path) -> list:
    """Copy the site's notebooks (all but ``pins.LEFT_OUT``) into ``dest``; returns their names."""
    if not source.is_dir():
        raise BuildError(f"no notebooks folder at {source}: build from a checkout of the repository, "
                         "or name the folder with --notebooks")
    dest.mkdir(parents=True, exist_ok=True)
    names = []
    for nb in sorted(source.glob("*.ipynb")):
        if nb.name in pins.LEFT_OUT:
            continue
        (dest / nb.name).write_text(for_the_site(nb.read_text(encoding="utf-8")), encoding="utf-8")
        names.append(nb.name)
    if pins.FIRST not in names:
        raise BuildError(f"{source} has no {pins.FIRST}")
    return names


#: the file a build writes into its site, listing every entry it wrote: a later build replaces a
#: folder only if it holds this file and nothing the list lacks
MARK = ".stationmaster-site.json"


def check_outdir(outdir: Path) -> None:
    """Refuse to build over anything but an earlier build's own files (or an empty folder): the
    build replaces ``outdir`` whole, so a folder holding what it did not write is left alone."""
    if not outdir.exists() and not outdir.is_symlink():
        return
    if outdir.is_symlink() or not outdir.is_dir():
        raise BuildError(f"{outdir} is a file or a link, not a folder: name a new folder for the site "
                         "(a build replaces its folder whole, and would replace the link, not what it points to)")
    present = _entries(outdir)
    if not present:
        return
    try:
        made = set(json.loads((outdir / MARK).read_text())["files"])
    except (OSError, ValueError, KeyError, TypeError):
        raise BuildError(f"{outdir} is not a site that `stationmaster lite build` made (it has no {MARK}), "
                         "and a build replaces its folder whole: nothing was changed. Build into a new "
                         "folder, or move that one away yourself") from None
    theirs = sorted(present - made - {MARK})
    if theirs:
        more = f" and {len(theirs) - 3} more" if len(theirs) > 3 else ""
        raise BuildError(f"{outdir} holds files an earlier build did not write ({', '.join(theirs[:3])}{more}), "
                         "and a build replaces its folder whole: nothing was changed. Move them out, or "
                         "build into a new folder")


def _entries(folder: Path) -> set:
    """Every file, folder and link under ``folder``, as paths relative to it (links not followed)."""
    return {(Path(root) / name).relative_to(folder).as_posix()
            for root, dirs, files in os.walk(folder) for name in dirs + files}


def write_mark(folder: Path) -> None:
    """List every entry of the built ``folder`` in its MARK."""
    (folder / MARK).write_text(json.dumps({"built_by": "stationmaster lite build",
                                           "files": sorted(_entries(folder))}, indent=0))


def build(outdir, cache=None, notebooks=None, log=print) -> Site:
    """Build the site into ``outdir`` from the pinned packages in ``cache`` (fetched there first if
    missing; later builds need no network). Returns the ``Site``.

    ``outdir`` must be new, empty, or a site an earlier build made (``check_outdir``): it is
    replaced whole, at once, when the new site is ready. The build works in a temporary folder
    beside ``outdir``, and JupyterLite's reproducible timestamps (it sets every file it writes,
    and the folder above its output, to ``source_date_epoch``) stay inside that folder: nothing
    outside ``outdir`` changes."""
    outdir = Path(outdir).resolve()
    check_outdir(outdir)
    cache = (Path(cache) if cache is not None else _fetch.DEFAULT_CACHE).resolve()
    if cache == outdir or outdir in cache.parents:
        raise BuildError(f"the download cache {cache} is inside the site's folder {outdir}: name another --cache")
    ext = check_tools()
    log(f"fetching into {cache} (only what is not there yet)")
    got = _fetch.fetch(cache)
    outdir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".stationmaster-lite-", dir=outdir.parent))
    try:
        built, names, lock = _build_in(work, ext, got, notebooks, log)
        check_outdir(outdir)  # again: the folder may have changed while the site was built
        old = work / "replaced"
        if outdir.exists():
            outdir.rename(old)
        try:
            built.rename(outdir)
        except OSError:
            if old.exists():  # the earlier site goes back where it was
                old.rename(outdir)
            raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return Site(outdir, names, {k: e["version"] for k, e in lock["packages"].items()})


def _build_in(work: Path, ext: Path, got: dict, notebooks, log) -> tuple:
    """Stage the site's inputs in ``work/stage`` and build it into ``work/site``;
    returns (the built folder, the notebooks' names, the lock)."""
    stage, out = work / "stage", work / "site"
    pyodide_dir = stage / "static" / "pyodide"
    stage_pyodide(got["pyodide"], pyodide_dir)
    ours = build_wheel(stage / "wheels")
    kernel_wheels = sorted((ext / "static" / "pypi").glob("*.whl"))
    # the kernel's shims: keep widgetsnbextension's newest only (two versions cannot share a lock entry)
    kernel_wheels = [w for w in kernel_wheels if not w.name.startswith("widgetsnbextension-3")]
    wheels = [*got["wheels"].values(), *kernel_wheels, ours]
    lock = write_lock(_fetch.read_lock(got["pyodide"]), pyodide_dir, wheels)
    names = pick_notebooks(Path(notebooks) if notebooks else default_notebooks(), stage / "files")
    settings = {"loadPyodideOptions": {"packages": list(PRELOAD)}, "disablePyPIFallback": True}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "Station Master",
                                      "litePluginSettings": {KERNEL_PLUGIN: settings}}}
    (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    build_config = {"LiteBuildConfig": {"contents": [str(stage / "files")], "apps": ["lab"],
                                        "no_sourcemaps": True, "output_dir": str(out),
                                        "source_date_epoch": 1577836800,
                                        "ignore_sys_prefix": ["federated_extensions"],
                                        "federated_extensions": [str(extension_dir(n)) for n in EXTENSIONS]},
                    "PipliteAddon": {"piplite_urls": [str(ours)]}}
    (stage / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1))
    log(f"building the site (in {work.name}, then moved into place)")
    done = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage)],
                          cwd=stage, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError("jupyter lite build failed:\n" + (done.stdout + done.stderr).strip()[-3000:])
    (out / "index.html").write_text(INDEX_HTML.format(first=pins.FIRST))
    write_mark(out)
    return out, names, lock
