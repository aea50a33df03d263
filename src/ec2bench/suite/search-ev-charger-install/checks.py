"""Python checks for search-ev-charger-install."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def rebate_todo_between(ctx: GradingContext, mentions: list[str], earliest: str, latest: str) -> bool:
    """A todo about the rebate application (title or notes mention any of `mentions`) due within [earliest, latest].

    The application is possible only after the installation and must be in within 90 days of it,
    so any due date in that window is a valid reminder.
    """
    for task in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{task.get('title') or ''} {task.get('notes') or ''}"
        due = task.get("due") or ""
        if any(occurs(m, text) for m in mentions) and earliest <= due <= latest:
            return True
    return False
