"""Python checks for search-sms-endpoint-retirement."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def registration_todo(ctx: GradingContext, sender_id: str, latest: str, exclude_ids: list[str]) -> bool:
    """A new todo to register `sender_id`, undated or due no later than the regulator's date."""
    for task in ctx.state.get("todo", {}).get("tasks", []):
        if task.get("id") in exclude_ids:
            continue
        text = f"{task.get('title') or ''} {task.get('notes') or ''}"
        if occurs(sender_id, text) and occurs("regist", text) and (not task.get("due") or task["due"] <= latest):
            return True
    return False
