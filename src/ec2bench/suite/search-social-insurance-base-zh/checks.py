"""Python checks for search-social-insurance-base-zh."""

import csv
import io

from ec2bench.grading.checks import GradingContext


def no_change_rows(ctx: GradingContext, path: str, id_column: str, cost_column: str, unaffected: list[str]) -> float:
    """1 when no unaffected employee is listed with a non-zero cost increase (listing them at 0 is fine).

    Zero without a file: the check only rewards a table that exists and keeps the unaffected staff at 0.
    """
    target = ctx.root / path
    if not target.is_file():
        return 0.0
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8").lstrip("\ufeff"))))
    for row in rows:
        if (row.get(id_column) or "").strip() in unaffected:
            digits = "".join(ch for ch in (row.get(cost_column) or "") if ch.isdigit() or ch == ".")
            if digits and float(digits or 0) != 0.0:
                return 0.0
    return 1.0
