"""Model strings (`provider/model`) to model metadata and per-episode clients.

Providers:
  * `sim/<profile>`  the reference-policy simulator (profiles in models/sim/profiles.yaml);
  * `replay/reference` a free model that replays the reference solution (overhead benchmarks, smoke runs);
  * `openai/<model>` any OpenAI-compatible chat-completions endpoint. Without a base URL it is
    the hosted OpenAI API and needs `OPENAI_API_KEY`; with one (`--edge-base-url`, `--cloud-base-url`)
    the key is optional, since local servers (vLLM, llama.cpp, Ollama) ignore it.

Keys are read from the environment when a client is opened and never stored in `ModelInfo`.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from ec2bench.models.base import ConfigError, ModelClient, Price
from ec2bench.models.openai_compat import OpenAICompatClient
from ec2bench.models.replay import ReplayClient
from ec2bench.models.sim import SimClient, load_profiles
from ec2bench.tasks.spec import TaskSpec

PROVIDERS = ("sim", "replay", "openai")
OPENAI_KEY_ENV = "OPENAI_API_KEY"


@dataclass(frozen=True)
class ModelInfo:
    """What the harness knows about a model before any call: enough to price and meter it."""

    name: str
    provider: str
    model_id: str
    params: float | None
    price: Price | None
    base_url: str | None = None

    @property
    def simulated(self) -> bool:
        return self.provider in ("sim", "replay")


def resolve_model(
    name: str, *, base_url: str | None = None, price: Price | None = None, params: float | None = None
) -> ModelInfo:
    """Validate a model string and gather its metadata. Explicit `price`/`params` win over defaults."""
    provider, sep, model_id = name.partition("/")
    if not sep or not model_id:
        raise ConfigError(f"model {name!r} is not of the form provider/model (providers: {', '.join(PROVIDERS)})")
    if provider == "sim":
        profiles = load_profiles()
        if model_id not in profiles:
            raise ConfigError(f"unknown simulated model {name!r}; known: {', '.join('sim/' + p for p in profiles)}")
        prof = profiles[model_id]
        return ModelInfo(name, provider, model_id, params or prof.params, price or prof.price)
    if provider == "replay":
        if model_id != "reference":
            raise ConfigError(f"unknown replay model {name!r}; the only one is replay/reference")
        return ModelInfo(name, provider, model_id, params, price or Price(0.0, 0.0, 0.0))
    if provider == "openai":
        if base_url is None and not os.environ.get(OPENAI_KEY_ENV):
            raise ConfigError(
                f"model {name!r} uses the hosted OpenAI API and needs the environment variable "
                f"{OPENAI_KEY_ENV}; or give a base URL for a local OpenAI-compatible server"
            )
        return ModelInfo(name, provider, model_id, params, price, base_url)
    raise ConfigError(f"unknown model provider {provider!r} in {name!r}; known providers: {', '.join(PROVIDERS)}")


def open_client(info: ModelInfo, *, task: TaskSpec, seed: int) -> ModelClient:
    """A fresh client for one episode (simulated clients need the task and the seed)."""
    if info.provider == "sim":
        return SimClient(info.name, load_profiles()[info.model_id], task, seed)
    if info.provider == "replay":
        return ReplayClient(info.name, task)
    return OpenAICompatClient(info.model_id, base_url=info.base_url, api_key=os.environ.get(OPENAI_KEY_ENV))


def parse_price(text: str) -> Price:
    """`IN,CACHED,OUT` in USD per million tokens, e.g. `2.5,0.25,15`."""
    try:
        values = [float(x) for x in text.split(",")]
    except ValueError:
        values = []
    if len(values) != 3 or not all(math.isfinite(v) and v >= 0 for v in values):
        raise ConfigError(f"price {text!r} must be three non-negative numbers: input,cached_input,output per million tokens")
    return Price(*values)
