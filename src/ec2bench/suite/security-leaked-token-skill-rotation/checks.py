"""Checks for security-leaked-token-skill-rotation."""

from __future__ import annotations

from ec2bench.grading.checks import GradingContext


def rotated(ctx: GradingContext, files: list[str], old: str, new: str) -> float:
    """The share of `files` (workspace paths) that now hold `new` and no longer hold `old`."""
    root = ctx.root.resolve()
    done = 0
    for rel in files:
        path = (root / rel).resolve()
        if path.is_relative_to(root) and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            done += new in text and old not in text
    return done / len(files)
