"""`ec2bench bench report` builds a store of exactly N realistic episodes and measures the HTML report on it."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from ec2bench.bench.report import replicate
from ec2bench.cli import app
from ec2bench.runner.store import Store

SUITE = Path(__file__).parent / "data" / "suite"
runner = CliRunner()


def test_bench_report_measures_the_report_of_a_generated_store(tmp_path):
    result = runner.invoke(app, ["bench", "report", "--episodes", "5", "--suite", str(SUITE), "--strategies",
                                 "edge_only,cloud_only", "--work", str(tmp_path), "--max-seconds", "3600",
                                 "--max-rss-mib", "100000"])
    assert result.exit_code == 0, result.output
    assert re.search(r"│ 5 +│ [\d.]+ +│ [\d.]+ +│ \d+ +│ [\d.]+ +│ [\d.]+ +│ met", result.output), result.output

    seed = Store.open(tmp_path / "seed", create=False)
    store = Store.open(tmp_path / "store-5", create=False)
    try:
        seed_rows, rows = seed.rows(), store.rows()
        assert len(seed_rows) == 2  # one task, two strategies, one repeat
        assert len(rows) == 5 and len({r.key for r in rows}) == 5
        by_repeat = sorted((r.repeat, r.strategy) for r in rows)
        assert by_repeat == [(0, "cloud_only"), (0, "edge_only"), (1, "cloud_only"), (1, "edge_only"), (2, "cloud_only")]
        for r in rows:  # every copy is its source episode under a new repeat: same scores, same trace
            source = next(s for s in seed_rows if s.strategy == r.strategy)
            assert r.key == f"{r.task_id}|{r.strategy}|{r.edge}|{r.cloud}|{r.repeat}"
            assert (r.completion, r.units) == (source.completion, source.units)
            assert store.trace_path(r.key).read_text() == seed.trace_path(source.key).read_text()
    finally:
        seed.close()
        store.close()
    html = (tmp_path / "report-5.html").read_text(encoding="utf-8")
    assert html.count('class="episode"') == 5


def test_bench_report_says_when_the_target_is_missed(tmp_path):
    replicate_from = tmp_path / "seed"
    first = runner.invoke(app, ["bench", "report", "--episodes", "2", "--suite", str(SUITE), "--strategies", "edge_only",
                                "--work", str(tmp_path), "--max-rss-mib", "1"])
    assert first.exit_code == 1 and "missed" in first.output and "< 1 MiB" in first.output
    assert replicate(replicate_from, tmp_path / "again", 3) == 1  # the seed sweep is kept in --work and reused


def test_bench_report_rejects_a_folder_that_is_no_store(tmp_path):
    result = runner.invoke(app, ["bench", "report", "--episodes", "2", "--from", str(tmp_path)])
    assert result.exit_code == 3 and "not a results store" in result.output
