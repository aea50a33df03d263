"""Checks of office-lost-luggage-claim that a table matcher cannot express: what the claim file must leave out."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def claim_leaves_out(ctx: GradingContext, path: str, words: list[str]) -> bool:
    """The claim file exists and names none of the items the airline does not cover (cash, jewellery)."""
    file = ctx.root / path
    if not file.is_file():
        return False
    text = file.read_text(encoding="utf-8", errors="replace")
    return not any(occurs(word, text) for word in words)
