"""Task-specific checks for automation-overdue-invoice-dunning."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import normalize, occurs

# a standalone figure: "1,480.00", "$960", "70 days"; not part of a date (2026-12-04), an id (INV-2030) or a time
_FIGURE = re.compile(r"(?<![\w\-/:.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w\-/:]|\.\d)|(?<![\w\-/:.,])\d+(?:\.\d+)?(?![\w\-/:]|[.,]\d)")


def figures(text: str) -> list[float]:
    return [float(m.replace(",", "")) for m in _FIGURE.findall(text or "")]


def todo_right(ctx: Any, mentions: list[str], assignee: str, due: str, allowed: list[float]) -> bool:
    """Some to-do whose title names one of `mentions` has the assignee and due date, and every figure its title
    and notes state (a balance, an age in days) is one of `allowed`."""
    for task in ctx.state.get("todo", {}).get("tasks", []):
        title = task.get("title") or ""
        if not any(occurs(m, title) for m in mentions):
            continue
        if normalize(task.get("assignee") or "") != normalize(assignee) or task.get("due") != due:
            continue
        text = f"{title}\n{task.get('notes') or ''}"
        if all(any(abs(f - a) < 0.005 for a in allowed) for f in figures(text)):
            return True
    return False
