"""What the three studies share: running a sweep into a store, and writing their outputs."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ec2bench.report.plots import figure_png

COLLABORATION = ("query_routing", "step_routing", "delegation", "advisory")
BASELINES = ("edge_only", "cloud_only")


def sweep(store: Path, strategies: Sequence[str], edge: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Run (or resume) one sweep with `ec2bench.run`; return its leaderboard rows.

    `options` are further `ec2bench.run` arguments (cloud, repeats, jobs, models, cache...).
    Raises `SweepFailed` when the sweep reached `fail_on_error`: a study of errors is no study."""
    from ec2bench.api import run

    result = run(out=store, strategies=list(strategies), edge=edge, **options)
    result.raise_for_failure()
    return result.leaderboard


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
