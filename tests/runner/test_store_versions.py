"""Store migrations are versioned and additive: a store written today still opens, and migrates,
once a newer ec2bench has added a column (simulated here by adding one to this version's schema)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from ec2bench.runner import store as store_mod
from ec2bench.runner.store import ADDED_COLUMNS, COLUMNS, DB_FILE, OLDEST_READABLE, SCHEMA_VERSION, Store


def _row(key: str) -> dict:
    row = {name: 0 for name in COLUMNS}
    row.update(key=key, task_id="t", task_hash="h", category="office", language="en", strategy="edge_only", settings="{}",
               edge="sim/edge-9b", cloud="sim/cloud", status="ok", checks="[]", units="[]", error=None, stop="answer")
    return row


def _columns(root: Path) -> list[str]:
    with sqlite3.connect(root / DB_FILE) as conn:
        return [r[1] for r in conn.execute("PRAGMA table_info(episodes)")]


def test_every_column_added_after_the_oldest_readable_version_is_a_versioned_additive_migration() -> None:
    added = [name for v in sorted(ADDED_COLUMNS) for name in ADDED_COLUMNS[v]]
    assert all(OLDEST_READABLE < v <= SCHEMA_VERSION for v in ADDED_COLUMNS)
    assert len(added) == len(set(added)) and set(added) <= set(COLUMNS)
    for name in added:  # ALTER TABLE ADD COLUMN needs a nullable column or a DEFAULT
        decl = COLUMNS[name]
        assert "NOT NULL" not in decl or re.search(r"DEFAULT\s", decl), (name, decl)


def test_a_store_of_today_opens_and_migrates_when_a_newer_version_adds_a_column(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "store"
    today = Store.open(root, create=True)
    today.add(_row("old"), '{"type": "episode"}\n')
    today.close()

    newer = SCHEMA_VERSION + 1
    monkeypatch.setattr(store_mod, "COLUMNS", {**COLUMNS, "energy_j": "REAL", "retries": "INTEGER NOT NULL DEFAULT 0"})
    monkeypatch.setattr(store_mod, "ADDED_COLUMNS", {**ADDED_COLUMNS, newer: ("energy_j", "retries")})
    monkeypatch.setattr(store_mod, "SCHEMA_VERSION", newer)
    monkeypatch.setattr(store_mod, "_DEFAULTS", {**store_mod._DEFAULTS, "energy_j": None, "retries": 0})

    reader = Store.open(root, create=False)  # a report reads it as it is, never alters it
    [old] = reader.rows()
    reader.close()
    assert (old["key"], old["energy_j"], old["retries"]) == ("old", None, 0)
    assert "energy_j" not in _columns(root)

    writer = Store.open(root, create=True)  # a sweep migrates it
    writer.add({**_row("new"), "energy_j": 1.5, "retries": 2}, '{"type": "episode"}\n')
    rows = {r["key"]: r for r in writer.rows()}
    writer.close()
    assert _columns(root)[-2:] == ["energy_j", "retries"]
    with sqlite3.connect(root / DB_FILE) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == newer
    assert (rows["old"]["energy_j"], rows["old"]["retries"]) == (None, 0)
    assert (rows["new"]["energy_j"], rows["new"]["retries"]) == (1.5, 2)
