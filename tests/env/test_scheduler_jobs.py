"""Jobs the agent creates, edits and deletes, and what runs when the task's clock moves on."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest
from toolcalls import fails, ok

from ec2bench.env.apps.scheduler import DueRun, due_runs
from ec2bench.env.workspace import Workspace

SHANGHAI = timezone(timedelta(hours=8))
NOW = datetime(2026, 11, 30, 18, 30, tzinfo=SHANGHAI)  # a Monday evening, the last day of November
JOBS = {"jobs": [
    {"id": "J-0007", "name": "对账提醒", "schedule": "0 9 1 * *", "command": "notify --template recon", "owner": "财务"},
    {"id": "J-0008", "name": "付款导出", "schedule": "30 17 * * 1-5", "command": "ap_export.py", "enabled": False},
], "runs": [{"id": "R-0003", "job_id": "J-0007", "status": "succeeded", "started": "2026-11-01T09:00:00"}]}


@pytest.fixture
def ws() -> Iterator[Workspace]:
    with Workspace.create(["scheduler"], {"scheduler": JOBS}, now=NOW) as workspace:
        yield workspace


def test_create_job_numbers_it_and_counts_its_next_run_from_the_clock(ws: Workspace) -> None:
    job = ok(ws, "scheduler_create_job", {"name": " 封账提醒 ", "schedule": "0  17 L * *", "command": "notify --template close"})
    assert job == {"id": "J-0009", "name": "封账提醒", "schedule": "0 17 L * *", "command": "notify --template close",
                   "enabled": True, "next_run": "2026-12-31T17:00"}
    paused = ok(ws, "scheduler_create_job", {"name": "草稿", "schedule": "@daily", "command": "true", "enabled": False,
                                             "owner": "周伟", "description": "先建好，不启用"})
    assert paused["id"] == "J-0010" and paused["next_run"] is None and paused["owner"] == "周伟"
    assert "day of month: '32'" in fails(ws, "scheduler_create_job", {"name": "x", "schedule": "0 9 32 * *", "command": "y"})
    assert "command must not be empty" in fails(ws, "scheduler_create_job", {"name": "x", "schedule": "@daily", "command": " "})
    assert [j["id"] for j in ws.state()["scheduler"]["jobs"]] == ["J-0007", "J-0008", "J-0009", "J-0010"]


def test_update_job_changes_the_given_fields_and_says_what_changed(ws: Workspace) -> None:
    changed = ok(ws, "scheduler_update_job", {"job_id": "J-0007", "schedule": "30 9 25 * *", "name": "对账提醒（25日）"})
    assert changed == {"job_id": "J-0007", "next_run": "2026-12-25T09:30", "changed": {
        "name": {"old": "对账提醒", "new": "对账提醒（25日）"}, "schedule": {"old": "0 9 1 * *", "new": "30 9 25 * *"}}}
    assert "nothing to change" in fails(ws, "scheduler_update_job", {"job_id": "J-0007", "schedule": "30 9 25 * *"})
    assert "invalid cron expression" in fails(ws, "scheduler_update_job", {"job_id": "J-0007", "schedule": "9:30 25th"})
    assert "no jobs record" in fails(ws, "scheduler_update_job", {"job_id": "J-0404", "name": "x"})
    assert ws.state()["scheduler"]["jobs"][0]["schedule"] == "30 9 25 * *"


def test_delete_job_keeps_its_run_history(ws: Workspace) -> None:
    assert ok(ws, "scheduler_delete_job", {"job_id": "J-0007"}) == {"job_id": "J-0007", "deleted": "对账提醒", "runs_kept": 1}
    assert [j["id"] for j in ok(ws, "scheduler_list_jobs")] == ["J-0008"]
    assert ok(ws, "scheduler_read_log", {"run_id": "R-0003"})["job_id"] == "J-0007"
    fails(ws, "scheduler_get_job", {"job_id": "J-0007"})
    fails(ws, "scheduler_delete_job", {"job_id": "J-0007"})
    assert [c.item for c in ws.changes()] == ["scheduler/jobs/J-0007"]


def test_preview_schedule_lists_the_next_runs_from_the_clock(ws: Workspace) -> None:
    preview = ok(ws, "scheduler_preview_schedule", {"schedule": "0 16 * * L5", "count": 3})
    assert preview == {"schedule": "0 16 * * L5", "from": "2026-11-30T18:30",
                       "next_runs": ["2026-12-25T16:00 Fri", "2027-01-29T16:00 Fri", "2027-02-26T16:00 Fri"]}
    # cron's rule: a restricted day of month OR a restricted weekday, the classic trap for "the last Friday"
    trap = ok(ws, "scheduler_preview_schedule", {"schedule": "0 16 25-31 * 5", "count": 3})["next_runs"]
    assert trap == ["2026-12-04T16:00 Fri", "2026-12-11T16:00 Fri", "2026-12-18T16:00 Fri"]
    assert "count must be from 1 to 50" in fails(ws, "scheduler_preview_schedule", {"schedule": "@daily", "count": 0})
    with Workspace.create(["scheduler"], {}) as undated:
        assert "no clock" in fails(undated, "scheduler_preview_schedule", {"schedule": "@daily"})


def test_due_runs_are_what_the_enabled_jobs_run_when_the_clock_moves_on(ws: Workspace) -> None:
    ok(ws, "scheduler_create_job", {"name": "封账提醒", "schedule": "0 17 L * *", "command": "notify --template close"})
    jobs = ws.state()["scheduler"]["jobs"]
    due = due_runs(jobs, NOW, NOW + timedelta(days=62), limit=10)
    assert due == [
        DueRun("J-0007", "对账提醒", "notify --template recon", "2026-12-01T09:00"),
        DueRun("J-0009", "封账提醒", "notify --template close", "2026-12-31T17:00"),
        DueRun("J-0007", "对账提醒", "notify --template recon", "2027-01-01T09:00"),
        DueRun("J-0009", "封账提醒", "notify --template close", "2027-01-31T17:00"),
    ]  # the paused J-0008 runs nothing; the clock's zone is the schedule's
    resumed = [{**jobs[1], "enabled": True}]  # weekdays at 17:30: five in the week, at most `limit` of them
    assert [r.started for r in due_runs(resumed, NOW, NOW + timedelta(days=7), 3)] == [
        "2026-12-01T17:30", "2026-12-02T17:30", "2026-12-03T17:30"]
