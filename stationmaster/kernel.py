"""Where the code runs: inside a notebook's kernel or not (a progress bar is a widget there, a line on
standard error elsewhere)."""

from __future__ import annotations

import sys


def in_a_notebook() -> bool:
    """True inside a notebook's kernel (JupyterLab's, or JupyterLite's in the browser): IPython's shell
    there talks to a kernel. ipykernel merely imported (a test run, a script that ran a notebook) is not."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def notebook_widgets():
    """ipywidgets inside a notebook's kernel that has them (a progress bar can be shown), else None."""
    if not in_a_notebook():
        return None
    try:
        import ipywidgets
    except ImportError:
        return None
    return ipywidgets
