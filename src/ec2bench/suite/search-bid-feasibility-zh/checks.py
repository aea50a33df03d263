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


def bond_todo_known_figures(ctx: GradingContext, mentions: list[str], earliest: str, latest: str,
                            floor: float = 1000) -> bool:
    """A to-do about the bond (title or notes mention any of `mentions`) due within [earliest, latest] whose amounts
    (of at least `floor`) all come from the notices, the KB or the director's mail: a reminder to pay the wrong bond
    is no reminder to pay the bond."""
    import json

    from ec2bench.grading.forms import amounts

    known = amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False))
    for t in _todos(ctx):
        text, due = _text(t), t.get("due") or ""
        if any(occurs(m, text) for m in mentions) and earliest <= due <= latest \
                and all(any(abs(v - k) <= 0.5 for k in known) for v in amounts(text) if v >= floor):
            return True
    return False
