"""The task schema rejects what would make a task meaningless."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ec2bench.spec.schema import DEFAULT_UNIT_WEIGHT, PRIVACY_CATEGORIES, TaskSpec


def spec(**overrides):
    base = {
        "id": "t1", "title": "t", "category": "office", "language": "en", "prompt": "do the thing please",
        "apps": ["notes"], "max_steps": 5,
        "reference": [{"tool": "notes_search", "args": {"query": "x"}}, {"answer": "done"}],
        "checks": [{"kind": "answer_contains", "weight": 1.0, "text": "done"}],
    }
    return TaskSpec.model_validate(base | overrides)


def test_every_privacy_category_has_a_default_weight():
    assert set(DEFAULT_UNIT_WEIGHT) == set(PRIVACY_CATEGORIES) and len(PRIVACY_CATEGORIES) == 12


def test_a_valid_spec_loads():
    assert spec().reference_tool_calls[0].tool == "notes_search"


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"checks": [{"kind": "answer_contains", "weight": 0.5, "text": "x"}]}, "must sum to 1"),
        ({"reference": [{"answer": "a"}, {"tool": "notes_search"}]}, "only the last reference step may be an answer"),
        ({"judge": [{"item": "a", "weight": 0.2}]}, "Extra inputs are not permitted"),  # the old field is gone
        ({"max_steps": 1}, "below the reference length"),
        ({"language": "fr"}, "'zh' or 'en'"),
        ({"sensitive": [{"id": "u", "category": "contact_info", "value": "123", "source": "s"}] * 2}, "duplicate sensitive unit ids: u"),
        ({"sensitive": [{"id": "u", "category": "gossip", "value": "123", "source": "s"}]}, "identity_number"),
    ],
)
def test_invalid_specs_say_why(overrides, message):
    with pytest.raises(ValidationError, match=message):
        spec(**overrides)


def test_unit_weight_defaults_by_category():
    s = spec(sensitive=[{"id": "a", "category": "identity_number", "value": "110101", "source": "s"},
                        {"id": "b", "category": "business_financial", "value": "4200", "source": "s", "weight": 0.5}])
    assert [u.effective_weight for u in s.sensitive] == [3.0, 0.5]
