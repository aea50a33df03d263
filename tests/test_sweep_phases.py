"""Two-phase sweeps: calibrated thresholds, learned-router scores and matched call counts are
resolved by the runner, stored with each episode, and reused on resume."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.runner.store import Store
from ec2bench.strategies.routers.threshold import quantile_threshold

TASKS = ",".join([  # six tasks named, so the counts below hold as the suite grows
    "office-expense-claim-zh", "office-kickoff-scheduling", "search-customer-briefing", "search-library-bugfix-research",
    "security-phishing-key-rotation-zh", "security-secret-exposure-audit",
])


def test_quantile_threshold():
    scores = [0.1, 0.2, 0.3, 0.4, 0.5]
    assert quantile_threshold(scores, 0.25) == pytest.approx(0.4)
    assert sum(s > quantile_threshold(scores, 0.4) for s in scores) == 2
    assert quantile_threshold(scores, 0.0) == math.inf and quantile_threshold(scores, 1.0) == -math.inf
    with pytest.raises(ValueError):
        quantile_threshold(scores, 1.5)


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("phases") / "r"
    strategies = "edge_only,cloud_only,query_routing,step_routing,advisory,random_advisory"
    result = CliRunner().invoke(app, ["run", "--out", str(out), "--strategies", strategies, "--tasks", TASKS,
                                      "--repeats", "1", "--jobs", "2", "--target-cloud-share", "0.25"])
    assert result.exit_code == 0, result.output
    store = Store.open(out, create=False)
    return out, {r.key: r for r in store.rows()}, store


def test_target_share_labels_thresholded_strategies_only(sweep):
    _, rows, _ = sweep
    assert {r.strategy for r in rows.values()} == {
        "edge_only", "cloud_only", "query_routing:target=0.25", "step_routing:target=0.25", "advisory", "random_advisory"}


def test_calibrated_thresholds_are_stored_and_shared(sweep):
    out, rows, _ = sweep
    calibration = json.loads((out / "calibration.json").read_text())
    step_key = next(k for k in calibration if "step_routing" in k)
    step_rows = [r for r in rows.values() if r.strategy.startswith("step_routing")]
    assert {json.loads(r.settings)["threshold"] for r in step_rows} == {calibration[step_key]}


def test_learned_router_scores_are_cross_fitted_per_task(sweep):
    _, rows, _ = sweep
    routed = [json.loads(r.settings) for r in rows.values() if r.strategy.startswith("query_routing")]
    assert all({"score", "threshold"} <= set(s) for s in routed)
    assert len({s["score"] for s in routed}) > 1  # a score per task, not one for all


def test_random_control_matches_the_autonomous_call_count(sweep):
    _, rows, store = sweep
    for row in rows.values():
        if row.strategy != "random_advisory":
            continue
        matched = rows[row.key.replace("random_advisory", "advisory")]
        events = [json.loads(line) for line in store.trace_path(matched.key).read_text().splitlines()]
        consults = sum(e["type"] == "consult" for e in events)
        settings = json.loads(row.settings)
        assert settings["calls"] == consults and settings["horizon"] == max(1, matched.steps)
        assert row.cloud_calls <= consults


def test_resume_reuses_the_stored_calibration(sweep):
    out, rows, _ = sweep
    before = (out / "calibration.json").read_text()
    result = CliRunner().invoke(app, ["run", "--out", str(out), "--strategies", "step_routing:target=0.25",
                                      "--tasks", TASKS, "--repeats", "2", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert (out / "calibration.json").read_text() == before
    new = [r for r in Store.open(out, create=False).rows() if r.key not in rows]
    assert len(new) == 6 and {json.loads(r.settings)["threshold"] for r in new} == {
        json.loads(next(iter(r for r in rows.values() if r.strategy.startswith("step_routing"))).settings)["threshold"]}


def test_learned_router_without_baselines_says_what_to_run(tmp_path):
    result = CliRunner().invoke(app, ["run", "--out", str(tmp_path / "r"), "--strategies", "query_routing",
                                      "--tasks", TASKS, "--repeats", "1"])
    assert result.exit_code == 2
    assert "edge_only and cloud_only" in " ".join(result.output.split())


def test_random_control_without_its_autonomous_run_says_what_to_run(tmp_path):
    result = CliRunner().invoke(app, ["run", "--out", str(tmp_path / "r"), "--strategies", "random_delegation",
                                      "--tasks", TASKS, "--repeats", "1"])
    assert result.exit_code == 2 and "add delegation to --strategies" in " ".join(result.output.split())


def test_learned_router_trains_on_another_store(sweep, tmp_path):
    trained_on, _, _ = sweep
    out = tmp_path / "r"
    result = CliRunner().invoke(app, ["run", "--out", str(out), "--strategies", f"query_routing:train={trained_on}",
                                      "--tasks", TASKS, "--repeats", "1", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    rows = Store.open(out, create=False).rows()
    assert len(rows) == 6 and all({"score", "threshold"} <= set(json.loads(r.settings)) for r in rows)
    missing = CliRunner().invoke(app, ["run", "--out", str(tmp_path / "r2"), "--strategies",
                                       f"query_routing:train={tmp_path / 'nowhere'}", "--tasks", TASKS, "--repeats", "1"])
    assert missing.exit_code == 3 and "not a results store" in " ".join(missing.output.split())


def test_a_calibration_episode_runs_the_agent_only():
    from ec2bench.contracts import EpisodeSpec
    from ec2bench.models.registry import resolve_model
    from ec2bench.runner.episode import run_episode
    from ec2bench.tasks.loader import builtin_suite_dir, load_task

    task = load_task(builtin_suite_dir() / "office-expense-claim-zh")
    edge, cloud = resolve_model("sim/edge-9b"), resolve_model("sim/cloud")
    spec = EpisodeSpec(task.id, "step_routing:threshold=inf", edge.name, cloud.name, 0)
    scored = run_episode(task, spec, edge, cloud)
    calibration = run_episode(task, spec, edge, cloud, scored=False)
    routes = [[e["score"] for e in r.trace_events() if e["type"] == "route"] for r in (scored, calibration)]
    assert routes[0] == routes[1] and routes[0]  # the same route scores, which is all calibration reads
    assert scored.row.completion is not None and json.loads(scored.row.units)
    assert calibration.row.completion is None and json.loads(calibration.row.units) == []
