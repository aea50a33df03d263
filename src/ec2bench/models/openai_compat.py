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
* With `ChatRequest.timeout_s` set (the episode's remaining time), no attempt outlasts it (each
  waits on the socket for at most the time left) and no retry is waited for that would end
  past it: the call fails with `DeadlineExceeded` instead.
* Failures are typed: `ContextOverflow` when the prompt does not fit (HTTP 400/413 whose
  message speaks of the context length; never truncated here), `LogprobsUnavailable` when
  logprobs were requested and the server sent none, and `ModelError` for everything else
  that survives the retries (`retry.py`: the `openai` SDK's policy). Messages are one line
  naming the endpoint and status; the API key never appears in them.

The client speaks HTTP through `httpx2` itself rather than the `openai` SDK: a sweep may hold
hundreds of calls in flight in one process, and the SDK's request building, its parsing of the
reply into objects (which would only be turned back into dicts here) and the thread per call
that enforced a deadline around its retries were half of each call's CPU (`ec2bench bench
concurrency`); importing it also took about a second before a sweep's first call.

The client is synchronous on purpose, so strategies stay plain synchronous code: episodes run as
threads (of one process, or of each worker process: `runner/processes.py`), and one client per
endpoint and process (`pool.py`) serves all of them. It is thread-safe, holds no per-call state,
and does not cap its connections (a models file's `max_concurrency` caps calls, in `pool.py`).
"""

from __future__ import annotations

import itertools
import json
import re
import time
from typing import Any, TypeVar, cast

import httpx2

from ec2bench.core.safetext import redact, scrub, scrub_message
from ec2bench.models import retry
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

T = TypeVar("T")
_MAX_MESSAGE_CHARS = 400
DEFAULT_MAX_RETRIES = 5
DEFAULT_TIMEOUT_S = 600.0  # the SDK's own default: long reasoning and slow local servers need minutes
POOL_SHARDS = 16
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
        base_url: str,
        api_key: str | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_retries: int = DEFAULT_MAX_RETRIES,
        temperature: float | None = None,
        max_output_tokens: int | None = None,
    ) -> None:
        self.model = model
        self._temperature = temperature
        self._max_output_tokens = max_output_tokens
        self._api_key = api_key or None
        self._timeout = timeout
        self._max_retries = max_retries
        self._endpoint = base_url.rstrip("/")
        headers = {"accept": "application/json", "content-type": "application/json"}
        if self._api_key:
            headers["authorization"] = f"Bearer {self._api_key}"
        self._http = httpx2.Client(transport=_ShardedTransport(), headers=headers, timeout=timeout)
        self._url = httpx2.URL(f"{self._endpoint}/chat/completions")

    def __repr__(self) -> str:
        return f"OpenAICompatClient(model={self.model!r}, base_url={self._endpoint!r})"

    def complete(self, request: ChatRequest) -> Completion:
        body: dict[str, Any] = {"model": self.model, "messages": request.messages}
        if request.tools:
            body["tools"] = request.tools
            body["tool_choice"] = "auto"
        if request.logprobs:
            body["logprobs"] = True
            body["top_logprobs"] = request.top_logprobs
        max_tokens = request.max_output_tokens or self._max_output_tokens
        if max_tokens:
            body["max_tokens"] = max_tokens
        if self._temperature is not None:
            body["temperature"] = self._temperature

        start = time.perf_counter()
        deadline = None if request.timeout_s is None else time.monotonic() + request.timeout_s
        content = self._post(json.dumps(body, separators=(",", ":")).encode(), deadline)
        latency_ms = (time.perf_counter() - start) * 1000.0
        try:
            reply = json.loads(content)
        except ValueError as err:  # HTTP 200 whose body is not JSON
            raise ModelError(self._one_line(
                f"{self.model!r} at {self._endpoint}: the response body is not JSON ({type(err).__name__}: {err})"
            )) from None
        try:
            return self._completion(reply, request, latency_ms)
        except ModelError:
            raise
        except Exception as exc:  # a body of the wrong shape is the server's fault: this call fails, not the harness
            raise ModelError(self._one_line(
                f"{self.model!r} at {self._endpoint}: malformed response ({type(exc).__name__}: {exc})")) from None

    def _post(self, body: bytes, deadline: float | None) -> bytes:
        """The body of a successful response, after the retries `retry.py` allows and `deadline` leaves time for."""
        retries = 0
        while True:
            timeout = self._timeout if deadline is None else min(self._timeout, deadline - time.monotonic())
            if timeout <= 0:
                raise DeadlineExceeded(f"{self.model!r} at {self._endpoint}: no answer within the episode's time")
            response: httpx2.Response | None = None
            failure = ""  # what went wrong without a response
            try:
                response = self._http.post(self._url, content=body, timeout=timeout)
            except httpx2.TimeoutException:
                if deadline is not None and time.monotonic() >= deadline - 0.01:
                    raise DeadlineExceeded(f"{self.model!r} at {self._endpoint}: no answer within the episode's "
                                           f"remaining {timeout:.1f} s") from None
                failure = "timed out after retries"
            except httpx2.TransportError as exc:
                failure = f"connection failed after retries ({type(exc).__name__}: {exc})"
            else:
                if response.is_success:
                    return response.content
                if not retry.should_retry(response.status_code, response.headers):
                    raise self._status_error(response, retried=False)
            if retries >= self._max_retries:
                if response is not None:
                    raise self._status_error(response, retried=True)
                raise ModelError(self._one_line(f"{self.model!r} at {self._endpoint}: {failure}"))
            wait = retry.delay(retries, response.headers if response is not None else None)
            if deadline is not None and time.monotonic() + wait >= deadline:
                raise DeadlineExceeded(f"{self.model!r} at {self._endpoint}: a retry in {wait:.1f} s would pass "
                                       "the episode's deadline")
            time.sleep(wait)
            retries += 1

    def _status_error(self, response: httpx2.Response, *, retried: bool) -> ModelError:
        """The error for an HTTP error status: one line naming endpoint, status and the server's message."""
        status = response.status_code
        detail = _server_message(response)
        where = f"{self.model!r} at {self._endpoint}"
        if status in (400, 413) and _OVERFLOW.search(detail):
            return ContextOverflow(self._one_line(
                f"{where}: context overflow: the prompt does not fit (HTTP {status}): {detail}"))
        if status == 401:
            return ModelError(self._one_line(f"{where}: HTTP 401, the API key was rejected"))
        if status == 429:
            what = "HTTP 429, rate limited" + (", after retries" if retried else "")
        else:
            what = f"HTTP {status}" + (" after retries" if retried else "")
        return ModelError(self._one_line(f"{where}: {what}: {detail}"))

    def _completion(self, response: Any, request: ChatRequest, latency_ms: float) -> Completion:
        """The reply body (parsed JSON) as a `Completion`; a body of another shape raises (see `complete`)."""
        choices = response.get("choices") if isinstance(response, dict) else None
        if not choices or not isinstance(choices[0], dict) or not isinstance(choices[0].get("message"), dict):
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
            usage = _usage(response.get("usage"))
        except ValueError as exc:
            raise ModelError(self._one_line(f"{self.model!r} at {self._endpoint}: invalid usage: {exc}")) from None
        model = response.get("model")
        message = _message(choice["message"])
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
        return value if not self._api_key else cast(T, redact(value, [self._api_key]))

    def _one_line(self, text: str) -> str:
        text = " ".join(text.split())
        if self._api_key:
            text = text.replace(self._api_key, "***")
        if len(text) > _MAX_MESSAGE_CHARS:
            text = text[:_MAX_MESSAGE_CHARS] + "..."
        return text


class _ShardedTransport(httpx2.BaseTransport):
    """`POOL_SHARDS` connection pools taking requests in turn, so that no pool holds more than a
    sixteenth of the calls in flight.

    A connection pool assigns a connection to each request under one lock, scanning its connections
    (twice per request: when it is sent and when its response is closed); with hundreds of calls
    in flight in one pool, those scans and the wait for that lock take a large share of the
    interpreter. No pool caps its connections (the default 100 would queue calls): a models
    file's `max_concurrency` caps calls, in pool.py. One TLS context serves every pool (loading
    the CA store once, not per pool)."""

    def __init__(self) -> None:
        context = httpx2.create_ssl_context()
        unlimited = httpx2.Limits(max_connections=None, max_keepalive_connections=None)
        self._pools = [httpx2.HTTPTransport(verify=context, limits=unlimited) for _ in range(POOL_SHARDS)]
        self._turn = itertools.count()

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        return self._pools[next(self._turn) % POOL_SHARDS].handle_request(request)

    def close(self) -> None:
        for pool in self._pools:
            pool.close()


def _server_message(response: httpx2.Response) -> str:
    """The message a server gave with an error status: `{"error": {"message": ...}}` as OpenAI and vLLM
    send it, `{"error": "..."}`, `{"message"|"detail": "..."}`, else the body's text."""
    try:
        data = response.json()
    except ValueError:
        data = None
    if isinstance(data, dict):
        error = data.get("error")
        for found in (error.get("message") if isinstance(error, dict) else error, data.get("message"), data.get("detail")):
            if isinstance(found, str) and found:
                return found
    return response.text or "(empty body)"


def _text(value: Any) -> str | None:
    """A text field of the reply: None when absent; anything but a string is the server's error (raises)."""
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"expected text, got {type(value).__name__}")


def _message(msg: dict[str, Any]) -> Message:
    out: Message = {"role": "assistant", "content": _text(msg.get("content"))}
    tool_calls = []
    for i, call in enumerate(msg.get("tool_calls") or []):
        fn = call.get("function")
        if fn is None:  # non-function (custom) tool calls are not part of our format
            continue
        arguments = fn.get("arguments")
        if not isinstance(arguments, str):  # some servers send a parsed object
            arguments = json.dumps(arguments if arguments is not None else {})
        tool_calls.append(
            {
                "id": _text(call.get("id")) or f"call_{i}",
                "type": "function",
                "function": {"name": fn.get("name"), "arguments": arguments},
            }
        )
    if tool_calls:
        out["tool_calls"] = tool_calls
    reasoning = _text(msg.get("reasoning_content")) or _text(msg.get("reasoning"))
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
    prompt_details = usage.get("prompt_tokens_details") or {}
    cached = _count(prompt_details.get("cached_tokens"), "cached_tokens")
    if not cached:  # llama.cpp-style `cached_tokens`, DeepSeek-style `prompt_cache_hit_tokens`
        cached = _count(usage.get("cached_tokens"), "cached_tokens") or _count(
            usage.get("prompt_cache_hit_tokens"), "prompt_cache_hit_tokens"
        )
    completion_details = usage.get("completion_tokens_details") or {}
    return Usage(
        input_tokens=_count(usage.get("prompt_tokens"), "prompt_tokens"),
        cached_input_tokens=cached,
        output_tokens=_count(usage.get("completion_tokens"), "completion_tokens"),
        reasoning_tokens=_count(completion_details.get("reasoning_tokens"), "reasoning_tokens"),
    )


def _logprobs(choice: dict[str, Any]) -> tuple[TokenLogprob, ...] | None:
    """Per-token logprobs, or None when the server did not return any."""
    content = (choice.get("logprobs") or {}).get("content")
    if content is None:
        return None
    return tuple(
        TokenLogprob(
            token=item["token"],
            logprob=float(item["logprob"]),
            top=tuple((alt["token"], float(alt["logprob"])) for alt in (item.get("top_logprobs") or [])),
        )
        for item in content
    )
