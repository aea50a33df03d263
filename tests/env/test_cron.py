"""The cron validator behind the scheduler app: what it accepts, what each field selects, what it refuses."""

from __future__ import annotations

import pytest

from ec2bench.env.apps.cron import CronError, parse_cron, same_schedule


def test_values_each_field_selects() -> None:
    minute, hour, dom, month, dow = parse_cron("*/15 9-17/4 1,15 jan-mar/2 MON-FRI")
    assert sorted(minute) == [0, 15, 30, 45]
    assert sorted(hour) == [9, 13, 17]
    assert sorted(dom) == [1, 15]
    assert sorted(month) == [1, 3]
    assert sorted(dow) == [1, 2, 3, 4, 5]
    assert sorted(parse_cron("5/20 * * * *")[0]) == [5, 25, 45]  # v/s runs to the maximum
    assert len(parse_cron("* * * * *")[2]) == 31 and len(parse_cron("* * * * *")[4]) == 7  # 7 folds into 0


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


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("* * * *", "5 fields"),
        ("* * * * * *", "5 fields"),
        ("", "5 fields"),
        ("@reboot", "5 fields"),
        ("60 * * * *", "minute: '60' is not a value from 0 to 59"),
        ("* 24 * * *", "hour: '24'"),
        ("* * 0 * *", "day of month: '0'"),
        ("* * 32 * *", "day of month: '32'"),
        ("* * * 13 *", "month: '13'"),
        ("* * * foo *", "or a name (JAN, FEB"),
        ("* * * * 8", "day of week: '8'"),
        ("* * * * MON-", "day of week: ''"),
        ("5-1 * * * *", "runs backwards"),
        ("*/0 * * * *", "step '0'"),
        ("*/60 * * * *", "step '60' must be a whole number from 1 to 59"),
        ("*/x * * * *", "step 'x'"),
        ("1,,2 * * * *", "minute: ''"),
        ("1/2/3 * * * *", "step '2/3'"),
        ("² * * * *", "minute: '²'"),
        ("** * * * *", "minute: '**'"),
    ],
)
def test_malformed_expressions_are_refused_with_the_reason(expr: str, message: str) -> None:
    with pytest.raises(CronError) as exc:
        parse_cron(expr)
    assert message in str(exc.value)
