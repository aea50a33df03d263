"""Python checks for search-bid-feasibility-zh."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def _todos(ctx: GradingContext) -> list[dict]:
    return ctx.state.get("todo", {}).get("tasks", [])


def _text(task: dict) -> str:
    return f"{task.get('title') or ''} {task.get('notes') or ''}"


def todos_cover(ctx: GradingContext, groups: list[list[str]], exclude_ids: list[str]) -> float:
    """Fraction of keyword groups (one per material to prepare) that some new todo mentions."""
    new = [t for t in _todos(ctx) if t.get("id") not in exclude_ids]
    return sum(any(any(occurs(k, _text(t)) for k in group) for t in new) for group in groups) / len(groups)
