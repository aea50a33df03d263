"""`executor="ray"`: a sweep on a two-node Ray cluster on 127.0.0.1 stores the rows a local sweep stores."""

from __future__ import annotations

import pytest

import ec2bench

pytestmark = pytest.mark.ray
ray = pytest.importorskip("ray")
cluster_utils = pytest.importorskip("ray.cluster_utils")

TIMING = {"wall_ms", "model_ms", "finished_at"}
SWEEP = dict(strategies=["edge_only", "cloud_only", "advisory"], tasks="office-kickoff*,devops-order*,security-leaked*",
             repeats=2, edge="sim/edge-9b", cloud="sim/cloud")


class Notes:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def notice(self, text: str) -> None:
        self.lines.append(text)

    def warning(self, text: str) -> None:
        self.lines.append(text)

    def started(self, todo: int) -> None:
        pass

    def episode_done(self, spec: object, row: dict) -> None:
        pass

    def finished(self) -> None:
        pass


@pytest.fixture(scope="module")
def two_nodes():
    cluster = cluster_utils.Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "include_dashboard": False, "node_ip_address": "127.0.0.1"})
    cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    yield cluster
    cluster.shutdown()


def _rows(result: ec2bench.SweepResult) -> dict[str, dict]:
    return {r["key"]: {k: v for k, v in r.items() if k not in TIMING} for r in result.rows}


def test_a_sweep_on_two_ray_nodes_stores_the_local_rows(tmp_path, two_nodes):
    notes = Notes()
    remote = ec2bench.run(out=tmp_path / "ray", executor="ray", ray_address=two_nodes.address, observer=notes, **SWEEP)
    local = ec2bench.run(out=tmp_path / "local", **SWEEP)
    assert "ray: 2 episode worker(s) on 2 node(s)" in notes.lines
    assert remote.ran == local.ran == 18 and remote.errors == 0
    assert _rows(remote) == _rows(local)
    assert (tmp_path / "ray" / "report.json").read_text() != ""
    # resume: the same call runs nothing more, on Ray as locally
    again = ec2bench.run(out=tmp_path / "ray", executor="ray", ray_address=two_nodes.address, **SWEEP)
    assert (again.ran, again.already_stored) == (0, 18)


def test_the_budget_stops_a_ray_sweep_between_episodes(tmp_path, two_nodes):
    result = ec2bench.run(out=tmp_path / "budget", executor="ray", ray_address=two_nodes.address,
                          max_cloud_usd=0.01, **{**SWEEP, "strategies": ["cloud_only"]})
    assert result.unstarted > 0 and result.ran < 6
