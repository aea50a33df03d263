"""Task-specific checks for office-meeting-room-clash-zh."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.grading.polarity import affirmed

_HEADCOUNT = re.compile(r"(?<![\d.])(\d+)\s*(?:人|位|座)")


def _wrong_capacity(text: str, rooms: dict[str, int]) -> bool:
    """Whether the text gives a room a capacity that is not its own ("松花江厅（17F，20 人）"): the first
    head count within the clause after the room's name, before any other room is named."""
    names = sorted(rooms, key=len, reverse=True)
    for m in re.finditer("|".join(map(re.escape, names)), text):
        tail = re.split(r"[。；;\n]|" + "|".join(map(re.escape, names)), text[m.end():m.end() + 16])[0]
        count = _HEADCOUNT.search(tail)
        if count and int(count[1]) != rooms[m[0]]:
            return True
    return False


def proposal_right(ctx: Any, channel: str, room: str, rooms: dict[str, int]) -> bool:
    """The user proposed `room` to the booker in `channel`, and no message of theirs there (nor the
    final answer) misstates a room's capacity."""
    mine = [m.get("text") or "" for m in ctx.state.get("chat", {}).get("messages", [])
            if m.get("channel") == channel and m.get("sender") == "me"]
    if not any(affirmed(room, t) for t in mine):
        return False
    return not any(_wrong_capacity(t, rooms) for t in [*mine, ctx.answer or ""])
