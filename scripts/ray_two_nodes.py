"""Run one sim sweep on a two-node Ray cluster on 127.0.0.1 and locally; exit 0 when the rows are equal.

Usage: python scripts/ray_two_nodes.py OUT_DIR

The check of `executor="ray"` (tests/runner/test_ray_executor.py runs it in a child process, so
the environment Ray reads at import time is this script's own). Prints one line per fact, then `OK` or the differing rows.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Ray replaces a loopback address by the host's own IP unless clusters are "disabled"; this one is
# loopback-only, so the driver must dial 127.0.0.1, where the cluster listens. Set before Ray is imported.
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"

import ec2bench  # noqa: E402

TIMING = {"wall_ms", "model_ms", "finished_at"}
SWEEP = dict(strategies=["edge_only", "cloud_only", "advisory"], tasks="office-kickoff*,devops-checkout*,security-secret*",
             repeats=2, edge="sim/edge-9b", cloud="sim/cloud")


class Notes:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def notice(self, text: str) -> None:
        self.lines.append(text)

    warning = notice

    def started(self, todo: int) -> None:
        pass

    def episode_done(self, spec: object, row: object) -> None:
        pass

    def finished(self) -> None:
        pass


def rows(result: ec2bench.SweepResult) -> dict[str, dict]:
    return {r.key: {k: v for k, v in r.as_dict().items() if k not in TIMING} for r in result.rows}


def main(out: Path) -> int:
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "include_dashboard": False, "node_ip_address": "127.0.0.1"})
    cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    try:
        notes = Notes()
        remote = ec2bench.run(out=out / "ray", executor="ray", ray_address=cluster.address, observer=notes, **SWEEP)
        print(next(line for line in notes.lines if line.startswith("ray:")))
        local = ec2bench.run(out=out / "local", **SWEEP)
        print(f"episodes: ray {remote.ran} ({remote.errors} errors), local {local.ran}")
        again = ec2bench.run(out=out / "ray", executor="ray", ray_address=cluster.address, **SWEEP)
        print(f"resume: {again.ran} run, {again.already_stored} already stored")
        budget = ec2bench.run(out=out / "budget", executor="ray", ray_address=cluster.address, max_cloud_usd=0.01,
                              **{**SWEEP, "strategies": ["cloud_only"]})
        print(f"budget: {budget.ran} run, {budget.unstarted} not started")
    finally:
        cluster.shutdown()
    differ = {k for k in rows(local) if rows(local)[k] != rows(remote).get(k)}
    if differ or again.ran or not budget.unstarted:
        print("FAIL: rows differ for " + ", ".join(sorted(differ)))
        return 1
    print(f"OK: {len(rows(remote))} rows equal to the local run's")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
