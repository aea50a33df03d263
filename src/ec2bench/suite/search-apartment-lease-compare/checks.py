"""Python checks for search-apartment-lease-compare."""

from __future__ import annotations

import json

from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import amounts


def _known(ctx: GradingContext, extra: list[float]) -> list[float]:
    return amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False)) + list(extra)


def _figures_known(text: str, known: list[float], floor: float) -> bool:
    """Every figure of at least `floor` in `text` is one the sources give or one of the right derived totals."""
    return all(any(abs(v - k) <= 0.5 for k in known) for v in amounts(text) if v >= floor)


def answer_figures_known(ctx: GradingContext, extra: list[float], floor: float = 100) -> bool:
    """The answer exists and every figure it states (costs, budgets) is a real one: from the listings, the note, or
    the right all-in totals in `extra`. A reply quoting a cost nobody gave misinforms the user."""
    return ctx.answer is not None and _figures_known(ctx.answer, _known(ctx, extra), floor)


def asked_with_known_figures(ctx: GradingContext, answer_contains: str, extra: list[float], floor: float = 100) -> bool:
    """The user was asked, got the answer that settles the choice, and the question put only real figures to her."""
    from ec2bench.core.textmatch import occurs

    known = _known(ctx, extra)
    return any(occurs(answer_contains, q.get("answer") or "") and _figures_known(q.get("question") or "", known, floor)
               for q in ctx.state.get("user", {}).get("questions", []))


def answer_pick_and_viewing(ctx: GradingContext, pick: str, date: str, time: str, extra: list[float],
                            floor: float = 100) -> float:
    """The reply's share of {the pick put forward, the viewing's date, its time}, and 0 when it states a figure
    (a cost, a budget) that no source gives and that is none of the right totals in `extra`."""
    from ec2bench.grading.forms import mentions
    from ec2bench.grading.polarity import affirmed

    text = ctx.answer or ""
    if not text.strip() or not _figures_known(text, _known(ctx, extra), floor):
        return 0.0
    found = [affirmed(pick, text), mentions("date", date, text), mentions("time", time, text)]
    return sum(found) / len(found)
