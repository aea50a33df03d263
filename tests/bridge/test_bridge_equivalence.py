"""The same work through ec2bench's loop and through an outside agent (MCP + proxy) gives the same numbers.

The minimal outside agent (`ec2bench.bridge.minimal`) rebuilds the loop's messages from the MCP server alone.
Run beside the loop's `edge_only` and `cloud_only` on 23 tasks, with the free `replay/reference` pair and with
the simulated pair, every task must get the same completion, the same exposure of every sensitive unit and,
where the requests are equal, the same token counts: the bridge adds no exposure, hides none and meters alike.
"""

from __future__ import annotations

import json

import pytest

import ec2bench
from ec2bench.core.row import EpisodeRow

TASKS = "automation-*,devops-*"  # 23 tasks, English and Chinese, shell and app tools
AGENTS = ("mini-edge=python -m ec2bench.bridge.minimal edge", "mini-cloud=python -m ec2bench.bridge.minimal cloud")
PAIRS = {"loop": ("edge_only", "cloud_only"), "agent": ("agent:mini-edge", "agent:mini-cloud")}
TOKENS = ("edge_input_tokens", "edge_cached_tokens", "edge_output_tokens",
          "cloud_input_tokens", "cloud_cached_tokens", "cloud_output_tokens", "cloud_calls", "edge_calls")


def _sweep(tmp_path_factory: pytest.TempPathFactory, edge: str, cloud: str) -> dict[tuple[str, str], EpisodeRow]:
    out = tmp_path_factory.mktemp("equivalence")
    result = ec2bench.run(out=out, strategies="edge_only,cloud_only", agents=AGENTS, edge=edge, cloud=cloud,
                          tasks=TASKS, repeats=1, jobs=4, timeout=300)
    assert {r.status for r in result.rows} == {"ok"}, [(r.key, r.error) for r in result.rows if r.error]
    return {(r.task_id, r.strategy): r for r in result.rows}


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], EpisodeRow]:
    return _sweep(tmp_path_factory, "replay/reference", "replay/reference")


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], EpisodeRow]:
    return _sweep(tmp_path_factory, "sim/edge-9b", "sim/cloud")


def _pairs(rows: dict[tuple[str, str], EpisodeRow]) -> list[tuple[EpisodeRow, EpisodeRow]]:
    tasks = sorted({task for task, _ in rows})
    assert len(tasks) >= 20
    return [(rows[task, loop], rows[task, agent]) for task in tasks for loop, agent in zip(*PAIRS.values(), strict=True)]


def _units(row: EpisodeRow) -> dict[str, dict[str, object]]:
    """The audit of each unit by id: exposure score, accessed, the payload that exposed it, how it matched."""
    return {u["id"]: u for u in json.loads(row.units)}


def test_replayed_reference_gives_identical_completion_exposure_and_tokens(replay) -> None:
    pairs = _pairs(replay)
    for loop, agent in pairs:
        assert agent.completion == loop.completion == 100.0, loop.task_id
        assert _units(agent) == _units(loop), loop.task_id
        assert (agent.exposure, agent.privacy) == (loop.exposure, loop.privacy), loop.task_id
        assert [getattr(agent, t) for t in TOKENS] == [getattr(loop, t) for t in TOKENS], loop.task_id
        assert (agent.steps, agent.tool_calls, agent.cloud_usd) == (loop.steps, loop.tool_calls, loop.cloud_usd), loop.task_id
    exposed = sum(any(u["exposure"] > 0 for u in _units(agent).values()) for loop, agent in pairs if loop.strategy == "cloud_only")
    assert exposed >= 20  # the cloud saw sensitive data on most tasks: the equality is about real exposure, not zeros


def test_simulated_models_give_identical_completion_and_exposure(simulated) -> None:
    pairs = _pairs(simulated)
    equal_requests = 0
    for loop, agent in pairs:
        assert agent.completion == loop.completion, loop.task_id
        assert _units(agent) == _units(loop), loop.task_id
        assert agent.exposure == loop.exposure, loop.task_id
        if loop.malformed_calls == 0:  # a call that is not JSON never reaches MCP: the agent answers it itself
            equal_requests += 1
            assert [getattr(agent, t) for t in TOKENS] == [getattr(loop, t) for t in TOKENS], loop.task_id
    assert equal_requests >= 20
    assert len({loop.completion for loop, _ in pairs}) > 2  # the simulated pair fails some tasks: not a trivial match
