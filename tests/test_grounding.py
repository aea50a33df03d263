"""The validator's grounding rule: a reference may write only facts the prompt or a tool result showed."""

from __future__ import annotations

import pytest

from ec2bench.qa.validator import _shown


@pytest.mark.parametrize(("literal", "seen"), [
    ("1,150", "total 1150"),  # separators: `occurs`
    ("1150", "total: 1,150"),
    ("1,150.00", "sum 1150"),  # the same value with cents
    ("12.50", "price 12.5 per unit"),
    ("T-0042", "ticket T-0042 opened"),
])
def test_shown_in_another_spelling(literal: str, seen: str) -> None:
    assert _shown(literal, seen)


@pytest.mark.parametrize(("literal", "seen"), [
    ("1,151.00", "sum 1150"),
    ("12.51", "price 12.5"),
    ("115", "total 1150"),  # a part of a number is not the number
    ("T-0043", "ticket T-0042 opened"),
    ("2026-03-05", "due 2026-03-04"),
])
def test_not_shown(literal: str, seen: str) -> None:
    assert not _shown(literal, seen)
