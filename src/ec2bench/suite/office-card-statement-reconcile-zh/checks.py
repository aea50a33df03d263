"""Checks for office-card-statement-reconcile-zh."""

from __future__ import annotations

from collections import Counter

from ec2bench.grading.checks import GradingContext


def no_double_booking(ctx: GradingContext, account_id: str) -> bool:
    """No card transaction is booked twice (same date, amount and account): the statement was matched, not re-entered."""
    seen = Counter(
        (t["date"], round(float(t["amount"]), 2))
        for t in ctx.state.get("ledger", {}).get("transactions", [])
        if t["account_id"] == account_id
    )
    return all(n == 1 for n in seen.values())
