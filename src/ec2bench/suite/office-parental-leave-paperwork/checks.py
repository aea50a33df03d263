"""Checks for office-parental-leave-paperwork."""

from __future__ import annotations

from ec2bench.grading.checks import GradingContext


def auto_reply_window(ctx: GradingContext, start: str, ends: list[str]) -> bool:
    """The mailbox auto-reply starts on the first day of leave and ends on a valid last day.

    Ending on the last working day, the last day of leave or the return date are all reasonable.
    """
    settings = {s["key"]: s["value"] for s in ctx.state.get("integrations", {}).get("settings", [])
                if s["integration_id"] == "INT-0001"}
    return str(settings.get("start_date")).strip() == start and str(settings.get("end_date")).strip() in ends
