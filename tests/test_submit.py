"""Submission bundles (`ec2bench submit`, docs/submissions.md) and the suite identity they rest on.

One small sweep (two built-in tasks, two strategies, simulated models) is run once for the module; each test
prepares its own bundle from it and edits that bundle the way a careless or dishonest submitter would.
"""

from __future__ import annotations

import json
import shutil
import warnings
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ec2bench
from ec2bench.cli import app
from ec2bench.core.row import EpisodeRow
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.stores import merge_stores
from ec2bench.runner.store import read_sweeps
from ec2bench.submit import prepare, validate
from ec2bench.submit.bundle import BOARD_FILE, META_FILE, ROWS_FILE, write_json, write_manifest, write_rows
from ec2bench.submit.verdict import judge_rows
from ec2bench.tasks.loader import builtin_suite_dir, load_task, suite_identity, task_content_hash

TASKS = ("office-annual-party-prizes-zh", "office-board-pack-assembly")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("submit") / "store"
    ec2bench.run(out=out, strategies=["edge_only", "cloud_only"], tasks=",".join(TASKS), repeats=1, jobs=2)
    return out


def _bundle(store: Path, tmp_path: Path) -> Path:
    made = prepare([store], tmp_path / "bundle")
    assert made.episodes == 4
    return made.path


def _rows(bundle: Path) -> list[dict]:
    return [json.loads(line) for line in (bundle / ROWS_FILE).read_text(encoding="utf-8").splitlines()]


def test_each_episode_stores_the_whole_suites_identity_and_the_sweep_is_recorded(store: Path) -> None:
    builtin = suite_identity()
    assert builtin.builtin and builtin.version and len(builtin.tasks) > len(TASKS)  # the whole suite, not the tasks run
    rows = ec2bench.load(store).rows
    assert {(r.suite_version, r.suite_hash, r.unsandboxed_shell) for r in rows} == {(builtin.version, builtin.hash, 0)}
    [record] = read_sweeps(store)
    assert record["command"].startswith("ec2bench.run(") and "repeats=1" in record["command"]
    assert record["suite"]["hash"] == builtin.hash and record["tasks"] == sorted(TASKS)
    assert record["models"]["cloud"]["price"] == {"input": 2.5, "cached_input": 0.25, "output": 15.0}
    assert record["models"]["edge"]["provider"] == "sim" and record["unsandboxed_shell"] is False


def test_a_sim_bundle_is_valid_and_unverified_because_of_its_simulated_models(store: Path, tmp_path: Path) -> None:
    bundle = _bundle(store, tmp_path)
    result = validate(bundle)
    assert result.valid, result.problems
    assert result.verdict is not None and not result.verdict.verified
    reasons = result.verdict.reasons
    assert reasons[0] == "simulated, replay or adversary models in 4 episode(s): sim/cloud, sim/edge-9b"
    n = len(suite_identity().tasks)
    assert [r.split(" (missing")[0] for r in reasons[1:]] == [  # each group ran 2 tasks of the whole suite
        f"incomplete coverage: {g} · sim/edge-9b · sim/cloud ran 2 of the suite's {n} tasks" for g in ("cloud_only", "edge_only")]
    assert not any("suite hash" in r or "unsandboxed" in r or "judge" in r or "record" in r for r in reasons)

    shown = CliRunner().invoke(app, ["submit", "validate", str(bundle)])
    assert shown.exit_code == 0, shown.output
    assert f"bundle {bundle}: valid, unverified (4 episodes)" in shown.output
    assert "simulated, replay or adversary models in 4 episode(s): sim/cloud, sim/edge-9b" in shown.output


def test_a_changed_leaderboard_figure_makes_the_bundle_invalid_and_is_named(store: Path, tmp_path: Path) -> None:
    bundle = _bundle(store, tmp_path)
    board = json.loads((bundle / BOARD_FILE).read_text(encoding="utf-8"))
    row = next(r for r in board if r["strategy"] == "cloud_only")
    true_value, row["completion"] = row["completion"], 99.0
    assert true_value != 99.0
    write_json(bundle / BOARD_FILE, board)

    result = validate(bundle)
    assert not result.valid and result.verdict is None
    assert result.problems == [
        "manifest.json: the checksum of leaderboard.json does not match (the file was changed after the manifest)",
        f"leaderboard.json: figure `completion` of cloud_only · sim/edge-9b · sim/cloud is 99.0 in the bundle, "
        f"{true_value!r} recomputed from its rows",
    ]
    write_manifest(bundle)  # a submitter who also fixes the manifest is still caught by the recomputation
    shown = CliRunner().invoke(app, ["submit", "validate", str(bundle)])
    assert shown.exit_code == 1
    assert "INVALID (1 problem(s))" in shown.output and "figure `completion` of cloud_only" in shown.output


def test_rows_edited_to_a_real_model_with_a_regenerated_leaderboard_are_valid_and_judged_as_edited(
        store: Path, tmp_path: Path) -> None:
    bundle = _bundle(store, tmp_path)
    rows = [{**r, "edge": "openai/edge-x", "cloud": "openai/cloud-y", "simulated": 0} for r in _rows(bundle)]
    write_rows(bundle / ROWS_FILE, rows)
    write_json(bundle / BOARD_FILE, leaderboard([EpisodeRow(**r) for r in rows]))
    write_manifest(bundle)

    result = validate(bundle)
    assert result.valid, result.problems  # consistency, not a re-run (docs/submissions.md, "Threat model")
    assert result.verdict is not None
    reasons = result.verdict.reasons
    assert not any("simulated" in r for r in reasons)
    assert "no record of what these model strings resolved to, nor their price: openai/cloud-y, openai/edge-x" in reasons


def test_schema_and_trace_problems_make_a_bundle_invalid(store: Path, tmp_path: Path) -> None:
    bundle = _bundle(store, tmp_path)
    rows = _rows(bundle)
    del rows[0]["suite_hash"]
    rows[1]["completion"] = "high"
    write_rows(bundle / ROWS_FILE, rows)
    next((bundle / "traces").iterdir()).unlink()
    write_manifest(bundle)
    problems = validate(bundle).problems
    assert problems[0].startswith("episodes.jsonl:1: not an episode row of this schema (missing: ['suite_hash']")
    assert problems[1] == "episodes.jsonl:2: `completion` is 'high', not float | None"

    fresh = _bundle(store, tmp_path / "again")
    next((fresh / "traces").iterdir()).unlink()
    write_manifest(fresh)
    assert [p.split(" (first")[0] for p in validate(fresh).problems] == ["traces: 1 episode(s) have no trace in traces/"]


def test_every_other_reason_is_listed(store: Path, tmp_path: Path) -> None:
    bundle = _bundle(store, tmp_path)
    meta = json.loads((bundle / META_FILE).read_text(encoding="utf-8"))
    rows = [EpisodeRow(**r) for r in _rows(bundle)]
    rows[0] = replace(rows[0], status="error", error="boom", completion=None)
    rows[1] = replace(rows[1], unsandboxed_shell=1, rubric_judge="openai/judge")
    rows[2] = replace(rows[2], suite_hash="0123456789abcdef")
    rows = [*rows, replace(rows[3], key=rows[3].key[:-1] + "1", repeat=1)]
    meta["stores"][0]["sweeps"] = []
    reasons = judge_rows(rows, meta, suite_identity()).reasons
    builtin = suite_identity()
    expected = [
        "episodes of several suites: ",
        f"suite hash 0123456789abcdef is not the built-in suite's hash {builtin.hash} for version {builtin.version}",
        "no sweep record lists the tasks of suite 0123456789abcdef",
        "1 episode(s) ran with --unsandboxed-shell",
        "rubric checks judged by a model other than the default judge offline/judge: openai/judge (1 episode(s))",
        "incomplete coverage: tasks ran different numbers of repeats (1 repeat(s): 3 task run(s), 2 repeat(s): 1 task run(s))",
        "1 errored episode(s) (not scored; e.g. ",
        f"store {store} has no sweep records",
    ]
    for start in expected:
        assert any(r.startswith(start) for r in reasons), (start, reasons)


def test_the_task_hash_covers_checks_py_and_the_suite_hash_all_tasks(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    for task in TASKS:
        shutil.copytree(builtin_suite_dir() / task, suite / task, ignore=shutil.ignore_patterns("__pycache__"))
    folder = suite / TASKS[0]
    before, whole = task_content_hash(folder), suite_identity(suite)
    assert load_task(folder).content_hash == before and whole.tasks[TASKS[0]] == before
    assert whole.version is None and not whole.builtin and whole.hash != suite_identity().hash
    (folder / "checks.py").write_text("def extra(task, ws):\n    return 1.0\n", encoding="utf-8")
    assert task_content_hash(folder) != before and suite_identity(suite).hash != whole.hash
    (suite / "suite.yaml").write_text('version: "7"\n', encoding="utf-8")
    assert suite_identity(suite).version == "7"


def test_reports_over_episodes_of_different_suites_say_so(store: Path, tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    for task in TASKS:
        shutil.copytree(builtin_suite_dir() / task, suite / task, ignore=shutil.ignore_patterns("__pycache__"))
    spec = suite / TASKS[0] / "task.yaml"
    spec.write_text(spec.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")  # a changed task
    other = tmp_path / "other"
    ec2bench.run(out=other, suite=suite, strategies=["edge_only"], tasks=TASKS[0],
                 repeats=1, edge="sim/edge-2b")
    merged = merge_stores([store, other])
    warning = merged.warning()
    assert warning is not None
    mine, theirs = suite_identity().hash, suite_identity(suite).hash
    assert "these episodes ran from different suites (episodes per suite hash: " in warning
    assert f"{mine} (version {suite_identity().version}): 4" in warning and f"{theirs} (version none): 1" in warning
    assert f"1 task(s) ran with different contents in different episodes (task hashes): {TASKS[0]} (" in warning
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ec2bench.load(store, other)
    assert any("different suites" in str(w.message) for w in caught)

    shown = CliRunner().invoke(app, ["report", str(store), str(other), "--format", "json"])
    assert shown.exit_code == 0
    board = json.loads(shown.stdout)
    assert all(len(row["identity_notes"]) == 2 for row in board)
    assert {tuple(row["suite_hashes"]) for row in board} == {(mine,), (theirs,)}
    html = tmp_path / "report.html"
    assert CliRunner().invoke(app, ["report", str(store), str(other), "--format", "html", "-o", str(html),
                                    "--no-traces"]).exit_code == 0
    assert "ran from different suites" in html.read_text(encoding="utf-8")

    result = validate(prepare([store, other], tmp_path / "bundle").path)
    assert result.valid and result.verdict is not None
    assert any(r.startswith("episodes of several suites: ") for r in result.verdict.reasons)
    assert any(r.startswith(f"suite version none (hash {theirs})") for r in result.verdict.reasons)
    assert not validate(prepare([store], tmp_path / "single").path).notes  # one suite: no note
