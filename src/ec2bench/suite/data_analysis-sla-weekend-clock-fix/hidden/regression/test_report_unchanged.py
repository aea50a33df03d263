import os
import tempfile
import unittest
from datetime import datetime

from sla_report.business_hours import business_minutes
from sla_report.report import read_tickets, summary


class WeekdaysUnchangedTest(unittest.TestCase):
    """What was right before the fix stays right: weekday desk time, targets, the per-agent summary."""

    def test_weekday_desk_time(self):
        self.assertEqual(business_minutes(datetime(2026, 11, 4, 17, 0), datetime(2026, 11, 5, 10, 0)), 120)
        self.assertEqual(business_minutes(datetime(2026, 11, 4, 18, 30), datetime(2026, 11, 4, 23, 0)), 0)

    def test_summary_counts_breaches_per_agent_and_unassigned(self):
        text = ("ticket_id,created,first_response,priority,agent,customer,customer_email,status\n"
                "T-1,2026-11-04 09:00,2026-11-04 09:30,urgent,Ana Lima,A,a@example.com,solved\n"
                "T-2,2026-11-04 09:00,2026-11-04 11:30,high,Ana Lima,B,b@example.com,solved\n"
                "T-3,2026-11-04 09:00,2026-11-04 17:00,low,,C,c@example.com,solved\n")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "t.csv")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            self.assertEqual(summary(read_tickets(path)), {"Ana Lima": (2, 1), "Unassigned": (1, 0), "ALL": (3, 1)})
