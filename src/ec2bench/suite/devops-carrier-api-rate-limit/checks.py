"""Checks for devops-carrier-api-rate-limit."""

from __future__ import annotations

from ec2bench.grading.checks import GradingContext


def _settings(settings: list[dict], integration_id: str) -> dict[str, object]:
    return {s["key"]: s["value"] for s in settings if s["integration_id"] == integration_id}


def settings_are(ctx: GradingContext, integration_id: str, expected: dict[str, object]) -> float:
    """Fraction of the expected settings the integration now has."""
    now = _settings(ctx.state.get("integrations", {}).get("settings", []), integration_id)
    return sum(now.get(k) == v for k, v in expected.items()) / len(expected)


def settings_unchanged(ctx: GradingContext, integration_id: str) -> bool:
    """The integration's settings keep their fixture values."""
    initial = _settings(ctx.task.fixtures.get("integrations", {}).get("settings", []), integration_id)
    return _settings(ctx.state.get("integrations", {}).get("settings", []), integration_id) == initial
