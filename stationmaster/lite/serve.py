"""Serve a built site on 127.0.0.1 for a local look (any static host serves it as well).

Only loopback: the site is for the person at this machine. WebAssembly and JavaScript modules get
their right types (browsers refuse ``.wasm`` and ``.mjs`` served as anything else)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

HOST = "127.0.0.1"
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format, *args):  # quiet: a page load is hundreds of requests
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    """A static server of one folder on 127.0.0.1; ``url`` is its address."""

    daemon_threads = True

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    def __repr__(self) -> str:
        return f"<SiteServer {self.url} serving {self.folder}>"


def server(folder, port: int = 0, background: bool = False) -> SiteServer:
    """A ``SiteServer`` for ``folder`` (port 0: any free port). ``background=True`` starts it in a
    daemon thread; stop it with ``.shutdown()`` and ``.server_close()``."""
    folder = Path(folder)
    if not (folder / "index.html").exists() or not (folder / "lab").is_dir():
        raise FileNotFoundError(f"{folder} is not a built site: stationmaster lite build {folder}")
    handler = functools.partial(_Handler, directory=str(folder))
    srv = SiteServer((HOST, port), handler)
    srv.folder = folder
    if background:
        threading.Thread(target=srv.serve_forever, name="lite-site", daemon=True).start()
    return srv


def serve(folder, port: int = 8000) -> None:
    """Serve ``folder`` on http://127.0.0.1:PORT/ until Ctrl-C."""
    srv = server(folder, port)
    print(f"Station Master in the browser: {srv.url}  (Ctrl-C stops)")
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
