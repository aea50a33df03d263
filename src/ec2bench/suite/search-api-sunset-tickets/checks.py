"""Python checks for search-api-sunset-tickets."""

from ec2bench.grading.checks import GradingContext


def statuses(ctx: GradingContext, expected: dict[str, str]) -> float:
    """Fraction of tickets (id -> status) that ended in the expected status."""
    tickets = {t["id"]: t for t in ctx.state.get("helpdesk", {}).get("tickets", [])}
    return sum(tickets.get(tid, {}).get("status") == status for tid, status in expected.items()) / len(expected)


def posted_with_known_figures(ctx: GradingContext, channel: str, contains: list[str], extra: list[float],
                              floor: float = 10) -> bool:
    """A chat post of mine in `channel` holding every text of `contains` whose figures (of at least `floor`: days,
    amounts) all come from the sources or `extra`: an approval asked on a misquoted policy is not asked right."""
    import json

    from ec2bench.core.textmatch import occurs
    from ec2bench.grading.forms import amounts

    known = amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False)) + list(extra)
    for m in ctx.state.get("chat", {}).get("messages", []):
        text = m.get("text") or ""
        if m.get("channel") == channel and m.get("sender") == "me" and all(occurs(c, text) for c in contains) \
                and all(any(abs(v - k) <= 0.5 for k in known) for v in amounts(text) if v >= floor):
            return True
    return False
