"""Checks for office-newsletter-rebrand-send."""

from __future__ import annotations

from ec2bench.env.apps.cron import same_schedule
from ec2bench.grading.checks import GradingContext
from ec2bench.core.textmatch import occurs


def rebranded(ctx: GradingContext, path: str, new: str, old: str) -> bool:
    """The file exists, uses the new name and no longer the old one."""
    target = (ctx.root / path).resolve()
    if not target.is_relative_to(ctx.root.resolve()) or not target.is_file():
        return False
    text = target.read_text(encoding="utf-8", errors="replace")
    return occurs(new, text) and not occurs(old, text)


def job_schedule_is(ctx: GradingContext, job_id: str, schedule: str) -> bool:
    """The job's cron expression selects the same times as `schedule`, however it is spelled."""
    job = next((j for j in ctx.state.get("scheduler", {}).get("jobs", []) if j["id"] == job_id), None)
    return job is not None and same_schedule(job["schedule"], schedule)
