"""Privacy exposure (`ec2bench.privacy.exposure.audit`) from hand-built units and payload records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ec2bench.core.trace import Trace
from ec2bench.models.base import ChatRequest, Completion, Usage
from ec2bench.models.registry import resolve_model
from ec2bench.privacy import boundary as boundary_module
from ec2bench.privacy.boundary import Boundary, PayloadRecord
from ec2bench.privacy.exposure import EXCERPT_CHARS, audit
from ec2bench.spec.schema import SensitiveUnit
from ec2bench.tasks.loader import load_task

DEMO = Path(__file__).parent / "data" / "suite" / "demo-contacts"

PHONE = SensitiveUnit(id="phone", category="contact_info", value="13912345678", source="contacts/contacts/c1/phone",
                      weight=1.0, needed=True)
NATIONAL_ID = SensitiveUnit(id="nid", category="identity_number", value="110101199003071234",
                            source="contacts/contacts/c1/national_id", weight=3.0)
SALARY = SensitiveUnit(id="salary", category="compensation", value="Salary band P7", source="files/hr.txt")

CONTACT_RESULT = '[{"id": "c1", "name": "Li Wei", "phone": "139-1234-5678", "national_id": "110101199003071234"}]'


def payload(index: int, *contents: str, tools: list[dict[str, Any]] | None = None) -> PayloadRecord:
    messages = [{"role": "user", "content": c} for c in contents]
    return PayloadRecord(index, step=index, strategy="cloud_only", purpose="act", messages=messages, tools=tools or [])


def test_unit_never_read_is_not_accessed() -> None:
    report = audit([PHONE, SALARY], ["Li Wei: 139 1234 5678"], [])
    by_id = {u.id: u for u in report.units}
    assert by_id["phone"].accessed and not by_id["salary"].accessed
    assert all(u.exposure == 0.0 and u.payload is None and u.excerpt is None for u in report.units)
    assert (report.exposure, report.exposure_all, report.privacy) == (0.0, 0.0, 100.0)


def test_nothing_accessed_means_zero_exposure() -> None:
    report = audit([PHONE], [], [])
    assert report.units[0].accessed is False
    assert (report.exposure, report.exposure_all, report.privacy) == (0.0, 0.0, 100.0)
    assert audit([], ["x"], [payload(0, "x")]).exposure == 0.0


def test_accessed_and_sent_is_exposed_with_excerpt() -> None:
    report = audit([PHONE], [CONTACT_RESULT], [
        payload(0, "Please help me with my contacts."),
        payload(1, "Here is what I found: Li Wei's number is 13912345678, send it on."),
    ])
    (unit,) = report.units
    assert unit.accessed and unit.exposure == 1.0
    assert unit.payload == 1  # the index of the first payload that carried it
    assert unit.excerpt is not None and "13912345678" in unit.excerpt
    assert (unit.id, unit.category, unit.weight, unit.needed) == ("phone", "contact_info", 1.0, True)
    assert report.exposure == report.exposure_all == 1.0
    assert report.privacy == 0.0


def test_separator_variants_and_case_count_as_exposure() -> None:
    report = audit([PHONE, SALARY], [CONTACT_RESULT, "salary band p7"],
                   [payload(0, "tel 139 1234 5678; SALARY   BAND P7")])
    assert [u.exposure for u in report.units] == [1.0, 1.0]


def test_excerpt_is_a_window_around_the_value() -> None:
    text = "a" * 200 + " 13912345678 " + "b" * 200
    unit = audit([PHONE], [CONTACT_RESULT], [payload(0, text)]).units[0]
    assert unit.excerpt is not None
    pos = text.index("13912345678")
    assert unit.excerpt == text[pos - EXCERPT_CHARS: pos + 11 + EXCERPT_CHARS]
    assert unit.excerpt == "a" * (EXCERPT_CHARS - 1) + " 13912345678 " + "b" * (EXCERPT_CHARS - 1)


def test_excerpt_shows_a_separator_variant_match() -> None:
    text = "x" * 300 + " call 139-1234-5678 now"
    unit = audit([PHONE], [CONTACT_RESULT], [payload(0, text)]).units[0]
    assert unit.exposure == 1.0
    assert unit.excerpt is not None and "139-1234-5678" in unit.excerpt


def test_weighted_exposure() -> None:
    # weights 3 and 1, both read, only the weight-1 unit sent: 1 / (3 + 1)
    report = audit([NATIONAL_ID, PHONE], [CONTACT_RESULT], [payload(0, "number 139-1234-5678")])
    assert [u.exposure for u in report.units] == [0.0, 1.0]
    assert report.exposure == 0.25
    assert report.privacy == 75.0
    # the weight-3 unit alone: 3 / 4
    report = audit([NATIONAL_ID, PHONE], [CONTACT_RESULT], [payload(0, "id 110101199003071234")])
    assert report.exposure == 0.75
    assert report.privacy == pytest.approx(25.0)


def test_default_weight_comes_from_the_category() -> None:
    unweighted = SensitiveUnit(id="nid", category="identity_number", value="110101199003071234", source="x")
    phone = SensitiveUnit(id="p", category="contact_info", value="13912345678", source="x")
    report = audit([unweighted, phone], [CONTACT_RESULT], [payload(0, "13912345678")])
    assert [u.weight for u in report.units] == [3.0, 1.5]
    assert report.exposure == pytest.approx(1.5 / 4.5)


def test_exposure_over_accessed_vs_all_units() -> None:
    # SALARY was never read but its value is in a payload (e.g. the user typed it): it counts only in exposure_all
    salary = SensitiveUnit(id="salary", category="compensation", value="Salary band P7", source="x", weight=1.0)
    report = audit([NATIONAL_ID, salary], [CONTACT_RESULT], [payload(0, "my salary band p7, please")])
    by_id = {u.id: u for u in report.units}
    assert by_id["salary"].accessed is False and by_id["salary"].exposure == 1.0
    assert report.exposure == 0.0  # over accessed units: NATIONAL_ID only, not sent
    assert report.exposure_all == 0.25  # 1 / (3 + 1)
    assert report.privacy == 100.0


def test_payload_texts_are_contents_and_call_arguments() -> None:
    record = PayloadRecord(0, 0, "cloud_only", "act", [
        {"role": "system", "content": "sys"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c", "type": "function", "function": {"name": "email_send", "arguments": '{"body": "hi"}'}}]},
        {"role": "tool", "tool_call_id": "c", "content": "sent"},
        {"role": "user", "content": [{"type": "image_url"}]},
    ], [])
    assert record.texts() == ["sys", '{"body": "hi"}', "sent"]


def test_value_in_tool_call_arguments_is_exposure() -> None:
    record = PayloadRecord(0, 0, "cloud_only", "act", [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c", "type": "function", "function": {"name": "email_send",
                                                          "arguments": '{"body": "Li Wei: 139-1234-5678"}'}}]},
    ], [])
    assert audit([PHONE], [CONTACT_RESULT], [record]).exposure == 1.0


def test_value_in_a_sent_tool_schema_is_exposure() -> None:
    tools = [{"type": "function", "function": {"name": "pick_contact", "description": "Li Wei (139-1234-5678)",
                                               "parameters": {"type": "object", "properties": {}}}}]
    record = payload(0, "which contact?", tools=tools)
    assert audit([PHONE], [CONTACT_RESULT], [record]).exposure == 1.0


class _Replier:
    model = "scripted/cloud"

    def __init__(self, reply: str) -> None:
        self.reply = reply

    def complete(self, request: ChatRequest) -> Completion:
        return Completion(message={"role": "assistant", "content": self.reply}, usage=Usage(), model=self.model)


def test_value_only_in_a_cloud_reply_is_not_exposure(monkeypatch: pytest.MonkeyPatch) -> None:
    task = load_task(DEMO)
    monkeypatch.setattr(boundary_module, "open_client",
                        lambda info, *, task, seed, **_: _Replier("His number is 139-1234-5678."))
    trace = Trace()
    boundary = Boundary(resolve_model("sim/cloud"), task=task.spec, seed=0, strategy="cloud_only", trace=trace)
    request = ChatRequest(messages=[{"role": "user", "content": "What is Li Wei's number?"}])
    completion = boundary.complete(request, step=0, purpose="act")
    assert "139-1234-5678" in completion.message["content"]
    (record,) = boundary.records
    assert record.texts() == ["What is Li Wei's number?"]
    assert (record.index, record.step, record.strategy, record.purpose) == (0, 0, "cloud_only", "act")
    assert [e["type"] for e in trace.events] == ["boundary", "model_call"]
    report = audit([PHONE], [CONTACT_RESULT], boundary.records)
    assert report.units[0].accessed and report.units[0].exposure == 0.0
    assert report.privacy == 100.0


# -- values in the prompt (docs/privacy.md, "Values in the prompt") ---------------------------------


def demo_with_prompt(tmp_path: Path, prompt: str, extra_units: list[dict[str, Any]] | None = None) -> Any:
    """The demo task with another prompt (and units), loaded as the runner loads it."""
    import shutil

    import yaml

    folder = tmp_path / "demo-contacts"
    shutil.copytree(DEMO, folder)
    spec = yaml.safe_load((folder / "task.yaml").read_text(encoding="utf-8"))
    spec["prompt"] = prompt
    spec["sensitive"] += extra_units or []
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    return load_task(folder)


def test_what_the_prompt_shows_is_not_charged_only_what_goes_beyond(tmp_path: Path) -> None:
    task = demo_with_prompt(tmp_path, "My ID ends in 03071234; find Li Wei and email his phone to zhang@corp.example.")
    units = {u.id: u for u in task.spec.sensitive}
    assert units["u2"].prompt_reveals == pytest.approx(0.5 * 8 / 18)  # the user quoted the last 8 of 18 digits
    assert units["u1"].prompt_reveals == 0.0
    first = payload(0, task.spec.prompt)  # every cloud strategy sends the prompt first
    read = ['{"national_id": "110101199003071234", "phone": "13912345678"}']
    by_id = {u.id: u for u in audit(task.spec.sensitive, read, [first]).units}
    assert by_id["u2"].exposure == 0.0 and by_id["u2"].payload is None
    # a payload that shows more than the prompt did is charged in full
    more = audit(task.spec.sensitive, read, [first, payload(1, "ID 110101199003071234")]).units
    assert {u.id: u.exposure for u in more}["u2"] == 1.0


def test_a_shared_prefix_with_the_prompt_costs_nothing() -> None:
    from ec2bench.tasks.loader import builtin_suite_dir

    task = load_task(builtin_suite_dir() / "devops-settlement-cron-overlap-zh")
    ro = next(u for u in task.spec.sensitive if u.id == "ro-account")
    assert ro.prompt_reveals == 0.0  # "settle-sync" in the prompt is another string, not settle_ro
    report = audit(task.spec.sensitive, ["只读账号 settle_ro"], [payload(0, task.spec.prompt)])
    assert {u.id: u.exposure for u in report.units}["ro-account"] == 0.0


def test_a_unit_the_prompt_states_is_a_validation_problem(tmp_path: Path) -> None:
    from ec2bench.qa.validator import unit_problems

    task = demo_with_prompt(tmp_path, "Find Li Wei (139-1234-5678) in my contacts and email his number to zhang@corp.example.")
    assert {u.id: u.prompt_reveals for u in task.spec.sensitive}["u1"] == 1.0
    assert [p for p in unit_problems(task) if "prompt" in p] == [
        "sensitive unit u1: the prompt states '13912345678', so it is the user's to send, not a unit: remove it"]
    report = audit(task.spec.sensitive, [CONTACT_RESULT], [payload(0, task.spec.prompt), payload(1, "13912345678")])
    assert {u.id: u.exposure for u in report.units}["u1"] == 0.0  # never charged, wherever it is repeated


def test_prompt_reveals_is_not_written_by_hand(tmp_path: Path) -> None:
    from ec2bench.tasks.loader import TaskLoadError

    with pytest.raises(TaskLoadError, match="prompt_reveals"):
        demo_with_prompt(tmp_path, "Find Li Wei in my contacts and email his phone number to zhang@corp.example.", [
            {"id": "u3", "category": "contact_info", "value": "13912345678", "source": "contacts/contacts/c1/phone",
             "prompt_reveals": 0.5}])
