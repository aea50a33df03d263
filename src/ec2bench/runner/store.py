"""The results store: `results.sqlite` (one row per finished episode) plus `traces/<id>.jsonl`.

Durability rule: a trace is written to a temp file and renamed into place *before* its row is
inserted and committed, so a row always has its trace; an interrupted write leaves at most an
orphan trace that the re-run overwrites. The presence of a row is what "finished" means.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import MISSING, dataclass, fields
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from ec2bench.core.errors import InputError
from ec2bench.core.row import EpisodeRow
from ec2bench.core.safetext import scrub

DB_FILE = "results.sqlite"
TRACE_DIR = "traces"
SWEEPS_FILE = "sweeps.jsonl"  # one JSON line per sweep run into the store: its command line, versions, suite and models
SCHEMA_VERSION = 6  # 2: `settings`, `privacy_judge`; 3: `violations`, `tool_calls_refused`, `rubric_judge*`; 4: `user_model`;
# 5: `collateral`, `leaks`, `leaked_by_category`, `questions`; 6: `suite_version`, `suite_hash`, `unsandboxed_shell`
# Stores from this version on open. Migrations are additive and versioned: the columns are the fields of
# `EpisodeRow` (`ec2bench.core.row`), and a field added after OLDEST_READABLE names its version (`added`)
# and has a default. A sweep into an older store adds the missing columns in version order (`ALTER TABLE
# ... ADD COLUMN`, with the field's default as DEFAULT) and a report reads an old store as it is, the
# missing columns as their defaults. A new column is a new field of `EpisodeRow`, added under a new
# SCHEMA_VERSION (tests/runner/test_store_versions.py checks both).
OLDEST_READABLE = 2
SHARED_COLUMNS = ("units", "checks")  # JSON columns whose equal texts `Store.rows` loads as one object
PRIMARY_KEY = "key"
_SQL_TYPES: dict[type, str] = {str: "TEXT", int: "INTEGER", float: "REAL"}


def _sql_literal(value: Any) -> str:
    return "'" + value.replace("'", "''") + "'" if isinstance(value, str) else repr(value)


def _declaration(name: str, hint: Any, default: Any) -> str:
    """A column's SQL declaration from its field: the type (a `Literal` of text values is TEXT with a
    CHECK), NOT NULL unless the type admits None, and the default as DEFAULT."""
    nullable = get_origin(hint) in (Union, UnionType) and type(None) in get_args(hint)
    [base] = [a for a in get_args(hint) if a is not type(None)] if nullable else [hint]
    if name == PRIMARY_KEY:
        return f"{_SQL_TYPES[base]} PRIMARY KEY"
    check = ""
    if get_origin(base) is Literal:
        check = f" CHECK ({name} IN ({', '.join(_sql_literal(v) for v in get_args(base))}))"
        base = type(get_args(base)[0])
    return (_SQL_TYPES[base] + ("" if nullable else " NOT NULL") + check
            + ("" if default is None else f" DEFAULT {_sql_literal(default)}"))


@dataclass(frozen=True)
class Schema:
    """The episodes table of a row class: each field's column declaration, the columns each schema
    version added, and what a column missing from an older store reads as."""

    row_type: type[EpisodeRow]
    columns: dict[str, str]
    added: dict[int, tuple[str, ...]]
    defaults: dict[str, Any]

    @classmethod
    def of(cls, row_type: type[EpisodeRow]) -> Schema:
        hints = get_type_hints(row_type)
        columns, added, defaults = {}, defaultdict(list), {}
        for f in fields(row_type):
            default = None if f.default is MISSING else f.default
            columns[f.name] = _declaration(f.name, hints[f.name], default)
            defaults[f.name] = default
            if f.metadata.get("added") is not None:
                added[f.metadata["added"]].append(f.name)
        return cls(row_type, columns, {v: tuple(added[v]) for v in sorted(added)}, defaults)

    def row(self, values: dict[str, Any]) -> EpisodeRow:
        """A row from a store's columns: those the store predates read as their defaults, those this
        schema does not know are left out."""
        return self.row_type(**{name: values.get(name, default) for name, default in self.defaults.items()})


SCHEMA = Schema.of(EpisodeRow)
COLUMNS: dict[str, str] = SCHEMA.columns  # column name -> SQL declaration, in table order
ADDED_COLUMNS: dict[int, tuple[str, ...]] = SCHEMA.added  # schema version -> the columns it added to the one before


class StoreError(InputError, RuntimeError):
    """The store cannot be opened or written; the message says why and where."""


class Store:
    """A results folder. Open with `Store.open(path, create=...)`."""

    def __init__(self, root: Path, conn: sqlite3.Connection) -> None:
        self.root = root
        self._conn = conn
        self._insert = (f"INSERT OR REPLACE INTO episodes ({', '.join(SCHEMA.columns)}) "
                        f"VALUES ({', '.join('?' * len(SCHEMA.columns))})")

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
            # a commit per episode without waiting for the disk: a killed sweep still loses nothing
            # (the WAL is in the OS's hands); only a power cut may lose the last episodes, never the file
            conn.execute("PRAGMA synchronous=NORMAL")
            if version == 0 and create:
                cols = ", ".join(f"{name} {decl}" for name, decl in SCHEMA.columns.items())
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

    def add(self, row: EpisodeRow, trace: str) -> None:
        """Store one finished episode: trace first (atomically), then its row in one transaction."""
        path = self.trace_path(row.key)
        tmp = path.with_suffix(".tmp")
        values = [scrub(v) if isinstance(v, str) else v for v in (getattr(row, c) for c in SCHEMA.columns)]  # valid UTF-8
        try:
            tmp.write_text(scrub(trace), encoding="utf-8")
            os.replace(tmp, path)
            with self._conn:
                self._conn.execute(self._insert, values)
        except (OSError, sqlite3.DatabaseError, OverflowError) as exc:
            raise StoreError(f"cannot write to the store in {self.root}: {exc}") from None
        finally:
            tmp.unlink(missing_ok=True)

    def record_sweep(self, record: dict[str, Any]) -> None:
        """Append one sweep's record to `sweeps.jsonl` (a store older than that file simply has none)."""
        try:
            with (self.root / SWEEPS_FILE).open("a", encoding="utf-8") as out:
                out.write(scrub(json.dumps(record, ensure_ascii=False, sort_keys=True)) + "\n")
        except OSError as exc:
            raise StoreError(f"cannot write to the store in {self.root}: {exc.strerror or exc}") from None

    def rows(self) -> list[EpisodeRow]:
        """Every row, in key order (a column the store predates reads as its field's default).

        Equal texts of the bulky JSON columns (`SHARED_COLUMNS`) are one object: the repeats of a task and
        strategy often audit and grade alike (half the rows of the seven-strategy simulated sweep repeat
        another's units), and those texts are most of a row's memory, which a report of 10,000 rows holds."""
        shared: dict[str, str] = {}
        out = []
        for record in self._conn.execute("SELECT * FROM episodes ORDER BY key"):
            values = dict(record)
            for column in SHARED_COLUMNS:
                text = values.get(column)
                if isinstance(text, str):
                    values[column] = shared.setdefault(text, text)
            out.append(SCHEMA.row(values))
        return out

    def trace_path(self, key: str) -> Path:
        return self.root / TRACE_DIR / f"{trace_id(key)}.jsonl"

    def close(self) -> None:
        self._conn.close()


def _add_missing_columns(conn: sqlite3.Connection) -> None:
    """Bring an older store to this schema: run the additive migrations in version order (add each
    column of ADDED_COLUMNS it lacks, whatever version it claims: a development build may have
    written a store of this version before all of its columns existed), then set its version.
    Only a sweep writes; reading an old store fills the gaps in `rows()`."""
    present = {r[1] for r in conn.execute("PRAGMA table_info(episodes)")}
    with conn:
        for added_in in sorted(SCHEMA.added):
            for name in SCHEMA.added[added_in]:
                if name not in present:
                    conn.execute(f"ALTER TABLE episodes ADD COLUMN {name} {SCHEMA.columns[name]}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def trace_id(key: str) -> str:
    """A file-name-safe id for an episode key."""
    return hashlib.sha1(key.encode()).hexdigest()[:20]


def read_sweeps(root: Path) -> list[dict[str, Any]]:
    """The sweep records of a store (`Store.record_sweep`), oldest first; [] for a store without them.
    A line that is not a JSON object (a write cut short) is skipped."""
    try:
        lines = (root / SWEEPS_FILE).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreError(f"cannot read {root / SWEEPS_FILE}: {exc.strerror or exc}") from None
    records = []
    for line in lines:
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


def load_rows(roots: Iterable[Path]) -> list[EpisodeRow]:
    """All episode rows of one or more stores."""
    out: list[EpisodeRow] = []
    for root in roots:
        store = Store.open(root, create=False)
        try:
            out.extend(store.rows())
        finally:
            store.close()
    return out
