"""Python checks for search-data-export-rule-digest-zh."""

from __future__ import annotations

import json

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import amounts, mentions


def _figures_known(ctx: GradingContext, text: str, extra: list[float], floor: float) -> bool:
    """Every figure of at least `floor` in `text` (head counts, thresholds) is one the sources give or in `extra`."""
    known = amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False)) + list(extra)
    return all(any(abs(v - k) <= 0.5 for k in known) for v in amounts(text) if v >= floor)


def post_with_known_figures(ctx: GradingContext, channel: str, contains: list[str], date: str, not_contains: list[str],
                            extra: list[float], floor: float = 1000) -> bool:
    """A post of mine in `channel` that holds every text of `contains`, mentions `date`, none of `not_contains`, and
    states no head count or threshold that the feeds, the rule and the export list do not give: a conclusion
    posted with wrong figures misinforms the group."""
    for m in ctx.state.get("chat", {}).get("messages", []):
        text = m.get("text") or ""
        if m.get("channel") != channel or m.get("sender") != "me":
            continue
        if (all(occurs(c, text) for c in contains) and mentions("date", date, text)
                and not any(occurs(n, text) for n in not_contains) and _figures_known(ctx, text, extra, floor)):
            return True
    return False


def answer_with_known_figures(ctx: GradingContext, contains: list[str], date: str, extra: list[float],
                              floor: float = 1000) -> float:
    """The answer's share of `contains` and `date`; 0 when it states a head count or threshold no source gives."""
    text = ctx.answer or ""
    if not text.strip() or not _figures_known(ctx, text, extra, floor):
        return 0.0
    found = [occurs(c, text) for c in contains] + [mentions("date", date, text)]
    return sum(found) / len(found)
