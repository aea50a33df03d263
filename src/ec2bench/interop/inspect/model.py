"""Inspect's models as ec2bench chat models: the `inspect` model provider.

ec2bench's engine is synchronous (an episode is plain code in a worker thread) and Inspect's models are
asynchronous (`Model.generate` runs on Inspect's event loop). The episode runs in a worker thread started
with `anyio.to_thread.run_sync`; each call of an `InspectClient` hands its request back to the event loop
with `anyio.from_thread.run` and waits for the answer. So every call is made by Inspect itself: it is
logged as a model event of the sample, counted in the sample's model usage, limited by `--max-connections`,
retried and cached as Inspect's options say.

An Inspect `Model` object cannot be pickled or named in a model string, so `bind` keeps it in a table for
as long as the episode runs and gives back a `ModelInfo` whose model id is the table's key; the provider
(`PROVIDER`, registered with ec2bench's model registry on first use) opens clients from that table.
"""

from __future__ import annotations

import functools
import itertools
import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anyio.from_thread
from inspect_ai.model import GenerateConfig, Model, ModelOutput

from ec2bench.interop.inspect.transcript import chat_messages, reply_message, tool_info
from ec2bench.models.base import ChatRequest, Completion, LogprobsUnavailable, ModelError, Price, TokenLogprob, Usage
from ec2bench.models.registry import ModelInfo, ModelProvider, find_provider, register_provider
from ec2bench.spec.schema import TaskSpec

PROVIDER_NAME = "inspect"

_bound: dict[str, Model] = {}
_lock = threading.Lock()
_keys = itertools.count()


class InspectClient:
    """One episode's client for an Inspect model (`ec2bench.models.base.ModelClient`); call it only from a
    worker thread started by `anyio.to_thread.run_sync`."""

    def __init__(self, model: Model, name: str) -> None:
        self.model = name
        self._inspect = model

    def complete(self, request: ChatRequest) -> Completion:
        config = GenerateConfig(
            max_tokens=request.max_output_tokens,
            logprobs=True if request.logprobs else None,
            top_logprobs=request.top_logprobs or None if request.logprobs else None,
            timeout=max(1, math.ceil(request.timeout_s)) if request.timeout_s else None,
        )
        call = functools.partial(self._inspect.generate, chat_messages(request.messages),
                                 tools=[tool_info(t) for t in request.tools], config=config)
        try:
            output: ModelOutput = anyio.from_thread.run(call)
        except Exception as exc:  # Inspect's own retries are spent: the episode is an error
            raise ModelError(f"inspect model {self.model}: {type(exc).__name__}: {exc}") from exc
        if output.error:
            raise ModelError(f"inspect model {self.model}: {output.error}")
        logprobs = _logprobs(output) if request.logprobs else None
        if request.logprobs and not logprobs:
            raise LogprobsUnavailable(f"inspect model {self.model} returned no logprobs, but this strategy needs them "
                                      "(token uncertainty); use a provider that returns them")
        return Completion(reply_message(output), _usage(output), self.model,
                          latency_ms=(output.time or 0.0) * 1000.0, logprobs=logprobs)


def _usage(output: ModelOutput) -> Usage:
    """Inspect counts input tokens without cache reads and writes; ec2bench's input includes them."""
    u = output.usage
    if u is None:
        return Usage()
    read, write = u.input_tokens_cache_read or 0, u.input_tokens_cache_write or 0
    return Usage(input_tokens=u.input_tokens + read + write, cached_input_tokens=read, output_tokens=u.output_tokens,
                 reasoning_tokens=u.reasoning_tokens or 0)


def _logprobs(output: ModelOutput) -> tuple[TokenLogprob, ...] | None:
    found = output.choices[0].logprobs if output.choices else None
    if found is None:
        return None
    return tuple(TokenLogprob(p.token, p.logprob, tuple((t.token, t.logprob) for t in p.top_logprobs or ()))
                 for p in found.content)


class InspectProvider(ModelProvider):
    """Opens clients for the Inspect models `bind` holds; the model id is the binding's key."""

    def __init__(self) -> None:
        super().__init__(PROVIDER_NAME)

    def open(self, info: ModelInfo, task: TaskSpec, seed: int, placeholders: Any = None) -> InspectClient:
        with _lock:
            model = _bound.get(info.model_id)
        if model is None:
            raise ModelError(f"inspect model {info.name}: not bound (it runs only inside an Inspect evaluation)")
        return InspectClient(model, info.name)


PROVIDER = InspectProvider()


@contextmanager
def bind(model: Model, *, price: Price | None = None) -> Iterator[ModelInfo]:
    """A `ModelInfo` for `model`, openable by ec2bench while the block runs. Its name is Inspect's model
    string (`openai/gpt-4o`, `mockllm/model`), which is what the episode's row and trace record."""
    if find_provider(PROVIDER_NAME) is None:
        register_provider(PROVIDER)
    key = f"m{next(_keys)}"
    with _lock:
        _bound[key] = model
    try:
        yield ModelInfo(name=str(model), provider=PROVIDER_NAME, model_id=key, params=None, price=price,
                        price_source="the suite's cloud_price" if price else None)
    finally:
        with _lock:
            del _bound[key]
