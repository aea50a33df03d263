"""A task's web app, served on loopback for one episode.

A task folder may hold `webapp/app.py` defining `make_app(state) -> WSGI application`. `state` is
the site's data, collections of records (lists of JSON-able mappings) as the task's
`fixtures/browser.yaml` gives them; the app reads and changes it in place, and the browser app's
`state()` hands a copy to checks, so a booking made through the site is a record a check can find.

The app is served by the standard library (`wsgiref`) on 127.0.0.1 at a port the OS picks, on daemon
threads, from when the workspace is made until it closes. Requests reach it in two forms: as a proxy
(Chromium sends `GET http://<host>/path` to its relay, `ec2bench.env.browser.chromium`, which hands
every request the browser makes to `Site.handle`) and directly (the text engine sends `GET /path`
with `Host: <host>` to the site's own port). Either way the request must name the
site's `host`; anything else (another host, `CONNECT` for HTTPS) is refused with 403, so the browser
reaches only the task's app. One lock serialises requests and state reads: the app need not be
thread-safe, and a check never sees half a request's changes.
"""

from __future__ import annotations

import copy
import importlib.util
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from urllib.parse import urlsplit
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

WEBAPP_FILE = "webapp/app.py"  # in the task folder, beside task.yaml: never copied into the workspace
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # the trace records what the agent did; request lines would only fill stderr


def load_app(path: Path, state: dict[str, list[dict[str, Any]]]) -> WsgiApp:
    """The WSGI app of a task's `webapp/app.py`, made over `state`."""
    spec = importlib.util.spec_from_file_location(f"ec2bench_webapp_{abs(hash(path))}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot load the site's {WEBAPP_FILE}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    make_app = getattr(module, "make_app", None)
    if not callable(make_app):
        raise ValueError(f"the site's {WEBAPP_FILE} defines no make_app(state)")
    app: WsgiApp = make_app(state)
    return app


# how often the serving loop looks whether it was shut down: `shutdown()` waits for that, and an episode of a
# web task closes its site at the end (the default, 0.5 s, made them wait ~0.4 s each)
SHUTDOWN_POLL_S = 0.02


def serve(app: WsgiApp, name: str) -> WSGIServer:
    """`app` served on 127.0.0.1 at a port the OS picks, on daemon threads, until `shutdown()`."""
    server = make_server("127.0.0.1", 0, app, server_class=_Server, handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, args=(SHUTDOWN_POLL_S,), name=name, daemon=True).start()
    return server


class Site:
    """One task's web app on 127.0.0.1, answering only for `host`."""

    def __init__(self, app_file: Path, state: dict[str, list[dict[str, Any]]], host: str) -> None:
        self.host = host.lower()
        self.state = state
        self.lock = threading.Lock()
        self._app = load_app(app_file, state)
        self._server = serve(self.handle, name=f"site-{host}")
        self.port: int = self._server.server_address[1]

    @property
    def origin(self) -> str:
        """The site's address as the agent sees it (stable across episodes, unlike the port)."""
        return f"http://{self.host}"

    def snapshot(self) -> dict[str, list[dict[str, Any]]]:
        """A copy of the site's data, taken between requests."""
        with self.lock:
            return copy.deepcopy(self.state)

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def handle(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        """Answer one request for the site's host (as a proxy or directly); 403 for anything else."""
        path = environ.get("PATH_INFO", "")
        if "://" in path:  # absolute form: the browser uses this server as its proxy
            parts = urlsplit(path)
            host, scheme = (parts.hostname or ""), parts.scheme
            environ["PATH_INFO"] = parts.path or "/"
        else:
            host, scheme = environ.get("HTTP_HOST", "").rsplit(":", 1)[0], "http"
        if environ.get("REQUEST_METHOD") == "CONNECT" or scheme != "http" or host.lower() != self.host:
            body = f"Blocked: this browser reaches only {self.origin}/".encode()
            start_response("403 Forbidden", [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))])
            return [body]
        environ["HTTP_HOST"] = self.host
        with self.lock:  # the whole response, so a lazy iterable runs under the lock too
            result = self._app(environ, start_response)
            try:
                return [bytes(chunk) for chunk in result]
            finally:
                close = getattr(result, "close", None)
                if callable(close):
                    close()
