"""What the three studies share: running a sweep into a store, and writing their outputs."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.plots import figure_png
from ec2bench.runner.store import load_rows

COLLABORATION = ("query_routing", "step_routing", "delegation", "advisory")
BASELINES = ("edge_only", "cloud_only")


def sweep(store: Path, strategies: Sequence[str], edge: str, cloud: str, repeats: int, jobs: int,
          tasks: str | None, suite: Path | None) -> list[dict[str, Any]]:
    """Run (or resume) one sweep through the same code path as `ec2bench run`; return its leaderboard rows."""
    from ec2bench.cli import run  # the CLI command is the one way a sweep is run

    run(out=store, strategies=",".join(strategies), edge=edge, cloud=cloud, repeats=repeats, jobs=jobs,
        tasks=tasks, suite=suite)
    rows = [r for r in load_rows([store]) if r["edge"] == edge and r["cloud"] == cloud and r["strategy"] in strategies]
    return leaderboard(rows)


def write_csv(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    columns = list(dict.fromkeys(k for row in rows for k in row))
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def write_png(path: Path, figure: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(figure_png(figure))
