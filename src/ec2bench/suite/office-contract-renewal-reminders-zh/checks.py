"""Checks for office-contract-renewal-reminders-zh."""

from __future__ import annotations

import csv
import io

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def csv_ids_exactly(ctx: GradingContext, path: str, column: str, ids: list[str]) -> bool:
    """The CSV's `column` holds exactly these ids: nothing due later, expired or auto-renewing slipped in."""
    target = (ctx.root / path).resolve()
    if not target.is_relative_to(ctx.root.resolve()) or not target.is_file():
        return False
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff"))))
    return sorted((r.get(column) or "").strip() for r in rows) == sorted(ids)


def follow_up_todos(ctx: GradingContext, due: dict[str, str]) -> float:
    """Fraction of contracts (id -> due date) with an open to-do naming the id and due on the contract's end date."""
    tasks = [t for t in ctx.state.get("todo", {}).get("tasks", []) if t.get("status") == "open"]
    return sum(any(occurs(cid, t.get("title") or "") and t.get("due") == day for t in tasks) for cid, day in due.items()) / len(due)
