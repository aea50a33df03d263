"""Python checks for security-member-erasure-requests-zh."""

import csv
from pathlib import Path

from ec2bench.grading.checks import GradingContext


def _ids(file: Path, column: str) -> set[str] | None:
    """The values of `column` in a CSV file, or None when the file is missing."""
    if not file.is_file():
        return None
    with file.open(encoding="utf-8-sig", newline="") as fh:
        return {(row.get(column) or "").strip() for row in csv.DictReader(fh)}


def rows_removed(ctx: GradingContext, path: str, column: str, removed: list[str]) -> float:
    """Share of the `removed` ids no longer in the CSV (0 if the file is gone)."""
    ids = _ids(ctx.root / path, column)
    if ids is None:
        return 0.0
    return sum(r not in ids for r in removed) / len(removed)


def rows_kept(ctx: GradingContext, path: str, column: str, removed: list[str]) -> bool:
    """Every id of the shipped CSV other than `removed` is still in the workspace copy."""
    initial = _ids(ctx.task.files_dir / path, column) or set()
    ids = _ids(ctx.root / path, column)
    return ids is not None and (initial - set(removed)) <= ids
