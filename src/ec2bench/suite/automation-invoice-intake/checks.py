"""Task-specific checks for automation-invoice-intake."""

from __future__ import annotations

from typing import Any


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip().splitlines()]


def filed_copy(ctx: Any, path: str, original: str) -> bool:
    """The workspace file at `path` is a copy of the shipped file `original` (both workspace paths): the same
    lines, trailing whitespace and blank lines at the ends aside. A re-typed copy with a figure changed is not
    the supplier's invoice."""
    target = ctx.root / path
    source = ctx.task.files_dir / original
    if not target.is_file() or not source.is_file():
        return False
    try:
        return _lines(target.read_text(encoding="utf-8")) == _lines(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False
