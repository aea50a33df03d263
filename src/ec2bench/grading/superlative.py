"""Which name a text calls the highest or the lowest: a check for a `kind: python` function of a task's checks.py.

"完成率最高的是孙浩（148.3%），赵敏 114.8%" names 赵敏 and says 最高, yet calls 孙浩 the top; a literal, `affirms` or a
form cannot tell them apart. `superlative_named` reads the name each cue (最高, 最低, highest, ...) is attributed to,
in its clause or its sentence, and the rate beside it. Tasks import it (`from ec2bench.grading.superlative import
superlative_named`) and name it as their check's `function`.
"""

from __future__ import annotations

from typing import Any

from ec2bench.core.textmatch import normalize
from ec2bench.grading.forms import mentions

_SENTENCE_END = "。；;\n！？!?"
_CLAUSE_END = _SENTENCE_END + "，,、"


def _texts(ctx: Any, target: str) -> list[str]:
    if target == "answer":
        return [ctx.answer or ""]
    if target.startswith("chat:"):
        channel = target.removeprefix("chat:")
        return [m["text"] or "" for m in ctx.state.get("chat", {}).get("messages", [])
                if m["sender"] == "me" and normalize(m["channel"]) == normalize(channel)]
    path = (ctx.root / target).resolve()
    if not path.is_relative_to(ctx.root.resolve()) or not path.is_file():
        return []
    return [path.read_text(encoding="utf-8", errors="replace")]


def superlative_of(text: str, names: list[str], cues: list[str]) -> set[str]:
    """The names a text calls the superlative (最低, 最高, ...): for each cue, the name its clause gives
    (the nearest one before the cue when the clause gives several, the one after when none is before),
    else the last name given earlier in its sentence ("武林店 37.5%，复购率最低")."""
    found: set[str] = set()
    for cue in cues:
        start = text.find(cue)
        while start != -1:
            c0 = max((text.rfind(ch, 0, start) for ch in _CLAUSE_END), default=-1) + 1
            ends = [e for e in (text.find(ch, start) for ch in _CLAUSE_END) if e != -1]
            c1 = min(ends) if ends else len(text)
            s0 = max((text.rfind(ch, 0, start) for ch in _SENTENCE_END), default=-1) + 1
            before = [(text.rfind(n, c0, start), n) for n in names if text.rfind(n, c0, start) != -1]
            after = [(text.find(n, start, c1), n) for n in names if text.find(n, start, c1) != -1]
            earlier = [(text.rfind(n, s0, c0), n) for n in names if text.rfind(n, s0, c0) != -1]
            if any(neg in text[max(c0, start - 3):start] for neg in ("不", "非", "没")):
                pass  # "不是最低", "并非最高": the cue is negated, it names nobody
            elif before:
                found.add(max(before)[1])
            elif after:
                found.add(min(after)[1])
            elif earlier:
                found.add(max(earlier)[1])
            start = text.find(cue, start + len(cue))
    return found


def superlative_named(ctx: Any, target: str, expected: str, others: list[str], cues: list[str], percent: float) -> bool:
    """True when the deliverable (`answer`, `chat:<channel>` for the user's posts there, or a workspace file)
    calls `expected` the superlative (a cue such as 最低 attributed to it by `superlative_of`) and no other
    name, and the same text gives `expected`'s rate `percent`: the top (or bottom) one is said to be the right one,
    not merely named next to the word."""
    for text in _texts(ctx, target):
        named = superlative_of(text, [expected, *others], cues)
        if expected in named and not named & set(others) and mentions("percent", percent, text):
            return True
    return False
