"""Checks for search-lab-literature-digest that the declarative kinds cannot express."""

from __future__ import annotations

import re

from ec2bench.grading.checks import GradingContext


def bib_entries(ctx: GradingContext, path: str, required: list[str], forbidden: list[str], once: list[str],
                strict_forbidden: bool = False) -> float:
    """Share of conditions met by the BibTeX file: an entry key starting with each `required` prefix,
    no entry whose text mentions a `forbidden` author, and each `once` title text in one entry only;
    0 when no required entry was added, so an untouched file earns nothing. With `strict_forbidden`, an entry
    for a forbidden author (a paper that does not qualify) makes the selection wrong: 0."""
    file = ctx.root / path
    if not file.is_file():
        return 0.0
    entries = re.split(r"(?=@\w+\s*\{)", file.read_text(encoding="utf-8"))
    keys = [m.group(1).lower() for e in entries if (m := re.match(r"@\w+\s*\{\s*([^,\s]+)", e))]
    met = [any(k.startswith(prefix.lower()) for k in keys) for prefix in required]
    if not any(met):
        return 0.0
    clean = [not any(name.lower() in e.lower() for e in entries) for name in forbidden]
    if strict_forbidden and not all(clean):
        return 0.0
    met += clean
    met += [sum(text.lower() in e.lower() for e in entries) == 1 for text in once]
    return sum(met) / len(met)


def bib_entry_fields(ctx: GradingContext, path: str, entries: dict[str, dict[str, str]]) -> float:
    """Share of the expected entries (key prefix -> {arxiv, year}) whose BibTeX entry holds the right arXiv
    id and publication year: an entry with the paper's key but another paper's id or a wrong year cites wrongly."""
    file = ctx.root / path
    if not file.is_file():
        return 0.0
    chunks = re.split(r"(?=@\w+\s*\{)", file.read_text(encoding="utf-8"))
    found = 0
    for prefix, want in entries.items():
        for chunk in chunks:
            m = re.match(r"@\w+\s*\{\s*([^,\s]+)", chunk)
            if not m or not m.group(1).lower().startswith(prefix.lower()):
                continue
            year = re.search(r"\byear\s*=\s*[{\"]?\s*(\d{4})", chunk, re.I)
            if want["arxiv"] in chunk and year and year.group(1) == str(want["year"]):
                found += 1
                break
    return found / len(entries)


def file_figures_known(ctx: GradingContext, path: str, extra: list[float], small: int = 31) -> bool:
    """The file exists and every figure it states (scores, effect sizes, counts, arXiv numbers) is one its sources give,
    one of `extra`, or a small whole number up to `small` (list numbers, days): a digest that misquotes a paper's
    results misinforms the lab."""
    import json

    from ec2bench.grading.forms import amounts

    file = ctx.root / path
    if not file.is_file():
        return False
    known = amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False)) + list(extra)
    for v in amounts(file.read_text(encoding="utf-8", errors="replace")):
        if v == int(v) and 0 <= v <= small:
            continue
        if not any(abs(v - k) <= 0.005 for k in known):
            return False
    return True
