"""The reference adapters (`ec2bench.bridge.adapters`) run real agent frameworks through the bridge.

Each framework runs in the launcher's sandbox on three tasks with the simulated pair, beside the loop's
`edge_only` and `cloud_only`: every episode is scored, the framework's tool calls reach the workspace over
MCP, and the role an adapter is given decides which model acts. The OpenAI Agents SDK sends the loop's
messages, so on tasks where the loop made no malformed call (the SDK answers those itself) it completes
them exactly as the loop does. smolagents replays its history as text, which the simulator does not read
as progress, so for it only the plumbing is asserted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ec2bench
from ec2bench.core.row import EpisodeRow
from ec2bench.report.stores import read_trace

for extra in ("mcp", "agents", "smolagents"):  # the [bridge] and [agents] extras
    pytest.importorskip(extra)

pytestmark = pytest.mark.agents

TASKS = "office-kickoff-scheduling,office-ceo-weekly-brief,devops-canary-rollback-member-svc-zh"
AGENTS = (
    "oai=ec2bench.bridge.adapters.openai_agents:run",
    "oai-cloud=python -m ec2bench.bridge.adapters.openai_agents cloud",
    "smol=ec2bench.bridge.adapters.smolagents:run",
)
ROLE = {"agent:oai": "edge", "agent:oai-cloud": "cloud", "agent:smol": "edge"}
LOOP = {"agent:oai": "edge_only", "agent:oai-cloud": "cloud_only"}


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[tuple[str, str], EpisodeRow]]:
    """One sweep: the three agents and the loop's two strategies on TASKS (the store, and its rows by task and strategy)."""
    out = tmp_path_factory.mktemp("adapters")
    result = ec2bench.run(out=out, strategies="edge_only,cloud_only", agents=AGENTS, edge="sim/edge-9b", cloud="sim/cloud",
                          tasks=TASKS, repeats=1, jobs=2, timeout=300)
    return result.store, {(r.task_id, r.strategy): r for r in result.rows}


def test_every_adapter_episode_is_scored(sweep) -> None:
    _, rows = sweep
    agent_rows = [r for r in rows.values() if r.strategy in ROLE]
    assert len(agent_rows) == 3 * len(AGENTS)
    for row in agent_rows:
        assert row.status == "ok", (row.key, row.error)
        assert isinstance(row.completion, float) and 0.0 <= row.completion <= 100.0, row.key
        assert row.stop in ("answer", "max_steps"), row.key


def test_tool_calls_reach_the_workspace_over_mcp_from_the_role_given(sweep) -> None:
    store, rows = sweep
    for (_, strategy), row in rows.items():
        if strategy not in ROLE:
            continue
        trace = read_trace(store, row.key)
        assert trace is not None, row.key
        started = [e for e in trace if e["type"] == "agent"]
        assert [e["name"] for e in started] == [strategy.removeprefix("agent:")], row.key
        tools = [e for e in trace if e["type"] == "tool"]
        assert tools and row.tool_calls == len(tools), row.key
        assert {e["actor"] for e in trace if e["type"] == "step"} == {ROLE[strategy]}, row.key
        assert {e["route"] for e in trace if e["type"] == "step"} == {ROLE[strategy]}, row.key


def test_the_agents_sdk_completes_tasks_as_the_loop_does(sweep) -> None:
    _, rows = sweep
    compared = 0
    for (task, strategy), row in rows.items():
        loop = rows.get((task, LOOP.get(strategy, "")))
        if loop is None or loop.malformed_calls:
            continue
        compared += 1
        assert row.completion == loop.completion, (task, strategy)
        assert row.steps == loop.steps, (task, strategy)
        assert row.exposure == loop.exposure, (task, strategy)
    assert compared >= 4
    assert any(rows[t, "agent:oai-cloud"].completion == 100.0 for t, _ in rows), "no task completed: a trivial match"


def test_every_workspace_tool_becomes_a_smolagents_tool_with_its_schema() -> None:
    """The tool schemas the model is shown through smolagents name the same parameters, and require the same ones."""
    import mcp_types
    from smolagents.models import get_tool_json_schema

    from ec2bench.bridge.adapters.smolagents import _WorkspaceTool
    from ec2bench.env.apps import APPS
    from ec2bench.env.tools import tool_from_method

    specs = [tool_from_method(app, getattr(cls, method)) for app, cls in APPS.items() for method in cls.tool_names()]
    assert len(specs) > 50
    for spec in specs:
        tool = _WorkspaceTool(mcp_types.Tool(name=spec.name, description=spec.description, input_schema=spec.parameters),
                              lambda name, arguments: "")
        shown = get_tool_json_schema(tool)["function"]
        assert shown["description"] == spec.description, spec.name
        assert set(shown["parameters"]["properties"]) == set(spec.parameters["properties"]), spec.name
        assert set(shown["parameters"]["required"]) == set(spec.parameters.get("required", [])), spec.name
        assert "$ref" not in str(shown), spec.name  # references into `$defs` are inlined: smolagents drops `$defs`


def test_the_role_picks_the_proxy_route() -> None:
    from ec2bench.bridge.adapters import endpoint
    from ec2bench.bridge.context import AgentContext

    urls = {"edge_url": "http://b/edge/v1", "cloud_url": "http://b/cloud/v1", "route_url": "http://b/route/v1"}
    ctx = AgentContext(mcp_url="http://b/mcp", edge_model="sim/edge-9b", cloud_model="sim/cloud", system="s", prompt="p",
                       language="en", mcp_config="/m.json", **urls)
    assert (endpoint(ctx).base_url, endpoint(ctx).model) == (urls["edge_url"], "sim/edge-9b")
    assert (endpoint(ctx, "cloud").base_url, endpoint(ctx, "cloud").model) == (urls["cloud_url"], "sim/cloud")
    assert endpoint(ctx, "route").base_url == urls["route_url"]
    with pytest.raises(ValueError, match="expected one of edge, cloud, route"):
        endpoint(ctx, "both")
