"""Each study runs its sweep into a store (resumably) and writes its tables and figures."""

from __future__ import annotations

import csv

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app

TASKS = "office-*,search-*"


def invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def read_csv(path):
    with path.open() as f:
        return list(csv.DictReader(f))


def test_rq1_writes_tradeoffs_and_both_plots(tmp_path):
    invoke("study", "rq1", "--out", str(tmp_path), "--tasks", TASKS, "--repeats", "1", "--jobs", "1")
    assert (tmp_path / "rq1_cost.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "rq1_exposure.png").read_bytes()[:4] == b"\x89PNG"
    rows = {r["strategy"]: r for r in read_csv(tmp_path / "rq1_tradeoffs.csv")}
    assert set(rows) == {"edge_only", "cloud_only", "query_routing", "step_routing", "delegation", "advisory"}
    assert float(rows["edge_only"]["cloud_usd"]) == 0 and float(rows["cloud_only"]["exposure_pct"]) > 0
    assert float(rows["cloud_only"]["above_line_cost"]) == 0  # the line ends at cloud-only
    again = invoke("study", "rq1", "--out", str(tmp_path), "--tasks", TASKS, "--repeats", "1", "--jobs", "1")
    assert "0 to run" in again.output  # resumed from the store


def test_rq2_and_rq3_cover_each_edge(tmp_path):
    edges = "sim/edge-2b,sim/edge-plus"
    invoke("study", "rq2", "--out", str(tmp_path / "rq2"), "--edges", edges, "--tasks", TASKS, "--repeats", "1")
    ladder = read_csv(tmp_path / "rq2" / "rq2_ladder.csv")
    assert [r["edge"] for r in ladder] == edges.split(",")
    for r in ladder:
        assert float(r["completion_min"]) <= float(r["completion_mean"]) <= float(r["completion_max"])
    assert (tmp_path / "rq2" / "rq2_ladder.png").is_file()

    invoke("study", "rq3", "--out", str(tmp_path / "rq3"), "--edges", edges, "--tasks", TASKS, "--repeats", "1")
    autonomy = read_csv(tmp_path / "rq3" / "rq3_autonomy.csv")
    assert {(r["edge"], r["mode"]) for r in autonomy} == {(e, m) for e in edges.split(",") for m in ("advisory", "delegation")}
    for r in autonomy:
        expected = float(r["autonomous_completion"]) - float(r["random_completion"])
        assert float(r["autonomy_gain"]) == pytest.approx(expected, abs=0.011)
    assert (tmp_path / "rq3" / "rq3_autonomy.png").is_file()
