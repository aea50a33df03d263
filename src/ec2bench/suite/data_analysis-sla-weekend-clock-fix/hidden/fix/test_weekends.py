import unittest
from datetime import datetime

from sla_report.business_hours import business_minutes


class WeekendTest(unittest.TestCase):
    """Policy section 2: weekends are not desk time."""

    def test_friday_evening_to_monday_morning(self):
        self.assertEqual(business_minutes(datetime(2026, 11, 13, 17, 0), datetime(2026, 11, 16, 10, 0)), 120)

    def test_saturday_ticket_starts_on_monday_at_nine(self):
        self.assertEqual(business_minutes(datetime(2026, 11, 14, 11, 12), datetime(2026, 11, 16, 9, 40)), 40)

    def test_a_whole_weekend_is_zero(self):
        self.assertEqual(business_minutes(datetime(2026, 11, 21, 8, 0), datetime(2026, 11, 22, 23, 0)), 0)

    def test_a_week_spanning_two_weekends(self):
        # Fri 27 Nov 17:00 to Mon 7 Dec 10:00: 60 + 5 days x 540 + 60
        self.assertEqual(business_minutes(datetime(2026, 11, 27, 17, 0), datetime(2026, 12, 7, 10, 0)), 2820)
