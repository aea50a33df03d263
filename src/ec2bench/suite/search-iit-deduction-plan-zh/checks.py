"""Python checks for search-iit-deduction-plan-zh."""

from __future__ import annotations

import json

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import amounts, percents


def _figures_known(ctx: GradingContext, text: str, extra: list[float], floor: float) -> bool:
    """Every amount of at least `floor` and every percentage in `text` is one the sources give or in `extra`."""
    source = json.dumps(ctx.task.fixtures, ensure_ascii=False)
    known = amounts(source) + list(extra)
    known_pct = percents(source) + [100.0, 50.0]
    return (all(any(abs(v - k) <= 0.5 for k in known) for v in amounts(text) if v >= floor)
            and all(any(abs(v - k) <= 0.05 for k in known_pct) for v in percents(text)))


def asked_with_known_figures(ctx: GradingContext, any_of: list[str], extra: list[float], floor: float = 100) -> bool:
    """The user was asked about the split (the question names any of `any_of`) with only real shares and amounts:
    a question quoting a share the rules do not allow asks her to choose between wrong options."""
    return any(any(occurs(t, q.get("question") or "") for t in any_of)
               and _figures_known(ctx, q.get("question") or "", extra, floor)
               for q in ctx.state.get("user", {}).get("questions", []))


def reminder_with_known_figures(ctx: GradingContext, due: str, any_of: list[str], extra: list[float],
                                floor: float = 100) -> bool:
    """A to-do due `due` whose title names any of `any_of`, and whose title and notes state only real amounts."""
    for t in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{t.get('title') or ''} {t.get('notes') or ''}"
        if t.get("due") == due and any(occurs(a, t.get("title") or "") for a in any_of) \
                and _figures_known(ctx, text, extra, floor):
            return True
    return False
