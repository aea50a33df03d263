"""The report's fast matched form of a string equals the located one, so its pre-filter skips no highlight."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ec2bench.report.traces import locate, located_text

TRICKY = ["Ｔｅｌ：１３９－１２３４－５６７８", "e\u0301te\u0301  \n\t ok", "一百二十万 and 1.2 million", "ǅ ß ﬁ Ⅻ ㎏",
          "  800000.0 元\u00a0\u2003end  ", "尾号4506", "MIXED Case\r\nlines", "", "   "]


def test_tricky_strings() -> None:
    for text in TRICKY:
        assert located_text(text) == locate(text).text, text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_any_string(text: str) -> None:
    assert located_text(text) == locate(text).text
