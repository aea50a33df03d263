"""The one protocol every model backend implements, and the records it returns.

Messages and tools are plain dicts in the OpenAI chat-completions format, so the agent
loop, the boundary's payload records and the traces all speak one format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from ec2bench.core.limits import MAX_REPLY_CHARS, MAX_REPLY_TOOL_CALLS

Message = dict[str, Any]


class ModelError(RuntimeError):
    """A model call failed for good (after the backend's own retries): the episode is an error."""


class LogprobsUnavailable(ModelError):
    """Logprobs were requested (a strategy needs token uncertainty) but the server returned none.

    Silently routing on missing uncertainty would make a strategy look like another one, so the
    episode fails with a message naming the endpoint and what to change.
    """


class ContextOverflow(ModelError):
    """The request does not fit the model's context window; reported as such, never truncated."""


class DeadlineExceeded(ModelError):
    """The episode's deadline passed before or during a call: the episode is stored as timed out."""




def reply_problem(message: Message) -> str | None:
    """Why a model's reply is too big to act on, or None.

    A reply past these bounds is refused as a `ModelError`, not truncated: a cut tool call is not
    valid JSON and a cut answer would be graded as if the model had written it. They lie far above
    what any task needs (a task's own per-turn cap is `TaskSpec.tool_call_caps`, usually under 20
    calls, and a turn's output is a few thousand tokens), and they keep one reply from costing the
    episode more than its deadline: before them a 5 MB answer, 8 MB of arguments or 10,000 calls
    in one reply took 36-77 s of tracing, refusing and re-sending past a 30-60 s deadline."""
    calls = message.get("tool_calls") or []
    if len(calls) > MAX_REPLY_TOOL_CALLS:
        return f"the reply holds {len(calls)} tool calls, more than the {MAX_REPLY_TOOL_CALLS} one reply may make"
    size = sum(len(v) for v in (message.get("content"), message.get("reasoning")) if isinstance(v, str))
    for call in calls:
        fn = call.get("function") or {} if isinstance(call, dict) else {}
        size += sum(len(v) for v in (fn.get("name"), fn.get("arguments")) if isinstance(v, str))
    if size > MAX_REPLY_CHARS:
        return f"the reply is {size:,} characters long, more than the {MAX_REPLY_CHARS:,} one reply may hold"
    return None


@dataclass(frozen=True)
class Usage:
    """Token usage of one call. `input_tokens` includes `cached_input_tokens`."""

    input_tokens: int = 0
    cached_input_tokens: int = 0
    output_tokens: int = 0
    reasoning_tokens: int = 0

    @property
    def uncached_input_tokens(self) -> int:
        return self.input_tokens - self.cached_input_tokens

    def to_json(self) -> dict[str, int]:
        """The four counts by name (as `dataclasses.asdict`, without its deep copy: traces record one per call)."""
        return {"input_tokens": self.input_tokens, "cached_input_tokens": self.cached_input_tokens,
                "output_tokens": self.output_tokens, "reasoning_tokens": self.reasoning_tokens}

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.cached_input_tokens + other.cached_input_tokens,
            self.output_tokens + other.output_tokens,
            self.reasoning_tokens + other.reasoning_tokens,
        )

    def __sub__(self, other: Usage) -> Usage:
        """What was used since `other` was read off the same meter."""
        return Usage(
            self.input_tokens - other.input_tokens,
            self.cached_input_tokens - other.cached_input_tokens,
            self.output_tokens - other.output_tokens,
            self.reasoning_tokens - other.reasoning_tokens,
        )


@dataclass(frozen=True)
class TokenLogprob:
    """Log-probability of one generated token and its top alternatives."""

    token: str
    logprob: float
    top: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class ChatRequest:
    """One chat-completions request."""

    messages: list[Message]
    tools: list[dict[str, Any]] = field(default_factory=list)
    logprobs: bool = False
    top_logprobs: int = 0
    max_output_tokens: int | None = None
    timeout_s: float | None = None  # the episode's remaining time, set by `MeteredModel`; not part of the request's identity


@dataclass(frozen=True)
class Completion:
    """What a backend returns: the assistant message plus metering."""

    message: Message
    usage: Usage
    model: str
    latency_ms: float = 0.0
    logprobs: tuple[TokenLogprob, ...] | None = None
    cache: Literal["hit", "miss"] | None = None  # set by the record/replay cache, None without one


@dataclass(frozen=True)
class Price:
    """USD per million tokens."""

    input: float
    cached_input: float
    output: float

    def cost(self, usage: Usage) -> float:
        return (
            usage.uncached_input_tokens * self.input
            + usage.cached_input_tokens * self.cached_input
            + usage.output_tokens * self.output
        ) / 1e6


@runtime_checkable
class ModelClient(Protocol):
    """A chat model bound to one episode."""

    model: str

    def complete(self, request: ChatRequest) -> Completion:
        """Run one request; raise `ModelError` when it cannot be answered."""
        ...
