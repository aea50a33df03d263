"""The deadline covers everything an episode does: set-up, oversized replies, grading by the task's own code.

Episodes talk to the stub server on 127.0.0.1 (or to the simulated models, for grading cases).
Outcomes are asserted (status, error text); where a bound is the behaviour, the bad case took
minutes before and the bound asserted is the deadline plus generous slack.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ec2bench.runner.episode as episode_module
from ec2bench.cli import app
from ec2bench.env.workspace import Workspace
from ec2bench.models.base import MAX_REPLY_CHARS, MAX_REPLY_TOOL_CALLS, Price
from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.runner.store import Store
from ec2bench.tasks.loader import Task, load_task
from openai_stub import StubServer, completion_body

USAGE = {"prompt_tokens": 10, "completion_tokens": 2}
PRICE = Price(2.5, 0.25, 15)


def call(name: str, arguments: Any, i: int = 0) -> dict[str, Any]:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": f"c{i}", "type": "function", "function": {"name": name, "arguments": text}}


def reply(content: str | None = None, calls: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = calls
    return completion_body(message, usage=USAGE)


@pytest.fixture
def suite(mini_suite: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "suite"
    shutil.copytree(mini_suite, copy)
    return copy


def task_of(suite: Path) -> Task:
    return load_task(suite / "demo-contacts")


def episode(stub: StubServer, task: Task, timeout_s: float) -> dict[str, Any]:
    model = resolve_model("openai/stub", base_url=stub.base_url, price=PRICE)
    result = run_episode(task, EpisodeSpec(task.id, "edge_only", model.name, model.name, 0), model, model,
                         timeout_s=timeout_s)
    return result.row


@pytest.mark.parametrize(("message", "reason"), [
    (reply("y" * (MAX_REPLY_CHARS + 1)), f"the reply is {MAX_REPLY_CHARS + 1:,} characters long"),
    (reply(calls=[call("contacts_search", {"query": "Li"}, i) for i in range(10_000)]), "the reply holds 10000 tool calls"),
    (reply(calls=[call("contacts_search", {"query": "q" * 8_000_000})]), "the reply is 8,000,0"),
])
def test_an_oversized_reply_is_a_model_error_naming_the_bound(stub_server: StubServer, suite: Path,
                                                              message: dict[str, Any], reason: str) -> None:
    stub_server.push(200, message)
    row = episode(stub_server, task_of(suite), timeout_s=60)
    assert row.status == "error" and reason in row.error and "one reply may" in row.error, row.error
    assert row.tool_calls == 0 and len(stub_server.requests) == 1  # nothing was run, nothing re-sent


def test_tool_calls_up_to_the_bound_are_acted_on(stub_server: StubServer, suite: Path) -> None:
    stub_server.push(200, reply(calls=[call("contacts_search", {"query": "Li"}, i) for i in range(MAX_REPLY_TOOL_CALLS)]))
    stub_server.push(200, reply("done"))
    row = episode(stub_server, task_of(suite), timeout_s=60)
    assert row.status == "ok" and row.tool_calls + row.tool_calls_refused == MAX_REPLY_TOOL_CALLS


def test_set_up_counts_against_the_deadline(stub_server: StubServer, suite: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the model client (here: slow, as a model load or a warm-up would be) uses the episode's time."""
    real_open = episode_module.open_client

    def slow_open(*args: Any, **kwargs: Any) -> Any:
        time.sleep(1.5)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(episode_module, "open_client", slow_open)
    stub_server.reply(reply("done"))
    row = episode(stub_server, task_of(suite), timeout_s=1.0)
    assert row.status == "error" and row.error.startswith("timeout: the episode passed its 1 s deadline")
    assert stub_server.requests == []  # no call started once the time was used up


def test_a_slow_first_answer_ends_the_episode_at_its_deadline(stub_server: StubServer, suite: Path) -> None:
    def slow(request: dict[str, Any]) -> Any:
        time.sleep(30)
        return 200, reply("late"), {}

    stub_server.respond = slow
    start = time.monotonic()
    row = episode(stub_server, task_of(suite), timeout_s=2.0)
    assert row.status == "error" and row.stop == "timeout", row.error
    assert time.monotonic() - start < 20  # the answer would have taken 30 s


def test_an_over_long_argument_is_refused_before_the_tool_runs() -> None:
    with Workspace.create(["kb", "files"]) as ws:
        rec = ws.call("kb_search", {"query": "word " * 200_000})
        assert rec.error == "bad_args" and "argument 'query' is 1,000,000 characters long, more than the 4,000" in rec.result
        raw = ws.call("kb_search", json.dumps({"query": "w" * 500_000}))
        assert raw.error == "bad_args" and "500,013 characters of arguments, more than the 400,000" in raw.result
        assert raw.args is None  # neither parsed nor stored
        body = ws.call("files_write", {"path": "big.txt", "content": "x" * 100_000})
        assert body.ok, body.result  # a body may be longer than a query
        listed = ws.call("files_list", {"path": "." + "/." * 2_500})
        assert listed.error == "bad_args" and "argument 'path'" in listed.result


# -- grading -----------------------------------------------------------------------------------


def with_python_check(suite: Path, source: str) -> None:
    (suite / "demo-contacts" / "checks.py").write_text(source)
    spec = suite / "demo-contacts" / "task.yaml"
    spec.write_text(spec.read_text().replace(
        "  - kind: record_exists\n    weight: 0.9",
        "  - {kind: python, weight: 0.1, function: custom}\n  - kind: record_exists\n    weight: 0.8"))


def sim_episode(task: Task, timeout_s: float = 60) -> dict[str, Any]:
    edge, cloud = resolve_model("sim/edge-9b"), resolve_model("sim/cloud")
    return run_episode(task, EpisodeSpec(task.id, "cloud_only", edge.name, cloud.name, 0), edge, cloud,
                       timeout_s=timeout_s).row


def test_a_check_that_sleeps_is_abandoned_and_the_episode_is_an_error(suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with_python_check(suite, "import time\n\ndef custom(ctx):\n    time.sleep(120)\n    return 1.0\n")
    monkeypatch.setattr(episode_module, "GRADING_ALLOWANCE_S", 0.5)
    start = time.monotonic()
    row = sim_episode(task_of(suite), timeout_s=2.0)
    assert row.status == "error" and "grading did not finish within" in row.error, row.error
    assert row.completion is None
    assert time.monotonic() - start < 60  # the check sleeps for 120 s


@pytest.mark.parametrize(("body", "reason"), [
    ("    return float('nan')", "check '0:python' (python, function custom) returned nan, not a score in [0, 1]"),
    ("    return 2.0", "check '0:python' (python, function custom) returned 2.0, not a score in [0, 1]"),
    ("    raise KeyboardInterrupt('from the check')", "grading raised KeyboardInterrupt: from the check"),
    ("    raise GeneratorExit", "grading raised GeneratorExit"),
])
def test_a_check_without_a_valid_score_makes_the_episode_an_error(suite: Path, body: str, reason: str) -> None:
    with_python_check(suite, f"def custom(ctx):\n{body}\n")
    row = sim_episode(task_of(suite))
    assert row.status == "error" and reason in row.error, row.error
    assert row.completion is None and "\n" not in row.error


def test_a_check_raising_keyboard_interrupt_does_not_end_the_sweep(suite: Path, tmp_path: Path) -> None:
    with_python_check(suite, "def custom(ctx):\n    raise KeyboardInterrupt\n")
    out = tmp_path / "r"
    result = CliRunner().invoke(app, ["run", "--suite", str(suite), "--out", str(out), "--repeats", "2", "--jobs", "1",
                                      "--strategies", "cloud_only"])
    assert result.exit_code == 4, result.output  # SweepFailed: episodes failed, all of them stored
    rows = Store.open(out, create=False).rows()
    assert len(rows) == 2 and all(r.status == "error" and "KeyboardInterrupt" in r.error for r in rows)
