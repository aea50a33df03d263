"""RQ1 — is collaboration effective? The six strategies for one edge/cloud pair.

Outputs: `rq1_tradeoffs.csv` (per strategy: completion, cloud $, cloud $ per task, exposure, the 95%
intervals of completion, cost per task and exposure (`*_ci_lo`, `*_ci_hi`), and how many points it
lies above the straight edge-only↔cloud-only line at its cost and at its exposure),
`rq1_cost.png` (completion vs cloud $) and `rq1_exposure.png` (completion vs exposure), both with
that line drawn, Pareto-optimal strategies marked and the intervals as error bars.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ec2bench.report import plots
from ec2bench.study.common import BASELINES, COLLABORATION, ci_columns, sweep, write_csv, write_png


def run_rq1(out: Path, store: Path, edge: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """`options`: `ec2bench.run` arguments for the sweep (cloud, repeats, jobs, models...)."""
    board = sweep(store, [*BASELINES, *COLLABORATION], edge, options)
    table = tradeoffs(board)
    write_csv(out / "rq1_tradeoffs.csv", table)
    write_png(out / "rq1_cost.png", plots.cost_figure(board))
    write_png(out / "rq1_exposure.png", plots.exposure_figure(board))
    return table


def tradeoffs(board: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per strategy, its position relative to the edge-only↔cloud-only line on both trade-offs."""
    rows = []
    lines = {
        axis: plots.interpolation_lines(plots.points(board, x))
        for axis, x in (("cost", plots.cloud_usd), ("exposure", plots.exposure_pct))
    }
    for row in board:
        entry = {"strategy": row["strategy"], "edge": row["edge"], "cloud": row["cloud"],
                 "completion": row["completion"], **ci_columns("completion", row.get("completion_ci")),
                 "cloud_usd": row["cloud_usd"], "cloud_usd_per_task": row.get("cloud_usd_per_task"),
                 **ci_columns("cloud_usd_per_task", row.get("cloud_usd_per_task_ci")),
                 "exposure_pct": plots.exposure_pct(row), **ci_columns("exposure_pct", plots.exposure_pct_ci(row)),
                 "cloud_step_share": row["cloud_step_share"]}
        for axis, x in (("cost", plots.cloud_usd), ("exposure", plots.exposure_pct)):
            point = next((p for p in plots.points([row], x)), None)
            margin = plots.above_interpolation(point, lines[axis][0]) if point and lines[axis] else None
            entry[f"above_line_{axis}"] = None if margin is None else round(margin, 2)
        rows.append(entry)
    return rows
