"""Scheduler: cron jobs, their run history and run logs.

The agent inspects jobs and logs, creates, edits and deletes jobs, pauses and resumes them,
previews when a schedule would run, and triggers a run by hand (recorded as a `queued` run:
nothing executes in the workspace). Schedules must be valid cron expressions, read by croniter
(`ec2bench.env.apps.cron`). A paused job can still be triggered by hand, as in most schedulers;
tasks that forbid running a job check for the absence of its manual run.

The task's clock (`ec2bench.env.clock`) decides what is due: `next_run` and `preview_schedule`
count from it, and `due_runs` says which jobs of a state run in a stretch of time after it, which
is how checks move the clock forward (`ec2bench.grading.kinds.scheduler`). A job's `command` is
what it would run, recorded on its runs; nothing executes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

from ec2bench.env.apps.base import FixtureError, Record, RecordApp, matches, paginate
from ec2bench.env.apps.cron import CronError, check_cron, next_run, runs_between
from ec2bench.env.clock import stamp
from ec2bench.env.tools import ToolError

RunStatus = Literal["queued", "running", "succeeded", "failed", "cancelled"]


def _valid_cron(expr: str) -> str:
    check_cron(expr)  # CronError is a ValueError: a fixture with a bad schedule fails loading
    return expr


def _schedule_arg(schedule: str) -> str:
    """A schedule an agent sent, whitespace collapsed; a `ToolError` naming the field at fault."""
    try:
        return check_cron(schedule)
    except CronError as exc:
        raise ToolError(f"invalid cron expression: {exc}") from None


def _text_arg(name: str, value: str) -> str:
    """A name or command an agent sent, stripped; blank is a `ToolError`."""
    if not value.strip():
        raise ToolError(f"{name} must not be empty")
    return value.strip()


class Job(Record):
    id: str
    name: str
    schedule: Annotated[str, AfterValidator(_valid_cron)]
    command: str
    enabled: bool = True
    owner: str | None = None
    description: str | None = None


class Run(Record):
    id: str
    job_id: str
    status: RunStatus
    started: str
    duration_seconds: float | None = Field(default=None, ge=0)
    trigger: Literal["schedule", "manual"] = "schedule"
    log: str = ""


class SchedulerApp(RecordApp):
    name = "scheduler"
    collections = {"jobs": Job, "runs": Run}

    def load(self, fixture: dict[str, Any]) -> None:
        super().load(fixture)
        ids = {j.id for j in self.data["jobs"]}
        orphan = next((r for r in self.data["runs"] if r.job_id not in ids), None)
        if orphan:
            raise FixtureError(f"runs: {orphan.id} belongs to unknown job {orphan.job_id!r}")

    def list_jobs(
        self, query: str = "", owner: str | None = None, enabled: bool | None = None, limit: int = 50
    ) -> list[dict]:
        """List jobs (id, name, schedule, enabled, owner) with the status and start of each one's latest run,
        and for an enabled job its next scheduled run.

        Args:
            query: text matched against name, command and description (case-insensitive); empty lists all.
            owner: only jobs of this owner (case-insensitive).
            enabled: only enabled (true) or only paused (false) jobs.
            limit: maximum number of results.
        """
        hits = [
            j
            for j in self.data["jobs"]
            if (not query or any(matches(f, query) for f in (j.name, j.command, j.description)))
            and (owner is None or (j.owner or "").casefold() == owner.casefold())
            and (enabled is None or j.enabled == enabled)
        ]
        out = []
        for j in paginate(hits, limit):
            latest = self._runs(j.id)[:1]
            row = j.model_dump(include={"id", "name", "schedule", "enabled", "owner"}, exclude_none=True)
            row |= {"last_run": latest[0].model_dump(include={"id", "status", "started"}) if latest else None}
            out.append(row | self._next(j))
        return out

    def _next(self, job: Job) -> dict[str, str | None]:
        """`next_run` of an enabled job from the task's clock (nothing without a clock)."""
        if self.now is None:
            return {}
        moment = next_run(job.schedule, self.now) if job.enabled else None
        return {"next_run": stamp(moment) if moment else None}

    def get_job(self, job_id: str, runs: int = 5) -> dict:
        """Read one job in full with its next scheduled run and its most recent runs, newest first (without their logs).

        Args:
            job_id: the job's id, e.g. `J-0001`.
            runs: how many recent runs to include.
        """
        job = self._get("jobs", job_id)
        recent = paginate(self._runs(job_id), runs)
        return job.model_dump(mode="json", exclude_none=True) | self._next(job) | {
            "runs": [r.model_dump(mode="json", exclude={"log", "job_id"}, exclude_none=True) for r in recent]
        }

    def read_log(self, run_id: str, max_chars: int = 8000) -> dict:
        """Read one run with its log; a long log is cut from the start, keeping its end, where errors usually are.

        Args:
            run_id: the run's id, e.g. `R-0001`.
            max_chars: at most this many characters of the log (its last ones).
        """
        run = self._get("runs", run_id)
        if max_chars < 1:
            raise ToolError("max_chars must be at least 1")
        log = run.log
        if len(log) > max_chars:
            log = f"[... {len(log) - max_chars} earlier characters cut ...]\n" + log[-max_chars:]
        return run.model_dump(mode="json", exclude={"log"}, exclude_none=True) | {"log": log}

    def pause(self, job_id: str) -> dict:
        """Pause a job: it no longer runs on its schedule until resumed.

        Args:
            job_id: the job's id.
        """
        return self._set_enabled(job_id, False)

    def resume(self, job_id: str) -> dict:
        """Resume a paused job: it runs on its schedule again.

        Args:
            job_id: the job's id.
        """
        return self._set_enabled(job_id, True)

    def trigger(self, job_id: str) -> Run:
        """Run a job now, outside its schedule; the run is queued (also for a paused job).

        Args:
            job_id: the job's id.
        """
        self._get("jobs", job_id)
        run = Run(id=self._next_id("runs", "R"), job_id=job_id, status="queued", started=self.timestamp(), trigger="manual")
        self.data["runs"].append(run)
        return run

    def set_schedule(self, job_id: str, schedule: str) -> dict:
        """Change a job's schedule to a new cron expression; returns the old and the new one.

        Args:
            job_id: the job's id.
            schedule: five fields `minute hour day-of-month month day-of-week`, e.g. `30 2 * * MON-FRI`;
                lists (`1,15`), ranges (`1-5`), steps (`*/10`), names (`JAN`, `MON`), `L` in day of month
                (its last day) and in day of week `L5` (the month's last Friday) or `5#2` (its second).
        """
        job = self._get("jobs", job_id)
        old, job.schedule = job.schedule, _schedule_arg(schedule)
        return {"job_id": job_id, "old": old, "new": job.schedule}

    def create_job(self, name: str, schedule: str, command: str, description: str | None = None,
                   owner: str | None = None, enabled: bool = True) -> dict:
        """Create a job that runs `command` on a cron schedule; returns it with its next run.

        Args:
            name: a short name people recognise, e.g. `Month-end close reminder`.
            schedule: a cron expression, as for `set_schedule`, e.g. `0 17 L * *` (17:00 on the month's last day).
            command: the command or action the job runs, e.g. `notify --channel finance --template close`.
            description: what the job is for.
            owner: who is responsible for it.
            enabled: false creates it paused.
        """
        job = Job(id=self._next_id("jobs", "J"), name=_text_arg("name", name), schedule=_schedule_arg(schedule),
                  command=_text_arg("command", command), description=description, owner=owner, enabled=enabled)
        self.data["jobs"].append(job)
        return job.model_dump(mode="json", exclude_none=True) | self._next(job)

    def update_job(self, job_id: str, name: str | None = None, schedule: str | None = None, command: str | None = None,
                   description: str | None = None, owner: str | None = None) -> dict:
        """Change the given fields of a job (pause and resume change whether it runs); returns each
        changed field's old and new value.

        Args:
            job_id: the job's id.
            name: a new name.
            schedule: a new cron expression, as for `set_schedule`.
            command: the new command or action it runs.
            description: a new description.
            owner: a new owner.
        """
        job = self._get("jobs", job_id)
        new = {"name": None if name is None else _text_arg("name", name),
               "schedule": None if schedule is None else _schedule_arg(schedule),
               "command": None if command is None else _text_arg("command", command),
               "description": description, "owner": owner}
        changed = {f: {"old": getattr(job, f), "new": v} for f, v in new.items() if v is not None and v != getattr(job, f)}
        if not changed:
            raise ToolError(f"nothing to change: give at least one field that differs from job {job_id}'s")
        for field, values in changed.items():
            setattr(job, field, values["new"])
        return {"job_id": job_id, "changed": changed} | self._next(job)

    def delete_job(self, job_id: str) -> dict:
        """Delete a job: it never runs again. Its past runs and their logs are kept.

        Args:
            job_id: the job's id.
        """
        job = self._get("jobs", job_id)
        self.data["jobs"].remove(job)
        return {"job_id": job_id, "deleted": job.name, "runs_kept": len(self._runs(job_id))}

    def preview_schedule(self, schedule: str, count: int = 5) -> dict:
        """When a cron expression would run next, counted from now (the task's clock): a way to check a
        schedule before giving it to a job.

        Args:
            schedule: a cron expression, as for `set_schedule`.
            count: how many upcoming runs to list (1-50).
        """
        text = _schedule_arg(schedule)
        if not 1 <= count <= 50:
            raise ToolError("count must be from 1 to 50")
        if self.now is None:
            raise ToolError("the scheduler has no clock in this task: there is no now to count from")
        moments, after = [], self.now
        while len(moments) < count and (moment := next_run(text, after)) is not None:
            moments.append(moment)
            after = moment
        return {"schedule": text, "from": stamp(self.now), "next_runs": [f"{m:%Y-%m-%dT%H:%M %a}" for m in moments]}

    def _set_enabled(self, job_id: str, enabled: bool) -> dict:
        job = self._get("jobs", job_id)
        if job.enabled == enabled:
            raise ToolError(f"job {job_id} is already {'enabled' if enabled else 'paused'}")
        job.enabled = enabled
        return {"job_id": job_id, "enabled": enabled}

    def _runs(self, job_id: str) -> list[Run]:
        """A job's runs, newest first (a run `trigger` starts is dated by the task's clock, or `now` without
        one, which sorts after every dated run)."""
        return sorted((r for r in self.data["runs"] if r.job_id == job_id), key=lambda r: (r.started, r.id), reverse=True)


@dataclass(frozen=True)
class DueRun:
    """A run a job's schedule makes due when the clock moves on: when, and what it runs."""

    job_id: str
    name: str
    command: str
    started: str  # local time to the minute, as the app stamps runs (`ec2bench.env.clock.stamp`)


def due_runs(jobs: list[dict[str, Any]], start: datetime, end: datetime, limit: int) -> list[DueRun]:
    """The runs the enabled `jobs` (records of a scheduler state) make due in (start, end], in time order,
    at most `limit` per job: what the scheduler would have run had the clock moved from `start` to `end`."""
    runs = [
        DueRun(job["id"], job["name"], job["command"], stamp(moment))
        for job in jobs
        if job.get("enabled", True)
        for moment in runs_between(job["schedule"], start, end, limit)
    ]
    return sorted(runs, key=lambda r: (r.started, r.job_id))
