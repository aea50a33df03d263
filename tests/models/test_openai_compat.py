"""OpenAICompatClient against a local stub of `POST /v1/chat/completions` (127.0.0.1 only)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ec2bench.models.base import ChatRequest, ModelClient, ModelError, TokenLogprob, Usage
from ec2bench.models.openai_compat import OpenAICompatClient
from openai_stub import StubServer, completion_body

MESSAGES = [{"role": "user", "content": "What is 2+2?"}]
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "add",
            "description": "Add two integers.",
            "parameters": {
                "type": "object",
                "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                "required": ["a", "b"],
            },
        },
    }
]


@pytest.fixture
def stub(stub_server: StubServer) -> StubServer:
    """The shared stub server; each test sets what it answers with `stub.reply(...)`."""
    return stub_server


def _client(stub: StubServer, **kwargs: Any) -> OpenAICompatClient:
    kwargs.setdefault("max_retries", 0)
    kwargs.setdefault("timeout", 10.0)
    return OpenAICompatClient("my-model", base_url=stub.base_url, **kwargs)


def test_is_a_model_client(stub: StubServer) -> None:
    assert isinstance(_client(stub), ModelClient)


def test_plain_text_answer(stub: StubServer) -> None:
    stub.reply(completion_body({"role": "assistant", "content": "4"}))
    out = _client(stub).complete(ChatRequest(messages=MESSAGES))

    assert out.message == {"role": "assistant", "content": "4"}
    assert out.model == "served-model"
    assert out.latency_ms > 0
    assert out.logprobs is None
    assert out.usage == Usage()  # stub sent no usage: zeros, no crash
    sent = stub.last
    assert sent["model"] == "my-model"
    assert sent["messages"] == MESSAGES
    assert "tools" not in sent and "tool_choice" not in sent
    assert "logprobs" not in sent and "top_logprobs" not in sent
    assert "max_tokens" not in sent
    assert stub.auth_headers[-1] == ""  # no key configured: no Authorization header at all


def test_model_falls_back_to_requested_name(stub: StubServer) -> None:
    body = completion_body({"role": "assistant", "content": "ok"})
    del body["model"]
    stub.reply(body)
    assert _client(stub).complete(ChatRequest(messages=MESSAGES)).model == "my-model"


def test_tool_call_keeps_arguments_string(stub: StubServer) -> None:
    arguments = '{"a": 2,  "b": 2}'  # odd spacing must survive untouched
    stub.reply(
        completion_body(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_abc",
                        "type": "function",
                        "function": {"name": "add", "arguments": arguments},
                    }
                ],
            }
        )
    )
    out = _client(stub).complete(ChatRequest(messages=MESSAGES, tools=TOOLS, max_output_tokens=64))

    assert out.message == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "call_abc", "type": "function", "function": {"name": "add", "arguments": arguments}}
        ],
    }
    assert json.dumps(out.message)  # plain dict, JSON-serialisable
    assert stub.last["tools"] == TOOLS
    assert stub.last["tool_choice"] == "auto"
    assert stub.last["max_tokens"] == 64


def test_reasoning_content_is_kept(stub: StubServer) -> None:
    stub.reply(completion_body({"role": "assistant", "content": "4", "reasoning_content": "2+2=4"}))
    out = _client(stub).complete(ChatRequest(messages=MESSAGES))
    assert out.message["reasoning"] == "2+2=4"


def test_usage_with_cached_and_reasoning_tokens(stub: StubServer) -> None:
    stub.reply(
        completion_body(
            {"role": "assistant", "content": "4"},
            usage={
                "prompt_tokens": 120,
                "completion_tokens": 30,
                "total_tokens": 150,
                "prompt_tokens_details": {"cached_tokens": 100},
                "completion_tokens_details": {"reasoning_tokens": 12},
            },
        )
    )
    out = _client(stub).complete(ChatRequest(messages=MESSAGES))
    assert out.usage == Usage(
        input_tokens=120, cached_input_tokens=100, output_tokens=30, reasoning_tokens=12
    )
    assert out.usage.uncached_input_tokens == 20


@pytest.mark.parametrize("field_name", ["cached_tokens", "prompt_cache_hit_tokens"])
def test_usage_top_level_cached_tokens(stub: StubServer, field_name: str) -> None:
    stub.reply(
        completion_body(
            {"role": "assistant", "content": "4"},
            usage={"prompt_tokens": 50, "completion_tokens": 5, field_name: 40},
        )
    )
    usage = _client(stub).complete(ChatRequest(messages=MESSAGES)).usage
    assert usage == Usage(input_tokens=50, cached_input_tokens=40, output_tokens=5)


def test_logprobs_requested(stub: StubServer) -> None:
    stub.reply(
        completion_body(
            {"role": "assistant", "content": "4."},
            logprobs={
                "content": [
                    {
                        "token": "4",
                        "logprob": -0.01,
                        "bytes": [52],
                        "top_logprobs": [
                            {"token": "4", "logprob": -0.01, "bytes": [52]},
                            {"token": "four", "logprob": -4.6, "bytes": None},
                        ],
                    },
                    {"token": ".", "logprob": -0.2, "bytes": [46], "top_logprobs": []},
                ]
            },
        )
    )
    out = _client(stub).complete(ChatRequest(messages=MESSAGES, logprobs=True, top_logprobs=2))

    assert stub.last["logprobs"] is True
    assert stub.last["top_logprobs"] == 2
    assert out.logprobs == (
        TokenLogprob("4", -0.01, top=(("4", -0.01), ("four", -4.6))),
        TokenLogprob(".", -0.2, top=()),
    )


def test_logprobs_not_requested(stub: StubServer) -> None:
    stub.reply(
        completion_body(
            {"role": "assistant", "content": "4"},
            logprobs={"content": [{"token": "4", "logprob": -0.1, "top_logprobs": []}]},
        )
    )
    out = _client(stub).complete(ChatRequest(messages=MESSAGES))
    assert "logprobs" not in stub.last and "top_logprobs" not in stub.last
    assert out.logprobs is None


def test_no_choices_is_model_error(stub: StubServer) -> None:
    body = completion_body({"role": "assistant", "content": "4"})
    body["choices"] = []
    stub.reply(body)
    with pytest.raises(ModelError, match="no choices"):
        _client(stub).complete(ChatRequest(messages=MESSAGES))


def test_server_error_after_retries(stub: StubServer) -> None:
    stub.reply({"error": {"message": "boom", "type": "server_error"}}, status=500, retry_after_ms="1")
    with pytest.raises(ModelError) as info:
        _client(stub, max_retries=1).complete(ChatRequest(messages=MESSAGES))
    msg = str(info.value)
    assert len(stub.requests) == 2
    assert "500" in msg
    assert stub.base_url in msg
    assert "\n" not in msg


def test_rejected_key_is_model_error_without_the_key(stub: StubServer) -> None:
    secret = "sk-test-SECRET-123456"
    stub.reply(
        {"error": {"message": f"Incorrect API key provided: {secret}", "code": "invalid_api_key"}},
        status=401,
    )
    with pytest.raises(ModelError) as info:
        _client(stub, api_key=secret).complete(ChatRequest(messages=MESSAGES))
    msg = str(info.value)
    assert "key was rejected" in msg
    assert secret not in msg
    assert secret not in repr(info.value)
    assert stub.auth_headers[-1] == f"Bearer {secret}"


def test_unreachable_endpoint_is_model_error() -> None:
    import socket

    with socket.socket() as s:  # grab a free port, then close it so nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = OpenAICompatClient(
        "my-model", base_url=f"http://127.0.0.1:{port}/v1", max_retries=0, timeout=2.0
    )
    with pytest.raises(ModelError, match=f"127.0.0.1:{port}"):
        client.complete(ChatRequest(messages=MESSAGES))
