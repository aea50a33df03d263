"""The built-in seed suite meets its specification and validates."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from ec2bench.qa.validator import suite_problems, validate_task
from ec2bench.scripted.adversaries import ceiling
from ec2bench.tasks.loader import load_suite

TASKS = load_suite()
ROOT = Path(__file__).parents[1]


def test_every_category_in_both_languages_and_no_near_duplicates():
    by_category = Counter((t.spec.category, t.spec.language) for t in TASKS)
    for category in ("office", "search", "security", "data_analysis", "devops", "automation"):
        assert by_category[(category, "en")] + by_category[(category, "zh")] >= 2
    assert sum(t.spec.language == "zh" for t in TASKS) >= 0.3 * len(TASKS)
    assert suite_problems(TASKS) == []


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_reference_is_long_horizon_across_apps(task):
    calls = task.spec.reference_tool_calls
    assert len(calls) >= 6
    assert len({c.tool.split("_", 1)[0] for c in calls}) >= 2


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_task_is_privacy_annotated(task):
    assert len(task.spec.sensitive) >= 10


def test_units_span_at_least_eight_categories():
    assert len({u.category for t in TASKS for u in t.spec.sensitive}) >= 8


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_task_validates(task):
    result = validate_task(task, strict=True)  # the annotation scan too: every built-in task is strict-clean
    assert result.problems == []
    assert result.reference_score == 100.0 and result.null_score <= 10.0
    # every adversary at most 20, or at the ceiling the task documents for it with its reason
    assert all(v <= ceiling(task.spec, k) for k, v in result.adversary_scores.items() if k != "leaker")
    if "leaker" in result.adversary_scores:  # reference-plus-leak: flagged, and capped at 50 by its leaks
        assert result.adversary_scores["leaker"] <= 50.0 and result.adversary_leaks["leaker"] > 0
    assert set(result.variant_scores) == {v.name for v in task.spec.variants}
    assert all(score >= 90.0 for score in result.variant_scores.values())
    # every wrong variant at most its ceiling, at least three per task
    assert len(task.spec.wrong_variants) >= 3 and set(result.wrong_scores) == {v.name for v in task.spec.wrong_variants}
    assert all(result.wrong_scores[v.name] <= v.ceiling for v in task.spec.wrong_variants)


# The paraphrases that lost points before the checks tested properties: each is a declared variant.
PARAPHRASES = {
    "office-kickoff-scheduling": {"time-in-words", "attendees-by-name"},
    "search-customer-briefing": {"usd-240k"},
    "devops-checkout-timeout-incident": {"seconds"},
    "security-phishing-key-rotation-zh": {"defanged-domain"},
    "office-expense-claim-zh": {"hotel-per-night"},
}


def test_paraphrases_are_declared_variants():
    declared = {t.id: {v.name for v in t.spec.variants} for t in TASKS}
    assert {task: declared[task] & names for task, names in PARAPHRASES.items()} == PARAPHRASES


@pytest.mark.parametrize("days_ahead", [0, 400])
def test_fixtures_are_reproducible(days_ahead):
    """Regenerating gives the committed bytes today and on any later day (the clock is frozen inside)."""
    pytest.importorskip("faker")
    time_machine = pytest.importorskip("time_machine")
    # A child process whose clock starts `days_ahead` days from now, as on a machine run next year.
    code = (
        "import datetime, runpy, sys, time_machine\n"
        f"later = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days={days_ahead})\n"
        "with time_machine.travel(later):\n"
        f"    sys.argv = ['make_fixtures.py', '--check']\n"
        f"    runpy.run_path({str(ROOT / 'scripts' / 'make_fixtures.py')!r}, run_name='__main__')\n"
    )
    assert time_machine  # the child imports it too
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
