import unittest

from carrier_sync.backoff import MAX_DELAY_S, retry_delay
from carrier_sync.client import fetch_tracking


class BackoffUnchangedTest(unittest.TestCase):
    """What worked before the fix still works: exponential backoff without Retry-After, and the client."""

    def test_server_errors_back_off_exponentially(self):
        self.assertEqual([retry_delay(a, 500) for a in (1, 2, 3, 4)], [1.0, 2.0, 4.0, 8.0])

    def test_backoff_is_capped(self):
        self.assertEqual(retry_delay(10, 502), MAX_DELAY_S)

    def test_a_throttled_answer_without_retry_after_backs_off(self):
        self.assertEqual(retry_delay(2, 429), 2.0)

    def test_client_waits_between_attempts_and_returns_the_body(self):
        answers = iter([(429, {"Retry-After": "30"}, b""), (200, {}, b"ok")])
        waits = []
        self.assertEqual(fetch_tracking(lambda: next(answers), "shipfast", sleep=waits.append), b"ok")
        self.assertEqual(len(waits), 1)
