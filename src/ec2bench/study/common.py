"""What the three studies share: running a sweep into a store, writing their outputs, and the 95%
intervals of their figures (`<figure>_ci_lo` / `<figure>_ci_hi` columns, shown as `v (lo–hi)` when printed)."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ec2bench.report.plots import figure_png

if TYPE_CHECKING:
    from ec2bench.report.result import SweepResult

COLLABORATION = ("query_routing", "step_routing", "delegation", "advisory")
BASELINES = ("edge_only", "cloud_only")


def sweep(store: Path, strategies: Sequence[str], edge: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Run (or resume) one sweep with `ec2bench.run`; return its leaderboard rows.

    `options` are further `ec2bench.run` arguments (cloud, repeats, jobs, models, cache...).
    Raises `SweepFailed` when the sweep reached `fail_on_error`: a study of errors is no study."""
    return sweep_result(store, strategies, edge, options).leaderboard


def sweep_result(store: Path, strategies: Sequence[str], edge: str, options: dict[str, Any]) -> SweepResult:
    """`sweep`, returning the whole result: its episode rows too, for paired comparisons."""
    from ec2bench.api import run

    result = run(out=store, strategies=list(strategies), edge=edge, **options)
    result.raise_for_failure()
    return result


def ci_columns(name: str, ci: Sequence[float] | None) -> dict[str, float | None]:
    """A study table's `<name>_ci_lo` and `<name>_ci_hi`: the 95% interval of its `<name>` (None: none)."""
    return {f"{name}_ci_lo": ci[0] if ci else None, f"{name}_ci_hi": ci[1] if ci else None}


def display(table: Sequence[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """A study table's headers and cells for the terminal: each `<name>_ci_lo` / `<name>_ci_hi` pair folded
    into the cell of `<name>` as `v (lo–hi)`, so the intervals are printed without doubling the columns."""
    def text(v: Any) -> str:
        if not isinstance(v, float):
            return "-" if v is None else str(v)
        return f"{v:.2f}" if v == 0 or abs(v) >= 0.1 else f"{v:.2g}"  # small dollar figures keep two digits

    headers = [k for k in (table[0] if table else {}) if not k.endswith(("_ci_lo", "_ci_hi"))]
    cells = []
    for row in table:
        line = []
        for k in headers:
            lo, hi = row.get(f"{k}_ci_lo"), row.get(f"{k}_ci_hi")
            line.append(text(row[k]) + (f" ({text(lo)}–{text(hi)})" if lo is not None and hi is not None else ""))
        cells.append(line)
    return headers, cells


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
