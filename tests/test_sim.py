"""The reference-policy simulator (`sim/<profile>`) and the model registry."""

from __future__ import annotations

import json
from pathlib import Path
from statistics import mean
from typing import Any

import pytest

from ec2bench.agent.loop import initial_messages
from ec2bench.core.errors import ConfigError
from ec2bench.core.textmatch import occurs
from ec2bench.models.base import ChatRequest, Message, Price, TokenLogprob
from ec2bench.models.pricing import parse_price
from ec2bench.models.registry import open_client, resolve_model
from ec2bench.models.served import OPENAI_KEY_ENV
from ec2bench.models.tokens import count_message, count_tools
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.scripted.replay import ReplayClient
from ec2bench.scripted.sim import SimClient, SimProfile, load_profiles
from ec2bench.scripted.sim.policy import CACHE_BLOCK
from ec2bench.spec.schema import AnswerStep
from ec2bench.tasks.loader import Task, load_task

DEMO = Path(__file__).parent / "data" / "suite" / "demo-contacts"
PHONE = "139-1234-5678"


@pytest.fixture(scope="module")
def task() -> Task:
    return load_task(DEMO)


@pytest.fixture(scope="module")
def tools(task: Task) -> list[dict[str, Any]]:
    with task.new_workspace() as ws:
        return ws.openai_tools()


@pytest.fixture(scope="module")
def histories(task: Task) -> list[list[Message]]:
    """The request history before each reference step, as a reference replay produces it."""
    out: list[list[Message]] = []
    messages = initial_messages(task)
    with task.new_workspace() as ws:
        for i, step in enumerate(task.spec.reference_tool_calls):
            out.append(list(messages))
            call_id = f"call_{i}"
            arguments = json.dumps(step.args, ensure_ascii=False)
            messages.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": step.tool, "arguments": arguments}}]})
            record = ws.call(step.tool, arguments, step=i)
            assert record.ok, record.result
            messages.append({"role": "tool", "tool_call_id": call_id, "content": record.result})
    out.append(list(messages))
    return out


def sim(task: Task, profile: str, seed: int) -> SimClient:
    client = open_client(resolve_model(f"sim/{profile}"), task=task.spec, seed=seed)
    assert isinstance(client, SimClient)
    return client


def _call_of(message: Message) -> tuple[str, Any] | None:
    calls = message.get("tool_calls") or []
    if len(calls) != 1:
        return None
    fn = calls[0]["function"]
    try:
        return fn["name"], json.loads(fn["arguments"])
    except json.JSONDecodeError:
        return fn["name"], None


# -- determinism ----------------------------------------------------------------------------


def test_same_seed_same_request_same_completion(task: Task, tools: list[dict[str, Any]],
                                                histories: list[list[Message]]) -> None:
    for profile in ("edge-2b", "cloud"):
        for seed in range(20):
            for history in histories:
                req = ChatRequest(messages=history, tools=tools, logprobs=True, top_logprobs=2)
                a = sim(task, profile, seed).complete(req)
                b = sim(task, profile, seed).complete(req)
                assert a == b


def test_reply_depends_only_on_history_not_call_order(task: Task, tools: list[dict[str, Any]],
                                                      histories: list[list[Message]]) -> None:
    forward = sim(task, "edge-2b", 7)
    backward = sim(task, "edge-2b", 7)
    out_f = [forward.complete(ChatRequest(messages=h, tools=tools)).message for h in histories]
    out_b = [backward.complete(ChatRequest(messages=h, tools=tools)).message for h in reversed(histories)]
    assert out_f == list(reversed(out_b))


def test_different_seeds_differ_somewhere(task: Task, tools: list[dict[str, Any]],
                                          histories: list[list[Message]]) -> None:
    for profile in ("edge-2b", "cloud"):
        outputs = {
            json.dumps([sim(task, profile, seed).complete(ChatRequest(messages=h, tools=tools)).message
                        for h in histories])
            for seed in range(100)
        }
        assert len(outputs) > 1, profile


# -- following the reference ----------------------------------------------------------------


def test_cloud_produces_the_reference_next_step_most_of_the_time(task: Task, tools: list[dict[str, Any]],
                                                                 histories: list[list[Message]]) -> None:
    steps = task.spec.reference_tool_calls
    final = task.spec.reference[-1]
    assert isinstance(final, AnswerStep)
    seeds = range(200)
    profile = load_profiles()["cloud"]
    expected = [profile.step_success(s.difficulty) for s in steps] + [profile.step_success(final.difficulty)]
    rates = []
    for i, history in enumerate(histories):
        hits = 0
        for seed in seeds:
            message = sim(task, "cloud", seed).complete(ChatRequest(messages=history, tools=tools)).message
            if i < len(steps):
                hits += _call_of(message) == (steps[i].tool, steps[i].args)
            else:
                hits += message.get("content") == final.answer and not message.get("tool_calls")
        rates.append(hits / len(seeds))
    print("sim/cloud reference-step rate per step:", rates, "profile step_success:", expected)
    assert all(r >= 0.75 for r in rates), rates  # most of the time
    # and as often as the profile says (a mistake never reproduces the reference step)
    assert all(abs(r - e) <= 0.07 for r, e in zip(rates, expected, strict=False)), (rates, expected)


def test_text_request_gets_a_plan_of_remaining_steps(task: Task, histories: list[list[Message]]) -> None:
    message = sim(task, "cloud", 3).complete(ChatRequest(messages=histories[1])).message
    assert "tool_calls" not in message
    assert message["content"].startswith("1. email_send ")
    done = sim(task, "cloud", 3).complete(ChatRequest(messages=histories[-1])).message
    assert done["content"] == "Done."


# -- rule 3: only literals that were shown --------------------------------------------------


def _redacted_history(task: Task) -> list[Message]:
    """contacts_search done and successful, but its result does not show the phone."""
    return initial_messages(task) + [
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_2", "type": "function", "function": {
            "name": "contacts_search", "arguments": json.dumps({"query": "Li Wei"})}}]},
        {"role": "tool", "tool_call_id": "call_2",
         "content": json.dumps([{"id": "c1", "name": "Li Wei", "phone": "[REDACTED]"}])},
    ]


def test_a_literal_not_shown_is_never_produced(task: Task, tools: list[dict[str, Any]]) -> None:
    request = ChatRequest(messages=_redacted_history(task), tools=tools)
    assert not any(occurs("13912345678", t) for m in request.messages for t in [json.dumps(m)])
    sent = 0
    for seed in range(500):
        message = sim(task, "cloud", seed).complete(request).message
        text = json.dumps(message, ensure_ascii=False)
        assert not occurs("13912345678", text), seed
        call = _call_of(message)
        sent += call is not None and call[0] == "email_send"
    assert sent >= 400  # it still takes the email_send step, with a guessed number


def test_a_literal_shown_is_produced(task: Task, tools: list[dict[str, Any]],
                                     histories: list[list[Message]]) -> None:
    request = ChatRequest(messages=histories[1], tools=tools)  # with the real contacts_search result
    assert PHONE in request.messages[-1]["content"]
    produced = sum(
        PHONE in json.dumps(sim(task, "cloud", seed).complete(request).message, ensure_ascii=False)
        for seed in range(500)
    )
    assert produced >= 400


CLUMSY = SimProfile(name="clumsy", params=1e9, skill=0.0, difficulty_slope=0.0, mistakes={"wrong_args": 1.0},
                    min_cache_tokens=0, calibration=0.5, ask_threshold=1.0, advice_follow=0.5, handoff_after=2)


def test_wrong_args_mistake_never_restores_a_hidden_literal(task: Task, tools: list[dict[str, Any]]) -> None:
    request = ChatRequest(messages=_redacted_history(task), tools=tools)
    leaked = [seed for seed in range(1000)
              if occurs("13912345678", json.dumps(SimClient("sim/clumsy", CLUMSY, task.spec, seed)
                                                  .complete(request).message, ensure_ascii=False))]
    assert leaked == []


def test_plan_never_restores_a_hidden_literal(task: Task) -> None:
    request = ChatRequest(messages=_redacted_history(task))
    leaked = [seed for seed in range(1000)
              if occurs("13912345678", SimClient("sim/clumsy", CLUMSY, task.spec, seed).complete(request)
                        .message["content"])]
    assert leaked == []


# -- metering: prefix caching and logprobs --------------------------------------------------


def _tokens(tools: list[dict[str, Any]], messages: list[Message]) -> int:
    return count_tools(tools) + sum(count_message(m) for m in messages)


def test_edge_prefix_cache_is_exact(task: Task, tools: list[dict[str, Any]], histories: list[list[Message]]) -> None:
    client = sim(task, "edge-9b", 0)
    first = client.complete(ChatRequest(messages=histories[0], tools=tools)).usage
    assert first.cached_input_tokens == 0
    assert first.input_tokens == _tokens(tools, histories[0])
    second = client.complete(ChatRequest(messages=histories[1], tools=tools)).usage
    assert second.input_tokens == _tokens(tools, histories[1])
    assert second.cached_input_tokens == _tokens(tools, histories[0]) > 0
    # a request that does not extend the previous one shares only the tools
    other = [{"role": "system", "content": "something else"}, *histories[1][1:]]
    third = client.complete(ChatRequest(messages=other, tools=tools)).usage
    assert third.cached_input_tokens == count_tools(tools)


def test_metering_reuses_unchanged_messages_with_the_same_figures(task: Task, tools: list[dict[str, Any]],
                                                                  histories: list[list[Message]]) -> None:
    """The growing history is measured incrementally (same objects are not re-serialised); copies of
    the same requests, which share no object, give exactly the same usage."""
    import copy

    incremental, fresh = sim(task, "edge-9b", 0), sim(task, "edge-9b", 0)
    for history in histories:
        a = incremental.complete(ChatRequest(messages=history, tools=list(tools))).usage
        b = fresh.complete(ChatRequest(messages=copy.deepcopy(history), tools=copy.deepcopy(tools))).usage
        assert a == b and a.input_tokens == _tokens(tools, history)
    assert a.cached_input_tokens > count_tools(tools)


def test_cloud_does_not_cache_a_short_prefix(task: Task, tools: list[dict[str, Any]],
                                             histories: list[list[Message]]) -> None:
    used = {s.tool for s in task.spec.reference_tool_calls}
    tools = [t for t in tools if t["function"]["name"] in used]  # a short request: only the tools the task needs
    assert _tokens(tools, histories[1]) < 1024
    client = sim(task, "cloud", 0)
    client.complete(ChatRequest(messages=histories[1], tools=tools))
    second = client.complete(ChatRequest(messages=histories[2], tools=tools)).usage
    assert second.input_tokens == _tokens(tools, histories[2])
    assert second.cached_input_tokens == 0


def test_cloud_caches_a_long_prefix_in_whole_blocks(task: Task, tools: list[dict[str, Any]]) -> None:
    long_user = {"role": "user", "content": " ".join(["word"] * 1000)}
    first_msgs = [*initial_messages(task), long_user]
    shared = _tokens(tools, first_msgs)
    assert shared >= 1024 and shared % CACHE_BLOCK != 0
    client = sim(task, "cloud", 0)
    assert client.complete(ChatRequest(messages=first_msgs, tools=tools)).usage.cached_input_tokens == 0
    second = client.complete(ChatRequest(messages=[*first_msgs, {"role": "user", "content": "more"}], tools=tools))
    assert second.usage.cached_input_tokens == shared // CACHE_BLOCK * CACHE_BLOCK
    assert second.usage.input_tokens == shared + 5


def test_logprobs_when_requested(task: Task, tools: list[dict[str, Any]], histories: list[list[Message]]) -> None:
    client = sim(task, "edge-plus", 1)
    plain = client.complete(ChatRequest(messages=histories[0], tools=tools))
    assert plain.logprobs is None
    for top_n in (1, 3, 5):
        done = sim(task, "edge-plus", 1).complete(
            ChatRequest(messages=histories[0], tools=tools, logprobs=True, top_logprobs=top_n))
        assert isinstance(done.logprobs, tuple) and len(done.logprobs) > 0
        for lp in done.logprobs:
            assert isinstance(lp, TokenLogprob)
            assert len(lp.top) == top_n
            assert lp.top[0] == (lp.token, lp.logprob)
            assert lp.logprob < 0
            assert all(alt <= lp.logprob for _, alt in lp.top[1:])
            assert len({tok for tok, _ in lp.top}) == top_n


# -- profiles, end to end -------------------------------------------------------------------


def test_profile_ordering_over_200_seeds(task: Task) -> None:
    cloud = resolve_model("sim/cloud")
    figures: dict[str, float] = {}
    for profile in ("edge-2b", "edge-9b", "edge-plus", "cloud"):
        edge = resolve_model(f"sim/{profile}")
        scores = []
        for repeat in range(200):
            spec = EpisodeSpec(task.id, "edge_only", edge.name, cloud.name, repeat)
            row = run_episode(task, spec, edge, cloud).row
            assert row.status == "ok" and row.cloud_calls == 0
            scores.append(row.completion)
        figures[profile] = mean(scores)
    print("mean completion, edge_only, demo-contacts, 200 seeds:", figures)
    assert figures["edge-2b"] <= figures["edge-9b"] <= figures["edge-plus"] <= figures["cloud"], figures
    assert figures["edge-2b"] < figures["cloud"]


# -- registry ---------------------------------------------------------------------------------


def test_resolve_sim_profile_metadata() -> None:
    cloud = resolve_model("sim/cloud")
    assert (cloud.provider, cloud.model_id, cloud.params) == ("sim", "cloud", 1.0e12)
    assert cloud.price == Price(2.5, 0.25, 15.0)
    assert cloud.simulated
    edge = resolve_model("sim/edge-2b")
    assert edge.price is None and edge.params == 2.0e9
    explicit = resolve_model("sim/cloud", price=Price(1, 0.1, 2), params=5.0)
    assert explicit.price == Price(1, 0.1, 2) and explicit.params == 5.0
    assert set(load_profiles()) == {"edge-2b", "edge-9b", "edge-plus", "cloud"}


def test_open_client_kinds(task: Task) -> None:
    assert isinstance(open_client(resolve_model("replay/reference"), task=task.spec, seed=0), ReplayClient)
    assert open_client(resolve_model("sim/edge-2b"), task=task.spec, seed=0).model == "sim/edge-2b"


def test_unknown_provider_lists_providers() -> None:
    with pytest.raises(ConfigError, match=r"unknown model provider 'anthropic'.*known providers: sim, replay, adversary, openai"):
        resolve_model("anthropic/claude")


def test_not_provider_slash_model() -> None:
    for bad in ("gpt-4o", "sim/", "/x"):
        with pytest.raises(ConfigError):
            resolve_model(bad)


def test_unknown_sim_profile_lists_profiles() -> None:
    with pytest.raises(ConfigError) as err:
        resolve_model("sim/edge-70b")
    for name in ("sim/edge-2b", "sim/edge-9b", "sim/edge-plus", "sim/cloud"):
        assert name in str(err.value)


def test_unknown_replay_model() -> None:
    with pytest.raises(ConfigError, match="replay/reference"):
        resolve_model("replay/other")


def test_openai_without_base_url_needs_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(OPENAI_KEY_ENV, raising=False)
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        resolve_model("openai/x")
    local = resolve_model("openai/x", base_url="http://localhost:8000/v1")
    assert (local.model_id, local.base_url, local.simulated) == ("x", "http://localhost:8000/v1", False)
    monkeypatch.setenv(OPENAI_KEY_ENV, "sk-test")
    assert resolve_model("openai/x").base_url is None


def test_parse_price_good() -> None:
    assert parse_price("2.5,0.25,15") == Price(2.5, 0.25, 15.0)
    assert parse_price(" 0 , 0 , 0 ") == Price(0.0, 0.0, 0.0)


@pytest.mark.parametrize("text", ["", "1,2", "1,2,3,4", "a,b,c", "1,-0.5,2", "1;2;3"])
def test_parse_price_bad(text: str) -> None:
    with pytest.raises(ConfigError, match="three non-negative numbers"):
        parse_price(text)


def test_parse_price_rejects_nan() -> None:
    with pytest.raises(ConfigError):
        parse_price("nan,0,1")


def test_a_time_range_is_read_as_its_two_ends() -> None:
    from ec2bench.scripted.sim.literals import fact_literals

    assert fact_literals("book 11:30-12:00 on 2026-03-11") == ["11:30", "12:00", "2026-03-11"]
    assert fact_literals("下午 14:00-16:00 维护, log at 2024-11-05 08:00:30") == ["14:00", "16:00", "2024-11-05", "08:00:30"]
    assert fact_literals("ticket T-0042 costs 1,234.50") == ["T-0042", "1,234.50"]
