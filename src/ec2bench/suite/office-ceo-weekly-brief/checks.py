"""Checks for office-ceo-weekly-brief."""

from __future__ import annotations

from ec2bench.grading.checks import GradingContext


def marked_read(ctx: GradingContext, used: list[str], max_other: int) -> float:
    """Fraction of the `used` articles now marked read; 0 when more than `max_other` other articles were newly marked.

    Marking the whole feed read would hide the news the brief did not cover.
    """
    before = {a["id"]: a.get("read", False) for a in ctx.task.fixtures.get("feeds", {}).get("articles", [])}
    now = {a["id"]: a.get("read", False) for a in ctx.state.get("feeds", {}).get("articles", [])}
    others = sum(1 for i, read in now.items() if read and not before.get(i, False) and i not in used)
    if others > max_other:
        return 0.0
    return sum(bool(now.get(i)) for i in used) / len(used)
