"""Python checks for search-nev-subsidy-plate-zh."""

from ec2bench.grading.checks import GradingContext
from ec2bench.core.textmatch import occurs


def todo_due_between(ctx: GradingContext, mentions: list[str], earliest: str, latest: str) -> bool:
    """A todo whose title or notes mention any of `mentions`, due within [earliest, latest].

    Any reminder up to the application deadline is valid; one after it is useless.
    """
    for task in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{task.get('title') or ''} {task.get('notes') or ''}"
        due = task.get("due") or ""
        if any(occurs(m, text) for m in mentions) and earliest <= due <= latest:
            return True
    return False
