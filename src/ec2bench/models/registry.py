"""Model strings and named endpoints to model metadata, and to per-episode clients.

Providers:
  * `sim/<profile>`  the reference-policy simulator (profiles in models/sim/profiles.yaml);
  * `replay/reference` a free model that replays the reference solution (overhead benchmarks, smoke runs);
  * `adversary/<name>` a scripted adversary of the validator (`tasks/adversaries/`: broadcast,
    brute_force, stuffer, targeted, destroyer, closer, lazy, echo) as a free model, so a sweep shows what cheating earns and what harm it does;
  * `openai/<model>` any OpenAI-compatible chat-completions endpoint. Without a base URL it is
    the hosted OpenAI API and needs `OPENAI_API_KEY`; with one (`--edge-base-url`, `--cloud-base-url`,
    or a models file) it gets no key unless one is configured for it (`api_key_env` in the models
    file, `--edge-api-key-env` / `--cloud-api-key-env`): a key set in the environment is never sent
    to a server it was not configured for. `OPENAI_BASE_URL` in the environment is read here, the
    SDK never sees it: it is the base URL of an `openai/<model>` that has none, with self-hosted
    semantics (no bundled list price; `OPENAI_API_KEY` is sent if set, not required), and the
    hosted API's address is otherwise always passed explicitly;
  * `vllm/<model>`, `ollama/<model>` the same client with the server's usual local address as the
    default base URL (`DEFAULT_BASE_URLS`) and no key unless the models file names one;
  * `llamacpp/<path.gguf or alias>` an in-process llama.cpp model (`ec2bench[local]`); aliases in
    `llamacpp.ALIASES`, e.g. `llamacpp/smollm2-135m`;
  * `hf/<path, alias or LoRA checkpoint>` an in-process transformers model (`ec2bench[train]`); aliases in
    `hf.ALIASES`, e.g. `hf/smollm2-135m`; checkpoints of `ec2bench train advice` load with their adapter.
A name without a slash is looked up in the models file (`--models`, see `endpoints.py`).
Plugins add providers with `register_provider` (docs/plugins.md): `<their name>/<model>`.

Real models get at most `DEFAULT_MAX_OUTPUT_TOKENS` tokens per reply unless `--max-output-tokens`
or the models file sets a limit: a small local model may otherwise write until its context is full.

Keys are read from the environment when a client is opened and never stored in `ModelInfo`, which
holds only the *name* of the variable. `open_client` is the one place clients are made, so the
record/replay cache (`cache.py`) wraps edge and cloud alike, while the boundary stays the only
caller of `open_client` for the cloud role.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ec2bench.models import pool
from ec2bench.models.base import ConfigError, ModelClient, Price
from ec2bench.models.cache import CachedClient, open_cache
from ec2bench.models.endpoints import ENV_NAME, Endpoint
from ec2bench.models.pricing import PriceQuote, bundled_price, first_quote, parse_price
from ec2bench.spec.schema import TaskSpec

__all__ = ["DEFAULT_BASE_URLS", "DEFAULT_MAX_OUTPUT_TOKENS", "HOSTED_OPENAI_BASE_URL", "MODEL_PROVIDERS", "ModelProvider",
           "OPENAI_BASE_URL_ENV", "OPENAI_KEY_ENV", "register_provider", "PROVIDERS", "ModelInfo", "configured_keys", "open_client", "parse_price",
           "resolve_cloud", "resolve_model"]

PROVIDERS = ("sim", "replay", "adversary", "openai", "vllm", "ollama", "llamacpp", "hf")
OPENAI_KEY_ENV = "OPENAI_API_KEY"
OPENAI_BASE_URL_ENV = "OPENAI_BASE_URL"
HOSTED_OPENAI_BASE_URL = "https://api.openai.com/v1"
DEFAULT_MAX_OUTPUT_TOKENS = 1024
DEFAULT_BASE_URLS = {"vllm": "http://127.0.0.1:8000/v1", "ollama": "http://127.0.0.1:11434/v1"}
_HTTP_PROVIDERS = ("openai", "vllm", "ollama")


@dataclass(frozen=True)
class ModelProvider:
    """A model provider added by a plugin: `<name>/<model id>` model strings open its clients.

    `open(info, task, seed)` returns a fresh `ModelClient` for one episode (`task` is the episode's
    TaskSpec: scripted models may read it, as the simulator does). `models`: the model ids it
    accepts (None: any). `price`: USD per million tokens when nothing more specific is given
    (None: an edge-only provider, or the user must price it). `simulated`: its figures are not
    evidence about a real model (reports flag them as the sim/* models)."""

    name: str
    open: Callable[[ModelInfo, TaskSpec, int], ModelClient]
    models: tuple[str, ...] | None = None
    price: Price | None = None
    simulated: bool = False


MODEL_PROVIDERS: dict[str, ModelProvider] = {}


def register_provider(provider: ModelProvider) -> ModelProvider:
    """Make `<provider.name>/<model>` model strings available; built-in names cannot be taken."""
    if provider.name in PROVIDERS or MODEL_PROVIDERS.get(provider.name, provider) is not provider:
        raise ValueError(f"model provider {provider.name!r} is already registered")
    if not provider.name or "/" in provider.name:
        raise ValueError(f"model provider name {provider.name!r} must be non-empty and contain no '/'")
    MODEL_PROVIDERS[provider.name] = provider
    return provider


@dataclass(frozen=True)
class ModelInfo:
    """What the harness knows about a model before any call: enough to price, meter and open it."""

    name: str
    provider: str
    model_id: str
    params: float | None
    price: Price | None
    base_url: str | None = None
    api_key_env: str | None = None  # the variable's name; the key itself is read in open_client
    max_concurrency: int | None = None
    max_output_tokens: int | None = None
    temperature: float | None = None
    timeout: float | None = None  # seconds per HTTP call (default: openai_compat.DEFAULT_TIMEOUT_S)
    context_length: int | None = None  # llamacpp: n_ctx
    price_source: str | None = None
    cache_dir: Path | None = None  # record/replay cache folder (`--cache`)
    cache_scope: str = ""  # the role ("edge"/"cloud"): one model playing both roles samples each independently

    @property
    def simulated(self) -> bool:
        plugin = MODEL_PROVIDERS.get(self.provider)
        return plugin.simulated if plugin else self.provider in ("sim", "replay", "adversary")

    @property
    def cache_identity(self) -> dict[str, Any]:
        """What identifies this model's answers in the record/replay cache (no address, no key)."""
        return {"provider": self.provider, "model": self.model_id, "temperature": self.temperature,
                "max_output_tokens": self.max_output_tokens, "scope": self.cache_scope}


def resolve_model(
    name: str,
    *,
    base_url: str | None = None,
    price: Price | None = None,
    params: float | None = None,
    endpoints: Mapping[str, Endpoint] | None = None,
    prices: Mapping[str, Price] | None = None,
    api_key_env: str | None = None,
    max_output_tokens: int | None = None,
) -> ModelInfo:
    """Validate a model string or endpoint name and gather its metadata.

    Explicit `base_url`/`price`/`params`/`api_key_env`/`max_output_tokens` win over the models file,
    which wins over defaults; the price order is documented in `pricing.py`.
    """
    if max_output_tokens is not None and max_output_tokens < 1:
        raise ConfigError(f"max output tokens for {name!r} must be >= 1, not {max_output_tokens}")
    endpoints, prices = endpoints or {}, prices or {}
    endpoint = endpoints.get(name)
    provider: str
    if endpoint is not None:
        provider, model_id = endpoint.provider, endpoint.model
    else:
        provider, sep, model_id = name.partition("/")
        if not sep or not model_id or not provider:
            known = f"names in the models file: {', '.join(endpoints)}" if endpoints else "no --models file was given"
            raise ConfigError(f"model {name!r} is not of the form provider/model (providers: {', '.join(_known())}) "
                              f"nor a named endpoint ({known})")
    if provider not in PROVIDERS and provider not in MODEL_PROVIDERS:
        raise ConfigError(f"unknown model provider {provider!r} in {name!r}; known providers: {', '.join(_known())}")

    quotes: dict[str, Price | None] = {
        "given price": price,
        f"models file entry {name!r}": endpoint.price.to_price() if endpoint and endpoint.price else None,
        f"price file entry {name!r}": prices.get(name),
        f"price file entry {provider}/{model_id}": prices.get(f"{provider}/{model_id}"),
    }
    settings: dict[str, Any] = {}
    if endpoint is not None:
        params = params or endpoint.params
        settings = {"max_concurrency": endpoint.max_concurrency, "max_output_tokens": endpoint.max_output_tokens,
                    "temperature": endpoint.temperature, "timeout": endpoint.timeout}
    if provider in ("llamacpp", *_HTTP_PROVIDERS):  # simulated models write what their policy says
        settings["max_output_tokens"] = max_output_tokens or settings.get("max_output_tokens") or DEFAULT_MAX_OUTPUT_TOKENS

    if provider in MODEL_PROVIDERS:
        plugin = MODEL_PROVIDERS[provider]
        if plugin.models is not None and model_id not in plugin.models:
            raise ConfigError(f"unknown model {name!r}; known: {', '.join(f'{provider}/{m}' for m in plugin.models)}")
        quote = first_quote({**quotes, f"provider {provider}": plugin.price})
        return _info(name, provider, model_id, params, quote, **settings)
    if provider == "sim":
        from ec2bench.scripted.sim import load_profiles

        profiles = load_profiles()
        if model_id not in profiles:
            raise ConfigError(f"unknown simulated model {name!r}; known: {', '.join('sim/' + p for p in profiles)}")
        prof = profiles[model_id]
        quote = first_quote({**quotes, f"simulated profile sim/{model_id}": prof.price})
        return _info(name, provider, model_id, params or prof.params, quote, **settings)
    if provider == "replay":
        if model_id != "reference":
            raise ConfigError(f"unknown replay model {name!r}; the only one is replay/reference")
        quote = first_quote({**quotes, "replay/reference is free": Price(0.0, 0.0, 0.0)})
        return _info(name, provider, model_id, params, quote, **settings)
    if provider == "adversary":
        from ec2bench.scripted.adversaries import ADVERSARIES

        if model_id not in ADVERSARIES:
            raise ConfigError(f"unknown adversary {name!r}; known: {', '.join('adversary/' + a for a in ADVERSARIES)}")
        quote = first_quote({**quotes, "adversaries are free": Price(0.0, 0.0, 0.0)})
        return _info(name, provider, model_id, params, quote, **settings)
    if provider == "llamacpp":
        from ec2bench.models.llamacpp import require_llama_cpp, resolve_gguf

        require_llama_cpp()
        header = resolve_gguf(model_id)
        context = endpoint.context_length if endpoint and endpoint.context_length else None
        return _info(name, provider, model_id, params or header.n_params, first_quote(quotes),
                     context_length=context or header.default_context, **settings)
    if provider == "hf":
        from ec2bench.models.hf import resolve_hf

        ref = resolve_hf(model_id)
        return _info(name, provider, model_id, params or ref.n_params, first_quote(quotes),
                     context_length=ref.default_context, **settings)

    base_url = base_url or (endpoint.base_url if endpoint else None)
    env_base_url = (os.environ.get(OPENAI_BASE_URL_ENV) or None) if provider == "openai" and base_url is None else None
    base_url = base_url or env_base_url or DEFAULT_BASE_URLS.get(provider)
    key_env = api_key_env or (endpoint.api_key_env if endpoint and endpoint.api_key_env else None)
    if env_base_url and key_env is None and os.environ.get(OPENAI_KEY_ENV):
        key_env = OPENAI_KEY_ENV  # set next to OPENAI_BASE_URL, as the SDK's users expect; optional there
    if key_env and not ENV_NAME.match(key_env):  # the message must not echo the value: it may be a pasted key
        raise ConfigError(f"the API key variable for model {name!r} must be the name of an environment variable "
                          "(e.g. OPENAI_API_KEY), not the key itself")
    if key_env and not os.environ.get(key_env):
        raise ConfigError(f"model {name!r} needs its API key in the environment variable {key_env}, which is not set")
    if provider == "openai" and key_env is None and base_url is None:  # only the hosted API gets OPENAI_API_KEY unasked
        key_env = OPENAI_KEY_ENV
        if not os.environ.get(OPENAI_KEY_ENV):
            raise ConfigError(
                f"model {name!r} uses the hosted OpenAI API and needs the environment variable "
                f"{OPENAI_KEY_ENV}; or give a base URL for a local OpenAI-compatible server"
            )
    quote = first_quote(quotes)
    if quote is None and provider == "openai" and env_base_url is None:  # OPENAI_BASE_URL: self-hosted, no list price
        quote = bundled_price(model_id, base_url)
    return _info(name, provider, model_id, params, quote, base_url=base_url, api_key_env=key_env, **settings)


def resolve_cloud(name: str, **kwargs: Any) -> ModelInfo:
    """`resolve_model` for the cloud role, which must have a price: cloud cost is never guessed."""
    info = resolve_model(name, **kwargs)
    if info.price is None:
        via_env = f" (its base URL {info.base_url} comes from {OPENAI_BASE_URL_ENV})" if (
            info.provider == "openai" and info.base_url and info.base_url == os.environ.get(OPENAI_BASE_URL_ENV)) else ""
        raise ConfigError(
            f"no price known for cloud model {name!r}{via_env}; pass --cloud-price IN,CACHED,OUT (USD per million "
            "tokens), or give it a price in the models file (--models) or a price file (--prices)"
        )
    return info


def open_client(info: ModelInfo, *, task: TaskSpec, seed: int,
                placeholders: Mapping[str, str] | None = None) -> ModelClient:
    """A client for one episode (simulated clients need the task and the seed; served models
    share one client per endpoint and configuration across the episodes of a process).

    `placeholders` (real value -> placeholder, kept live by a privacy guard) is simulator
    privilege (models/sim/policy.py, rule 3); real models ignore it, as they only see payloads.
    With `info.cache_dir` set, real models answer through the record/replay cache, which opens
    the real client only when it has to ask the model.
    """
    if info.cache_dir is not None and not info.simulated:
        return CachedClient(info.name, info.cache_identity, seed, open_cache(info.cache_dir),
                            lambda: _open(info, task, seed, None), secrets=configured_keys(info))
    return _open(info, task, seed, placeholders)


def _open(info: ModelInfo, task: TaskSpec, seed: int, placeholders: Mapping[str, str] | None) -> ModelClient:
    if info.provider in MODEL_PROVIDERS:
        return MODEL_PROVIDERS[info.provider].open(info, task, seed)
    if info.provider == "sim":
        from ec2bench.scripted.sim import SimClient, load_profiles

        return SimClient(info.name, load_profiles()[info.model_id], task, seed, placeholders)
    if info.provider == "replay":
        from ec2bench.scripted.replay import ReplayClient

        return ReplayClient(info.name, task)
    if info.provider == "adversary":
        from ec2bench.scripted.adversaries import ADVERSARIES

        return ADVERSARIES[info.model_id](task)
    if info.provider == "llamacpp":
        from ec2bench.models.llamacpp import LlamaCppClient, resolve_gguf

        return LlamaCppClient(info.name, resolve_gguf(info.model_id).path, n_ctx=info.context_length, seed=seed,
                              temperature=info.temperature, max_output_tokens=info.max_output_tokens)
    if info.provider == "hf":
        from ec2bench.models.hf import HFClient, resolve_hf

        return HFClient(info.name, resolve_hf(info.model_id), n_ctx=info.context_length, seed=seed,
                        temperature=info.temperature, max_output_tokens=info.max_output_tokens)
    key = os.environ.get(info.api_key_env) if info.api_key_env else None  # a changed key gets a new client
    return pool.shared((replace(info, cache_dir=None, cache_scope=""), key), lambda: _served(info))


def _served(info: ModelInfo) -> ModelClient:
    """The client of a served model, shared by every episode of this process (`pool.py`)."""
    from ec2bench.models.openai_compat import DEFAULT_TIMEOUT_S, OpenAICompatClient  # the SDK takes ~1 s to import

    client: ModelClient = OpenAICompatClient(
        info.model_id,
        base_url=info.base_url or HOSTED_OPENAI_BASE_URL,  # never the SDK's own reading of OPENAI_BASE_URL
        api_key=os.environ.get(info.api_key_env) if info.api_key_env else None,
        temperature=info.temperature,
        max_output_tokens=info.max_output_tokens,
        timeout=info.timeout or DEFAULT_TIMEOUT_S,
    )
    if info.max_concurrency:
        client = pool.limited(client, info.base_url or "hosted OpenAI API", info.max_concurrency)
    return client


def _known() -> list[str]:
    return [*PROVIDERS, *MODEL_PROVIDERS]


def configured_keys(*infos: ModelInfo) -> list[str]:
    """The API keys the given models are configured to use (read from their variables), longest
    first, for redacting them from stored text; keys shorter than 8 characters are not redacted
    (they would match ordinary text)."""
    keys = {os.environ.get(i.api_key_env, "") for i in infos if i.api_key_env}
    return sorted((k for k in keys if len(k) >= 8), key=len, reverse=True)


def _info(name: str, provider: str, model_id: str, params: float | None, quote: PriceQuote | None,
          **fields: Any) -> ModelInfo:
    return ModelInfo(name, provider, model_id, params, quote.price if quote else None,
                     price_source=quote.source if quote else None, **fields)
