"""Record/replay cache of model calls (`--cache DIR`): re-run a sweep with zero network calls.

Real models are slow, paid and not bit-reproducible, yet a report must be re-computable and a
changed grader re-checkable without paying again. With a cache, every call is looked up by a
content hash first; a miss goes to the model and is recorded, a hit returns the recorded
completion (message, usage, logprobs) unchanged, so scores, token counts and costs reproduce
exactly. The wrapped client is opened only on the first miss: a fully cached run never
connects to a server nor loads a local model.

The key is the SHA-256 of canonical JSON (sorted keys, no whitespace) of:
  * the model: provider, model id and the endpoint's sampling settings (temperature, output
    limit), not the server address, so the same model served elsewhere shares its recordings;
    and its role (edge or cloud), so one model playing both roles samples each independently;
  * the request: messages, tools, logprobs, top_logprobs, max_output_tokens;
  * the episode seed, so repeats of a task stay distinct samples instead of copies of repeat 0;
  * the occurrence: the n-th identical request in one episode gets its own entry, so an episode
    that asked the same thing twice and got two answers replays both.
Each entry is one JSON file `DIR/<key[:2]>/<key>.json` (request and completion, readable),
written atomically, so worker processes can share a cache. Failed calls are not recorded, and
the model's configured API keys are replaced by `***` in what is recorded (a server may echo one
in its reply's message or `model` field).
Simulated models (`sim/`, `replay/`) are deterministic and free and are never cached.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any, Protocol

from ec2bench.core.safetext import redact, scrub
from ec2bench.models.base import ChatRequest, Completion, ModelClient, TokenLogprob, Usage

CACHE_FORMAT = 1


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def request_document(request: ChatRequest) -> dict[str, Any]:
    return {
        "messages": request.messages,
        "tools": request.tools,
        "logprobs": request.logprobs,
        "top_logprobs": request.top_logprobs,
        "max_output_tokens": request.max_output_tokens,
    }


class ResponseCache:
    """A folder of recorded completions, addressed by key."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Completion | None:
        try:
            entry = json.loads(self.path(key).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        return _completion_from_json(entry["completion"]) if entry.get("format") == CACHE_FORMAT else None

    def put(self, key: str, model: dict[str, Any], request: dict[str, Any], completion: Completion) -> None:
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        entry = {"format": CACHE_FORMAT, "key": key, "model": model, "request": request,
                 "completion": _completion_to_json(completion)}
        text = scrub(canonical_json(entry))  # tool results in the request may hold what a model wrote
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)


class CacheBackend(Protocol):
    def get(self, key: str) -> Completion | None: ...

    def put(self, key: str, model: dict[str, Any], request: dict[str, Any], completion: Completion) -> None: ...


_backend: Callable[[Path], CacheBackend] = ResponseCache


def use_backend(factory: Callable[[Path], CacheBackend]) -> None:
    """Make `open_cache` build caches with `factory` in this process: a Ray worker node stores its
    recordings through the driver (`ec2bench.runner.ray_executor.RemoteCache`), not on its own disk."""
    global _backend
    _backend = factory


def open_cache(root: Path) -> CacheBackend:
    """The cache for `--cache root`: its folder, unless this process uses another backend."""
    return _backend(root)


class CachedClient:
    """A `ModelClient` that answers from the cache and records what it had to ask the model."""

    def __init__(self, model: str, identity: dict[str, Any], seed: int, cache: CacheBackend,
                 open_inner: Callable[[], ModelClient], secrets: Sequence[str] = ()) -> None:
        self.model = model
        self._secrets = list(secrets)  # the model's API keys: never recorded, whatever the server echoed
        self._identity = identity
        self._seed = seed
        self._cache = cache
        self._open_inner = open_inner
        self._inner: ModelClient | None = None
        self._seen: Counter[str] = Counter()

    def complete(self, request: ChatRequest) -> Completion:
        document = request_document(request)
        base = canonical_json({"model": self._identity, "request": document, "seed": self._seed})
        occurrence = self._seen[base]
        self._seen[base] += 1
        key = hashlib.sha256(f"{base}#{occurrence}".encode("utf-8", "surrogatepass")).hexdigest()
        recorded = self._cache.get(key)
        if recorded is not None:
            return replace(recorded, cache="hit")
        if self._inner is None:
            self._inner = self._open_inner()
        completion = self._inner.complete(request)
        if self._secrets:
            completion = replace(completion, message=redact(completion.message, self._secrets),
                                 model=redact(completion.model, self._secrets))
            document = redact(document, self._secrets)
        self._cache.put(key, self._identity, document, completion)
        return replace(completion, cache="miss")


def _completion_to_json(c: Completion) -> dict[str, Any]:
    return {
        "message": c.message,
        "usage": asdict(c.usage),
        "model": c.model,
        "latency_ms": c.latency_ms,
        "logprobs": None if c.logprobs is None else [[t.token, t.logprob, [list(x) for x in t.top]] for t in c.logprobs],
    }


def _completion_from_json(d: dict[str, Any]) -> Completion:
    logprobs = d["logprobs"]
    return Completion(
        message=d["message"],
        usage=Usage(**d["usage"]),
        model=d["model"],
        latency_ms=d["latency_ms"],
        logprobs=None if logprobs is None else tuple(
            TokenLogprob(token, logprob, tuple((alt, lp) for alt, lp in top)) for token, logprob, top in logprobs
        ),
    )
