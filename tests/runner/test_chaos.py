"""A sweep against a server that misbehaves in every way seen so far finishes, and stores each episode once.

The chaos server answers each request with one fault drawn from a seeded sequence (the sweep
runs with one job, so the run is reproducible): lone surrogates in content and arguments, arguments nested
thousands of levels deep, integers of 5,000 digits, absurd usage counts, HTTP 200 bodies that are
not JSON, replies slower than the episode's deadline, and 20% HTTP 429/5xx (retried); the rest
are valid tool calls and answers.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.runner.store import Store
from openai_stub import Reply, StubServer, completion_body, error_body

TIMEOUT_S = 1.5
SLOW_S = 2.5
FAULTS = ("surrogate_content", "surrogate_args", "deep_args", "huge_int_args", "usage_1e30", "usage_negative",
          "usage_fraction", "not_json", "slow", "deep_collab_args", "ok", "ok", "ok", "ok")


def _call(name: str, arguments: str) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": "call_x", "type": "function", "function": {"name": name, "arguments": arguments}}]}


class ChaosServer:
    """The `respond` of a stub server; counts the faults it served."""

    def __init__(self) -> None:
        self.served: Counter[str] = Counter()
        self.rng = random.Random(10)

    def __call__(self, request: dict[str, Any]) -> Reply:
        rng = self.rng
        if rng.random() < 0.2:  # transient: the SDK retries it (retry-after-ms keeps the test fast)
            self.served["transient"] += 1
            return rng.choice((429, 500, 502, 503)), error_body("try again"), {"retry-after-ms": "1"}
        fault = rng.choice(FAULTS)
        self.served[fault] += 1
        tools = {t["function"]["name"] for t in request.get("tools", [])}
        usage: dict[str, Any] = {"prompt_tokens": 120, "completion_tokens": 9}
        message = _call("contacts_search", json.dumps({"query": "Li Wei"}))
        if fault == "surrogate_content":
            message = {"role": "assistant", "content": "done \ud800 \udfff"}
        elif fault == "surrogate_args":
            message = _call("email_send", '{"to": ["zhang@corp.example"], "subject": "\\ud800", "body": "x\ud800"}')
        elif fault == "deep_args":
            depth = rng.choice((600, 5000))
            message = _call("contacts_search", '{"query": ' + "[" * depth + "]" * depth + "}")
        elif fault == "huge_int_args":
            message = _call("contacts_search", '{"query": ' + "9" * 5000 + "}")
        elif fault == "deep_collab_args":
            name = next((n for n in ("ask_cloud", "delegate_to_cloud", "return_control") if n in tools), "contacts_search")
            message = _call(name, '{"question": ' + "[" * 5000 + "]" * 5000 + "}")
        elif fault == "usage_1e30":
            usage = {"prompt_tokens": 1e30, "completion_tokens": 10**30}
        elif fault == "usage_negative":
            usage = {"prompt_tokens": -5, "completion_tokens": 3}
        elif fault == "usage_fraction":
            usage = {"prompt_tokens": 12.5, "completion_tokens": 3}
        elif fault == "not_json":
            return 200, b"<html>upstream hiccup</html>", {}
        elif fault == "slow":
            time.sleep(SLOW_S)
        elif sum(m["role"] == "tool" for m in request["messages"]) >= 2:
            message = {"role": "assistant", "content": "Sent."}
        return 200, completion_body(message, usage=usage), {}


def _sweep(stub: StubServer, suite: Path, out: Path) -> Any:
    return CliRunner().invoke(app, [
        "run", "--suite", str(suite), "--out", str(out), "--repeats", "4", "--jobs", "1",
        "--strategies", "edge_only,cloud_only,advisory,delegation", "--timeout", str(TIMEOUT_S),
        "--edge", "openai/chaos", "--edge-base-url", stub.base_url,
        "--cloud", "openai/chaos", "--cloud-base-url", stub.base_url, "--cloud-price", "1,0.1,2",
        "--fail-on-error", "100",
    ])


def test_chaos_sweep_stores_every_episode_once_and_reruns_store_nothing(stub_server: StubServer, mini_suite: Path,
                                                                        tmp_path: Path) -> None:
    chaos = ChaosServer()
    stub_server.respond = chaos
    out = tmp_path / "r"
    result = _sweep(stub_server, mini_suite, out)
    assert result.exit_code == 0, result.output

    with sqlite3.connect(out / "results.sqlite") as db:
        keys = [k for (k,) in db.execute("SELECT key FROM episodes")]
    assert len(keys) == len(set(keys)) == 16  # 1 task x 4 strategies x 4 repeats, each exactly once
    store = Store.open(out, create=False)
    rows = store.rows()
    for row in rows:
        assert row.status in ("ok", "error")
        if row.status == "error":
            assert row.error and "\n" not in row.error and len(row.error) <= 403
        assert row.cloud_input_tokens >= 0 and row.edge_input_tokens >= 0
        events = [json.loads(line) for line in store.trace_path(row.key).read_bytes().decode("utf-8").splitlines()]
        assert events[-1]["type"] == "end"
    assert not list((out / "traces").glob("*.tmp"))
    errors = " | ".join(r.error for r in rows if r.error)
    # the faults were met and each ended as what it is
    assert {"not_json", "usage_1e30", "slow", "deep_args", "surrogate_args"} <= set(chaos.served)
    assert "not JSON" in errors and "invalid usage" in errors and "timeout:" in errors
    timed_out = [r for r in rows if (r.error or "").startswith("timeout:")]
    assert all(r.stop == "timeout" and r.wall_ms < (TIMEOUT_S + 0.5) * 1000 for r in timed_out)  # the slow call was cut
    assert any(r.status == "ok" for r in rows)

    calls, before = len(stub_server.requests), store.rows()
    store.close()
    again = _sweep(stub_server, mini_suite, out)
    assert again.exit_code == 0, again.output
    assert len(stub_server.requests) == calls  # nothing left to run: no call reaches the server
    assert Store.open(out, create=False).rows() == before
