"""Reading one or more results stores for a report.

Several stores merge into one set of episode rows. An episode key present in more than one
store is a *duplicate*: the row of the store given later wins (and so does its trace), and the
duplicates are listed so callers can warn. Every row is a `LoadedRow`: an `EpisodeRow` with the folder
it came from (`store`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ec2bench.core.row import EpisodeRow
from ec2bench.core.trace import expand_payloads
from ec2bench.report.identity import identity_notes
from ec2bench.runner.store import TRACE_DIR, Store, trace_id


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadedRow(EpisodeRow):
    """An episode row read for a report, with where it was read from (not a store column)."""

    store: str  # the results store folder, as given

    @classmethod
    def of(cls, row: EpisodeRow, store: str) -> LoadedRow:
        return cls(**row.as_dict(), store=store)


@dataclass(frozen=True)
class Duplicate:
    key: str
    replaced: str  # the store whose row was dropped
    kept: str  # the later store whose row is used


@dataclass(frozen=True)
class Merged:
    rows: list[LoadedRow]
    stores: list[str]
    duplicates: list[Duplicate] = field(default_factory=list)

    def warning(self) -> str | None:
        """One line for the user, or None when no key was stored twice and every episode ran the same
        suite and task contents (`ec2bench.report.identity`)."""
        notes = identity_notes(self.rows)
        if self.duplicates:
            pairs = sorted({(d.replaced, d.kept) for d in self.duplicates})
            where = "; ".join(f"{kept} replaces {replaced}" for replaced, kept in pairs)
            notes.insert(0, f"{len(self.duplicates)} episode(s) are stored in more than one store; "
                            f"the row of the store given later wins ({where})")
        return "; ".join(notes) or None


def merge_stores(roots: Iterable[Path]) -> Merged:
    """All episode rows of the given stores, in key order; later stores win on duplicate keys."""
    by_key: dict[str, LoadedRow] = {}
    texts: dict[str, str] = {}  # long column texts, one object per distinct text
    duplicates: list[Duplicate] = []
    names: list[str] = []
    for root in roots:
        store = Store.open(Path(root), create=False)
        try:
            rows = store.rows()
        finally:
            store.close()
        name = str(root)
        names.append(name)
        for stored in rows:
            old = by_key.get(stored.key)
            if old is not None:
                duplicates.append(Duplicate(stored.key, old.store, name))
            by_key[stored.key] = LoadedRow(**_shared(stored.as_dict(), texts), store=name)
        del rows
    return Merged([by_key[k] for k in sorted(by_key)], names, duplicates)


SHARED_MIN_CHARS = 256


def _shared(values: dict[str, Any], texts: dict[str, str]) -> dict[str, Any]:
    """The row's long texts (its units and checks JSON, mostly) replaced by an equal text already held,
    when there is one: the repeats of a task often store identical audits, and a report of thousands of
    episodes would otherwise hold each copy (rows are read-only, so sharing is safe)."""
    return {k: texts.setdefault(v, v) if isinstance(v, str) and len(v) >= SHARED_MIN_CHARS else v
            for k, v in values.items()}


def trace_file(store: str | Path, key: str) -> Path:
    return Path(store) / TRACE_DIR / f"{trace_id(key)}.jsonl"


def read_trace(store: str | Path, key: str) -> list[dict[str, Any]] | None:
    """The trace events of episode `key` of a store, or None when its file is missing or unreadable."""
    try:
        text = trace_file(store, key).read_text(encoding="utf-8")
    except OSError:
        return None
    events = []
    for line in text.splitlines():
        if line.strip():
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                events.append({"type": "unreadable", "line": line[:500]})
    return expand_payloads(events)
