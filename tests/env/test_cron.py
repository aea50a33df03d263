"""Cron expressions as the scheduler app reads them through croniter: what each field selects, what is refused, when they run."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from ec2bench.env.apps.cron import CronError, check_cron, parse_cron, runs_between, same_schedule


def test_values_each_field_selects() -> None:
    minute, hour, dom, month, dow = parse_cron("*/15 9-17/4 1,15 jan-mar/2 MON-FRI")
    assert sorted(minute) == [0, 15, 30, 45]
    assert sorted(hour) == [9, 13, 17]
    assert sorted(dom) == [1, 15]
    assert sorted(month) == [1, 3]
    assert sorted(dow) == [1, 2, 3, 4, 5]
    assert sorted(parse_cron("5/20 * * * *")[0]) == [5, 25, 45]  # v/s runs to the maximum
    assert len(parse_cron("* * * * *")[2]) == 31 and len(parse_cron("* * * * *")[4]) == 7  # 7 folds into 0
    assert parse_cron("0 17 L * *")[2] == {"l"}  # croniter's last day of the month
    assert parse_cron("0 16 * * L5")[4] == {"L5"} and parse_cron("0 16 * * FRI#2")[4] == {"5#2"}


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("*/15 * * * *", "0,15,30,45 * * * *"),
        ("0 9 * * MON-FRI", "0 9 * * 1-5"),
        ("0 0 * * 7", "@weekly"),
        ("@DAILY", "0 0 * * *"),
        ("0 12 1 Jan,JUL *", "0 12 1 1,7 *"),
    ],
)
def test_same_schedule_spelled_two_ways(a: str, b: str) -> None:
    assert same_schedule(a, b)


def test_different_schedules_differ() -> None:
    assert not same_schedule("0 9 * * 1-5", "0 9 * * 1-6")
    assert not same_schedule("0 16 * * L5", "0 16 * * 5")  # the last Friday is not every Friday
    assert not same_schedule("0 17 L * *", "0 17 28-31 * *")


def test_whitespace_is_collapsed_and_library_extensions_are_accepted() -> None:
    assert check_cron("  0   17 L * * ") == "0 17 L * *"
    assert check_cron("@Monthly") == "@Monthly"
    assert check_cron("55-5 * * * *") == "55-5 * * * *"  # croniter reads a backwards range as wrapping round


SHANGHAI = timezone(timedelta(hours=8))


def test_runs_between_reads_the_clock_zone_and_the_last_day_forms() -> None:
    start = datetime(2026, 11, 30, 18, 30, tzinfo=SHANGHAI)
    end = start + timedelta(days=62)
    assert [f"{m:%m-%d %H:%M}" for m in runs_between("0 17 L * *", start, end, 10)] == ["12-31 17:00", "01-31 17:00"]
    assert [f"{m:%m-%d %a}" for m in runs_between("0 16 * * L5", start, end, 10)] == ["12-25 Fri", "01-29 Fri"]
    assert [f"{m:%m-%d}" for m in runs_between("30 9 25 * *", start, end, 1)] == ["12-25"]  # at most `limit`
    assert runs_between("0 9 * * *", start, start, 10) == []  # nothing in an empty stretch
    assert all(m.tzinfo == SHANGHAI for m in runs_between("*/30 * * * *", start, end, 5))


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("* * * *", "5 fields"),
        ("* * * * * *", "5 fields"),  # croniter's seconds column: a job runs to the minute
        ("* * * * * * 2027", "5 fields"),  # and its years column
        ("", "5 fields"),
        ("@reboot", "5 fields"),
        ("60 * * * *", "minute: '60'"),
        ("* 24 * * *", "hour: '24'"),
        ("* * 0 * *", "day of month: '0'"),
        ("* * 32 * *", "day of month: '32'"),
        ("* * * 13 *", "month: '13'"),
        ("* * * foo *", "month: 'foo'"),
        ("* * * * 8", "day of week: '8'"),
        ("* * * * MON-", "day of week: 'MON-'"),
        ("*/0 * * * *", "minute: '*/0'"),
        ("*/x * * * *", "minute: '*/x'"),
        ("1,,2 * * * *", "minute: '1,,2'"),
        ("1/2/3 * * * *", "minute: '1/2/3'"),
        ("² * * * *", "minute: '²'"),
        ("** * * * *", "minute: '**'"),
        ("H * * * *", "minute: 'H'"),  # croniter's hashed form needs a job key it is never given
        ("0 0 30 2 *", "never runs"),
        ("0 0 31 4,6 *", "never runs"),
    ],
)
def test_malformed_expressions_are_refused_with_the_reason(expr: str, message: str) -> None:
    with pytest.raises(CronError) as exc:
        parse_cron(expr)
    assert message in str(exc.value)
