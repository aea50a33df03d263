"""Python checks for search-api-sunset-tickets."""

from ec2bench.grading.checks import GradingContext


def statuses(ctx: GradingContext, expected: dict[str, str]) -> float:
    """Fraction of tickets (id -> status) that ended in the expected status."""
    tickets = {t["id"]: t for t in ctx.state.get("helpdesk", {}).get("tickets", [])}
    return sum(tickets.get(tid, {}).get("status") == status for tid, status in expected.items()) / len(expected)
