"""Scheduler check kinds: a job's cron schedule, and jobs paused."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from ec2bench.env.apps.cron import CronError, parse_cron, same_schedule
from ec2bench.grading.checks import CheckParamError, CheckParams, GradingContext, register_check
from ec2bench.grading.graded_task import GradedTask
from ec2bench.grading.kinds.base import fixture_records, need_app


class JobScheduleParams(CheckParams):
    job_id: str
    schedule: str

    @field_validator("schedule")
    @classmethod
    def _valid_cron(cls, schedule: str) -> str:
        parse_cron(schedule)  # CronError is a ValueError: a task-load error naming the field and the problem
        return schedule


def _scheduler(p: JobScheduleParams, task: GradedTask) -> None:
    need_app(task, "scheduler", "job_schedule")


@register_check("job_schedule", JobScheduleParams, on_load=_scheduler)
def job_schedule(p: JobScheduleParams, ctx: GradingContext) -> float:
    """1 when the job `job_id` runs on `schedule`: its cron expression selects the same minutes, hours,
    days, months and weekdays however it is spelled (`*/15` or `0,15,30,45`, `THU` or `4`, `@daily`);
    0 when there is no such job."""
    for job in ctx.state.get("scheduler", {}).get("jobs", []):
        if job["id"] == p.job_id:
            try:
                return float(same_schedule(job["schedule"], p.schedule))
            except CronError:  # the app refuses a malformed schedule, so only a broken fixture gets here
                return 0.0
    return 0.0


class JobsPausedParams(CheckParams):
    job_ids: Annotated[list[str], Field(min_length=1)]


def _jobs_known(p: JobsPausedParams, task: GradedTask) -> None:
    need_app(task, "scheduler", "jobs_paused")
    jobs = fixture_records(task, "scheduler", "jobs")
    if missing := [j for j in p.job_ids if j not in jobs]:
        raise CheckParamError(f"job_ids: no scheduler job {', '.join(missing)} in the fixtures")


@register_check("jobs_paused", JobsPausedParams, on_load=_jobs_known)
def jobs_paused(p: JobsPausedParams, ctx: GradingContext) -> float:
    """Partial credit: the fraction of the jobs `job_ids` that are paused (`enabled: false`) at the end."""
    jobs = {j["id"]: j for j in ctx.state.get("scheduler", {}).get("jobs", [])}
    return sum(not jobs.get(j, {}).get("enabled", True) for j in p.job_ids) / len(p.job_ids)
