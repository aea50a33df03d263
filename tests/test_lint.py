"""`ec2bench tasks lint`: each rule finds what it is for and passes what is real."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.qa.lint import NEEDS, Finding, counts, lint_suite, lint_task, rule_names
from ec2bench.qa.lint.baseline import beyond
from ec2bench.qa.lint.divisions import _mismatch, divisions
from ec2bench.qa.lint.filler import is_en_filler, is_zh_filler
from ec2bench.qa.lint.identity import resident_id_problem
from ec2bench.spec.role_mailboxes import is_role_mailbox
from ec2bench.tasks.loader import load_suite, load_task

REPO = Path(__file__).resolve().parents[1]
OWN_RULES = [r for r in rule_names() if r not in NEEDS]  # the rules the lint extra alone runs


def write_task(root: Path, task_id: str, *, contacts: list[dict], notes: list[dict], prompt: str,
               sensitive: list[dict] | None = None, files: dict[str, str] | None = None) -> Path:
    folder = root / task_id
    (folder / "fixtures" / "files").mkdir(parents=True)
    (folder / "fixtures" / "contacts.yaml").write_text(yaml.safe_dump({"contacts": contacts}, allow_unicode=True), "utf-8")
    (folder / "fixtures" / "notes.yaml").write_text(yaml.safe_dump({"notes": notes}, allow_unicode=True), "utf-8")
    for rel, text in (files or {}).items():
        (folder / "fixtures" / "files" / rel).write_text(text, "utf-8")
    spec = {"id": task_id, "title": "Lint demo", "category": "office", "language": "en", "prompt": prompt,
            "apps": ["contacts", "notes"], "reference": [{"tool": "notes_search", "args": {"query": "visit"}},
                                                         {"answer": "Done."}],
            "checks": [{"kind": "answer_contains", "weight": 1.0, "text": "Done"}],
            "sensitive": sensitive or [], "derive_units": []}
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    return folder


BAD_CONTACTS = [
    {"id": "c-1", "name": "张云", "email": "gongqiang@jinghe-group.cn", "national_id": "110105199104237718",
     "address": "西藏自治区重庆市璧山区海口路8号"},
    {"id": "c-2", "name": "Amy Perez MD", "email": "mrs..white@northwind.example", "phone": "+1-552-485-0541"},
]
GOOD_CONTACTS = [
    {"id": "c-1", "name": "张晓明", "email": "zhangxm@jinghe-group.cn", "national_id": "11010519491231002X",
     "address": "广东省深圳市南山区科苑路15号"},
    {"id": "c-2", "name": "Priya Nair", "email": "p.nair@corvina.io", "phone": "+1-415-555-0134"},
    {"id": "c-3", "name": "IT Support", "email": "it-support@corvina.io"},
]


def test_each_rule_finds_its_finding(tmp_path: Path) -> None:
    task = load_task(write_task(
        tmp_path, "bad", contacts=BAD_CONTACTS, prompt="Tell me today which visit notes are open.",
        notes=[{"id": "N-1", "title": "Visit", "body": "Wear management music thing rather example significant. "
                                                       "人员产品设备进行重要会员那么北京. Card 6225 8812 3456 3307, "
                                                       "mobile 120-1234-5678."}],
        sensitive=[{"id": "desk", "category": "contact_info", "value": "all@northwind.example", "source": "notes/notes/N-1/body"},
                   {"id": "visit", "category": "health", "source": "notes/notes/N-1/body",
                    "value": "she was seen at the clinic for a sprained wrist last week"}],
        files={"visit.txt": "all@northwind.example she was seen at the clinic for a sprained wrist last week"}))
    findings = lint_task(task, OWN_RULES)
    found = {f.rule: f for f in reversed(findings)}  # each rule's first finding
    assert set(found) == {"faker-en-filler", "faker-zh-filler", "resident-id", "card-luhn", "phone", "faker-artefact",
                          "name-mailbox", "division", "role-mailbox-unit", "phrase-unit", "undated-today"}
    assert "check digit is X, not 8" in found["resident-id"].detail
    assert found["division"].where == "contacts/contacts/c-1/address" and "重庆市" in found["division"].detail
    assert {f.detail.split(" <")[0] for f in findings if f.rule == "name-mailbox"} == {"张云", "Amy Perez MD"}
    assert found["undated-today"].detail.startswith("says 'today'")


def test_real_identities_and_prose_pass(tmp_path: Path) -> None:
    task = load_task(write_task(
        tmp_path, "good", contacts=GOOD_CONTACTS, prompt="Which visit notes are still open? Summarise them.",
        notes=[{"id": "N-1", "title": "Visit", "body": "State the total you claim. Priya asked us to move the visit "
                                                       "to Thursday. 客户希望把拜访改到周四。Card 4111 1111 1111 1111, "
                                                       "mobile 139-1234-5678."}],
        files={"payroll.csv": "工号,姓名,身份证号,银行卡号\nHX-0107,周海燕,310104198803152447,6222021001234578125\n"}))
    assert lint_task(task, OWN_RULES) == []  # the resident id before the card column is not taken for a card


def test_detectors_on_their_own() -> None:
    assert is_en_filler("Read result ready story role.") and not is_en_filler("If you do nothing you stay on it.")
    assert is_zh_filler("一起图片结果也是大小") and not is_zh_filler("请把发票寄给财务部")
    assert resident_id_problem("11010519491231002X") is None
    assert resident_id_problem("110105199104237718") == "the GB 11643 check digit is X, not 8"
    assert resident_id_problem("990105199104237710") is not None  # no province 99
    assert is_role_mailbox("it-support@corp.example") and is_role_mailbox("kefu@yunjie.cn")
    assert is_role_mailbox("sales-eu@corp.example")  # a role and a region
    assert not is_role_mailbox("priya.nair@corp.example")
    assert not is_role_mailbox("hr.zhaoyun@xingtu-ai.cn")  # a person in HR, not the HR desk
    data = divisions()
    assert _mismatch(data, data.provinces["广东省"], "深圳市南山区科苑路") is None
    assert _mismatch(data, data.provinces["湖南省"], "合肥市璧山海口路") == " is followed by 合肥市, which is not in it"
    assert _mismatch(data, data.provinces["广东省"], "深圳市璧山区") == "深圳市 is followed by 璧山区, which is not in it"


def test_suite_rules_and_counts(tmp_path: Path) -> None:
    tasks = [load_task(write_task(tmp_path, f"t{i}", contacts=GOOD_CONTACTS, notes=[], prompt="Look and tell me the result.",
                                  sensitive=[{"id": "dx", "category": "health", "value": "asthma", "source": "notes"}]))
             for i in range(3)]
    findings = lint_suite(tasks, ["category-quota", "prompt-ending"])
    assert sorted(f.rule for f in findings) == ["category-quota", "prompt-ending"]
    assert counts(findings)["category-quota"] == (1, 1)
    assert set(counts(findings)) == set(rule_names())


def test_baseline_fails_only_new_findings() -> None:
    old = [Finding("phone", "a", "x", "1"), Finding("phone", "a", "y", "2")]
    assert beyond(old, {"phone": {"a": 2}}) == []
    assert beyond([*old, Finding("phone", "a", "z", "3")], {"phone": {"a": 2}}) == [Finding("phone", "a", "z", "3")]
    assert beyond(old, {}) == old


def test_builtin_suite_holds_no_finding_beyond_its_baseline() -> None:
    """The recorded debt may shrink, never grow: a new task or fixture must be clean."""
    baseline = json.loads((REPO / ".ci" / "lint-baseline.json").read_text(encoding="utf-8"))
    # without the second annotator (minutes of Presidio), which the CI lint step runs
    assert beyond(lint_suite(load_suite(), OWN_RULES), baseline) == []


def test_cli_counts_and_exit_codes(tmp_path: Path) -> None:
    write_task(tmp_path, "bad", contacts=BAD_CONTACTS, notes=[], prompt="Which visit notes are open?")
    runner = CliRunner()
    result = runner.invoke(app, ["tasks", "lint", "--suite", str(tmp_path)])
    assert result.exit_code == 1 and "resident-id" in result.output and "finding(s) in all" in result.output
    base = tmp_path.parent / "baseline.json"
    assert runner.invoke(app, ["tasks", "lint", "--suite", str(tmp_path), "--write-baseline", str(base)]).exit_code == 0
    assert runner.invoke(app, ["tasks", "lint", "--suite", str(tmp_path), "--baseline", str(base)]).exit_code == 0
    assert runner.invoke(app, ["tasks", "lint", "--suite", str(tmp_path), "--rule", "nope"]).exit_code == 2


@pytest.mark.parametrize("text", ["{", "[1, 2]"])
def test_a_broken_baseline_is_an_input_error(tmp_path: Path, text: str) -> None:
    write_task(tmp_path / "s", "good", contacts=GOOD_CONTACTS, notes=[], prompt="Which visit notes are open?")
    (tmp_path / "b.json").write_text(text, "utf-8")
    result = CliRunner().invoke(app, ["tasks", "lint", "--suite", str(tmp_path / "s"), "--baseline", str(tmp_path / "b.json")])
    assert result.exit_code == 3


presidio = pytest.mark.skipif(importlib.util.find_spec("presidio_analyzer") is None,
                              reason="the second annotator needs the privacy extra (Presidio)")


@presidio
def test_second_annotator_finds_what_no_unit_covers(tmp_path: Path) -> None:
    from ec2bench.qa.lint.candidates import agreement, candidates

    task = load_task(write_task(
        tmp_path, "cand", contacts=[], prompt="Which visit notes are open? My number is 13812345678.",
        notes=[{"id": "N-1", "title": "Visit", "body": "Call Li on 13912345678 or 13812345678; mail li.na@corp.example "
                                                       "or it-support@corp.example. The VPN password: Tr0ub4dor&3x (rotated monthly)."}],
        sensitive=[{"id": "li-phone", "category": "contact_info", "value": "139 1234 5678", "source": "notes/notes/N-1/body"}]))
    kinds = {(c.kind, c.value) for c in candidates(task)}
    assert {("PHONE", "13912345678"), ("EMAIL", "li.na@corp.example"), ("SECRET", "Tr0ub4dor&3x")} <= kinds
    open_ones = {f.detail.split(" ")[1] for f in lint_task(task, ["unreviewed-candidate"])}
    # the unit covers the first phone, the prompt holds the second, a role mailbox is no unit
    assert open_ones == {"'li.na@corp.example':", "'Tr0ub4dor&3x':"}
    table = agreement([task])
    assert table["contact_info"].both == 1 and table["contact_info"].detector_only == 1
    assert table["credential"].detector_only == 1

    from ec2bench.qa.validator import validate_task

    unreviewed = [p for p in validate_task(task).problems if p.startswith("unreviewed candidate")]
    assert len(unreviewed) == 2 and any("li.na@corp.example" in p for p in unreviewed)  # validate fails on them

