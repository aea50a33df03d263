"""What the load-time checks of the family kinds read from a task, and the checks they share."""

from __future__ import annotations

from datetime import date
from typing import Any

from ec2bench.grading.checks import CheckParamError
from ec2bench.grading.graded_task import GradedTask


def need_app(task: GradedTask, app: str, kind: str) -> None:
    """A kind that reads one app's state grades nothing in a task without that app: a load error."""
    if app not in task.spec.apps:
        raise CheckParamError(f"{kind} reads the {app!r} app, which is not one of the task's apps "
                              f"({', '.join(task.spec.apps)})")


def fixture_records(task: GradedTask, app: str, collection: str) -> dict[str, dict[str, Any]]:
    """The task's fixture records of one collection, by id."""
    records = (task.fixtures.get(app) or {}).get(collection) or []
    return {str(r["id"]): r for r in records if isinstance(r, dict) and "id" in r}


def iso_date(text: str) -> str:
    """A pydantic after-validator: `YYYY-MM-DD`, as the apps store dates (compared as text)."""
    try:
        date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"a date is YYYY-MM-DD, got {text!r}") from None
    if len(text) != 10:
        raise ValueError(f"a date is YYYY-MM-DD, got {text!r}")
    return text
