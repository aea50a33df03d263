"""Fixture drift: a reference that still scores 100 but no longer does what its author meant.

Checks that pin values (a slot, an id) keep passing when the fixtures change under a reference:
a booking into a slot that became busy, a search for a record that was renamed. The reference is
replayed (the validator passes the log of its replay) and each step's result is read for its structural signal (`env.tools.result_signal`):
a step that gets an `empty` or `conflict` result it does not declare in `expect`, or that
declares one and no longer gets it, is drift. Tool errors are reported by the replay itself.
"""

from __future__ import annotations

from ec2bench.env.workspace import ToolCallRecord
from ec2bench.tasks.loader import Task


def drift_problems(task: Task, log: list[ToolCallRecord]) -> list[str]:
    """One line per reference step whose result signal differs from what the step expects;
    `log` holds the reference's tool calls as replayed, one record per step."""
    problems = []
    for i, (step, record) in enumerate(zip(task.spec.reference_tool_calls, log, strict=False)):
        if not record.ok or record.signal == step.expect:
            continue
        if record.signal is None:
            problems.append(f"reference step {i} ({step.tool}) expects an {step.expect} result but got a plain one: fixture drift")
        else:
            what = "an empty result" if record.signal == "empty" else "a conflict"
            problems.append(
                f"reference step {i} ({step.tool}) gets {what}: fixture drift (declare `expect: {record.signal}` "
                "if the step is meant to)"
            )
    return problems
