"""`ec2bench report --compare A B`: paired differences with bootstrap intervals, as sentences and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.test_report_html import make_row, make_store, run_cli

from ec2bench.core.row import EpisodeRow
from ec2bench.report.compare import SelectorError, compare, groups, select


def _rows() -> list[EpisodeRow]:
    """edge_only and advisory on 6 tasks x 3 repeats; advisory scores 8, 9 or 10 points more on every pair,
    keeps 80 privacy where edge_only keeps 100, and pays $0.01 per episode."""
    rows = []
    for t in range(6):
        for r in range(3):
            base = 40.0 + 5 * t + r
            rows.append(make_row(f"t{t}", "edge_only", r, base))
            rows.append(make_row(f"t{t}", "advisory", r, base + 8 + t % 3, privacy=80.0, exposure=0.2, cloud_usd=0.01))
    return rows


def test_paired_differences_and_sentences() -> None:
    rows = _rows()
    result = compare(rows, select("advisory", groups(rows)), select("edge_only", groups(rows)))
    assert result["a"]["strategy"] == "advisory" and result["resamples"] == 1000 and result["level"] == 0.95
    completion = result["figures"]["completion"]
    assert (completion["a"], completion["b"], completion["difference"]) == (62.5, 53.5, 9.0)
    lo, hi = completion["ci"]
    assert 8.0 <= lo < 9.0 < hi <= 10.0  # every pair differs by 8 to 10 points
    assert (completion["tasks"], completion["repeats"], completion["pairs"]) == (6, 3, 18)
    assert completion["sentence"] == (f"advisory beats edge_only by 9.0 points of completion, 95% CI {lo:.1f}–{hi:.1f}, "
                                      "on 6 tasks × 3 repeats")
    privacy = result["figures"]["privacy"]
    assert privacy["difference"] == -20.0 and privacy["ci"] == [-20.0, -20.0]
    assert privacy["sentence"].startswith("edge_only beats advisory by 20.0 points of privacy, 95% CI 20.0–20.0")
    cost = result["figures"]["cloud_usd_per_task"]
    assert cost["difference"] == 0.01
    assert cost["sentence"].startswith("edge_only costs $0.0100 less cloud money per task than advisory")
    # pass^3: only t5 passes all its repeats, and only under advisory; a resample without t5 sees no difference
    pass_k = result["figures"]["pass_k"]
    assert pass_k["figure"] == "pass^3" and pass_k["difference"] == 16.67 and pass_k["ci"][0] == 0.0
    assert pass_k["sentence"].startswith("no clear difference in pass^3 between advisory and edge_only")


def test_only_shared_pairs_count_and_errors_drop_out_of_scored_figures() -> None:
    rows = [*_rows(), make_row("t9", "advisory", 0, 100.0)]  # a task only one group ran
    rows = [r for r in rows if not (r.task_id == "t0" and r.repeat == 2 and r.strategy == "edge_only")]
    rows.append(make_row("t0", "edge_only", 2, None))  # an error: no completion pair, still a privacy pair
    result = compare(rows, ("advisory", "sim/edge-9b", "sim/cloud"), ("edge_only", "sim/edge-9b", "sim/cloud"))
    assert result["figures"]["completion"]["pairs"] == 17 and result["figures"]["completion"]["repeats"] is None
    assert "on 6 tasks (17 paired episodes)" in result["figures"]["completion"]["sentence"]
    assert result["figures"]["privacy"]["pairs"] == 18


def test_selectors_name_one_group_or_say_why_not() -> None:
    available = [("advisory:context=question", "e1", "c"), ("advisory:context=question", "e2", "c"), ("edge_only", "e1", "c")]
    assert select("edge_only", available) == ("edge_only", "e1", "c")
    assert select("advisory@e2,", available) == ("advisory:context=question", "e2", "c")
    assert select("advisory:context=question@e1,c", available) == ("advisory:context=question", "e1", "c")
    with pytest.raises(SelectorError, match="matches 2 groups.*STRATEGY@EDGE,CLOUD"):
        select("advisory", available)
    with pytest.raises(SelectorError, match="matches no group.*edge_only@e1,c"):
        select("cloud_only", available)
    with pytest.raises(SelectorError, match="two different groups"):
        compare([], available[2], available[2])


def test_cli_compare_prints_sentences_and_json(tmp_path: Path) -> None:
    store = make_store(tmp_path / "s", _rows())
    result = run_cli("report", store, "--compare", "advisory", "edge_only")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 4 and lines[0].startswith("advisory beats edge_only by 9.0 points of completion, 95% CI ")
    assert lines[0].endswith("on 6 tasks × 3 repeats")
    result = run_cli("report", store, "--compare", "advisory", "edge_only", "--format", "json")
    assert result.exit_code == 0, result.output
    parsed = json.loads(result.stdout)
    assert set(parsed["figures"]) == {"completion", "pass_k", "privacy", "cloud_usd_per_task"}
    assert parsed["figures"]["completion"]["difference"] == 9.0
    off = run_cli("report", store, "--compare", "advisory", "edge_only", "--resamples", "0")
    assert off.exit_code == 0 and off.stdout.startswith("completion: advisory − edge_only = 9.0 points on 6 tasks × 3 repeats; no interval")
    board = json.loads(run_cli("report", store, "--format", "json", "--resamples", "0").stdout)
    assert board[0]["completion_ci"] is None and board[0]["completion"] == 62.5
    bad = run_cli("report", store, "--compare", "advisory", "nobody")
    assert bad.exit_code == 2 and "matches no group" in bad.output
    assert run_cli("report", store, "--compare", "advisory", "edge_only", "--format", "csv").exit_code == 2


def test_cli_board_csv_has_the_interval_columns(tmp_path: Path) -> None:
    store = make_store(tmp_path / "s", _rows())
    result = run_cli("report", store, "--format", "board-csv")
    assert result.exit_code == 0, result.output
    header, first, *_ = result.stdout.splitlines()
    assert "completion_ci_lo" in header.split(",") and "cloud_usd_per_task_ci_hi" in header.split(",")
    assert first.startswith("advisory,")


def test_html_leaderboard_shows_the_interval_under_the_figure(tmp_path: Path) -> None:
    from ec2bench.report.leaderboard import leaderboard

    store = make_store(tmp_path / "s", _rows())
    out = tmp_path / "r.html"
    assert run_cli("report", store, "--format", "html", "-o", out, "--no-traces").exit_code == 0
    lo, hi = leaderboard(_rows())[0]["completion_ci"]  # advisory
    assert f'62.5<small class="ci" title="95% interval: bootstrap over tasks, then their repeats">{lo:.1f}–{hi:.1f}</small>' \
        in out.read_text(encoding="utf-8")
