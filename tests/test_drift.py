"""Fixture drift: reference steps that get an empty or conflicting result are caught by the validator."""

from __future__ import annotations

from pathlib import Path

import yaml

from ec2bench.env.tools import result_signal
from ec2bench.qa.drift import drift_problems
from ec2bench.qa.validator import reference_log, validate_task
from ec2bench.tasks.loader import load_task

CALENDAR = {"events": [{"id": "E-0001", "title": "Dentist", "date": "2026-03-11", "start": "14:00", "end": "15:00",
                        "attendees": ["ana@corp.example"]}]}


def write_task(root: Path, reference: list[dict], *, checks: list[dict] | None = None) -> Path:
    folder = root / "drift-demo"
    (folder / "fixtures").mkdir(parents=True)
    (folder / "fixtures" / "calendar.yaml").write_text(yaml.safe_dump(CALENDAR), encoding="utf-8")
    spec = {
        "id": "drift-demo", "title": "Book a review with Ana", "category": "office", "language": "en",
        "prompt": "Book a one-hour review with ana@corp.example on 2026-03-11 at 14:00.",
        "apps": ["calendar"], "reference": reference,
        "checks": checks or [{"kind": "record_exists", "weight": 1.0, "app": "calendar", "collection": "events",
                              "where": {"title": "Review", "date": "2026-03-11", "start": "14:00"}}],
    }
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    return folder


def drift_of(task) -> list[str]:
    return drift_problems(task, reference_log(task))


BOOK = {"tool": "calendar_create", "args": {"title": "Review", "date": "2026-03-11", "start": "14:00", "end": "15:00",
                                            "attendees": ["ana@corp.example"]}}
LOOKUP = {"tool": "calendar_list", "args": {"date_from": "2026-03-12"}}


def test_signals_come_from_the_result_structure() -> None:
    assert result_signal([]) == "empty" and result_signal({}) == "empty"
    assert result_signal({"event": {"id": "E-2"}, "conflicts": ["E-0001"]}) == "conflict"
    assert result_signal({"event": {"id": "E-2"}, "conflicts": []}) is None
    assert result_signal({"id": "T-1", "tags": [], "comments": []}) is None  # a record with empty lists is not "nothing found"
    assert result_signal("") is None and result_signal([{"id": 1}]) is None


def test_a_booking_into_a_busy_slot_is_drift_even_though_it_scores_100(tmp_path: Path) -> None:
    task = load_task(write_task(tmp_path, [BOOK]))
    result = validate_task(task)
    assert result.reference_score == 100.0
    assert drift_of(task) == [
        "reference step 0 (calendar_create) gets a conflict: fixture drift (declare `expect: conflict` if the step is meant to)"
    ]
    assert drift_of(task)[0] in result.problems


def test_an_empty_result_is_drift_unless_the_step_expects_it(tmp_path: Path) -> None:
    free = {**BOOK, "args": {**BOOK["args"], "start": "16:00", "end": "17:00"}}
    checks = [{"kind": "record_exists", "weight": 1.0, "app": "calendar", "collection": "events",
               "where": {"title": "Review", "start": "16:00"}}]
    assert drift_of(load_task(write_task(tmp_path / "a", [LOOKUP, free], checks=checks))) == [
        "reference step 0 (calendar_list) gets an empty result: fixture drift (declare `expect: empty` if the step is meant to)"
    ]
    assert drift_of(load_task(write_task(tmp_path / "b", [{**LOOKUP, "expect": "empty"}, free], checks=checks))) == []
    # a step that expects emptiness and no longer gets it has drifted too
    busy_day = {**LOOKUP, "args": {"date_from": "2026-03-11"}, "expect": "empty"}
    assert drift_of(load_task(write_task(tmp_path / "c", [busy_day, free], checks=checks))) == [
        "reference step 0 (calendar_list) expects an empty result but got a plain one: fixture drift"
    ]
