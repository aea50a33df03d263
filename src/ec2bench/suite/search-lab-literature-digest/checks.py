"""Checks for search-lab-literature-digest that the declarative kinds cannot express."""

from __future__ import annotations

import re

from ec2bench.grading.checks import GradingContext


def bib_entries(ctx: GradingContext, path: str, required: list[str], forbidden: list[str], once: list[str]) -> float:
    """Share of conditions met by the BibTeX file: an entry key starting with each `required` prefix,
    no entry whose text mentions a `forbidden` author, and each `once` title text in one entry only;
    0 when no required entry was added, so an untouched file earns nothing."""
    file = ctx.root / path
    if not file.is_file():
        return 0.0
    entries = re.split(r"(?=@\w+\s*\{)", file.read_text(encoding="utf-8"))
    keys = [m.group(1).lower() for e in entries if (m := re.match(r"@\w+\s*\{\s*([^,\s]+)", e))]
    met = [any(k.startswith(prefix.lower()) for k in keys) for prefix in required]
    if not any(met):
        return 0.0
    met += [not any(name.lower() in e.lower() for e in entries) for name in forbidden]
    met += [sum(text.lower() in e.lower() for e in entries) == 1 for text in once]
    return sum(met) / len(met)
