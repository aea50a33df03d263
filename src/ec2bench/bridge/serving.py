"""Serving one episode's MCP server and model proxy: one Starlette app, run by uvicorn on a thread.

The app is the MCP SDK's streamable-HTTP app (the MCP endpoint at `/mcp`) with the proxy's routes added
(`ec2bench.bridge.proxy`), so one listening socket serves both. It listens on a Unix socket when the agent
runs in a sandbox without a network (`ec2bench.bridge.launch` relays a loopback port inside the sandbox to
it), else on an ephemeral port of 127.0.0.1. uvicorn runs its own event loop on a daemon thread; `stop`
asks it to finish and waits.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn
from mcp.server.lowlevel import Server
from starlette.applications import Starlette

from ec2bench.bridge.proxy import proxy_routes
from ec2bench.bridge.session import BridgeSession

MCP_PATH = "/mcp"
START_TIMEOUT_S = 30.0


def bridge_app(server: Server[Any], session: BridgeSession) -> Starlette:
    """`server` at `/mcp` (stateless streamable HTTP with JSON replies) and the proxy's routes over `session`."""
    app: Starlette = server.streamable_http_app(streamable_http_path=MCP_PATH, stateless_http=True, json_response=True,
                                                custom_starlette_routes=proxy_routes(session))
    return app


class BridgeServer:
    """uvicorn serving `app` on a Unix socket (`uds`) or on 127.0.0.1 (`port`, 0 for any free one)."""

    def __init__(self, app: Any, *, uds: Path | None = None, port: int = 0) -> None:
        self._sock: socket.socket | None = None
        if uds is None:
            self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._sock.bind(("127.0.0.1", port))
            self.port = self._sock.getsockname()[1]
        else:
            self.port = 0
        self.uds = uds
        config = uvicorn.Config(app, uds=str(uds) if uds else None, log_level="warning", lifespan="on", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._serve, name="ec2bench-bridge", daemon=True)

    @property
    def base_url(self) -> str:
        """The URL the host reaches the app at (TCP only)."""
        return f"http://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        self._server.run(sockets=[self._sock] if self._sock else None)

    def start(self) -> None:
        self._thread.start()
        limit = time.monotonic() + START_TIMEOUT_S
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > limit:
                raise RuntimeError("the MCP server and model proxy did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        if self._sock is not None:
            self._sock.close()


@contextlib.contextmanager
def serving(app: Any, *, uds: Path | None = None, port: int = 0) -> Iterator[BridgeServer]:
    """`BridgeServer` started for the block and stopped after it."""
    server = BridgeServer(app, uds=uds, port=port)
    server.start()
    try:
        yield server
    finally:
        server.stop()
