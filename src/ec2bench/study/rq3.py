"""RQ3 — does knowing when to ask matter? Autonomous vs random invocation at matched call counts.

For each edge model: `advisory` and `delegation` (the edge decides when to call the cloud) against
`random_advisory` and `random_delegation` (the same number of calls per episode, at random steps).
Outputs `rq3_autonomy.csv` (completion, calls, and the autonomy gain per edge and mode, with 95%
intervals: of each completion, and of the gain paired by task and repeat as `report --compare` does) and
`rq3_autonomy.png` (grouped bars, the completion intervals as error bars).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ec2bench.report import plots
from ec2bench.report.compare import compare
from ec2bench.study.common import ci_columns, sweep_result, write_csv, write_png

MODES = (("advisory", "random_advisory"), ("delegation", "random_delegation"))


def run_rq3(out: Path, store: Path, edges: list[str], options: dict[str, Any]) -> list[dict[str, Any]]:
    """`options`: `ec2bench.run` arguments for each edge's sweep (cloud, repeats, jobs, models...)."""
    table = []
    for edge in edges:
        result = sweep_result(store, [s for pair in MODES for s in pair], edge, options)
        board = {r["strategy"]: r for r in result.leaderboard}
        for autonomous, control in MODES:
            a, r = board[autonomous], board[control]
            paired = compare(result.rows, (autonomous, a["edge"], a["cloud"]), (control, r["edge"], r["cloud"]))
            table.append({
                "edge": edge,
                "mode": autonomous,
                "autonomous_completion": a["completion"],
                **ci_columns("autonomous_completion", a["completion_ci"]),
                "random_completion": r["completion"],
                **ci_columns("random_completion", r["completion_ci"]),
                "autonomy_gain": None if a["completion"] is None or r["completion"] is None
                else round(a["completion"] - r["completion"], 2),
                **ci_columns("autonomy_gain", paired["figures"]["completion"]["ci"]),
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
        for offset, key, label, color in ((-0.2, "autonomous", "edge decides", "#1f77b4"),
                                          (0.2, "random", "random steps, same calls", "#aaaaaa")):
            values = [r[f"{key}_completion"] or 0 for r in rows]
            cis = [(r[f"{key}_completion_ci_lo"], r[f"{key}_completion_ci_hi"])
                   if r[f"{key}_completion_ci_lo"] is not None else None for r in rows]
            ax.bar([x + offset for x in xs], values, width=0.4, label=label, color=color,
                   yerr=plots.error_bars(values, cis), capsize=4, error_kw={"elinewidth": 1, "ecolor": "#333"})
        ax.set_xticks(list(xs), [r["edge"] for r in rows])
        ax.set_ylabel("completion (0-100)")
        ax.set_title(f"{mode}: autonomous vs random invocation", fontsize=10)
        ax.legend(fontsize=7)
        ax.grid(True, axis="y", color="#e5e5e5")
    return fig
