"""Normalisers: does a text mention a value in any of the ways people write it?

Checks that pin a literal ("14:30", "240000") fail valid answers that say the same thing
another way ("2:30 pm", "USD 240K", "24 万"). Each form below reads every mention of its kind
out of a text, in English and Chinese, and compares values, not spellings:

* `time` — "14:30", "2:30 pm", "2.30pm", "2 pm", "下午2点半", "14点30分", "下午 2 点", "三点一刻";
  spoken English ("half past two in the afternoon", "quarter to four", "two thirty pm", "noon");
  a British dotted time ("14.30") where the text says it is a time: after "at", "from", "until",
  "by" and the like, or as both ends of a range, never a bare decimal ("ratio 2.30", "$14.30");
* `time_range` — "14:00-16:00", "2 to 4 pm", "下午 2 点到 4 点", "14.30 to 16.00" (a missing
  meridiem is taken from the other end); written as "HH:MM-HH:MM" when expected;
* `date` — "2026-03-11", "2026/3/11", "03/11/2026" and "11.03.2026" (both readings of a numeric date
  with the year last), "March 11, 2026", "11 Mar 2026", "2026年3月11日",
  "三月十一日", ordinals ("31st March 2026", "March 31st, 2026", "the 31st of March"); a mention
  without a year takes the expected value's year;
* `day_of_month` — "25日", "每月 25 号", "二十五号", "the 25th of each month", "day 25", or a full date on that day;
* `weekday` — "Thursday", "Thu", "Thurs.", "周四", "星期四", "礼拜四", "每周四" (not "每周四次", four
  times a week); expected as an English day name;
* `amount` — "240000", "240,000", "USD 240K", "$240k", "24万", "24 万元", "¥240,000",
  "2.4亿", "1.2M", "1.2 million", spelled English ("sixty", "two hundred and forty thousand"); equal within 0.005;
* `percent` — "12.5%", "12.5 percent", "twelve percent", "百分之十二点五";
* `duration_s` — "3 s", "3 seconds", "3000 ms", "3秒", "2 min", "1.5 小时", "sixty days", "2 weeks", "两周"
  (in seconds);
* `indicator` — a domain, URL or address, also defanged: `xlngyun-tech[.]cn`, `hxxp://`, `[@]`,
  `(.)`, `[:]`, `[dot]` are read as the real characters before a substring test.

`mentions(form, expected, text)` is the single entry point; `FORMS` lists the form names,
which are also the matcher operators of `ec2bench.grading.checks`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date as Date
from typing import Any

from ec2bench.core.textmatch import canonical, normalize

_CN = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_NUM = "[零〇一二两三四五六七八九十]{1,3}"


def _small(token: str) -> int | None:
    """An Arabic or Chinese whole number below 100 (十二, 二十, 两), else None."""
    if token.isdigit():
        return int(token)
    if "十" in token:
        tens, _, ones = token.partition("十")
        if len(tens) > 1 or len(ones) > 1 or (tens and tens not in _CN) or (ones and ones not in _CN):
            return None
        return (_CN[tens] if tens else 1) * 10 + (_CN[ones] if ones else 0)
    if len(token) == 1 and token in _CN:
        return _CN[token]
    return None


# -- times ----------------------------------------------------------------------------------

_PREFIX = "上午|早上|早晨|中午|下午|傍晚|晚上|凌晨"


def _time_pattern(i: str) -> str:
    """One time of day; every part but the hour optional (a bare hour counts only inside a range)."""
    return (
        rf"(?P<pre{i}>{_PREFIX})?\s*"
        rf"(?<![\d.:])(?P<h{i}>\d{{1,2}}(?!\d)|{_CN_NUM})"
        rf"(?:\s*:\s*(?P<m{i}>\d{{2}})(?!\d)"
        rf"|\.(?P<dm{i}>\d{{2}})(?![\d.%])"
        rf"|\s*[点點时時]\s*(?:(?P<half{i}>半)|(?P<ke{i}>[一三13])\s*刻|(?P<cm{i}>\d{{1,2}}|{_CN_NUM})\s*分?)?(?P<dian{i}>))?"
        rf"(?:\s*(?P<ap{i}>[ap])\.?m\.?(?![a-z]))?"
    )


_TIME = re.compile(_time_pattern(""))
_RANGE = re.compile(
    _time_pattern("1") + r"\s*(?:-|–|—|~|～|to|until|till|through|至|到)\s*" + _time_pattern("2")
)


def _clock(m: re.Match[str], i: str, pre: str | None = None, ap: str | None = None) -> int | None:
    """Minutes since midnight of the time in groups suffixed `i`, or None if it is not a time."""
    hour = _small(m[f"h{i}"])
    if m[f"half{i}"] or m[f"ke{i}"]:
        minute: int | None = 30 if m[f"half{i}"] else 15 * (_small(m[f"ke{i}"]) or 0)
    else:
        minute = _small(m[f"m{i}"] or m[f"dm{i}"] or m[f"cm{i}"] or "0")
    if hour is None or minute is None or hour > 24 or minute > 59:
        return None
    pre, ap = m[f"pre{i}"] or pre, m[f"ap{i}"] or ap
    if ap:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ap == "p" else 0)
    elif pre in ("下午", "傍晚", "晚上") and hour < 12 or pre == "中午" and hour < 3:
        hour += 12
    elif pre == "凌晨" and hour == 12:
        hour = 0
    return hour * 60 + minute if hour * 60 + minute <= 24 * 60 else None


# A dotted "14.30" is also a decimal number: it is a time only after one of these words (or as both
# ends of a range), and never right after a currency sign.
_TIME_CUE = re.compile(r"(?:(?<![a-z])(?:at|from|until|till|til|by|before|after|around|about|starting|starts|"
                       r"start|begins|ends|between|since)|@)\s*$")
_CURRENCY = "$€£¥₹"
_MONEY_AFTER = re.compile(r"\s*(?:[$€£¥₹%]|(?:eur|usd|gbp|cny|rmb|chf|jpy|dollars?|euros?|pounds?)(?![a-z])|元|块)")


def _is_time(m: re.Match[str], i: str, text: str = "", dotted: bool = False) -> bool:
    """A mention that says it is a time by itself: minutes, a 点, or am/pm; a dotted "14.30" only
    where `dotted` says the context expects a time or a time word comes just before it."""
    if any(m[f"{g}{i}"] is not None for g in ("m", "dian", "ap")):
        return True
    if m[f"dm{i}"] is None:
        return False
    before = text[: m.start(f"h{i}")]
    if before.rstrip()[-1:] in _CURRENCY or _MONEY_AFTER.match(text, m.end(f"dm{i}")):
        return False
    return dotted or _TIME_CUE.search(before[-16:]) is not None


_HOURS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split(), start=1)}
_MINUTE_WORDS = {"five": 5, "ten": 10, "quarter": 15, "a quarter": 15, "twenty": 20, "twenty five": 25,
                 "twenty-five": 25, "half": 30}
_AFTER_HOUR = {"fifteen": 15, "thirty": 30, "forty five": 45, "forty-five": 45, "o'clock": 0, "o’clock": 0,
               "oclock": 0}
_HOUR_WORD = "|".join(sorted(_HOURS, key=len, reverse=True))
_SPOKEN = re.compile(
    r"(?<![a-z\d])(?P<from>(?:from|between)\s+)?"
    r"(?:(?P<mins>a quarter|quarter|half|twenty[\s-]five|twenty|ten|five|\d{1,2}\s+minutes?)\s+"
    r"(?P<rel>past|after|to|before)\s+)?"
    rf"(?P<hour>noon|midday|midnight|{_HOUR_WORD}|\d{{1,2}})(?![a-z\d:.])"
    r"(?:\s+(?P<wm>fifteen|thirty|forty[\s-]five|o['’]?\s?clock))?"
    r"(?:\s*(?P<ap>[ap])\.?m\.?(?![a-z])|\s+in\s+the\s+(?P<part>morning|afternoon|evening)|\s+(?P<night>at\s+night))?"
)


def _spoken(m: re.Match[str]) -> int | None:
    """Minutes since midnight of a spoken English time, or None if the words do not make one."""
    word = m["hour"]
    named = word in ("noon", "midday", "midnight")
    rel = m["rel"] if not (m["rel"] in ("to", "before") and m["from"]) else None  # "from five to six": a range
    meridiem = m["ap"] or m["part"] or m["night"]
    if not (named or rel or m["wm"] or (meridiem and not word.isdigit())):
        return None  # "two" alone is a number; "2 pm" is read by the digit forms
    hour = 12 if word in ("noon", "midday") else 0 if word == "midnight" else _HOURS.get(word) or int(word)
    if not named and not 1 <= hour <= 12:
        return None
    if m["ap"]:
        hour = hour % 12 + (12 if m["ap"] == "p" else 0)
    elif m["part"] in ("afternoon", "evening") or m["night"]:
        hour = hour % 12 + 12 if hour < 12 else (0 if m["night"] else hour)
    elif m["part"] == "morning":
        hour %= 12
    minute = 0
    if m["wm"]:
        minute = _AFTER_HOUR.get(re.sub(r"[\s-]+", " ", m["wm"]).replace("forty five", "forty-five")
                                 .replace("o' clock", "o'clock").replace("o clock", "oclock"), 0)
    if rel:
        token = re.sub(r"\s+minutes?$", "", m["mins"])
        count = int(token) if token.isdigit() else _MINUTE_WORDS[re.sub(r"\s+", " ", token).replace("twenty five", "twenty-five")]
        if count >= 60 or rel in ("to", "before") and m["mins"] == "half":
            return None
        minute = count if rel in ("past", "after") else 60 - count
        hour = hour if rel in ("past", "after") else (hour - 1) % 24
    return hour * 60 + minute


def times(text: str) -> list[int]:
    """Every time of day mentioned in the text, in minutes since midnight."""
    norm = normalize(text)
    found = [_clock(m, "") for m in _TIME.finditer(norm) if _is_time(m, "", norm)]
    found += [_spoken(m) for m in _SPOKEN.finditer(norm)]
    return [t for t in found if t is not None] + [t for r in time_ranges(text) for t in r]


def time_ranges(text: str) -> list[tuple[int, int]]:
    """Every "from-to" time range in the text; a meridiem or 上午/下午 given once applies to both ends."""
    out = []
    norm = normalize(text)
    for m in _RANGE.finditer(norm):
        dotted = m["dm1"] is not None and m["dm2"] is not None  # "14.30 to 16.00": both ends say it
        if not (_is_time(m, "1", norm, dotted) or _is_time(m, "2", norm, dotted)):
            continue
        end = _clock(m, "2", pre=m["pre1"])
        start = _clock(m, "1", ap=m["ap2"], pre=m["pre2"])
        if start is not None and end is not None and start >= end and not (m["ap1"] or m["pre1"]):
            start = _clock(m, "1")  # "11 to 1 pm": the meridiem belongs to the end only
        if start is not None and end is not None and start < end:
            out.append((start, end))
    return out


# -- dates ----------------------------------------------------------------------------------

_MONTHS = {name: i for i, names in enumerate(
    [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
     ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"),
     ("november", "nov"), ("december", "dec")], start=1) for name in names}
_MONTH = "(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?(?![a-z])"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?(?!\d)"
_DATE_FORMS: list[tuple[re.Pattern[str], tuple[str, ...]]] = [  # the groups' meanings: y (optional), m, d
    (re.compile(r"(?<!\d)(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?!\d)"), ("y", "m", "d")),
    (re.compile(rf"(?<!\d)(?:(\d{{4}})\s*年\s*)?(\d{{1,2}}|{_CN_NUM})\s*月\s*(\d{{1,2}}|{_CN_NUM})\s*[日号號]"), ("y", "m", "d")),
    (re.compile(rf"({_MONTH})\s+{_DAY}(?:,?\s+(\d{{4}}))?"), ("m", "d", "y")),
    (re.compile(rf"(?<!\d){_DAY}\s+(?:of\s+)?({_MONTH}),?(?:\s+(\d{{4}}))?"), ("d", "m", "y")),
    # ISO's month-day without a year, zero-padded ("03-11", as schedules and Chinese forms write it); an
    # unpadded "3/11" stays unread: month-day or day-month depends on the writer
    (re.compile(r"(?<![\d\-/.:])(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\d\-/.:])"), ("m", "d")),
]


# a numeric date with the year last ("12/09/2026", "09.12.2026"): month-day in the US, day-month in most of the
# world, so both readings are dates it may mention
_YEAR_LAST = re.compile(r"(?<![\d/\-])(?<!\d\.)(\d{1,2})\s*([/.])\s*(\d{1,2})\s*\2\s*(\d{4})(?![\d/\-]|\.\d)")
# more days of the same month after a Chinese date: 12月9日、10日 / 12月9日和10日 / 12月9日至10日
_MORE_DAYS = re.compile(rf"(?<!\d)(?:(\d{{4}})\s*年\s*)?(\d{{1,2}}|{_CN_NUM})\s*月\s*(?:\d{{1,2}}|{_CN_NUM})\s*[日号號]"
                        rf"((?:\s*[、,，和与及至到~\-–]\s*(?:\d{{1,2}}|{_CN_NUM})\s*[日号號])+)")


def _year_last(norm: str) -> list[Date]:
    out = []
    for m in _YEAR_LAST.finditer(norm):
        first, second, year = int(m[1]), int(m[3]), int(m[4])
        for month, day in dict.fromkeys([(first, second), (second, first)]):
            try:
                out.append(Date(year, month, day))
            except ValueError:
                continue
    return out


_EN_RANGE = re.compile(rf"({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|to|through|until|till)\s*(\d{{1,2}})(?:st|nd|rd|th)?"
                       rf"(?![\d:])(?:,?\s+(\d{{4}}))?")
_CN_RANGE = re.compile(rf"(?<!\d)(?:(\d{{4}})\s*年\s*)?(\d{{1,2}}|{_CN_NUM})\s*月\s*(\d{{1,2}}|{_CN_NUM})\s*(?:[日号號])?\s*[-~至到]\s*"
                       rf"(\d{{1,2}}|{_CN_NUM})\s*[日号號]")


def _ranges(norm: str, default_year: int) -> list[Date]:
    """Both ends of a day range within one month: "December 15-17", "12月15-17日"."""
    out = []
    for m in _EN_RANGE.finditer(norm):
        month, year = _MONTHS.get(m[1].rstrip(".")), int(m[4]) if m[4] else default_year
        out += [d for day in (m[2], m[3]) if (d := _date_or_none(year, month, int(day)))]
    for m in _CN_RANGE.finditer(norm):
        year = int(m[1]) if m[1] else default_year
        out += [d for day in (m[3], m[4]) if (d := _date_or_none(year, _small(m[2]), _small(day)))]
    return out


def _date_or_none(year: int, month: int | None, day: int | None) -> Date | None:
    try:
        return Date(year, month or 0, day or 0)
    except ValueError:
        return None


def _more_days(norm: str, default_year: int) -> list[Date]:
    out = []
    for m in _MORE_DAYS.finditer(norm):
        month = _small(m[2])
        for token in re.findall(rf"\d{{1,2}}|{_CN_NUM}", m[3]):
            day = _small(token)
            try:
                out.append(Date(int(m[1]) if m[1] else default_year, month or 0, day or 0))
            except ValueError:
                continue
    return out


def dates(text: str, default_year: int) -> list[Date]:
    """Every calendar date mentioned in the text; one without a year is in `default_year`. A numeric date
    with the year last counts as both of its readings (US month/day, and day/month); the days listed after
    a Chinese date share its month (12月9日、10日)."""
    norm = normalize(text)
    out = _year_last(norm) + _more_days(norm, default_year) + _ranges(norm, default_year)
    for pattern, order in _DATE_FORMS:
        for m in pattern.finditer(norm):
            parts = dict(zip(order, m.groups(), strict=False))
            month_token = parts["m"].rstrip(".")
            month = _MONTHS.get(month_token) or _small(month_token)
            day = _small(parts["d"])
            try:
                out.append(Date(int(parts["y"]) if parts.get("y") else default_year, month or 0, day or 0))
            except ValueError:
                continue
    return out


# -- weekdays -------------------------------------------------------------------------------

_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
# abbreviations that are also words ("wed", "sat", "sun") count only before a date: "Sat 14 Mar"
_EN_WEEKDAY = re.compile(
    r"(?<![a-z])(?:(?P<full>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|(?P<abbr>mon|tues?|thu(?:rs?)?|fri)\.?(?![a-z])"
    rf"|(?P<word>wed|sat|sun)(?=\.?,?\s*(?:\d|{_MONTH})))"
)
_CN_WEEKDAY = re.compile(r"(?:周|週|星期|礼拜|禮拜)(?P<d>[一二三四五六日天])(?![次遍回天个個小年月人位])")
_CN_DAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


def weekdays(text: str) -> list[int]:
    """Every day of the week the text names, Monday = 0: Thursday, Thu, Thurs., 周四, 星期四, 礼拜四."""
    norm = normalize(text)
    out = []
    for m in _EN_WEEKDAY.finditer(norm):
        token = m["full"] or m["abbr"] or m["word"]
        out.append(next(i for i, day in enumerate(_WEEKDAYS) if day.startswith(token[:3])))
    out += [_CN_DAYS[m["d"]] for m in _CN_WEEKDAY.finditer(norm)]
    return out


# -- amounts, percentages, durations -----------------------------------------------------------

_NUMBER = r"(?<![\d.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d])"
_AMOUNT_NUMBER = r"(?<![A-Za-z])(?<![A-Za-z]-)" + _NUMBER  # digits glued to letters are an id: x14, AB2611, RC-26
# a minus sign of its own (after a space or a bracket, or the word "minus") makes the amount negative; in
# "2026-12-09" or "5-7" the hyphen joins two numbers
_AMOUNT = re.compile(r"(?:(?<![\w.\-])(?P<sign>-\s?|minus\s+|negative\s+|负))?" + _AMOUNT_NUMBER
                     + r"\s*(k|thousand|千|m|mn|mio|bn|b)?(?![a-z])")
_AMOUNT_SCALE = {"k": 1e3, "thousand": 1e3, "千": 1e3, "m": 1e6, "mn": 1e6, "mio": 1e6, "b": 1e9, "bn": 1e9}


def _number(whole: str, fraction: str | None) -> float:
    return float(whole.replace(",", "") + (fraction or ""))


_UNITS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                       "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * n for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
_NUMBER_WORD = "|".join(sorted([*_UNITS, *_TENS, "hundred", "thousand", "million"], key=len, reverse=True))
_FIRST_WORD = "|".join(sorted([*_UNITS, *_TENS], key=len, reverse=True))  # "240 thousand" is the multiplier's to read
_SPELLED = re.compile(rf"(?<![a-z-])(?:an?\s+(?=hundred|thousand|million)|(?={_FIRST_WORD}))(?:{_NUMBER_WORD})"
                      rf"(?:(?:\s+|-)(?:and\s+)?(?:{_NUMBER_WORD}))*(?![a-z-])")


def _spelled_value(phrase: str) -> int | None:
    """The value of a spelled English number ("sixty", "two hundred and forty", "a thousand"), or None."""
    total, current = 0, 0
    for token in re.split(r"\s+", phrase.replace("-", " ").strip()):
        if token in ("a", "an"):
            current = max(current, 1)
        elif token == "and":
            continue
        elif token == "hundred":
            current = max(current, 1) * 100
        elif token in ("thousand", "million"):
            total += max(current, 1) * (1000 if token == "thousand" else 1_000_000)
            current = 0
        elif token in _TENS or token in _UNITS:
            current += _TENS.get(token, _UNITS.get(token, 0))
        else:
            return None
    return total + current


def spelled_numbers(text: str) -> str:
    """Normalised text with spelled English numbers written as digits ("sixty days" -> "60 days"); "a" and "an"
    alone stay words."""
    def digits(m: re.Match[str]) -> str:
        if m[0].strip() in ("a", "an"):
            return m[0]
        value = _spelled_value(m[0])
        return m[0] if value is None else str(value)

    return _SPELLED.sub(digits, text)


# 四十二点五 (42点五 once canonical) is 42.5; 3点5分 is a time
_CN_DECIMAL = re.compile(r"(?<![\d.])(\d+)点([\d〇零一二三四五六七八九]+)(?![\d〇零一二三四五六七八九分刻半])")


_SPOKEN_DURATIONS = [(re.compile(p), r) for p, r in [
    (r"一刻钟", "15分钟"), (r"半个?小时", "30分钟"), (r"(?<![a-z])half an hour(?![a-z])", "30 minutes"),
    (r"(?<![a-z])(?:a )?quarter of an hour(?![a-z])", "15 minutes"), (r"(?<![a-z])an hour(?![a-z])", "1 hour")]]
# one Chinese digit before a unit ("五分钟", "每五分钟", "三天"), which `canonical` leaves as it is
_CN_DIGIT_UNIT = re.compile(r"(?<![〇零一二两三四五六七八九十百千万亿\d])([一二两三四五六七八九])"
                            r"(?=\s*个?(?:分钟|小时|钟头|秒|天|周|星期|月|年|元|块|万))")


def _numeric_text(text: str) -> str:
    """The text that numbers are read from: canonical numerals (Chinese, 万/亿, million, 四十二点五), and spelled
    English ones."""
    decimals = _CN_DECIMAL.sub(lambda m: m[1] + "." + "".join(str(_CN.get(c, c)) for c in m[2]), canonical(text))
    for pattern, replacement in _SPOKEN_DURATIONS:
        decimals = pattern.sub(replacement, decimals)
    return spelled_numbers(_CN_DIGIT_UNIT.sub(lambda m: str(_CN[m[1]]), decimals))


def amounts(text: str) -> list[float]:
    """Every number in the text read as an amount: separators, currency marks, K/M/B, 万/亿, million, spelled
    English numbers ("sixty"), a minus sign or "minus" of its own ("SMB -7", "minus 7": -7)."""
    return [(-1.0 if m["sign"] else 1.0) * _number(m[2], m[3]) * _AMOUNT_SCALE.get(m[4] or "", 1.0)
            for m in _AMOUNT.finditer(_numeric_text(text))]


_PERCENT = re.compile(_NUMBER + r"\s*(?:%|percent(?![a-z])|per cent(?![a-z])|pct(?![a-z]))")
_CN_PERCENT = re.compile(rf"百分之\s*(\d+|{_CN_NUM})(?:\s*(?:点|\.)\s*([\d〇零一二三四五六七八九]+))?")


def percents(text: str) -> list[float]:
    """Every percentage in the text: 12.5%, 12.5 percent, twelve percent, 百分之十二点五."""
    norm = _numeric_text(text)
    out = [_number(m[1], m[2]) for m in _PERCENT.finditer(norm)]
    for m in _CN_PERCENT.finditer(norm):
        decimals = "".join(str(_CN[c]) if c in _CN else c for c in (m[2] or ""))
        whole = _small(m[1]) if not m[1].isdigit() else int(m[1])
        if whole is not None:
            out.append(float(f"{whole}" + ("." + decimals if decimals else "")))
    return out


_DURATION = re.compile(
    _NUMBER + r"\s*-?\s*(ms|msec|milliseconds?|毫秒|s|secs?|seconds?|秒钟?|min|mins|minutes?|分钟|h|hrs?|hours?|小时"
    r"|days?|天|weeks?|wks?|周|星期|个星期|个小时|个钟头)(?![a-z])"
)
_DURATION_UNIT = [("ms", 0.001), ("msec", 0.001), ("milli", 0.001), ("毫秒", 0.001), ("s", 1.0), ("秒", 1.0),
                  ("min", 60.0), ("分钟", 60.0), ("h", 3600.0), ("小时", 3600.0), ("个小时", 3600.0), ("个钟头", 3600.0),
                  ("d", 86400.0), ("天", 86400.0),
                  ("w", 604800.0), ("周", 604800.0), ("星期", 604800.0), ("个星期", 604800.0)]


def durations(text: str) -> list[float]:
    """Every duration in the text, in seconds: 3 s, 3 seconds, 3000 ms, 3秒, 2 min, 1.5 小时, sixty days, 2 周."""
    out = []
    for m in _DURATION.finditer(_numeric_text(text)):
        unit = next(scale for prefix, scale in _DURATION_UNIT if m[3].startswith(prefix))
        out.append(_number(m[1], m[2]) * unit)
    return out


# -- indicators -----------------------------------------------------------------------------

_REFANG: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"h(?:xx|\*\*|\[tt\]|tt)p(s?)", re.I), r"http\1"),
    (re.compile(r"\[(?:\.|dot)\]|\((?:\.|dot)\)|\{(?:\.|dot)\}", re.I), "."),
    (re.compile(r"\[(?:@|at)\]|\((?:@|at)\)|\{(?:@|at)\}", re.I), "@"),
    (re.compile(r"\[:\]|\(:\)|\[://\]"), lambda m: m[0].strip("[]()")),
]


def refang(text: str) -> str:
    """A defanged indicator made live again: `xlngyun-tech[.]cn` -> `xlngyun-tech.cn`, `hxxp` -> `http`."""
    for pattern, repl in _REFANG:
        text = pattern.sub(repl, text)
    return text


# -- entry point ----------------------------------------------------------------------------


def _parse_time(expected: Any) -> int:
    found = times(str(expected))
    if not found:
        raise ValueError(f"not a time: {expected!r}")
    return found[0]


def _parse_range(expected: Any) -> tuple[int, int]:
    found = time_ranges(str(expected))
    if not found:
        raise ValueError(f"not a time range: {expected!r}")
    return found[0]


def _parse_date(expected: Any) -> Date:
    try:
        return Date.fromisoformat(str(expected))
    except ValueError:
        raise ValueError(f"not a date as YYYY-MM-DD: {expected!r}") from None


def _parse_weekday(expected: Any) -> int:
    found = weekdays(str(expected))
    if len(found) != 1:
        raise ValueError(f"not one day of the week: {expected!r} (write it as an English day name)")
    return found[0]


def _close(values: Iterator[float] | list[float], expected: Any) -> bool:
    target = float(expected)
    return any(abs(v - target) <= 0.005 for v in values)


def _mentions_time(expected: Any, text: str) -> bool:
    return _parse_time(expected) in times(text)


def _mentions_range(expected: Any, text: str) -> bool:
    return _parse_range(expected) in time_ranges(text)


def _mentions_date(expected: Any, text: str) -> bool:
    day = _parse_date(expected)
    return day in dates(text, day.year)


def _mentions_indicator(expected: Any, text: str) -> bool:
    return normalize(refang(str(expected))) in normalize(refang(text))


_DAY_OF_MONTH = re.compile(rf"(?<![\d.:/\-])(\d{{1,2}}|{_CN_NUM})\s*(?:日|号|號|(?:st|nd|rd|th)(?![a-z]))"
                           r"|(?<![a-z])day\s+(\d{1,2})(?!\d)")


def days_of_month(text: str) -> list[int]:
    """Every day of the month the text names: 25日, 25 号, 二十五号, the 25th, day 25 (a full date names its day too)."""
    norm = normalize(text)
    found = [_small(m[1] or m[2]) for m in _DAY_OF_MONTH.finditer(norm)]
    return [d for d in found if d is not None and 1 <= d <= 31] + [d.day for d in dates(text, 2000)]


def _mentions_day_of_month(expected: Any, text: str) -> bool:
    day = int(expected)
    if not 1 <= day <= 31:
        raise ValueError(f"not a day of the month: {expected!r}")
    return day in days_of_month(text)


FORMS: dict[str, Callable[[Any, str], bool]] = {
    "day_of_month": _mentions_day_of_month,
    "time": _mentions_time,
    "time_range": _mentions_range,
    "date": _mentions_date,
    "weekday": lambda expected, text: _parse_weekday(expected) in weekdays(text),
    "amount": lambda expected, text: _close(amounts(text), expected),
    "percent": lambda expected, text: _close(percents(text), expected),
    "duration_s": lambda expected, text: _close(durations(text), expected),
    "indicator": _mentions_indicator,
}


def mentions(form: str, expected: Any, text: str) -> bool:
    """Whether `text` mentions `expected` in any way the form accepts; a bad `expected` raises ValueError."""
    return FORMS[form](expected, text)
