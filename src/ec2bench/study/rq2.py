"""RQ2 — how does edge capability change the picture? The capability ladder of edge profiles.

For each edge model: the mean and the range (min, max) across the four collaboration strategies of
completion and of exposure, with cloud-only as the reference; edge-only and cloud-only completion
carry their 95% intervals (`*_ci_lo`, `*_ci_hi`). Outputs `rq2_ladder.csv` and `rq2_ladder.png`
(two panels: dots are means, bars are ranges, the dashed line is cloud-only with its interval as a
band; the completion panel also shows edge-only with its interval).
"""

from __future__ import annotations

from pathlib import Path
from statistics import mean
from typing import Any

from ec2bench.report import plots
from ec2bench.study.common import BASELINES, COLLABORATION, ci_columns, sweep, write_csv, write_png


def run_rq2(out: Path, store: Path, edges: list[str], options: dict[str, Any]) -> list[dict[str, Any]]:
    """`options`: `ec2bench.run` arguments for each edge's sweep (cloud, repeats, jobs, models...)."""
    table = []
    for edge in edges:
        board = sweep(store, [*BASELINES, *COLLABORATION], edge, options)
        table.append(ladder_row(edge, board))
    write_csv(out / "rq2_ladder.csv", table)
    write_png(out / "rq2_ladder.png", ladder_figure(table))
    return table


def ladder_row(edge: str, board: list[dict[str, Any]]) -> dict[str, Any]:
    by_name = {plots.strategy_name(r["strategy"]): r for r in board}
    collab = [by_name[s] for s in COLLABORATION if s in by_name and by_name[s]["completion"] is not None]
    completion = [r["completion"] for r in collab]
    exposure = [e for r in collab if (e := plots.exposure_pct(r)) is not None]
    best = max(collab, key=lambda r: r["completion"])["strategy"] if collab else None
    return {
        "edge": edge,
        "edge_only_completion": by_name.get("edge_only", {}).get("completion"),
        **ci_columns("edge_only_completion", by_name.get("edge_only", {}).get("completion_ci")),
        "cloud_only_completion": by_name.get("cloud_only", {}).get("completion"),
        **ci_columns("cloud_only_completion", by_name.get("cloud_only", {}).get("completion_ci")),
        "cloud_only_exposure_pct": plots.exposure_pct(by_name["cloud_only"]) if "cloud_only" in by_name else None,
        "completion_mean": round(mean(completion), 2) if completion else None,
        "completion_min": min(completion, default=None),
        "completion_max": max(completion, default=None),
        "completion_spread": round(max(completion) - min(completion), 2) if completion else None,
        "exposure_mean_pct": round(mean(exposure), 2) if exposure else None,
        "exposure_min_pct": min(exposure, default=None),
        "exposure_max_pct": max(exposure, default=None),
        "exposure_spread_pct": round(max(exposure) - min(exposure), 2) if exposure else None,
        "best_strategy": best,
    }


def ladder_figure(table: list[dict[str, Any]]):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 4.2), layout="constrained")
    xs = list(range(len(table)))
    labels = [row["edge"] for row in table]
    panels = (("completion", "completion (0-100)", "cloud_only_completion", ""),
              ("exposure", "privacy exposure (%)", "cloud_only_exposure_pct", "_pct"))
    for i, (name, ylabel, cloud_key, suffix) in enumerate(panels, start=1):
        ax = fig.add_subplot(1, 2, i)
        means = [row[f"{name}_mean{suffix}"] for row in table]
        lows = [row[f"{name}_min{suffix}"] for row in table]
        highs = [row[f"{name}_max{suffix}"] for row in table]
        below = [m - lo for m, lo in zip(means, lows, strict=True)]
        above = [hi - m for m, hi in zip(means, highs, strict=True)]
        ax.errorbar(xs, means, yerr=[below, above],
                    fmt="o", capsize=6, color="#1f77b4", label="collaboration strategies: mean and range")
        cloud_values = [row[cloud_key] for row in table if row[cloud_key] is not None]
        if cloud_values:
            ax.axhline(mean(cloud_values), linestyle="--", color="#d62728", label="cloud-only")
        if name == "completion":
            _interval_marks(ax, xs, table)
        ax.set_xticks(xs, labels)
        ax.set_ylabel(ylabel)
        ax.set_title(f"{name.capitalize()} across strategies, by edge model", fontsize=10)
        ax.grid(True, color="#e5e5e5")
        ax.legend(fontsize=7)
    return fig


def _interval_marks(ax: Any, xs: list[int], table: list[dict[str, Any]]) -> None:
    """On the completion panel: cloud-only's 95% interval as a band (its mean over edges) and edge-only per edge
    with its interval, so a strategy range can be read against the controls' uncertainty."""
    bands = [(r["cloud_only_completion_ci_lo"], r["cloud_only_completion_ci_hi"]) for r in table
             if r["cloud_only_completion_ci_lo"] is not None]
    if bands:
        ax.axhspan(mean(lo for lo, _ in bands), mean(hi for _, hi in bands), color="#d62728", alpha=0.08,
                   label="cloud-only 95% interval")
    edge = [(x, r) for x, r in zip(xs, table, strict=True) if r["edge_only_completion"] is not None]
    if edge:
        values = [r["edge_only_completion"] for _, r in edge]
        cis = [(r["edge_only_completion_ci_lo"], r["edge_only_completion_ci_hi"])
               if r["edge_only_completion_ci_lo"] is not None else None for _, r in edge]
        ax.errorbar([x + 0.12 for x, _ in edge], values, yerr=plots.error_bars(values, cis), fmt="s", markersize=4,
                    capsize=3, color="#7f7f7f", label="edge-only and its 95% interval")
