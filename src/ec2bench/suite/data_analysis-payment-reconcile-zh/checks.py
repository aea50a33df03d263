"""Task-specific checks for data_analysis-payment-reconcile-zh."""

from __future__ import annotations

import csv
from typing import Any

from ec2bench.core.textmatch import normalize


def csv_keys_exactly(ctx: Any, path: str, column: str, expected: list[str]) -> bool:
    """True when the CSV's `column` holds exactly the `expected` keys (none left out, none added)."""
    file = ctx.root / path
    if not file.is_file():
        return False
    with file.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    header = {normalize(k): k for k in (rows[0].keys() if rows else [])}
    key = header.get(normalize(column))
    if key is None:
        return False
    return {normalize(r[key] or "") for r in rows if (r[key] or "").strip()} == {normalize(e) for e in expected}
