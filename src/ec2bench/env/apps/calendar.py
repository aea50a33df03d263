"""Calendar: a shared calendar of events; the agent lists, books and reschedules meetings."""

from __future__ import annotations

import re
from datetime import date as Date

from ec2bench.env.apps.base import Record, RecordApp, paginate
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.tools import ToolError

DAY_START, DAY_END = 9 * 60, 18 * 60  # working hours searched by `free_slots`, in minutes


class Event(Record):
    id: str
    title: str
    date: str
    start: str
    end: str
    attendees: list[str] = []
    location: str | None = None
    description: str | None = None


def check_date(value: str, what: str = "date") -> str:
    """Return `value` if it is a real YYYY-MM-DD date, else raise a ToolError saying so."""
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            Date.fromisoformat(value)
            return value
    except ValueError:
        pass
    raise ToolError(f"{what} must be a date as YYYY-MM-DD, got {value!r}")


def _minutes(value: str, what: str) -> int:
    """Minutes since midnight of an HH:MM time, or a ToolError saying the format is wrong."""
    m = re.fullmatch(r"(\d{2}):(\d{2})", value)
    if not m or int(m[1]) > 23 or int(m[2]) > 59:
        raise ToolError(f"{what} must be a time as HH:MM (24h), got {value!r}")
    return int(m[1]) * 60 + int(m[2])


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _same_people(a: list[str], b: list[str]) -> bool:
    return bool({x.casefold() for x in a} & {x.casefold() for x in b})


class CalendarApp(RecordApp):
    name = "calendar"
    collections = {"events": Event}

    def list(
        self, date_from: str | None = None, date_to: str | None = None, attendee: str | None = None, limit: int = 50
    ) -> list[dict]:
        """List events in a date range, in time order; summaries without descriptions.

        Args:
            date_from: first day, YYYY-MM-DD; defaults to today.
            date_to: last day, YYYY-MM-DD (inclusive); defaults to `date_from`.
            attendee: only events this person attends (name or email, exact, case-insensitive).
            limit: maximum number of results.
        """
        if date_from is None:
            if self.now is None:
                raise ToolError("give date_from (YYYY-MM-DD): this calendar has no today")
            date_from = self.now.date().isoformat()
        first = check_date(date_from, "date_from")
        last = check_date(date_to, "date_to") if date_to else first
        if last < first:
            raise ToolError(f"date_to ({last}) is before date_from ({first})")
        hits = [
            e
            for e in self.data["events"]
            if first <= e.date <= last and (not attendee or _same_people([attendee], e.attendees))
        ]
        hits.sort(key=lambda e: (e.date, e.start))
        return [
            e.model_dump(mode="json", exclude={"description"}, exclude_none=True)
            for e in paginate(hits, limit)
        ]

    def get(self, event_id: str) -> Event:
        """Read one event in full.

        Args:
            event_id: the event's id.
        """
        return self._get("events", event_id)

    def create(
        self,
        title: str,
        date: str,
        start: str,
        end: str,
        attendees: list[str] | None = None,
        location: str | None = None,
        description: str | None = None,
    ) -> dict:
        """Create an event; the result lists ids of overlapping events that share an attendee.

        Args:
            title: event title.
            date: day of the event, YYYY-MM-DD.
            start: start time, HH:MM (24h).
            end: end time, HH:MM (24h), after `start`.
            attendees: names or email addresses of the participants.
            location: where it takes place.
            description: free-text details.
        """
        event = Event(
            id=self._next_id("events", "E"),
            title=title,
            date=date,
            start=start,
            end=end,
            attendees=attendees or [],
            location=location,
            description=description,
        )
        self._check_times(event)
        self.data["events"].append(event)
        self._invite(event)
        return {"event": event.model_dump(mode="json", exclude_none=True), "conflicts": self._conflicts(event)}

    def update(
        self,
        event_id: str,
        title: str | None = None,
        date: str | None = None,
        start: str | None = None,
        end: str | None = None,
        attendees: list[str] | None = None,
        location: str | None = None,
        description: str | None = None,
    ) -> dict:
        """Change an event (rename, reschedule, ...); omitted fields stay as they are.

        Args:
            event_id: the event's id.
            title: new title.
            date: new day, YYYY-MM-DD.
            start: new start time, HH:MM (24h).
            end: new end time, HH:MM (24h).
            attendees: new full list of participants.
            location: new location.
            description: new description.
        """
        event = self._get("events", event_id)
        fields = {
            "title": title,
            "date": date,
            "start": start,
            "end": end,
            "attendees": attendees,
            "location": location,
            "description": description,
        }
        changes = {k: v for k, v in fields.items() if v is not None}
        if not changes:
            raise ToolError("nothing to update: give at least one field to change")
        self._check_times(event.model_copy(update=changes))
        for k, v in changes.items():
            setattr(event, k, v)
        self._invite(event)
        return {"event": event.model_dump(mode="json", exclude_none=True), "conflicts": self._conflicts(event)}

    def delete(self, event_id: str) -> dict:
        """Delete an event.

        Args:
            event_id: the event's id.
        """
        self.data["events"].remove(self._get("events", event_id))
        return {"id": event_id, "status": "deleted"}

    def free_slots(self, date: str, duration_minutes: int, attendees: list[str]) -> list[dict]:
        """Find the free periods, 09:00-18:00, of at least the given length when none of the attendees has an event.

        Args:
            date: the day, YYYY-MM-DD.
            duration_minutes: the meeting length; only gaps at least this long are returned.
            attendees: the people who must all be free (names or emails as in the events).
        """
        check_date(date)
        if not attendees:
            raise ToolError("give at least one attendee")
        if duration_minutes < 1:
            raise ToolError("duration_minutes must be at least 1")
        busy = sorted(
            (_minutes(e.start, "start"), _minutes(e.end, "end"))
            for e in self.data["events"]
            if e.date == date and _same_people(attendees, e.attendees)
        )
        slots, cursor = [], DAY_START
        for b_start, b_end in [*busy, (DAY_END, DAY_END)]:
            if min(b_start, DAY_END) - cursor >= duration_minutes:
                slots.append({"start": _hhmm(cursor), "end": _hhmm(min(b_start, DAY_END))})
            cursor = max(cursor, b_end)
        return slots

    def _invite(self, event: Event) -> None:
        """An event with attendees is an invitation: its title, place and description reach every attendee."""
        if event.attendees:
            text = "\n".join(t for t in (event.title, event.location, event.description) if t)
            self.outbox.append(Outbound("calendar", tuple(event.attendees), text))

    def _check_times(self, event: Event) -> None:
        check_date(event.date)
        if _minutes(event.end, "end") <= _minutes(event.start, "start"):
            raise ToolError(f"end ({event.end}) must be after start ({event.start})")

    def _conflicts(self, event: Event) -> list[str]:
        """Ids of other events that day overlapping `event` in time and sharing an attendee."""
        return [
            e.id
            for e in self.data["events"]
            if e.id != event.id
            and e.date == event.date
            and e.start < event.end
            and event.start < e.end
            and _same_people(e.attendees, event.attendees)
        ]
