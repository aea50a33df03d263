"""Normalisers (grading/forms.py): every supported spelling of a time, range, date, amount, percentage,
duration or defanged indicator is read as its value, in English and Chinese; near misses are not."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ec2bench.grading.checks import CheckParamError, matches
from ec2bench.grading.forms import (
    amounts,
    dates,
    durations,
    mentions,
    percents,
    refang,
    time_ranges,
    times,
    weekdays,
)


@pytest.mark.parametrize("text", ["14:30", "2:30 pm", "2.30pm", "2:30 P.M.", "下午2点半", "14点30分",
                                  "下午两点半", "下午 2 点 30 分", "at 14:30:00", "at 14.30", "from 14.30",
                                  "14.30 to 16.00", "14.30–16.00", "half past two in the afternoon",
                                  "two thirty pm", "30 minutes past 2 pm", "a quarter to three in the afternoon "
                                  "is too late, so half past two pm"])
def test_times_read_as_half_past_two(text: str) -> None:
    assert 14 * 60 + 30 in times(text)


@pytest.mark.parametrize("text", ["下午 2 点", "2 pm", "2PM", "14:00", "14点", "中午2点"])
def test_times_read_as_two_pm(text: str) -> None:
    assert times(text) == [14 * 60]


@pytest.mark.parametrize("text", ["12 am", "凌晨12点", "00:00"])
def test_midnight(text: str) -> None:
    assert times(text) == [0]


@pytest.mark.parametrize("text", ["version 3.2.0 on 2024-11-16", "JDK 17", "the 14 nodes", "ratio 2.30",
                                  "E-0031", "1,284.72", "有3个问题", "at $14.30", "costs 14.30 EUR", "at 14.30%",
                                  "IP 10.20.4.17", "two of them", "one in ten", "from five to six"])
def test_not_times(text: str) -> None:
    assert times(text) == []


def test_a_morning_time_is_not_the_afternoon_one() -> None:
    assert not mentions("time", "14:30", "2:30 am")
    assert not mentions("time", "14:30", "上午2点半")
    assert mentions("time", "14:30", "kickoff at 2:30 pm on March 11")


@pytest.mark.parametrize("text", ["14:00-16:00", "14:00 – 16:00", "2 to 4 pm", "2pm-4pm", "下午 2 点到 4 点",
                                  "下午两点至四点", "14点到16点", "from 2:00 until 4:00 PM"])
def test_ranges_two_to_four_pm(text: str) -> None:
    assert (14 * 60, 16 * 60) in time_ranges(text)


def test_range_meridiem_only_where_it_fits() -> None:
    assert time_ranges("11 to 1 pm") == [(11 * 60, 13 * 60)]
    assert time_ranges("9-11am") == [(9 * 60, 11 * 60)]
    assert time_ranges("version 2-4") == []  # two bare numbers are not a range of times
    assert mentions("time", "16:00", "下午 2 点到 4 点")  # either end is a time mention


@pytest.mark.parametrize("text", ["2026-03-11", "2026/3/11", "March 11, 2026", "Wed, Mar 11", "11 Mar 2026",
                                  "11th of March 2026", "2026年3月11日", "3月11日", "三月十一日", "3月11号", "due 03-11"])
def test_dates(text: str) -> None:
    assert date(2026, 3, 11) in dates(text, 2026)


def test_date_year_comes_from_the_expected_value_only_when_missing() -> None:
    assert mentions("date", "2026-03-11", "on 3月11日")
    assert not mentions("date", "2026-03-11", "March 11, 2025")
    assert not mentions("date", "2026-03-11", "2026-03-12")
    assert not mentions("date", "2026-03-11", "2026-13-11")  # not a date at all
    assert dates("2026-02-30", 2026) == []
    # month-day without a year only zero-padded and on its own: not a phone's, a range's or an ISO date's piece
    assert dates("3/11 or 3-11", 2026) == [] and dates("call 010-03-11", 2026) == []
    assert dates("13-01", 2026) == [] and dates("10:03-11", 2026) == []
    assert dates("2026-03-11", 2026) == [date(2026, 3, 11)]  # read once, as a full date


@pytest.mark.parametrize("text", ["240000", "240,000", "USD 240K", "$240k", "24万", "24 万元", "¥240,000",
                                  "二十四万", "0.24 million", "240000.00 USD", "240 thousand"])
def test_amounts_240k(text: str) -> None:
    assert mentions("amount", 240000, text)


@pytest.mark.parametrize(("text", "value"), [("2.4亿", 240_000_000), ("1.2M", 1_200_000), ("1.2 million", 1_200_000),
                                             ("€3.5bn", 3_500_000_000), ("4,156 元", 4156)])
def test_amounts_scaled(text: str, value: float) -> None:
    assert mentions("amount", value, text)


def test_amounts_are_whole_numbers_not_digit_runs() -> None:
    assert not mentions("amount", 240000, "2400000")
    assert not mentions("amount", 240000, "24000")
    assert not mentions("amount", 4156, "order 41560 of 415.6 kg")
    assert amounts("5 min and 240 kg") == [5.0, 240.0]  # a unit word is not a multiplier


@given(st.integers(min_value=1, max_value=999_999), st.sampled_from(["plain", "commas", "k", "wan", "yuan", "usd"]))
def test_amount_renderings_all_match(value: int, form: str) -> None:
    text = {
        "plain": str(value),
        "commas": f"{value:,}",
        "k": f"${value / 1000:g}k",
        "wan": f"{value / 10000:g}万",
        "yuan": f"¥{value:,}.00",
        "usd": f"USD {value:,}",
    }[form]
    assert mentions("amount", value, f"the deal is {text} in total"), text
    assert not mentions("amount", value + 1, f"the deal is {text} in total")


@pytest.mark.parametrize("text", ["12.5%", "12.5 %", "12.5 percent", "百分之十二点五", "百分之12.5"])
def test_percents(text: str) -> None:
    assert percents(text) == [12.5]


def test_percent_is_not_a_bare_number() -> None:
    assert not mentions("percent", 12.5, "12.5 points")


@pytest.mark.parametrize("text", ["3 s", "3s", "3 seconds", "3 sec", "3000 ms", "3,000 ms", "3秒", "3 秒钟", "3000毫秒"])
def test_durations_three_seconds(text: str) -> None:
    assert durations(text) == [3.0]


def test_durations_other_units_and_near_misses() -> None:
    assert durations("2 min, 1.5 小时, 250 milliseconds") == [120.0, 5400.0, 0.25]
    assert not mentions("duration_s", 3, "timed out after 300 ms")
    assert not mentions("duration_s", 3, "3 sessions")


@given(st.integers(min_value=1, max_value=600))
def test_duration_renderings_all_match(seconds: int) -> None:
    for text in (f"{seconds} s", f"{seconds} seconds", f"{seconds * 1000} ms", f"{seconds}秒", f"{seconds * 1000:,}ms"):
        assert mentions("duration_s", seconds, text), text


@pytest.mark.parametrize("text", ["xlngyun-tech[.]cn", "xlngyun-tech(.)cn", "xlngyun-tech[dot]cn", "XLNGYUN-TECH.CN",
                                  "hxxps://login.xlngyun-tech[.]cn/oss", "it-support[@]xlngyun-tech[.]cn"])
def test_defanged_indicators(text: str) -> None:
    assert mentions("indicator", "xlngyun-tech.cn", text)


def test_refang_and_the_lookalike_domain() -> None:
    assert refang("hxxp://10[.]0[.]0[.]1[:]8080") == "http://10.0.0.1:8080"
    assert not mentions("indicator", "xlngyun-tech.cn", "xingyun-tech[.]cn")


def test_forms_as_matchers_list_values_and_errors() -> None:
    assert matches("Kickoff 2:30 pm, March 11, 2026", {"time": "14:30", "date": "2026-03-11"})
    assert matches("14:00 and 16:00", {"time": ["14:00", "16:00"]})  # a list: every value
    assert not matches("14:00 only", {"time": ["14:00", "16:00"]})
    assert matches(["a", "USD 240K"], {"amount": 240000})  # a list field is searched as its joined text
    assert not matches(None, {"amount": 1})
    assert matches("set back to 3 s", {"any_of": [{"contains": "3000"}, {"duration_s": 3}]})
    assert not matches("set back to 30 s", {"any_of": [{"contains": "3000"}, {"duration_s": 3}]})
    assert matches("300 -> 3000", {"all_of": [{"any_of": [{"contains": "300"}]}, {"any_of": [{"contains": "3000"}]}]})
    from ec2bench.grading.checks import CheckParamError
    with pytest.raises(CheckParamError, match="time: not a time"):
        matches("14:30", {"time": "half past"})
    with pytest.raises(CheckParamError, match="any_of"):
        matches("x", {"any_of": []})


@pytest.mark.parametrize(("text", "hhmm"), [
    ("quarter to four", "03:45"), ("quarter to four in the afternoon", "15:45"), ("a quarter past nine am", "09:15"),
    ("ten past five in the evening", "17:10"), ("twenty-five to twelve", "11:35"), ("noon", "12:00"),
    ("midday", "12:00"), ("midnight", "00:00"), ("three o'clock in the afternoon", "15:00"),
    ("eleven at night", "23:00"), ("quarter past noon", "12:15"), ("10 minutes to 4 pm", "15:50"),
    ("下午三点", "15:00"), ("下午三点半", "15:30"), ("15点", "15:00"), ("下午三点一刻", "15:15"), ("三点三刻", "03:45"),
    ("by 9.15", "09:15"), ("until 16.00", "16:00"),
])
def test_spoken_chinese_and_dotted_times(text: str, hhmm: str) -> None:
    assert mentions("time", hhmm, text)


def test_a_dotted_time_needs_a_time_context() -> None:
    assert not mentions("time", "14:30", "the ratio rose to 14.30")  # "to" alone is no time word
    assert not mentions("time", "14:30", "prices 14.30 and 16.00")  # two decimals, not a range
    assert mentions("time_range", "14:30-16:00", "Wednesday 11 March, 14.30 to 16.00, Orion room")
    assert mentions("time_range", "14:30-16:00", "14.30-16.00")
    assert not mentions("time", "02:30", "half past two in the afternoon")  # the afternoon is 14:30


@pytest.mark.parametrize(("text", "day"), [
    ("每星期四下午三点", 3), ("每周四 15:00", 3), ("週四", 3), ("礼拜四", 3), ("Thursday", 3), ("Thu", 3),
    ("Thurs. 12 Mar", 3), ("Sat 14 Mar", 5), ("Wed, Mar 11", 2), ("星期天", 6), ("周日", 6), ("mon", 0),
])
def test_weekdays(text: str, day: int) -> None:
    assert weekdays(text) == [day]


@pytest.mark.parametrize("text", ["一周四次", "每周四天", "每星期四次课", "the sun sets", "we sat down", "wed to him"])
def test_not_weekdays(text: str) -> None:
    assert 3 not in weekdays(text) and 5 not in weekdays(text) and 6 not in weekdays(text) \
        and 2 not in weekdays(text)


def test_the_weekday_matcher() -> None:
    assert matches("周报提醒改为每星期四下午三点", {"all_of": [{"weekday": "thursday"}, {"time": "15:00"}]})
    assert matches("moved to Thu 3 pm", {"weekday": "Thursday"}) and matches("moved to 周四", {"weekday": "周四"})
    assert not matches("moved to Friday", {"weekday": "thursday"})
    with pytest.raises(CheckParamError, match="not one day of the week"):
        matches("Thursday", {"weekday": "someday"})


@pytest.mark.parametrize("text", ["31st March 2026", "March 31st, 2026", "the 31st of March", "Tue 31 Mar 2026"])
def test_ordinal_dates(text: str) -> None:
    assert mentions("date", "2026-03-31", text)


@pytest.mark.parametrize("text", ["due 12/09/2026", "due 09/12/2026", "due 9.12.2026", "due 12 / 9 / 2026"])
def test_numeric_dates_with_the_year_last_count_in_both_readings(text: str) -> None:
    assert mentions("date", "2026-12-09", text)


def test_a_numeric_date_with_the_year_last_is_not_another_date() -> None:
    assert not mentions("date", "2026-12-09", "due 13/09/2026") and not mentions("date", "2026-12-09", "v1.12.09.2026")
    assert dates("31/12/2026", 2026) == [date(2026, 12, 31)]  # one valid reading only


@pytest.mark.parametrize(("text", "form", "value"), [
    ("within sixty days", "duration_s", 60 * 86400),
    ("two weeks' notice", "duration_s", 14 * 86400),
    ("30 天内", "duration_s", 30 * 86400),
    ("twenty-five percent off", "percent", 25),
    ("two hundred and forty thousand dollars", "amount", 240000),
    ("a hundred and five units", "amount", 105),
    ("three thousand", "amount", 3000),
])
def test_spelled_numbers_and_longer_durations(text: str, form: str, value: float) -> None:
    assert mentions(form, value, text)


def test_spelled_words_that_are_no_numbers_stay_words() -> None:
    assert not mentions("amount", 1, "a meeting with an adviser") and not mentions("duration_s", 86400, "one-day")


@pytest.mark.parametrize(("actual", "expected", "equal"), [
    ("TRUE", "yes", True), ("No", False, True), ("是", True, True), ("Y", "TRUE", True),
    ("yes", "no", False), ("n/a", "no", False), (1, True, True), ("maybe", True, False),
    ("139-1234-5678", "13912345678", True), ("+86 139 1234 5678", "13912345678", True),
    ("(555) 010-2234", "555-010-2234", True), ("139-1234-5679", "13912345678", False), ("2026-12-09", "20261209", False),
])
def test_yes_no_and_phone_numbers_compare_by_meaning(actual: object, expected: object, equal: bool) -> None:
    assert matches(actual, expected) is equal


@pytest.mark.parametrize("text", ["ends 01/31/2027.", "ends 31/01/2027.", "(01/31/2027)"])
def test_a_numeric_date_before_a_full_stop_or_a_bracket(text: str) -> None:
    assert mentions("date", "2027-01-31", text)


@pytest.mark.parametrize("text", ["12月9日、10日两天", "12月9日和10日", "12月9日至10日", "2026年12月9日、10日"])
def test_days_that_share_a_chinese_date_s_month(text: str) -> None:
    assert mentions("date", "2026-12-10", text) and mentions("date", "2026-12-09", text)


@pytest.mark.parametrize("text", ["每月 25 日", "25号", "二十五号", "the 25th of each month", "on day 25", "2026-12-25"])
def test_days_of_the_month(text: str) -> None:
    assert mentions("day_of_month", 25, text)


def test_days_of_the_month_near_misses() -> None:
    assert not mentions("day_of_month", 25, "on the 5th") and not mentions("day_of_month", 25, "25 units")
    with pytest.raises(ValueError, match="not a day of the month"):
        mentions("day_of_month", 32, "32日")


def test_durations_written_as_compounds_and_phone_extensions() -> None:
    assert mentions("duration_s", 30 * 86400, "a 30-day retention") and matches("379-529-5864 ext. 7077", "(379)529-5864x7077")
    assert not matches("379-529-5864 ext. 7077", "(379)529-5864x7078")


def test_compound_spelled_numbers_and_matchers_on_a_missing_field() -> None:
    assert mentions("amount", 4275, "four thousand two hundred seventy-five dollars")
    assert mentions("amount", 4275, "four thousand two hundred and seventy-five")
    assert matches(None, {"any_of": [{"contains": "27 Cranbrook"}, {"not_contains": "Cranbrook"}]})
    assert matches(None, {"not_affirms": "Cranbrook"}) and not matches(None, {"affirms": "Cranbrook"})


def test_signed_amounts_chinese_decimals_and_hours() -> None:
    assert mentions("amount", -7, "SMB −7") and mentions("amount", -7, "minus 7") and not mentions("amount", 7, "SMB -7")
    assert mentions("amount", 12, "2026-12-09") and mentions("amount", 7, "5-7 days")  # a hyphen between numbers is no sign
    assert mentions("amount", 42.5, "四十二点五小时") and not mentions("amount", 3.5, "下午3点5分")
    assert mentions("duration_s", 36 * 3600, "36 个小时")


def test_more_spellings_from_the_suite() -> None:
    assert not mentions("amount", 14, "lot x14") and not mentions("amount", 2611, "lot AB2611") and mentions("amount", 5000, "5千元")
    assert mentions("percent", 9.1, "百分之九点一") and mentions("duration_s", 300, "每五分钟")
    assert all(mentions("duration_s", s, t) for s, t in [(900, "一刻钟"), (1800, "半小时"), (1800, "half an hour"),
                                                            (900, "a quarter of an hour")])
    assert mentions("date", "2026-12-17", "December 15-17") and mentions("date", "2026-12-15", "12月15—17日")
