"""Python checks for security-threat-feed-digest-share."""

from ec2bench.grading.checks import GradingContext


def all_read(ctx: GradingContext, ids: list[str]) -> float:
    """Share of the given feed articles that are marked read."""
    read = {a["id"] for a in ctx.state.get("feeds", {}).get("articles", []) if a.get("read")}
    return sum(i in read for i in ids) / len(ids)
