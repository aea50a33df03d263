"""The bridge in process: the MCP server and the model proxy over one `BridgeSession`, checked against
what ec2bench's own loop does at the same points (tools offered, tool calls, caps, steps, the boundary)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from typing import Any, TypeVar

import anyio
import httpx
import mcp_types as types
import openai
import pytest
from mcp import Client, MCPError
from starlette.testclient import TestClient

from ec2bench.agent.loop import REFUSED, initial_messages, run_agent
from ec2bench.bridge.mcp_server import build_server
from ec2bench.bridge.serving import bridge_app
from ec2bench.bridge.session import BridgeSession
from ec2bench.env.workspace import MALFORMED
from ec2bench.models.base import ChatRequest, Message, ModelError
from ec2bench.spec.schema import AnswerStep
from ec2bench.strategies import make_strategy
from ec2bench.strategies.prompts import (
    ADVICE_PREFIX,
    ASK_CLOUD,
    CONTROL_RETURNED,
    DELEGATE,
    DELEGATION_ACCEPTED,
    RETURN_CONTROL,
)
from ec2bench.tasks.loader import Task

T = TypeVar("T")
OpenSession = Callable[..., BridgeSession]  # the `open_session` fixture (conftest.py)
EDGE, CLOUD, ROUTE, V1 = "/edge/v1/chat/completions", "/cloud/v1/chat/completions", "/route/v1/chat/completions", "/v1/chat/completions"


def opening(task: Task) -> tuple[str, str]:
    """The loop's system prompt and the user's request: the MCP server's instructions and `task` prompt."""
    system, prompt = (str(m["content"]) for m in initial_messages(task))
    return system, prompt


@contextlib.contextmanager
def proxy(session: BridgeSession) -> Iterator[TestClient]:
    system, prompt = opening(session.state.task)
    with TestClient(bridge_app(build_server(session, system=system, prompt=prompt), session)) as client:
        yield client


def with_mcp(session: BridgeSession, use: Callable[[Client], Awaitable[T]]) -> T:
    """`use` run with an in-process MCP client connected to the session's server."""
    system, prompt = opening(session.state.task)

    async def main() -> T:
        async with Client(build_server(session, system=system, prompt=prompt)) as client:
            return await use(client)

    return anyio.run(main)


def mcp_call(session: BridgeSession, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
    """One MCP `tools/call`: (its text, is_error)."""
    result = with_mcp(session, lambda c: c.call_tool(name, arguments))
    assert len(result.content) == 1 and isinstance(result.content[0], types.TextContent)
    return result.content[0].text, result.is_error


def body(session: BridgeSession, messages: list[Message] | None = None, **extra: Any) -> dict[str, Any]:
    """A chat-completions request over the loop's first two messages and the workspace's tools."""
    return {"model": "agent-chosen", "messages": messages or initial_messages(session.state.task),
            "tools": session.state.workspace.openai_tools(), **extra}


def usage_of(reply: dict[str, Any]) -> tuple[int, int, int]:
    usage = reply["usage"]
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    return usage["prompt_tokens"], usage["prompt_tokens_details"]["cached_tokens"], usage["completion_tokens"]


def step_messages(session: BridgeSession) -> list[Message]:
    return [e["message"] for e in session.state.trace.of_type("step")]


async def agent(session: BridgeSession, path: str, steps: int, *, messages: list[Message] | None = None) -> list[Message]:
    """A minimal outside agent: `steps` model replies from the proxy at `path`, each reply's tool calls sent
    to the MCP server and their results appended, as the loop appends them; a reply without tool calls does
    not stop it (the session lets an agent go on). Returns the transcript."""
    system, prompt = opening(session.state.task)
    transcript = list(messages or initial_messages(session.state.task))
    transport = httpx.ASGITransport(app=bridge_app(build_server(session, system=system, prompt=prompt), session))
    async with httpx.AsyncClient(transport=transport, base_url="http://bridge") as http, \
            Client(build_server(session, system=system, prompt=prompt)) as tools:
        listed = [{"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.input_schema}}
                  for t in (await tools.list_tools()).tools]
        for _ in range(steps):
            response = await http.post(path, json={"model": "agent-chosen", "messages": transcript, "tools": listed})
            assert response.status_code == 200, response.text
            reply = response.json()["choices"][0]["message"]
            transcript.append(reply)
            for call in reply.get("tool_calls") or []:
                result = await tools.call_tool(call["function"]["name"], json.loads(call["function"]["arguments"]))
                text = result.content[0].text if isinstance(result.content[0], types.TextContent) else ""
                transcript.append({"role": "tool", "tool_call_id": call["id"], "content": text})
    return transcript


# --- the MCP server -----------------------------------------------------------------------------------------


def test_mcp_server_offers_the_loops_tools_instructions_and_task(open_session: OpenSession, kickoff: Task) -> None:
    session = open_session()

    async def read(client: Client) -> tuple[str | None, list[types.Tool], list[str], types.GetPromptResult]:
        prompts = (await client.list_prompts()).prompts
        return client.instructions, (await client.list_tools()).tools, [p.name for p in prompts], await client.get_prompt("task")

    instructions, tools, prompts, task_prompt = with_mcp(session, read)
    expected = session.state.workspace.openai_tools()
    assert [(t.name, t.description, t.input_schema) for t in tools] == [
        (f["function"]["name"], f["function"]["description"], f["function"]["parameters"]) for f in expected]
    assert len(tools) == 19 and tools[-1].name == "user_ask"
    assert instructions == initial_messages(kickoff)[0]["content"]
    assert instructions is not None and "Current date and time: Wednesday 2026-03-04 17:00" in instructions
    assert prompts == ["task"]
    [message] = task_prompt.messages
    assert message.role == "user" and isinstance(message.content, types.TextContent)
    assert message.content.text == kickoff.spec.prompt


@pytest.mark.parametrize(("policy", "extra"), [("advisory", [ASK_CLOUD]), ("delegation", [DELEGATE, RETURN_CONTROL]),
                                               ("step_routing:threshold=0", [])])
def test_mcp_server_adds_the_policys_own_tools_last(open_session: OpenSession, policy: str, extra: list[str]) -> None:
    session = open_session(policy)
    names = [t.name for t in with_mcp(session, lambda c: c.list_tools()).tools]
    assert names == [t["function"]["name"] for t in session.state.workspace.openai_tools()] + extra


def test_mcp_unknown_prompt_is_an_invalid_params_error_that_names_the_one_prompt(open_session: OpenSession) -> None:
    async def ask(client: Client) -> MCPError | None:
        try:
            await client.get_prompt("other")
        except MCPError as exc:
            return exc
        return None

    error = with_mcp(open_session(), ask)
    assert error is not None and error.code == types.INVALID_PARAMS
    assert error.message == "unknown prompt 'other'; this server has one prompt, 'task'"


def test_mcp_call_runs_through_the_workspace(open_session: OpenSession, kickoff: Task) -> None:
    session = open_session()
    calls = [("email_search", {"query": "kickoff"}), ("email_read", {"email_id": "M-0020"})]
    results = [mcp_call(session, name, args) for name, args in calls]
    with kickoff.new_workspace() as fresh:
        expected = [fresh.call(name, args).result for name, args in calls]
    assert results == [(text, False) for text in expected]
    assert "Kickoff for the Verdant Health dashboard" in results[1][0]
    log = session.state.workspace.log
    assert [(r.tool, r.args, r.ok, r.step, r.actor) for r in log] == [(n, a, True, 0, "edge") for n, a in calls]
    traced = [(e["tool"], e["result"]) for e in session.state.trace.of_type("tool")]
    assert traced == [(n, r) for (n, _), r in zip(calls, expected, strict=True)]
    assert session.steps == 0  # a tool call is no model step


@pytest.mark.parametrize(("name", "arguments", "error"), [("email_read", {"nope": 1}, "bad_args"),
                                                           ("email_read", {"email_id": 20}, "bad_args"),
                                                           ("no_such_tool", {}, "unknown_tool")])
def test_mcp_malformed_call_is_logged_as_malformed(open_session: OpenSession, name: str, arguments: dict[str, Any],
                                                   error: str) -> None:
    session = open_session()
    text, is_error = mcp_call(session, name, arguments)
    [record] = session.state.workspace.log
    assert is_error and text == record.result and text.startswith("Error:")
    assert record.error == error and error in MALFORMED and not record.ok
    assert session.state.trace.of_type("malformed") == [{"type": "malformed", "step": 0, "actor": "edge", "tool": name,
                                                         "error": error}]


# --- the task's tool-call caps ------------------------------------------------------------------------------


def capped(task: Task, per_turn: int, per_episode: int) -> Task:
    return replace(task, spec=task.spec.model_copy(update={"max_tool_calls_per_turn": per_turn, "max_tool_calls": per_episode}))


def test_calls_past_the_per_turn_cap_are_refused_until_a_model_reply(open_session: OpenSession, kickoff: Task) -> None:
    session = open_session(task=capped(kickoff, 2, 10))
    assert session.state.task.spec.tool_call_caps == (2, 10)
    search = {"query": "kickoff"}
    outcomes = [mcp_call(session, "email_search", search) for _ in range(3)]
    assert [is_error for _, is_error in outcomes] == [False, False, True]
    refusal = outcomes[2][0]
    assert refusal.startswith(REFUSED) and "allows 2 tool calls per turn" in refusal
    assert len(session.state.workspace.log) == 2
    assert session.state.trace.of_type("limited") == [{"type": "limited", "step": 0, "actor": "edge", "tool": "email_search",
                                                       "reason": refusal}]
    with proxy(session) as client:
        assert client.post(EDGE, json=body(session)).status_code == 200  # a model reply starts a new turn
    assert mcp_call(session, "email_search", search)[1] is False
    assert [(r.step, r.actor) for r in session.state.workspace.log] == [(0, "edge")] * 3


def test_refused_calls_do_not_count_against_the_episode_cap(open_session: OpenSession, kickoff: Task) -> None:
    session = open_session(task=capped(kickoff, 2, 3))
    search = {"query": "kickoff"}
    first_turn = [mcp_call(session, "email_search", search)[1] for _ in range(3)]
    session.complete("edge", ChatRequest(messages=initial_messages(kickoff), tools=session.tools()))
    second_turn = [mcp_call(session, "email_search", search) for _ in range(2)]
    assert first_turn == [False, False, True] and second_turn[0][1] is False
    text, is_error = second_turn[1]
    assert is_error and text.startswith(REFUSED) and "allows 3 tool calls in all" in text
    assert len(session.state.workspace.log) == 3
    assert [e["step"] for e in session.state.trace.of_type("limited")] == [0, 0]


# --- the model proxy ----------------------------------------------------------------------------------------


def test_edge_reply_is_a_chat_completion_with_the_edge_meters_usage(open_session: OpenSession) -> None:
    session = open_session()
    state = session.state
    with proxy(session) as client:
        sdk = openai.OpenAI(base_url="http://testserver/edge/v1", api_key="ignored", http_client=client, max_retries=0)
        first = sdk.chat.completions.create(**body(session))
        totals_after_first = state.edge.usage
        second = client.post(EDGE, json=body(session)).json()
    assert first.object == "chat.completion" and first.model == "agent-chosen"
    [choice] = first.choices
    assert choice.finish_reason == "tool_calls" and choice.message.tool_calls
    [step_one, step_two] = step_messages(session)
    assert choice.message.model_dump(include={"role", "content", "tool_calls"}, exclude_none=False) == step_one
    assert all(call["id"] for call in step_one["tool_calls"])
    assert first.usage is not None and first.usage.prompt_tokens == totals_after_first.input_tokens > 0
    assert first.usage.completion_tokens == totals_after_first.output_tokens > 0
    # each reply reports the usage of its own calls, not the running total
    assert second["choices"][0]["message"] == step_two
    assert usage_of(second) == (state.edge.usage.input_tokens - totals_after_first.input_tokens,
                                state.edge.usage.cached_input_tokens - totals_after_first.cached_input_tokens,
                                state.edge.usage.output_tokens - totals_after_first.output_tokens)
    assert state.edge.calls == 2 and state.actors == ["edge", "edge"]
    assert state.cloud.records == [] and state.cloud.meter.calls == 0


def test_cloud_reply_under_v1_goes_through_the_boundary(open_session: OpenSession) -> None:
    session = open_session()
    request = body(session, model="cloud")
    with proxy(session) as client:
        response = client.post(V1, json=request)
    assert response.status_code == 200
    reply = response.json()
    assert reply["model"] == "cloud" and reply["choices"][0]["message"] == step_messages(session)[0]
    meter = session.state.cloud.meter
    assert usage_of(reply) == (meter.usage.input_tokens, meter.usage.cached_input_tokens, meter.usage.output_tokens)
    assert meter.calls == 1 and meter.usage.input_tokens > 0 and session.state.edge.calls == 0
    [record] = session.state.cloud.records
    assert (record.step, record.purpose, record.strategy) == (0, "act", "agent:test")
    assert record.messages == request["messages"] and record.tools == request["tools"]
    assert session.state.actors == ["cloud"]


def test_text_parts_are_joined_before_they_leave(open_session: OpenSession, kickoff: Task) -> None:
    session = open_session()
    system, prompt = opening(kickoff)
    parts = [{"type": "text", "text": prompt[:40]}, {"type": "text", "text": prompt[40:]}]
    messages: list[Message] = [{"role": "system", "content": system}, {"role": "user", "content": parts}]
    with proxy(session) as client:
        assert client.post(CLOUD, json=body(session, messages)).status_code == 200
    [record] = session.state.cloud.records
    assert record.messages == initial_messages(kickoff)


def test_a_non_text_part_is_refused_before_any_model_call(open_session: OpenSession, kickoff: Task) -> None:
    session = open_session()
    parts = [{"type": "text", "text": "see"}, {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]
    with proxy(session) as client:
        response = client.post(CLOUD, json=body(session, [{"role": "user", "content": parts}]))
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_request_error" and "text" in response.json()["error"]["message"]
    assert session.steps == 0 and session.state.cloud.records == [] and session.error is None


@pytest.mark.parametrize(("path", "payload", "status", "code"), [
    (V1, {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}, 404, "model_not_found"),
    (V1, {"messages": [{"role": "user", "content": "hi"}]}, 404, "model_not_found"),
    (EDGE, {"model": "edge", "messages": []}, 400, "invalid_request_error"),
    (EDGE, {"model": "edge", "messages": [{"role": "user", "content": "hi"}], "tools": [{"type": "x"}]}, 400,
     "invalid_request_error"),
    (EDGE, ["not", "an", "object"], 400, "invalid_request_error"),
])
def test_requests_the_proxy_cannot_forward(open_session: OpenSession, path: str, payload: Any, status: int, code: str) -> None:
    session = open_session()
    with proxy(session) as client:
        response = client.post(path, json=payload)
    assert response.status_code == status and response.json()["error"]["code"] == code
    assert session.steps == 0 and session.state.edge.calls == 0 and session.error is None


def test_models_are_listed_per_role(open_session: OpenSession) -> None:
    with proxy(open_session()) as client:
        listed = {path: [m["id"] for m in client.get(path).json()["data"]] for path in ("/v1/models", "/cloud/v1/models")}
    assert listed == {"/v1/models": ["edge", "cloud", "route"], "/cloud/v1/models": ["cloud"]}


def test_past_max_steps_the_proxy_answers_step_limit(open_session: OpenSession, kickoff: Task) -> None:
    session = open_session(task=replace(kickoff, spec=kickoff.spec.model_copy(update={"max_steps": 2})))
    with proxy(session) as client:
        statuses = [client.post(EDGE, json=body(session)).status_code for _ in range(2)]
        refused = client.post(EDGE, json=body(session))
    assert statuses == [200, 200] and refused.status_code == 400
    assert refused.json()["error"]["code"] == "step_limit" and "2 model replies" in refused.json()["error"]["message"]
    assert session.hit_step_limit and session.steps == 2 and session.error is None
    assert session.state.edge.calls == 2
    assert mcp_call(session, "email_search", {"query": "kickoff"})[1] is False  # tools still run: the episode is not an error


def sse_events(text: str) -> list[str]:
    assert text.endswith("\n\n")
    events = text.split("\n\n")[:-1]
    assert all(e.startswith("data: ") for e in events)
    return [e.removeprefix("data: ") for e in events]


@pytest.mark.parametrize("include_usage", [False, True])
def test_stream_rebuilds_the_reply(open_session: OpenSession, include_usage: bool) -> None:
    session = open_session()
    request = body(session, stream=True, stream_options={"include_usage": include_usage})
    with proxy(session) as client:
        response = client.post(EDGE, json=request)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    *chunks, done = sse_events(response.text)
    assert done == "[DONE]"
    parsed = [json.loads(c) for c in chunks]
    assert {c["object"] for c in parsed} == {"chat.completion.chunk"} and len({c["id"] for c in parsed}) == 1
    usage_chunks = [c for c in parsed if not c["choices"]]
    deltas = [c["choices"][0] for c in parsed if c["choices"]]
    content = "".join(d["delta"].get("content") or "" for d in deltas)
    calls = [call for d in deltas for call in d["delta"].get("tool_calls") or []]
    assert [call.pop("index") for call in calls] == list(range(len(calls)))
    [step] = step_messages(session)
    assert deltas[0]["delta"]["role"] == "assistant" and (content or None) == step["content"]
    assert calls == step["tool_calls"] and deltas[-1]["finish_reason"] == "tool_calls"
    usage = session.state.edge.usage
    if include_usage:
        assert len(usage_chunks) == 1 and parsed[-1] is usage_chunks[0]
        assert usage_of(usage_chunks[0]) == (usage.input_tokens, usage.cached_input_tokens, usage.output_tokens)
    else:
        assert usage_chunks == []


# --- the policy behind `route` ------------------------------------------------------------------------------


def test_route_under_edge_only_is_the_edge(open_session: OpenSession) -> None:
    session = open_session()
    anyio.run(agent, session, ROUTE, 2)
    assert session.state.actors == ["edge", "edge"] and session.state.cloud.records == []


def test_step_routing_at_threshold_zero_sends_every_step_to_the_cloud(open_session: OpenSession) -> None:
    session = open_session("step_routing:threshold=0")
    transcript = anyio.run(agent, session, ROUTE, 3)
    state = session.state
    routes = state.trace.of_type("route")
    assert [(r["step"], r["decision"]) for r in routes] == [(0, "cloud"), (1, "cloud"), (2, "cloud")]
    assert all(r["score"] > 0 for r in routes)
    assert state.actors == ["cloud"] * 3 and state.edge.calls == 3  # each discarded edge proposal is still paid for
    assert [(r.step, r.purpose) for r in state.cloud.records] == [(0, "act"), (1, "act"), (2, "act")]
    # the cloud saw exactly the transcript the agent sent at that step
    sent = [i for i, m in enumerate(transcript) if m["role"] == "assistant"]
    assert [r.messages for r in state.cloud.records] == [transcript[:i] for i in sent]
    assert len(state.workspace.log) == sum(len(m.get("tool_calls") or []) for m in transcript)
    assert {r.actor for r in state.workspace.log} == {"cloud"}


def test_a_routed_reply_reports_the_edge_proposal_and_the_cloud_answer(open_session: OpenSession) -> None:
    session = open_session("step_routing:threshold=0")
    with proxy(session) as client:
        reply = client.post(ROUTE, json=body(session)).json()
    edge, cloud = session.state.edge.usage, session.state.cloud.meter.usage
    assert edge.input_tokens > 0 and cloud.input_tokens > 0
    assert usage_of(reply) == (edge.input_tokens + cloud.input_tokens, edge.cached_input_tokens + cloud.cached_input_tokens,
                               edge.output_tokens + cloud.output_tokens)
    assert reply["choices"][0]["message"] == step_messages(session)[0] and session.state.actors == ["cloud"]


def test_step_routing_at_an_infinite_threshold_keeps_every_step_on_the_edge(open_session: OpenSession) -> None:
    session = open_session("step_routing:threshold=inf")
    anyio.run(agent, session, ROUTE, 3)
    state = session.state
    assert [r["decision"] for r in state.trace.of_type("route")] == ["edge"] * 3
    assert state.actors == ["edge"] * 3 and state.cloud.records == [] and state.cloud.meter.calls == 0


def test_advisory_ask_cloud_sends_one_advice_request(open_session: OpenSession) -> None:
    session = open_session("advisory")
    anyio.run(agent, session, ROUTE, 1)
    logged = len(session.state.workspace.log)
    text, is_error = mcp_call(session, ASK_CLOUD, {"question": "Which slot works for everyone?"})
    assert not is_error and text.startswith(ADVICE_PREFIX)
    [record] = session.state.cloud.records
    assert (record.purpose, record.step) == ("advise", 0)
    assert "QUESTION: Which slot works for everyone?" in str(record.messages[-1]["content"])
    [consult] = session.state.trace.of_type("consult")
    assert consult["kind"] == "advice" and text.endswith(consult["advice"])
    assert len(session.state.workspace.log) == logged  # the policy's tool is no workspace call


def test_delegation_hands_route_to_the_cloud_until_control_returns(open_session: OpenSession) -> None:
    session = open_session("delegation")
    state = session.state
    transcript = anyio.run(agent, session, ROUTE, 1)
    assert mcp_call(session, DELEGATE, {"reason": "the calendar is hard"}) == (DELEGATION_ACCEPTED, False)
    transcript = anyio.run(lambda: agent(session, ROUTE, 2, messages=transcript))
    assert state.actors == ["edge", "cloud", "cloud"]
    assert [(r.step, r.purpose) for r in state.cloud.records] == [(1, "delegate"), (2, "delegate")]
    sent = [i for i, m in enumerate(transcript) if m["role"] == "assistant"][1:]
    assert [r.messages[:-1] for r in state.cloud.records] == [transcript[:i] for i in sent]
    assert {r.messages[-1]["role"] for r in state.cloud.records} == {"system"}  # the hand-over note
    offered = [t["function"]["name"] for t in state.cloud.records[0].tools]
    assert RETURN_CONTROL in offered and DELEGATE not in offered
    assert state.trace.of_type("control") == []
    # `return_control` is offered to the cloud, not listed by the MCP server, yet the agent relays it
    assert mcp_call(session, RETURN_CONTROL, {"summary": "booked"}) == (f"{CONTROL_RETURNED} booked", False)
    assert [e["reason"] for e in state.trace.of_type("control")] == ["return_control"]
    anyio.run(lambda: agent(session, ROUTE, 1, messages=transcript))
    assert state.actors == ["edge", "cloud", "cloud", "edge"] and len(state.cloud.records) == 2


# --- the end of an episode ----------------------------------------------------------------------------------


def test_a_model_error_ends_the_episode(open_session: OpenSession, monkeypatch: pytest.MonkeyPatch) -> None:
    session = open_session()

    def fail(request: ChatRequest, *, step: int, purpose: str) -> Any:
        raise ModelError("edge model sim/edge-9b: connection refused")

    monkeypatch.setattr(session.state.edge, "complete", fail)
    with proxy(session) as client:
        first = client.post(EDGE, json=body(session))
        later = client.post(CLOUD, json=body(session))
    assert first.status_code == 400 and first.json()["error"]["code"] == "episode_ended"
    assert "connection refused" in first.json()["error"]["message"]
    assert isinstance(session.error, ModelError) and "connection refused" in str(session.error)
    assert later.status_code == 400 and later.json()["error"]["code"] == "episode_ended"
    text, is_error = mcp_call(session, "email_search", {"query": "kickoff"})
    assert is_error and text.startswith("Error: the episode has ended:") and "connection refused" in text
    assert session.steps == 0 and session.state.workspace.log == [] and session.state.cloud.records == []


def test_the_reference_replayed_through_the_bridge_matches_the_loop(open_session: OpenSession, kickoff: Task) -> None:
    """An outside agent that relays `replay/reference` leaves the workspace log and answer the loop leaves."""
    bridged, looped = open_session(edge="replay/reference"), open_session(edge="replay/reference")
    anyio.run(agent, bridged, EDGE, len(kickoff.spec.reference))
    outcome = run_agent(looped.state, make_strategy("edge_only"), timeout_s=60)
    final = kickoff.spec.reference[-1]
    assert isinstance(final, AnswerStep) and bridged.answer == outcome.answer == final.answer
    calls = [[(r.tool, r.args, r.result) for r in s.state.workspace.log] for s in (bridged, looped)]
    assert calls[0] == calls[1] and [t for t, _, _ in calls[0]] == [s.tool for s in kickoff.spec.reference_tool_calls]
    assert bridged.steps == outcome.steps == len(kickoff.spec.reference)


def test_proxy_refuses_a_role_it_does_not_have(open_session: OpenSession) -> None:
    with proxy(open_session("edge_only")) as client:
        reply = client.post("/foo/v1/chat/completions", json={"model": "edge", "messages": [{"role": "user", "content": "hi"}]})
    assert reply.status_code == 404 and reply.json()["error"]["code"] == "not_found"


def test_a_final_answer_call_is_the_answer_unless_the_workspace_has_such_a_tool() -> None:
    from ec2bench.bridge.session import final_answer

    def call(name: str, arguments: str) -> dict[str, Any]:
        return {"id": "c", "type": "function", "function": {"name": name, "arguments": arguments}}

    tools = [{"type": "function", "function": {"name": "files_read"}}]
    assert final_answer([call("final_answer", '{"answer": "Moved to Friday."}')], tools) == "Moved to Friday."
    assert final_answer([call("final_answer", '{"answer": {"total": 3}}')], tools) == '{"total": 3}'
    assert final_answer([call("final_answer", "not json")], tools) is None
    assert final_answer([call("files_read", "{}")], tools) is None
    assert final_answer([call("final_answer", '{"answer": "a"}'), call("files_read", "{}")], tools) is None
    assert final_answer([call("final_answer", '{"answer": "a"}')], [{"type": "function", "function": {"name": "final_answer"}}]) is None
