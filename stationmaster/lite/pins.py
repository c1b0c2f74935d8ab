"""Every version the JupyterLite site is built from, pinned exactly, in this one place.

- ``JUPYTERLITE_CORE`` and ``PYODIDE_KERNEL`` are the build tools (the ``lite`` extra of
  ``pyproject.toml`` pins the same two; a test checks they agree).
- ``PYODIDE`` is the version of the ``pyodide`` npm package that holds Pyodide's core runtime
  (WebAssembly CPython and its standard library); it must be the kernel's own default
  (``jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION``), which the build checks.
- ``FROM_PYODIDE_LOCK`` names the pure-Python packages the kernel and the board import that
  Pyodide's lock file already lists: their exact versions are the lock's, fetched from PyPI.
- ``FROM_PYPI`` are the pure-Python wheels Pyodide's lock does not list, with their versions.
"""

from __future__ import annotations

JUPYTERLITE_CORE = "0.8.6"
PYODIDE_KERNEL = "0.8.6"
PYODIDE = "314.0.6"

#: packages whose version is the one Pyodide's lock file lists (fetched from PyPI as wheels)
FROM_PYODIDE_LOCK = (
    "micropip", "packaging",  # the kernel's package manager (piplite) stands on micropip
    "ipython", "asttokens", "decorator", "executing", "matplotlib-inline", "prompt-toolkit", "pure-eval",
    "pygments", "six", "stack-data", "traitlets", "wcwidth", "jedi", "parso",
    "typing-extensions",  # anywidget's
)

#: pure-Python wheels from PyPI that Pyodide's lock does not list
FROM_PYPI = {
    "comm": "0.2.3",
    "ipython-pygments-lexers": "1.1.1",
    "ipywidgets": "8.1.9",
    "anywidget": "0.11.0",
    "psygnal": "0.16.1",
}

#: the notebooks the site carries (from the repository's ``notebooks/``); ``balance.ipynb`` is left
#: out: its plots need matplotlib and numpy, which the Pyodide here cannot have
LEFT_OUT = ("balance.ipynb",)

#: the notebook the site opens first
FIRST = "play.ipynb"
