"""`run --user-model`: a user model answers `user_ask` from what the user knows."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_people import CONTACTS, USER, WHICH_ZHANG, write_task

from ec2bench.core.errors import ConfigError
from ec2bench.core.trace import Trace
from ec2bench.env.apps.user import NO_ANSWER
from ec2bench.models.base import ChatRequest, Completion, Usage
from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.scripted.user import OFFLINE_USER, make_answerer, offline_answer, resolve_user, user_facts

FACTS = ["I mean 张敏 from sales, zhangmin@corp.example.", "Send it before Friday noon.", "预算上限是 5 万元。"]


def test_the_offline_user_answers_with_the_fact_closest_to_the_question() -> None:
    assert offline_answer(FACTS, "Which 张 do you mean: sales or finance?") == FACTS[0]
    assert offline_answer(FACTS, "By when should I send it?") == FACTS[1]
    assert offline_answer(FACTS, "预算是多少？") == FACTS[2]  # Chinese by character pairs
    assert offline_answer(FACTS, "What colour is the sky?") == NO_ANSWER
    assert offline_answer([], "Which one?") == NO_ANSWER


def test_only_the_offline_user_or_a_real_model_can_play_the_user() -> None:
    assert resolve_user(OFFLINE_USER).provider == "offline"
    with pytest.raises(ConfigError, match="cannot play the user"):
        resolve_user("sim/edge-9b")


def test_facts_come_from_user_facts_else_from_the_scripted_answers(tmp_path: Path) -> None:
    scripted = write_task(tmp_path / "a", WHICH_ZHANG, {"contacts": CONTACTS, "user": USER})
    assert user_facts(scripted) == ["销售部的张敏，zhangmin@corp.example。", "按提示里说的做就好。"]
    with_facts = write_task(tmp_path / "b", {**WHICH_ZHANG, "user_facts": FACTS}, {"contacts": CONTACTS, "user": USER})
    assert user_facts(with_facts) == FACTS


def test_every_task_offers_the_user_and_one_with_nothing_scripted_answers_as_a_busy_user(tmp_path: Path) -> None:
    from ec2bench.env.apps.user import NO_ANSWER

    task = write_task(tmp_path, {**WHICH_ZHANG, "apps": ["contacts", "email"], "user_facts": FACTS}, {"contacts": CONTACTS})
    assert task.spec.apps == ["contacts", "email", "user"]
    with task.new_workspace() as ws:
        assert "user_ask" in ws.tools
        assert ws.call("user_ask", {"question": "Which 张 in contacts do you mean?"}).result == NO_ANSWER
    assert user_facts(task) == FACTS  # what a user model is told


class Stub:
    model = "stub/user"

    def __init__(self) -> None:
        self.requests: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> Completion:
        self.requests.append(request)
        return Completion({"role": "assistant", "content": " The one in sales. "}, Usage(40, 0, 5), self.model)


def test_a_real_model_is_prompted_with_the_request_and_the_facts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    task = write_task(tmp_path, {**WHICH_ZHANG, "user_facts": FACTS}, {"contacts": CONTACTS, "user": USER})
    stub = Stub()
    monkeypatch.setattr("ec2bench.privacy.boundary.open_client", lambda info, task, seed, placeholders: stub)
    trace = Trace()
    answer = make_answerer(resolve_model("vllm/user-sim", base_url="http://127.0.0.1:9/v1"), task, 0, trace)
    assert answer("Which 张?") == "The one in sales."
    system, question = stub.requests[0].messages
    assert task.spec.prompt in system["content"] and all(f in system["content"] for f in FACTS)
    assert question == {"role": "user", "content": "Which 张?"}
    assert trace.of_type("user_model_call")[0]["usage"]["output_tokens"] == 5


def test_an_episode_with_the_offline_user_model(tmp_path: Path) -> None:
    task = write_task(tmp_path, {**WHICH_ZHANG, "user_facts": FACTS}, {"contacts": CONTACTS, "user": USER})
    sim = resolve_model("replay/reference")  # asks exactly the reference question
    spec = EpisodeSpec(task.id, "edge_only", sim.name, sim.name, 0)
    scripted = run_episode(task, spec, sim, sim)
    modelled = run_episode(task, spec, sim, sim, user_model=resolve_user(OFFLINE_USER))
    asked = lambda result: [e["answer"] for e in result.trace_events() if e["type"] == "ask_user"]  # noqa: E731
    assert asked(scripted) == ["销售部的张敏，zhangmin@corp.example。"]
    assert asked(modelled) == [FACTS[0]]
    assert modelled.trace_events()[0]["user_model"] == OFFLINE_USER
