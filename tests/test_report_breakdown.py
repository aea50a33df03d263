"""Completion · privacy per task category and language: `report --by` and the sections of a run's report.md."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from statistics import mean

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.core.row import EpisodeRow
from ec2bench.runner.store import Store

runner = CliRunner()
TASKS = "office-kickoff-scheduling,office-expense-claim-zh,search-customer-briefing"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("breakdown") / "r"
    result = runner.invoke(app, ["run", "--out", str(out), "--tasks", TASKS, "--strategies", "edge_only,cloud_only",
                                 "--repeats", "2"])
    assert result.exit_code == 0, result.output
    return out


def by_hand(out: Path, by: str) -> dict[tuple[str, str], str]:
    """Each cell worked out from the stored rows: mean over tasks of the task's mean completion / privacy."""
    per_task: dict[tuple[str, str, str], list[EpisodeRow]] = defaultdict(list)
    for row in Store.open(out, create=False).rows():
        per_task[(row.strategy, str(getattr(row, by)), row.task_id)].append(row)
    cells: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for (strategy, value, _), rows in per_task.items():
        cells[(strategy, value)].append((mean(r.completion for r in rows), mean(r.privacy for r in rows)))
    return {k: f"{mean(c for c, _ in v):.1f} · {mean(p for _, p in v):.1f}" for k, v in cells.items()}


@pytest.mark.parametrize("by, values", [("category", ["office", "search"]), ("language", ["en", "zh"])])
def test_report_by_prints_one_cell_per_strategy_and_value(store: Path, by: str, values: list[str]) -> None:
    result = runner.invoke(app, ["report", str(store), "--by", by])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == f"| strategy | {' | '.join(values)} |"
    expected = by_hand(store, by)
    table = {}
    for line in lines[2:]:
        strategy, *cells = [c.strip() for c in line.strip("|").split("|")]
        table.update({(strategy, v): c for v, c in zip(values, cells, strict=True)})
    assert table == expected
    assert table[("edge_only", values[0])].endswith("· 100.0")  # nothing crosses to the cloud


def test_report_md_of_a_run_has_both_breakdowns(store: Path) -> None:
    text = (store / "report.md").read_text(encoding="utf-8")
    assert text.startswith("# Leaderboard\n")
    assert "## Completion · privacy by task category" in text and "## Completion · privacy by prompt language" in text
    assert "| strategy | office | search |" in text


def test_by_refuses_unknown_columns_and_formats(store: Path) -> None:
    unknown = runner.invoke(app, ["report", str(store), "--by", "task"])
    assert unknown.exit_code == 2 and "category or language" in unknown.output
    csv = runner.invoke(app, ["report", str(store), "--by", "category", "--format", "csv"])
    assert csv.exit_code == 2 and "Markdown" in csv.output
