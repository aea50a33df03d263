"""Task-specific checks for data_analysis-east-q3-sales."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import normalize, occurs
from ec2bench.grading.forms import mentions

_CLAUSE = re.compile(r"[，。；;,\n！？!?]")


def top_named(ctx: Any, channel: str, expected: str, others: list[str], cues: list[str], percent: float) -> bool:
    """True when one of the user's posts in `channel` has a clause with a superlative cue (最高, 第一, ...)
    that names `expected` with its rate `percent` and none of `others`: the top performer is said to be
    the right person, not merely mentioned next to the word."""
    for m in ctx.state.get("chat", {}).get("messages", []):
        if m["sender"] != "me" or normalize(m["channel"]) != normalize(channel):
            continue
        clauses = _CLAUSE.split(m["text"] or "")
        for clause in clauses:
            if (any(c in clause for c in cues) and occurs(expected, clause)
                    and not any(occurs(o, clause) for o in others) and mentions("percent", percent, m["text"])):
                return True
    return False
