"""Task-specific checks for automation-backup-retention."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import occurs
from ec2bench.grading.forms import mentions

# a whole number standing alone: not part of a time (01:30), an id (R-0010), a decimal or a word
_NUM = re.compile(r"(?<![\w:.\-/#])(\d+)(?![\w:/]|\.\d)")
# a number of days: "30 days", "30-day", "30d", "30 天"
_DAYS = re.compile(r"(?<![\w:.\-/#])(\d+)\s*-?\s*(?:days?(?![a-z])|d(?![a-z])|天|日)", re.I)
# the value a retention clause states: "retention_days 90 -> 30", "retention lowered to 30", "保留期改为30"
_RETENTION = re.compile(r"(?:retention(?:_days)?|retain\w*|keep\w*|保留\w*)([^.;\n。；]{0,40})", re.I)


def day_values(text: str) -> set[int]:
    """The numbers `text` states as a number of days or as a retention value."""
    found = {int(m[1]) for m in _DAYS.finditer(text or "")}
    for clause in _RETENTION.finditer(text or ""):
        found |= {int(n) for n in _NUM.findall(clause[1])}
    return found


def ticket_note_right(ctx: Any, ticket_id: str, run_ids: list[str], days: int, time: str) -> bool:
    """An internal comment of the user's on the ticket names the manual runs, the new retention in days and
    the prune time."""
    for ticket in ctx.state.get("helpdesk", {}).get("tickets", []):
        if ticket["id"] != ticket_id:
            continue
        for comment in ticket.get("comments") or []:
            text = comment.get("text") or ""
            if (comment.get("author") == "me" and comment.get("internal")
                    and all(occurs(r, text) for r in run_ids)
                    and days in day_values(text) and mentions("time", time, text)):
                return True
    return False


def ops_summary_right(ctx: Any, integration_id: str, days: int, time: str) -> bool:
    """A notification through the webhook states the new retention in days and the prune time."""
    for note in ctx.state.get("integrations", {}).get("notifications", []):
        text = note.get("message") or ""
        if note.get("integration_id") == integration_id and days in day_values(text) and mentions("time", time, text):
            return True
    return False


def prune_then_backup(ctx: Any, prune_job: str, backup_job: str) -> bool:
    """A manual run of the backup job was triggered after a manual run of the prune job (run ids rise in
    the order runs are made)."""
    runs = ctx.state.get("scheduler", {}).get("runs", [])
    manual = [(r["id"], r["job_id"]) for r in runs if r.get("trigger") == "manual"]
    prunes = [rid for rid, job in manual if job == prune_job]
    backups = [rid for rid, job in manual if job == backup_job]
    return bool(prunes and backups and max(backups) > min(prunes))
