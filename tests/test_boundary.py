"""The boundary is the only path to a cloud-role model, and it records every request."""

from __future__ import annotations

import inspect

import pytest

import ec2bench.models.registry as registry
from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.strategies import STRATEGIES
from ec2bench.tasks.loader import load_suite


@pytest.fixture
def opened(monkeypatch):
    """Every client opened, with the module that opened it."""
    calls = []
    real = registry.open_client

    def spy(info, **kw):
        caller = inspect.stack()[1].frame.f_globals["__name__"]
        client = real(info, **kw)
        inner = client.complete

        def complete(request):
            calls.append((info.name, caller))
            return inner(request)

        client.complete = complete
        return client

    for module in ("ec2bench.privacy.boundary", "ec2bench.runner.episode"):
        monkeypatch.setattr(f"{module}.open_client", spy)
    return calls


# Settings the runner would resolve for strategies that need them (calibration, matched counts).
RUNNABLE = {
    "edge_only": {},
    "cloud_only": {},
    "query_routing": {"score": 1.0, "threshold": 0.0},
    "step_routing": {"threshold": 0.3},
    "delegation": {},
    "advisory": {},
    "sketch": {},
    "random_advisory": {"calls": 2, "horizon": 4},
    "random_delegation": {"calls": 1, "horizon": 4},
}


def test_every_registered_strategy_is_covered():
    assert set(RUNNABLE) == set(STRATEGIES)


@pytest.mark.parametrize("strategy", sorted(RUNNABLE))
def test_cloud_model_is_reached_only_through_the_boundary(strategy, mini_suite, opened):
    task = load_suite(mini_suite)[0]
    # distinct models per role, so every call can be attributed to its role
    edge, cloud = resolve_model("sim/edge-2b"), resolve_model("sim/cloud")
    result = run_episode(task, EpisodeSpec(task.id, strategy, edge.name, cloud.name, 0), edge, cloud,
                         settings=RUNNABLE[strategy])
    cloud_calls = [caller for name, caller in opened if name == cloud.name]
    assert all(caller == "ec2bench.privacy.boundary" for caller in cloud_calls)
    payloads = [e for e in result.trace_events() if e["type"] == "boundary"]
    assert len(payloads) == len(cloud_calls) == result.row.cloud_calls


def test_no_module_but_the_boundary_opens_clients_for_the_cloud_role():
    """Static guard: besides the episode's edge client, only the boundary calls open_client."""
    import pathlib

    src = pathlib.Path(registry.__file__).parents[1]
    callers = sorted(
        str(p.relative_to(src))
        for p in src.rglob("*.py")
        if "open_client(" in p.read_text() and p.name != "registry.py"
    )
    assert callers == ["privacy/boundary.py", "runner/episode.py"]
    episode_src = (src / "runner" / "episode.py").read_text()
    assert episode_src.count("open_client(") == 1 and "open_client(edge," in episode_src


def test_edge_only_sends_nothing_and_cloud_only_sends_everything(mini_suite):
    task = load_suite(mini_suite)[0]
    edge, cloud = resolve_model("sim/edge-9b"), resolve_model("sim/cloud")
    edge_run = run_episode(task, EpisodeSpec(task.id, "edge_only", edge.name, cloud.name, 0), edge, cloud)
    assert [e for e in edge_run.trace_events() if e["type"] == "boundary"] == []
    assert edge_run.row.cloud_usd == 0 and edge_run.row.exposure == 0

    cloud_run = run_episode(task, EpisodeSpec(task.id, "cloud_only", edge.name, cloud.name, 0), edge, cloud)
    payloads = [e for e in cloud_run.trace_events() if e["type"] == "boundary"]
    assert len(payloads) == cloud_run.row.steps
    first = payloads[0]["messages"]
    assert first[0]["role"] == "system" and first[1]["content"] == task.spec.prompt
    # the last payload carries every tool result the agent received
    sent = {m["content"] for m in payloads[-1]["messages"] if m["role"] == "tool"}
    received = [e["result"] for e in cloud_run.trace_events() if e["type"] == "tool"]
    assert set(received) <= sent
    assert cloud_run.row.exposure > 0 and cloud_run.row.cloud_usd > 0
