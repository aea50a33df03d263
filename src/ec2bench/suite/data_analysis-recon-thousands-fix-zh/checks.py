"""Task-specific checks for data_analysis-recon-thousands-fix-zh."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import normalize
from ec2bench.grading.forms import mentions

_CLAUSE = re.compile(r"[，。；;\n！？!?]|,(?!\d{3})")


def _texts(ctx: Any, target: str) -> list[str]:
    if target == "answer":
        return [ctx.answer or ""]
    return [m.get("body") or "" for m in ctx.state.get("email", {}).get("sent", [])
            if any(normalize(t) == normalize(target) for t in m.get("to") or [])]


def recovery_amount(ctx: Any, target: str, expected: float, wrong: list[float], cues: list[str]) -> bool:
    """True when the deliverable (`answer`, or the mail sent to the address `target`) says the amount to
    recover is `expected`: some clause with a recovery cue (追回, 退回, ...) gives it, and no such clause
    gives one of the `wrong` amounts (the unpaid ledger entry, or the two added up)."""
    for text in _texts(ctx, target):
        clauses = [c for c in _CLAUSE.split(text) if any(cue in c for cue in cues)]
        right = any(mentions("amount", expected, c) for c in clauses)
        if right and not any(mentions("amount", w, c) for c in clauses for w in wrong):
            return True
    return False
