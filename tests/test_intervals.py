"""Bootstrap intervals (`ec2bench.report.intervals`) and the leaderboard's `*_ci` keys in every format."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest
from tests.test_leaderboard import _render, row

from ec2bench.report.intervals import interval, rounded, task_values_interval
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.render import as_json, as_markdown, as_table, board_csv


def _noisy(rng: np.random.Generator, tasks: int, repeats: int) -> dict[str, list[float]]:
    """Task difficulty spread 20 points, repeat noise 15 points around it."""
    centers = rng.normal(60, 20, tasks)
    return {f"t{i}": list(c + rng.normal(0, 15, repeats)) for i, c in enumerate(centers)}


def test_all_tasks_equal_gives_a_zero_width_interval() -> None:
    same = {f"t{i}": [70.0, 70.0, 70.0] for i in range(10)}
    for statistic in ("task_mean", "pooled"):
        assert rounded(interval(same, statistic), 6) == [70.0, 70.0]  # type: ignore[arg-type]
    assert task_values_interval([50.0] * 8) == (50.0, 50.0)


def test_the_interval_is_deterministic_for_a_seed_and_moves_with_it() -> None:
    data = _noisy(np.random.default_rng(1), 30, 3)
    assert interval(data, "task_mean", seed=7) == interval(data, "task_mean", seed=7)
    assert interval(data, "task_mean", seed=7) != interval(data, "task_mean", seed=8)
    assert interval(data, "task_mean") == interval(data, "task_mean", resamples=1000)  # documented defaults


@pytest.mark.parametrize("statistic", ["task_mean", "pooled"])
def test_the_interval_contains_the_point_estimate(statistic: str) -> None:
    rng = np.random.default_rng(2)
    for _ in range(20):
        data = _noisy(rng, 25, 3)
        data["t0"] = data["t0"][:1]  # uneven repeats: task mean and pooled mean differ
        point = (np.mean([np.mean(v) for v in data.values()]) if statistic == "task_mean"
                 else np.mean([x for v in data.values() for x in v]))
        lo, hi = interval(data, statistic)  # type: ignore[arg-type,misc]
        assert lo < point < hi
        assert 5 < hi - lo < 40  # about 2 x 1.96 x 20 / sqrt(25): a real width, not a degenerate one


def test_more_repeats_do_not_widen_the_interval_on_average() -> None:
    rng = np.random.default_rng(3)

    def width(repeats: int) -> float:
        lo, hi = interval(_noisy(rng, 20, repeats), "task_mean", resamples=400)  # type: ignore[misc]
        return hi - lo

    few = np.mean([width(1 + 1) for _ in range(30)])
    many = np.mean([width(10) for _ in range(30)])
    assert many < few


def test_fewer_than_two_tasks_or_no_resamples_give_no_interval() -> None:
    assert interval({"t": [1.0, 2.0, 3.0]}, "task_mean") is None
    assert interval({"t": [1.0], "u": []}, "pooled") is None  # a task without episodes is left out
    assert interval({"t": [1.0], "u": [2.0]}, "pooled", resamples=0) is None
    assert task_values_interval([1.0]) is None


def test_blocks_do_not_change_the_figure() -> None:
    """Many tasks x repeats are resampled block by block; the figures are those of one big draw."""
    from ec2bench.report import intervals

    data = _noisy(np.random.default_rng(4), 40, 5)
    whole = interval(data, "task_mean", resamples=300)
    old = intervals._BLOCK_CELLS
    try:
        intervals._BLOCK_CELLS = 200 * 5 * 40  # 200 resamples per block, then 100
        split = interval(data, "task_mean", resamples=300)
    finally:
        intervals._BLOCK_CELLS = old
    assert whole is not None and split is not None
    assert split[0] == pytest.approx(whole[0], abs=5) and split[1] == pytest.approx(whole[1], abs=5)


def _board_rows() -> list:
    """Two strategies on 6 tasks x 3 repeats with spread completions, costs and privacy."""
    rows = []
    for t in range(6):
        for r in range(3):
            rows.append(row(f"t{t}", r, 40.0 + 10 * t + 5 * r, cloud_usd=0.0, violations='["x"]' if t == 0 else "[]"))
            rows.append(row(f"t{t}", r, 60.0 + 6 * t - 3 * r, strategy="cloud_only", cloud_usd=0.01 * (t + 1),
                            exposure=0.1 * t, exposure_all=0.1 * t, privacy=100.0 - 10 * t))
    return rows


def test_leaderboard_intervals_surround_the_unchanged_figures() -> None:
    cloud, edge = leaderboard(_board_rows())
    assert edge["completion"] == 70.0 and edge["pass_k"] == 50.0  # t3, t4, t5 pass every repeat
    for board in (cloud, edge):
        for key in ("completion", "pass_k", "privacy", "exposure", "violations", "cloud_usd_per_task"):
            lo, hi = board[f"{key}_ci"]
            assert lo <= board[key] <= hi, key
    assert edge["privacy_ci"] == [100.0, 100.0] and edge["cloud_usd_per_task"] == 0.0
    assert cloud["cloud_usd_per_task"] == 0.035 and cloud["cloud_usd"] == 0.63  # mean over tasks; the total
    assert cloud["completion_ci"][1] - cloud["completion_ci"][0] > 5
    assert edge["injection_resisted_ci"] is None  # no task with injections
    assert leaderboard(_board_rows(), resamples=0)[0]["completion_ci"] is None
    (one,) = leaderboard([row("a", r, 50.0 + r) for r in range(3)])
    assert one["completion"] == 51.0 and one["completion_ci"] is None  # one task: no interval


def test_every_format_shows_the_interval() -> None:
    board = leaderboard(_board_rows())
    cloud = board[0]
    lo, hi = cloud["completion_ci"]
    assert json.loads(as_json(board))[0]["completion_ci"] == [lo, hi]
    md = as_markdown(board)
    assert f"{cloud['completion']:.1f} ({lo:.1f}–{hi:.1f})" in md and "95% interval" in md
    table = "\n".join(_render(as_table(board), 120))
    assert f"{cloud['completion']:.1f} ±{(hi - lo) / 2:.1f}" in table and "95% interval" in table
    assert max(len(line) for line in table.splitlines()) <= 120
    parsed = list(csv.DictReader(io.StringIO(board_csv(board))))
    assert [r["strategy"] for r in parsed] == ["cloud_only", "edge_only"]
    assert (float(parsed[0]["completion_ci_lo"]), float(parsed[0]["completion_ci_hi"])) == (lo, hi)
    assert parsed[1]["injection_resisted_ci_lo"] == "" and parsed[0]["cloud_usd_per_task"] == "0.035"
