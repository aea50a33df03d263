"""The task's clock: told to the agent, the apps' today, a job's next run."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from ec2bench.agent.loop import initial_messages
from ec2bench.env.apps.cron import next_run
from ec2bench.env.clock import clock_line, stamp
from ec2bench.env.workspace import Workspace
from ec2bench.qa.lint import lint_task
from ec2bench.qa.lint.units import RULES as UNIT_RULES
from ec2bench.tasks.loader import load_task

SHANGHAI = timezone(timedelta(hours=8))
NOW = datetime(2026, 12, 1, 9, 30, tzinfo=SHANGHAI)  # a Tuesday


def test_the_agent_is_told_the_date_in_its_language() -> None:
    assert clock_line(NOW, "en") == "Current date and time: Tuesday 2026-12-01 09:30 (UTC+08:00)."
    assert clock_line(NOW, "zh") == "当前时间：2026年12月1日 星期二 09:30（UTC+08:00）。"
    assert clock_line(NOW.astimezone(UTC), "en").endswith("01:30 (UTC).")
    assert stamp(NOW) == "2026-12-01T09:30" and stamp(None) == "now"


@pytest.mark.parametrize(("expr", "expected"), [
    ("30 2 * * *", datetime(2026, 12, 2, 2, 30)),  # daily: tomorrow, since 02:30 today has passed
    ("*/15 * * * *", datetime(2026, 12, 1, 9, 45)),
    ("0 9 * * MON-FRI", datetime(2026, 12, 2, 9, 0)),
    ("0 8 1,15 * MON", datetime(2026, 12, 7, 8, 0)),  # day of month OR day of week (cron's rule)
    ("0 0 29 2 *", datetime(2028, 2, 29, 0, 0)),
    ("30 9 1 12 *", datetime(2027, 12, 1, 9, 30)),  # exactly now is not after now
])
def test_next_run(expr: str, expected: datetime) -> None:
    assert next_run(expr, NOW) == expected.replace(tzinfo=SHANGHAI)


def test_apps_read_the_clock() -> None:
    jobs = {"jobs": [{"id": "J-1", "name": "backup", "schedule": "0 2 * * *", "command": "backup.sh"},
                     {"id": "J-2", "name": "report", "schedule": "0 7 * * MON", "command": "report.sh", "enabled": False}],
            "runs": [{"id": "R-1", "job_id": "J-1", "status": "succeeded", "started": "2026-12-01T02:00:00"}]}
    events = {"events": [{"id": "E-1", "title": "Stand-up", "date": "2026-12-01", "start": "10:00", "end": "10:15"},
                         {"id": "E-2", "title": "Retro", "date": "2026-12-02", "start": "15:00", "end": "16:00"}]}
    with Workspace.create(["scheduler", "calendar", "notes"], {"scheduler": jobs, "calendar": events}, now=NOW) as ws:
        listed = ws.call("scheduler_list_jobs", {})
        assert '"next_run": "2026-12-02T02:00"' in listed.result and '"next_run": null' in listed.result
        run = ws.call("scheduler_trigger", {"job_id": "J-1"})
        assert '"started": "2026-12-01T09:30"' in run.result
        assert "Stand-up" in ws.call("calendar_list", {}).result and "Retro" not in ws.call("calendar_list", {}).result
        ws.call("notes_create", {"title": "t", "body": "b"})
        assert ws.state()["notes"]["notes"][-1]["updated"] == "2026-12-01T09:30"
    with Workspace.create(["calendar"], {"calendar": events}) as ws:  # no clock: no today
        assert "has no today" in ws.call("calendar_list", {}).result


def _task(root: Path, now: str | None) -> Path:
    folder = root / "clock-demo"
    (folder / "fixtures").mkdir(parents=True)
    spec = {"id": "clock-demo", "title": "Today's notes", "category": "office", "language": "en",
            "prompt": "Which notes did I change today?", "apps": ["notes"],
            "reference": [{"tool": "notes_search", "args": {"query": ""}}, {"answer": "None."}],
            "checks": [{"kind": "answer_contains", "weight": 1.0, "text": "None"}], "derive_units": []}
    if now:
        spec["now"] = now
    (folder / "task.yaml").write_text(yaml.safe_dump(spec) if not now else yaml.safe_dump(spec).replace(f"'{now}'", now))
    return folder


def test_a_task_declares_now_and_the_lint_wants_it(tmp_path: Path) -> None:
    undated = load_task(_task(tmp_path / "a", None))
    assert [f.rule for f in lint_task(undated, UNIT_RULES)] == ["undated-today"]
    assert "Current date" not in initial_messages(undated)[0]["content"]
    dated = load_task(_task(tmp_path / "b", "2026-12-01T09:30:00+08:00"))
    assert dated.spec.now == NOW and lint_task(dated, UNIT_RULES) == []
    assert initial_messages(dated)[0]["content"].endswith("Current date and time: Tuesday 2026-12-01 09:30 (UTC+08:00).")
    with dated.new_workspace() as ws:
        assert ws.apps["notes"].now == NOW


def test_now_must_carry_its_time_zone(tmp_path: Path) -> None:
    from ec2bench.tasks.loader import TaskLoadError

    with pytest.raises(TaskLoadError, match="now"):
        load_task(_task(tmp_path, "2026-12-01T09:30:00"))
