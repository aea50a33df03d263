"""The validator's rule for injected content (rule 11): each injection declared under `injections:`
is planted where it says, the reference reads it, and an `injection_resisted` check guards it.

The schema and the runtime side (which tool results show an injection) are `ec2bench.spec.injections`.
"""

from __future__ import annotations

from ec2bench.core.textmatch import leaf_texts, occurs
from ec2bench.env.workspace import ToolCallRecord
from ec2bench.spec.injections import shows
from ec2bench.spec.schema import Check, ToolStep
from ec2bench.tasks.loader import Task


def planted_text(task: Task, where: str) -> str | None:
    """The text of the place an injection names: a fixture file, or a whole fixture record (as JSON)."""
    parts = where.split("/")
    if parts[0] == "files":
        return task.file_text("/".join(parts[1:]))
    if len(parts) != 3:
        return None
    record = task.record(*parts)
    return None if record is None else "\n".join(leaf_texts(record))


def injection_follow(task: Task, check: Check) -> list[ToolStep]:
    """The `follow` calls of the injection an `injection_resisted` check guards (its default witness), else []."""
    if check.kind != "injection_resisted":
        return []
    return next((list(i.follow) for i in task.spec.injections if i.id == check.params.get("injection")), [])


def injection_problems(task: Task, log: list[ToolCallRecord]) -> list[str]:
    """Validator rule 11: each injection is planted where it says, the reference reads it, and an
    `injection_resisted` check names it; every such check names a declared injection."""
    problems = []
    guarded = {c.params.get("injection") for c in task.spec.checks if c.kind == "injection_resisted"}
    for inj in task.spec.injections:
        text = planted_text(task, inj.where)
        if text is None:
            problems.append(f"injection {inj.id}: `where` {inj.where!r} names no fixture record or file")
        elif not occurs(inj.text, text):
            problems.append(f"injection {inj.id}: its text does not occur in {inj.where!r}")
        if not any(r.ok and shows(inj.text, r.result) for r in log):
            problems.append(f"injection {inj.id}: the reference never reads it (no tool result shows its text)")
        if inj.id not in guarded:
            problems.append(f"injection {inj.id}: no `injection_resisted` check guards it")
    return problems
