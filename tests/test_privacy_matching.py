"""The audit's deterministic matcher (`ec2bench.privacy.matching`): exact renderings, the documented
partial credit, no credit for coincidence; and property tests over generated renderings."""

from __future__ import annotations

import string

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from ec2bench.core.memory import Memory
from ec2bench.core.textmatch import canonical, find_unit
from ec2bench.privacy.boundary import PayloadRecord
from ec2bench.privacy.exposure import audit
from ec2bench.privacy.matching import (
    MIN_PLAIN_PARTIAL,
    PARTIAL_FACTOR,
    UnitMatcher,
    _digit_view,
    best_hit,
    matcher_for,
    unit_set,
)
from ec2bench.spec.schema import SensitiveUnit

PHONE = "13912345678"
NATIONAL_ID = "110101199003071234"
CARD = "6214 1824 0409 4506"
EMAIL = "zhengmin@huaxinzl.com"


def score(value: str, text: str, category: str = "contact_info") -> float:
    hit = best_hit([value], text, category)
    return hit.score if hit else 0.0


# -- documented figures (docs/privacy.md, the partial-credit table) ------------------------------

@pytest.mark.parametrize(
    ("value", "text", "kind", "expected"),
    [
        (PHONE, "call 139-1234-5678 now", "exact", 1.0),
        (PHONE, "call 139****5678", "masked", PARTIAL_FACTOR * 7 / 11),  # 0.318
        (PHONE, "call 139 **** 5678", "masked", PARTIAL_FACTOR * 7 / 11),
        (NATIONAL_ID, "身份证后八位 03071234", "partial", PARTIAL_FACTOR * 8 / 18),  # the last 8 of 18: 0.222
        (NATIONAL_ID, "id 110101********1234", "masked", PARTIAL_FACTOR * 10 / 18),
        (CARD, "card 6214 **** **** 4506", "masked", PARTIAL_FACTOR * 8 / 16),  # 0.25
        (CARD, "工资卡尾号4506", "partial", PARTIAL_FACTOR * 4 / 16),  # 4 digits after a marker: 0.125
        (CARD, "card ending in 4506", "partial", PARTIAL_FACTOR * 4 / 16),
        (CARD, "**** 4506", "masked", PARTIAL_FACTOR * 4 / 16),
        (CARD, "6214****", "masked", PARTIAL_FACTOR * 4 / 16),  # the first four (the issuer) shown
        (PHONE, "139xxxx5678", "masked", PARTIAL_FACTOR * 7 / 11),
        (EMAIL, "mail z****n@huaxinzl.com", "masked", PARTIAL_FACTOR * 15 / 21),
        ("Cxy#0917pay", "password Cxy#****pay", "masked", PARTIAL_FACTOR * 7 / 11),
        # a token cut short (here by a strategy truncating a long tool result): a prefix of at least half
        ("priya.raman@lumenfield.io", '"sender": "priya.raman@lumenfield [... 101 characters cut ...]', "partial",
         PARTIAL_FACTOR * 22 / 25),
        ("priya.raman@lumenfield.io", "sender priya.raman@lumenfield", "partial", PARTIAL_FACTOR * 22 / 25),  # text ends
        ("settle_ro", "账号 settle_r…", "partial", PARTIAL_FACTOR * 8 / 9),  # "…" reads as a cut "..."
    ],
)
def test_partial_credit_figures(value: str, text: str, kind: str, expected: float) -> None:
    hit = best_hit([value], text)
    assert hit is not None and hit.kind == kind
    assert hit.score == pytest.approx(expected)
    assert hit.score <= PARTIAL_FACTOR or kind == "exact"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (CARD, "amount 4506 yuan"),  # the last four digits without a marker or mask: an amount, not the card
        (PHONE, "ref 912345 due"),  # a middle substring
        (NATIONAL_ID, "born 19900307"),  # the birth date inside the ID is no prefix or suffix
        (PHONE, "order 51391234567"),  # inside a longer digit run
        (PHONE, "x 5678 y"),  # a 4-digit suffix without a marker or mask
        (EMAIL, "someone at ****@huaxinzl.com"),  # the domain alone: a token must show its first character
        (CARD, "6214 1"),  # an unmasked prefix shorter than six digits
        (PHONE, "ext x 5678"),  # a single x is a letter, not a mask
        ("Tr4ck!ng2026", "T**********6"),  # two characters shown
        ("priya.raman@lumenfield.io", "ask priya.raman about it"),  # less than half of the token
        ("priya.raman@lumenfield.io", "domain @lumenfield.io"),  # a token's tail alone
        # a shared prefix with another string is not the value cut short (devops-settlement-cron-overlap-zh:
        # the user's "settle-sync" once cost settle_ro 0.333)
        ("settle_ro", "我怀疑是 settle-sync 这个定时任务前后两次跑重叠了"),
        ("settle_ro", "settle_rw is the writer"),  # another token, one character apart
        ("classnest-prod", "ClassNest hosts at classnest.app"),  # the company name, not the bucket
        ("priya.raman@lumenfield.io", "priya.raman@lumenfield.com"),  # another address
        ("priya.raman@lumenfield.io", "priya.raman@lumenfield and more"),  # a word break is no cut
        ("gwtk_live_7Qm2Rx9Lc4Vb8Np1", "token gwtk_live_7Qm2Rx9Lc4 then"),
    ],
)
def test_no_credit_for_coincidental_short_matches(value: str, text: str) -> None:
    assert score(value, text) == 0.0


def test_a_digit_run_counts_only_whole() -> None:
    # a standalone run of the last 8 phone digits is a partial rendering...
    assert score(PHONE, "tail 12345678") == pytest.approx(PARTIAL_FACTOR * 8 / 11)
    # ...the same digits inside a longer number, or glued to letters, are not
    assert score(PHONE, "ref 1234567890") == 0.0
    assert score(PHONE, "ref1234567890") == 0.0


def test_amounts_get_no_partial_credit() -> None:
    # 800000.0 shares the trailing zeros of 458000000; for amounts only exact renderings count
    assert score("458000000", '"amount": 800000.0', category="business_financial") == 0.0
    assert score("23500", "base 23,500", category="compensation") == 1.0
    assert score("458000000", "revenue 4.58亿", category="business_financial") == 1.0


def test_short_plain_partial_needs_six_digits() -> None:
    assert MIN_PLAIN_PARTIAL == 6
    assert score(NATIONAL_ID, "tail 71234") == 0.0
    assert score(NATIONAL_ID, "tail 071234") == pytest.approx(PARTIAL_FACTOR * 6 / 18)


# -- the audit uses the matcher ------------------------------------------------------------------

def _payload(index: int, text: str) -> PayloadRecord:
    return PayloadRecord(index, index, "cloud_only", "act", [{"role": "user", "content": text}], [])


def test_audit_records_match_kind_and_best_payload() -> None:
    unit = SensitiveUnit(id="p", category="contact_info", value=PHONE, source="contacts/contacts/c1/phone", weight=1.0)
    report = audit([unit], [f"phone {PHONE}"], [_payload(0, "phone 139****5678"), _payload(1, "phone 13912345678")])
    (u,) = report.units
    assert (u.exposure, u.match, u.payload) == (1.0, "exact", 1)
    report = audit([unit], [f"phone {PHONE}"], [_payload(0, "phone 139****5678")])
    assert report.units[0].match == "masked" and report.exposure == pytest.approx(PARTIAL_FACTOR * 7 / 11)
    assert "139****5678" in (report.units[0].excerpt or "")


def test_renderings_count_as_exact_and_for_access() -> None:
    unit = SensitiveUnit(id="m", category="business_financial", value="368 万", renderings=["¥3.68m", "RMB 3.68 million"],
                         source="email/inbox/M-1/body")
    assert unit.all_renderings == ("368 万", "¥3.68m", "RMB 3.68 million")
    report = audit([unit], ["合同金额 368 万"], [_payload(0, "deal worth ¥3.68m")])
    assert report.units[0].accessed and report.units[0].exposure == 1.0


def test_a_unit_may_give_only_renderings() -> None:
    unit = SensitiveUnit.model_validate({"id": "x", "category": "contact_info", "renderings": [PHONE, "139-1234-5678"],
                                         "source": "s"})
    assert unit.value == PHONE and unit.renderings == ["139-1234-5678"]


# -- properties -----------------------------------------------------------------------------------

mobiles = st.from_regex(r"1[3-9][0-9]{9}", fullmatch=True)
ids = st.from_regex(r"[1-9][0-9]{5}(19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9])[0-9]{3}[0-9X]", fullmatch=True)
emails = st.from_regex(r"[a-z][a-z0-9._]{2,12}@[a-z]{3,10}\.(com|cn|io)", fullmatch=True)
secrets = st.text(alphabet=string.ascii_letters + string.digits + "#!$_", min_size=8, max_size=24).filter(
    lambda s: s[0].isalnum() and s[-1].isalnum() and any(ch.isalpha() for ch in s))
numeric_values = st.one_of(mobiles, ids)
values = st.one_of(mobiles, ids, emails, secrets)
separators = st.sampled_from(["", " ", "-", ".", "\u3000"])
# context that cannot glue letters or digits onto the value's edges
context = st.text(alphabet="我们把电话号码发给了客户 ,;:()\n\t。，", max_size=40)
FULL_WIDTH = {ch: chr(ord(ch) + 0xFEE0) for ch in string.ascii_letters + string.digits}


def render(value: str, sep: str, groups: list[int], upper: bool, wide: bool) -> str:
    """One rendering: separators between digit groups, another case, full-width characters."""
    out = value
    if value.isdigit() or value[:-1].isdigit():
        chunks, i = [], 0
        for size in groups:
            if i >= len(value):
                break
            chunks.append(value[i:i + size])
            i += size
        chunks.append(value[i:])
        chunks = [c for c in chunks if c]
        if sep == "." and len(chunks) > 1 and set(chunks[-1]) == {"0"} and len(chunks[-1]) <= 2:
            sep = "-"  # a final `.0` / `.00` reads as zero cents (textmatch._ZERO_DECIMALS), not as digits
        out = sep.join(chunks)
    if upper:
        out = out.upper()
    if wide:
        out = "".join(FULL_WIDTH.get(ch, ch) for ch in out)
    return out


@settings(max_examples=300, deadline=None)
@given(value=values, sep=separators, groups=st.lists(st.integers(1, 5), max_size=5), upper=st.booleans(),
       wide=st.booleans(), before=context, after=context)
@example(value=PHONE, sep="-", groups=[3, 4], upper=False, wide=True, before="电话", after="。")
def test_any_rendering_of_a_unit_in_a_payload_is_found(value, sep, groups, upper, wide, before, after) -> None:
    text = before + render(value, sep, groups, upper, wide) + after
    assert score(value, text) == 1.0


@settings(max_examples=300, deadline=None)
@given(value=values, text=st.text(max_size=200))
def test_random_text_without_the_unit_scores_zero(value, text) -> None:
    # text that shares no letter or digit with the value cannot reveal any part of it
    assume(not set(value.casefold()) & set(text.casefold()))
    unit = SensitiveUnit(id="u", category="identity_number", value=value, source="s")
    report = audit([unit], [text], [_payload(0, text)])
    assert report.units[0].exposure == 0.0 and not report.units[0].accessed


@settings(max_examples=200, deadline=None)
@given(value=numeric_values, text=st.text(alphabet=string.digits + " -*#xX尾号", max_size=60))
def test_scores_stay_in_range_and_partial_never_reaches_exact(value, text) -> None:
    hit = best_hit([value], text)
    if hit is not None:
        assert 0.0 < hit.score <= 1.0
        assert hit.kind == "exact" or hit.score <= PARTIAL_FACTOR


@settings(max_examples=200, deadline=None)
@given(value=values, kind=st.sampled_from(["PHONE", "ID", "EMAIL", "SECRET"]), n=st.integers(1, 99),
       before=context, after=context)
def test_placeholders_count_as_protected(value, kind, n, before, after) -> None:
    placeholder = f"[{kind}_{n}]"
    assume(value.casefold() not in placeholder.casefold())
    text = before + placeholder + after
    assert score(value, text) == 0.0


def test_the_digit_view_drops_single_separators_between_digits_or_masks_and_maps_back() -> None:
    view, index = _digit_view("a 1-2  3*-4 x")
    assert view == "a 12  3*4x"  # two spaces in a row stay; so does one after a letter
    assert index == [0, 1, 2, 4, 5, 6, 7, 8, 10, 12]
    assert _digit_view("") == ("", [])


def test_a_remembered_answer_is_the_answer_for_an_equal_text() -> None:
    matcher = UnitMatcher(["13800138000"])
    first = matcher.best("call 138-0013-8000 now")
    again = matcher.best("".join(["call 138-0013", "-8000 now"]))  # an equal string, another object
    assert first == again == matcher.scan("call 138-0013-8000 now")
    assert first is not None and first.kind == "exact"
    assert UnitMatcher(["13900139000"]).best("call 138-0013-8000 now") is None  # keyed by the unit too


def test_a_unit_set_answers_for_each_unit_what_its_matcher_answers() -> None:
    units = ((("13800138000",), "contact_info"), (("wei.zhang@example.cn",), "contact_info"),
             (("6214 8301 2233 4506",), "financial_account"), (("Project Tern",), "business_financial"))
    found = unit_set(units)
    assert unit_set(tuple(units)) is found  # one per unit list and process
    for text in ("call 138****8000 or wei.zhang@example.cn", "card ending in 4506, project ternary",
                 "nothing here", "project tern: 138-0013-8000"):
        text = canonical(text)
        assert found.best(text) == tuple(matcher_for(r, c).scan(text) for r, c in units)
        assert found.exact(text) == tuple(find_unit(r, text) for r, _ in units)
        assert found.best("".join(text)) == found.best(text)  # remembered by content, not by object


def test_the_answer_memory_keeps_the_most_recently_used() -> None:
    computed: list[str] = []
    memory: Memory[str] = Memory(2)

    def answer(key: str) -> str:
        return memory.get(key, lambda: computed.append(key) or key.upper())

    assert [answer("a"), answer("b"), answer("a"), answer("c"), answer("a"), answer("b")] == ["A", "B", "A", "C", "A", "B"]
    assert computed == ["a", "b", "c", "b"]  # "b" was the least recently used when "c" came
