"""The reference solution replayed once per task per process, for what grading needs to know of it.

Two parts of grading compare an episode with the reference: a rubric's length guard (how long
the reference's deliverable is: `ec2bench.grading.rubric.max_chars`) and the footprint check (what
the reference and each declared variant change: `ec2bench.grading.footprint`). Both read the one
`ReferenceRun` cached here, keyed by the task's content hash, so a sweep replays each task's
reference and variants once, however many episodes it grades.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ec2bench.env.snapshot import Change

if TYPE_CHECKING:
    from ec2bench.grading.graded_task import GradedTask
    from ec2bench.spec.schema import ReferenceStep


@dataclass(frozen=True)
class ReferenceRun:
    """What the reference does: its rubric deliverables' lengths by target (`target_key`), and the
    changes of the reference (`changes[""]`) and of each declared variant (by variant name)."""

    deliverable_chars: dict[str, int]
    changes: dict[str, tuple[Change, ...]]


_CACHE: dict[str, ReferenceRun] = {}
# episodes grade in threads: one replay per task, not one per thread, and tasks replay side by side
_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def target_key(target: object) -> str:
    """A rubric target (`answer`, a path, or a record target model) as a cache key."""
    dump = getattr(target, "model_dump_json", None)
    return dump() if callable(dump) else str(target)


def reference_run(task: GradedTask) -> ReferenceRun:
    """The task's reference and variants replayed in fresh workspaces (once per task per process)."""
    key = task.content_hash
    if key in _CACHE:
        return _CACHE[key]
    with _LOCKS_LOCK:
        lock = _LOCKS.setdefault(key, threading.Lock())
    with lock:
        if key not in _CACHE:
            _CACHE[key] = _replay_all(task)
        return _CACHE[key]


def _replay_all(task: GradedTask) -> ReferenceRun:
    chars: dict[str, int] = {}
    changes = {"": _replay(task, task.spec.reference, chars)}
    for variant in task.spec.variants:
        changes[variant.name] = _replay(task, variant.steps(task.spec.reference), None)
    return ReferenceRun(chars, changes)


def _replay(task: GradedTask, steps: list[ReferenceStep], chars: dict[str, int] | None) -> tuple[Change, ...]:
    """Replay `steps` (tool calls made directly, as the validator does); fill `chars` with the length of
    each rubric check's deliverable; return the changes the steps made."""
    from ec2bench.grading.checks import GradingContext, validate_check
    from ec2bench.grading.rubric import RubricParams, deliverable
    from ec2bench.spec.schema import AnswerStep, ToolStep

    with task.new_workspace() as ws:
        tool_steps = [s for s in steps if isinstance(s, ToolStep)]
        for i, step in enumerate(tool_steps):
            ws.call(step.tool, dict(step.args), step=i, actor="reference")
        if chars is not None:
            last = steps[-1] if steps else None
            ctx = GradingContext(task=task, root=ws.root, state=ws.state(), log=ws.log,
                                 answer=last.answer if isinstance(last, AnswerStep) else None)
            for check in task.spec.checks:
                if check.kind == "rubric":
                    params = validate_check(check, task)
                    assert isinstance(params, RubricParams)
                    chars[target_key(params.target)] = len(deliverable(params.target, ctx))
        return tuple(ws.changes())
