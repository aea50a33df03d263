"""What each strategy sends to the cloud, asserted on boundary records (the trace's `boundary`
events), never on strategy internals."""

from __future__ import annotations

import json

import pytest

from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.strategies.prompts import ADVISOR_SYSTEM, ASK_CLOUD, DELEGATE, PLANNER_SYSTEM, RETURN_CONTROL
from ec2bench.tasks.loader import load_suite

TASK = next(t for t in load_suite() if t.id == "office-kickoff-scheduling")
EDGE, CLOUD = resolve_model("sim/edge-2b"), resolve_model("sim/cloud")


def episode(spec: str, repeat: int = 0, **settings):
    result = run_episode(TASK, EpisodeSpec(TASK.id, spec, EDGE.name, CLOUD.name, repeat), EDGE, CLOUD, settings=settings)
    events = result.trace_events()
    return result.row, events, [e for e in events if e["type"] == "boundary"]


def tool_results(events) -> list[str]:
    return [e["result"] for e in events if e["type"] == "tool" and len(e["result"]) > 40]


def sent_text(payload) -> str:
    return "\n".join(str(m.get("content")) + json.dumps(m.get("tool_calls") or []) for m in payload["messages"])


def first_with(spec: str, predicate, **settings):
    """The first repeat whose episode satisfies `predicate` (sim behaviour varies by seed)."""
    for repeat in range(30):
        found = episode(spec, repeat, **settings)
        if predicate(*found):
            return found
    pytest.fail(f"no repeat of {spec} showed the behaviour under test")


def test_edge_only_sends_nothing():
    row, _, payloads = episode("edge_only")
    assert payloads == [] and row.cloud_calls == 0 and row.exposure == 0


def test_query_routing_routed_to_edge_sends_nothing():
    row, events, payloads = episode("query_routing", score=0.1, threshold=0.5)
    assert payloads == []
    assert [e["decision"] for e in events if e["type"] == "route"] == ["edge"]


def test_query_routing_routed_to_cloud_sends_every_step_with_full_history():
    row, events, payloads = episode("query_routing", score=0.9, threshold=0.5)
    assert [e["decision"] for e in events if e["type"] == "route"] == ["cloud"]
    assert len(payloads) == row.steps == row.cloud_steps
    assert set(tool_results(events)) <= {m["content"] for m in payloads[-1]["messages"] if m["role"] == "tool"}


def test_step_routing_sends_the_full_history_exactly_at_routed_steps():
    row, events, payloads = first_with(
        "step_routing", lambda r, ev, p: 0 < len(p) < r.steps, threshold=0.55)
    routes = [e for e in events if e["type"] == "route"]
    routed = [e["step"] for e in routes if e["decision"] == "cloud"]
    assert [p["step"] for p in payloads] == routed
    assert all(e["decision"] == ("cloud" if e["score"] > e["threshold"] else "edge") for e in routes)
    steps = {e["step"]: e for e in events if e["type"] == "step"}
    for payload in payloads:  # the history up to that step: system, task, and every earlier turn and result
        assert payload["messages"][1]["content"] == TASK.spec.prompt
        earlier = [m for m in payload["messages"] if m["role"] == "assistant"]
        assert len(earlier) == payload["step"]
        assert steps[payload["step"]]["actor"] == "cloud"


def test_delegation_sends_the_full_history_and_can_hand_back():
    row, events, payloads = first_with("delegation", lambda r, ev, p: bool(p))
    first = payloads[0]
    assert first["purpose"] == "delegate"
    assert RETURN_CONTROL in first["tools"] and DELEGATE not in first["tools"]
    delegated_at = next(e for e in events if e["type"] == "consult" and e["kind"] == "delegation")
    results_before = [e["result"] for e in events if e["type"] == "tool" and e["step"] < delegated_at["step"]]
    sent = {m["content"] for m in first["messages"] if m["role"] == "tool"}
    assert set(results_before) <= sent
    assert any(c["function"]["name"] == DELEGATE for m in first["messages"] for c in m.get("tool_calls") or [])


def test_advisory_question_context_sends_the_question_alone():
    row, events, payloads = first_with("advisory:context=question", lambda r, ev, p: bool(p))
    for payload in payloads:
        assert [m["role"] for m in payload["messages"]] == ["system", "user"]
        assert payload["messages"][0]["content"] == ADVISOR_SYSTEM and payload["tools"] == []
        text = sent_text(payload)
        assert not any(result in text for result in tool_results(events))
    assert row.exposure == 0


def test_advisory_full_context_sends_tool_results():
    row, events, payloads = first_with("advisory:context=full", lambda r, ev, p: len(p) >= 1 and p[-1]["step"] > 1)
    text = sent_text(payloads[-1])
    assert "RESULT:" in text and "QUESTION:" in text
    assert row.exposure > 0


def test_advisory_summary_context_sends_an_edge_written_summary():
    row, events, payloads = first_with("advisory:context=summary", lambda r, ev, p: bool(p))
    summaries = [e for e in events if e["type"] == "model_call" and e["purpose"] == "summarize"]
    assert len(summaries) == len(payloads) and all(s["role"] == "edge" for s in summaries)
    assert all("Calls so far" in sent_text(p) for p in payloads)


def test_sketch_sends_only_the_task_prompt_once():
    row, events, payloads = episode("sketch")
    assert len(payloads) == 1 and payloads[0]["purpose"] == "plan" and payloads[0]["tools"] == []
    assert [m["content"] for m in payloads[0]["messages"]] == [PLANNER_SYSTEM, TASK.spec.prompt]
    in_prompt = {u.id for u in TASK.spec.sensitive if u.value in TASK.spec.prompt}
    exposed = {u["id"] for u in json.loads(row.units) if u["exposure"] > 0}
    assert exposed <= in_prompt


def test_random_advisory_asks_at_drawn_steps_only_and_gives_the_edge_no_help_tool():
    row, events, payloads = first_with("random_advisory", lambda r, ev, p: r.steps >= 4, calls=2, horizon=4)
    assert len(payloads) == 2 and all(p["purpose"] == "advise" and p["step"] < 4 for p in payloads)
    edge_tools = [e for e in events if e["type"] == "model_call" and e["role"] == "edge"]
    assert edge_tools  # the edge acted
    step_messages = [e["message"] for e in events if e["type"] == "step" and e["actor"] == "edge"]
    assert not any(c["function"]["name"] == ASK_CLOUD for m in step_messages for c in m.get("tool_calls") or [])


def test_random_delegation_hands_over_at_drawn_steps():
    row, events, payloads = first_with("random_delegation", lambda r, ev, p: r.steps >= 3, calls=1, horizon=3)
    delegations = [e for e in events if e["type"] == "consult"]
    assert len(delegations) == 1 and delegations[0]["step"] < 3
    assert payloads and all(p["purpose"] == "delegate" for p in payloads)


def test_episodes_are_deterministic():
    for spec in ("advisory", "delegation", "step_routing"):
        settings = {"threshold": 0.5} if spec == "step_routing" else {}
        assert episode(spec, 3, **settings)[2] == episode(spec, 3, **settings)[2]
