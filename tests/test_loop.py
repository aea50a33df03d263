"""The agent loop, driven by a scripted model through the real metering, strategy and workspace."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ec2bench.agent.loop import AgentState, LoopOutcome, initial_messages, run_agent
from ec2bench.core.trace import Trace
from ec2bench.env.workspace import Workspace
from ec2bench.grading.score import grade
from ec2bench.models.base import ChatRequest, Completion, Message, ModelClient, Usage
from ec2bench.models.metered import MeteredModel
from ec2bench.models.registry import resolve_model
from ec2bench.privacy.boundary import Boundary
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import Task, load_task

DEMO = Path(__file__).parent / "data" / "suite" / "demo-contacts"
ANSWER = "Sent Li Wei's phone number 139-1234-5678 to Zhang."


class ScriptedModel:
    """Returns the given assistant messages in order (the last one forever) and keeps every request."""

    def __init__(self, script: list[Message], model: str = "scripted/test") -> None:
        self.model = model
        self.script = script
        self.requests: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> Completion:
        self.requests.append(request)
        message = self.script[min(len(self.requests) - 1, len(self.script) - 1)]
        return Completion(message=message, usage=Usage(input_tokens=10, cached_input_tokens=2, output_tokens=3),
                          model=self.model)


def call(name: str, arguments: Any, call_id: str | None = None) -> Message:
    args = arguments if isinstance(arguments, str) else json.dumps(arguments)
    tc: dict[str, Any] = {"type": "function", "function": {"name": name, "arguments": args}}
    if call_id:
        tc["id"] = call_id
    return {"role": "assistant", "content": None, "tool_calls": [tc]}


def answer(text: str) -> Message:
    return {"role": "assistant", "content": text}


SEARCH = call("contacts_search", {"query": "Li Wei"})
SEND = call("email_send", {"to": ["zhang@corp.example"], "subject": "Li Wei phone", "body": "Li Wei: 139-1234-5678"})


@pytest.fixture(scope="module")
def task() -> Task:
    return load_task(DEMO)


@pytest.fixture
def ws(task: Task) -> Iterator[Workspace]:
    with task.new_workspace() as workspace:
        yield workspace


def make_state(task: Task, ws: Workspace, client: ModelClient) -> AgentState:
    trace = Trace()
    edge = MeteredModel("edge", resolve_model("sim/edge-2b"), client, trace)
    boundary = Boundary(resolve_model("sim/cloud"), task=task.spec, seed=0, strategy="edge_only", trace=trace)
    return AgentState(task, ws, edge, boundary, trace, initial_messages(task), ws.openai_tools())


def run(task: Task, ws: Workspace, script: list[Message], timeout_s: float = 60.0) -> tuple[LoopOutcome, AgentState, ScriptedModel]:
    client = ScriptedModel(script)
    state = make_state(task, ws, client)
    outcome = run_agent(state, make_strategy("edge_only"), timeout_s=timeout_s)
    return outcome, state, client


def test_clean_episode_ends_with_the_answer(task: Task, ws: Workspace) -> None:
    outcome, state, client = run(task, ws, [SEARCH, SEND, answer(ANSWER)])
    assert outcome == LoopOutcome(answer=ANSWER, stop="answer", steps=3, edge_steps=3, cloud_steps=0)
    assert len(client.requests) == 3
    # the first request is the system prompt and the task, with the workspace tools
    first = client.requests[0]
    assert [m["role"] for m in first.messages] == ["system", "user"]
    assert first.messages[1]["content"] == task.spec.prompt
    assert {t["function"]["name"] for t in first.tools} >= {"contacts_search", "email_send"}
    # each tool result is fed back as a `tool` message answering the call's generated id
    second = client.requests[1].messages
    assert second[-2]["tool_calls"][0]["id"] == "call_0_0"
    assert second[-1]["role"] == "tool" and second[-1]["tool_call_id"] == "call_0_0"
    assert "139-1234-5678" in second[-1]["content"]
    assert [r.error for r in ws.log] == [None, None]
    assert state.trace.of_type("malformed") == []
    assert [e["step"] for e in state.trace.of_type("step")] == [0, 1, 2]
    assert len(state.trace.of_type("model_call")) == 3
    assert state.edge.calls == 3 and state.edge.usage == Usage(30, 6, 9)
    assert state.cloud.records == []  # edge_only: nothing crossed the boundary
    assert grade(task, ws, outcome.answer).completion == 100.0


def test_malformed_calls_become_error_observations(task: Task, ws: Workspace) -> None:
    script = [
        call("contacts_search", '{"query": "Li Wei"', "c-json"),  # truncated JSON
        call("contacts_delete", {"contact_id": "c1"}, "c-tool"),  # no such tool
        call("contacts_search", {"query": "Li Wei", "limit": "many"}, "c-args"),  # wrong argument type
        SEARCH,
        SEND,
        answer(ANSWER),
    ]
    outcome, state, client = run(task, ws, script)
    assert outcome.stop == "answer" and outcome.answer == ANSWER and outcome.steps == 6
    assert [r.error for r in ws.log] == ["bad_json", "unknown_tool", "bad_args", None, None]
    assert [r.ok for r in ws.log] == [False, False, False, True, True]
    for i, (call_id, says) in enumerate([("c-json", "not valid JSON"), ("c-tool", "unknown tool 'contacts_delete'"),
                                         ("c-args", "invalid arguments for contacts_search")]):
        last = client.requests[i + 1].messages[-1]
        assert last["role"] == "tool" and last["tool_call_id"] == call_id
        assert last["content"].startswith("Error:") and says in last["content"], last["content"]
    malformed = state.trace.of_type("malformed")
    assert [(e["step"], e["tool"], e["error"]) for e in malformed] == [
        (0, "contacts_search", "bad_json"), (1, "contacts_delete", "unknown_tool"), (2, "contacts_search", "bad_args")
    ]
    assert all(e["actor"] == "edge" for e in malformed)
    assert len(state.trace.of_type("tool")) == 5
    # the bad-JSON call is logged with its raw argument text
    assert ws.log[0].args == '{"query": "Li Wei"'
    assert grade(task, ws, outcome.answer).completion == 100.0


def test_tool_error_is_not_malformed(task: Task, ws: Workspace) -> None:
    outcome, state, client = run(task, ws, [call("contacts_get", {"contact_id": "c99"}), answer("no such contact")])
    assert outcome.stop == "answer"
    assert ws.log[0].error == "tool_error"
    assert client.requests[1].messages[-1]["content"].startswith("Error: no contacts record with id 'c99'")
    assert state.trace.of_type("malformed") == []


def test_max_steps_stops_the_loop(task: Task, ws: Workspace) -> None:
    outcome, state, client = run(task, ws, [SEARCH])
    assert task.spec.max_steps == 10
    assert outcome == LoopOutcome(answer=None, stop="max_steps", steps=10, edge_steps=10, cloud_steps=0)
    assert len(client.requests) == 10 and len(ws.log) == 10


def test_zero_timeout_stops_before_the_first_step(task: Task, ws: Workspace) -> None:
    outcome, state, client = run(task, ws, [SEARCH, answer(ANSWER)], timeout_s=0.0)
    assert outcome == LoopOutcome(answer=None, stop="timeout", steps=0, edge_steps=0, cloud_steps=0)
    assert client.requests == [] and ws.log == []


def test_empty_final_answer_is_an_empty_string(task: Task, ws: Workspace) -> None:
    outcome, _, _ = run(task, ws, [answer("")])
    assert (outcome.answer, outcome.stop, outcome.steps) == ("", "answer", 1)


def test_history_keeps_only_chat_completion_fields(task: Task, ws: Workspace) -> None:
    noisy = {"role": "assistant", "content": None, "reasoning": "hmm", "refusal": None,
             "tool_calls": [{"id": "x1", "type": "function", "extra": 1,
                             "function": {"name": "contacts_search", "arguments": '{"query": "Zhang"}'}}]}
    _, _, client = run(task, ws, [noisy, answer("ok")])
    assert client.requests[1].messages[-2] == {
        "role": "assistant", "content": None,
        "tool_calls": [{"id": "x1", "type": "function",
                        "function": {"name": "contacts_search", "arguments": '{"query": "Zhang"}'}}],
    }
