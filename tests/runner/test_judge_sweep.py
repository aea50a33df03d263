"""`ec2bench run --judge`: the offline judge by default, a judge model behind the stub server, its
cost stored and reported apart from cloud cost, verdicts replayed from the cache, old stores."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.core.row import EpisodeRow
from ec2bench.report.leaderboard import leaderboard
from ec2bench.runner.store import COLUMNS, SCHEMA_VERSION, Store, load_rows
from openai_stub import ScriptedJudge, StubServer

runner = CliRunner()
TASKS = "search-customer-briefing,devops-checkout-timeout-incident"
SWEEP = ("--tasks", TASKS, "--strategies", "edge_only,cloud_only", "--repeats", "1", "--jobs", "1")


def sweep(out: Path, *extra: str) -> tuple[list[EpisodeRow], str]:
    """The stored rows (by key) and the command's output."""
    result = runner.invoke(app, ["run", "--out", str(out), *SWEEP, *extra])
    assert result.exit_code == 0, result.output
    return sorted(load_rows([out]), key=lambda r: r.key), result.output


def rubric_checks(row: EpisodeRow) -> list[dict]:
    return [c for c in json.loads(row.checks) if c["kind"] == "rubric"]


def test_offline_and_model_judge_sweeps(tmp_path: Path, stub_server: StubServer) -> None:
    offline, _ = sweep(tmp_path / "offline")
    assert {r.rubric_judge for r in offline} == {"offline/judge"}
    assert {(r.rubric_judge_calls, r.rubric_judge_tokens, r.rubric_judge_usd) for r in offline} == {(0, 0, 0.0)}
    assert all(c["detail"]["judge"] == "offline/judge" for r in offline for c in rubric_checks(r))

    stub_server.respond = ScriptedJudge()
    judged_args = ("--judge", "openai/judge-model", "--judge-base-url", stub_server.base_url,
                   "--judge-price", "1,0.1,2", "--cache", str(tmp_path / "cache"))
    judged, _ = sweep(tmp_path / "model", *judged_args)
    # one call per distinct deliverable: verdicts are keyed by content, so an episode whose deliverable
    # another episode already had reuses its verdict from the cache
    asked = [json.dumps(r["messages"]) for r in stub_server.requests]
    assert 2 <= len(asked) == len(set(asked)) <= 4
    for a, b in zip(offline, judged, strict=True):
        assert a.cloud_usd == b.cloud_usd and a.cloud_input_tokens == b.cloud_input_tokens
        (check,) = rubric_checks(b)
        asked_judge = check["detail"]["chars"] > 0  # no deliverable: nothing to ask, nothing to pay
        assert b.rubric_judge == "openai/judge-model" and b.rubric_judge_calls == int(asked_judge)
        assert check["detail"]["judge"] == "openai/judge-model"
        assert check["detail"]["rubric_version"] == rubric_checks(a)[0]["detail"]["rubric_version"]
        assert (b.rubric_judge_usd > 0) == (b.rubric_judge_tokens > 0) == asked_judge
    board = {r["strategy"]: r for r in leaderboard(judged)}
    assert board["cloud_only"]["cloud_usd"] == leaderboard(offline)[0]["cloud_usd"]
    assert board["cloud_only"]["rubric_judge_usd"] == round(sum(r.rubric_judge_usd for r in judged
                                                                if r.strategy == "cloud_only"), 6)
    assert board["cloud_only"]["judged_share"] == (0.1 + 0.15) / 2
    assert "judge $" in (tmp_path / "model" / "report.md").read_text()

    again, output = sweep(tmp_path / "replayed", *judged_args)
    assert len(stub_server.requests) == len(asked)  # every verdict came from the cache
    assert f"{sum(r.rubric_judge_calls for r in judged)} hits, 0 misses" in output
    assert [r.checks for r in again] == [r.checks for r in judged]


def test_tasks_list_shows_the_judged_share() -> None:
    result = runner.invoke(app, ["tasks", "list", "--tasks", TASKS])
    assert result.exit_code == 0 and "judged %" in result.output
    lines = {line.split("│")[1].strip(): line.split("│")[-2].strip() for line in result.output.splitlines()
             if line.startswith("│")}
    assert lines == {"devops-checkout-timeout-incident": "10", "search-customer-briefing": "15"}


def test_a_store_without_the_judge_columns_still_opens(mini_suite: Path, tmp_path: Path) -> None:
    old = [c for c in COLUMNS if not c.startswith("rubric_judge")]
    out = tmp_path / "old"
    out.mkdir()
    with sqlite3.connect(out / "results.sqlite") as conn:
        conn.execute(f"CREATE TABLE episodes ({', '.join(f'{c} {COLUMNS[c]}' for c in old)})")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    result = runner.invoke(app, ["run", "--out", str(out), "--suite", str(mini_suite), "--repeats", "1", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    rows = Store.open(out, create=False).rows()
    assert len(rows) == 2 and all(r.rubric_judge is None and r.rubric_judge_usd == 0.0 for r in rows)
    unjudged = dict.fromkeys(("rubric_judge", "rubric_judge_calls", "rubric_judge_tokens", "rubric_judge_usd"))
    assert leaderboard([replace(r, **unjudged) for r in rows])[0]["rubric_judge_usd"] == 0
