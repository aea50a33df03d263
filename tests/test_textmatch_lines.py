"""`normalize_lines` (the simulated model's view of its growing history, part by part) equals
`normalize` of the joined text, whatever the parts hold."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ec2bench.core.textmatch import normalize, normalize_lines

# whitespace, dashes, full-width forms, combining marks, Hangul jamo, ligatures, case that folds to more letters
TRICKY = st.sampled_from([" ", "\n", "\t", "\u3000", "\u00a0", "\u2014", "\uff0d", "\u0301", "\u1100", "\u1161",
                          "\ufb01", "\u00df", "\u0130", "Ａ", "e", "1", "-", "x"])
PART = st.lists(st.one_of(TRICKY, st.characters()), max_size=12).map("".join)


@given(st.lists(PART, max_size=6))
def test_normalize_lines_is_normalize_of_the_joined_parts(parts):
    assert normalize_lines(parts) == normalize("\n".join(parts))


def test_examples():
    assert normalize_lines(["  Hello\u3000World ", "", " \t", "e\u0301-\u2014x"]) == "hello world é--x"
    assert normalize_lines([]) == "" == normalize("")
