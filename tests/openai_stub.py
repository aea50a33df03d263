"""A scriptable OpenAI-compatible stub server on 127.0.0.1 for the tests (fixture `stub_server` in conftest.py)."""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = tuple[int, dict[str, Any] | bytes, dict[str, str]]  # status, JSON body (or raw bytes, sent as is), extra headers


def completion_body(message: dict[str, Any], *, usage: dict[str, Any] | None = None,
                    logprobs: dict[str, Any] | None = None) -> dict[str, Any]:
    choice: dict[str, Any] = {"index": 0, "message": message, "finish_reason": "stop"}
    if logprobs is not None:
        choice["logprobs"] = logprobs
    body: dict[str, Any] = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0,
                            "model": "served-model", "choices": [choice]}
    if usage is not None:
        body["usage"] = usage
    return body


def error_body(message: str, code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "code": code}}


@dataclass
class StubServer:
    """Answers queued replies first, then `respond(request)`; records every request body and its headers."""

    base_url: str = ""
    queue: deque[Reply] = field(default_factory=deque)
    respond: Callable[[dict[str, Any]], Reply] | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def push(self, status: int, body: dict[str, Any], **headers: str) -> None:
        self.queue.append((status, body, _header_names(headers)))

    def reply(self, body: dict[str, Any], status: int = 200, **headers: str) -> None:
        """Answer every request (once the queue is empty) with this same reply."""
        fixed: Reply = (status, body, _header_names(headers))
        self.respond = lambda request: fixed

    @property
    def last(self) -> dict[str, Any]:
        return self.requests[-1]

    @property
    def auth_headers(self) -> list[str]:
        return [h.get("authorization", "") for h in self.headers]

    def next_reply(self, request: dict[str, Any]) -> Reply:
        with self.lock:
            self.requests.append(request)
            self.times.append(time.monotonic())
            if self.queue:
                return self.queue.popleft()
        if self.respond is None:
            return 500, error_body("stub has no reply queued"), {}
        return self.respond(request)


def _header_names(headers: dict[str, str]) -> dict[str, str]:
    return {k.replace("_", "-"): v for k, v in headers.items()}


@contextmanager
def serve() -> Iterator[StubServer]:
    state = StubServer()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server API)
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with state.lock:
                state.headers.append({k.lower(): v for k, v in self.headers.items()})
            status, body, extra = state.next_reply(json.loads(raw))
            payload = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            for name, value in extra.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    state.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


class ScriptedAgent:
    """Plays the demo-contacts task like a model: search, send, answer; numbers its answers.

    The answer carries a counter, so two runs that really reach the server differ, and a
    replay from the cache is recognisable by reproducing the first run's numbers.
    """

    def __init__(self) -> None:
        self.answers = 0
        self.lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Reply:
        done = sum(m["role"] == "tool" for m in request["messages"])
        usage = {"prompt_tokens": 100 + 10 * len(request["messages"]), "completion_tokens": 7,
                 "prompt_tokens_details": {"cached_tokens": 40}}
        if done == 0:
            message = _call("contacts_search", {"query": "Li Wei"})
        elif done == 1:
            message = _call("email_send", {"to": ["zhang@corp.example"], "subject": "Li Wei phone",
                                           "body": "Li Wei: 139-1234-5678"})
        else:
            with self.lock:
                self.answers += 1
                message = {"role": "assistant", "content": f"Sent (answer #{self.answers})."}
        return 200, completion_body(message, usage=usage), {}


def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": f"call_{name}", "type": "function",
                            "function": {"name": name, "arguments": json.dumps(args)}}]}


class ScriptedJudge:
    """Answers rubric-judge requests (`ec2bench.grading.judge_prompt`) in the judge's JSON format.

    A scripted stand-in, no evidence about any real judge: an item is satisfied when every anchor
    it names occurs in the deliverable, anchors being its numbers (`4.2.3`, `3000`) and its
    capitalised words after the first (`Keelson`, `ETA`). Usage is about 4 characters per token.
    """

    _ANCHOR = re.compile(r"\d+(?:[.,:]\d+)*|(?<=\s)[A-Z][A-Za-z-]+")

    def __call__(self, request: dict[str, Any]) -> Reply:
        text = request["messages"][1]["content"]
        deliverable = text.split("DELIVERABLE:\n<<<\n", 1)[1].split("\n>>>", 1)[0]
        flat = re.sub(r"[\s,]", "", deliverable).casefold()
        items = re.findall(r"^(\d+)\. (.+)$", text.split("RUBRIC ITEMS:\n", 1)[1], re.MULTILINE)
        verdicts = []
        for number, item in items:
            anchors = self._ANCHOR.findall(item)
            missing = [a for a in anchors if re.sub(r"[\s,]", "", a).casefold() not in flat]
            verdicts.append({"item": int(number), "satisfied": not missing,
                             "reason": f"does not mention {', '.join(missing)}" if missing else "covered"})
        content = json.dumps({"verdicts": verdicts})
        usage = {"prompt_tokens": sum(len(m["content"] or "") for m in request["messages"]) // 4,
                 "completion_tokens": len(content) // 4}
        return 200, completion_body({"role": "assistant", "content": content}, usage=usage), {}
