"""Python checks for search-almond-butter-recall."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def claim_todo_by(ctx: GradingContext, mentions: list[str], latest: str, earliest: str) -> bool:
    """A new todo about the claim (title or notes mention any of `mentions`) due within [earliest, latest].

    Any due date up to the supplier's deadline is a valid reminder; one after it is too late.
    """
    for task in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{task.get('title') or ''} {task.get('notes') or ''}"
        due = task.get("due") or ""
        if any(occurs(m, text) for m in mentions) and earliest <= due <= latest:
            return True
    return False
