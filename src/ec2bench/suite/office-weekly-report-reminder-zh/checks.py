"""Checks for office-weekly-report-reminder-zh."""

from __future__ import annotations

from ec2bench.env.apps.cron import same_schedule
from ec2bench.grading.checks import GradingContext


def job_schedule_is(ctx: GradingContext, job_id: str, schedule: str) -> bool:
    """The job's cron expression selects the same times as `schedule`, however it is spelled (`THU` or `4`)."""
    job = next((j for j in ctx.state.get("scheduler", {}).get("jobs", []) if j["id"] == job_id), None)
    return job is not None and same_schedule(job["schedule"], schedule)
