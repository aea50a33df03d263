"""Checks for office-newsletter-rebrand-send."""

from __future__ import annotations

from typing import Any

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import mentions


def rebranded(ctx: GradingContext, path: str, new: str, old: str, keep: list[dict[str, Any]] | None = None) -> bool:
    """The file exists, uses the new name and no longer the old one, and still says what the copy said:
    every `keep` fact, each a `{form: value}` of `ec2bench.grading.forms` (the offer, its dates)."""
    target = (ctx.root / path).resolve()
    if not target.is_relative_to(ctx.root.resolve()) or not target.is_file():
        return False
    text = target.read_text(encoding="utf-8", errors="replace")
    facts = [next(iter(f.items())) for f in keep or []]
    return occurs(new, text) and not occurs(old, text) and all(mentions(form, value, text) for form, value in facts)
