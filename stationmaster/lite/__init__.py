"""A JupyterLite site of the game: JupyterLab and a Python kernel running in the browser from static
files, with the play notebook opening first, every tutorial and the scripting notebook.

>>> from stationmaster import lite
>>> site = lite.build("site")          # doctest: +SKIP  (needs the ``lite`` extra)
>>> lite.serve("site")                 # doctest: +SKIP  (http://127.0.0.1:8000/)

From a shell: ``stationmaster lite build site`` then ``stationmaster lite serve site``.
``stationmaster lite fetch`` fetches the packages alone (the only step that needs the network);
``pins.py`` holds every version. The modules: ``pins`` (versions), ``downloads`` (npm and pip
downloads into a cache folder), ``wheel`` (this project's wheel), ``site`` (the build), ``serve``
(a static server on 127.0.0.1).
"""

from __future__ import annotations

from .downloads import DEFAULT_CACHE, FetchError, fetch
from .serve import serve, server
from .site import BuildError, Site, build

__all__ = ["DEFAULT_CACHE", "BuildError", "FetchError", "Site", "build", "fetch", "serve", "server"]
