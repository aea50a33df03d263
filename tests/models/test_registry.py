"""One provider registry: a provider registered by a plugin or declared by an entry point resolves and
opens through the same path as the built-ins, and the models layer never imports the scripted models."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator, Mapping
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from ec2bench.core.errors import ConfigError
from ec2bench.models import registry
from ec2bench.models.base import ChatRequest, Completion, ModelClient, Price, Usage
from ec2bench.models.registry import (
    MODEL_PROVIDERS,
    ModelInfo,
    ModelProvider,
    ModelRequest,
    open_client,
    register_provider,
    resolve_cloud,
    resolve_model,
)
from ec2bench.spec.schema import TaskSpec

SRC = Path(registry.__file__).resolve().parents[1]


class Fixed:
    """A client that always answers the same text."""

    def __init__(self, model: str, text: str) -> None:
        self.model, self.text = model, text

    def complete(self, request: ChatRequest) -> Completion:
        return Completion({"role": "assistant", "content": self.text}, Usage(1, 0, 1), self.model)


class EchoProvider(ModelProvider):
    """`echo/<word>`: any word; sized and priced by the provider; it keeps what `open` was given."""

    def __init__(self, name: str = "echo") -> None:
        super().__init__(name, price=Price(1.0, 0.5, 2.0), simulated=True)
        self.opened: list[tuple[ModelInfo, int, Mapping[str, str] | None]] = []

    def resolve(self, request: ModelRequest) -> ModelInfo:
        return request.info(request.quote({"echo's list price": self.price}), params=len(request.model_id) * 1e9)

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        self.opened.append((info, seed, placeholders))
        return Fixed(info.name, info.model_id)


@pytest.fixture()
def providers() -> Iterator[None]:
    """The registry as it was before the test."""
    before = dict(MODEL_PROVIDERS)
    yield
    MODEL_PROVIDERS.clear()
    MODEL_PROVIDERS.update(before)


@pytest.fixture()
def spec() -> TaskSpec:
    from ec2bench.tasks.loader import load_suite

    return load_suite()[0].spec


def test_a_registered_provider_resolves_and_opens_like_a_built_in(providers: None, spec: TaskSpec) -> None:
    echo = register_provider(EchoProvider())
    info = resolve_model("echo/hello", max_output_tokens=7)
    assert (info.provider, info.model_id, info.params, info.simulated) == ("echo", "hello", 5e9, True)
    assert (info.price, info.price_source) == (Price(1.0, 0.5, 2.0), "echo's list price")
    assert info.max_output_tokens is None  # a scripted provider sets no reply cap
    assert resolve_model("echo/hello", price=Price(0, 0, 0)).price_source == "given price"
    assert resolve_cloud("echo/x").price is not None
    client = open_client(info, task=spec, seed=3, placeholders={"Ann": "<PERSON_1>"})
    assert client.complete(ChatRequest(messages=[])).message["content"] == "hello"
    assert echo.opened == [(info, 3, {"Ann": "<PERSON_1>"})]
    assert "echo" in registry.known_providers()


def test_a_plain_provider_takes_an_open_function(providers: None, spec: TaskSpec) -> None:
    register_provider(ModelProvider("fixed", lambda info, task, seed: Fixed(info.name, "ok"), models=("a",)))
    info = resolve_model("fixed/a")
    assert (info.price, info.simulated) == (None, False)
    assert open_client(info, task=spec, seed=0).complete(ChatRequest(messages=[])).message["content"] == "ok"
    with pytest.raises(ConfigError, match="unknown model 'fixed/b'; known: fixed/a"):
        resolve_model("fixed/b")


def test_an_entry_point_provider_loads_on_first_use(providers: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    spec: TaskSpec) -> None:
    (tmp_path / "ec2bench_echo_provider.py").write_text(
        "from ec2bench.plugin import ModelProvider, Price\n"
        "PROVIDER = ModelProvider('echo2', lambda info, task, seed: None, price=Price(0, 0, 0))\n"
        "WRONG = ModelProvider('other')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    declared = [*registry.entry_points(group=registry.PROVIDER_GROUP),
                EntryPoint("echo2", "ec2bench_echo_provider:PROVIDER", registry.PROVIDER_GROUP),
                EntryPoint("misnamed", "ec2bench_echo_provider:WRONG", registry.PROVIDER_GROUP)]
    monkeypatch.setattr(registry, "entry_points", lambda group: [e for e in declared if e.group == group])
    assert "echo2" not in MODEL_PROVIDERS and "echo2" in registry.known_providers()
    with pytest.raises(ValueError, match="already registered"):  # a declared name is taken before its first use
        register_provider(ModelProvider("echo2"))
    assert resolve_model("echo2/anything").price == Price(0, 0, 0)
    assert MODEL_PROVIDERS["echo2"].name == "echo2"
    with pytest.raises(ConfigError, match="is not a ModelProvider named 'misnamed'"):
        resolve_model("misnamed/x")


def test_built_in_names_cannot_be_taken(providers: None) -> None:
    for name in ("sim", "openai"):
        with pytest.raises(ValueError, match="already registered"):
            register_provider(ModelProvider(name))
    with pytest.raises(ValueError, match="contain no '/'"):
        register_provider(ModelProvider("a/b"))


def test_the_provider_says_whether_a_model_is_simulated() -> None:
    simulated = {name: resolve_model(name, base_url="http://127.0.0.1:9/v1").simulated
                 for name in ("sim/edge-2b", "replay/reference", "adversary/lazy", "openai/x", "vllm/x", "ollama/x")}
    assert simulated == {"sim/edge-2b": True, "replay/reference": True, "adversary/lazy": True,
                         "openai/x": False, "vllm/x": False, "ollama/x": False}


def test_the_models_layer_never_imports_the_scripted_models() -> None:
    """Not at import time, not lazily: the scripted providers reach the registry through entry points only."""
    for path in sorted((SRC / "models").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.startswith("ec2bench.scripted") for n in names), f"{path.name}:{node.lineno} imports {names}"
    code = ("import sys; from ec2bench.models.registry import resolve_model; import ec2bench.models.served, "
            "ec2bench.models.local; resolve_model('vllm/x'); "
            "bad = [m for m in sys.modules if m.startswith('ec2bench.scripted') or m in ('openai', 'torch', 'llama_cpp')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
