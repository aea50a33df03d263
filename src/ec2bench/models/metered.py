"""A model client with metering: every call's usage and latency is summed and traced.

With the record/replay cache on, each `model_call` event also says whether the answer came
from the cache (`"cache": "hit"`) or from the model (`"miss"`), so a run can prove it made no
network calls.

`deadline` (a `time.monotonic()` value, set by the agent loop) bounds every call: a call starts
only with time left, is given the remaining time as its timeout (`ChatRequest.timeout_s`), and
an answer that arrives after the deadline is discarded, so no call outlives its episode.

A reply too big to act on (`base.reply_problem`: past `MAX_REPLY_CHARS` or `MAX_REPLY_TOOL_CALLS`)
is a `ModelError` whatever the backend, after it is metered.
"""

from __future__ import annotations

import time
from dataclasses import replace

from ec2bench.core.trace import Trace
from ec2bench.models.base import ChatRequest, Completion, DeadlineExceeded, ModelClient, ModelError, Usage, reply_problem
from ec2bench.models.registry import ModelInfo


class MeteredModel:
    """Wraps one role's client (edge or cloud) for one episode."""

    def __init__(self, role: str, info: ModelInfo, client: ModelClient, trace: Trace) -> None:
        self.role = role
        self.info = info
        self._client = client
        self._trace = trace
        self.calls = 0
        self.usage = Usage()
        self.model_ms = 0.0
        self.deadline: float | None = None

    def complete(self, request: ChatRequest, *, step: int, purpose: str) -> Completion:
        if self.deadline is not None:
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                raise DeadlineExceeded(f"{self.role} call for {purpose} not started: the episode deadline has passed")
            request = replace(request, timeout_s=remaining)
        start = time.perf_counter()
        completion = self._client.complete(request)
        elapsed = (time.perf_counter() - start) * 1000.0
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.model_ms += elapsed
            raise DeadlineExceeded(f"{self.role} call for {purpose} answered after the episode deadline")
        self.calls += 1
        self.usage = self.usage + completion.usage
        self.model_ms += elapsed
        cache = {"cache": completion.cache} if completion.cache else {}
        self._trace.add(
            "model_call",
            role=self.role,
            model=self.info.name,
            step=step,
            purpose=purpose,
            usage=completion.usage.to_json(),
            ms=round(elapsed, 3),
            **cache,
        )
        problem = reply_problem(completion.message)  # every backend: in-process models and cache replays too
        if problem is not None:  # metered and traced above: the call was made and paid for
            raise ModelError(f"{self.role} model {self.info.name}: {problem}")
        return completion

    @property
    def usd(self) -> float:
        return self.info.price.cost(self.usage) if self.info.price else 0.0

    @property
    def flops(self) -> float | None:
        """2 x parameters x tokens processed (uncached prompt + generated)."""
        if self.info.params is None:
            return None
        return 2.0 * self.info.params * (self.usage.uncached_input_tokens + self.usage.output_tokens)
