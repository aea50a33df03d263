"""The retry policy (`models/retry.py`): which responses are retried, and how long each wait is."""

from __future__ import annotations

import email.utils
import time

import pytest

from ec2bench.models import retry


@pytest.mark.parametrize(("status", "headers", "expected"), [
    (429, {}, True), (408, {}, True), (409, {}, True), (500, {}, True), (503, {}, True),
    (400, {}, False), (401, {}, False), (404, {}, False), (413, {}, False),
    (400, {"x-should-retry": "true"}, True),  # the server's word beats the status
    (503, {"x-should-retry": "false"}, False),
    (429, {"retry-after": "121"}, False),  # longer than two minutes: not waited for
    (429, {"retry-after": "120"}, True),
    (429, {"retry-after-ms": "1e400"}, False),  # an overflowing wait is an excessive one
])
def test_which_responses_are_retried(status: int, headers: dict[str, str], expected: bool) -> None:
    assert retry.should_retry(status, headers) is expected


def test_the_server_s_wait_is_honoured_exactly() -> None:
    assert retry.delay(0, {"retry-after": "1.5"}) == 1.5
    assert retry.delay(3, {"retry-after-ms": "300"}) == 0.3  # milliseconds win over seconds and the backoff
    assert retry.delay(0, {"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    in_ten = email.utils.formatdate(time.time() + 10, usegmt=True)
    assert 8.5 < retry.delay(0, {"retry-after": in_ten}) <= 10.0  # an HTTP date


@pytest.mark.parametrize(("attempt", "low", "high"), [(0, 0.375, 0.5), (1, 0.75, 1.0), (2, 1.5, 2.0), (4, 6.0, 8.0),
                                                      (9, 6.0, 8.0), (2000, 6.0, 8.0)])
def test_the_backoff_doubles_to_eight_seconds_less_up_to_a_quarter(attempt: int, low: float, high: float) -> None:
    waits = [retry.delay(attempt) for _ in range(200)]
    assert all(low <= w <= high for w in waits)
    assert max(waits) - min(waits) > (high - low) / 4  # jittered, not fixed


@pytest.mark.parametrize("headers", [{"retry-after": "0"}, {"retry-after": "soon"}, {"retry-after": "-3"},
                                     {"retry-after": "600"}])
def test_an_unusable_wait_falls_back_to_the_backoff(headers: dict[str, str]) -> None:
    assert 0.375 <= retry.delay(0, headers) <= 0.5
