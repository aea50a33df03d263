"""Task-specific checks for automation-helpdesk-triage-rules."""

from __future__ import annotations

from typing import Any

from ec2bench.core.textmatch import occurs


def public_replies(ctx: Any, replies: dict[str, str]) -> float:
    """Fraction of tickets (id -> handler name) that got a public (not internal) comment from the user naming the handler."""
    tickets = {t["id"]: t for t in ctx.state.get("helpdesk", {}).get("tickets", [])}
    done = 0
    for ticket_id, handler in replies.items():
        comments = tickets.get(ticket_id, {}).get("comments", [])
        if any(c.get("author") == "me" and not c.get("internal") and occurs(handler, c.get("text", "")) for c in comments):
            done += 1
    return done / len(replies) if replies else 0.0
