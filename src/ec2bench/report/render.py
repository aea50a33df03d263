"""Leaderboard renderings: a rich table for the terminal, JSON, and Markdown for papers and issues.

The terminal table shows by default the columns a reader compares strategies by (`DEFAULT_COLUMNS`)
so it fits 120 terminal columns without cutting a cell; edge and cloud move into the title when
the board holds one pair. `--wide` (`as_table(wide=True)`) shows every column of `COLUMNS`, as do
Markdown, JSON, CSV and HTML.

Figures that are means over tasks carry a 95% bootstrap interval (`INTERVALS`; the `*_ci` keys of
`ec2bench.report.leaderboard`): the terminal table shows it compactly as `±` half its width, Markdown
and HTML as the range itself, JSON as `[lo, hi]` and the leaderboard CSV (`board_csv`) as `*_ci_lo`
and `*_ci_hi` columns.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from rich import box
from rich.table import Table

SIM_BANNER = (
    "Simulated models were used: sim/* models follow the task's reference solution (privileged information). "
    "These figures validate the harness; they are not evidence about any real model."
)

# (JSON key, column title, format)
COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("strategy", "strategy", "{}"),
    ("edge", "edge", "{}"),
    ("cloud", "cloud", "{}"),
    ("episodes", "eps", "{}"),
    ("errors", "err", "{}"),
    ("completion", "compl.", "{:.1f}"),
    ("pass_k", "pass^k", "{:.1f}"),
    ("violations", "violations %", "{:.1f}"),
    ("collateral", "collat. %", "{:.1f}"),
    ("leaks", "leaks", "{:.2f}"),
    ("questions", "questions", "{:.2f}"),
    ("injection_resisted", "inj. resisted %", "{:.1f}"),
    ("cloud_calls", "cloud calls", "{}"),
    ("cloud_step_share", "cloud steps", "{:.0%}"),
    ("cloud_input_tokens", "cloud in", "{:,}"),
    ("cloud_cached_tokens", "cloud cached", "{:,}"),
    ("cloud_output_tokens", "cloud out", "{:,}"),
    ("cloud_usd", "cloud $", "{:.4f}"),
    ("cloud_usd_per_task", "cloud $/task", "{:.4f}"),
    ("rubric_judge_usd", "judge $", "{:.4f}"),
    ("edge_tokens", "edge tokens", "{:,}"),
    ("edge_flops", "edge PFLOPs", "pflops"),
    ("privacy", "privacy", "{:.1f}"),
    ("exposure", "exposure", "{:.3f}"),
)

# The default terminal table: keys of COLUMNS, in their order. Failures of any kind belong in the
# `errors` column, so a count added later widens that cell rather than adding a column; likewise
# `collateral` (a kind of violation) is shown in brackets in the `violations` cell (`COLLATERAL_NOTE`).
DEFAULT_COLUMNS: tuple[str, ...] = (
    "strategy", "edge", "cloud", "episodes", "errors", "completion", "pass_k", "violations", "leaks",
    "cloud_step_share", "cloud_usd", "privacy",
)
_TEXT_COLUMNS = ("strategy", "edge", "cloud")
COLLATERAL_NOTE = "in brackets: collateral %, episodes that changed anything outside their task's footprint"
# figure key -> the key of its 95% interval
INTERVALS: dict[str, str] = {key: f"{key}_ci" for key in (
    "completion", "pass_k", "violations", "injection_resisted", "cloud_usd_per_task", "privacy", "exposure")}
INTERVAL_NOTE = "±: half the width of the 95% interval over tasks and repeats (the range: --format json, markdown, board-csv, html)"
RANGE_NOTE = "(lo–hi): the 95% interval of the figure (bootstrap over tasks, then their repeats; docs/design.md)"


def _cell(value: Any, fmt: str) -> str:
    if value is None:
        return "-"
    if fmt == "pflops":
        return f"{value / 1e15:.2f}"
    return fmt.format(value)


def interval_cell(row: dict[str, Any], key: str, fmt: str, *, style: str = "range") -> str:
    """A figure with its interval when it has one: `62.1 (58.7–65.5)` (`range`) or `62.1 ±3.4` (`pm`)."""
    text = _cell(row.get(key), fmt)
    ci = row.get(INTERVALS.get(key, ""))
    if not ci or row.get(key) is None:
        return text
    lo, hi = ci
    if style == "pm":
        return f"{text} ±{_cell((hi - lo) / 2, fmt)}"
    return f"{text} ({_cell(lo, fmt)}–{_cell(hi, fmt)})"


def board_notes(board: list[dict[str, Any]]) -> list[str]:
    """The line under the leaderboard for what its columns do not show: episodes ended by environment
    errors (the machine could not run a tool call: not scored, re-run them where it works) and refused
    tool calls (past the task's caps, or for the machine's sake), per strategy where there are any."""
    if not board:
        return []

    def count(key: str) -> str:
        per = [(r["strategy"], r.get(key) or 0) for r in board]
        total = sum(n for _, n in per)
        return f"{total}" + (" (" + ", ".join(f"{s} {n}" for s, n in per if n) + ")" if total else "")

    return [f"episodes ended by environment errors (not scored): {count('environment_errors')} · "
            f"tool calls refused: {count('tool_calls_refused')}"]


def as_table(board: list[dict[str, Any]], *, wide: bool = False) -> Table:
    """The leaderboard as a rich table: the default columns, or with `wide` every column."""
    k = board[0]["k"] if board else 3
    columns = [c for c in COLUMNS if wide or c[0] in DEFAULT_COLUMNS]
    title = "ec2bench leaderboard"
    pairs = {(r["edge"], r["cloud"]) for r in board}
    if not wide and len(pairs) == 1:  # one edge/cloud pair: named once, in the title
        (edge, cloud), = pairs
        title += f" (edge {edge}, cloud {cloud})"
        columns = [c for c in columns if c[0] not in ("edge", "cloud")]
    bracketed = not wide and "violations" in DEFAULT_COLUMNS and any(r.get("collateral") is not None for r in board)
    with_ci = any(r.get(INTERVALS[key]) for r in board for key, _, _ in columns if key in INTERVALS)
    captions = [*board_notes(board), *([COLLATERAL_NOTE] if bracketed else []), *([INTERVAL_NOTE] if with_ci else []),
                *([SIM_BANNER] if any(r["simulated"] for r in board) else [])]
    table = Table(title=title, caption="\n".join(captions) or None,
                  box=box.HEAVY_HEAD if wide else box.SIMPLE_HEAD, pad_edge=wide, show_edge=wide,
                  collapse_padding=not wide)  # two spaces between the default columns, so they fit 120 columns
    for key, title_, _ in columns:
        # a cell is folded onto a second line if the terminal is too narrow, never cut with "…"
        table.add_column(title_.replace("^k", f"^{k}"), justify="left" if key in _TEXT_COLUMNS else "right",
                         overflow="fold")
    for row in board:
        table.add_row(*(_violations_cell(row) if bracketed and key == "violations" else interval_cell(row, key, fmt, style="pm")
                        for key, _, fmt in columns))
    return table


def _violations_cell(row: dict[str, Any]) -> str:
    """The default table's violations cell: the share, then in brackets the share with collateral damage."""
    return f"{_cell(row['violations'], '{:.1f}')} ({_cell(row.get('collateral'), '{:.1f}')})"


def as_json(board: list[dict[str, Any]]) -> str:
    return json.dumps(board, indent=2, ensure_ascii=False)


def as_markdown(board: list[dict[str, Any]]) -> str:
    k = board[0]["k"] if board else 3
    titles = [title.replace("^k", f"^{k}") for _, title, _ in COLUMNS]
    lines = ["| " + " | ".join(titles) + " |", "|" + "---|" * len(titles)]
    lines += ["| " + " | ".join(interval_cell(row, key, fmt) for key, _, fmt in COLUMNS) + " |" for row in board]
    lines += [f"\n{note}" for note in board_notes(board)]
    if any(r.get(ci) for r in board for ci in INTERVALS.values()):
        lines += ["", RANGE_NOTE]
    if any(r["simulated"] for r in board):
        lines += ["", f"> {SIM_BANNER}"]
    return "\n".join(lines) + "\n"


def board_csv(board: list[dict[str, Any]]) -> str:
    """The leaderboard as CSV, one line per group: every key of a leaderboard row in its order, an interval
    `[lo, hi]` split into `<key>_lo` and `<key>_hi` (empty when undefined), other lists and dicts as JSON text."""
    def flat(row: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in row.items():
            if key in INTERVALS.values():
                out[f"{key}_lo"], out[f"{key}_hi"] = value if value else ("", "")
            elif isinstance(value, list | dict):
                out[key] = json.dumps(value, ensure_ascii=False, sort_keys=True)
            else:
                out[key] = "" if value is None else value
        return out

    flats = [flat(r) for r in board]
    columns = list(dict.fromkeys(k for f in flats for k in f))
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows(flats)
    return buf.getvalue()
