"""A latency-injected OpenAI-compatible server on 127.0.0.1 for `ec2bench bench concurrency`.

Every chat completion is answered after a fixed delay, as a slow real endpoint would, and the
answers follow a script so that episodes really run: the first `tool_calls` answers of an
episode call the first `*_search` tool the request offers, then a final answer ends it. (An
episode is recognised by its own messages: the number of tool results it already holds.)

The server counts requests, the most requests it held at once and when each arrived and was
answered, which is what the benchmark reports and what tests assert on (a connection cap
is proved by `max_in_flight`, not by timing). Standard library only: no new dependency.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

USAGE = {"prompt_tokens": 200, "completion_tokens": 20}


@dataclass
class LatencyStub:
    """The state of a running stub: its address, its script and what it saw."""

    delay_s: float
    tool_calls: int
    base_url: str = ""
    requests: int = 0
    in_flight: int = 0
    max_in_flight: int = 0
    arrivals: list[float] = field(default_factory=list)  # time.monotonic() of each request
    answers: list[float] = field(default_factory=list)  # ... and of each answer sent
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The scripted reply to one chat-completions request."""
        done = sum(m.get("role") == "tool" for m in request.get("messages", []))
        tools = [t["function"]["name"] for t in request.get("tools") or []]
        search = next((name for name in tools if name.endswith("_search")), None)
        if done < self.tool_calls and search is not None:
            call = {"id": f"call_{done}", "type": "function",
                    "function": {"name": search, "arguments": json.dumps({"query": "kickoff"})}}
            message: dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": [call]}
        else:
            message = {"role": "assistant", "content": "Done: I looked it up and there is nothing more to do."}
        return {"id": "chatcmpl-bench", "object": "chat.completion", "created": 0, "model": "bench-stub",
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}], "usage": USAGE}


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024  # hundreds of clients connect at once; the default backlog (5) would reset them


@contextmanager
def serve(delay_s: float = 1.0, tool_calls: int = 10) -> Iterator[LatencyStub]:
    """Run a stub on a free port of 127.0.0.1 for the duration of the block."""
    stub = LatencyStub(delay_s=delay_s, tool_calls=tool_calls)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as real servers do
        disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall

        def do_POST(self) -> None:  # noqa: N802 (http.server API)
            arrived = time.monotonic()
            with stub.lock:
                stub.requests += 1
                stub.in_flight += 1
                stub.max_in_flight = max(stub.max_in_flight, stub.in_flight)
                stub.arrivals.append(arrived)
            try:
                request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                payload = json.dumps(stub.answer(request)).encode()
                time.sleep(max(0.0, arrived + stub.delay_s - time.monotonic()))
            finally:
                with stub.lock:
                    stub.in_flight -= 1
                    stub.answers.append(time.monotonic())
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = _Server(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    stub.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
