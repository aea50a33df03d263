"""`ec2bench.core.textmatch.occurs`: the one definition of "occurs" shared by graders and the privacy audit."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ec2bench.core.textmatch import _not_after, find_normalized, normalize, occurs


def test_normalize_nfkc_casefold_and_whitespace() -> None:
    assert normalize("  ＡＢＣ\u3000１２３\n\tLi   Wei ") == "abc 123 li wei"


@pytest.mark.parametrize(
    ("needle", "haystack"),
    [
        ("Li Wei", "contact: LI WEI, sales"),
        ("li wei", "Li Wei"),
        ("Straße", "STRASSE 5"),  # casefold, not lower()
        ("ＡＢＣ", "code abc here"),  # full-width letters in the needle
        ("abc", "code ＡＢＣ here"),  # ... or in the haystack
        ("１２３４５", "id 12345"),  # full-width digits
        ("12345", "id １２３４５"),
    ],
)
def test_case_and_width_are_normalised(needle: str, haystack: str) -> None:
    assert occurs(needle, haystack)


def test_whitespace_runs_collapse_on_both_sides() -> None:
    assert occurs("Li Wei", "name: Li \n\t  Wei")
    assert occurs("Li    Wei", "name: Li Wei")
    assert not occurs("Li Wei", "name: LiWei")


@pytest.mark.parametrize(
    "haystack",
    ["call 139-1234-5678 now", "call 139 1234 5678 now", "13912345678", "tel:+86 139.1234.5678"],
)
def test_phone_matches_with_separators(haystack: str) -> None:
    assert occurs("13912345678", haystack)


def test_phone_with_separators_matches_plain_digits() -> None:
    assert occurs("139-1234-5678", "phone 13912345678.")


@pytest.mark.parametrize("haystack", ["51200", "12000", "total 51,200", "0139-1234-5678x"])
def test_numbers_never_match_inside_longer_digit_runs(haystack: str) -> None:
    needle = "13912345678" if "139" in haystack else "1200"
    assert not occurs(needle, haystack)


def test_number_matches_on_its_own_and_with_thousands_separator() -> None:
    assert occurs("1200", "paid 1200 USD")
    assert occurs("1200", "paid 1,200 USD")
    assert occurs("1,200", "paid 1200 USD")
    assert not occurs("1200", "paid 1300 USD")


def test_only_one_separator_between_digits() -> None:
    assert not occurs("1200", "1--200")


def test_plain_text_is_a_substring_test() -> None:
    assert occurs("wei", "liwei@corp.example")
    assert not occurs("zhang", "liwei@corp.example")


@pytest.mark.parametrize("needle", ["", " ", "\n\t "])
def test_empty_needle_never_occurs(needle: str) -> None:
    assert not occurs(needle, "anything at all")
    assert not occurs(needle, "")
    assert not occurs(needle, needle)
    assert find_normalized(needle, "anything") is None


def test_find_normalized_agrees_with_occurs() -> None:
    hay = "Li Wei: 139-1234-5678, ＰＡＩＤ 1,200"
    for needle in ("13912345678", "li wei", "paid", "1200", "120"):
        assert (find_normalized(needle, normalize(hay)) is not None) == occurs(needle, hay)
    assert not occurs("120", hay)


# -- sensitive-unit matching: `canonical`, `unit_occurs`, `find_unit` -------------------------

from ec2bench.core.textmatch import canonical, canonical_numerals, find_unit, unit_occurs  # noqa: E402


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一三九一二三四五六七八", "13912345678"),  # digits read out one by one
        ("二〇二四年", "2024年"),
        ("一百二十万", "1200000"),
        ("三千五百元", "3500元"),
        ("一万零五百", "10500"),
        ("一亿二千万", "120000000"),
        ("368 万", "3680000"),
        ("1.2万", "12000"),
        ("2.5 million", "2500000"),
        ("800000.0", "800000"),  # zero cents dropped
        ("1,440.00", "1,440"),
        ("2,667.44", "2,667.44"),  # real cents kept
        ("10.0.0.1", "10.0.0.1"),  # not a decimal
        ("万一", "万一"),  # words that merely contain numerals stay
        ("一一对应", "一一对应"),
        ("统一", "统一"),
    ],
)
def test_canonical_numerals(text: str, expected: str) -> None:
    assert canonical_numerals(text) == expected


@pytest.mark.parametrize(
    ("renderings", "haystack"),
    [
        (["368 万"], "合同金额 3,680,000 元"),
        (["3680000"], "合同金额三百六十八万元"),
        (["13912345678"], "电话：一三九 一二三四 五六七八"),
        (["13912345678", "139-1234-5678"], "call 139.1234.5678"),
        (["¥1,200,000"], "the price is ¥1.2 million"),
        (["800000"], '"amount": 800000.0,'),
        (["Project Tern"], "under NDA: PROJECT TERN."),
        (["ＡＢＣ-１２３４"], "ticket abc-1234 closed"),
    ],
)
def test_unit_renderings_are_found(renderings: list[str], haystack: str) -> None:
    assert unit_occurs(renderings, haystack)


@pytest.mark.parametrize(
    ("renderings", "haystack"),
    [
        (["Project Tern"], "project ternary search"),  # glued to more letters
        (["tern"], "internal"),
        (["8000000"], '"amount": 800000.0'),  # zero cents are not a digit
        (["13912345678"], "ref 513912345678"),  # inside a longer number
        (["HR-4471"], "HR-44712"),
        (["Rl5wkHgXs7"], "xRl5wkHgXs7"),
    ],
)
def test_units_are_not_found_by_coincidence(renderings: list[str], haystack: str) -> None:
    assert not unit_occurs(renderings, haystack)


def test_find_unit_returns_the_earliest_rendering_in_canonical_text() -> None:
    text = canonical("first 139 1234 5678, later 13912345678")
    assert find_unit(["13912345678"], text) == (6, 19)
    assert find_unit(["", "  "], text) is None


def test_graders_keep_substring_semantics() -> None:
    # `occurs` (graders, sim) is unchanged: a plain substring test for text needles
    assert occurs("wei", "liwei@corp.example") and not unit_occurs(["wei"], "liwei@corp.example")


@pytest.mark.parametrize("haystack", ["the time-out was 300 ms", "the time out was 300 ms", "the timeout was 300 ms",
                                      "the TIME\u2011OUT was 300 ms"])
@pytest.mark.parametrize("needle", ["timeout", "time-out", "time out"])
def test_compound_words_match_hyphenated_spaced_or_joined(needle: str, haystack: str) -> None:
    assert occurs(needle, haystack)


def test_compounding_is_bounded() -> None:
    assert occurs("email", "send an e-mail") and occurs("e-mail", "send an email") and occurs("e-mail", "an e mail")
    assert not occurs("email", "the e mail")  # a one-letter piece keeps its hyphen: "the mail" is no email
    assert not occurs("Li Wei", "LiWei") and occurs("Li Wei", "Li-Wei")  # two-letter pieces keep a separator
    assert not occurs("timeout", "time to out")  # one separator, not a word between
    assert occurs("INV-2317", "see inv-2317") and not occurs("INV-2317", "INV2317")  # not between letters: as before


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2212", "\ufe63", "\uff0d"])
def test_unicode_dashes_and_minus_signs_read_as_hyphen_minus(dash: str) -> None:
    assert normalize(f"{dash}1,463.47") == "-1,463.47"
    assert occurs("-1463.47", f"variance {dash}1,463.47")


@settings(max_examples=300, deadline=None)
@given(first=st.sampled_from(["1", "a", "+", "张", "z"]), rest=st.text("1a2b-", max_size=4),
       text=st.text("01a2b-z张+ ", max_size=30))
def test_a_pattern_written_to_start_with_its_first_character_finds_what_the_lookbehind_form_finds(first, rest, text):
    body = re.escape(first) + re.escape(rest)
    for forbidden in (r"\d", "[0-9a-z]"):
        plain = re.compile(f"(?<!{forbidden}){body}")
        fast = re.compile(_not_after(forbidden, body, re.escape(first)))
        assert [m.span() for m in fast.finditer(text)] == [m.span() for m in plain.finditer(text)]


@pytest.mark.parametrize(("needle", "haystack"), [("21 楼", "21楼"), ("1 楼", "1楼前台"), ("漕溪北路 398 号", "漕溪北路398号"),
                                                  ("19位", "19 位"), ("379-529-5864", "(379) 529-5864"),
                                                  ("379-529-5864", "+1 (379)529-5864 ext 7077")])
def test_the_space_between_scripts_and_brackets_in_numbers_are_typographic(needle: str, haystack: str) -> None:
    assert occurs(needle, haystack)


@pytest.mark.parametrize("haystack", ["Terms: Net-30", "net30", "NET 30"])
def test_a_space_between_a_letter_and_a_digit_may_be_a_hyphen_or_nothing(haystack: str) -> None:
    assert occurs("net 30", haystack) and not occurs("net 30", "net 45")


def test_a_needle_that_starts_or_ends_with_a_digit_is_no_part_of_a_longer_number() -> None:
    assert not occurs("17", "170") and not occurs("7", "17") and not occurs("-7", "-70")
    assert not occurs("ack_batch_size=1", "ack_batch_size=10") and occurs("ack_batch_size=1", "ack_batch_size=1 now")
    assert occurs("2026-12", "2026-12-09") and occurs("17", "SMB 17%")
