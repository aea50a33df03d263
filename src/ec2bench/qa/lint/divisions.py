"""Chinese addresses whose province, prefecture and county do not belong together.

Faker's zh_CN `address()` picks each level at random ("西藏自治区重庆市璧山…"), which no postal
address can be. The rule reads the division codes that python-stdnum keeps (`stdnum/cn/loc.dat`,
from the national table of administrative division codes, with the names each code has had) and
checks every address it can parse: after a province's full name, the next division named must lie
in that province, and a county named after a prefecture must lie in that prefecture.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ec2bench.qa.lint import Finding, TaskRule
from ec2bench.qa.lint.texts import readable_texts
from ec2bench.tasks.loader import Task

_ENTRY = re.compile(r'^(\s*)(\d+) (province|county)="([^"]+)"')
_PERIOD = re.compile(r"^\[[^\]]*\]")  # "[1983-1989]南头区办事处,[1990-]南山区": each name with its years
GROUPINGS = frozenset({"市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划"})  # rows that are not places
LOOKAHEAD = 12  # characters after a division's name searched for the next level


@dataclass(frozen=True)
class Divisions:
    provinces: dict[str, str]  # full name -> 2-digit code
    below: dict[str, frozenset[str]]  # prefecture or county name -> its 6-digit codes (any period)

    def lower_levels(self, text: str) -> Iterator[tuple[str, frozenset[str]]]:
        """The longest division name at the start of `text`, with its codes (nothing when none)."""
        for size in range(min(len(text), 8), 1, -1):
            codes = self.below.get(text[:size])
            if codes:
                yield text[:size], codes
                return


@cache
def divisions() -> Divisions:
    provinces: dict[str, str] = {}
    below: dict[str, set[str]] = {}
    province = ""
    for line in resources.files("stdnum.cn").joinpath("loc.dat").read_text(encoding="utf-8").splitlines():
        m = _ENTRY.match(line)
        if not m:
            continue
        indent, code, level, names = m.groups()
        for name in (_PERIOD.sub("", n) for n in names.split(",")):
            if level == "province" and not indent:
                province = code
                provinces[name] = code
                below.setdefault(name, set()).add(code + "0000")
            elif level == "county" and not code.endswith("0000") and name not in GROUPINGS:
                below.setdefault(name, set()).add(province + code)
    return Divisions(provinces, {k: frozenset(v) for k, v in below.items()})


def addresses(task: Task) -> Iterator[Finding]:
    data = divisions()
    pattern = re.compile("|".join(sorted(map(re.escape, data.provinces), key=len, reverse=True)))
    for where, text in readable_texts(task):
        for m in pattern.finditer(text):
            problem = _mismatch(data, data.provinces[m.group()], text[m.end():m.end() + LOOKAHEAD])
            if problem:
                yield Finding("division", task.id, where, f"{text[m.start():m.end() + LOOKAHEAD]!r}: {m.group()}{problem}")


def _mismatch(data: Divisions, province: str, rest: str) -> str | None:
    """Why the divisions named in `rest` cannot follow the province `province` (None when they can)."""
    for name, codes in data.lower_levels(rest):
        inside = {c for c in codes if c.startswith(province)}
        if not inside:
            return f" is followed by {name}, which is not in it"
        prefectures = {c[:4] for c in inside if c.endswith("00")}
        for county, county_codes in data.lower_levels(rest[len(name):]):
            if prefectures and not any(c[:4] in prefectures for c in county_codes):
                return f"{name} is followed by {county}, which is not in it"
    return None


RULES: dict[str, TaskRule] = {"division": addresses}
