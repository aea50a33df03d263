"""The `pseudonymize` privacy guard: typed, stable placeholders out; real values back in on the device."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from ec2bench.agent.loop import AgentState, initial_messages, run_agent
from ec2bench.cli import app
from ec2bench.core.errors import ConfigError
from ec2bench.core.trace import Trace
from ec2bench.env.workspace import Workspace
from ec2bench.models.base import ChatRequest, Completion, Usage
from ec2bench.models.metered import MeteredModel
from ec2bench.models.registry import open_client, resolve_model
from ec2bench.privacy import boundary as boundary_module
from ec2bench.privacy import detect
from ec2bench.privacy.boundary import Boundary
from ec2bench.privacy.exposure import audit
from ec2bench.privacy.guard import make_guard
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import load_suite, load_task

DEMO = Path(__file__).parent / "data" / "suite" / "demo-contacts"
presidio = pytest.mark.skipif(not detect.presidio_available(),
                              reason="the privacy guard needs the [privacy] extra: bash .ci/install-privacy.sh")

CONTACTS = {"contacts": {"contacts": [
    {"id": "c1", "name": "Li Wei", "phone": "139-1234-5678", "email": "liwei@corp.example", "national_id": "110101199003071234"},
    {"id": "c2", "name": "陈晓雨", "email": "chenxy@huaxin.example"},
]}}


def workspace() -> Workspace:
    return Workspace.create(["contacts", "email"], CONTACTS)


# -- without Presidio ---------------------------------------------------------------------------

def test_missing_extra_is_a_config_error_naming_the_install(monkeypatch) -> None:
    monkeypatch.setattr(detect, "presidio_available", lambda: False)
    with workspace() as ws, pytest.raises(ConfigError, match=re.escape("pip install 'ec2bench[privacy]'")):
        make_guard("pseudonymize", ws)
    with workspace() as ws:
        assert make_guard("none", ws) is None


def test_cli_fails_before_the_sweep_without_the_extra(monkeypatch, mini_suite, tmp_path) -> None:
    monkeypatch.setattr(detect, "presidio_available", lambda: False)
    result = CliRunner().invoke(app, ["run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"),
                                      "--strategies", "cloud_only:guard=pseudonymize", "--repeats", "1"])
    assert result.exit_code == 2 and "ec2bench[privacy]" in result.output
    assert not (tmp_path / "r").exists()


# -- protect / restore ----------------------------------------------------------------------------

@presidio
def test_protect_replaces_sensitive_spans_with_stable_typed_placeholders() -> None:
    with workspace() as ws:
        guard = make_guard("pseudonymize", ws)
        text = ("Li Wei (139 1234 5678, liwei@corp.example, ID 110101199003071234) asked 陈晓雨 to pay "
                "card 6222 0994 4646 8019 807; token sk-b6e4bd34f4f4af35e07ab55f122e; 手机 13151787207; "
                "Marcus Oyelaran joins; db password: n4bOD0Ul89hoLHsrhn")
        out = guard.protect_text(text)
        for secret in ("Li Wei", "1234 5678", "liwei@corp.example", "110101199003071234", "陈晓雨", "6222 0994",
                       "sk-b6e4", "13151787207", "Marcus Oyelaran", "n4bOD0Ul89hoLHsrhn"):
            assert secret not in out, (secret, out)
        kinds = re.findall(r"\[([A-Z]+)_\d+\]", out)
        assert {"PERSON", "PHONE", "EMAIL", "ID", "CARD", "SECRET"} <= set(kinds)
        # the same value, in another rendering or another message, gets the same placeholder
        again = guard.protect_text("call 13912345678 or mail LIWEI@corp.example")
        assert guard.placeholders["139 1234 5678"] in again and again.count("[") == 2
        assert guard.originals[guard.placeholders["Li Wei"]] == "Li Wei"
        assert guard.restore_text(out) == text.replace("139 1234 5678", "139 1234 5678")


@presidio
def test_restore_fills_content_and_tool_call_arguments() -> None:
    with workspace() as ws:
        guard = make_guard("pseudonymize", ws)
        guard.protect_text("Li Wei: 13912345678, liwei@corp.example")
        phone, mail = guard.placeholders["13912345678"], guard.placeholders["liwei@corp.example"]
        reply = Completion({"role": "assistant", "content": f"Calling {phone.lower()} now", "tool_calls": [
            {"id": "c", "type": "function", "function": {"name": "email_send", "arguments": json.dumps(
                {"to": [mail], "subject": "x", "body": f'number "{phone}" and [PHONE_99]'})}},
            {"id": "d", "type": "function", "function": {"name": "email_send", "arguments": '{"to": ["' + mail + '"], "bo'}},
        ]}, Usage(), "m")
        restored = guard.restore(reply).message
        assert restored["content"] == "Calling 13912345678 now"  # any case of a placeholder restores
        args = json.loads(restored["tool_calls"][0]["function"]["arguments"])
        assert args == {"to": ["liwei@corp.example"], "subject": "x", "body": 'number "13912345678" and [PHONE_99]'}
        assert restored["tool_calls"][1]["function"]["arguments"] == '{"to": ["liwei@corp.example"], "bo'  # broken JSON too


@presidio
def test_values_cut_by_a_truncation_marker_are_protected() -> None:
    with workspace() as ws:
        guard = make_guard("pseudonymize", ws)
        out = guard.protect_text('{"sender": "liwei@corp.exa [... 120 characters cut ...] 8", "id": 1101011990 [... 9 characters cut ...]')
        assert "liwei@corp" not in out and "1101011990" not in out
        out = guard.protect_text('"from": "free.text.person@somewhere [... 44 characters cut ...] x"')
        assert "free.text.person@" not in out  # an address cut before its domain ends, not in any record


@presidio
def test_detection_does_not_read_the_annotations(tmp_path: Path) -> None:
    folder = tmp_path / "suite" / "demo-contacts"
    shutil.copytree(DEMO, folder)
    spec = yaml.safe_load((folder / "task.yaml").read_text())
    spec["sensitive"], spec["derive_units"], spec["entitled"] = [], [], []  # no unit left to entitle anyone to
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True))
    unannotated = load_task(folder)
    assert unannotated.spec.sensitive == []
    with unannotated.new_workspace() as ws:
        guard = make_guard("pseudonymize", ws)
        out = guard.protect(ChatRequest(messages=[{"role": "tool", "content": ws.call("contacts_search", {"query": "Li Wei"}).result}]))
    content = out.messages[0]["content"]
    assert "139-1234-5678" not in content and "110101199003071234" not in content and "liwei@corp.example" not in content


class PlaceholderCopier:
    """A cloud that, like a real model, copies what it sees: it searches the contact, then mails the
    number it was shown (a placeholder, under the guard) to Zhang, then answers."""

    model = "scripted/cloud"

    def complete(self, request: ChatRequest) -> Completion:
        tool_results = [m["content"] for m in request.messages if m["role"] == "tool"]
        if not tool_results:
            call = ("contacts_search", {"query": "Li Wei"})
        elif len(tool_results) == 1:
            number = re.search(r'"phone": "([^"]+)"', tool_results[0]).group(1)
            call = ("email_send", {"to": ["zhang@corp.example"], "subject": "Li Wei phone", "body": f"Li Wei: {number}"})
        else:
            return Completion({"role": "assistant", "content": "Sent."}, Usage(), self.model)
        return Completion({"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{len(tool_results)}", "type": "function",
             "function": {"name": call[0], "arguments": json.dumps(call[1], ensure_ascii=False)}}]}, Usage(), self.model)


@presidio
def test_round_trip_placeholder_in_payload_real_value_in_the_executed_call(monkeypatch) -> None:
    task = load_task(DEMO)
    monkeypatch.setattr(boundary_module, "open_client", lambda info, **kw: PlaceholderCopier())
    trace = Trace()
    with task.new_workspace() as ws:
        guard = make_guard("pseudonymize", ws)
        cloud = Boundary(resolve_model("sim/cloud"), task=task.spec, seed=0, strategy="cloud_only", trace=trace, guard=guard)
        edge_info = resolve_model("sim/edge-9b")
        edge = MeteredModel("edge", edge_info, open_client(edge_info, task=task.spec, seed=0), trace)
        state = AgentState(task, ws, edge, cloud, trace, initial_messages(task), ws.openai_tools())
        outcome = run_agent(state, make_strategy("cloud_only"), timeout_s=30)
        sent = ws.state()["email"]["sent"]
        report = audit(task.spec.sensitive, [r.result for r in ws.log], cloud.records)
    assert outcome.answer == "Sent."
    # what left the device: placeholders only
    payload_text = "\n".join(t for r in cloud.records for t in r.texts())
    assert "1234" not in payload_text and "Li Wei" not in payload_text and "[PHONE_1]" in payload_text
    # what ran on the device: the real number
    (mail,) = sent
    assert mail["body"] == "Li Wei: 139-1234-5678" and ws.log[1].args["body"] == "Li Wei: 139-1234-5678"
    assert all(u.exposure == 0.0 for u in report.units) and report.units[0].accessed


@presidio
def test_simulated_cloud_copies_placeholders_end_to_end(mini_suite) -> None:
    task = load_suite(mini_suite)[0]
    edge, cloud = resolve_model("sim/edge-9b"), resolve_model("sim/cloud")
    result = run_episode(task, EpisodeSpec(task.id, "cloud_only:guard=pseudonymize", edge.name, cloud.name, 0), edge, cloud)
    payloads = [e for e in result.trace_events() if e["type"] == "boundary"]
    assert "139-1234-5678" not in json.dumps(payloads, ensure_ascii=False)
    assert result.row.completion == 100.0 and result.row.exposure == 0.0


@presidio
@pytest.mark.parametrize(("text", "found"), [
    ("Right-to-rent check: UK passport 533782119, seen 2026-02-20.", "533782119"),
    ("Passport X7Y2K4C19 (Germany), expires 2031-02-11.", "X7Y2K4C19"),
    ("护照号码：E12345678 已过期", "E12345678"),
    ("My employee ID: FH-20931.", "FH-20931"),
    ("新同事 邹桂兰，工号 YJ-66716，下周一入职。", "YJ-66716"),
    ("Replace passport photo for ESTA renewal", None),
    ("passport 2026-03-01", None),
    ("工号,姓名,部门,日期", None),  # a CSV header: no value after the label
])
def test_passport_and_staff_numbers_are_found_after_their_label(text: str, found: str | None) -> None:
    ids = [text[s.start:s.end] for s in detect.presidio_spans(text) if s.kind == "ID"]
    assert ids == ([found] if found else [])


@presidio
def test_guard_on_the_builtin_suite_removes_most_exposure() -> None:
    """cloud_only vs cloud_only:guard=pseudonymize on every built-in task, with sim models."""
    edge, cloud = resolve_model("sim/edge-9b"), resolve_model("sim/cloud")
    rows = {"cloud_only": [], "cloud_only:guard=pseudonymize": []}
    suite = load_suite()
    values = {(t.id, u.id): u.value for t in suite for u in t.spec.sensitive}
    for task in suite:
        for strategy, out in rows.items():
            out.append(run_episode(task, EpisodeSpec(task.id, strategy, edge.name, cloud.name, 0), edge, cloud).row)
    plain, guarded = rows["cloud_only"], rows["cloud_only:guard=pseudonymize"]
    mean = lambda rs, k: sum(getattr(r, k) for r in rs) / len(rs)  # noqa: E731
    assert mean(plain, "exposure") > 0.8
    assert mean(guarded, "exposure") < 0.5 * mean(plain, "exposure")
    # identifiers the guard recognises are protected: an id or account number that a recogniser finds on
    # its own (a staff id in a CSV column or a permit number is not among them) crosses at most as a
    # fragment quoted elsewhere, as a card's last four digits in "visa ending 6467" (exposure 0.125)
    from ec2bench.privacy.detect import presidio_spans

    for r in guarded:
        for u in json.loads(r.units):
            if u["accessed"] and u["category"] in ("identity_number", "financial_account") and u["exposure"] > 0.25:
                value = values[(r.task_id, u["id"])]
                if any(span.start == 0 and span.end >= len(value) for span in presidio_spans(value)):
                    pytest.fail(f"{r.task_id}: {u['id']} exposed: {u['excerpt']}")
