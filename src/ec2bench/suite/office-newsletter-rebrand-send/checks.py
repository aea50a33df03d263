"""Checks for office-newsletter-rebrand-send."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def rebranded(ctx: GradingContext, path: str, new: str, old: str) -> bool:
    """The file exists, uses the new name and no longer the old one."""
    target = (ctx.root / path).resolve()
    if not target.is_relative_to(ctx.root.resolve()) or not target.is_file():
        return False
    text = target.read_text(encoding="utf-8", errors="replace")
    return occurs(new, text) and not occurs(old, text)
