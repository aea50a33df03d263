"""Checks for office-board-pack-assembly that the declarative kinds cannot express."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def pack_received(ctx: GradingContext, people: list[str], texts: list[str]) -> float:
    """Share of `people` who got (as to or cc) a sent mail with an attachment containing every one of `texts`.

    A pack sent to the Chair with the other trustees in cc is as valid as one mail to all of them."""
    got: set[str] = set()
    for mail in ctx.state.get("email", {}).get("sent", []):
        if any(all(occurs(t, a.get("text") or "") for t in texts) for a in mail.get("attached") or []):
            got.update(addr.lower() for addr in [*(mail.get("to") or []), *(mail.get("cc") or [])])
    return sum(p.lower() in got for p in people) / len(people)
