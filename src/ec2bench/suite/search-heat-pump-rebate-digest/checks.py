"""Python checks for search-heat-pump-rebate-digest."""

from ec2bench.grading.checks import GradingContext


def marked_read(ctx: GradingContext, read: list[str], unread: list[str]) -> float:
    """Fraction of the used articles marked read; 0 when an unrelated article was marked too (blanket marking)."""
    flags = {a["id"]: a.get("read") for a in ctx.state.get("feeds", {}).get("articles", [])}
    if any(flags.get(a) for a in unread):
        return 0.0
    return sum(bool(flags.get(a)) for a in read) / len(read)
