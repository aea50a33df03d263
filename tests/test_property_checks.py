"""Property checks: `event_scheduled` (free/busy, names vs addresses, duration, window), table rows
with `{total: n}`, and matcher items in `answer_contains` / `file_contains`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.test_checks import DEMO

from ec2bench.grading.checks import CheckParamError, GradingContext, run_check, validate_check
from ec2bench.spec.schema import Check
from ec2bench.tasks.loader import Task, load_task

PRIYA, HELEN = "priya.raman@corp.example", "helen.zhou@corp.example"
CONTACTS = [
    {"id": "c-1", "name": "Priya Raman", "email": PRIYA},
    {"id": "c-2", "name": "Helen Zhou", "email": HELEN},
    {"id": "c-3", "name": "Helen Chu", "email": "helen@chu.example"},
]
BUSY = [  # Priya busy 10:00-11:00, Helen 13:00-14:30 on 2026-03-11; the organiser 16:00-17:00
    {"id": "E-1", "title": "1:1", "date": "2026-03-11", "start": "10:00", "end": "11:00", "attendees": [PRIYA]},
    {"id": "E-2", "title": "Design", "date": "2026-03-11", "start": "13:00", "end": "14:30", "attendees": ["Helen Zhou"]},
    {"id": "E-3", "title": "Dentist", "date": "2026-03-11", "start": "16:00", "end": "17:00", "attendees": ["me@corp.example"]},
]


@pytest.fixture(scope="module")
def task() -> Task:
    return load_task(DEMO)


def event(start: str, end: str, attendees: list[str], day: str = "2026-03-11", **extra: Any) -> dict[str, Any]:
    return {"id": "E-9", "title": "Kickoff", "date": day, "start": start, "end": end, "attendees": attendees,
            "location": None, "description": None, **extra}


def score(task: Task, events: list[dict[str, Any]], contacts: bool = True, **params: Any) -> float:
    state = {"calendar": {"events": BUSY + events}, "contacts": {"contacts": CONTACTS if contacts else []}}
    ctx = GradingContext(task=task, root=Path("."), state=state, log=[], answer=None)
    params = {"dates": "2026-03-11", "min_minutes": 90, "attendees": ["Priya Raman", HELEN], **params}
    return run_check(Check(kind="event_scheduled", weight=1.0, **params), ctx)


def test_a_free_slot_with_everyone_passes_by_name_or_address(task: Task) -> None:
    assert score(task, [event("14:30", "16:00", [PRIYA, HELEN])]) == 1.0
    assert score(task, [event("14:30", "16:00", ["Priya Raman", "helen zhou"])]) == 1.0  # names, case-free
    assert score(task, [event("11:00", "12:30", ["Priya Raman", HELEN])]) == 1.0  # another right slot


def test_names_resolve_only_through_contacts(task: Task) -> None:
    assert score(task, [event("14:30", "16:00", ["Priya Raman", "Helen Zhou"])], contacts=False,
                 attendees=[PRIYA, HELEN]) == 0.0
    assert score(task, [event("14:30", "16:00", ["Priya Raman", "Helen Chu"])]) == 0.0  # the namesake is not Helen Zhou


def test_a_missing_attendee_fails(task: Task) -> None:
    assert score(task, [event("14:30", "16:00", [PRIYA])]) == 0.0


def test_busy_attendees_fail_whether_listed_by_name_or_address(task: Task) -> None:
    assert score(task, [event("09:30", "11:00", [PRIYA, HELEN])]) == 0.0  # Priya's 1:1 (by address)
    assert score(task, [event("13:30", "15:00", [PRIYA, HELEN])]) == 0.0  # Helen's design (by name)
    assert score(task, [event("14:30", "16:00", [PRIYA, HELEN], day="2026-03-12")]) == 0.0  # wrong day
    assert score(task, [event("14:30", "16:00", [PRIYA, HELEN], day="2026-03-12")], dates=["2026-03-11", "2026-03-12"]) == 1.0


def test_duration_window_and_also_free(task: Task) -> None:
    assert score(task, [event("14:30", "15:30", [PRIYA, HELEN])]) == 0.0  # 60 < 90 minutes
    assert score(task, [event("14:30", "15:30", [PRIYA, HELEN])], min_minutes=60) == 1.0
    assert score(task, [event("11:00", "12:30", [PRIYA, HELEN])], window="12:00-18:00") == 0.0
    assert score(task, [event("15:00", "16:30", [PRIYA, HELEN])]) == 1.0
    assert score(task, [event("15:00", "16:30", [PRIYA, HELEN])], also_free=["me@corp.example"]) == 0.0
    assert score(task, [event("14:30", "16:00", [PRIYA, HELEN])], also_free=["me@corp.example"]) == 1.0


def test_flooding_the_calendar_frees_nobody(task: Task) -> None:
    flood = [event(f"{h:02d}:{m:02d}", f"{h + 1:02d}:{m + 30:02d}" if m == 0 else f"{h + 2:02d}:00", [PRIYA, HELEN])
             for h in range(9, 16) for m in (0, 30)]
    assert score(task, [{**e, "id": f"E-{100 + i}"} for i, e in enumerate(flood)]) == 0.0


def test_title_and_location(task: Task) -> None:
    booked = [event("14:30", "16:00", [PRIYA, HELEN], location="Orion room")]
    assert score(task, booked, title="kickoff", location="Orion") == 1.0
    assert score(task, booked, location="Vega") == 0.0


def test_event_parameters_are_checked(task: Task) -> None:
    with pytest.raises(CheckParamError, match="window"):
        validate_check(Check(kind="event_scheduled", weight=1.0, dates="2026-03-11", window="2-4 pm"), task)
    with pytest.raises(CheckParamError, match="dates"):
        validate_check(Check(kind="event_scheduled", weight=1.0, min_minutes=30), task)


# -- table totals and matcher items in text lists -----------------------------------------------


def ctx_with(task: Task, tmp_path: Path, files: dict[str, str], answer: str | None = None) -> GradingContext:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return GradingContext(task=task, root=tmp_path, state={}, log=[], answer=answer)


@pytest.mark.parametrize("hotel", ["住宿,1440.00\n", "住宿,480\n住宿,480\n住宿,480.00\n"])
def test_table_total_accepts_one_row_or_one_per_night(task: Task, tmp_path: Path, hotel: str) -> None:
    ctx = ctx_with(task, tmp_path, {"claim.csv": "类别,金额\n机票,1160\n" + hotel + "餐饮,120\n"})
    c = Check(kind="table_file", weight=1.0, path="claim.csv", columns=["类别", "金额"],
              rows=[{"类别": {"contains": "住宿"}, "金额": {"total": 1440}}, {"类别": "餐饮", "金额": 120}])
    assert run_check(c, ctx) == 1.0


def test_table_total_fails_a_wrong_sum_or_no_rows(task: Task, tmp_path: Path) -> None:
    ctx = ctx_with(task, tmp_path, {"claim.csv": "类别,金额\n住宿,480\n住宿,480\n"})
    wrong = Check(kind="table_file", weight=1.0, path="claim.csv", rows=[{"类别": "住宿", "金额": {"total": 1440}}])
    none = Check(kind="table_file", weight=1.0, path="claim.csv", rows=[{"类别": "餐饮", "金额": {"total": 0}}])
    assert run_check(wrong, ctx) == 0.0
    assert run_check(none, ctx) == 0.0


def test_matcher_items_in_answer_and_file_lists(task: Task, tmp_path: Path) -> None:
    ctx = ctx_with(task, tmp_path, {"brief.md": "Deal: USD 240K, closes March 31, 2026."},
                   answer="Booked for 2:30 pm on 3月11日; domain xlngyun-tech[.]cn.")
    answer = Check(kind="answer_contains", weight=1.0,
                   text=[{"time": "14:30"}, {"date": "2026-03-11"}, {"indicator": "xlngyun-tech.cn"}, "16:00"])
    assert run_check(answer, ctx) == 0.75
    brief = Check(kind="file_contains", weight=1.0, path="brief.md", text=[{"amount": 240000}, {"date": "2026-03-31"}])
    assert run_check(brief, ctx) == 1.0
    with pytest.raises(CheckParamError, match="one matcher"):
        validate_check(Check(kind="answer_contains", weight=1.0, text=[{"amonut": 1}]), task)
    with pytest.raises(CheckParamError, match="one matcher"):
        validate_check(Check(kind="answer_contains", weight=1.0, text=[{"time": "14:30", "date": "2026-03-11"}]), task)
