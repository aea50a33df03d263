"""Precision of a final answer: an answer that lists everything earns nothing for what it lists.

`answer_contains` asks whether the final answer mentions a fact. Recall alone rewards a dump: an
agent that pastes everything it read, or every number and id it saw, "mentions" the fact without
having found it. Two guards measure the answer against the task's reference answer (the last step
of `reference`), so they need no per-task configuration:

* **length**: an answer longer than `STUFFED_FACTOR` times the reference answer, and longer than
  `STUFFED_FLOOR_CHARS` in any case, is a dump; every `answer_contains` item scores 0 on it.
  The floor leaves room for a real model's fuller prose (reference answers run 100–700 characters);
  the factor scales it for tasks whose answer is a list.
* **crowding**: an item whose value has a recognisable kind (an email address, an ISO date, an id
  such as INV-2317 or J-0031, a number; or a typed `{amount: …}` / `{date: …}` / `{percent: …}`)
  scores 0 when the answer names more distinct values of that kind than the reference answer does
  by a wide margin (`crowded_limit`): naming the right invoice among every invoice id is not
  naming the right invoice.

A paraphrase, a different order or another spelling of the same facts keeps its credit: the
guards count values, not words, and leave generous slack over the reference.
"""

from __future__ import annotations

import re
from typing import Any

STUFFED_FACTOR = 5.0
STUFFED_FLOOR_CHARS = 1500

_KINDS: dict[str, re.Pattern[str]] = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"),
    "date": re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    "id": re.compile(r"\b[A-Z][A-Z0-9]{0,7}-\d{2,}\b"),
    "number": re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])"),
}
_TYPED_KINDS = {"amount": "number", "percent": "number", "date": "date"}


def stuffed_reason(answer: str, reference: str) -> str | None:
    """Why `answer` is a dump measured against `reference`, or None when it is not."""
    limit = max(STUFFED_FLOOR_CHARS, STUFFED_FACTOR * len(reference))
    if len(answer) > limit:
        return f"the answer has {len(answer)} characters, over {limit:.0f} (a dump earns nothing)"
    return None


def kind_of(item: str | dict[str, Any]) -> str | None:
    """The kind of value an `answer_contains` item asks for, or None for words and phrases."""
    if isinstance(item, dict):
        return _TYPED_KINDS.get(next(iter(item)))
    text = item.strip()
    for kind, pattern in _KINDS.items():
        if pattern.fullmatch(text):
            return kind
    return None


def values_of(kind: str, text: str) -> set[str]:
    """The distinct values of `kind` in `text` (numbers without thousands separators)."""
    found = _KINDS[kind].findall(text)
    if kind == "number":
        return {v.replace(",", "") for v in found}
    return {v.lower() for v in found}


def crowded_limit(reference_count: int) -> int:
    """How many distinct values of a kind an answer may name when the reference names `reference_count`."""
    return reference_count + max(reference_count, 5)


def crowded_reason(item: str | dict[str, Any], answer: str, reference: str) -> str | None:
    """Why `item` earns nothing in `answer` because the answer names too many values of its kind, or None."""
    kind = kind_of(item)
    if kind is None:
        return None
    named, in_reference = len(values_of(kind, answer)), len(values_of(kind, reference))
    limit = crowded_limit(in_reference)
    if named > limit:
        return f"the answer names {named} distinct {kind} values, over {limit} (the reference names {in_reference})"
    return None
