"""`openai/<model>`, `vllm/<model>`, `ollama/<model>`: models behind an OpenAI-compatible chat-completions server.

`openai/<model>` without a base URL is the hosted OpenAI API and needs `OPENAI_API_KEY`; with one
(`--edge-base-url`, `--cloud-base-url`, or a models file) it gets no key unless one is configured
for it (`api_key_env` in the models file, `--edge-api-key-env` / `--cloud-api-key-env`): a key set in
the environment is never sent to a server it was not configured for. `OPENAI_BASE_URL` in the
environment is read here (the client never reads the environment): it is the base URL of an `openai/<model>` that has
none, with self-hosted semantics (no bundled list price; `OPENAI_API_KEY` is sent if set, not
required), and the hosted API's address is otherwise always passed explicitly.

`vllm/<model>` and `ollama/<model>` are the same client with the server's usual local address as
the default base URL (`DEFAULT_BASE_URLS`) and no key unless the models file names one.

The HTTP client is imported when the first client is made; a served model's client holds
no per-episode state, so every episode of a process shares one per endpoint and configuration
(`pool.py`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace

from ec2bench.core.errors import ConfigError
from ec2bench.models import pool
from ec2bench.models.base import ModelClient
from ec2bench.models.endpoints import ENV_NAME
from ec2bench.models.pricing import bundled_price
from ec2bench.models.registry import DEFAULT_MAX_OUTPUT_TOKENS, ModelInfo, ModelProvider, ModelRequest
from ec2bench.spec.schema import TaskSpec

OPENAI_KEY_ENV = "OPENAI_API_KEY"
OPENAI_BASE_URL_ENV = "OPENAI_BASE_URL"
HOSTED_OPENAI_BASE_URL = "https://api.openai.com/v1"
DEFAULT_BASE_URLS = {"vllm": "http://127.0.0.1:8000/v1", "ollama": "http://127.0.0.1:11434/v1"}


class ServedProvider(ModelProvider):
    """Any model id of a server at the given (else the provider's default) base URL, keyed only as configured."""

    default_max_output_tokens = DEFAULT_MAX_OUTPUT_TOKENS
    forkable = True

    def __init__(self, name: str, default_base_url: str | None = None) -> None:
        super().__init__(name)
        self.default_base_url = default_base_url

    def resolve(self, request: ModelRequest) -> ModelInfo:
        key_env = checked_key_env(request.name, request.api_key_env)
        return request.info(request.quote(), base_url=request.base_url or self.default_base_url, api_key_env=key_env)

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        key = os.environ.get(info.api_key_env) if info.api_key_env else None  # a changed key gets a new client
        return pool.shared((replace(info, cache_dir=None, cache_scope=""), key), lambda: _served(info))

    def preload(self) -> None:
        import ec2bench.models.openai_compat  # noqa: F401 (the HTTP stack)


class OpenAIProvider(ServedProvider):
    """`openai/<model>`: the hosted API unless a base URL (given, or `OPENAI_BASE_URL`) names another server."""

    def resolve(self, request: ModelRequest) -> ModelInfo:
        name, base_url, key_env = request.name, request.base_url, request.api_key_env
        env_base_url = (os.environ.get(OPENAI_BASE_URL_ENV) or None) if base_url is None else None
        base_url = base_url or env_base_url
        if env_base_url and key_env is None and os.environ.get(OPENAI_KEY_ENV):
            key_env = OPENAI_KEY_ENV  # set next to OPENAI_BASE_URL, as the SDK's users expect; optional there
        key_env = checked_key_env(name, key_env)
        if key_env is None and base_url is None:  # only the hosted API gets OPENAI_API_KEY unasked
            key_env = OPENAI_KEY_ENV
            if not os.environ.get(OPENAI_KEY_ENV):
                raise ConfigError(
                    f"model {name!r} uses the hosted OpenAI API and needs the environment variable "
                    f"{OPENAI_KEY_ENV}; or give a base URL for a local OpenAI-compatible server"
                )
        quote = request.quote()
        if quote is None and env_base_url is None:  # OPENAI_BASE_URL: self-hosted, no list price
            quote = bundled_price(request.model_id, base_url)
        return request.info(quote, base_url=base_url, api_key_env=key_env)

    def price_note(self, info: ModelInfo) -> str:
        if info.base_url and info.base_url == os.environ.get(OPENAI_BASE_URL_ENV):
            return f" (its base URL {info.base_url} comes from {OPENAI_BASE_URL_ENV})"
        return ""


def checked_key_env(name: str, key_env: str | None) -> str | None:
    """`key_env` if it names a variable that is set; a configured key that is missing fails before the sweep."""
    if key_env and not ENV_NAME.match(key_env):  # the message must not echo the value: it may be a pasted key
        raise ConfigError(f"the API key variable for model {name!r} must be the name of an environment variable "
                          "(e.g. OPENAI_API_KEY), not the key itself")
    if key_env and not os.environ.get(key_env):
        raise ConfigError(f"model {name!r} needs its API key in the environment variable {key_env}, which is not set")
    return key_env


def _served(info: ModelInfo) -> ModelClient:
    """The client of a served model, shared by every episode of this process (`pool.py`)."""
    from ec2bench.models.openai_compat import DEFAULT_TIMEOUT_S, OpenAICompatClient  # the HTTP stack, when needed

    client: ModelClient = OpenAICompatClient(
        info.model_id,
        base_url=info.base_url or HOSTED_OPENAI_BASE_URL,
        api_key=os.environ.get(info.api_key_env) if info.api_key_env else None,
        temperature=info.temperature,
        max_output_tokens=info.max_output_tokens,
        timeout=info.timeout or DEFAULT_TIMEOUT_S,
    )
    if info.max_concurrency:
        client = pool.limited(client, info.base_url or "hosted OpenAI API", info.max_concurrency)
    return client


OPENAI = OpenAIProvider("openai")
VLLM = ServedProvider("vllm", DEFAULT_BASE_URLS["vllm"])
OLLAMA = ServedProvider("ollama", DEFAULT_BASE_URLS["ollama"])
