"""The optional LLM-judge pass of the exposure audit: verdicts stored apart, cost reported apart."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.core.trace import Trace
from ec2bench.models.base import ChatRequest, Completion, ModelError, Usage
from ec2bench.models.registry import resolve_model
from ec2bench.privacy import boundary as boundary_module
from ec2bench.privacy.boundary import PayloadRecord
from ec2bench.privacy.exposure import audit
from ec2bench.privacy.judge import SimulatedJudge, judge_request, parse_verdicts, run_judge
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.privacy import judge_summary
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.runner.store import SCHEMA_VERSION, Store, StoreError, load_rows
from ec2bench.spec.schema import SensitiveUnit, TaskSpec
from ec2bench.tasks.loader import load_suite

DEAL = SensitiveUnit(id="deal", category="business_financial", value="¥1,213,400", source="crm/deals/D-1/amount")
SURGERY = SensitiveUnit(id="surgery", category="health", value="knee surgery rehab", source="email/inbox/M-1/body")
PHONE = SensitiveUnit(id="phone", category="contact_info", value="13912345678", source="contacts/contacts/c1/phone")
READ = ["deal D-1: ¥1,213,400", "Priya: back from knee surgery rehab next week", "phone 13912345678"]


def payload(text: str) -> PayloadRecord:
    return PayloadRecord(0, 0, "advisory", "ask", [{"role": "user", "content": text}], [])


def task_spec() -> TaskSpec:
    return load_suite(Path(__file__).parent / "data" / "suite")[0].spec


def test_parse_verdicts_is_tolerant_and_strict_about_ids() -> None:
    reply = 'Sure!\n```json\n{"verdicts": [{"id": "deal", "exposure": 1, "evidence": "about 1.2 million"},' \
            ' {"id": "other", "exposure": 1}, {"id": "phone", "exposure": "lots"}, {"id": "surgery", "exposure": 7}]}\n```'
    assert parse_verdicts(reply, {"deal", "phone", "surgery"}) == {"deal": (1.0, "about 1.2 million"), "surgery": (1.0, None)}
    assert parse_verdicts("no json here", {"deal"}) == {}
    assert parse_verdicts('[{"id": "deal", "exposure": 0.5}]', {"deal"}) == {"deal": (0.5, None)}


def test_simulated_judge_catches_rounded_amounts_and_reworded_facts() -> None:
    judge = SimulatedJudge("sim/cloud", [DEAL, SURGERY, PHONE])
    text = "The client signed for about 1.2 million; Priya is doing rehab after her knee surgery."
    reply = judge.complete(judge_request([DEAL, SURGERY, PHONE], text))
    verdicts = parse_verdicts(reply.message["content"], {"deal", "surgery", "phone"})
    assert verdicts["deal"][0] == 1.0 and "1200000" in (verdicts["deal"][1] or "")  # hedged, within 2%
    assert verdicts["surgery"][0] == 0.5
    assert verdicts["phone"][0] == 0.0
    assert reply.usage.input_tokens > 0 and reply.usage.output_tokens > 0
    # an unhedged amount that is merely close is no paraphrase
    reply = judge.complete(judge_request([DEAL], "an invoice of 1,200,000 arrived"))
    assert parse_verdicts(reply.message["content"], {"deal"})["deal"][0] == 0.0


def test_run_judge_adds_verdicts_without_touching_the_matcher_scores() -> None:
    units = [DEAL, SURGERY, PHONE]
    payloads = [payload("Deal is around ¥1.2 million. Knee surgery rehab: Priya. Call [PHONE_1].")]
    report = audit(units, READ, payloads)
    assert [u.exposure for u in report.units] == [0.0, 1.0, 0.0]
    trace = Trace()
    result = run_judge(resolve_model("sim/cloud"), task=task_spec(), seed=0, units=units, report=report,
                       payloads=payloads, trace=trace)
    by_id = {u.id: u for u in result.report.units}
    assert [u.exposure for u in result.report.units] == [0.0, 1.0, 0.0]  # deterministic scores unchanged
    assert by_id["deal"].judge == 1.0 and by_id["phone"].judge == 0.0
    assert by_id["surgery"].judge is None  # already fully exposed: not sent to the judge
    assert result.report.exposure == report.exposure
    assert result.report.judge_exposure > result.report.exposure
    s = result.summary
    assert (s["model"], s["units_judged"], s["units_with_verdict"], s["calls"], s["error"]) == ("sim/cloud", 2, 2, 1, None)
    assert s["usd"] > 0 and s["input_tokens"] > 0
    assert s["exposure"] == pytest.approx(result.report.judge_exposure)
    (event,) = trace.of_type("privacy_judge")
    assert event["verdicts"]["deal"]["exposure"] == 1.0


def test_nothing_to_judge_costs_nothing() -> None:
    report = audit([PHONE], READ, [payload("phone 13912345678")])
    result = run_judge(resolve_model("sim/cloud"), task=task_spec(), seed=0, units=[PHONE], report=report,
                       payloads=[payload("x")], trace=Trace())
    assert (result.summary["calls"], result.summary["usd"], result.summary["units_judged"]) == (0, 0.0, 0)


class ScriptedJudge:
    """A hosted judge stand-in: answers with a fixed verdict, or fails."""

    model = "scripted/judge"

    def __init__(self, content: str | None) -> None:
        self.content = content
        self.requests: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> Completion:
        self.requests.append(request)
        if self.content is None:
            raise ModelError("judge endpoint unreachable")
        return Completion({"role": "assistant", "content": self.content}, Usage(1000, 0, 50), self.model)


@pytest.mark.parametrize("content", ['{"verdicts": [{"id": "deal", "exposure": 0.5, "evidence": "~1.2M"}]}', None])
def test_a_hosted_judge_goes_through_a_boundary_of_its_own(monkeypatch, content) -> None:
    scripted = ScriptedJudge(content)
    opened = []
    monkeypatch.setattr(boundary_module, "open_client", lambda info, **kw: opened.append(info.name) or scripted)
    info = resolve_model("openai/judge-model", base_url="http://127.0.0.1:9/v1", price=resolve_model("sim/cloud").price)
    report = audit([DEAL], READ, [payload("roughly 1.2M")])
    trace = Trace()
    result = run_judge(info, task=task_spec(), seed=0, units=[DEAL], report=report, payloads=[payload("roughly 1.2M")],
                       trace=trace)
    assert opened == ["openai/judge-model"]  # opened by the Boundary, the one way to a cloud model
    assert trace.of_type("boundary") == []  # the judge's payload is not the agent's
    (request,) = scripted.requests
    assert "¥1,213,400" in request.messages[-1]["content"] and "roughly 1.2M" in request.messages[-1]["content"]
    if content:
        assert result.report.units[0].judge == 0.5 and result.report.units[0].judge_evidence == "~1.2M"
        assert result.summary["usd"] == pytest.approx((1000 * 2.5 + 50 * 15) / 1e6)
    else:
        assert result.report.units[0].judge is None
        assert result.summary["error"] == "judge endpoint unreachable" and result.summary["calls"] == 0
    assert result.report.units[0].exposure == 0.0


def test_episode_stores_verdicts_apart_and_judge_cost_apart(mini_suite) -> None:
    task = load_suite(mini_suite)[0]
    edge, cloud = resolve_model("sim/edge-9b"), resolve_model("sim/cloud")
    spec = EpisodeSpec(task.id, "cloud_only:guard=pseudonymize", edge.name, cloud.name, 0)
    pytest.importorskip("presidio_analyzer", reason="guard=pseudonymize needs the [privacy] extra")
    plain = run_episode(task, spec, edge, cloud)
    judged = run_episode(task, spec, edge, cloud, privacy_judge=cloud)
    assert plain.row.privacy_judge is None
    assert judged.row.exposure == plain.row.exposure and judged.row.cloud_usd == plain.row.cloud_usd
    summary = json.loads(judged.row.privacy_judge)
    assert summary["model"] == "sim/cloud" and summary["calls"] == 1 and summary["usd"] > 0
    units = json.loads(judged.row.units)
    assert any(u["judge"] is not None for u in units) and all("judge_evidence" in u for u in units)
    assert [e["type"] for e in judged.trace_events()].count("privacy_judge") == 1


def test_cli_privacy_judge_and_report_keys(mini_suite, tmp_path) -> None:
    out = tmp_path / "r"
    result = CliRunner().invoke(app, ["run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "1", "--jobs", "1",
                                      "--strategies", "cloud_only", "--privacy-judge", "sim/cloud"])
    assert result.exit_code == 0, result.output
    assert "privacy judge: sim/cloud" in result.output
    rows = load_rows([out])
    (board,) = leaderboard(rows)
    assert board["judge_calls"] == sum(json.loads(r.privacy_judge)["calls"] for r in rows)
    assert board["privacy_judged"] is not None and board["judge_usd"] is not None
    assert judge_summary(rows)["episodes"] == 1
    bad = CliRunner().invoke(app, ["run", "--suite", str(mini_suite), "--out", str(tmp_path / "x"), "--privacy-judge", "nope"])
    assert bad.exit_code == 2 and "provider/model" in bad.output


def test_old_stores_get_a_clear_error(tmp_path) -> None:
    root = tmp_path / "old"
    root.mkdir()
    conn = sqlite3.connect(root / "results.sqlite")
    conn.execute("CREATE TABLE episodes (key TEXT PRIMARY KEY)")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=f"schema version 1; this ec2bench reads versions 2 to {SCHEMA_VERSION} .*privacy_judge"):
        Store.open(root, create=False)
