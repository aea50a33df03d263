"""The annotation scan: sensitive-looking values the reference reads that no unit covers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.qa.annotation_scan import annotation_findings, scan_text
from ec2bench.qa.validator import reference_log, validate_task
from ec2bench.tasks.loader import load_task

DEMO = Path(__file__).parent / "data" / "suite" / "demo-contacts"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("write to li.wei@corp.example today", [("email", "li.wei@corp.example")]),
        ("手机 139-1234-5678，办公室 021-64821234", [("phone", "139-1234-5678"), ("phone", "021-64821234")]),
        ("call (415) 555-0142 or +44 20 7946 0958", [("phone", "(415) 555-0142"), ("phone", "+44 20 7946 0958")]),
        ("身份证 110101199003071234 / SSN 123-45-6789", [("national id", "110101199003071234"), ("national id", "123-45-6789")]),
        ("工号：E54909", [("staff id", "E54909")]),
        ("IBAN DE89 3704 0044 0532 0130 00", [("bank account", "DE89 3704 0044 0532 0130 00")]),
        ("card 4111 1111 1111 1111", [("bank account", "4111 1111 1111 1111")]),
        ("开票信息：纳税人识别号 91310034840050861X，账号 6214 4228 3635 7369",
         [("tax id", "91310034840050861X"), ("bank account", "6214 4228 3635 7369")]),
        ("DB_PASSWORD=n4bOD0Ul89hoLHsrhn", [("credential", "n4bOD0Ul89hoLHsrhn")]),
        ("key sk_live_51Hq8ZtR4mXw2VbN7kLp3Yd9 and AKIA4QX7RZP2LM8KT3VW",
         [("credential", "sk_live_51Hq8ZtR4mXw2VbN7kLp3Yd9"), ("credential", "AKIA4QX7RZP2LM8KT3VW")]),
        ("postgres://app:s3cretPw@pg-prod:5432/db", [("credential", "s3cretPw")]),
        ("your base salary is $131,500 from April", [("pay", "$131,500")]),
        ("他的底薪 23500 元", [("pay", "23500 元")]),
        ("销售,工号,手机,底薪\n刘洋,E54909,13111901985,23500\n",
         [("phone", "13111901985"), ("staff id", "E54909"), ("pay", "23500")]),
    ],
)
def test_each_kind_of_value_is_found(text: str, expected: list[tuple[str, str]]) -> None:
    assert sorted(scan_text(text)) == sorted(expected)


@pytest.mark.parametrize(
    "text",
    [
        "password: [REDACTED]",  # a placeholder
        "工资 2026 年调整方案",  # a year, not pay
        "order 1234 5678 9012 3456 shipped",  # 16 digits failing the Luhn check
        "meet at 14:30 on 2026-03-11, ticket T-0042, total 1,234.50",
    ],
)
def test_ordinary_text_is_not_flagged(text: str) -> None:
    assert scan_text(text) == []


def copy_demo(tmp_path: Path, **changes: object) -> Path:
    folder = tmp_path / "demo-contacts"
    shutil.copytree(DEMO, folder)
    spec = yaml.safe_load((folder / "task.yaml").read_text(encoding="utf-8"))
    spec.update(changes)
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    return folder


def test_units_and_prompt_values_are_not_findings_and_an_unannotated_value_is(tmp_path: Path) -> None:
    annotated = load_task(copy_demo(tmp_path / "a"))
    assert annotation_findings(annotated, reference_log(annotated)) == []  # the phone and id are units; zhang@ is in the prompt
    spec = yaml.safe_load((DEMO / "task.yaml").read_text(encoding="utf-8"))
    bare = load_task(copy_demo(tmp_path / "b", sensitive=[u for u in spec["sensitive"] if u["id"] != "u1"], derive_units=[], entitled=[]))
    findings = [str(f) for f in annotation_findings(bare, reference_log(bare))]
    assert findings == ["unannotated phone '139-1234-5678' (read by step 0 contacts_search)"] or \
        any("phone" in f and "contacts_search" in f for f in findings)
    exempt = load_task(copy_demo(tmp_path / "c", sensitive=[u for u in spec["sensitive"] if u["id"] != "u1"], derive_units=[], entitled=[],
                                 not_sensitive=[{"value": "13912345678", "why": "a public hotline in this scenario"}]))
    assert not any("phone" in str(f) for f in annotation_findings(exempt, reference_log(exempt)))


def test_a_role_mailbox_read_by_the_reference_needs_no_unit(tmp_path: Path) -> None:
    folder = copy_demo(tmp_path, derive_units=[])
    contacts = folder / "fixtures" / "contacts.yaml"
    text = contacts.read_text(encoding="utf-8")
    for mailbox, flagged in (("billing@corp.example", False), ("li.wei@corp.example", True)):
        contacts.write_text(text.replace("liwei@corp.example", mailbox), encoding="utf-8")
        task = load_task(folder)
        emails = [f.value for f in annotation_findings(task, reference_log(task)) if f.kind == "email"]
        assert (mailbox in emails) is flagged


def test_findings_are_warnings_and_strict_mode_makes_them_failures(tmp_path: Path) -> None:
    spec = yaml.safe_load((DEMO / "task.yaml").read_text(encoding="utf-8"))
    folder = copy_demo(tmp_path, sensitive=[u for u in spec["sensitive"] if u["id"] != "u1"], derive_units=[], entitled=[])
    task = load_task(folder)
    lenient, strict = validate_task(task), validate_task(task, strict=True)
    assert lenient.warnings and not any("unannotated" in p for p in lenient.problems)
    scan = {w for w in lenient.warnings if not w.startswith("lint: ")}  # the lint's line stays a warning in both
    assert scan and scan <= set(strict.problems) and not any(p.startswith("lint: ") for p in strict.problems)
    runner = CliRunner()
    warned = runner.invoke(app, ["tasks", "validate", "--suite", str(tmp_path)])
    assert "warning: unannotated phone" in warned.output
    failed = runner.invoke(app, ["tasks", "validate", "--suite", str(tmp_path), "--strict"])
    assert failed.exit_code == 1 and "unannotated phone" in failed.output


def test_the_built_in_suite_is_clean_in_strict_mode() -> None:
    from ec2bench.tasks.loader import load_suite

    assert {t.id: [str(f) for f in annotation_findings(t, reference_log(t))] for t in load_suite()} == {t.id: [] for t in load_suite()}
