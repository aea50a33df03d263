"""The models file, default base URLs, keys by variable name, and where prices come from."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.core.errors import ConfigError
from ec2bench.models.base import Price
from ec2bench.models.endpoints import load_models_file
from ec2bench.models.pricing import bundled_price, load_price_file
from ec2bench.models.registry import resolve_cloud, resolve_model
from ec2bench.models.served import DEFAULT_BASE_URLS, OPENAI_KEY_ENV

MODELS = """
local-edge:
  provider: vllm
  model: Qwen/Qwen3-8B
  params: 8.2e9
  max_concurrency: 2
ollama-edge:
  provider: ollama
  model: qwen3:8b
gpt:
  provider: openai
  model: gpt-4.1
  api_key_env: EC2_TEST_KEY
  price: {input: 2, cached_input: 0.5, output: 8}
  max_output_tokens: 512
  temperature: 0
  timeout: 30
proxy:
  provider: openai
  model: my-model
  base_url: https://llm.internal.example/v1
"""


def write(tmp_path: Path, text: str, name: str = "models.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.fixture
def endpoints(tmp_path: Path):
    return load_models_file(write(tmp_path, MODELS))


def test_named_endpoints_resolve_with_their_settings(endpoints, monkeypatch) -> None:
    monkeypatch.setenv("EC2_TEST_KEY", "sk-secret")
    edge = resolve_model("local-edge", endpoints=endpoints)
    assert (edge.name, edge.provider, edge.model_id) == ("local-edge", "vllm", "Qwen/Qwen3-8B")
    assert edge.base_url == DEFAULT_BASE_URLS["vllm"] == "http://127.0.0.1:8000/v1"
    assert (edge.params, edge.max_concurrency, edge.price, edge.api_key_env) == (8.2e9, 2, None, None)
    assert resolve_model("ollama-edge", endpoints=endpoints).base_url == "http://127.0.0.1:11434/v1"
    gpt = resolve_cloud("gpt", endpoints=endpoints)
    assert gpt.base_url is None and gpt.api_key_env == "EC2_TEST_KEY"
    assert gpt.price == Price(2, 0.5, 8) and gpt.price_source == "models file entry 'gpt'"
    assert (gpt.max_output_tokens, gpt.temperature, gpt.timeout) == (512, 0, 30)
    assert "sk-secret" not in repr(gpt)  # only the variable's name is held


def test_explicit_settings_win_over_the_models_file(endpoints, monkeypatch) -> None:
    monkeypatch.setenv("EC2_TEST_KEY", "x")
    info = resolve_model("local-edge", endpoints=endpoints, base_url="http://10.0.0.9:9000/v1", params=1e9)
    assert (info.base_url, info.params) == ("http://10.0.0.9:9000/v1", 1e9)
    priced = resolve_cloud("gpt", endpoints=endpoints, price=Price(1, 1, 1))
    assert priced.price == Price(1, 1, 1) and priced.price_source == "given price"


def test_default_base_urls_for_model_strings() -> None:
    assert resolve_model("vllm/m").base_url == "http://127.0.0.1:8000/v1"
    assert resolve_model("ollama/llama3.2").base_url == "http://127.0.0.1:11434/v1"
    assert resolve_model("vllm/m", base_url="http://127.0.0.1:9/v1").base_url == "http://127.0.0.1:9/v1"
    assert resolve_model("vllm/m").api_key_env is None  # local servers get no key unless one is named


def test_missing_key_variable_is_named(endpoints, monkeypatch) -> None:
    monkeypatch.delenv("EC2_TEST_KEY", raising=False)
    with pytest.raises(ConfigError, match="EC2_TEST_KEY, which is not set"):
        resolve_model("gpt", endpoints=endpoints)


def test_unknown_name_lists_the_models_file(endpoints) -> None:
    with pytest.raises(ConfigError, match="local-edge, ollama-edge, gpt, proxy"):
        resolve_model("gtp", endpoints=endpoints)
    with pytest.raises(ConfigError, match="no --models file was given"):
        resolve_model("gpt")


@pytest.mark.parametrize("text,message", [
    ("a: {provider: openai, model: x, api_key: sk-live-123}", "keys are read from the environment only"),
    ("a: {provider: openai, model: x, api_key_env: sk-live-123}", "not the key itself"),
    ("a: {provider: bedrock, model: x}", "endpoint 'a': provider: Input should be"),
    ("a: {provider: vllm}", "endpoint 'a': model: Field required"),
    ("a: {provider: vllm, model: x, max_concurrency: 0}", "max_concurrency"),
    ("a: {provider: vllm, model: x, base_url: 127.0.0.1:8000}", "not an http"),
    ("a: {provider: vllm, model: x, price: {input: 1}}", "endpoint 'a': price.output: Field required"),
    ("a: {provider: vllm, model: x, context_length: 4096}", "llamacpp only"),
    ("a: {provider: llamacpp, model: x.gguf, base_url: 'http://h/v1'}", "does not apply to llamacpp"),
    ("a: {provider: vllm, model: x, colour: red}", "colour: Extra inputs"),
    ("a/b: {provider: vllm, model: x}", "endpoint name 'a/b'"),
    ("- just a list", "must be a mapping"),
    ("a: [unclosed", "not valid YAML"),
])
def test_models_file_errors(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=message) as info:
        load_models_file(path)
    assert str(path) in str(info.value)
    assert "sk-live-123" not in str(info.value)


def test_models_file_must_exist(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read models file"):
        load_models_file(tmp_path / "nope.yaml")


# -- prices -------------------------------------------------------------------------------------


def test_bundled_prices_cover_hosted_models_offline() -> None:
    quote = bundled_price("gpt-4o", None)
    assert quote is not None and quote.price == Price(2.5, 1.25, 10.0)
    assert quote.source.startswith("genai-prices 0.2.") and quote.source.endswith("openai gpt-4o")
    deepseek = bundled_price("deepseek-chat", "https://api.deepseek.com")
    assert deepseek is not None and "deepseek" in deepseek.source
    assert bundled_price("no-such-model-xyz", None) is None


def test_self_hosted_servers_are_never_priced_from_bundled_data(monkeypatch) -> None:
    monkeypatch.setenv(OPENAI_KEY_ENV, "sk-test")
    assert resolve_model("openai/gpt-4o").price == Price(2.5, 1.25, 10.0)
    assert resolve_model("openai/gpt-4o", base_url="http://127.0.0.1:8000/v1").price is None
    assert resolve_model("vllm/gpt-4o").price is None


def test_price_order(tmp_path: Path, endpoints, monkeypatch) -> None:
    monkeypatch.setenv(OPENAI_KEY_ENV, "sk-test")
    monkeypatch.setenv("EC2_TEST_KEY", "x")
    prices = load_price_file(write(tmp_path, "openai/gpt-4o: {input: 1, cached_input: 0.1, output: 3}\n"
                                             "gpt: {input: 9, output: 9}\n"
                                             "sim/cloud: {input: 0, output: 0}\n", "prices.yaml"))
    assert prices["gpt"] == Price(9, 9, 9)  # no cached rate: cached tokens bill at the input rate
    file_wins = resolve_cloud("openai/gpt-4o", prices=prices)
    assert file_wins.price == Price(1, 0.1, 3) and file_wins.price_source == "price file entry 'openai/gpt-4o'"
    assert resolve_cloud("gpt", endpoints=endpoints, prices=prices).price == Price(2, 0.5, 8)  # models file first
    assert resolve_cloud("sim/cloud", prices=prices).price == Price(0, 0, 0)
    assert resolve_cloud("sim/cloud").price_source == "simulated profile sim/cloud"


def test_price_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"price of 'm': output: Input should be greater than or equal to 0"):
        load_price_file(write(tmp_path, "m: {input: 1, output: -1}", "p.yaml"))
    with pytest.raises(ConfigError, match=r"price of 'm'.*\{input: USD"):
        load_price_file(write(tmp_path, "m: 2.5", "p.yaml"))


def test_unknown_cloud_model_refuses_to_start(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no price known for cloud model 'vllm/big'.*--cloud-price.*--models.*--prices"):
        resolve_cloud("vllm/big")
    result = CliRunner().invoke(app, ["run", "--out", str(tmp_path / "r"), "--cloud", "vllm/big"])
    assert result.exit_code == 2 and "no price known for cloud model 'vllm/big'" in result.output
    assert not (tmp_path / "r").exists()


def test_run_prints_the_cloud_price_and_its_source(mini_suite: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--repeats", "1",
                                      "--jobs", "1", "--strategies", "edge_only", "--cloud-price", "3,0.3,12"])
    assert result.exit_code == 0, result.output
    assert "cloud price of sim/cloud: $3 input / $0.3 cached / $12 output per million tokens (given price)" in result.output
