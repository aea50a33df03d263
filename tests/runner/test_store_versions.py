"""Store migrations are versioned and additive: a store written today still opens, and migrates,
once a newer ec2bench has added a column (simulated here by adding one to this version's schema)."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, fields, replace
from pathlib import Path

import pytest

from ec2bench.core.row import EpisodeRow, _column
from ec2bench.runner import store as store_mod
from ec2bench.runner.store import ADDED_COLUMNS, COLUMNS, DB_FILE, OLDEST_READABLE, SCHEMA_VERSION, Schema, Store


def _row(key: str, row_type: type[EpisodeRow] = EpisodeRow, **over: object) -> EpisodeRow:
    row: dict[str, object] = {f.name: 0 for f in fields(row_type)}
    row.update(key=key, task_id="t", task_hash="h", category="office", language="en", strategy="edge_only", settings="{}",
               edge="sim/edge-9b", cloud="sim/cloud", status="ok", checks="[]", units="[]", error=None, stop="answer")
    row.update(dict.fromkeys(("violations", "leaked_by_category", "privacy_judge", "rubric_judge", "user_model", "suite_version",
                              "suite_hash")))  # text or NULL
    row.update(over)
    return row_type(**row)


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

    @dataclass(frozen=True, slots=True, kw_only=True)
    class NewerRow(EpisodeRow):  # a newer ec2bench: two fields more
        energy_j: float | None = _column("energy", added=newer)
        retries: int = _column("retries", added=newer, default=0)

    newer_schema = Schema.of(NewerRow)
    assert (newer_schema.columns["energy_j"], newer_schema.columns["retries"]) == ("REAL", "INTEGER NOT NULL DEFAULT 0")
    assert newer_schema.added == {**ADDED_COLUMNS, newer: ("energy_j", "retries")}
    monkeypatch.setattr(store_mod, "SCHEMA", newer_schema)
    monkeypatch.setattr(store_mod, "SCHEMA_VERSION", newer)

    reader = Store.open(root, create=False)  # a report reads it as it is, never alters it
    [old] = reader.rows()
    reader.close()
    assert isinstance(old, NewerRow)
    assert (old.key, old.energy_j, old.retries) == ("old", None, 0)
    assert "energy_j" not in _columns(root)

    writer = Store.open(root, create=True)  # a sweep migrates it
    writer.add(_row("new", NewerRow, energy_j=1.5, retries=2), '{"type": "episode"}\n')
    rows = {r.key: r for r in writer.rows()}
    writer.close()
    assert _columns(root)[-2:] == ["energy_j", "retries"]
    with sqlite3.connect(root / DB_FILE) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == newer
    assert all(isinstance(r, NewerRow) for r in rows.values())
    assert (rows["old"].energy_j, rows["old"].retries) == (None, 0)  # type: ignore[attr-defined]
    assert (rows["new"].energy_j, rows["new"].retries) == (1.5, 2)  # type: ignore[attr-defined]


def test_the_store_columns_are_the_fields_of_episode_row() -> None:
    assert list(COLUMNS) == [f.name for f in fields(EpisodeRow)]
    assert all(f.metadata["doc"] and "\n" not in f.metadata["doc"] for f in fields(EpisodeRow))  # each documented in one line
    # a field with a default is exactly a column some readable store may lack
    assert {f.name for f in fields(EpisodeRow) if f.metadata["added"]} == {n for names in ADDED_COLUMNS.values() for n in names}
    assert (COLUMNS["key"], COLUMNS["status"], COLUMNS["completion"], COLUMNS["tool_calls_refused"]) == (
        "TEXT PRIMARY KEY", "TEXT NOT NULL CHECK (status IN ('ok', 'error'))", "REAL", "INTEGER NOT NULL DEFAULT 0")
    with sqlite3.connect(":memory:") as conn:  # the table a new store creates has these columns, in this order
        conn.execute(f"CREATE TABLE episodes ({', '.join(f'{c} {d}' for c, d in COLUMNS.items())})")
        assert [r[1] for r in conn.execute("PRAGMA table_info(episodes)")] == [f.name for f in fields(EpisodeRow)]


def test_a_row_round_trips_through_the_store_unchanged(tmp_path: Path) -> None:
    row = _row("t|edge_only|e|c|0", completion=87.5, error=None, violations='["x"]', collateral=None, leaks=2,
               leaked_by_category='{"health": 2}', rubric_judge="offline/judge", rubric_judge_usd=None, user_model="sim/user",
               edge_flops=1.5e12, cloud_usd=0.001234, seed=2**59 + 7, settings='{"threshold": 0.5}', stop="answer")
    failed = replace(row, key="t|edge_only|e|c|1", status="error", error="boom: ünïcode", completion=None, stop=None)
    store = Store.open(tmp_path, create=True)
    for r in (row, failed):
        store.add(r, '{"type": "episode"}\n')
    back = store.rows()
    store.close()
    assert back == [row, failed]
    assert [type(r) for r in back] == [EpisodeRow, EpisodeRow]
    assert [r.as_dict() for r in back] == [row.as_dict(), failed.as_dict()]


def test_equal_bulky_texts_load_as_one_object(tmp_path: Path) -> None:
    """Rows that audited and graded alike share their `units` and `checks` texts in memory (a report holds them all)."""
    units = '[{"id": "u1", "category": "health", "exposure": 0.0}]'
    checks = '[{"name": "c", "score": 1.0}]'
    store = Store.open(tmp_path, create=True)
    for n, unit_text in enumerate((units, units, units.replace("0.0", "1.0"))):
        store.add(_row(f"k{n}", units=unit_text, checks=checks), '{"type": "episode"}\n')
    one, two, other = store.rows()
    store.close()
    assert one.units == two.units == units and one.units is two.units
    assert other.units != units and one.checks is two.checks is other.checks


@pytest.mark.parametrize("version", sorted(ADDED_COLUMNS))
def test_a_store_before_a_version_loads_with_the_defaults_of_its_missing_columns(tmp_path: Path, version: int) -> None:
    store = Store.open(tmp_path, create=True)
    store.add(_row("k", tool_calls_refused=3, violations="[]", leaks=1, user_model="sim/user"), '{"type": "episode"}\n')
    store.close()
    missing = [name for v, names in ADDED_COLUMNS.items() if v >= version for name in names]
    with sqlite3.connect(tmp_path / DB_FILE) as conn:  # the store as version - 1 wrote it
        for name in missing:
            conn.execute(f"ALTER TABLE episodes DROP COLUMN {name}")
        conn.execute(f"PRAGMA user_version = {version - 1}")
    reader = Store.open(tmp_path, create=False)
    [old] = reader.rows()
    reader.close()
    defaults = {f.name: f.default for f in fields(EpisodeRow) if f.name in missing}
    assert {name: getattr(old, name) for name in missing} == defaults
    assert defaults.get("tool_calls_refused", 0) == 0 and all(v is None for k, v in defaults.items() if k != "tool_calls_refused")
    assert (old.key, old.status, old.steps) == ("k", "ok", 0)
