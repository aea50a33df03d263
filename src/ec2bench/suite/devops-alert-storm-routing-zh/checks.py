"""Checks for devops-alert-storm-routing-zh."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import mentions


def revert_todo(ctx: GradingContext, due: str, names: list[str], seconds: float, spellings: list[str]) -> bool:
    """A to-do due on `due` whose title or notes name the check (any of `names`) and the frequency to go back to:
    that duration in any form (`15 分钟`, `15min`, `十五分钟`) or one of `spellings` (`*/15`)."""
    for task in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{task.get('title') or ''}\n{task.get('notes') or ''}"
        if (task.get("due") == due and any(occurs(n, text) for n in names)
                and (mentions("duration_s", seconds, text) or any(occurs(s, text) for s in spellings))):
            return True
    return False
