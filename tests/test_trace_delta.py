"""Boundary payloads are stored as deltas from the previous payload and read back in full."""

from __future__ import annotations

import json

from ec2bench.core.trace import parse_trace, shared_prefix
from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.tasks.loader import load_suite


def test_cloud_payloads_are_stored_as_deltas_and_expanded_on_reading(mini_suite) -> None:
    task = load_suite(mini_suite)[0]
    edge, cloud = resolve_model("sim/edge-9b"), resolve_model("sim/cloud")
    result = run_episode(task, EpisodeSpec(task.id, "cloud_only", edge.name, cloud.name, 0), edge, cloud)
    raw = [e for e in map(json.loads, result.trace.splitlines()) if e["type"] == "boundary"]
    full = [e for e in result.trace_events() if e["type"] == "boundary"]
    assert len(raw) == len(full) == result.row.cloud_calls >= 3
    assert raw[0]["prefix"] == 0 and raw[0]["messages"] == full[0]["messages"]
    for before, now, stored in zip(full, full[1:], raw[1:], strict=False):
        # cloud_only resends the growing history: each payload extends the previous one
        assert now["messages"][: len(before["messages"])] == before["messages"]
        assert stored["prefix"] == len(before["messages"]) and stored["messages"] == now["messages"][stored["prefix"]:]
    assert full[-1]["messages"][1]["content"] == task.spec.prompt
    stored_bytes = sum(len(json.dumps(e["messages"])) for e in raw)
    assert stored_bytes * 2 < sum(len(json.dumps(e["messages"])) for e in full)
    end = next(e for e in result.trace_events() if e["type"] == "end")
    assert "units" not in end and json.loads(result.row.units)  # the audit is stored once, in the row


def test_traces_without_deltas_read_unchanged() -> None:
    old = [{"type": "boundary", "index": 0, "messages": [{"role": "user", "content": "a"}]},
           {"type": "boundary", "index": 1, "messages": [{"role": "user", "content": "b"}]}]
    text = "".join(json.dumps(e) + "\n" for e in old)
    assert parse_trace(text) == old


def test_a_payload_that_rewrites_history_keeps_only_the_shared_prefix() -> None:
    a, b, c = {"role": "system", "content": "s"}, {"role": "user", "content": "u"}, {"role": "user", "content": "v"}
    assert shared_prefix([a, b], [a, b, c]) == 2
    assert shared_prefix([a, b], [a, dict(c)]) == 1
    assert shared_prefix([a, b], [dict(a), dict(b)]) == 2  # equal copies share too
    events = [{"type": "boundary", "prefix": 0, "messages": [a, b]}, {"type": "boundary", "prefix": 1, "messages": [c]}]
    assert [e["messages"] for e in parse_trace("".join(json.dumps(e) + "\n" for e in events))] == [[a, b], [a, c]]
