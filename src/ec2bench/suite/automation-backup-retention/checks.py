"""Task-specific checks for automation-backup-retention."""

from __future__ import annotations

from typing import Any

from ec2bench.env.apps.cron import CronError, same_schedule


def job_schedule_is(ctx: Any, job_id: str, schedule: str) -> bool:
    """True when the job's cron expression selects the same times as `schedule`, however it is spelled."""
    for job in ctx.state.get("scheduler", {}).get("jobs", []):
        if job["id"] == job_id:
            try:
                return same_schedule(job["schedule"], schedule)
            except CronError:
                return False
    return False
