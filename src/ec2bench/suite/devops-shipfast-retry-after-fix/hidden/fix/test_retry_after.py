import pathlib
import shutil
import unittest

# Import the code from its source, never from a __pycache__ entry of an earlier run: a file rewritten within the
# same second at the same size keeps a stale .pyc valid, and the tests would grade the old code.
for _cache in pathlib.Path(__file__).resolve().parents[1].rglob("__pycache__"):
    shutil.rmtree(_cache, ignore_errors=True)

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
