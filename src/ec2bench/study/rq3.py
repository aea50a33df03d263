"""RQ3 — does knowing when to ask matter? Autonomous vs random invocation at matched call counts.

For each edge model: `advisory` and `delegation` (the edge decides when to call the cloud) against
`random_advisory` and `random_delegation` (the same number of calls per episode, at random steps).
Outputs `rq3_autonomy.csv` (completion, calls, and the autonomy gain per edge and mode) and
`rq3_autonomy.png` (grouped bars).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ec2bench.study.common import sweep, write_csv, write_png

MODES = (("advisory", "random_advisory"), ("delegation", "random_delegation"))


def run_rq3(out: Path, store: Path, edges: list[str], options: dict[str, Any]) -> list[dict[str, Any]]:
    """`options`: `ec2bench.run` arguments for each edge's sweep (cloud, repeats, jobs, models...)."""
    table = []
    for edge in edges:
        board = {r["strategy"]: r for r in sweep(store, [s for pair in MODES for s in pair], edge, options)}
        for autonomous, control in MODES:
            a, r = board[autonomous], board[control]
            table.append({
                "edge": edge,
                "mode": autonomous,
                "autonomous_completion": a["completion"],
                "random_completion": r["completion"],
                "autonomy_gain": None if a["completion"] is None or r["completion"] is None
                else round(a["completion"] - r["completion"], 2),
                "autonomous_cloud_calls": a["cloud_calls"],
                "random_cloud_calls": r["cloud_calls"],
            })
    write_csv(out / "rq3_autonomy.csv", table)
    write_png(out / "rq3_autonomy.png", autonomy_figure(table))
    return table


def autonomy_figure(table: list[dict[str, Any]]):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(9, 4), layout="constrained")
    for i, (mode, _) in enumerate(MODES, start=1):
        ax = fig.add_subplot(1, 2, i)
        rows = [r for r in table if r["mode"] == mode]
        xs = range(len(rows))
        ax.bar([x - 0.2 for x in xs], [r["autonomous_completion"] or 0 for r in rows], width=0.4, label="edge decides", color="#1f77b4")
        ax.bar([x + 0.2 for x in xs], [r["random_completion"] or 0 for r in rows], width=0.4, label="random steps, same calls",
               color="#aaaaaa")
        ax.set_xticks(list(xs), [r["edge"] for r in rows])
        ax.set_ylabel("completion (0-100)")
        ax.set_title(f"{mode}: autonomous vs random invocation", fontsize=10)
        ax.legend(fontsize=7)
        ax.grid(True, axis="y", color="#e5e5e5")
    return fig
