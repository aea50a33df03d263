"""Answer precision: `answer_contains` gives nothing for a dump or for every candidate of a kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from ec2bench.grading.checks import GradingContext, evaluate_check
from ec2bench.grading.precision import crowded_limit, crowded_reason, kind_of, stuffed_reason, values_of
from ec2bench.scripted.adversaries import run_adversary
from ec2bench.tasks.loader import Task, load_suite

REFERENCE = "The duplicate is INV-2317 (USD 1,240.00, paid twice on 2026-03-02); I asked Dana for a credit note."


def test_kinds_of_items() -> None:
    assert kind_of("INV-2317") == "id" and kind_of("J-0031") == "id"
    assert kind_of("priya.nair@corvina.io") == "email"
    assert kind_of("2026-12-06") == "date" and kind_of({"date": "2026-12-06"}) == "date"
    assert kind_of("17") == "number" and kind_of("1,240.00") == "number" and kind_of({"amount": 2500}) == "number"
    assert kind_of("Enterprise") is None and kind_of({"time": "14:30"}) is None


def test_values_are_distinct_and_numbers_lose_their_separators() -> None:
    assert values_of("number", "1,240.00 and 1240.00 and 7") == {"1240.00", "7"}
    assert values_of("id", "INV-2317, INV-2317 and SH-4488") == {"INV-2317".lower(), "sh-4488"}


def test_a_dump_is_stuffed_and_a_full_answer_is_not() -> None:
    assert stuffed_reason(REFERENCE, REFERENCE) is None
    assert stuffed_reason(REFERENCE * 4, REFERENCE) is None  # 4x a short answer is under the 1,500 floor
    reason = stuffed_reason("x" * 1600, REFERENCE)
    assert reason is not None and "1600 characters, over 1500" in reason
    long_reference = "y" * 400
    assert stuffed_reason("x" * 1999, long_reference) is None and stuffed_reason("x" * 2001, long_reference)


def test_listing_every_candidate_is_crowded_but_the_reference_and_a_few_more_are_not() -> None:
    assert crowded_limit(1) == 6 and crowded_limit(8) == 16
    every_invoice = "Duplicates could be " + ", ".join(f"INV-{n}" for n in range(2310, 2330))
    reason = crowded_reason("INV-2317", every_invoice, REFERENCE)
    assert reason is not None and "20 distinct id values, over 6" in reason
    assert crowded_reason("INV-2317", "INV-2317 (not INV-2316, INV-2318 or INV-2290, already credited)", REFERENCE) is None
    assert crowded_reason("Dana", every_invoice, REFERENCE) is None  # words have no kind


@pytest.fixture(scope="module")
def nps() -> Task:
    return load_suite(None, "data_analysis-nps-survey-readout")[0]


def _answer_check(task: Task, answer: str) -> tuple[float, dict | None]:
    check = next(c for c in task.spec.checks if c.kind == "answer_contains")
    ctx = GradingContext(task=task, root=Path("."), state={}, log=[], answer=answer)
    outcome = evaluate_check(check, ctx)
    return outcome.score, outcome.detail


def test_the_reference_answer_keeps_its_credit_and_a_stuffed_one_loses_it(nps: Task) -> None:
    assert _answer_check(nps, nps.spec.reference_answer) == (1.0, None)
    score, detail = _answer_check(nps, nps.spec.reference_answer + " " + " ".join(str(n) for n in range(100)))
    assert score == 0.0 and detail is not None and "17}: the answer names 100 distinct number values" in detail["unearned"]
    score, detail = _answer_check(nps, "Enterprise 17 " + "lorem " * 400)
    assert score == 0.0 and detail is not None and "over 1505" in detail["unearned"]  # 5 x the 301-character reference


def test_the_stuffer_reads_everything_changes_nothing_and_earns_nothing_for_its_answer(nps: Task) -> None:
    run = run_adversary(nps, "stuffer")
    tools = {e["tool"] for e in run.trace.of_type("tool")}
    assert {"chat_read", "files_list", "files_read"} <= tools and not tools & {"chat_post", "files_write"}
    answer_check = next(c for c in run.grade.checks if c.kind == "answer_contains")
    assert answer_check.score == 0.0 and "over" in (answer_check.detail or {})["unearned"]
    assert run.score == 0.0
