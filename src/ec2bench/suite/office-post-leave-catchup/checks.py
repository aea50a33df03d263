"""Checks for office-post-leave-catchup."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def todos_due(ctx: GradingContext, expected: list[dict], max_open: int) -> float:
    """Fraction of `expected` to-dos ({terms, due, unique?}) present as open tasks with that due date.

    A to-do counts when its title contains any of `terms` and its due date matches; with `unique`,
    exactly one open task may contain the terms (an existing item was updated, not duplicated).
    More than `max_open` open tasks scores 0: a flood of to-dos is not a to-do list.
    """
    open_tasks = [t for t in ctx.state.get("todo", {}).get("tasks", []) if t.get("status") in ("open", "in_progress")]
    if len(open_tasks) > max_open:
        return 0.0
    found = 0
    for item in expected:
        hits = [t for t in open_tasks if any(occurs(term, t.get("title") or "") for term in item["terms"])]
        if item.get("unique") and len(hits) != 1:
            continue
        found += any(t.get("due") == item["due"] for t in hits)
    return found / len(expected)
