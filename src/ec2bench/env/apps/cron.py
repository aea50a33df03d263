"""Cron expressions as the scheduler app accepts them, read by croniter (a maintained cron library).

A schedule has the five standard fields `minute hour day-of-month month day-of-week`, with lists,
ranges, steps and names (`JAN`-`DEC`, `SUN`-`SAT`, any case; 0 and 7 are Sunday), the macros
`@hourly`, `@daily`, `@midnight`, `@weekly`, `@monthly`, `@yearly`, `@annually`, and croniter's
extensions: `L` for the last day of the month (`0 17 L * *`), `L5` for the month's last Friday and
`5#2` for its second one. A restricted day of month and a restricted day of week select a day when
either matches, as in cron. Croniter's seconds and years columns are refused: a job runs to the minute.

A schedule is read in the time zone of the moment it is asked about (the task's clock,
`ec2bench.env.clock`): the scheduler runs on the user's local time. A schedule that never runs
(`0 0 30 2 *`) is refused, since a job on it is a mistake, never an intent.

`same_schedule` compares what two expressions select, so `*/15` and `0,15,30,45`, `MON-FRI` and
`1-5`, `@daily` and `0 0 * * *` are one schedule, for task checks.
"""

from __future__ import annotations

from datetime import UTC, datetime

from croniter import CroniterBadDateError, CroniterError, croniter

FIELDS = ("minute", "hour", "day of month", "month", "day of week")
_VALUES = ("0 to 59", "0 to 23", "1 to 31 or L", "1 to 12 or JAN-DEC", "0 to 7 or SUN-SAT")
MACROS = ("@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly")
_FULL = {0: range(60), 1: range(24), 2: range(1, 32), 3: range(1, 13), 4: range(7)}
_PROBE = datetime(2026, 1, 1, tzinfo=UTC)  # any moment: whether a schedule ever runs does not depend on it

Schedule = tuple[frozenset[int | str], ...]


class CronError(ValueError):
    """A cron expression is malformed or never runs; the message names the field and the problem."""


def check_cron(expr: str) -> str:
    """The expression with its whitespace collapsed, if croniter accepts it as five fields that run
    at least once; else `CronError` naming the field at fault."""
    text = " ".join(expr.split())
    if text.casefold() in MACROS:
        return text
    parts = text.split(" ") if text else []
    if len(parts) != len(FIELDS):
        raise CronError(f"a cron expression has 5 fields (minute hour day-of-month month day-of-week), "
                        f"got {len(parts)} in {expr!r}")
    if not croniter.is_valid(text):
        for index, part in enumerate(parts):
            alone = " ".join(part if i == index else "*" for i in range(len(FIELDS)))
            if not croniter.is_valid(alone):
                raise CronError(f"{FIELDS[index]}: {part!r} is not a valid value, range, list or step "
                                f"(values are {_VALUES[index]})")
        raise CronError(f"{text!r} is not a valid cron expression")  # each field alone is fine, together they are not
    if next_run(text, _PROBE) is None:
        raise CronError(f"{text!r} never runs (no such day in any month it names)")
    return text


def parse_cron(expr: str) -> Schedule:
    """What each of the five fields selects: the numbers (a `*` as every value, Sunday as 0), and
    croniter's `l` (the last day of the month) and weekday forms (`5#2`, `L5`) as text."""
    check_cron(expr)
    expanded, nth = croniter.expand(expr)
    out: list[frozenset[int | str]] = []
    for index, values in enumerate(expanded):
        if values == ["*"]:
            out.append(frozenset(_FULL[index]))
            continue
        selected: set[int | str] = {v % 7 if index == 4 and isinstance(v, int) else v for v in values}
        if index == 4:
            for day, which in nth.items():  # a weekday kept only on some weeks of the month
                selected.discard(day)
                selected |= {f"L{day}" if w == "l" else f"{day}#{w}" for w in which}
        out.append(frozenset(selected))
    return tuple(out)


def same_schedule(a: str, b: str) -> bool:
    """Whether two valid cron expressions select the same minutes, hours, days, months and weekdays."""
    return parse_cron(a) == parse_cron(b)


def next_run(expr: str, after: datetime) -> datetime | None:
    """The first minute after `after` that the schedule selects, in `after`'s time zone (None if never)."""
    try:
        moment: datetime = croniter(expr, after).get_next(datetime)
    except CroniterBadDateError:
        return None
    except CroniterError as exc:
        raise CronError(str(exc)) from None
    return moment


def runs_between(expr: str, start: datetime, end: datetime, limit: int) -> list[datetime]:
    """The minutes in (start, end] that the schedule selects, at most `limit` of them, earliest first."""
    out: list[datetime] = []
    moments = croniter(expr, start)
    while len(out) < limit:
        try:
            moment: datetime = moments.get_next(datetime)
        except CroniterBadDateError:
            break
        if moment > end:
            break
        out.append(moment)
    return out
