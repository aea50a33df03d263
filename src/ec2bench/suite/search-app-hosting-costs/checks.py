"""Python checks for search-app-hosting-costs."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def migration_todo_before(ctx: GradingContext, mentions: list[str], before: str) -> bool:
    """A to-do that names the migration (any of `mentions`) and is due before the host closes.

    A due date is what makes the to-do useful; any day before the closure date counts, since the
    notice gives the last day but an earlier target is just as valid.
    """
    return any(
        t.get("due") and t["due"] < before and any(occurs(m, t.get("title") or "") for m in mentions)
        for t in ctx.state.get("todo", {}).get("tasks", [])
    )
