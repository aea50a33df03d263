"""Python checks for search-customer-briefing."""

from __future__ import annotations

import json

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import amounts


def _figures_known(ctx: GradingContext, text: str, floor: float) -> bool:
    known = amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False))
    return all(any(abs(v - k) <= 0.005 for k in known) for v in amounts(text) if v >= floor)


def brief_figures_known(ctx: GradingContext, to: str, about: str, floor: float = 10) -> bool:
    """A mail of mine to `to` about `about` whose figures (of at least `floor`: the deal amount, the release and patch
    numbers, the error size) all come from the CRM, the mail and the news: a brief that misquotes them misleads the
    engineer who walks into the meeting with it."""
    return any(to in (m.get("to") or []) and occurs(about, m.get("body") or "")
               and _figures_known(ctx, m.get("body") or "", floor)
               for m in ctx.state.get("email", {}).get("sent", []))


def answer_stage_and_amount(ctx: GradingContext, amount: float, stage: str, floor: float = 10) -> float:
    """The reply's share of {the deal amount, its stage}; 0 when it states a figure no source gives."""
    from ec2bench.grading.forms import mentions

    text = ctx.answer or ""
    if not text.strip() or not _figures_known(ctx, text, floor):
        return 0.0
    return (mentions("amount", amount, text) + occurs(stage, text)) / 2
