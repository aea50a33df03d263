import unittest

from carrier_sync.backoff import retry_delay


class RetryAfterTest(unittest.TestCase):
    """ShipFast's Retry-After is in seconds: the sync waits at least that long."""

    def test_a_throttled_call_waits_the_retry_after_seconds(self):
        self.assertGreaterEqual(retry_delay(1, 429, "30"), 30.0)

    def test_a_maintenance_answer_waits_its_retry_after_seconds(self):
        self.assertGreaterEqual(retry_delay(2, 503, "15"), 15.0)

    def test_the_wait_is_not_stretched_beyond_reason(self):
        self.assertLessEqual(retry_delay(1, 429, "30"), 120.0)
        self.assertGreaterEqual(retry_delay(3, 429, "45"), 45.0)
