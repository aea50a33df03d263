"""Task-specific checks for office-mum-clinic-doctor-leaving."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import occurs

_ROOM = re.compile(r"\broom\s*(?:no\.?\s*)?(\d+)", re.I)


def entry_details(ctx: Any, event_id: str, ref: str, room: str) -> bool:
    """The calendar entry carries the practice's booking details (its booking ref or its room) and names
    no other room: what the practice confirmed, not a misread of it."""
    event = next((e for e in ctx.state.get("calendar", {}).get("events", []) if e.get("id") == event_id), None)
    if event is None:
        return False
    text = " ".join(str(event.get(f) or "") for f in ("title", "description", "location"))
    if any(n != room for n in _ROOM.findall(text)):
        return False
    return occurs(ref, text) or room in _ROOM.findall(text)
