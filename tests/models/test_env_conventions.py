"""`OPENAI_BASE_URL` is read by ec2bench with self-hosted semantics, and real models get an output cap."""

from __future__ import annotations

import pytest

from ec2bench.core.errors import ConfigError
from ec2bench.models.base import ChatRequest, Price
from ec2bench.models.endpoints import Endpoint
from ec2bench.models.registry import DEFAULT_MAX_OUTPUT_TOKENS, open_client, resolve_cloud, resolve_model
from ec2bench.models.served import HOSTED_OPENAI_BASE_URL, OPENAI_BASE_URL_ENV, OPENAI_KEY_ENV
from ec2bench.spec.schema import TaskSpec
from openai_stub import StubServer, completion_body

OK = completion_body({"role": "assistant", "content": "hi"}, usage={"prompt_tokens": 3, "completion_tokens": 1})
REQUEST = ChatRequest(messages=[{"role": "user", "content": "hello"}])


def _task() -> TaskSpec:
    from ec2bench.tasks.loader import load_suite

    return load_suite()[0].spec


def test_openai_base_url_is_a_self_hosted_server(monkeypatch: pytest.MonkeyPatch, stub_server: StubServer) -> None:
    monkeypatch.setenv(OPENAI_BASE_URL_ENV, stub_server.base_url)
    monkeypatch.delenv(OPENAI_KEY_ENV, raising=False)
    info = resolve_model("openai/gpt-4.1")  # a key is optional there
    assert (info.base_url, info.api_key_env, info.price) == (stub_server.base_url, None, None)  # no list price
    with pytest.raises(ConfigError, match=f"no price known.*{OPENAI_BASE_URL_ENV}"):
        resolve_cloud("openai/gpt-4.1")
    assert resolve_cloud("openai/gpt-4.1", price=Price(1, 0.5, 2)).base_url == stub_server.base_url
    stub_server.push(200, OK)
    open_client(info, task=_task(), seed=0).complete(REQUEST)
    assert stub_server.requests[0]["model"] == "gpt-4.1"
    assert "sk-" not in stub_server.auth_headers[0]


def test_openai_base_url_sends_openai_api_key_when_set(monkeypatch: pytest.MonkeyPatch, stub_server: StubServer) -> None:
    monkeypatch.setenv(OPENAI_BASE_URL_ENV, stub_server.base_url)
    monkeypatch.setenv(OPENAI_KEY_ENV, "sk-test-0123456789")
    info = resolve_model("openai/my-model")
    assert info.api_key_env == OPENAI_KEY_ENV
    stub_server.push(200, OK)
    open_client(info, task=_task(), seed=0).complete(REQUEST)
    assert stub_server.auth_headers == ["Bearer sk-test-0123456789"]


def test_an_explicit_base_url_wins_over_openai_base_url(monkeypatch: pytest.MonkeyPatch, stub_server: StubServer) -> None:
    monkeypatch.setenv(OPENAI_BASE_URL_ENV, "http://127.0.0.1:9/v1")
    assert resolve_model("openai/m", base_url=stub_server.base_url).base_url == stub_server.base_url
    assert resolve_model("vllm/m").base_url == "http://127.0.0.1:8000/v1"  # only openai/<model> reads it


def test_the_hosted_api_is_pinned_not_redirected_by_the_sdk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without OPENAI_BASE_URL at resolve time, the client gets the hosted URL explicitly, so a variable
    set later (or read by the SDK) cannot send hosted-priced calls elsewhere."""
    monkeypatch.delenv(OPENAI_BASE_URL_ENV, raising=False)
    monkeypatch.setenv(OPENAI_KEY_ENV, "sk-test-0123456789")
    info = resolve_model("openai/gpt-4.1")
    assert info.base_url is None and info.price is not None  # hosted: the bundled list price
    monkeypatch.setenv(OPENAI_BASE_URL_ENV, "http://127.0.0.1:9/v1")
    assert repr(open_client(info, task=_task(), seed=0)).endswith(f"base_url={HOSTED_OPENAI_BASE_URL!r})")


def test_real_models_get_a_default_output_cap(monkeypatch: pytest.MonkeyPatch, stub_server: StubServer) -> None:
    monkeypatch.delenv(OPENAI_BASE_URL_ENV, raising=False)
    info = resolve_model("vllm/smollm2", base_url=stub_server.base_url)
    assert info.max_output_tokens == DEFAULT_MAX_OUTPUT_TOKENS == 1024
    stub_server.push(200, OK)
    open_client(info, task=_task(), seed=0).complete(REQUEST)
    assert stub_server.requests[0]["max_tokens"] == 1024
    assert resolve_model("sim/edge-9b").max_output_tokens is None  # the simulator writes what its policy says


def test_output_cap_precedence() -> None:
    endpoints = {"e": Endpoint(provider="vllm", model="m", max_output_tokens=300)}
    assert resolve_model("e", endpoints=endpoints).max_output_tokens == 300
    assert resolve_model("e", endpoints=endpoints, max_output_tokens=50).max_output_tokens == 50
    assert resolve_model("vllm/m", max_output_tokens=2048).max_output_tokens == 2048
    with pytest.raises(ConfigError, match=">= 1"):
        resolve_model("vllm/m", max_output_tokens=0)

