"""Model strings and named endpoints to model metadata, and to per-episode clients: one provider registry.

A model string is `<provider>/<model id>`; a name without a slash is looked up in the models file
(`--models`, see `endpoints.py`). Every provider, built-in or a plugin's, is a `ModelProvider` that
knows its model ids (`resolve`: parameters, price, base URL, whether it is simulated) and how to
open a client for one episode (`open`). `resolve_model` only takes the string apart, finds the
provider and hands it a `ModelRequest`; it knows no provider by name.

Providers reach the registry in one of two ways, both ending in `MODEL_PROVIDERS`:
  * an entry point of the group `ec2bench.providers` (`name = "package.module:PROVIDER"`), loaded
    the first time its name is used. Every built-in provider is declared so in pyproject.toml:
    `sim`, `replay` and `adversary` live in `ec2bench.scripted` (scripted policies that read the
    task's answer key, a layer above this one, which is why this module never imports them),
    `openai`, `vllm` and `ollama` in `served.py`, `llamacpp` and `hf` in `local.py`;
  * `register_provider` (plugins, docs/plugins.md). A name declared by an entry point cannot be
    taken by anyone else.

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
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from ec2bench.core.errors import ConfigError
from ec2bench.models.base import ModelClient, Price
from ec2bench.models.cache import CachedClient, open_cache
from ec2bench.models.endpoints import Endpoint
from ec2bench.models.pricing import PriceQuote, first_quote
from ec2bench.spec.schema import TaskSpec

__all__ = ["DEFAULT_MAX_OUTPUT_TOKENS", "MODEL_PROVIDERS", "PROVIDER_GROUP", "ModelInfo", "ModelProvider", "ModelRequest",
           "configured_keys", "find_provider", "known_providers", "open_client", "register_provider", "resolve_cloud",
           "resolve_model"]

PROVIDER_GROUP = "ec2bench.providers"
DEFAULT_MAX_OUTPUT_TOKENS = 1024
# how messages list the built-in providers (the README's order); a provider not named here is listed
# after them, so adding one needs no edit here
LISTING_ORDER = ("sim", "replay", "adversary", "openai", "vllm", "ollama", "llamacpp", "hf")


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
    simulated: bool = False  # its figures are not evidence about a real model (its provider says so)

    @property
    def cache_identity(self) -> dict[str, Any]:
        """What identifies this model's answers in the record/replay cache (no address, no key)."""
        return {"provider": self.provider, "model": self.model_id, "temperature": self.temperature,
                "max_output_tokens": self.max_output_tokens, "scope": self.cache_scope}


@dataclass(frozen=True)
class ModelRequest:
    """A model string taken apart, with what the caller and the models file said about it: what a
    provider's `resolve` turns into a `ModelInfo`. `params`, `base_url` and `api_key_env` are the
    caller's, else the models file's; `quotes` are the caller's price sources, first found wins."""

    name: str
    provider: str
    model_id: str
    endpoint: Endpoint | None
    params: float | None
    base_url: str | None
    api_key_env: str | None
    quotes: Mapping[str, Price | None]
    settings: Mapping[str, Any]  # ModelInfo fields from the models file and the output cap
    simulated: bool

    def quote(self, own: Mapping[str, Price | None] | None = None) -> PriceQuote | None:
        """The price: the caller's sources first, then the provider's `own` ones, in order."""
        return first_quote({**self.quotes, **(own or {})})

    def info(self, quote: PriceQuote | None, *, params: float | None = None, **fields: Any) -> ModelInfo:
        """The model's metadata; `params` is the provider's own count, used when nobody gave one."""
        return ModelInfo(self.name, self.provider, self.model_id, self.params or params, quote.price if quote else None,
                         price_source=quote.source if quote else None, simulated=self.simulated,
                         **{**self.settings, **fields})


Opener = Callable[[ModelInfo, TaskSpec, int], ModelClient]


class ModelProvider:
    """A model provider: `<name>/<model id>` model strings resolve and open through it.

    Plugins usually give `open(info, task, seed)`, returning a fresh `ModelClient` for one episode
    (`task` is the episode's TaskSpec: scripted models may read it, as the simulator does);
    `models`: the model ids it accepts (None: any); `price`: USD per million tokens when nothing
    more specific is given (None: an edge-only provider, or the user must price it); `simulated`:
    its figures are not evidence about a real model (reports flag them as the sim/* models).
    Providers that need more (the built-ins) subclass it and override `resolve` and `open`."""

    default_max_output_tokens: int | None = None  # real models: the reply cap when nobody sets one
    # its models run behind a server (or nowhere): a forked worker process opens its own client in
    # milliseconds, so a sweep may spread its episodes over processes (`runner.processes`); a model
    # loaded into this process (llama.cpp, transformers) would be loaded again by every worker
    forkable: bool = False

    def __init__(self, name: str, open: Opener | None = None, models: tuple[str, ...] | None = None,
                 price: Price | None = None, simulated: bool = False) -> None:
        self.name = name
        self.models = models
        self.price = price
        self.simulated = simulated
        self._open = open

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def resolve(self, request: ModelRequest) -> ModelInfo:
        """Check the model id and gather its metadata (raise `ConfigError` naming what is known)."""
        if self.models is not None and request.model_id not in self.models:
            raise ConfigError(f"unknown model {request.name!r}; known: {', '.join(f'{self.name}/{m}' for m in self.models)}")
        return request.info(request.quote({f"provider {self.name}": self.price}))

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        """A client for one episode. `placeholders` (real value -> placeholder, kept live by a privacy
        guard) is simulator privilege (scripted/sim/policy.py, rule 3); real models ignore it."""
        if self._open is None:
            raise NotImplementedError(f"model provider {self.name!r} gives no open function")
        return self._open(info, task, seed)

    def price_note(self, info: ModelInfo) -> str:
        """What the 'no price known for cloud model' message should add for this provider's model."""
        return ""

    def preload(self) -> None:
        """Import what opening a client needs, in a process about to fork its workers: once, not once per worker."""


MODEL_PROVIDERS: dict[str, ModelProvider] = {}


def register_provider(provider: ModelProvider) -> ModelProvider:
    """Make `<provider.name>/<model>` model strings available; a name taken (by an entry point too) cannot be."""
    if find_provider(provider.name) not in (None, provider):
        raise ValueError(f"model provider {provider.name!r} is already registered")
    if not provider.name or "/" in provider.name:
        raise ValueError(f"model provider name {provider.name!r} must be non-empty and contain no '/'")
    MODEL_PROVIDERS[provider.name] = provider
    return provider


def find_provider(name: str) -> ModelProvider | None:
    """The provider called `name`: registered, else loaded from its entry point (then registered), else None."""
    if name not in MODEL_PROVIDERS and (entry := _declared().get(name)) is not None:
        MODEL_PROVIDERS.setdefault(name, _load(entry))
    return MODEL_PROVIDERS.get(name)


def known_providers() -> list[str]:
    """Every provider name usable now, declared or registered, as messages list them."""
    declared = _declared()
    usable = declared.keys() | MODEL_PROVIDERS.keys()
    return [n for n in dict.fromkeys([*LISTING_ORDER, *sorted(declared), *MODEL_PROVIDERS]) if n in usable]


def _declared() -> dict[str, EntryPoint]:
    """The `ec2bench.providers` entry points of the installed distributions (the first one per name)."""
    found: dict[str, EntryPoint] = {}
    for entry in entry_points(group=PROVIDER_GROUP):
        found.setdefault(entry.name, entry)
    return found


def _load(entry: EntryPoint) -> ModelProvider:
    try:
        provider = entry.load()
    except Exception as exc:  # an optional dependency missing, or a bug in the provider's module
        raise ConfigError(f"model provider {entry.name!r} ({entry.value}) failed to load: "
                          f"{type(exc).__name__}: {exc}") from exc
    if not isinstance(provider, ModelProvider) or provider.name != entry.name:
        raise ConfigError(f"entry point {entry.name} = {entry.value} of {PROVIDER_GROUP} is not a ModelProvider "
                          f"named {entry.name!r}")
    return provider


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
    """Validate a model string or endpoint name and gather its metadata (its provider's `resolve`).

    Explicit `base_url`/`price`/`params`/`api_key_env`/`max_output_tokens` win over the models file,
    which wins over defaults; the price order is documented in `pricing.py`.
    """
    if max_output_tokens is not None and max_output_tokens < 1:
        raise ConfigError(f"max output tokens for {name!r} must be >= 1, not {max_output_tokens}")
    endpoints = endpoints or {}
    endpoint = endpoints.get(name)
    provider_name, model_id = (endpoint.provider, endpoint.model) if endpoint else _split(name, endpoints)
    provider = find_provider(provider_name)
    if provider is None:
        raise _unknown(f"unknown model provider {provider_name!r} in {name!r}")
    return provider.resolve(ModelRequest(
        name, provider_name, model_id, endpoint, **_or_file(endpoint, params=params, base_url=base_url, api_key_env=api_key_env),
        quotes=_quotes(name, f"{provider_name}/{model_id}", price, endpoint, prices or {}),
        settings=_settings(endpoint, provider, max_output_tokens), simulated=provider.simulated))


def _or_file(endpoint: Endpoint | None, **given: Any) -> dict[str, Any]:
    """Each given value, else the models file entry's value of that field."""
    return {field: value or getattr(endpoint, field, None) for field, value in given.items()}


def _quotes(name: str, model: str, price: Price | None, endpoint: Endpoint | None,
            prices: Mapping[str, Price]) -> dict[str, Price | None]:
    """The caller's price sources in their order (`pricing.py`); the provider's own come after them."""
    return {
        "given price": price,
        f"models file entry {name!r}": endpoint.price.to_price() if endpoint and endpoint.price else None,
        f"price file entry {name!r}": prices.get(name),
        f"price file entry {model}": prices.get(model),
    }


def _settings(endpoint: Endpoint | None, provider: ModelProvider, max_output_tokens: int | None) -> dict[str, Any]:
    """The ModelInfo fields a models file entry sets, and the reply cap of a real model."""
    settings: dict[str, Any] = {} if endpoint is None else {
        "max_concurrency": endpoint.max_concurrency, "max_output_tokens": endpoint.max_output_tokens,
        "temperature": endpoint.temperature, "timeout": endpoint.timeout}
    if provider.default_max_output_tokens:  # simulated models write what their policy says
        settings["max_output_tokens"] = (max_output_tokens or settings.get("max_output_tokens")
                                         or provider.default_max_output_tokens)
    return settings


def _split(name: str, endpoints: Mapping[str, Endpoint]) -> tuple[str, str]:
    provider, sep, model_id = name.partition("/")
    if not sep or not model_id or not provider:
        known = f"names in the models file: {', '.join(endpoints)}" if endpoints else "no --models file was given"
        raise ConfigError(f"model {name!r} is not of the form provider/model (providers: {', '.join(known_providers())}) "
                          f"nor a named endpoint ({known})")
    return provider, model_id


def resolve_cloud(name: str, **kwargs: Any) -> ModelInfo:
    """`resolve_model` for the cloud role, which must have a price: cloud cost is never guessed."""
    info = resolve_model(name, **kwargs)
    if info.price is None:
        note = _provider_of(info).price_note(info)
        raise ConfigError(
            f"no price known for cloud model {name!r}{note}; pass --cloud-price IN,CACHED,OUT (USD per million "
            "tokens), or give it a price in the models file (--models) or a price file (--prices)"
        )
    return info


def open_client(info: ModelInfo, *, task: TaskSpec, seed: int,
                placeholders: Mapping[str, str] | None = None) -> ModelClient:
    """A client for one episode, from the model's provider (simulated clients need the task and the
    seed; served models share one client per endpoint and configuration across the episodes of a
    process). `placeholders` goes to simulated models only (`ModelProvider.open`).

    With `info.cache_dir` set, real models answer through the record/replay cache, which opens
    the real client only when it has to ask the model.
    """
    provider = _provider_of(info)
    if info.cache_dir is not None and not info.simulated:
        return CachedClient(info.name, info.cache_identity, seed, open_cache(info.cache_dir),
                            lambda: provider.open(info, task, seed, None), secrets=configured_keys(info))
    return provider.open(info, task, seed, placeholders)


def _provider_of(info: ModelInfo) -> ModelProvider:
    provider = find_provider(info.provider)
    if provider is None:  # resolved in another process that had loaded a plugin this one has not
        raise _unknown(f"unknown model provider {info.provider!r} of {info.name!r}")
    return provider


def _unknown(what: str) -> ConfigError:
    broken = "" if _declared() else (f" (no {PROVIDER_GROUP} entry points are installed, not even the built-in "
                                     "ones: reinstall ec2bench, e.g. pip install -e .)")
    return ConfigError(f"{what}; known providers: {', '.join(known_providers())}{broken}")


def configured_keys(*infos: ModelInfo) -> list[str]:
    """The API keys the given models are configured to use (read from their variables), longest
    first, for redacting them from stored text; keys shorter than 8 characters are not redacted
    (they would match ordinary text)."""
    keys = {os.environ.get(i.api_key_env, "") for i in infos if i.api_key_env}
    return sorted((k for k in keys if len(k) >= 8), key=len, reverse=True)
