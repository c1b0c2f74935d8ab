"""This project's own wheel for the site, made from the installed package (editable or not).

A pure-Python ``py3-none-any`` wheel is a zip of the package files plus a ``.dist-info`` folder;
writing it here needs no build backend and no network. The wheel holds ``stationmaster`` (the
engine, its data and lessons) and ``stationmaster.widgets`` (the ``widgets/`` folder mapped to that
name, as ``pyproject.toml`` does), without caches."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

NAME = "stationmaster"
#: files a wheel never needs
SKIP_DIRS = {"__pycache__", ".ipynb_checkpoints"}
SKIP_SUFFIXES = {".pyc", ".pyo"}
#: a fixed time for every entry, so the same sources give the same wheel bytes
EPOCH = (2020, 1, 1, 0, 0, 0)


def _version() -> str:
    try:
        return version(NAME)
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0.0.0"


def package_files() -> list:
    """(path in the wheel, file on disk) for every file of the two packages, sorted."""
    import stationmaster
    import stationmaster.widgets as widgets

    roots = [(Path(stationmaster.__file__).parent, "stationmaster"),
             (Path(widgets.__file__).parent, "stationmaster/widgets")]
    out = {}
    for root, prefix in roots:
        for f in sorted(root.rglob("*")):
            rel = f.relative_to(root)
            if f.is_dir() or SKIP_DIRS & set(rel.parts) or f.suffix in SKIP_SUFFIXES:
                continue
            if prefix == "stationmaster" and rel.parts[0] == "widgets":  # a stray folder: widgets/ wins
                continue
            out[f"{prefix}/{rel.as_posix()}"] = f
    return sorted(out.items())


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(folder) -> Path:
    """Write ``stationmaster-<version>-py3-none-any.whl`` into ``folder``; returns its path."""
    version = _version()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    dist = f"{NAME}-{version}.dist-info"
    path = folder / f"{NAME}-{version}-py3-none-any.whl"
    meta = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n"
                            "Summary: Station Master, a railroad-operations card game (for JupyterLite)\n"
                            "Requires-Python: >=3.10\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: stationmaster.lite\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
        f"{dist}/top_level.txt": f"{NAME}\n",
    }
    records = []
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        def put(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
            records.append(_record_line(name, data))
        for name, f in package_files():
            put(name, f.read_bytes())
        for name, text in meta.items():
            put(name, text.encode())
        record = "\n".join(records + [f"{dist}/RECORD,,"]) + "\n"
        info = zipfile.ZipInfo(f"{dist}/RECORD", EPOCH)
        info.external_attr = 0o644 << 16
        z.writestr(info, record)
    tmp.replace(path)
    return path
