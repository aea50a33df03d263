"""Task-specific checks for automation-advisory-triage."""

from __future__ import annotations

from typing import Any


def articles_read(ctx: Any, article_ids: list[str]) -> float:
    """Fraction of the given feed articles marked read."""
    read = {a["id"] for a in ctx.state.get("feeds", {}).get("articles", []) if a.get("read")}
    return sum(i in read for i in article_ids) / len(article_ids)
