"""`ModelClient` for any OpenAI-compatible chat-completions endpoint.

One client covers vLLM, Ollama, llama.cpp server and hosted APIs, so edge and cloud
models are metered the same way. What it guarantees:

* The request carries only what was asked for: `tools` (with `tool_choice="auto"`) only
  when tools are given, `logprobs`/`top_logprobs` only when logprobs are requested,
  `max_tokens` only when a limit is set (by the request, else by the endpoint's
  `max_output_tokens`), `temperature` only when the endpoint sets one. Servers that reject
  unknown or empty fields therefore still work.
* The returned message is a plain OpenAI-format dict (no SDK objects), with tool-call
  `arguments` kept as the exact string the server sent and any reasoning text kept
  under `"reasoning"` (its tokens are counted in `Usage.reasoning_tokens` when the server
  reports them).
* A reply past `base.MAX_REPLY_CHARS` (text, reasoning and arguments together) or with more than
  `base.MAX_REPLY_TOOL_CALLS` tool calls is a `ModelError` naming the bound (`base.reply_problem`).
* Missing usage counts are 0; a count that is not a whole number from 0 to `MAX_TOKENS`
  (negative, fractional, 1e30) fails the call as a `ModelError`, so it can neither overflow the
  store nor skew costs. Cached prompt tokens are read from whichever field the server uses.
* Returned text is valid UTF-8 (lone surrogates replaced, see `ec2bench.core.safetext`) and never
  holds the endpoint's API key (replaced by `***`). A body that is not JSON or has the wrong
  shape is a `ModelError`.
* With `ChatRequest.timeout_s` set (the episode's remaining time), the call, retries included,
  is abandoned when it runs out (`DeadlineExceeded`) and sends nothing more afterwards.
* Failures are typed: `ContextOverflow` when the prompt does not fit (HTTP 400/413 whose
  message speaks of the context length; never truncated here), `LogprobsUnavailable` when
  logprobs were requested and the server sent none, and `ModelError` for everything else
  that survives the retries. Messages are one line naming the endpoint and status; the API
  key never appears in them.

Retries are the `openai` SDK's own, verified by tests/models/test_resilience.py: requests that
time out, fail to connect, or get HTTP 408/409/429/5xx are retried up to `max_retries` times with
exponential backoff (0.5 s doubling to at most 8 s, minus up to 25% random jitter), except that
a `Retry-After` / `retry-after-ms` header of up to two minutes is honoured exactly; a longer
`Retry-After` is not waited for (the call fails at once). Other 4xx errors are not retried.

The client is synchronous on purpose, so strategies stay plain synchronous code: the runner runs
episodes as threads of one process, and one client per endpoint (`pool.py`) serves all of them;
the SDK's sync client is thread-safe and its connection pool is not capped here (a models file's
`max_concurrency` is). The client holds no per-call state: each call's deadline lives in the
thread that makes it.
"""

from __future__ import annotations

import json
import re
import threading
import time
from contextvars import ContextVar
from typing import Any, TypeVar, cast

import httpx2
import openai
from openai.types.chat import ChatCompletion

from ec2bench.core.safetext import redact, scrub, scrub_message
from ec2bench.models.base import (
    ChatRequest,
    Completion,
    ContextOverflow,
    DeadlineExceeded,
    LogprobsUnavailable,
    Message,
    ModelError,
    TokenLogprob,
    Usage,
    reply_problem,
)

_PLACEHOLDER_KEY = "not-needed"
T = TypeVar("T")
_MAX_MESSAGE_CHARS = 400
DEFAULT_MAX_RETRIES = 5
DEFAULT_TIMEOUT_S = 600.0  # the SDK's own default: long reasoning and slow local servers need minutes
# How vLLM, llama.cpp (server and python), OpenAI, Azure, DeepSeek, Anthropic-compatible and
# TGI servers word a prompt that does not fit the context window.
_OVERFLOW = re.compile(
    r"context[ _-]?(length|window|size)|maximum context|too many (input )?tokens|"
    r"(prompt|input) is too long|exceeds? the (model'?s? )?(max(imum)? )?(context|input)",
    re.IGNORECASE,
)


class OpenAICompatClient:
    """A chat model served behind an OpenAI-compatible `/chat/completions` endpoint."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_retries: int = DEFAULT_MAX_RETRIES,
        temperature: float | None = None,
        max_output_tokens: int | None = None,
    ) -> None:
        self.model = model
        self._temperature = temperature
        self._max_output_tokens = max_output_tokens
        self._api_key = api_key or _PLACEHOLDER_KEY
        self._timeout = timeout
        # no cap on connections (the default 100 would queue calls): `max_concurrency` caps calls, in pool.py
        transport = httpx2.HTTPTransport(limits=httpx2.Limits(max_connections=None, max_keepalive_connections=None))
        self._transport = _DeadlineTransport(transport)
        self._client = openai.OpenAI(
            base_url=base_url,
            api_key=self._api_key,
            max_retries=max_retries,
            timeout=timeout,
            http_client=openai.DefaultHttpxClient(transport=self._transport),
        )
        self._endpoint = str(self._client.base_url).rstrip("/")

    def __repr__(self) -> str:
        return f"OpenAICompatClient(model={self.model!r}, base_url={self._endpoint!r})"

    def complete(self, request: ChatRequest) -> Completion:
        kwargs: dict[str, Any] = {"model": self.model, "messages": request.messages}
        if request.tools:
            kwargs["tools"] = request.tools
            kwargs["tool_choice"] = "auto"
        if request.logprobs:
            kwargs["logprobs"] = True
            kwargs["top_logprobs"] = request.top_logprobs
        max_tokens = request.max_output_tokens or self._max_output_tokens
        if max_tokens:
            kwargs["max_tokens"] = max_tokens
        if self._temperature is not None:
            kwargs["temperature"] = self._temperature

        start = time.perf_counter()
        response = self._call(kwargs, request.timeout_s)
        latency_ms = (time.perf_counter() - start) * 1000.0
        try:
            completion = self._completion(response, request, latency_ms)
        except ModelError:
            raise
        except Exception as exc:  # a body of the wrong shape is the server's fault: this call fails, not the harness
            raise ModelError(self._one_line(
                f"{self.model!r} at {self._endpoint}: malformed response ({type(exc).__name__}: {exc})")) from None
        return completion

    def _call(self, kwargs: dict[str, Any], timeout_s: float | None) -> Any:
        """The SDK call (with its retries), abandoned when `timeout_s` (the episode's remaining time) runs out.

        Each attempt gets the remaining time as its timeout; the whole call, retries and backoff
        included, runs in a thread that is waited for only that long, and the transport refuses
        to send anything once the deadline has passed, so an abandoned call makes no further
        request."""
        if timeout_s is None:
            return self._create(self._client, kwargs)
        deadline = time.monotonic() + timeout_s
        client = self._client.with_options(timeout=min(self._timeout, timeout_s))
        outcome: dict[str, Any] = {}

        def run() -> None:
            _DEADLINE.set(deadline)  # this thread's calls only: the client is shared by concurrent episodes
            try:
                outcome["response"] = self._create(client, kwargs)
            except BaseException as exc:  # handed to the caller's thread
                outcome["error"] = exc

        worker = threading.Thread(target=run, name="ec2bench-model-call", daemon=True)
        worker.start()
        worker.join(timeout_s)
        if worker.is_alive():
            raise DeadlineExceeded(f"{self.model!r} at {self._endpoint}: no answer within the episode's "
                                   f"remaining {timeout_s:.1f} s")
        if "error" in outcome:
            raise outcome["error"]
        return outcome["response"]

    def _create(self, client: openai.OpenAI, kwargs: dict[str, Any]) -> Any:
        # `post` is `chat.completions.create` (same retries, timeouts and errors) minus its recursive
        # TypedDict transform of the body, ~8 ms of CPU per call on an 11-turn transcript: our
        # messages and tools are already plain JSON, and with hundreds of calls in flight in one
        # process that transform alone would be a core's work.
        try:
            return client.post("/chat/completions", body=kwargs, cast_to=ChatCompletion)
        except openai.APIStatusError as err:
            if err.status_code in (400, 413) and _OVERFLOW.search(str(getattr(err, "message", None) or err)):
                raise ContextOverflow(self._describe(err, "context overflow: the prompt does not fit")) from None
            raise ModelError(self._describe(err)) from None
        except openai.OpenAIError as err:
            raise ModelError(self._describe(err)) from None
        except ValueError as err:  # HTTP 200 whose body is not JSON (the SDK lets JSONDecodeError through)
            raise ModelError(self._one_line(
                f"{self.model!r} at {self._endpoint}: the response body is not JSON ({type(err).__name__}: {err})"
            )) from None

    def _completion(self, response: Any, request: ChatRequest, latency_ms: float) -> Completion:
        choices = getattr(response, "choices", None)
        if not choices or getattr(choices[0], "message", None) is None:
            raise ModelError(f"{self._endpoint}: response has no choices (model {self.model!r})")
        choice = choices[0]
        logprobs = _logprobs(choice) if request.logprobs else None
        if request.logprobs and logprobs is None:
            raise LogprobsUnavailable(self._one_line(
                f"{self.model!r} at {self._endpoint} returned no logprobs, but this strategy needs them "
                "(token uncertainty); use a server that returns chat logprobs, e.g. vLLM, or llama.cpp's "
                "python server started with --logits_all True"
            ))
        try:
            usage = _usage(getattr(response, "usage", None))
        except ValueError as exc:
            raise ModelError(self._one_line(f"{self.model!r} at {self._endpoint}: invalid usage: {exc}")) from None
        model = getattr(response, "model", None)
        message = _message(choice.message)
        problem = reply_problem(message)
        if problem is not None:
            raise ModelError(self._one_line(f"{self.model!r} at {self._endpoint}: {problem}"))
        return Completion(
            message=self._redact(scrub_message(message)),
            usage=usage,
            model=self._redact(scrub(model)) if isinstance(model, str) and model else self.model,
            latency_ms=latency_ms,
            logprobs=logprobs,
        )

    def _redact(self, value: T) -> T:
        """A message or text with this endpoint's key replaced by `***` (a server may echo it back anywhere)."""
        return value if self._api_key == _PLACEHOLDER_KEY else cast(T, redact(value, [self._api_key]))

    def _describe(self, err: openai.OpenAIError, what: str | None = None) -> str:
        """One line naming endpoint and status, with the key redacted."""
        where = f"{self.model!r} at {self._endpoint}"
        if isinstance(err, openai.AuthenticationError):
            return f"{where}: HTTP 401, the API key was rejected"
        if what is not None and isinstance(err, openai.APIStatusError):
            what = f"{what} (HTTP {err.status_code})"
        elif isinstance(err, openai.RateLimitError):
            what = "HTTP 429, rate limited, after retries"
        elif isinstance(err, openai.APIStatusError):
            retried = err.status_code in (408, 409) or err.status_code >= 500
            what = f"HTTP {err.status_code}" + (" after retries" if retried else "")
        elif isinstance(err, openai.APITimeoutError):
            what = "timed out after retries"
        elif isinstance(err, openai.APIConnectionError):
            cause = err.__cause__
            what = "connection failed after retries" + (f" ({type(cause).__name__}: {cause})" if cause else "")
        else:
            what = type(err).__name__
        detail = str(getattr(err, "message", None) or err)
        return self._one_line(f"{where}: {what}: {detail}")

    def _one_line(self, text: str) -> str:
        text = " ".join(text.split())
        if self._api_key != _PLACEHOLDER_KEY:
            text = text.replace(self._api_key, "***")
        if len(text) > _MAX_MESSAGE_CHARS:
            text = text[:_MAX_MESSAGE_CHARS] + "..."
        return text


_DEADLINE: ContextVar[float | None] = ContextVar("ec2bench_call_deadline", default=None)


class _DeadlineTransport(httpx2.BaseTransport):
    """Sends nothing once the calling thread's deadline (`_DEADLINE`, a `time.monotonic()` value)
    has passed: an abandoned call (see `OpenAICompatClient._call`) fails its remaining retries
    without reaching the server."""

    def __init__(self, inner: httpx2.BaseTransport) -> None:
        self._inner = inner

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        deadline = _DEADLINE.get()
        if deadline is not None and time.monotonic() >= deadline:
            raise httpx2.TimeoutException("the episode deadline has passed", request=request)
        return self._inner.handle_request(request)

    def close(self) -> None:
        self._inner.close()


def _message(msg: Any) -> Message:
    out: Message = {"role": "assistant", "content": getattr(msg, "content", None)}
    tool_calls = []
    for i, call in enumerate(getattr(msg, "tool_calls", None) or []):
        fn = getattr(call, "function", None)
        if fn is None:  # non-function (custom) tool calls are not part of our format
            continue
        arguments = fn.arguments
        if not isinstance(arguments, str):  # some servers send a parsed object
            arguments = json.dumps(arguments if arguments is not None else {})
        tool_calls.append(
            {
                "id": getattr(call, "id", None) or f"call_{i}",
                "type": "function",
                "function": {"name": fn.name, "arguments": arguments},
            }
        )
    if tool_calls:
        out["tool_calls"] = tool_calls
    reasoning = getattr(msg, "reasoning_content", None) or getattr(msg, "reasoning", None)
    if reasoning:
        out["reasoning"] = reasoning
    return out


MAX_TOKENS = 10**9  # per call; a count beyond this is a broken server, not a real request


def _count(value: Any, field: str) -> int:
    """A token count from the server: missing is 0; anything but a whole number in [0, MAX_TOKENS]
    is refused (`ValueError`), so a bogus count can neither overflow the store nor skew costs."""
    if value is None:
        return 0
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TOKENS:
        shown = repr(value) if isinstance(value, (int, float, str)) and len(repr(value)) < 40 else type(value).__name__
        raise ValueError(f"{field} must be a whole number from 0 to {MAX_TOKENS:.0e}, got {shown}")
    return value


def _usage(usage: Any) -> Usage:
    if usage is None:
        return Usage()
    prompt_details = getattr(usage, "prompt_tokens_details", None)
    cached = _count(getattr(prompt_details, "cached_tokens", None), "cached_tokens")
    if not cached:  # llama.cpp-style `cached_tokens`, DeepSeek-style `prompt_cache_hit_tokens`
        cached = _count(getattr(usage, "cached_tokens", None), "cached_tokens") or _count(
            getattr(usage, "prompt_cache_hit_tokens", None), "prompt_cache_hit_tokens"
        )
    completion_details = getattr(usage, "completion_tokens_details", None)
    return Usage(
        input_tokens=_count(getattr(usage, "prompt_tokens", None), "prompt_tokens"),
        cached_input_tokens=cached,
        output_tokens=_count(getattr(usage, "completion_tokens", None), "completion_tokens"),
        reasoning_tokens=_count(getattr(completion_details, "reasoning_tokens", None), "reasoning_tokens"),
    )


def _logprobs(choice: Any) -> tuple[TokenLogprob, ...] | None:
    """Per-token logprobs, or None when the server did not return any."""
    content = getattr(getattr(choice, "logprobs", None), "content", None)
    if content is None:
        return None
    return tuple(
        TokenLogprob(
            token=item.token,
            logprob=float(item.logprob),
            top=tuple((alt.token, float(alt.logprob)) for alt in (item.top_logprobs or [])),
        )
        for item in content
    )
