"""Compare two results stores, ignoring what only timing changes: exit 0 if they hold the same results.

    PYTHONPATH=src python scripts/diff_stores.py STORE_A STORE_B [--traces]

Used to check that a change meant to make sweeps faster (caches, a process pool) left every result
as it was. Compared:
  * every episode row, column by column, except the timing columns (`TIMING_COLUMNS`);
  * the leaderboard (`ec2bench.report.leaderboard.leaderboard`) without its `wall_s`;
  * with `--traces`, every trace, event by event, without the events' durations (`ms`, `*_ms`).
Prints the first differences it finds and a one-line verdict.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ec2bench.core.trace import parse_trace
from ec2bench.report.leaderboard import leaderboard
from ec2bench.runner.store import Store

TIMING_COLUMNS = frozenset({"wall_ms", "model_ms", "finished_at"})
SHOWN = 10  # differences printed before the rest are only counted
SHORT = 120  # characters of a differing value shown


def _rows(root: Path) -> dict[str, dict[str, Any]]:
    store = Store.open(root, create=False)
    try:
        return {r.key: {k: v for k, v in r.as_dict().items() if k not in TIMING_COLUMNS} for r in store.rows()}
    finally:
        store.close()


def _board(root: Path) -> list[dict[str, Any]]:
    store = Store.open(root, create=False)
    try:
        return [{k: v for k, v in line.items() if k != "wall_s"} for line in leaderboard(store.rows())]
    finally:
        store.close()


def _timing(field: str) -> bool:
    """A duration in a trace event: `ms` (a model call's latency) or any `*_ms`."""
    return field == "ms" or field.endswith("_ms")


def _untimed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _untimed(v) for k, v in value.items() if not _timing(k)}
    if isinstance(value, list):
        return [_untimed(v) for v in value]
    return value


def _trace(root: Path, key: str) -> list[Any]:
    store = Store.open(root, create=False)
    try:
        return [_untimed(e) for e in parse_trace(store.trace_path(key).read_text(encoding="utf-8"))]
    finally:
        store.close()


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= SHORT else text[:SHORT] + "..."


def diff(a: Path, b: Path, traces: bool = False) -> list[str]:
    """The differences between two stores' results (empty: the same results)."""
    found: list[str] = []
    rows_a, rows_b = _rows(a), _rows(b)
    for key in sorted(rows_a.keys() ^ rows_b.keys()):
        found.append(f"episode {key}: only in {a if key in rows_a else b}")
    for key in sorted(rows_a.keys() & rows_b.keys()):
        for column, value in rows_a[key].items():
            if rows_b[key].get(column) != value:
                found.append(f"episode {key}: {column} {_short(value)} != {_short(rows_b[key].get(column))}")
        if traces and _trace(a, key) != _trace(b, key):
            found.append(f"episode {key}: the traces differ")
    board_a, board_b = _board(a), _board(b)
    if board_a != board_b:
        found.append("the leaderboards differ:\n" + json.dumps(board_a, indent=1) + "\n" + json.dumps(board_b, indent=1))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    parser.add_argument("--traces", action="store_true", help="compare every trace too (slower)")
    parser.add_argument("--all", action="store_true", help="print every difference, not only the first ten")
    args = parser.parse_args()
    found = diff(args.a, args.b, args.traces)
    shown = found if args.all else found[:SHOWN]
    for line in shown:
        print(line)
    if len(found) > len(shown):
        print(f"... and {len(found) - len(shown)} more (--all shows them)")
    count = len(_rows(args.a))
    print(f"{'DIFFERENT' if found else 'identical'}: {count} episodes in {args.a}, {len(found)} difference(s) with {args.b}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
