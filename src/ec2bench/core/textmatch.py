"""Normalised text matching, shared by graders and the privacy audit so both agree on "occurs".

Normalisation: Unicode NFKC (full-width to half-width), case folding, whitespace collapsed, and
every Unicode dash or minus sign (`‐ – — −` ...) read as `-`, so `−1,463.47` is `-1,463.47`.
A needle that is mostly digits (a phone, an ID, an account or an amount) also matches with
any of ` -./,` between its digits, but never as part of a longer digit run, so `139 1234 5678`
matches `13912345678` and `1200` does not match inside `51200`.

Words are matched however they are compounded: between two letters a hyphen may be added or
left out (`email` / `e-mail`) and a hyphen and a space stand for each other (`time-out` / `time
out`); where both sides have at least three letters the space may be left out or added too
(`timeout` / `time out`). Shorter pieces keep their space (`Li Wei` is not `LiWei`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Annotated, Any

from pydantic import AfterValidator

from ec2bench.core.safe_regex import checked

_SPACE = re.compile(r"\s+")
_SEPARATORS = r"(?:\)\s?|[\s\-./,(])?"  # between two digits: one separator, or a closing parenthesis and a space
# hyphens, dashes and minus signs NFKC leaves alone (U+2010-2015, U+2212, small and full-width forms)
_DASHES = str.maketrans({ch: "-" for ch in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"})


# A regular expression written in a task file, checked when the task loads and run by RE2 in linear
# time (`ec2bench.core.safe_regex`: Python syntax without backreferences or lookaround).
RegexText = Annotated[str, AfterValidator(checked)]


@lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    """NFKC, casefold, collapse whitespace, every dash and minus sign as `-`.

    Cached (it is pure): an episode normalises the same tool results, messages and fixture values
    again and again (its growing history, the grader, the injection check)."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold().translate(_DASHES)).strip()


def normalize_lines(parts: list[str]) -> str:
    """`normalize("\n".join(parts))`, normalising each part on its own (and once, `normalize` is cached).

    Equal to normalising the joined text: a line break composes with no neighbour under NFKC, and
    whitespace runs collapse to one space whether or not they span the break. So a growing history
    costs only its new parts."""
    return " ".join(n for n in map(normalize, parts) if n)


def _numeric(needle: str) -> bool:
    digits = sum(ch.isdigit() for ch in needle)
    return digits >= 3 and digits >= 0.6 * len(re.sub(r"[\s\-./,+()]", "", needle))


@lru_cache(maxsize=4096)
def _pattern(needle: str) -> re.Pattern[str]:
    norm = normalize(needle)
    if _numeric(norm):
        chunks = [re.escape(ch) for ch in re.sub(r"[\s\-./,]", "", norm)]
        return re.compile(_not_after(r"\d", _SEPARATORS.join(chunks), chunks[0]) + r"(?!\d)")
    body = _compound_body(norm)
    # a needle that starts or ends with a digit is not part of a longer number: "17" is not in "170", "size=1" not in "size=10"
    if norm[0].isdigit():
        body = _not_after(r"\d", body, re.escape(norm[0]))
    return re.compile(body + (r"(?!\d)" if norm[-1].isdigit() else ""))


def _not_after(forbidden: str, body: str, first: str) -> str:
    """`(?<!forbidden)body` written to start with `first`, the body's first (escaped) character: `re` searches
    for a pattern that starts with a literal by scanning for that character, and tries one that starts with
    a lookbehind at every position of the text (several times slower on the long texts searched here)."""
    return f"{first}(?<!{forbidden}{first}){body[len(first):]}"


def _letter(ch: str) -> bool:
    """A letter of a script that writes compounds with hyphens or spaces (not Chinese or Japanese)."""
    return ch.isalpha() and unicodedata.east_asian_width(ch) not in ("W", "F")


_JOINABLE = 3  # a space may be left out or added only between two pieces of at least this many letters


def _wide(ch: str) -> bool:
    """A Chinese or Japanese character (a letter of a script written without spaces)."""
    return ch.isalpha() and unicodedata.east_asian_width(ch) in ("W", "F")


def _letter_digit(a: str, b: str) -> bool:
    """An ASCII letter next to a digit, either way round."""
    return a.isascii() and b.isascii() and ((a.isalpha() and b.isdigit()) or (a.isdigit() and b.isalpha()))


def _mixed_script(a: str, b: str) -> bool:
    """Two neighbours of which one is a wide character and the other an ASCII letter or digit."""
    return (_wide(a) and b.isascii() and b.isalnum()) or (_wide(b) and a.isascii() and a.isalnum())


def _compound_body(norm: str) -> str:
    """The regex body of a normalised word needle, compounding as the module docstring says."""
    out: list[str] = []
    i = 0
    while i < len(norm):
        ch = norm[i]
        out.append(re.escape(ch))
        space = 1 if norm[i + 1:i + 2] == " " else 0
        if i + 1 + space < len(norm) and _mixed_script(ch, norm[i + 1 + space]):
            out.append(r"\s?")  # "21 楼" and "21楼", "398 号" and "398号": the space between scripts is typographic
            i += 1 + space
            continue
        if norm[i + 1:i + 2] == " " and i + 2 < len(norm) and _letter_digit(ch, norm[i + 2]):
            out.append(r"[\s\-]?")  # "net 30" finds "net-30" and "net30" (a needle's hyphen stays: INV-2317 is no INV2317)
            i += 2
            continue
        if not _letter(ch):
            i += 1
            continue
        left = 0
        while left < i + 1 and _letter(norm[i - left]):
            left += 1
        gap = norm[i + 1] if i + 1 < len(norm) and norm[i + 1] in " -" else ""
        nxt = i + 1 + len(gap)
        if nxt >= len(norm) or not _letter(norm[nxt]):
            i += 1
            continue
        right = 0
        while nxt + right < len(norm) and _letter(norm[nxt + right]):
            right += 1
        joinable = left >= _JOINABLE and right >= _JOINABLE
        if joinable or gap == "-":
            out.append(r"[\s\-]?")
        elif gap == " ":
            out.append(r"[\s\-]")
        else:
            out.append(r"-?")
        i = nxt
    return "".join(out)


def occurs(needle: str, haystack: str) -> bool:
    """Whether `needle` occurs in `haystack` after normalisation (see module docstring)."""
    if not needle.strip():
        return False
    return _pattern(needle).search(normalize(haystack)) is not None


def spans_normalized(needle: str, normalized_haystack: str) -> list[tuple[int, int]]:
    """Every place `needle` occurs (as `occurs` finds it) in a haystack already passed through `normalize`."""
    if not needle.strip():
        return []
    return [m.span() for m in _pattern(needle).finditer(normalized_haystack)]


def find_normalized(needle: str, normalized_haystack: str) -> tuple[int, int] | None:
    """Where `needle` occurs in a haystack already passed through `normalize`, or None."""
    if not needle.strip():
        return None
    match = _pattern(needle).search(normalized_haystack)
    return match.span() if match else None


# -- sensitive-unit matching (privacy audit and task validator) --------------------------------
#
# Units are matched with the same normalisation plus two things a grader's substring test does
# not need: numerals are canonicalised (Chinese digits and numbers, `万`/`亿`, "million"), and a
# needle that starts or ends with an ASCII letter or digit must not be glued to more of them,
# so `Project Tern` is not found in `project ternary`. Both sides go through `canonical`, so the
# rule is symmetric: whatever rendering the annotation uses, any equivalent one is found.

_CN_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_SMALL = {"十": 10, "百": 100, "千": 1000}
_CN_RUN = re.compile(r"[〇零一二两三四五六七八九十百千万亿]+")
# An Arabic number followed by a large multiplier: `368 万`, `1.2亿`, `2.5 million`.
_SCALED = re.compile(r"(?<![\d.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s?(万|亿|million|billion)(?![a-z])")
_SCALE = {"万": 10_000, "亿": 100_000_000, "million": 1_000_000, "billion": 1_000_000_000}
# zero cents: 800000.0 and 1,440.00 are 800000 and 1,440 (not 8000000 and 144000); so a final
# `.0`/`.00` group is always read as zero cents, never as digits of an identifier
_ZERO_DECIMALS = re.compile(r"(?<![\d.])(\d[\d,]*)\.0{1,2}(?![.\d])")


def _cn_number(run: str) -> int | None:
    """The value of a Chinese numeral such as 一百二十万 or 三千五百; None if it is not one."""
    yi, wan, section, digit = 0, 0, 0, None
    for ch in run:
        if ch in _CN_DIGITS:
            if digit:  # two digits in a row (一二): not a positional numeral; 零 only fills a gap
                return None
            digit = _CN_DIGITS[ch]
        elif ch in _CN_SMALL:
            section += (1 if digit is None else digit) * _CN_SMALL[ch]
            digit = None
        elif ch == "万":
            if section + (digit or 0) == 0:
                return None
            wan, section, digit = (section + (digit or 0)) * 10_000, 0, None
        else:  # 亿
            if yi + wan + section + (digit or 0) == 0:
                return None
            yi, wan, section, digit = (yi + wan + section + (digit or 0)) * 100_000_000, 0, 0, None
    return yi + wan + section + (digit or 0)


def _cn_numeral(match: re.Match[str]) -> str:
    run = match.group(0)
    if run[0] not in _CN_DIGITS and run[0] != "十":
        return run  # 万一, 百分之...: a word, not a number
    if all(ch in _CN_DIGITS for ch in run):
        # digit by digit (一三九…, 二〇二四): only runs of 3+, so 一一对应 stays text
        return "".join(str(_CN_DIGITS[ch]) for ch in run) if len(run) >= 3 else run
    if len(run) < 2:
        return run
    value = _cn_number(run)
    return run if value is None else str(value)


def _scaled(match: re.Match[str]) -> str:
    from decimal import Decimal

    value = Decimal(match.group(1).replace(",", "") + (match.group(2) or "")) * _SCALE[match.group(3)]
    text = format(value.normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def canonical_numerals(text: str) -> str:
    """Chinese numerals to Arabic (一三九 -> 139, 一百二十万 -> 1200000), large multipliers
    expanded (368 万 -> 3680000, 1.2 million -> 1200000), zero decimals dropped (800000.0 -> 800000).
    Applied to normalised text."""
    return _ZERO_DECIMALS.sub(r"\1", _SCALED.sub(_scaled, _CN_RUN.sub(_cn_numeral, text)))


def canonical(text: str) -> str:
    """`normalize` followed by `canonical_numerals`: the text that sensitive units are matched in.
    Remembered: short texts (a unit's renderings, names, addresses: the same few hundred in every
    episode of a task), and the last `LONG_TEXTS_KEPT` long ones (tool results and payloads, which
    the episodes of a task mostly share)."""
    return _canonical_short(text) if len(text) <= _SHORT else _canonical_long(text)


_SHORT = 256
LONG_TEXTS_KEPT = 2048


@lru_cache(maxsize=16384)
def _canonical_short(text: str) -> str:
    return canonical_numerals(normalize(text))


@lru_cache(maxsize=LONG_TEXTS_KEPT)
def _canonical_long(text: str) -> str:
    return canonical_numerals(normalize(text))


def is_numeric(needle: str) -> bool:
    """Mostly digits (a phone, an ID, an account, an amount): matched with separators between digits."""
    return _numeric(needle)


@lru_cache(maxsize=8192)
def unit_pattern(rendering: str) -> re.Pattern[str] | None:
    """The compiled pattern that finds one rendering of a unit in `canonical` text (None if empty)."""
    norm = canonical(rendering)
    if not norm:
        return None
    if _numeric(norm):
        chunks = [re.escape(ch) for ch in re.sub(r"[\s\-./,]", "", norm)]
        forbidden = "[0-9a-z]" if norm[0].isascii() and norm[0].isalpha() else r"\d"
        tail = r"(?![0-9a-z])" if norm[-1].isascii() and norm[-1].isalpha() else r"(?!\d)"
        return re.compile(_not_after(forbidden, _SEPARATORS.join(chunks), chunks[0]) + tail)
    body = re.escape(norm)
    head = _not_after("[0-9a-z]", body, re.escape(norm[0])) if norm[0].isascii() and norm[0].isalnum() else body
    tail = r"(?![0-9a-z])" if norm[-1].isascii() and norm[-1].isalnum() else ""
    return re.compile(head + tail)


def find_unit(renderings: list[str] | tuple[str, ...], canonical_haystack: str) -> tuple[int, int] | None:
    """The first place any rendering of a unit occurs in a haystack passed through `canonical`."""
    best: tuple[int, int] | None = None
    for rendering in renderings:
        pattern = unit_pattern(rendering) if rendering.strip() else None
        match = pattern.search(canonical_haystack) if pattern else None
        if match and (best is None or match.start() < best[0]):
            best = match.span()
    return best


def unit_occurs(renderings: list[str] | tuple[str, ...], haystack: str) -> bool:
    """Whether any rendering of a sensitive unit occurs in `haystack` (audit and validator share this)."""
    return find_unit(renderings, canonical(haystack)) is not None


def leaf_texts(value: Any) -> list[str]:
    """Every scalar in a parsed fixture (mappings and lists walked), as text."""
    if isinstance(value, dict):
        return [t for v in value.values() for t in leaf_texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in leaf_texts(v)]
    return [] if value is None else [str(value)]
