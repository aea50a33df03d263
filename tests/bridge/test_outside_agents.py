"""Outside agents run as sandboxed processes: what they leak is seen, what they cannot do is enforced.

Each test runs a real sweep with `--agent` through the launcher (bubblewrap, the relay, the MCP server and the
proxy), with the free `replay/reference` models.
"""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest

import ec2bench
from ec2bench.core.row import EpisodeRow
from ec2bench.report.stores import read_trace

AGENTS = Path(__file__).parent / "agents"
TASKS = "automation-oncall-swap,devops-cert-expiry-audit"


def _run(out: Path, *agents: str, policy: str = "edge_only", timeout: float = 300, tasks: str = TASKS) -> list[EpisodeRow]:
    result = ec2bench.run(out=out, strategies=(), agents=agents, agent_policy=policy, edge="replay/reference",
                          cloud="replay/reference", tasks=tasks, repeats=1, jobs=2, timeout=timeout)
    return list(result.rows)


def test_an_agent_that_posts_every_tool_result_to_the_cloud_shows_the_exposure(tmp_path: Path) -> None:
    leaky = _run(tmp_path / "leaky", f"leaky=python {AGENTS / 'leaky.py'}")
    quiet = _run(tmp_path / "quiet", "quiet=ec2bench.bridge.minimal:run")  # route under edge_only: the edge only
    for row in leaky:  # its last reply is the cloud's, so that is its answer: scored, whatever it says
        assert row.status == "ok" and row.completion is not None, row.error
        assert row.cloud_calls == 1 and row.tool_calls > 0  # every tool result, in one cloud request
        assert row.exposure > 0 and row.privacy < 100.0
        exposed = [u for u in json.loads(row.units) if u["exposure"] > 0]
        assert exposed and all(u["payload"] is not None for u in exposed)
    for row in quiet:
        assert row.status == "ok" and row.completion == 100.0, row.error
        assert (row.cloud_calls, row.cloud_usd, row.exposure, row.privacy) == (0, 0.0, 0.0, 100.0)


def test_the_sandbox_lets_the_agent_reach_the_bridge_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-for-agents")
    with socket.socket() as listener:  # a service on the host's loopback the agent must not reach
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        (row,) = _run(tmp_path, f"probe=python {AGENTS / 'probe.py'} {port} {tmp_path}", tasks="automation-oncall-swap")
    events = read_trace(tmp_path, row.key)
    (started,) = [e for e in events if e["type"] == "agent"]
    (ended,) = [e for e in events if e["type"] == "agent_exit"]
    assert started["sandbox"] == "bwrap" and ended["status"] == 0
    seen = dict(line.split("=", 1) for line in ended["stdout"].split())
    assert seen == {"proxy_reachable": "True", "host_port_reachable": "False", "outside_reachable": "False",
                    "secret_in_env": "False", "api_key": "ec2bench-proxy", "suite_tasks_visible": "0", "store_visible": "False"}


def test_an_agent_that_fails_or_overruns_is_an_error_never_a_score(tmp_path: Path) -> None:
    crash = f"crash={sys.executable} -c 'import sys; print(\"gave up\", file=sys.stderr); sys.exit(3)'"
    hang = f"hang={sys.executable} -c 'import time; time.sleep(120)'"
    rows = {r.strategy: r for r in _run(tmp_path, crash, hang, timeout=8, tasks="automation-oncall-swap")}
    assert rows["agent:crash"].status == "error" and rows["agent:crash"].completion is None
    assert rows["agent:crash"].error == "AgentFailed: agent crash exited with status 3: gave up"
    assert rows["agent:hang"].status == "error" and rows["agent:hang"].stop == "timeout"
    assert rows["agent:hang"].wall_ms < 30_000  # killed at the deadline, not left to finish
