"""Rubric checks: the offline judge, a judge model behind the stub server, malformed verdicts,
cached verdicts, and the dump guard."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from ec2bench.core.errors import ConfigError
from ec2bench.core.trace import Trace
from ec2bench.grading.judge import OFFLINE_JUDGE, ModelJudge, OfflineJudge, resolve_judge
from ec2bench.grading.rubric import RubricParams, rubric_version
from ec2bench.grading.score import CheckResult, grade, judged_weight
from ec2bench.models.base import ModelError, Price
from ec2bench.models.registry import ModelInfo, resolve_model
from ec2bench.spec.schema import AnswerStep
from ec2bench.tasks.loader import Task, load_suite
from openai_stub import ScriptedJudge, StubServer, completion_body

PRICE = Price(1.0, 0.1, 2.0)
BRIEFING = "search-customer-briefing"
INCIDENT = "devops-checkout-timeout-incident"
RUBRIC = "brief_judged_against_rubric"


@pytest.fixture(scope="module")
def tasks() -> dict[str, Task]:
    return {t.id: t for t in load_suite(None, f"{BRIEFING},{INCIDENT}")}


def run_grade(task: Task, *, body: str | None = "reference", answer: str | None = None, judge: Any = None,
              extra: list[tuple[str, dict[str, Any]]] = ()) -> dict[str, CheckResult]:
    """Replay the reference, with the brief's email body replaced (None: no brief sent), then grade."""
    last = task.spec.reference[-1]
    with task.new_workspace() as ws:
        for step in task.spec.reference_tool_calls:
            args = dict(step.args)
            if step.tool == "email_send" and body != "reference":
                if body is None:
                    continue
                args["body"] = body
            assert ws.call(step.tool, args).ok
        for tool, args in extra:
            assert ws.call(tool, args).ok
        reference_answer = last.answer if isinstance(last, AnswerStep) else None
        graded = grade(task, ws, reference_answer if answer is None else answer, judge)
    return {c.name: c for c in graded.checks}


def model_judge(stub: StubServer, cache: Path | None = None) -> ModelJudge:
    info = resolve_model("openai/judge-model", base_url=stub.base_url, price=PRICE)
    return ModelJudge(ModelInfo(**{**info.__dict__, "cache_dir": cache}), Trace())


PARAPHRASE = (
    "Rafael - Harborline is a Gold account. Deal: Route Optimization add-on, in negotiations, USD 240,000, "
    "closing March 31, 2026. Complaint: ETA errors since 4.2; patch 4.2.3 ships March 12, 2026. "
    "News: they are acquiring Keelson Freight."
)


class TestOfflineJudge:
    def test_reference_satisfies_every_item(self, tasks: dict[str, Task]) -> None:
        result = run_grade(tasks[BRIEFING])[RUBRIC]
        assert result.score == 1.0 and result.kind == "rubric"
        detail = result.detail
        assert detail is not None and detail["judge"] == OFFLINE_JUDGE
        assert len(detail["rubric_version"]) == 12
        assert (detail["chars"], detail["max_chars"]) == (868, 4 * 868)
        assert [i["satisfied"] for i in detail["items"]] == [True] * 4

    def test_other_valid_forms_are_accepted(self, tasks: dict[str, Task]) -> None:
        assert run_grade(tasks[BRIEFING], body=PARAPHRASE)[RUBRIC].score == 1.0

    def test_score_is_the_weighted_fraction_of_satisfied_items(self, tasks: dict[str, Task]) -> None:
        result = run_grade(tasks[BRIEFING], body=PARAPHRASE.replace("Keelson Freight", "a rival"))[RUBRIC]
        assert result.score == pytest.approx(5 / 6)  # weights 1, 2, 2, 1: the news item (1) is missing
        assert result.detail["items"][3] == {**result.detail["items"][3], "satisfied": False,
                                             "reason": "missing: Keelson"}

    def test_a_deliverable_past_max_chars_scores_zero(self, tasks: dict[str, Task]) -> None:
        task = tasks[BRIEFING]
        brief = next(s.args["body"] for s in task.spec.reference_tool_calls if s.tool == "email_send")
        padded = "\n\n".join([brief] * 5)  # every item's evidence, and 5x the reference's length
        assert len(padded) > 4 * 868
        result = run_grade(task, body=padded)[RUBRIC]
        assert result.score == 0.0
        assert "over max_chars 3472" in result.detail["items"][0]["reason"]
        assert run_grade(task, body=brief)[RUBRIC].score == 1.0

    def test_no_deliverable_scores_zero_without_asking_the_judge(self, tasks: dict[str, Task]) -> None:
        class Refuses:
            model = "test/refuses"

            def verdicts(self, *args: Any) -> list[Any]:
                raise AssertionError("the judge must not be asked")

        result = run_grade(tasks[BRIEFING], body=None, judge=Refuses())[RUBRIC]
        assert result.score == 0.0 and result.detail["items"][0]["reason"] == "no deliverable"

    def test_answer_target(self, tasks: dict[str, Task]) -> None:
        task = tasks[INCIDENT]
        name = "root cause explained (judged)"
        assert run_grade(task)[name].score == 1.0
        vague = run_grade(task, answer="Payments were timing out; I set the timeout to 3000.")[name]
        assert vague.score == pytest.approx(3 / 6)  # effect (1) and fix (2) only
        assert judged_weight(task) == pytest.approx(0.1)


class TestParams:
    def test_items_need_evidence_and_regexes_must_compile(self) -> None:
        with pytest.raises(ValidationError):
            RubricParams.model_validate({"target": "answer", "items": [{"text": "says hello"}]})
        with pytest.raises(ValidationError):
            RubricParams.model_validate({"target": "answer", "items": [{"text": "x y z", "evidence": [{"regex": "("}]}]})

    def test_version_follows_the_items(self) -> None:
        a = RubricParams.model_validate({"target": "answer", "items": [{"text": "gives the cause", "evidence": ["300"]}]})
        b = RubricParams.model_validate({"target": "notes.md", "items": [{"text": "gives the cause", "evidence": ["300"]}]})
        c = RubricParams.model_validate({"target": "answer", "items": [{"text": "gives the cause", "evidence": ["3000"]}]})
        assert a.version == b.version == rubric_version(a.items) and a.version != c.version

    def test_simulated_models_cannot_judge(self) -> None:
        assert resolve_judge(OFFLINE_JUDGE) is None
        with pytest.raises(ConfigError, match="cannot judge"):
            resolve_judge("sim/cloud")


class TestModelJudge:
    def test_stub_judge_grades_and_is_metered_apart(self, tasks: dict[str, Task], stub_server: StubServer) -> None:
        stub_server.respond = ScriptedJudge()
        judge = model_judge(stub_server)
        result = run_grade(tasks[BRIEFING], judge=judge)[RUBRIC]
        assert result.score == 1.0 and result.detail["judge"] == "openai/judge-model"
        assert len(stub_server.requests) == 1
        sent = stub_server.last["messages"][1]["content"]
        assert "Keelson Freight" in sent and "RUBRIC ITEMS:\n1. Gives Harborline's account tier." in sent
        usage = judge.usage
        assert usage.calls == 1 and usage.tokens > 0 and usage.malformed == 0
        assert usage.usd == pytest.approx(PRICE.cost(usage.usage))
        partial = run_grade(tasks[BRIEFING], body=PARAPHRASE.replace("4.2.3", "the patch"), judge=judge)[RUBRIC]
        assert partial.score == pytest.approx(4 / 6)
        assert partial.detail["items"][2]["reason"] == "does not mention 4.2.3"

    def test_malformed_reply_is_retried_once_with_a_correction(self, tasks: dict[str, Task],
                                                               stub_server: StubServer) -> None:
        stub_server.push(200, completion_body({"role": "assistant", "content": "All good, the brief is fine!"}))
        stub_server.respond = ScriptedJudge()
        judge = model_judge(stub_server)
        assert run_grade(tasks[BRIEFING], judge=judge)[RUBRIC].score == 1.0
        assert len(stub_server.requests) == 2 and judge.usage.malformed == 1
        retry = stub_server.last["messages"]
        assert retry[2] == {"role": "assistant", "content": "All good, the brief is fine!"}
        assert "numbered 1 to 4" in retry[3]["content"]

    def test_items_without_a_verdict_after_the_retry_score_zero(self, tasks: dict[str, Task],
                                                                stub_server: StubServer) -> None:
        partial = {"verdicts": [{"item": 1, "satisfied": True, "reason": "Gold"},
                                {"item": 2, "satisfied": "yes"}, {"item": 9, "satisfied": True}]}
        stub_server.reply(completion_body({"role": "assistant", "content": "```json\n" + json.dumps(partial) + "\n```"}))
        judge = model_judge(stub_server)
        result = run_grade(tasks[BRIEFING], judge=judge)[RUBRIC]
        assert len(stub_server.requests) == 2 and judge.usage.malformed == 2
        assert result.score == pytest.approx(1 / 6)  # only item 1 (weight 1 of 6) got a readable verdict
        assert [i["satisfied"] for i in result.detail["items"]] == [True, False, False, False]
        assert "no readable verdict" in result.detail["items"][1]["reason"]

    def test_a_failing_judge_is_a_model_error(self, tasks: dict[str, Task], stub_server: StubServer) -> None:
        stub_server.reply({"error": {"message": "no such model"}}, status=404)
        with pytest.raises(ModelError):
            run_grade(tasks[BRIEFING], judge=model_judge(stub_server))

    def test_cached_verdicts_need_no_second_call(self, tasks: dict[str, Task], stub_server: StubServer,
                                                 tmp_path: Path) -> None:
        stub_server.respond = ScriptedJudge()
        first = run_grade(tasks[BRIEFING], judge=model_judge(stub_server, tmp_path))[RUBRIC]
        assert len(stub_server.requests) == 1
        stub_server.respond = None  # any call now would fail
        judge = model_judge(stub_server, tmp_path)
        again = run_grade(tasks[BRIEFING], judge=judge)[RUBRIC]
        assert len(stub_server.requests) == 1 and again == first
        assert judge.usage.calls == 1 and judge.usage.tokens > 0  # a replayed call is metered as recorded


def test_offline_judge_is_the_default(tasks: dict[str, Task]) -> None:
    assert run_grade(tasks[BRIEFING], judge=OfflineJudge())[RUBRIC] == run_grade(tasks[BRIEFING])[RUBRIC]


def test_typed_evidence_accepts_every_spelling_of_a_value() -> None:
    from ec2bench.grading.rubric import AnyOf, evidence_found

    assert evidence_found({"amount": 240000}, "the deal is worth USD 240K") and evidence_found({"amount": 240000}, "约 24 万美元")
    assert not evidence_found({"amount": 240000}, "the deal is worth USD 250K")
    either = AnyOf(any=["3000", {"duration_s": 3}])
    assert evidence_found(either, "timeout_ms back to 3000") and evidence_found(either, "timeout raised to 3 s")
    assert not evidence_found(either, "timeout raised to 0.3 s")
    with pytest.raises(ValueError, match="typed evidence"):
        AnyOf(any=[{"amonut": 1}])


def test_none_evidence_holds_only_when_the_deliverable_names_no_term() -> None:
    from ec2bench.grading.rubric import NoneOf, evidence_found

    left_out = NoneOf(none=["yb-member-sg-prod", {"amount": 4200000}, "13588002716"])
    assert evidence_found(left_out, "存量业务截止 2027-02-28，跨境电商签标准合同。")
    assert not evidence_found(left_out, "桶 yb-member-sg-prod 在新加坡")
    assert not evidence_found(left_out, "续约价 420 万")  # a typed value in any spelling
    assert not evidence_found(left_out, "电话 135 8800 2716")  # a phone in another rendering
    with pytest.raises(ValueError):
        NoneOf(none=[])
