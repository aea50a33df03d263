"""Task-specific checks for automation-oncall-swap.

Who covers what is a pairing: "Arjun is primary and Lena secondary" and "Lena is primary and Arjun secondary"
mention the same words. A pair holds when some mention of its cue (a role, a week) is said of the expected
person (the nearest name before it in its clause, else after it), so the post and the answer are read for who
was put where.
"""

from __future__ import annotations

import re
from typing import Any

_CLAUSE_END = re.compile(r"[.;!?\n,](?!\d)|\b(?:and|but|while|whereas)\b", re.IGNORECASE)


def _spans(pattern: str, text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(pattern, text, re.IGNORECASE)]


def _person_for(cue: tuple[int, int], text: str, mentions: list[tuple[str, tuple[int, int]]]) -> str | None:
    """The person a cue mention is said of: the nearest name before it in its clause ("Arjun is primary"),
    else the nearest after it ("primary: Arjun"); None when its clause names nobody."""
    start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, cue[0])), default=0)
    stop = next((m.start() for m in _CLAUSE_END.finditer(text, cue[1])), len(text))
    before = [(span[1], name) for name, span in mentions if start <= span[0] and span[1] <= cue[0]]
    if before:
        return max(before)[1]
    after = [(span[0], name) for name, span in mentions if cue[1] <= span[0] and span[1] <= stop]
    return min(after)[1] if after else None


def pairs_held(text: str, pairs: list[dict[str, str]], names: list[str]) -> float:
    """The fraction of `pairs` ({name, cue}: regexes) for which some mention of the cue is said of the pair's
    name (`_person_for`)."""
    if not text:
        return 0.0
    mentions = [(name, span) for name in names for span in _spans(name, text)]
    held = sum(any(_person_for(cue, text, mentions) == pair["name"] for cue in _spans(pair["cue"], text))
               for pair in pairs)
    return held / len(pairs)


def post_pairs(ctx: Any, channel: str, pairs: list[dict[str, str]], names: list[str],
               forbidden: list[str] | None = None) -> float:
    """The best of the user's posts in `channel` (none holding a `forbidden` text) by `pairs_held`."""
    best = 0.0
    for msg in ctx.state.get("chat", {}).get("messages", []):
        text = msg.get("text") or ""
        if msg.get("channel") != channel or msg.get("sender") != "me":
            continue
        if any(f.lower() in text.lower() for f in forbidden or []):
            continue
        best = max(best, pairs_held(text, pairs, names))
    return best


def answer_pairs(ctx: Any, pairs: list[dict[str, str]], names: list[str]) -> float:
    return pairs_held(ctx.answer or "", pairs, names)
