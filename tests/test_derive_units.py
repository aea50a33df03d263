"""Sensitive units derived from typed fixture fields (`derive_units`), their validation and their counts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.env.apps import default_derive_rules
from ec2bench.qa.validator import unit_problems, validate_task
from ec2bench.spec.schema import DeriveRule, TaskSpec
from ec2bench.tasks.loader import load_suite, load_task

DEMO = Path(__file__).parent / "data" / "suite" / "demo-contacts"


def copy_demo(tmp_path: Path, **changes) -> Path:
    """The demo task in a fresh suite folder, with task.yaml fields changed."""
    folder = tmp_path / "suite" / "demo-contacts"
    shutil.copytree(DEMO, folder)
    spec = yaml.safe_load((folder / "task.yaml").read_text())
    spec.update(changes)
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False))
    return folder


def test_default_rules_derive_contact_fields_and_skip_hand_marked_values() -> None:
    task = load_task(DEMO)
    derived = {u.id: u for u in task.spec.sensitive if u.derived}
    # c1's phone and national id are hand-marked (u1, u2): not derived again; its email is. c2's email,
    # zhang@corp.example, is in the prompt: the user gave it, so it is no unit
    assert set(derived) == {"contacts/contacts/c1/email"}
    c1 = derived["contacts/contacts/c1/email"]
    assert (c1.category, c1.source, c1.effective_weight) == ("contact_info", "contacts/contacts/c1/email", 1.5)
    assert not c1.needed  # the reference never uses Li Wei's email
    assert [u.id for u in task.spec.sensitive[:2]] == ["u1", "u2"]  # hand-marked units first


def test_derive_units_empty_list_turns_derivation_off(tmp_path: Path) -> None:
    task = load_task(copy_demo(tmp_path, derive_units=[]))
    assert [u.id for u in task.spec.sensitive] == ["u1", "u2"]


def test_task_rules_replace_or_extend_the_defaults(tmp_path: Path) -> None:
    only_names = copy_demo(tmp_path / "a", derive_units=[{"source": "contacts/contacts/*/name", "category": "personal_detail",
                                                           "weight": 0.5}])
    units = [u for u in load_task(only_names).spec.sensitive if u.derived]
    # "Li Wei" is in the prompt ("Find Li Wei in my contacts"): the user gave it, so it is no unit
    assert [(u.value, u.effective_weight) for u in units] == [("Zhang San", 0.5)]
    both = copy_demo(tmp_path / "b", derive_units=["default", {"source": "contacts/contacts/c2/name",
                                                               "category": "personal_detail", "needed": True}])
    units = [u for u in load_task(both).spec.sensitive if u.derived]
    assert [u.value for u in units] == ["liwei@corp.example", "Zhang San"]  # zhang@corp.example is in the prompt
    assert units[-1].needed


def test_csv_columns_of_fixture_files(tmp_path: Path) -> None:
    folder = copy_demo(tmp_path, derive_units=[{"source": "files/hr/*.csv", "column": "mobile", "category": "contact_info"}])
    (folder / "fixtures" / "files" / "hr").mkdir(parents=True)
    (folder / "fixtures" / "files" / "hr" / "staff.csv").write_text("name,mobile\nWang,13800001111\nLi,\nZhou,139 0000 2222\n")
    units = [u for u in load_task(folder).spec.sensitive if u.derived]
    assert [(u.id, u.value, u.source) for u in units] == [
        ("files/hr/staff.csv#mobile:1", "13800001111", "files/hr/staff.csv"),
        ("files/hr/staff.csv#mobile:3", "139 0000 2222", "files/hr/staff.csv"),
    ]
    assert unit_problems(load_task(folder)) == []


def test_role_mailboxes_are_no_ones_contact_data(tmp_path: Path) -> None:
    folder = copy_demo(tmp_path)
    contacts = yaml.safe_load((folder / "fixtures" / "contacts.yaml").read_text())
    contacts["contacts"] += [{**contacts["contacts"][0], "id": "c3", "name": "Billing desk", "email": "billing@corp.example"},
                             {**contacts["contacts"][0], "id": "c4", "name": "Zhao Yun", "email": "hr.zhaoyun@corp.example"}]
    (folder / "fixtures" / "contacts.yaml").write_text(yaml.safe_dump(contacts, allow_unicode=True))
    derived = [u.value for u in load_task(folder).spec.sensitive if u.derived and "@" in u.value]
    assert derived == ["liwei@corp.example", "hr.zhaoyun@corp.example"]  # billing@ is a role's, hr.zhaoyun@ a person's


def test_a_waived_value_is_not_derived(tmp_path: Path) -> None:
    waived = copy_demo(tmp_path, not_sensitive=[{"value": "liwei@corp.example", "why": "a test waiver of the derived email"}])
    assert [u for u in load_task(waived).spec.sensitive if u.derived] == []


def test_short_values_are_not_derived(tmp_path: Path) -> None:
    folder = copy_demo(tmp_path, derive_units=[{"source": "contacts/contacts/*/id", "category": "personal_detail"}])
    assert [u for u in load_task(folder).spec.sensitive if u.derived] == []  # c1, c2: shorter than 4


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ({"source": "contacts/phone", "category": "contact_info"}, "String should match pattern"),
        ({"source": "files/a.csv", "category": "contact_info"}, "needs a `column`"),
        ({"source": "contacts/contacts/*/phone", "column": "x", "category": "contact_info"}, "only for files/"),
        ({"source": "contacts/contacts/*/phone", "category": "gossip"}, "identity_number"),
    ],
)
def test_bad_rules_are_rejected(rule: dict, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        DeriveRule.model_validate(rule)


def test_units_cannot_claim_to_be_derived() -> None:
    base = yaml.safe_load((DEMO / "task.yaml").read_text())
    base["sensitive"][0]["derived"] = True
    with pytest.raises(ValidationError, match="derived"):
        TaskSpec.model_validate(base)


def test_validator_checks_units_against_their_source(tmp_path: Path) -> None:
    spec = yaml.safe_load((DEMO / "task.yaml").read_text())
    units = spec["sensitive"] + [
        {"id": "wrong-field", "category": "contact_info", "value": "13912345678", "source": "contacts/contacts/c2/phone"},
        {"id": "wrong-file", "category": "contact_info", "value": "13912345678", "source": "files/nowhere.txt"},
        {"id": "absent", "category": "contact_info", "value": "18600000000", "source": "contacts/contacts/c1/phone"},
    ]
    problems = unit_problems(load_task(copy_demo(tmp_path, sensitive=units)))
    assert problems == [
        "sensitive unit wrong-field: source 'contacts/contacts/c2/phone' names no fixture record field or file",
        "sensitive unit wrong-file: source 'files/nowhere.txt' names no fixture record field or file",
        "sensitive unit absent: value '18600000000' does not occur in the fixtures",
    ]


def test_a_rendering_that_occurs_is_enough(tmp_path: Path) -> None:
    spec = yaml.safe_load((DEMO / "task.yaml").read_text())
    spec["sensitive"][0] = {"id": "u1", "category": "contact_info", "renderings": ["+86 139 1234 5678", "139-1234-5678"],
                            "source": "contacts/contacts/c1/phone", "needed": True}
    assert unit_problems(load_task(copy_demo(tmp_path, sensitive=spec["sensitive"]))) == []


def test_builtin_suite_units_all_validate_and_are_mostly_derived() -> None:
    tasks = load_suite()
    hand = sum(not u.derived for t in tasks for u in t.spec.sensitive)
    derived = sum(u.derived for t in tasks for u in t.spec.sensitive)
    assert hand >= 170 and derived > hand  # hand-marked spans in free text, identifiers derived from records
    for task in tasks:
        assert unit_problems(task) == [], task.id
    assert {r.category for r in default_derive_rules()} <= {"contact_info", "identity_number", "address",
                                                          "personal_detail", "financial_account"}


def test_tasks_list_counts_derived_units(tmp_path: Path) -> None:
    runner = CliRunner()
    with_defaults = runner.invoke(app, ["tasks", "list", "--suite", str(DEMO.parent)])
    assert with_defaults.exit_code == 0, with_defaults.output
    assert "3 units (2 hand-marked, 1 derived)" in with_defaults.output
    copy_demo(tmp_path, derive_units=[])
    without = runner.invoke(app, ["tasks", "list", "--suite", str(tmp_path / "suite")])
    assert "2 units (2 hand-marked, 0 derived)" in without.output


def test_demo_task_still_validates() -> None:
    # the broadcast adversary beats the demo task (tests/test_adversaries.py), which is a problem of its own
    problems = validate_task(load_task(DEMO)).problems
    assert [p for p in problems if not p.startswith("adversary ")] == []
