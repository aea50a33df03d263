"""Normalised text matching, shared by graders and the privacy audit so both agree on "occurs".

Normalisation: Unicode NFKC (full-width to half-width), case folding, whitespace collapsed.
A needle that is mostly digits (a phone, an ID, an account or an amount) also matches with
any of ` -./,` between its digits, but never as part of a longer digit run, so `139 1234 5678`
matches `13912345678` and `1200` does not match inside `51200`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SPACE = re.compile(r"\s+")
_SEPARATORS = r"[\s\-./,]?"


def normalize(text: str) -> str:
    """NFKC, casefold, collapse whitespace."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _numeric(needle: str) -> bool:
    digits = sum(ch.isdigit() for ch in needle)
    return digits >= 3 and digits >= 0.6 * len(re.sub(r"[\s\-./,+()]", "", needle))


@lru_cache(maxsize=4096)
def _pattern(needle: str) -> re.Pattern[str]:
    norm = normalize(needle)
    if _numeric(norm):
        chunks = [re.escape(ch) for ch in re.sub(r"[\s\-./,]", "", norm)]
        body = _SEPARATORS.join(chunks)
        return re.compile(rf"(?<!\d){body}(?!\d)")
    return re.compile(re.escape(norm))


def occurs(needle: str, haystack: str) -> bool:
    """Whether `needle` occurs in `haystack` after normalisation (see module docstring)."""
    if not needle.strip():
        return False
    return _pattern(needle).search(normalize(haystack)) is not None


def find_normalized(needle: str, normalized_haystack: str) -> tuple[int, int] | None:
    """Where `needle` occurs in a haystack already passed through `normalize`, or None."""
    if not needle.strip():
        return None
    match = _pattern(needle).search(normalized_haystack)
    return match.span() if match else None
