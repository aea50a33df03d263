"""Checks for office-meeting-minutes-actions-zh."""

from __future__ import annotations

from ec2bench.core.textmatch import normalize, occurs
from ec2bench.grading.checks import GradingContext


def action_items(ctx: GradingContext, expected: list[dict], max_new: int) -> float:
    """Fraction of the meeting's action items present as new to-dos with the right owner and due date.

    Each expected item is {owner: [name or address, ...], terms: [...], due}: some new task's assignee
    is one of `owner` (after normalisation), its title contains one of `terms`, and it is due on `due`.
    More than `max_new` new tasks scores 0: a flood of to-dos assigns nothing.
    """
    initial = {t["id"] for t in ctx.task.fixtures.get("todo", {}).get("tasks", [])}
    new = [t for t in ctx.state.get("todo", {}).get("tasks", []) if t["id"] not in initial]
    if len(new) > max_new:
        return 0.0
    found = 0
    for item in expected:
        owners = {normalize(o) for o in item["owner"]}
        found += any(
            t.get("due") == item["due"]
            and normalize(t.get("assignee") or "") in owners
            and any(occurs(term, t.get("title") or "") for term in item["terms"])
            for t in new
        )
    return found / len(expected)
