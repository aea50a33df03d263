"""Task-specific checks for office-supplier-dunning-reply-zh."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import occurs

_YUAN = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(万)?\s*元")
_DAYS = re.compile(r"(?<![\d.])(\d+)\s*(?:个)?(?:自然日|工作日|天|日内)")


def figures_right(ctx: Any, to: str, amounts: list[float], days: list[int]) -> bool:
    """Some mail went to `to`, and every figure the mails to `to` state is one of the right ones: each amount in 元
    (also written in 万元) is one of `amounts`, each number of days one of `days`."""
    bodies = [m.get("body") or "" for m in ctx.state.get("email", {}).get("sent", [])
              if any(occurs(to, t) for t in m.get("to") or [])]
    if not bodies:
        return False
    for body in bodies:
        for m in _YUAN.finditer(body):
            value = float(m[1].replace(",", "")) * (10000 if m[2] else 1)
            if not any(abs(value - a) < 0.005 for a in amounts):
                return False
        if any(int(m[1]) not in days for m in _DAYS.finditer(body)):
            return False
    return True
