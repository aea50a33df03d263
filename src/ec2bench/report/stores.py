"""Reading one or more results stores for a report.

Several stores merge into one set of episode rows. An episode key present in more than one
store is a *duplicate*: the row of the store given later wins (and so does its trace), and the
duplicates are listed so callers can warn. Every row gets a `store` field: the folder it came from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ec2bench.core.trace import expand_payloads
from ec2bench.runner.store import TRACE_DIR, Store, trace_id

Row = dict[str, Any]


@dataclass(frozen=True)
class Duplicate:
    key: str
    replaced: str  # the store whose row was dropped
    kept: str  # the later store whose row is used


@dataclass(frozen=True)
class Merged:
    rows: list[Row]
    stores: list[str]
    duplicates: list[Duplicate] = field(default_factory=list)

    def warning(self) -> str | None:
        """One line for the user, or None when no key was stored twice."""
        if not self.duplicates:
            return None
        pairs = sorted({(d.replaced, d.kept) for d in self.duplicates})
        where = "; ".join(f"{kept} replaces {replaced}" for replaced, kept in pairs)
        return (f"{len(self.duplicates)} episode(s) are stored in more than one store; "
                f"the row of the store given later wins ({where})")


def merge_stores(roots: Iterable[Path]) -> Merged:
    """All episode rows of the given stores, in key order; later stores win on duplicate keys."""
    by_key: dict[str, Row] = {}
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
        for row in rows:
            row["store"] = name
            old = by_key.get(row["key"])
            if old is not None:
                duplicates.append(Duplicate(row["key"], old["store"], name))
            by_key[row["key"]] = row
    return Merged([by_key[k] for k in sorted(by_key)], names, duplicates)


def trace_file(row: Row) -> Path:
    return Path(row["store"]) / TRACE_DIR / f"{trace_id(row['key'])}.jsonl"


def read_trace(row: Row) -> list[dict[str, Any]] | None:
    """The episode's trace events, or None when its file is missing or unreadable."""
    try:
        text = trace_file(row).read_text(encoding="utf-8")
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
