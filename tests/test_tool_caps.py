"""Tool-call caps: calls past the per-turn or per-episode cap are refused, seen by the agent, and counted."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from tests.test_loop import DEMO, ScriptedModel, answer, make_state

from ec2bench.agent.loop import REFUSED, run_agent
from ec2bench.models.base import Message
from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.runner.store import COLUMNS, Store
from ec2bench.spec.schema import TaskSpec
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import Task, load_task


def respec(task: Task, **fields: Any) -> TaskSpec:
    """The task's spec with `fields` changed, validated again (units derived at load time left out)."""
    data = task.spec.model_dump()
    data["sensitive"] = [u for u in data["sensitive"] if not u["derived"]]
    return TaskSpec.model_validate({**data, **fields})


def with_caps(task: Task, **caps: int) -> Task:
    return replace(task, spec=respec(task, **caps))


def batch(*calls: tuple[str, dict[str, Any]]) -> Message:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"type": "function", "function": {"name": n, "arguments": json.dumps(a)}} for n, a in calls]}


SEARCHES = [("contacts_search", {"query": q}) for q in ("Li", "Wei", "Zhang", "Wang", "Chen")]


@pytest.fixture(scope="module")
def demo() -> Task:
    return load_task(DEMO)


def test_default_caps_scale_with_the_reference(demo: Task) -> None:
    assert len(demo.spec.reference_tool_calls) == 2
    assert demo.spec.tool_call_caps == (8, 16)  # max(8, n), 3n + 10
    long = respec(demo, max_steps=30, reference=[{"tool": "contacts_search", "args": {"query": str(i)}} for i in range(12)])
    assert long.tool_call_caps == (12, 46)
    assert with_caps(demo, max_tool_calls_per_turn=3, max_tool_calls=5).spec.tool_call_caps == (3, 5)


def test_episode_cap_below_the_reference_is_rejected(demo: Task) -> None:
    with pytest.raises(ValidationError, match="below the reference's 2 tool calls"):
        with_caps(demo, max_tool_calls=1)


def test_calls_past_the_caps_are_refused_not_run_and_counted(demo: Task) -> None:
    task = with_caps(demo, max_tool_calls_per_turn=2, max_tool_calls=3)
    client = ScriptedModel([batch(*SEARCHES), batch(*SEARCHES[:2]), answer("done")])
    with task.new_workspace() as ws:
        state = make_state(task, ws, client)
        outcome = run_agent(state, make_strategy("edge_only"), timeout_s=60)
        run = [r.args["query"] for r in ws.log]
    assert outcome.stop == "answer" and outcome.steps == 3
    assert run == ["Li", "Wei", "Li"]  # 2 of turn 0 (per-turn cap), then 1 more (episode cap of 3)
    # every call still gets an observation, in order; refused ones say which cap
    turn0 = [m for m in client.requests[1].messages if m["role"] == "tool"]
    assert len(turn0) == 5
    assert [m["content"].startswith(REFUSED) for m in turn0] == [False, False, True, True, True]
    assert "2 tool calls per turn" in turn0[2]["content"]
    turn1 = [m for m in client.requests[2].messages if m["role"] == "tool"][5:]
    assert [m["content"].startswith(REFUSED) for m in turn1] == [False, True]
    assert "3 tool calls in all" in turn1[1]["content"]
    limited = state.trace.of_type("limited")
    assert [(e["step"], e["tool"], "per turn" in e["reason"]) for e in limited] == [
        (0, "contacts_search", True), (0, "contacts_search", True), (0, "contacts_search", True),
        (1, "contacts_search", False)]
    assert len(state.trace.of_type("tool")) == 3


def test_the_episode_row_counts_refused_calls_and_the_store_keeps_them(demo: Task, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    task = with_caps(demo, max_tool_calls_per_turn=4)
    client = ScriptedModel([batch(*SEARCHES), answer("done")])
    monkeypatch.setattr("ec2bench.runner.episode.open_client", lambda *a, **k: client)
    model = resolve_model("sim/edge-2b")
    result = run_episode(task, EpisodeSpec(task.id, "edge_only", model.name, model.name, 0), model, model)
    assert result.row.tool_calls == 4 and result.row.tool_calls_refused == 1
    assert [e["type"] for e in result.trace_events()].count("limited") == 1
    store = Store.open(tmp_path, create=True)
    store.add(result.row, result.trace)
    assert store.rows()[0].tool_calls_refused == 1
    store.close()


def test_a_store_without_the_column_opens_and_reads_zero(tmp_path: Path) -> None:
    import sqlite3

    old = {k: v for k, v in COLUMNS.items() if k != "tool_calls_refused"}
    conn = sqlite3.connect(tmp_path / "results.sqlite")
    conn.execute(f"CREATE TABLE episodes ({', '.join(f'{k} {v}' for k, v in old.items())})")
    values = {k: (0 if "INTEGER" in v or "REAL" in v else "x") for k, v in old.items()}
    values.update(key="k", status="ok")
    conn.execute(f"INSERT INTO episodes ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})", list(values.values()))
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    store = Store.open(tmp_path, create=False)
    assert store.rows()[0].tool_calls_refused == 0
    store.close()
