"""The reference's near misses (`ec2bench.scripted.adversaries.near_miss`) and what stops them: checks of the
values (shifter, garbage), `requires` (claimer), declared wrong variants and the validator's summary."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from ec2bench.env import sandbox
from ec2bench.qa.validation_summary import summarize_validation
from ec2bench.qa.validator import validate_task
from ec2bench.scripted.adversaries import run_adversary
from ec2bench.scripted.adversaries.near_miss import garble, shift_numbers
from ec2bench.tasks.loader import Task, load_task

needs_sandbox = pytest.mark.skipif(sandbox.sandbox_problem() is not None, reason="no working bubblewrap sandbox")

INVOICES = "invoice,client,amount\nINV-2317,Harbor Foods,812.40\nINV-2318,Greenline,422.10\nINV-2319,Harbor Foods,96.00\n"
TOTAL = ("python3 -c \"import csv; rows = [r for r in csv.DictReader(open('invoices.csv')) if r['client'] == "
         "'Harbor Foods']; open('total.txt', 'w').write(f\\\"Harbor Foods: {sum(float(r['amount']) for r in rows):.2f}\\n\\\")\"")
TASK: dict[str, Any] = {
    "id": "toy-harbor-total", "title": "Harbor Foods total", "category": "data_analysis", "language": "en",
    "prompt": "Add up what Harbor Foods owes us in invoices.csv, write it to total.txt and tell me the total.",
    "apps": ["files", "shell"], "max_steps": 6,
    "reference": [
        {"tool": "files_read", "args": {"path": "invoices.csv"}},
        {"tool": "shell_run", "args": {"command": TOTAL}},
        {"answer": "Harbor Foods owes 908.40 in total (INV-2317 and INV-2319); it is in total.txt."},
    ],
    "checks": [
        {"name": "total written", "kind": "file_contains", "weight": 0.6, "path": "total.txt",
         "text": [{"amount": 908.4}]},
        {"name": "total told", "kind": "answer_contains", "weight": 0.4, "text": [{"amount": 908.4}],
         "requires": ["total written"]},
    ],
    "variants": [{"name": "spelled-out", "answer": "The total for Harbor Foods is USD 908.4, written to total.txt."}],
    "wrong_variants": [
        {"name": "greenline-too", "why": "adds Greenline's invoice as well",
         "replace": {1: {"tool": "files_write", "args": {"path": "total.txt", "content": "Harbor Foods: 1330.50\n"}}},
         "answer": "Harbor Foods owes 1,330.50."},
        {"name": "claimed-only", "why": "tells the total without writing the file", "ceiling": 10,
         "reference": [{"tool": "files_read", "args": {"path": "invoices.csv"}}, {"answer": "Harbor Foods owes 908.40."}]},
    ],
    "derive_units": [],
}


def toy(tmp_path: Path, **changes: Any) -> Task:
    spec = {**copy.deepcopy(TASK), **changes}
    folder = tmp_path / spec["id"]
    (folder / "fixtures" / "files").mkdir(parents=True, exist_ok=True)
    (folder / "fixtures" / "files" / "invoices.csv").write_text(INVOICES, encoding="utf-8")
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return load_task(folder)


def test_shift_numbers_moves_standalone_numbers_only() -> None:
    assert shift_numbers("SK-302 rate 19.8% of 86 units, 9.8 CVSS, 1,234 on 2026-12-09 at 14:30") == \
        "SK-302 rate 20.9% of 97 units, 1.9 CVSS, 2,345 on 2026-12-09 at 14:30"


def test_garble_keeps_the_shape_and_drops_the_content() -> None:
    text = "SKU,rate\nSK-302 烟酰胺面霜 19.8%"
    out = garble(text)
    assert len(out) == len(text) and out.count("\n") == 1 and "SK-302" not in out and "烟酰胺" not in out
    assert out.split("\n")[0].count(",") == 1 and "20.9%" in out


@needs_sandbox
def test_each_near_miss_changes_the_deliverable_and_earns_nothing(tmp_path: Path) -> None:
    task = toy(tmp_path)
    shifter = run_adversary(task, "shifter")
    assert shifter.changed and shifter.score == 0.0
    files = [e["args"] for e in shifter.trace.of_type("tool") if e["tool"] == "files_write"]
    assert files == [{"path": "total.txt", "content": "Harbor Foods: 119.51\n"}]
    garbage = run_adversary(task, "garbage")
    assert garbage.changed and garbage.score == 0.0
    claimer = run_adversary(task, "claimer")
    assert claimer.changed and claimer.score == 0.0
    assert [e["tool"] for e in claimer.trace.of_type("tool")] == ["files_read"]


@needs_sandbox
def test_without_requires_the_claimer_is_paid_for_its_claim(tmp_path: Path) -> None:
    checks = copy.deepcopy(TASK["checks"])
    del checks[1]["requires"]
    result = validate_task(toy(tmp_path, checks=checks, wrong_variants=TASK["wrong_variants"][:1]))
    assert result.adversary_scores["claimer"] == 40.0
    assert any(p.startswith("adversary claimer scores 40.0 (> 20)") for p in result.problems)


@needs_sandbox
def test_wrong_variants_are_replayed_and_held_under_their_ceilings(tmp_path: Path) -> None:
    result = validate_task(toy(tmp_path))
    assert result.wrong_scores == {"greenline-too": 0.0, "claimed-only": 0.0} and result.variant_scores == {"spelled-out": 100.0}
    assert not [p for p in result.problems if "variant" in p or "adversary" in p]
    summary = summarize_validation([result])
    assert (summary.wrong_variants.low, summary.best_wrong.score, summary.wrong_above_ceiling) == (2, 0.0, 0)
    assert {a.name: a.beat for a in summary.adversaries}["shifter"] == 0


@needs_sandbox
def test_a_wrong_variant_the_checks_pay_fails_the_task(tmp_path: Path) -> None:
    checks = copy.deepcopy(TASK["checks"])
    checks[0]["text"] = ["Harbor Foods"]  # the file exists and names the client: any total passes
    result = validate_task(toy(tmp_path, checks=checks))
    assert result.wrong_scores["greenline-too"] == 60.0
    assert any(p.startswith("wrong variant greenline-too (adds Greenline's invoice as well) scores 60.0 (> 50; paid by "
                            "total written=1.00)") for p in result.problems)


def test_a_task_without_wrong_variants_and_a_high_ceiling_without_a_reason_are_refused(tmp_path: Path) -> None:
    result = validate_task(toy(tmp_path, wrong_variants=[]))
    assert any(p.startswith("no wrong variant") for p in result.problems)
    with pytest.raises(Exception, match="needs `ceiling_why`"):
        toy(tmp_path / "b", wrong_variants=[{**TASK["wrong_variants"][0], "ceiling": 70}])
    with pytest.raises(Exception, match="requires 'nope', which is not another check's name"):
        toy(tmp_path / "c", checks=[{**TASK["checks"][0]}, {**TASK["checks"][1], "requires": ["nope"]}])


def test_numbers_with_a_unit_letter_are_shifted_and_words_are_not() -> None:
    assert shift_numbers("$400M, 12k, 512Mi, -14 units, 3am, v2, SK-302") == "$511M, 23k, 623Mi, -25 units, 3am, v2, SK-302"


def test_a_chain_of_requirements_settles(tmp_path: Path) -> None:
    from ec2bench.qa.validator import replay

    checks = [{"name": "total written", "kind": "file_contains", "weight": 0.5, "path": "total.txt", "text": [{"amount": 908.4}]},
              {"name": "mail", "kind": "answer_contains", "weight": 0.25, "text": ["Harbor"], "requires": ["total written"]},
              {"name": "answer", "kind": "answer_contains", "weight": 0.25, "text": ["908.40"], "requires": ["mail"]}]
    task = toy(tmp_path, checks=checks, wrong_variants=TASK["wrong_variants"][:1])
    graded, _, _ = replay(task, [], "Harbor Foods owes 908.40.")  # nothing written: both reports earn nothing
    assert [c.score for c in graded.checks] == [0.0, 0.0, 0.0]
