"""Python checks for search-trade-fair-shortlist-zh."""

import csv
import io

from ec2bench.core.textmatch import normalize, occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import mentions


def list_times_match_calendar(ctx: GradingContext, path: str, booth_column: str, time_column: str,
                              visits: dict[str, str]) -> float:
    """The fraction of `visits` (booth -> a name the calendar title carries) whose row in the visit list gives
    the date and start time of that supplier's meeting in the calendar, however the cell writes them
    ("2026-12-09 10:30-11:15", "12月9日 上午10:30"). A list whose times disagree with the bookings sends the
    user to the wrong table at the wrong time; zero without the file."""
    target = ctx.root / path
    if not target.is_file():
        return 0.0
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8").lstrip("\ufeff"))))
    header = {normalize(k or ""): k for k in (rows[0].keys() if rows else [])}
    booth_key, time_key = header.get(normalize(booth_column)), header.get(normalize(time_column))
    if booth_key is None or time_key is None:
        return 0.0
    events = ctx.state.get("calendar", {}).get("events", [])
    found = 0
    for booth, name in visits.items():
        meetings = [e for e in events if occurs(name, e.get("title") or "") and e.get("date") and e.get("start")]
        cells = [r.get(time_key) or "" for r in rows if normalize(r.get(booth_key) or "") == normalize(booth)]
        if any(mentions("date", e["date"], c) and mentions("time", e["start"], c) for e in meetings for c in cells):
            found += 1
    return found / len(visits)
