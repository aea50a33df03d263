"""Task-specific checks for data_analysis-nps-survey-readout."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import normalize, occurs
from ec2bench.grading.forms import mentions

_PARENS = re.compile(r"\([^()]*\)|（[^（）]*）")
_CLAUSE = re.compile(r"[;；.。\n]|,(?!\d{3})|，|(?<![a-z])(?:and|while|whereas|but)(?![a-z])", re.I)


def theme_counts(ctx: Any, channel: str, total: int, counts: dict[str, int]) -> bool:
    """True when one of the user's posts in `channel` gives the `total` and, for each theme keyword, a clause
    that names the theme with its own count and with none of the other themes' counts ("8 mention exports
    and 5 mention SSO"; asides in brackets are left out), so swapped counts do not pass."""
    for m in ctx.state.get("chat", {}).get("messages", []):
        if m["sender"] != "me" or normalize(m["channel"]) != normalize(channel):
            continue
        text = m["text"] or ""
        if not mentions("amount", total, text):
            continue
        clauses = _CLAUSE.split(_PARENS.sub(" ", text))
        if all(any(occurs(theme, c) and mentions("amount", n, c)
                   and not any(mentions("amount", o, c) for t, o in counts.items() if t != theme and o != n)
                   for c in clauses)
               for theme, n in counts.items()):
            return True
    return False
