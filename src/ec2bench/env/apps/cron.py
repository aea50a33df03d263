"""A compact validator for standard five-field cron expressions, as the scheduler app accepts them.

Fields: minute 0-59, hour 0-23, day of month 1-31, month 1-12 (or `JAN`-`DEC`), day of week
0-7 (0 and 7 are Sunday, or `SUN`-`SAT`); names in any case. Each field is a comma list of
items; an item is `*`, a value `v`, a range `v-w` (not backwards), and any of these may take a
step `/s` (1 <= s <= the field's maximum; `v/s` runs from v to the maximum). The macros
`@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight` and `@hourly` stand for
their usual expressions. `next_run` gives the first run after a moment (the task's clock,
`ec2bench.env.clock`), with cron's rule that a restricted day of month and a restricted day of
week select a day when either matches.

`parse_cron` gives the set of values each field selects, so two spellings of one schedule
(`*/15` and `0,15,30,45`, `MON-FRI` and `1-5`) parse equal; `same_schedule` says so, for task checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta


class CronError(ValueError):
    """A cron expression is malformed; the message names the field and the problem."""


@dataclass(frozen=True)
class _Field:
    name: str
    lo: int
    hi: int
    names: dict[str, int] = field(default_factory=dict)


_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}
_DAYS = {d: i for i, d in enumerate("sun mon tue wed thu fri sat".split())}
_FIELDS = (
    _Field("minute", 0, 59),
    _Field("hour", 0, 23),
    _Field("day of month", 1, 31),
    _Field("month", 1, 12, _MONTHS),
    _Field("day of week", 0, 7, _DAYS),
)
MACROS = {
    "@yearly": "0 0 1 1 *",
    "@annually": "0 0 1 1 *",
    "@monthly": "0 0 1 * *",
    "@weekly": "0 0 * * 0",
    "@daily": "0 0 * * *",
    "@midnight": "0 0 * * *",
    "@hourly": "0 * * * *",
}

Schedule = tuple[frozenset[int], ...]
_NUMBER = re.compile(r"[0-9]+")


def parse_cron(expr: str) -> Schedule:
    """The values selected by each of the five fields (day of week 7 read as 0); `CronError` if malformed."""
    text = MACROS.get(expr.strip().casefold(), expr)
    parts = text.split()
    if len(parts) != len(_FIELDS):
        raise CronError(
            f"a cron expression has 5 fields (minute hour day-of-month month day-of-week), "
            f"got {len(parts)} in {expr!r}"
        )
    out = []
    for spec, part in zip(_FIELDS, parts, strict=False):
        values: set[int] = set()
        for item in part.split(","):
            values |= _item(spec, item)
        if spec.names is _DAYS:
            values = {v % 7 for v in values}
        out.append(frozenset(values))
    return tuple(out)


def same_schedule(a: str, b: str) -> bool:
    """Whether two valid cron expressions select the same minutes, hours, days, months and weekdays."""
    return parse_cron(a) == parse_cron(b)


def _item(spec: _Field, item: str) -> set[int]:
    base, slash, step_text = item.partition("/")
    step = 1
    if slash:
        if not _NUMBER.fullmatch(step_text) or not 1 <= int(step_text) <= spec.hi:
            raise CronError(f"{spec.name}: step {step_text!r} must be a whole number from 1 to {spec.hi}")
        step = int(step_text)
    if base == "*":
        lo, hi = spec.lo, spec.hi
    else:
        first, dash, last = base.partition("-")
        lo = _value(spec, first)
        hi = _value(spec, last) if dash else (spec.hi if slash else lo)
        if lo > hi:
            raise CronError(f"{spec.name}: the range {base!r} runs backwards")
    return set(range(lo, hi + 1, step))


def _value(spec: _Field, text: str) -> int:
    key = text.casefold()
    if key in spec.names:
        return spec.names[key]
    if _NUMBER.fullmatch(key) and spec.lo <= int(key) <= spec.hi:
        return int(key)
    names = f" or a name ({', '.join(n.upper() for n in spec.names)})" if spec.names else ""
    raise CronError(f"{spec.name}: {text!r} is not a value from {spec.lo} to {spec.hi}{names}")


SEARCH_DAYS = 366 * 8  # a schedule on 29 February runs at least once in eight years (1900-style gaps included)


def next_run(expr: str, after: datetime) -> datetime | None:
    """The first minute after `after` that the schedule selects (None if none within `SEARCH_DAYS`)."""
    minutes, hours, days, months, weekdays = parse_cron(expr)
    any_day, any_weekday = len(days) == 31, len(weekdays) == 7
    start = after.replace(second=0, microsecond=0) + timedelta(minutes=1)
    for offset in range(SEARCH_DAYS):
        day = (start + timedelta(days=offset)).date()
        weekday = (day.weekday() + 1) % 7  # cron counts from Sunday = 0
        if day.month not in months:
            continue
        on_day, on_weekday = day.day in days, weekday in weekdays
        if not (on_day and on_weekday if any_day or any_weekday else on_day or on_weekday):
            continue
        for hour in sorted(hours):
            for minute in sorted(minutes):
                moment = datetime(day.year, day.month, day.day, hour, minute, tzinfo=after.tzinfo)
                if moment >= start:
                    return moment
    return None
