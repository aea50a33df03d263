"""When a failed chat-completions call is tried again, and after how long.

The policy of the `openai` SDK, which servers and their users expect of an OpenAI-compatible
client: a request that timed out or could not connect, or got HTTP 408/409/429/5xx, is retried
up to `max_retries` times, after an exponential backoff (0.5 s doubling to at most 8 s, minus up
to 25% random jitter) unless the server says how long to wait: a `retry-after-ms` or `Retry-After`
header (seconds or an HTTP date) of up to two minutes is honoured exactly, and a longer one is
not waited for (the call fails at once). A server's `x-should-retry: true|false` overrides the
status code. `openai_compat.OpenAICompatClient` applies it, bounded by the episode's deadline.
"""

from __future__ import annotations

import email.utils
import math
import random
import time
from collections.abc import Mapping

INITIAL_DELAY_S = 0.5
MAX_DELAY_S = 8.0
MAX_RETRY_AFTER_S = 120.0
RETRIED_STATUSES = frozenset({408, 409, 429})  # and every 5xx


def retry_after(headers: Mapping[str, str]) -> float | None:
    """The wait a response asks for, in seconds (None: it asks for none, or not readably)."""
    for name, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            delay = float(value)
        except ValueError:
            continue
        return delay / divisor if math.isfinite(delay) else math.inf
    date = headers.get("retry-after")
    parsed = email.utils.parsedate_tz(date) if date else None
    if parsed is None:
        return None
    try:
        return email.utils.mktime_tz(parsed) - time.time()
    except (OverflowError, ValueError):
        return None


def should_retry(status: int, headers: Mapping[str, str]) -> bool:
    """Whether a response with this status is worth another attempt (before counting attempts)."""
    wait = retry_after(headers)
    if wait is not None and wait > MAX_RETRY_AFTER_S:
        return False
    verdict = headers.get("x-should-retry")
    if verdict in ("true", "false"):
        return verdict == "true"
    return status in RETRIED_STATUSES or status >= 500


def delay(retry: int, headers: Mapping[str, str] | None = None) -> float:
    """Seconds to wait before retry number `retry` (0 for the first): what the server asked for, else the backoff."""
    asked = retry_after(headers) if headers is not None else None
    if asked is not None and 0 < asked <= MAX_RETRY_AFTER_S:
        return asked
    return min(INITIAL_DELAY_S * 2.0 ** min(retry, 64), MAX_DELAY_S) * (1.0 - 0.25 * random.random())
