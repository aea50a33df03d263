"""Search terms shared by the apps that rank text (web, knowledge base).

Words are runs of word characters, lower-cased. Chinese has no spaces, so a run of Han characters
becomes its overlapping character bigrams (a lone character is its own term).
"""

from __future__ import annotations

import re

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN = re.compile(f"[{HAN}]+|[^\\W{HAN}]+")
_HAN_START = re.compile(f"[{HAN}]")


def is_han(term: str) -> bool:
    """Whether a term is Chinese (matched as a substring, not at word starts)."""
    return _HAN_START.match(term) is not None


def search_terms(text: str) -> list[str]:
    """The distinct terms of a text, in order of first appearance."""
    out: dict[str, None] = {}
    for tok in _TOKEN.findall(text.casefold()):
        grams = [tok[i : i + 2] for i in range(len(tok) - 1)] if is_han(tok) and len(tok) > 1 else [tok]
        out.update(dict.fromkeys(grams))
    return list(out)
