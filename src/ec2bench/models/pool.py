"""Model clients shared by all episodes of a process, and per-endpoint limits on calls in flight.

Episodes run as threads of one process (`runner/sweep.py`), so a client for a served model is
built once per endpoint and configuration and reused by every episode: building one costs tens
of milliseconds (TLS set-up), and one connection pool serves hundreds of calls in flight. The
clients of served models keep no per-episode state (the episode's deadline travels with each
request), which is what makes sharing them safe.

A models file's `max_concurrency` (or `--max-connections`) becomes a semaphore per endpoint
address, shared by the whole process: a call waits for a slot, for no longer than its episode has
left, and the wait counts against that time. A sweep spread over worker processes
(`runner.processes`) gives each worker its share of every limit (`become_worker`), so the workers
together never exceed it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import replace

from ec2bench.models.base import ChatRequest, Completion, DeadlineExceeded, ModelClient

_CLIENTS_LOCK = threading.Lock()
_CLIENTS: dict[Hashable, ModelClient] = {}
_SLOTS_LOCK = threading.Lock()  # apart: a client is often put behind its slots while being built
_SLOTS: dict[tuple[str, int], threading.BoundedSemaphore] = {}
_SHARE = (0, 1)  # (this worker's index, workers): one process holds every slot of a limit


def become_worker(index: int, workers: int) -> None:
    """Make this (forked) process worker `index` of `workers`: the clients and slots it inherited are
    dropped (their connections belong to the parent), and each limit it meets from now on is its share."""
    global _SHARE
    with _CLIENTS_LOCK, _SLOTS_LOCK:
        _CLIENTS.clear()
        _SLOTS.clear()
        _SHARE = (index, workers)


def share(limit: int) -> int:
    """This process's part of a limit on calls in flight: the workers' parts differ by at most one and add up to it."""
    index, workers = _SHARE
    return limit // workers + (1 if index < limit % workers else 0)


def shared(key: Hashable, build: Callable[[], ModelClient]) -> ModelClient:
    """The client for `key`, built by `build` the first time it is asked for in this process."""
    with _CLIENTS_LOCK:
        client = _CLIENTS.get(key)
        if client is None:
            client = _CLIENTS[key] = build()
        return client


def limited(client: ModelClient, endpoint: str, max_in_flight: int) -> ModelClient:
    """`client` behind the process-wide semaphore of `endpoint` (one per address and limit)."""
    with _SLOTS_LOCK:
        slots = _SLOTS.setdefault((endpoint, max_in_flight), threading.BoundedSemaphore(share(max_in_flight)))
    return LimitedClient(client, slots, endpoint)


class LimitedClient:
    """Holds one of the endpoint's slots for the duration of each call."""

    def __init__(self, inner: ModelClient, slots: threading.BoundedSemaphore, endpoint: str) -> None:
        self.model = inner.model
        self._inner = inner
        self._slots = slots
        self._endpoint = endpoint

    def complete(self, request: ChatRequest) -> Completion:
        start = time.monotonic()
        if not self._slots.acquire(timeout=request.timeout_s):
            raise DeadlineExceeded(f"{self.model!r} at {self._endpoint}: no free connection slot "
                                   f"within the episode's remaining {request.timeout_s:.1f} s")
        try:
            if request.timeout_s is not None:
                request = replace(request, timeout_s=max(request.timeout_s - (time.monotonic() - start), 1e-3))
            return self._inner.complete(request)
        finally:
            self._slots.release()
