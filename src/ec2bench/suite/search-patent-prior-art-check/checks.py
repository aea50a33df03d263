"""Python checks for search-patent-prior-art-check."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def filing_todo_by(ctx: GradingContext, mentions: list[str], earliest: str, latest: str) -> bool:
    """A todo about the US filing (title or notes mention any of `mentions`) due within [earliest, latest].

    The user asked for the last day; a reminder set earlier still gets the filing done in time,
    one after the anniversary of the demo does not.
    """
    for task in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{task.get('title') or ''} {task.get('notes') or ''}"
        due = task.get("due") or ""
        if any(occurs(m, text) for m in mentions) and earliest <= due <= latest:
            return True
    return False
