"""Helpers shared by the built-in tasks' `make_fixtures.py` generators.

`scripts/make_fixtures.py` puts this folder on `sys.path` before it loads a generator, so a
generator imports these with `from fixture_kit import ...`. None of them draws from Faker, so
using them never shifts a Faker-generated value; the ones that draw (`cn_mobile`, `us_phone`) take
the generator's own `random.Random`. The identity helpers need the `fixtures` extra (python-stdnum,
phonenumbers, pypinyin): the ids, divisions and phones they make pass `ec2bench tasks lint`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml


def write_text(path: Path, text: str) -> None:
    """Write UTF-8 text, creating the parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def dump_yaml(path: Path, data: object) -> None:
    """Write `data` as YAML in insertion order, non-ASCII characters kept as they are."""
    write_text(path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def write_file(out: Path, rel: str, text: str) -> None:
    """Write a file of the task's sandbox, `out/files/<rel>`."""
    write_text(out / "files" / rel, text)


def one_line(address: str) -> str:
    """A multi-line Faker address on one line."""
    return address.replace("\n", ", ")


def numbered(prefix: str, records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The records in order, each with an `id` first: `<prefix>-0001`, `<prefix>-0002`, ..."""
    return [{"id": f"{prefix}-{i:04d}", **record} for i, record in enumerate(records, start=1)]


# -- identities that exist: checked against maintained datasets (the `lint` extra), never hand lists --------
# Each takes what it needs as arguments (and a `random.Random` where it draws), so a generator decides
# what its people are and these make their ids, mailboxes, phones and addresses consistent and valid.


def mailbox(name: str, domain: str, style: str = "first.last") -> str:
    """A personal mailbox that matches the name (`tasks lint`: name-mailbox).

    English names: `first.last` (priya.nair@), `flast` (pnair@), `first` (priya@). Chinese names are
    written in pinyin, family name first: `first.last` gives zhang.xiaoming@, `flast` zhangxm@
    (family name and the given name's initials), `first` xiaoming.zhang@."""
    from pypinyin import lazy_pinyin

    if any("\u4e00" <= ch <= "\u9fff" for ch in name):
        syllables = lazy_pinyin(name)
        family, given = syllables[0], syllables[1:]
        local = {"first.last": f"{family}.{''.join(given)}", "flast": family + "".join(s[0] for s in given),
                 "first": f"{''.join(given)}.{family}"}[style]
    else:
        parts = [p.lower().strip(".'") for p in name.split()]
        first, last = parts[0], parts[-1]
        local = {"first.last": f"{first}.{last}", "flast": first[0] + last, "first": first}[style]
    return f"{local}@{domain}"


def _divisions() -> dict[str, tuple[str, str, str]]:
    """Current county-level codes -> (province, prefecture, county) names, from python-stdnum's table."""
    import re
    from importlib import resources

    entry = re.compile(r'^(\s*)(\d+) (province|county)="([^"]+)"')
    province, names = "", {}
    out: dict[str, tuple[str, str, str]] = {}
    for line in resources.files("stdnum.cn").joinpath("loc.dat").read_text(encoding="utf-8").splitlines():
        m = entry.match(line)
        if not m:
            continue
        indent, code, level, raw = m.groups()
        if level == "province" and not indent:
            province, names[code] = code, _current_name(raw)
        elif level == "county":
            names[province + code] = _current_name(raw)
            if not code.endswith("00"):
                prefecture = names.get(province + code[:2] + "00", names[province])
                out[province + code] = (names[province], prefecture, names[province + code])
    return out


def _current_name(names: str) -> str:
    """The name a code has today: of `[1983-1989]南头区办事处,[1990-]南山区`, the one whose period is open."""
    options = names.split(",")
    today = [n for n in options if not n.startswith("[") or n.split("]")[0].endswith("-")]
    return (today or options)[-1].split("]")[-1]


def cn_address(county_code: str, street: str) -> str:
    """`广东省深圳市南山区` + street: the three divisions of a county code, which belong together
    (`tasks lint`: division). For a municipality the prefecture level is the city itself."""
    province, prefecture, county = _divisions()[county_code]
    middle = "" if prefecture in (province, "市辖区", "县") else prefecture
    return f"{province}{middle}{county}{street}"


def resident_id(county_code: str, birth: str, sequence: int) -> str:
    """A Chinese resident id (GB 11643) for a county code, a birth date `YYYY-MM-DD` and a 3-digit
    sequence (odd for men, even for women), with its check digit."""
    from stdnum.cn import ric

    if county_code not in _divisions():
        raise ValueError(f"{county_code}: not a county-level division code")
    body = f"{county_code}{birth.replace('-', '')}{sequence:03d}"
    return body + ric.calc_check_digit(body + "0")


def cn_mobile(rng: random.Random) -> str:
    """A Chinese mobile number, `139-1234-5678`, from a prefix the numbering plan assigns."""
    prefixes = [p for p in ("133", "135", "136", "137", "138", "139", "150", "151", "152", "158", "159", "177",
                            "180", "181", "186", "187", "188", "189", "191", "199") if _valid(f"+86{p}12345678")]
    digits = f"{rng.choice(prefixes)}{rng.randrange(10**8):08d}"
    return f"{digits[:3]}-{digits[3:7]}-{digits[7:]}"


def us_phone(rng: random.Random, area: str | None = None) -> str:
    """A US number in the 555-0100..0199 range set aside for fiction (`+1-415-555-0134`), in a real area code."""
    areas = ("212", "312", "415", "503", "512", "617", "646", "702", "720", "206", "305", "404")
    chosen = area or rng.choice(areas)
    number = f"+1-{chosen}-555-01{rng.randrange(100):02d}"
    if not _valid(number):
        raise ValueError(f"{number}: no numbering plan assigns it")
    return number


def _valid(number: str) -> bool:
    import phonenumbers

    return phonenumbers.is_valid_number(phonenumbers.parse(number))
