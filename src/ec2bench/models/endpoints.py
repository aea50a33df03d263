"""The models file (`--models models.yaml`): named endpoints that `--edge NAME` / `--cloud NAME` refer to.

A sweep against real servers needs more per model than a string holds (server, key, price,
size, concurrency), and writing it once in a file keeps command lines short and runs repeatable.
The file is a YAML mapping of names to entries:

    qwen-edge:                      # a name: letters, digits, '.', '_', '-' (no '/': that marks a model string)
      provider: vllm                # openai | vllm | ollama | llamacpp
      model: Qwen/Qwen3-8B          # the model id the server knows (llamacpp: a .gguf path or alias)
      base_url: http://gpu:8000/v1  # optional; default: the provider's (see served.DEFAULT_BASE_URLS)
      params: 8.2e9                 # optional; parameter count for edge FLOPs
      max_concurrency: 2            # optional; at most this many calls in flight (caps --jobs)
    gpt:
      provider: openai
      model: gpt-4.1
      api_key_env: OPENAI_API_KEY   # the NAME of the environment variable holding the key
      price: {input: 2.0, cached_input: 0.5, output: 8.0}   # USD per million tokens
      max_output_tokens: 4096       # optional; used when a request sets no limit
      temperature: 0.0              # optional; sent only when set
      timeout: 300                  # optional; seconds before a call is abandoned and retried (default 600)

Keys are never written in the file: only the name of the environment variable that holds one,
so the file can be committed and shared. `context_length` (llamacpp only) sets llama.cpp's n_ctx.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ec2bench.core.errors import ConfigError
from ec2bench.models.pricing import PriceEntry, read_yaml_mapping

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def url_problem(url: str) -> str | None:
    """Why `url` cannot be a model endpoint's base URL (it needs an http(s) scheme and a host), or None."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in url):
        return f"{url!r} is not an http(s) URL with a host (e.g. http://127.0.0.1:8000/v1)"
    return None


class Endpoint(BaseModel):
    """One named model endpoint."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provider: Literal["openai", "vllm", "ollama", "llamacpp"]
    model: str = Field(min_length=1)
    base_url: str | None = None
    api_key_env: str | None = None
    price: PriceEntry | None = None
    params: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    max_concurrency: int | None = Field(default=None, ge=1)
    max_output_tokens: int | None = Field(default=None, ge=1)
    temperature: float | None = Field(default=None, ge=0, allow_inf_nan=False)
    timeout: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    context_length: int | None = Field(default=None, ge=256)

    @field_validator("api_key_env")
    @classmethod
    def _env_name(cls, value: str | None) -> str | None:
        if value is not None and not ENV_NAME.match(value):
            # the message must not echo the value: it may be a pasted key
            raise ValueError("must be the name of an environment variable (e.g. OPENAI_API_KEY), not the key itself")
        return value

    @field_validator("base_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        problem = url_problem(value) if value is not None else None
        if problem:
            raise ValueError(problem)
        return value

    @model_validator(mode="after")
    def _provider_fields(self) -> Endpoint:
        if self.provider == "llamacpp":
            for name in ("base_url", "api_key_env", "timeout"):
                if getattr(self, name) is not None:
                    raise ValueError(f"{name} does not apply to llamacpp (an in-process model)")
        elif self.context_length is not None:
            raise ValueError("context_length applies to llamacpp only (a server sets its own)")
        return self

    @property
    def model_string(self) -> str:
        return f"{self.provider}/{self.model}"


def load_models_file(path: Path) -> dict[str, Endpoint]:
    """Parse and validate a models file; errors name the file, the entry and the field."""
    data = read_yaml_mapping(path, "models file")
    endpoints: dict[str, Endpoint] = {}
    for name, entry in data.items():
        name = str(name)
        if not _NAME.match(name):
            raise ConfigError(f"{path}: endpoint name {name!r} may hold only letters, digits, '.', '_' and '-'")
        if isinstance(entry, dict) and "api_key" in entry:
            raise ConfigError(
                f"{path}: endpoint {name!r} has an api_key field; keys are read from the environment only: "
                "put the key in an environment variable and give its name as api_key_env"
            )
        try:
            endpoints[name] = Endpoint.model_validate(entry)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(x) for x in err["loc"])
            fields = ", ".join(Endpoint.model_fields)
            raise ConfigError(
                f"{path}: endpoint {name!r}{': ' + where if where else ''}: {err['msg']} (fields: {fields})"
            ) from None
    return endpoints
