"""Reference variants: the spec's forms, and the validator replaying each one (>= 90, a failing one reported)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError
from tests.test_adversaries import BOOKING, INBOX

from ec2bench.qa.validator import validate_task
from ec2bench.spec.schema import AnswerStep, TaskSpec, ToolStep, Variant
from ec2bench.tasks.loader import Task, load_task


def booking(tmp_path: Path, **changes: Any) -> Task:
    spec = {**copy.deepcopy(BOOKING), **changes}
    folder = tmp_path / "toy-booking"
    (folder / "fixtures").mkdir(parents=True, exist_ok=True)
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    (folder / "fixtures" / "email.yaml").write_text(yaml.safe_dump(INBOX), encoding="utf-8")
    return load_task(folder)


CREATE = {"tool": "calendar_create", "args": {"title": "Review", "date": "2026-05-04", "start": "10:00", "end": "11:30",
                                              "attendees": ["ana@corp.example", "bo@corp.example"]}}
SLOT_CHECKS = [
    {"kind": "record_exists", "weight": 0.8, "app": "calendar", "collection": "events",
     "where": {"date": "2026-05-04", "start": "10:00", "end": "11:30"}},
    {"kind": "answer_contains", "weight": 0.2, "text": [{"time": "10:00"}, {"date": "2026-05-04"}]},
]


def test_variant_steps_replace_and_answer() -> None:
    reference = [ToolStep(tool="a"), ToolStep(tool="b"), AnswerStep(answer="done")]
    swapped = Variant(name="v", replace={1: ToolStep(tool="c")}, answer="finished")
    assert [getattr(s, "tool", None) or s.answer for s in swapped.steps(reference)] == ["a", "c", "finished"]
    whole = Variant(name="w", reference=[ToolStep(tool="z")])
    assert [s.tool for s in whole.steps(reference)] == ["z"]


def test_variant_shape_is_checked() -> None:
    with pytest.raises(ValidationError, match="not both"):
        Variant(name="v", reference=[ToolStep(tool="z")], answer="x")
    with pytest.raises(ValidationError, match="give a `reference`"):
        Variant(name="v")
    base = {k: v for k, v in BOOKING.items()}
    with pytest.raises(ValidationError, match="replace index 3"):
        TaskSpec.model_validate({**base, "variants": [{"name": "v", "replace": {3: CREATE}}]})
    with pytest.raises(ValidationError, match="unique"):
        TaskSpec.model_validate({**base, "variants": [{"name": "v", "answer": "a"}, {"name": "v", "answer": "b"}]})


def test_the_validator_scores_each_variant_and_reports_a_failing_one(tmp_path: Path) -> None:
    task = booking(tmp_path, checks=SLOT_CHECKS, variants=[
        {"name": "twelve-hour", "answer": "Booked the review for 10 am on May 4, 2026."},
        {"name": "other-day", "note": "a wrong slot: must fail",
         "replace": {2: {**CREATE, "args": {**CREATE["args"], "date": "2026-05-05"}}},
         "answer": "Booked the review on 2026-05-05 at 10:00."},
        {"name": "whole", "reference": [CREATE, {"answer": "Review at 10:00 on 2026-05-04."}]},
    ])
    result = validate_task(task)
    assert result.variant_scores == {"twelve-hour": 100.0, "other-day": 10.0, "whole": 100.0}
    assert [p for p in result.problems if p.startswith("variant ")] == [
        "variant other-day scores 10.0 (< 90; 0:record_exists=0.00, 1:answer_contains=0.50)"]


def test_a_variant_step_that_fails_is_reported(tmp_path: Path) -> None:
    bad = {**CREATE, "args": {**CREATE["args"], "end": "09:00"}}
    result = validate_task(booking(tmp_path, checks=SLOT_CHECKS, variants=[{"name": "broken", "replace": {2: bad}}]))
    assert any(p.startswith("variant broken: reference step 2 (calendar_create) failed") for p in result.problems)
    assert result.variant_scores["broken"] < 90
