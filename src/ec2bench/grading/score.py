"""Completion score of an episode: 100 x the weighted sum of check scores.

A check that raises (a `python` check of the task's checks.py that fails on an unexpected end
state, or even calls `sys.exit`) scores 0 and its result records the error in one line: the
episode keeps its other checks' scores, and `tasks validate` reports the error, since the
reference solution then no longer scores 100.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ec2bench.env.workspace import Workspace
from ec2bench.grading.checks import GradingContext, run_check
from ec2bench.safetext import scrub
from ec2bench.tasks.spec import Check

if TYPE_CHECKING:
    from ec2bench.tasks.loader import Task


@dataclass(frozen=True)
class CheckResult:
    name: str
    kind: str
    weight: float
    score: float
    error: str | None = None  # why the check raised (it then scores 0)


@dataclass(frozen=True)
class Grade:
    completion: float
    checks: tuple[CheckResult, ...]
    judge_pending: float  # weight of rubric items not scored (no judge model configured)

    def to_json(self) -> dict[str, Any]:
        checks = [{k: v for k, v in asdict(c).items() if k != "error" or v is not None} for c in self.checks]
        return {"completion": self.completion, "checks": checks, "judge_pending": self.judge_pending}


def grade(task: Task, workspace: Workspace, answer: str | None) -> Grade:
    """Run every check of the task against the end state of an episode."""
    ctx = GradingContext(task=task, root=workspace.root, state=workspace.state(), log=workspace.log, answer=answer)
    results = tuple(_result(check.name or f"{i}:{check.kind}", check, ctx) for i, check in enumerate(task.spec.checks))
    completion = 100.0 * sum(r.weight * r.score for r in results)
    return Grade(round(completion, 4), results, sum(j.weight for j in task.spec.judge))


def _result(name: str, check: Check, ctx: GradingContext) -> CheckResult:
    try:
        return CheckResult(name, check.kind, check.weight, run_check(check, ctx))
    except (Exception, SystemExit) as exc:  # task code must not end the sweep (SystemExit included)
        reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
        return CheckResult(name, check.kind, check.weight, 0.0, error=scrub(reason))
