"""The suite summary counts what `tasks list` shows, and the near-duplicate rule catches a template copy."""

from __future__ import annotations

from dataclasses import replace

from ec2bench.qa.duplicates import STRUCTURE_MIN_PAIRS, THRESHOLD, near_duplicates, similarities
from ec2bench.qa.summary import summarize, task_facts
from ec2bench.tasks.loader import load_suite

TASKS = load_suite(pattern="office-kickoff-scheduling,office-expense-claim-zh,search-customer-briefing")


def test_facts_count_units_and_what_the_reference_reads():
    facts = {f.id: f for f in map(task_facts, TASKS)}
    kickoff = facts["office-kickoff-scheduling"]
    task = next(t for t in TASKS if t.id == kickoff.id)
    assert kickoff.units == len(task.spec.sensitive)
    assert kickoff.units_hand == sum(not u.derived for u in task.spec.sensitive)
    assert 0 < kickoff.units_read < kickoff.units  # reads some contacts, not the whole address book
    assert kickoff.reference_calls == len(task.spec.reference_tool_calls)
    assert (kickoff.language, kickoff.category) == ("en", "office")


def test_summary_pools_the_tasks():
    facts = [task_facts(t) for t in TASKS]
    summary = summarize(facts)
    assert summary.tasks == 3
    assert dict(summary.by_category["office"]) == {"en": 1, "zh": 1}
    assert summary.units == sum(f.units for f in facts)
    assert summary.reference_calls.low == min(f.reference_calls for f in facts)
    assert summary.reference_calls.high == max(f.reference_calls for f in facts)
    assert summary.features["rubric"] == sum(f.judged for f in facts)
    assert summary.lines()[0].startswith("3 tasks: office 2 (en 1 zh 1), search 1 (en 1)")


def test_a_copy_with_names_and_numbers_swapped_is_a_near_duplicate():
    original = TASKS[0]
    prompt = original.spec.prompt
    for old, new in (("Kai", "Mona"), ("kickoff", "launch"), ("2026", "2027")):
        prompt = prompt.replace(old, new)
    copy = replace(original, spec=original.spec.model_copy(update={"prompt": prompt, "id": "office-launch-copy"}))
    pairs = near_duplicates([original, copy, *TASKS[1:]])
    assert [(p.first, p.second) for p in pairs] == [tuple(sorted((original.id, copy.id)))]
    assert pairs[0].reference == 1.0 and pairs[0].prompt > 0.8


def test_a_task_told_again_in_other_words_is_a_near_duplicate_by_its_tool_structure():
    original = TASKS[0]
    steps = original.spec.reference
    tools = [s.tool for s in original.spec.reference_tool_calls]
    assert len(set(zip(tools, tools[1:], strict=False))) >= STRUCTURE_MIN_PAIRS
    retold = replace(original, spec=original.spec.model_copy(update={
        "id": "office-retold", "prompt": "Entirely different words: 完全不同的说法，同样的工具链。",
        "reference": [s.model_copy(update={"args": {k: "x" for k in s.args}} if hasattr(s, "args") else {"answer": "ok"})
                      for s in steps]}))
    (pair,) = near_duplicates([original, retold])
    assert pair.similarity < THRESHOLD and pair.structure == 1.0


def test_distinct_tasks_are_far_apart():
    assert max(p.similarity for p in similarities(TASKS)) < 0.3
