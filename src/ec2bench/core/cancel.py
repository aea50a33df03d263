"""Stopping episodes nobody waits for any more.

When a sweep is interrupted (Ctrl-C, or an exception in the scheduling thread), the episodes
still running in its threads are abandoned: their results would never be stored. Python cannot
kill a thread, so without a signal they would run to their end inside the caller's process (a
notebook or a service that caught `Interrupted`), still calling paid models. The sweep hands its
episode threads a `threading.Event`; the agent loop checks it before every step and every tool
call, and raises `Cancelled`, so an abandoned episode stops after the model call in flight.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_EVENT: ContextVar[threading.Event | None] = ContextVar("ec2bench_cancel", default=None)


class Cancelled(BaseException):
    """The sweep that started this episode was interrupted; the episode's result is not wanted.

    A BaseException, like asyncio's CancelledError: the handlers that turn any failure into an
    episode error (and would go on to grade it or call a privacy judge) let it through."""


@contextmanager
def cancellable(event: threading.Event) -> Iterator[None]:
    """Episodes run in this block (in this thread) stop once `event` is set."""
    token = _EVENT.set(event)
    try:
        yield
    finally:
        _EVENT.reset(token)


def check() -> None:
    """Raise `Cancelled` if the running episode's sweep was interrupted."""
    event = _EVENT.get()
    if event is not None and event.is_set():
        raise Cancelled("the sweep that started this episode was interrupted")
