"""Breakdown tables over episode rows (pure functions): per task category and language, per task;
and the per-episode CSV. (Privacy per sensitive-data category: `ec2bench.report.privacy`.)

Every aggregate reuses `leaderboard` on a subset of rows, so a breakdown cell means exactly what
the leaderboard column means (completion: mean over tasks of the per-task mean, and so on).
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import mean
from typing import Any

from ec2bench.core.row import EpisodeRow, field_names
from ec2bench.report.leaderboard import judged_share, leaderboard
from ec2bench.report.privacy import GroupKey, board_key, group_key

Board = dict[str, Any]  # one leaderboard row
BREAKDOWNS: dict[str, str] = {"category": "task category", "language": "prompt language"}
_BY: dict[str, Callable[[EpisodeRow], str]] = {"category": lambda r: r.category, "language": lambda r: r.language}


def breakdown(rows: Sequence[EpisodeRow], by: str) -> tuple[list[str], dict[GroupKey, dict[str, Board]]]:
    """The values of `by` (a key of `BREAKDOWNS`; sorted) and, per leaderboard group, the leaderboard row of
    each value's episodes (without intervals: the cells show figures only, and a bootstrap per cell would cost)."""
    value_of = _BY[by]
    values = sorted({value_of(r) for r in rows})
    out: dict[GroupKey, dict[str, Board]] = defaultdict(dict)
    for value in values:
        for agg in leaderboard([r for r in rows if value_of(r) == value], resamples=0):
            out[board_key(agg)][value] = agg
    return values, dict(out)


def breakdown_markdown(rows: Sequence[EpisodeRow], by: str) -> str:
    """A Markdown table of `breakdown`: one line per leaderboard group, one column per value of `by`, each
    cell "completion · privacy" of that group's episodes on those tasks (what the HTML report shows)."""
    values, cells = breakdown(rows, by)
    board = leaderboard(rows, resamples=0)  # its groups' order and labels: no interval is shown
    several_pairs = len({(r["edge"], r["cloud"]) for r in board}) > 1
    lines = [f"| strategy | {' | '.join(values)} |", "|---|" + "---|" * len(values)]
    for row in board:
        label = f"{row['strategy']} ({row['edge']} / {row['cloud']})" if several_pairs else str(row["strategy"])
        got = cells.get(board_key(row), {})
        lines.append(f"| {label} | " + " | ".join(_completion_privacy(got.get(v)) for v in values) + " |")
    return "\n".join(lines) + "\n"


def injections_markdown(board: Sequence[Board]) -> str:
    """A Markdown table of `injection_resisted_by_category`: one line per leaderboard group, one column per
    task category whose tasks hold injected instructions ("" when no episode had one)."""
    categories = sorted({c for row in board for c in row.get("injection_resisted_by_category") or {}})
    if not categories:
        return ""
    several_pairs = len({(r["edge"], r["cloud"]) for r in board}) > 1
    lines = [f"| strategy | {' | '.join(categories)} |", "|---|" + "---|" * len(categories)]
    for row in board:
        label = f"{row['strategy']} ({row['edge']} / {row['cloud']})" if several_pairs else str(row["strategy"])
        shares = row.get("injection_resisted_by_category") or {}
        lines.append(f"| {label} | " + " | ".join(f"{shares[c]:.1f}" if c in shares else "-" for c in categories) + " |")
    return "\n".join(lines) + "\n"


def _completion_privacy(agg: Board | None) -> str:
    if agg is None:
        return "-"
    return " · ".join("-" if agg[k] is None else f"{agg[k]:.1f}" for k in ("completion", "privacy"))


@dataclass
class Episode:
    key: str
    trace: str  # the trace id (file name stem), the anchor of its trace view
    repeat: int
    status: str
    completion: float | None
    privacy: float | None


@dataclass
class TaskCell:
    episodes: list[Episode] = field(default_factory=list)

    @property
    def completion(self) -> float | None:
        scores = [e.completion for e in self.episodes if e.status == "ok" and e.completion is not None]
        return round(mean(scores), 2) if scores else None


@dataclass(frozen=True)
class TaskInfo:
    task_id: str
    category: str
    language: str
    judged: float  # share of the task's weight decided by a judge (its rubric checks), 0-1


def task_matrix(rows: Sequence[EpisodeRow],
                trace_ids: dict[str, str]) -> tuple[list[TaskInfo], dict[tuple[str, GroupKey], TaskCell]]:
    """Tasks (sorted by category, then id) and, per (task, group), its episodes and mean completion."""
    judged: dict[str, float] = defaultdict(float)
    for r in rows:
        judged[r.task_id] = max(judged[r.task_id], judged_share(r))
    tasks = sorted({TaskInfo(r.task_id, r.category, r.language, round(judged[r.task_id], 4)) for r in rows},
                   key=lambda t: (t.category, t.task_id))
    cells: dict[tuple[str, GroupKey], TaskCell] = defaultdict(TaskCell)
    for r in sorted(rows, key=lambda r: (r.repeat, r.key)):
        cells[(r.task_id, group_key(r))].episodes.append(
            Episode(r.key, trace_ids.get(r.key, ""), r.repeat, r.status, r.completion, r.privacy))
    return tasks, dict(cells)


def csv_columns(rows: Sequence[EpisodeRow]) -> list[str]:
    """The row fields: store columns in store order, then any others (e.g. a loaded row's `store`)."""
    cols: list[str] = []
    for row_type in dict.fromkeys(type(r) for r in rows):
        cols.extend(k for k in field_names(row_type) if k not in cols)
    return cols


def episodes_csv(rows: Sequence[EpisodeRow]) -> str:
    """One line per episode, every stored column (JSON columns stay JSON text)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=csv_columns(rows), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({k: ("" if v is None else v) for k, v in r.as_dict().items()})
    return buf.getvalue()
