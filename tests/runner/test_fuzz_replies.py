"""Fuzzed model replies through the real episode (loop, tools, strategies, grading, audit, trace): nothing escapes.

Replies mix valid and hostile tool calls (any tool name, collaboration tools included; arguments
as arbitrary text, deeply nested JSON, 5,000-digit integers, lone surrogates literal or escaped)
with arbitrary content (line separators that `str.splitlines` honours included). Every episode must
come back as a row (ok or a one-line error) whose trace is valid UTF-8 JSONL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ec2bench.privacy.boundary as boundary_module
import ec2bench.runner.episode as episode_module
from ec2bench.models.base import ChatRequest, Completion, Usage
from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.runner.store import Store
from ec2bench.tasks.loader import Task, load_task

TOOL_NAMES = ["contacts_search", "email_send", "ask_cloud", "delegate_to_cloud", "return_control", "no_such_tool", ""]
texts = (st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=40)  # surrogates included
         | st.just("line\u2028separators\x85split\u2029JSONL"))
json_values = st.recursive(st.none() | st.booleans() | st.integers() | texts,
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3), max_leaves=8)


@st.composite
def arguments(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["json", "text", "deep", "huge_int", "escaped_surrogate"]))
    if kind == "json":
        return json.dumps(draw(st.dictionaries(st.sampled_from(["query", "to", "subject", "body", "question", "reason",
                                                                "summary"]), json_values, max_size=4)), ensure_ascii=draw(st.booleans()))
    if kind == "deep":
        depth = draw(st.sampled_from([100, 900, 3000]))
        return '{"question": ' + "[" * depth + "]" * depth + "}"
    if kind == "huge_int":
        return '{"query": ' + "7" * 5000 + "}"
    if kind == "escaped_surrogate":
        return '{"query": "\\udc80 \\ud83d\\ude00", "question": "\\ud800"}'
    return draw(texts)


replies = st.one_of(
    st.builds(lambda content: {"role": "assistant", "content": content}, st.none() | texts),
    st.builds(lambda calls, content: {"role": "assistant", "content": content, "tool_calls": [
        {"id": f"c{i}", "type": "function", "function": {"name": name, "arguments": args}} for i, (name, args) in enumerate(calls)]},
        st.lists(st.tuples(st.sampled_from(TOOL_NAMES), arguments()), min_size=1, max_size=3), st.none() | texts),
)


class FuzzClient:
    """Plays the drawn replies in order, then answers."""

    def __init__(self, script: list[dict[str, Any]]) -> None:
        self.model = "fuzz"
        self._script = script

    def complete(self, request: ChatRequest) -> Completion:
        message = self._script.pop(0) if self._script else {"role": "assistant", "content": "done"}
        return Completion(message=message, usage=Usage(10, 0, 5), model=self.model)


@pytest.fixture(scope="module")
def task(mini_suite_dir: Path) -> Task:
    return load_task(mini_suite_dir / "demo-contacts")


@pytest.fixture(scope="module")
def mini_suite_dir() -> Path:
    return Path(__file__).parent.parent / "data" / "suite"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(script=st.lists(replies, min_size=1, max_size=6), strategy=st.sampled_from(["edge_only", "advisory", "delegation"]))
def test_fuzzed_replies_never_escape_the_episode(task: Task, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 script: list[dict[str, Any]], strategy: str) -> None:
    clients = iter([FuzzClient(list(script)), FuzzClient(list(script))])
    monkeypatch.setattr(episode_module, "open_client", lambda *a, **k: next(clients))
    monkeypatch.setattr(boundary_module, "open_client", lambda *a, **k: next(clients))
    edge = resolve_model("sim/edge-9b")
    result = run_episode(task, EpisodeSpec(task.id, strategy, "fuzz", "fuzz", 0), edge, resolve_model("sim/cloud"),
                         timeout_s=30)
    assert result.row.status in ("ok", "error")
    assert result.row.status == "ok" or "\n" not in result.row.error
    lines = result.trace.encode("utf-8").decode("utf-8").splitlines()  # strict: no surrogate survives
    assert [json.loads(line)["type"] for line in lines][-1] == "end"
    store = Store.open(tmp_path / "store", create=True)  # and the store accepts it
    try:
        store.add(result.row, result.trace)
    finally:
        store.close()
