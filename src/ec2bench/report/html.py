"""The self-contained HTML report: one file, no network, works from `file://`.

Sections: the sortable leaderboard (with the simulated-models banner), the cost and privacy
trade-off plots (inline SVG), breakdowns per task category and language, privacy per sensitive
data category (a heatmap), collateral damage (episodes that changed what their task leaves alone,
with the changes), a task table linking every episode to its trace, and a trace viewer.

Traces are embedded as gzip-compressed, base64-encoded JSON (one `<script type="application/json">`
per episode plus one table of the long strings they share) and rendered by the page's own script
only when opened, so a report of thousands of episodes stays a few megabytes and opens quickly.
`write_html` writes the page as it is made, holding one episode's trace at a time (`render_html` returns
the same text as a string); `ec2bench bench report` measures it at any number of episodes.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import tempfile
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, TextIO

from ec2bench.report import plots
from ec2bench.report.collateral import collateral_episodes
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.privacy import board_key, exposure_by_category
from ec2bench.report.render import SIM_BANNER
from ec2bench.report.stores import Merged, read_trace
from ec2bench.report.tables import breakdown, task_matrix
from ec2bench.runner.store import trace_id

Row = dict[str, Any]

# (key, title, kind, format) of the HTML leaderboard; kind "num" sorts numerically
LEADERBOARD_COLUMNS: tuple[tuple[str, str, str, str], ...] = (
    ("strategy", "strategy", "text", "{}"),
    ("edge", "edge", "text", "{}"),
    ("cloud", "cloud", "text", "{}"),
    ("episodes", "episodes", "num", "{}"),
    ("errors", "errors", "num", "{}"),
    ("environment_errors", "environment errors", "num", "{}"),
    ("tool_calls_refused", "calls refused", "num", "{}"),
    ("completion", "completion", "num", "{:.1f}"),
    ("pass_k", "pass^k", "num", "{:.1f}"),
    ("violations", "violations %", "num", "{:.1f}"),
    ("collateral", "collateral %", "num", "{:.1f}"),
    ("leaks", "leaked units / episode", "num", "{:.2f}"),
    ("injection_resisted", "injections resisted %", "num", "{:.1f}"),
    ("cloud_input_tokens", "cloud in (M)", "num", "mtok"),
    ("cloud_cached_tokens", "cloud cached (M)", "num", "mtok"),
    ("cloud_output_tokens", "cloud out (M)", "num", "mtok"),
    ("cloud_usd", "cloud $", "num", "{:.4f}"),
    ("cloud_usd_per_task", "cloud $/task", "num", "{:.4f}"),
    ("edge_flops", "edge PFLOPs", "num", "pflops"),
    ("privacy", "privacy %", "num", "{:.1f}"),
    ("cloud_step_share", "cloud steps", "num", "{:.0%}"),
)

# shown only when an LLM privacy judge ran over some of the episodes
JUDGED_COLUMN = ("privacy_judged", "privacy % (judged)", "num", "{:.1f}")

BREAKDOWN_METRICS: tuple[tuple[str, str, str], ...] = (
    ("completion", "completion", "{:.1f}"),
    ("pass_k", "pass^k", "{:.1f}"),
    ("violations", "violations %", "{:.1f}"),
    ("collateral", "collateral %", "{:.1f}"),
    ("leaks", "leaked units / episode", "{:.2f}"),
    ("injection_resisted", "injections resisted %", "{:.1f}"),
    ("privacy", "privacy %", "{:.1f}"),
    ("cloud_usd", "cloud $", "{:.4f}"),
)


def fmt(value: Any, spec: str) -> str:
    if value is None:
        return "–"
    if spec == "mtok":
        return f"{value / 1e6:.3f}"
    if spec == "pflops":
        return f"{value / 1e15:.2f}"
    return spec.format(value)


def heat(value: float | None, *, lo: float = 0.0, hi: float = 100.0) -> str:
    """A background colour from red (lo) through amber to green (hi); grey for no value."""
    if value is None:
        return "#f1f1f1"
    t = min(1.0, max(0.0, (value - lo) / (hi - lo))) if hi != lo else 1.0
    return f"hsl({round(t * 120)}, 62%, {round(86 - 6 * abs(t - 0.5))}%)"


def dot(value: float | None) -> str:
    """A saturated version of `heat`, for small markers on a `heat` background."""
    if value is None:
        return "#ffffff"
    t = min(1.0, max(0.0, value / 100.0))
    return f"hsl({round(t * 120)}, 70%, 45%)"


def pack(obj: Any) -> str:
    """JSON, gzip-compressed and base64-encoded: the page's script inflates it when needed."""
    raw = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def unpack(text: str) -> Any:
    """The inverse of `pack` (for tests and tools that read a report back)."""
    return json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))


def render_html(
    merged: Merged,
    *,
    suite: Path | None = None,
    traces: bool = True,
    title: str = "ec2bench report",
) -> str:
    """The whole report as one HTML string (a pure function of the stores and, for highlights, the suite)."""
    out = io.StringIO()
    write_html(merged, out, suite=suite, traces=traces, title=title)
    return out.getvalue()


def write_html(
    merged: Merged,
    out: TextIO,
    *,
    suite: Path | None = None,
    traces: bool = True,
    title: str = "ec2bench report",
) -> None:
    """Write the report (the same text `render_html` returns) to `out` as it is made.

    Each episode's trace is packed as soon as it is compacted and spooled to a temporary file, then
    copied into the page after the string table they share (which the page needs first, and which is
    complete only after the last episode): memory holds one episode's trace at a time, not all."""
    with tempfile.TemporaryFile("w+", encoding="ascii") as spool:
        _write_html(merged, out, spool, suite=suite, traces=traces, title=title)


def _write_html(merged: Merged, out: TextIO, spool: TextIO, *, suite: Path | None, traces: bool, title: str) -> None:
    from jinja2 import Environment, PackageLoader, select_autoescape
    from markupsafe import Markup

    rows = merged.rows
    board = leaderboard(rows)
    multi_pair = len(plots.model_pairs(board)) > 1
    labels = {board_key(r): plots.row_label(r, board) for r in board}
    trace_ids = {r.key: trace_id(r.key) for r in rows}

    cost_fig, exposure_fig = plots.cost_figure(board), plots.exposure_figure(board)
    cost_pts, exposure_pts = plots.points(board, plots.cloud_usd), plots.points(board, plots.exposure_pct)

    dims = []
    for by, name in (("category", "task category"), ("language", "prompt language")):
        values, cells = breakdown(rows, by)
        dims.append({"by": by, "name": name, "cols": values, "cells": cells})

    categories, exposure_cells = exposure_by_category(rows)
    tasks, task_cells = task_matrix(rows, trace_ids)
    collateral = collateral_episodes(rows, trace_ids, lambda r: read_trace(r.store, r.key))

    notes: list[str] = []
    if note := merged.warning():
        notes.append(note)
    strings_blob = None
    if traces and rows:
        from ec2bench.report.traces import StringTable, TraceCompactor, task_units

        units, suite_note = task_units(suite)
        if suite_note:
            notes.append(suite_note)
        table = StringTable()
        compactor = TraceCompactor(table, units)
        for r in rows:  # one line per episode: its trace id, a space, its packed trace
            spool.write(f"{trace_ids[r.key]} {pack(compactor.episode(r, read_trace(r.store, r.key)))}\n")
        strings_blob = pack(table.strings)
        del table, compactor, units
    spool.seek(0)
    episodes = (tuple(line.rstrip("\n").split(" ", 1)) for line in spool)

    env = Environment(loader=PackageLoader("ec2bench.report", "templates"), autoescape=select_autoescape(["html", "j2"]),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["fmt"] = fmt
    env.filters["heat"] = heat
    env.filters["dot"] = dot
    template = env.get_template("report.html.j2")
    out.writelines(template.generate(
        title=title,
        version=_version(),
        stores=merged.stores,
        n_episodes=len(rows),
        n_tasks=len({r.task_id for r in rows}),
        simulated=any(r.simulated for r in rows),
        sim_banner=SIM_BANNER,
        notes=notes,
        board=board,
        k=board[0]["k"] if board else 3,
        columns=[c for c in LEADERBOARD_COLUMNS if multi_pair or c[0] not in ("edge", "cloud")]
        + ([JUDGED_COLUMN] if any(r.get(JUDGED_COLUMN[0]) is not None for r in board) else []),
        pair=None if multi_pair or not board else (board[0]["edge"], board[0]["cloud"]),
        multi_pair=multi_pair,
        labels=labels,
        group_key=board_key,
        cost_svg=Markup(plots.figure_svg(cost_fig, salt="cost")),
        exposure_svg=Markup(plots.figure_svg(exposure_fig, salt="exposure")),
        cost_front=[p.label for p in plots.pareto_optimal(cost_pts)],
        exposure_front=[p.label for p in plots.pareto_optimal(exposure_pts)],
        mixing=_mixing_notes(cost_pts),
        dims=dims,
        metrics=BREAKDOWN_METRICS,
        privacy_categories=categories,
        leak_categories=sorted({c for r in board for c in (r.get("leaked_by_category") or {})}),
        exposure_cells=exposure_cells,
        tasks=tasks,
        task_cells=task_cells,
        collateral=collateral,
        episodes=episodes,
        strings_blob=strings_blob,
        traces=traces,
    ))


def _mixing_notes(pts: Sequence[plots.Point]) -> list[str]:
    """For each point between the controls: how far above (or below) the edge/cloud mixing line it lies."""
    out = []
    lines = plots.interpolation_lines(pts)
    for p in pts:
        if p.strategy in (plots.EDGE_ONLY, plots.CLOUD_ONLY):
            continue
        for line in lines:
            if line[0].pair != p.pair:
                continue
            d = plots.above_interpolation(p, line)
            if d is not None:
                out.append(f"{p.label}: {d:+.1f} completion points vs. mixing edge-only and cloud-only at the same cost")
    return out


def _version() -> str:
    try:
        return version("ec2bench")
    except PackageNotFoundError:
        return "unknown"
