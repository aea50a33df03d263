"""Scheduler check kinds: a job's cron schedule, jobs paused, and what runs when the clock moves on."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from typing import Annotated, Any

from pydantic import AfterValidator, Field, field_validator

from ec2bench.env.apps.cron import CronError, check_cron, same_schedule
from ec2bench.env.apps.scheduler import DueRun, due_runs
from ec2bench.env.clock import stamp
from ec2bench.grading.checks import (
    CheckedWhere,
    CheckParamError,
    CheckParams,
    GradingContext,
    record_matches,
    register_check,
)
from ec2bench.grading.graded_task import GradedTask
from ec2bench.grading.kinds.base import fixture_records, need_app
from ec2bench.grading.rubric import CheckOutcome


class JobScheduleParams(CheckParams):
    job_id: str
    schedule: str

    @field_validator("schedule")
    @classmethod
    def _valid_cron(cls, schedule: str) -> str:
        check_cron(schedule)  # CronError is a ValueError: a task-load error naming the field and the problem
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


# -- the clock moved on ------------------------------------------------------------------------

_DURATION_UNITS = (("d", timedelta(days=1)), ("h", timedelta(hours=1)), ("m", timedelta(minutes=1)))
MAX_ADVANCE = timedelta(days=400)  # a year and a month: every monthly and yearly schedule shows itself


def parse_duration(text: str) -> timedelta:
    """`62d`, `36h`, `90m`, `1d12h`: how far a check moves the clock (at most `MAX_ADVANCE`)."""
    rest, total = text.strip(), timedelta()
    for unit, size in _DURATION_UNITS:
        count, found, after = rest.partition(unit)
        if found:
            if not (count.isascii() and count.isdigit()):
                break
            total, rest = total + int(count) * size, after
    if rest or not timedelta() < total <= MAX_ADVANCE:
        raise ValueError(f"a duration is days, hours and minutes up to {MAX_ADVANCE.days}d, "
                         f"such as 62d, 36h, 1d12h or 90m; got {text!r}")
    return total


def _duration(text: str) -> str:
    """A pydantic after-validator: a duration `parse_duration` reads, kept as written."""
    parse_duration(text)
    return text


def _moment(text: str) -> str:
    """A pydantic after-validator: a local time to the minute, `YYYY-MM-DDTHH:MM`, as runs are stamped."""
    try:
        parsed = datetime.strptime(text, "%Y-%m-%dT%H:%M")
    except ValueError:
        raise ValueError(f"a run time is YYYY-MM-DDTHH:MM (the task's local time), got {text!r}") from None
    if stamp(parsed) != text:
        raise ValueError(f"a run time is YYYY-MM-DDTHH:MM (the task's local time), got {text!r}")
    return text


def runs_after(ctx: GradingContext, advance: str, jobs: dict[str, Any] | None = None,
               limit: int = 1000) -> list[DueRun]:
    """For `python` checks: the runs the scheduler's end state makes due when the clock moves from the
    task's `now` by `advance` (`62d`, `36h`), in time order, of the enabled jobs matching `jobs` (a
    `where` over job fields; all jobs without one), at most `limit` per job. Needs a task `now`."""
    now = ctx.task.spec.now
    if now is None:
        raise ValueError("moving the clock needs the task's now")
    chosen = [j for j in ctx.state.get("scheduler", {}).get("jobs", []) if record_matches(j, jobs or {})]
    return due_runs(chosen, now, now + parse_duration(advance), limit)


class ScheduledRunsParams(CheckParams):
    advance: Annotated[str, AfterValidator(_duration)]
    jobs: CheckedWhere = Field(default_factory=dict)
    runs: list[Annotated[str, AfterValidator(_moment)]]


def _runs_in_window(p: ScheduledRunsParams, task: GradedTask) -> None:
    need_app(task, "scheduler", "scheduled_runs")
    now = task.spec.now
    if now is None:
        raise CheckParamError("scheduled_runs moves the task's clock: the task needs a `now`")
    first, last = stamp(now), stamp(now + parse_duration(p.advance))
    if outside := [r for r in p.runs if not first < r <= last]:
        raise CheckParamError(f"runs: {', '.join(outside)} not after now ({first}) and within {p.advance} ({last})")


@register_check("scheduled_runs", ScheduledRunsParams, on_load=_runs_in_window)
def scheduled_runs(p: ScheduledRunsParams, ctx: GradingContext) -> float | CheckOutcome:
    """The clock moves from the task's `now` by `advance`; the enabled jobs matching `jobs` must run at
    exactly the moments `runs` (a moment listed twice: two runs then). 0 when they run at any other
    moment, or twice where once is expected; else the fraction of `runs` that happen."""
    due = runs_after(ctx, p.advance, p.jobs, limit=len(p.runs) + 1)
    expected, actual = Counter(p.runs), Counter(r.started for r in due)
    if extra := actual - expected:
        detail = [f"{r.job_id} at {r.started}" for r in due if r.started in extra][:10]
        return CheckOutcome(0.0, {"unexpected_runs": detail})
    if not expected:
        return 1.0
    missing = expected - actual
    score = 1 - sum(missing.values()) / sum(expected.values())
    return CheckOutcome(score, {"missing_runs": sorted(missing.elements())}) if missing else score
