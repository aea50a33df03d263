"""Retries, rate limits, context overflow and missing logprobs against a local stub (127.0.0.1 only)."""

from __future__ import annotations

import time

import pytest

from ec2bench.models.base import ChatRequest, ContextOverflow, DeadlineExceeded, LogprobsUnavailable, ModelError
from ec2bench.models.openai_compat import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_S, OpenAICompatClient
from openai_stub import StubServer, completion_body, error_body

REQUEST = ChatRequest(messages=[{"role": "user", "content": "hi"}])
OK = completion_body({"role": "assistant", "content": "hello"})


def client(stub: StubServer, **kwargs) -> OpenAICompatClient:
    kwargs.setdefault("timeout", 10.0)
    return OpenAICompatClient("m", base_url=stub.base_url, **kwargs)


def test_retry_after_seconds_is_honoured_on_429(stub_server: StubServer) -> None:
    stub_server.push(429, error_body("slow down", "rate_limit_exceeded"), retry_after="1")
    stub_server.push(200, OK)
    out = client(stub_server).complete(REQUEST)
    assert out.message["content"] == "hello"
    assert len(stub_server.requests) == 2
    waited = stub_server.times[1] - stub_server.times[0]
    assert 0.95 <= waited < 2.0, waited  # exactly Retry-After, not the 0.5 s backoff


def test_retry_after_ms_is_honoured_on_503(stub_server: StubServer) -> None:
    stub_server.push(503, error_body("overloaded"), retry_after_ms="300")
    stub_server.push(503, error_body("overloaded"), retry_after_ms="300")
    stub_server.push(200, OK)
    assert client(stub_server).complete(REQUEST).message["content"] == "hello"
    gaps = [b - a for a, b in zip(stub_server.times, stub_server.times[1:], strict=False)]
    assert len(gaps) == 2 and all(0.28 <= g < 0.9 for g in gaps), gaps


def test_backoff_without_retry_after_grows_with_jitter(stub_server: StubServer) -> None:
    for _ in range(2):
        stub_server.push(500, error_body("boom"))
    stub_server.push(200, OK)
    client(stub_server).complete(REQUEST)
    first, second = (b - a for a, b in zip(stub_server.times, stub_server.times[1:], strict=False))
    assert 0.35 <= first <= 0.7  # 0.5 s less up to 25% jitter
    assert 0.7 <= second <= 1.3  # doubled


def test_rate_limit_that_persists_is_a_model_error(stub_server: StubServer) -> None:
    for _ in range(3):
        stub_server.push(429, error_body("Rate limit reached"), retry_after_ms="1")
    with pytest.raises(ModelError) as info:
        client(stub_server, max_retries=2).complete(REQUEST)
    assert len(stub_server.requests) == 3
    assert "429" in str(info.value) and "rate limited" in str(info.value)
    assert not isinstance(info.value, ContextOverflow)


def test_client_errors_are_not_retried(stub_server: StubServer) -> None:
    stub_server.push(400, error_body("bad field 'foo'"))
    with pytest.raises(ModelError, match="HTTP 400: .*bad field") as info:
        client(stub_server).complete(REQUEST)
    assert len(stub_server.requests) == 1 and "after retries" not in str(info.value)


def test_timeouts_are_retried_then_reported(stub_server: StubServer) -> None:
    def slow(request):
        time.sleep(1.0)
        return 200, OK, {}

    stub_server.respond = slow
    with pytest.raises(ModelError, match="timed out after retries"):
        client(stub_server, timeout=0.3, max_retries=1).complete(REQUEST)
    assert len(stub_server.requests) == 2


def test_defaults() -> None:
    assert (DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_S) == (5, 600.0)


@pytest.mark.parametrize("status,message", [
    (400, "This model's maximum context length is 8192 tokens. However, you requested 9100 tokens "
          "(9000 in the messages, 100 in the completion). Please reduce the length of the messages."),  # vLLM, OpenAI
    (400, "Requested tokens (9000) exceed context window of 8192"),  # llama-cpp-python
    (400, "the request exceeds the available context size, try increasing it"),  # llama.cpp server
    (400, "Input is too long for requested model."),
    (413, "prompt is too long: 210000 tokens > 200000 maximum"),
])
def test_context_overflow_is_its_own_error(stub_server: StubServer, status: int, message: str) -> None:
    stub_server.push(status, error_body(message, "context_length_exceeded"))
    with pytest.raises(ContextOverflow) as info:
        client(stub_server).complete(REQUEST)
    text = str(info.value)
    assert text.startswith("'m' at http://127.0.0.1") and "context overflow" in text and str(status) in text
    assert len(stub_server.requests) == 1  # not retried, not truncated and re-sent


def test_logprobs_requested_but_missing(stub_server: StubServer) -> None:
    stub_server.push(200, OK)
    with pytest.raises(LogprobsUnavailable, match="returned no logprobs.*--logits_all True"):
        client(stub_server).complete(ChatRequest(messages=REQUEST.messages, logprobs=True, top_logprobs=3))
    assert stub_server.requests[0]["logprobs"] is True and stub_server.requests[0]["top_logprobs"] == 3


def test_empty_logprobs_are_not_missing(stub_server: StubServer) -> None:
    stub_server.push(200, completion_body({"role": "assistant", "content": ""}, logprobs={"content": []}))
    out = client(stub_server).complete(ChatRequest(messages=REQUEST.messages, logprobs=True))
    assert out.logprobs == ()


def test_endpoint_sampling_settings_are_sent(stub_server: StubServer) -> None:
    stub_server.push(200, OK)
    stub_server.push(200, OK)
    c = client(stub_server, temperature=0.0, max_output_tokens=64)
    c.complete(REQUEST)
    c.complete(ChatRequest(messages=REQUEST.messages, max_output_tokens=8))
    assert [(r["temperature"], r["max_tokens"]) for r in stub_server.requests] == [(0.0, 64), (0.0, 8)]


def test_a_retry_that_would_end_past_the_deadline_is_not_waited_for(stub_server: StubServer) -> None:
    stub_server.push(429, error_body("slow down", "rate_limit_exceeded"), retry_after="5")
    stub_server.push(200, OK)
    start = time.monotonic()
    with pytest.raises(DeadlineExceeded, match="a retry in 5.0 s would pass the episode's deadline"):
        client(stub_server).complete(ChatRequest(messages=REQUEST.messages, timeout_s=2.0))
    assert time.monotonic() - start < 1.0 and len(stub_server.requests) == 1


def test_an_attempt_lasts_no_longer_than_the_episode_has_left(stub_server: StubServer) -> None:
    def slow(request):
        time.sleep(3.0)
        return 200, OK, {}

    stub_server.respond = slow
    start = time.monotonic()
    with pytest.raises(DeadlineExceeded, match="no answer within the episode's remaining 0.5 s"):
        client(stub_server).complete(ChatRequest(messages=REQUEST.messages, timeout_s=0.5))
    assert time.monotonic() - start < 1.5 and len(stub_server.requests) == 1  # not retried once the time is up
