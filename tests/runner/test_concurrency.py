"""Episodes run concurrently in one process: shared clients, per-endpoint caps, same rows, Ctrl-C.

The endpoint is the latency stub of `ec2bench bench concurrency`, which counts requests and the
most it held at once; nothing here asserts a duration.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ec2bench
from ec2bench.bench.stub import serve
from ec2bench.cli import app
from ec2bench.models import openai_compat, pool
from ec2bench.runner.store import Store

TIMING = ("wall_ms", "model_ms", "finished_at")


@pytest.fixture(autouse=True)
def _fresh_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts without shared clients, so it can count the ones it builds."""
    monkeypatch.setattr(pool, "_CLIENTS", {})
    monkeypatch.setattr(pool, "_SLOTS", {})


def test_episodes_in_flight_share_one_client_per_endpoint(mini_suite, tmp_path, monkeypatch):
    built: list[str] = []
    real_init = openai_compat.OpenAICompatClient.__init__

    def counting_init(self, model, **kwargs):
        built.append(model)
        real_init(self, model, **kwargs)

    monkeypatch.setattr(openai_compat.OpenAICompatClient, "__init__", counting_init)
    with serve(delay_s=0.3, tool_calls=2) as stub:
        result = ec2bench.run(out=tmp_path / "r", suite=mini_suite, strategies="edge_only", edge="openai/stub",
                              edge_base_url=stub.base_url, repeats=12, jobs=6)
    assert result.ran == 12 and result.errors == 0
    assert stub.requests == 12 * 3  # two tool calls and an answer per episode
    assert stub.max_in_flight > 1  # episodes overlapped...
    assert built == ["stub"]  # ...through one client


def test_max_connections_caps_requests_at_the_endpoint(mini_suite, tmp_path):
    with serve(delay_s=0.1, tool_calls=2) as stub:
        result = CliRunner().invoke(app, ["run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"),
                                          "--strategies", "edge_only", "--edge", "openai/stub", "--edge-base-url",
                                          stub.base_url, "--repeats", "8", "--jobs", "8", "--max-connections", "2"])
    assert result.exit_code == 0, result.output
    assert "at most 2 call(s) in flight to openai/stub" in result.output
    assert stub.requests == 8 * 3 and stub.max_in_flight <= 2
    assert {r.status for r in Store.open(tmp_path / "r", create=False).rows()} == {"ok"}


def test_worker_processes_share_the_endpoint_cap_and_store_what_threads_store(mini_suite, tmp_path):
    """A served sweep on two worker processes (asked for: by default only from 128 calls in flight) keeps
    the models file's cap across both, and its rows are the threaded sweep's."""
    stores = {}
    for processes in ("0", "2"):
        with serve(delay_s=0.05, tool_calls=2) as stub:
            out = tmp_path / f"p{processes}"
            # a process of its own: workers are only forked from a process with no other thread (this one serves the stub)
            done = subprocess.run([sys.executable, "-m", "ec2bench", "run", "--suite", str(mini_suite), "--out", str(out),
                                   "--strategies", "edge_only", "--edge", "openai/stub", "--edge-base-url", stub.base_url,
                                   "--repeats", "16", "--jobs", "8", "--max-connections", "3", "--processes", processes],
                                  capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        assert stub.requests == 16 * 3 and stub.max_in_flight <= 3
        assert ("episodes run in 2 worker processes" in done.stdout + done.stderr) is (processes == "2")
        stores[processes] = {r.key: {k: v for k, v in r.as_dict().items() if k not in TIMING}
                             for r in Store.open(out, create=False).rows()}
    assert len(stores["0"]) == 16 and {r["status"] for r in stores["0"].values()} == {"ok"}
    assert stores["0"] == stores["2"]


def test_concurrent_sim_sweep_stores_the_sequential_sweeps_rows(tmp_path):
    strategies = "edge_only,cloud_only,advisory,step_routing,random_advisory"
    kwargs = {"tasks": "office-kickoff*,office-expense*,search-customer-briefing", "strategies": strategies, "repeats": 2}
    one = ec2bench.run(out=tmp_path / "one", jobs=1, **kwargs)
    many = ec2bench.run(out=tmp_path / "many", jobs=8, **kwargs)

    def comparable(rows):
        return {r.key: {k: v for k, v in r.as_dict().items() if k not in TIMING} for r in rows}

    assert one.planned == many.planned == 3 * 5 * 2 and one.ran == many.ran == one.planned
    assert comparable(one.rows) == comparable(many.rows)
    assert [{k: v for k, v in r.items() if k != "wall_s"} for r in one.leaderboard] == \
        [{k: v for k, v in r.items() if k != "wall_s"} for r in many.leaderboard]


# `python -m ec2bench` with Python's SIGINT handler installed: a process started with SIGINT ignored (a background
# job of a non-interactive shell, and its children) would otherwise ignore the test's Ctrl-C, as it should
CTRL_C_AWARE = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
                "runpy.run_module('ec2bench', run_name='__main__')")


def test_ctrl_c_exits_130_keeps_finished_episodes_and_a_rerun_finishes(mini_suite, tmp_path):
    out = tmp_path / "r"
    with serve(delay_s=0.2, tool_calls=2) as stub:
        cmd = [sys.executable, "-c", CTRL_C_AWARE, "run", "--suite", str(mini_suite), "--out", str(out),
               "--strategies", "edge_only", "--edge", "openai/stub", "--edge-base-url", stub.base_url,
               "--repeats", "40", "--jobs", "4"]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "COLUMNS": "200"})
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and _stored(out / "results.sqlite") < 4:
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
        assert proc.returncode == 130, stderr
        rows = Store.open(out, create=False).rows()
        assert 4 <= len(rows) < 40 and {r.status for r in rows} == {"ok"}
        assert f"interrupted: {len(rows)}/40 episodes are stored" in stderr
        resumed = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(rows)} already stored, {40 - len(rows)} to run" in resumed.stdout.replace("\n", " ")
    assert len(Store.open(out, create=False).rows()) == 40


def _stored(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        return sqlite3.connect(db).execute("SELECT count(*) FROM episodes").fetchone()[0]
    except sqlite3.DatabaseError:
        return 0
