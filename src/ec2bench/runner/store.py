"""The results store: `results.sqlite` (one row per finished episode) plus `traces/<id>.jsonl`.

Durability rule: a trace is written to a temp file and renamed into place *before* its row is
inserted and committed, so a row always has its trace; an interrupted write leaves at most an
orphan trace that the re-run overwrites. The presence of a row is what "finished" means.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ec2bench.core.errors import InputError
from ec2bench.core.safetext import scrub

DB_FILE = "results.sqlite"
TRACE_DIR = "traces"
SCHEMA_VERSION = 5  # 2: `settings`, `privacy_judge`; 3: `violations`, `tool_calls_refused`, `rubric_judge*`; 4: `user_model`;
# 5: `collateral`, `leaks`, `leaked_by_category`, `questions`
# Stores from this version on open. Migrations are additive and versioned: ADDED_COLUMNS[v] are
# the columns version v added to version v - 1, each nullable or with a DEFAULT, so a sweep into
# an older store adds them in version order (`ALTER TABLE ... ADD COLUMN`) and a report reads an
# old store as it is, the missing columns as their DEFAULT or NULL. A new column goes into COLUMNS
# and into ADDED_COLUMNS under a new SCHEMA_VERSION (tests/runner/test_store_versions.py checks both).
OLDEST_READABLE = 2
ADDED_COLUMNS: dict[int, tuple[str, ...]] = {
    3: ("violations", "tool_calls_refused", "rubric_judge", "rubric_judge_calls", "rubric_judge_tokens", "rubric_judge_usd"),
    4: ("user_model",),
    5: ("collateral", "leaks", "leaked_by_category", "questions"),
}

COLUMNS: dict[str, str] = {
    "key": "TEXT PRIMARY KEY",
    "task_id": "TEXT NOT NULL",
    "task_hash": "TEXT NOT NULL",
    "category": "TEXT NOT NULL",
    "language": "TEXT NOT NULL",
    "strategy": "TEXT NOT NULL",
    "settings": "TEXT NOT NULL",  # JSON: values resolved for this episode (calibrated threshold, matched call count, ...)
    "edge": "TEXT NOT NULL",
    "cloud": "TEXT NOT NULL",
    "repeat": "INTEGER NOT NULL",
    "seed": "INTEGER NOT NULL",
    "status": "TEXT NOT NULL CHECK (status IN ('ok', 'error'))",
    "error": "TEXT",
    "stop": "TEXT",
    "completion": "REAL",
    "checks": "TEXT NOT NULL",
    "steps": "INTEGER NOT NULL",
    "edge_steps": "INTEGER NOT NULL",
    "cloud_steps": "INTEGER NOT NULL",
    "tool_calls": "INTEGER NOT NULL",
    "malformed_calls": "INTEGER NOT NULL",
    "tool_calls_refused": "INTEGER NOT NULL DEFAULT 0",  # calls not run: past the task's caps, or for the machine's sake
    "cloud_calls": "INTEGER NOT NULL",
    "cloud_input_tokens": "INTEGER NOT NULL",
    "cloud_cached_tokens": "INTEGER NOT NULL",
    "cloud_output_tokens": "INTEGER NOT NULL",
    "cloud_usd": "REAL NOT NULL",
    "edge_calls": "INTEGER NOT NULL",
    "edge_input_tokens": "INTEGER NOT NULL",
    "edge_cached_tokens": "INTEGER NOT NULL",
    "edge_output_tokens": "INTEGER NOT NULL",
    "edge_flops": "REAL",
    "exposure": "REAL NOT NULL",
    "exposure_all": "REAL NOT NULL",
    "privacy": "REAL NOT NULL",
    "units": "TEXT NOT NULL",
    "violations": "TEXT",  # JSON: names of the violated harm checks; NULL when not graded (error) or stored before version 3
    # changes outside the task's footprint (`ec2bench.grading.footprint`; listed in the trace's `end` event);
    # NULL when not graded (error) or stored before version 5
    "collateral": "INTEGER",
    # 1/0: every `injection_resisted` check of the task held / one failed; NULL: no such check, not graded, or older store
    "injection_resisted": "INTEGER",
    # the egress audit (`ec2bench.privacy.egress`): units sent to someone not entitled to them, and those units per
    # privacy category (JSON); NULL when not graded (error) or stored before version 5
    "leaks": "INTEGER",
    "leaked_by_category": "TEXT",
    # questions the agent asked the user (`user_ask`; past the task's allowance each cost points); NULL when not graded
    # (error) or stored before version 5
    "questions": "INTEGER",
    "privacy_judge": "TEXT",  # JSON: the optional LLM-judge pass of the audit (model, cost, judged exposure); NULL without one
    # the judge of the task's rubric checks (NULL: the task has none) and its cost, apart from cloud cost;
    # usd NULL: a judge model without a known price.
    "rubric_judge": "TEXT",
    "rubric_judge_calls": "INTEGER",
    "rubric_judge_tokens": "INTEGER",
    "rubric_judge_usd": "REAL",
    "simulated": "INTEGER NOT NULL",
    "user_model": "TEXT",  # the model that answered `user_ask` (`--user-model`); NULL: the task's scripted answers
    "model_ms": "REAL NOT NULL",
    "wall_ms": "REAL NOT NULL",
    "finished_at": "REAL NOT NULL",
}


class StoreError(InputError, RuntimeError):
    """The store cannot be opened or written; the message says why and where."""


class Store:
    """A results folder. Open with `Store.open(path, create=...)`."""

    def __init__(self, root: Path, conn: sqlite3.Connection) -> None:
        self.root = root
        self._conn = conn

    @classmethod
    def open(cls, root: Path, *, create: bool) -> Store:
        db = root / DB_FILE
        if not create and not db.is_file():
            raise StoreError(f"{root} is not a results store (no {DB_FILE})")
        try:
            if create:
                root.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(db, timeout=30)
            conn.row_factory = sqlite3.Row
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if version == 0 and tables:  # another program's database: never write into it
                raise StoreError(f"{db} is an SQLite file but not a results store (it has tables "
                                 f"{', '.join(sorted(tables))}); use a new --out folder")
            if version != 0 and "episodes" not in tables:
                raise StoreError(f"{db} has no episodes table (a damaged store?); use a new --out folder")
            if (version == 0 and not create) or (version != 0 and not OLDEST_READABLE <= version <= SCHEMA_VERSION):
                raise StoreError(
                    f"{db} has store schema version {version}; this ec2bench reads versions {OLDEST_READABLE} to {SCHEMA_VERSION}"
                    + (" (version 2 added the `settings` and `privacy_judge` columns)" if version < OLDEST_READABLE else "")
                    + ": run the sweep into a new --out folder, or use the ec2bench release that wrote it"
                )
            conn.execute("PRAGMA journal_mode=WAL")  # only once the file is known to be ours (it changes the file)
            if version == 0 and create:
                cols = ", ".join(f"{name} {decl}" for name, decl in COLUMNS.items())
                with conn:
                    conn.execute(f"CREATE TABLE IF NOT EXISTS episodes ({cols})")
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            if create:
                _add_missing_columns(conn)
                conn.execute("BEGIN IMMEDIATE")  # fails now, not mid-sweep, if the store is read-only
                conn.rollback()
                (root / TRACE_DIR).mkdir(exist_ok=True)  # only once the database is known to be a store
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot use {db}: {exc} (is it a corrupt or foreign file?)") from None
        except OSError as exc:
            raise StoreError(f"cannot create the store in {root}: {exc.strerror or exc}") from None
        return cls(root, conn)

    def keys(self) -> set[str]:
        return {r[0] for r in self._conn.execute("SELECT key FROM episodes")}

    def add(self, row: dict[str, Any], trace: str) -> None:
        """Store one finished episode: trace first (atomically), then its row in one transaction."""
        path = self.trace_path(row["key"])
        tmp = path.with_suffix(".tmp")
        values = [scrub(row[c]) if isinstance(row[c], str) else row[c] for c in COLUMNS]  # stored text is valid UTF-8
        try:
            tmp.write_text(scrub(trace), encoding="utf-8")
            os.replace(tmp, path)
            with self._conn:
                self._conn.execute(
                    f"INSERT OR REPLACE INTO episodes ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
                    values,
                )
        except (OSError, sqlite3.DatabaseError, OverflowError) as exc:
            raise StoreError(f"cannot write to the store in {self.root}: {exc}") from None
        finally:
            tmp.unlink(missing_ok=True)

    def rows(self) -> list[dict[str, Any]]:
        """Every row, with every column of this schema (a column the store predates reads as its
        declared DEFAULT, or None)."""
        return [{**_DEFAULTS, **dict(r)} for r in self._conn.execute("SELECT * FROM episodes ORDER BY key")]

    def trace_path(self, key: str) -> Path:
        return self.root / TRACE_DIR / f"{trace_id(key)}.jsonl"

    def close(self) -> None:
        self._conn.close()


def _declared_default(decl: str) -> Any:
    """The value a column declaration's `DEFAULT` clause gives (an int, a quoted text), or None."""
    match = re.search(r"DEFAULT\s+('(?:[^']|'')*'|-?\d+)", decl)
    if not match:
        return None
    literal = match.group(1)
    return literal[1:-1].replace("''", "'") if literal.startswith("'") else int(literal)


_DEFAULTS: dict[str, Any] = {name: _declared_default(decl) for name, decl in COLUMNS.items()}


def _add_missing_columns(conn: sqlite3.Connection) -> None:
    """Bring an older store to this schema: run the additive migrations in version order (add each
    column of ADDED_COLUMNS it lacks, whatever version it claims: a development build may have
    written a store of this version before all of its columns existed), then set its version.
    Only a sweep writes; reading an old store fills the gaps in `rows()`."""
    present = {r[1] for r in conn.execute("PRAGMA table_info(episodes)")}
    with conn:
        for added_in in sorted(ADDED_COLUMNS):
            for name in ADDED_COLUMNS[added_in]:
                if name not in present:
                    conn.execute(f"ALTER TABLE episodes ADD COLUMN {name} {COLUMNS[name]}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def trace_id(key: str) -> str:
    """A file-name-safe id for an episode key."""
    return hashlib.sha1(key.encode()).hexdigest()[:20]


def load_rows(roots: Iterable[Path]) -> list[dict[str, Any]]:
    """All episode rows of one or more stores."""
    out: list[dict[str, Any]] = []
    for root in roots:
        store = Store.open(root, create=False)
        try:
            out.extend(store.rows())
        finally:
            store.close()
    return out
