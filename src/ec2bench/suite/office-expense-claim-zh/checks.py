"""Checks for office-expense-claim-zh."""

from __future__ import annotations

import csv
import io

from ec2bench.grading.checks import GradingContext


def csv_column_total(ctx: GradingContext, path: str, column: str, expected: float, tolerance: float = 0.01) -> float:
    """1 if the CSV file's `column` sums to `expected` (the claim holds exactly the reimbursable items)."""
    target = (ctx.root / path).resolve()
    if not target.is_relative_to(ctx.root.resolve()) or not target.is_file():
        return 0.0
    text = target.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text)))
    if not rows or column not in rows[0]:
        return 0.0
    total = 0.0
    for row in rows:
        value = (row.get(column) or "").replace(",", "").replace("元", "").replace("¥", "").strip()
        if not value:
            continue
        try:
            total += float(value)
        except ValueError:
            continue
    return float(abs(total - expected) <= tolerance)
