"""An older store (schema 2, before `violations`, `user_model`, `leaks` and the suite identity) still opens: reports
read it, a sweep into it adds the columns."""

from __future__ import annotations

import json
import sqlite3

from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.report.leaderboard import leaderboard
from ec2bench.runner.store import DB_FILE, SCHEMA_VERSION, Store
from ec2bench.tasks.loader import suite_identity


def columns(root) -> list[str]:
    with sqlite3.connect(root / DB_FILE) as conn:
        return [r[1] for r in conn.execute("PRAGMA table_info(episodes)")]


def version(root) -> int:
    with sqlite3.connect(root / DB_FILE) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


def test_a_schema_2_store_is_read_then_migrated_by_a_sweep(mini_suite, tmp_path):
    out = tmp_path / "old"
    first = CliRunner().invoke(app, ["run", "--suite", str(mini_suite), "--out", str(out), "--strategies", "edge_only", "--repeats", "1"])
    assert first.exit_code == 0, first.output
    # make it a store written before harm checks were recorded
    with sqlite3.connect(out / DB_FILE) as conn:
        conn.execute("ALTER TABLE episodes DROP COLUMN violations")
        conn.execute("ALTER TABLE episodes DROP COLUMN user_model")
        conn.execute("ALTER TABLE episodes DROP COLUMN collateral")
        conn.execute("ALTER TABLE episodes DROP COLUMN leaks")
        conn.execute("ALTER TABLE episodes DROP COLUMN leaked_by_category")
        conn.execute("ALTER TABLE episodes DROP COLUMN questions")
        for name in ("suite_version", "suite_hash", "unsandboxed_shell"):
            conn.execute(f"ALTER TABLE episodes DROP COLUMN {name}")
        conn.execute("PRAGMA user_version = 2")
    assert "violations" not in columns(out) and version(out) == 2

    store = Store.open(out, create=False)  # a report: reads, never alters
    old_rows = store.rows()
    store.close()
    assert len(old_rows) == 1 and old_rows[0].violations is None and old_rows[0].user_model is None
    assert "violations" not in columns(out) and version(out) == 2
    assert leaderboard(old_rows)[0]["violations"] is None  # unknown, not 0 %
    assert old_rows[0].collateral is None and leaderboard(old_rows)[0]["collateral"] is None
    assert (old_rows[0].suite_version, old_rows[0].suite_hash, old_rows[0].unsandboxed_shell) == (None, None, None)
    report = CliRunner().invoke(app, ["report", str(out), "--format", "json"])
    assert report.exit_code == 0 and json.loads(report.stdout)[0]["violations"] is None

    more = CliRunner().invoke(app, ["run", "--suite", str(mini_suite), "--out", str(out), "--strategies", "edge_only,cloud_only",
                                    "--repeats", "1"])
    assert more.exit_code == 0, more.output
    assert "1 already stored, 1 to run" in more.output
    assert columns(out)[-9:] == ["violations", "user_model", "collateral", "leaks", "leaked_by_category", "questions",
                                 "suite_version", "suite_hash", "unsandboxed_shell"]
    assert version(out) == SCHEMA_VERSION == 6
    store = Store.open(out, create=False)
    rows = {r.strategy: r for r in store.rows()}
    store.close()
    assert rows["edge_only"].violations is None and json.loads(rows["cloud_only"].violations) == []
    assert (rows["edge_only"].collateral, rows["cloud_only"].collateral) == (None, 0)
    board = {b["strategy"]: b for b in leaderboard(list(rows.values()))}
    assert (board["edge_only"]["violations"], board["cloud_only"]["violations"]) == (None, 0.0)
    assert (rows["edge_only"].leaks, rows["cloud_only"].leaks) == (None, 0)  # version 5: the egress audit
    assert (board["edge_only"]["leaks"], board["cloud_only"]["leaks"]) == (None, 0.0)
    assert rows["edge_only"].suite_hash is None and rows["cloud_only"].suite_hash == suite_identity(mini_suite).hash  # version 6
    assert (rows["edge_only"].unsandboxed_shell, rows["cloud_only"].unsandboxed_shell) == (None, 0)
