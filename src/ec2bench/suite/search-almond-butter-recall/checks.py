"""Python checks for search-almond-butter-recall."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def claim_todo_by(ctx: GradingContext, mentions: list[str], latest: str, earliest: str,
                  extra: list[float] | None = None, floor: float = 10) -> bool:
    """A new todo about the claim (title or notes mention any of `mentions`) due within [earliest, latest], whose
    figures (of at least `floor`: the units to claim) all come from the stock, the alerts and the procedure or are in
    `extra` (the right total): a claim reminder with the wrong unit count files the wrong claim.

    Any due date up to the supplier's deadline is a valid reminder; one after it is too late.
    """
    import json

    from ec2bench.grading.forms import amounts

    known = amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False)) + list(extra or [])
    for task in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{task.get('title') or ''} {task.get('notes') or ''}"
        due = task.get("due") or ""
        if any(occurs(m, text) for m in mentions) and earliest <= due <= latest \
                and all(any(abs(v - k) <= 0.5 for k in known) for v in amounts(text) if v >= floor):
            return True
    return False
