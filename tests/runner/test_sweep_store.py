"""Sweeps store every finished episode, resume without re-running, survive kills, and count errors."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.runner.store import Store, StoreError

runner = CliRunner()


def run_cli(*args: str):
    return runner.invoke(app, list(args))


def test_sweep_stores_rows_and_traces_and_resumes(mini_suite, tmp_path):
    out = tmp_path / "r"
    first = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "3", "--jobs", "2")
    assert first.exit_code == 0, first.output
    assert "0 already stored, 6 to run" in first.output
    store = Store.open(out, create=False)
    rows = store.rows()
    assert len(rows) == 6 and {r.status for r in rows} == {"ok"}
    for row in rows:
        events = [json.loads(line) for line in store.trace_path(row.key).read_text().splitlines()]
        assert events[0]["type"] == "episode" and events[-1]["type"] == "end"
        assert events[-1]["completion"] == row.completion
    assert (out / "report.json").is_file() and (out / "report.md").is_file()

    again = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "3")
    assert again.exit_code == 0
    assert "6 already stored, 0 to run" in again.output
    assert len(Store.open(out, create=False).rows()) == 6

    more = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "4", "--jobs", "1")
    assert "6 already stored, 2 to run" in more.output



def test_a_sweep_does_not_resume_into_episodes_answered_by_another_user_model(mini_suite, tmp_path):
    out = tmp_path / "r"
    first = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--user-model", "sim/user")
    assert first.exit_code == 0, first.output
    assert {r.user_model for r in Store.open(out, create=False).rows()} == {"sim/user"}
    scripted = run_cli("run", "--suite", str(mini_suite), "--out", str(out))
    assert scripted.exit_code != 0
    assert "already holds episodes of this sweep whose user questions were answered otherwise (6 by sim/user)" in scripted.output
    assert "use another --out, or the same --user-model" in scripted.output
    again = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--user-model", "sim/user")
    assert again.exit_code == 0 and "6 already stored, 0 to run" in again.output

def test_killed_sweep_loses_no_finished_episode(tmp_path):
    """Kill a real sweep mid-way; every stored row is complete and a re-run finishes the rest."""
    out = tmp_path / "r"
    cmd = [sys.executable, "-m", "ec2bench.cli", "run", "--out", str(out), "--repeats", "20", "--jobs", "2",
           "--suite", str(Path(__file__).parents[1] / "data" / "suite"), "--strategies", "edge_only,cloud_only"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    db = out / "results.sqlite"
    deadline = time.monotonic() + 60
    stored = 0
    while time.monotonic() < deadline and proc.poll() is None:
        if db.exists():
            try:
                stored = sqlite3.connect(db).execute("SELECT count(*) FROM episodes").fetchone()[0]
            except sqlite3.DatabaseError:
                stored = 0
            if stored >= 3:
                break
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    rows = Store.open(out, create=False).rows()
    assert rows, "nothing was stored before the kill"
    for row in rows:  # every stored row has its full trace
        assert Store.open(out, create=False).trace_path(row.key).read_text().rstrip().endswith("}")
    resumed = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(rows)} already stored" in resumed.stdout.replace("\n", " ")
    assert len(Store.open(out, create=False).rows()) == 40


def test_corrupt_store_gets_a_clear_error(mini_suite, tmp_path):
    out = tmp_path / "r"
    out.mkdir()
    (out / "results.sqlite").write_text("this is not a database")
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "1")
    assert result.exit_code == 3
    assert "corrupt" in result.output and "results.sqlite" in result.output
    with pytest.raises(StoreError):
        Store.open(out, create=False)


def test_store_under_a_file_is_refused(mini_suite, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(blocker / "r"), "--repeats", "1")
    assert result.exit_code == 3 and "cannot create the store" in result.output
    assert not (blocker.parent / "r").exists()


def test_failing_model_marks_episodes_error_not_zero(mini_suite, tmp_path, stub_server):
    stub_server.reply({"error": {"message": "overloaded"}}, status=503, retry_after_ms="1")
    out = tmp_path / "r"
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "2", "--jobs", "1",
                     "--strategies", "edge_only,cloud_only", "--cloud", "openai/flaky",
                     "--cloud-base-url", stub_server.base_url, "--cloud-price", "1,0.1,2")
    assert result.exit_code == 0, result.output
    rows = {r.strategy: r for r in Store.open(out, create=False).rows()}
    assert rows["cloud_only"].status == "error" and rows["cloud_only"].completion is None
    assert "503" in rows["cloud_only"].error
    assert rows["edge_only"].status == "ok"
    board = {r["strategy"]: r for r in json.loads(run_cli("report", str(out), "--format", "json").output)}
    assert board["cloud_only"]["errors"] == 2 and board["cloud_only"]["completion"] is None
    assert board["edge_only"]["errors"] == 0 and board["edge_only"]["completion"] is not None
