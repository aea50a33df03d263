"""The episode's clock: the moment a task is set in, as the user's device shows it.

A prompt that says "today" or "this morning" has one right answer only if the agent knows which day
it is, and that day must not be the day the benchmark happens to run. A task declares its `now`
(date, time and UTC offset, `TaskSpec.now`); the agent is told it at the start of the episode
(`clock_line`), and the apps read it as their today: the calendar lists today's events when no
date is given, a job the scheduler runs by hand starts now, and a job's next run is computed from
it. The clock does not move during an episode: an episode is minutes of work in a scenario whose
records are dated to the minute, and a moving clock would make the same episode differ between a
fast and a slow model. After the episode a check may move it on (`scheduled_runs`), to see which
of the scheduler's jobs run when.
"""

from __future__ import annotations

from datetime import datetime

_WEEKDAYS = {
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "zh": ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"),
}


def utc_offset(now: datetime) -> str:
    """`UTC+08:00`, `UTC-05:00`, `UTC`."""
    offset = now.strftime("%z")
    return "UTC" if offset in ("+0000", "") else f"UTC{offset[:3]}:{offset[3:]}"


def clock_line(now: datetime, language: str) -> str:
    """The sentence that tells the agent the date and time, in the task's language."""
    weekday = _WEEKDAYS["zh" if language == "zh" else "en"][now.weekday()]
    if language == "zh":
        return f"当前时间：{now.year}年{now.month}月{now.day}日 {weekday} {now:%H:%M}（{utc_offset(now)}）。"
    return f"Current date and time: {weekday} {now:%Y-%m-%d %H:%M} ({utc_offset(now)})."


def stamp(now: datetime | None) -> str:
    """A record's timestamp for something done now: local ISO time to the minute (`2026-12-01T09:30`),
    which sorts with the fixtures' dates and times; `now` for a task without a clock."""
    return "now" if now is None else f"{now:%Y-%m-%dT%H:%M}"
