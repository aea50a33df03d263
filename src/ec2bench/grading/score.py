"""Completion score of an episode: 100 x the weighted sum of check scores."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ec2bench.env.workspace import Workspace
from ec2bench.grading.checks import GradingContext, run_check

if TYPE_CHECKING:
    from ec2bench.tasks.loader import Task


@dataclass(frozen=True)
class CheckResult:
    name: str
    kind: str
    weight: float
    score: float


@dataclass(frozen=True)
class Grade:
    completion: float
    checks: tuple[CheckResult, ...]
    judge_pending: float  # weight of rubric items not scored (no judge model configured)

    def to_json(self) -> dict[str, Any]:
        return {"completion": self.completion, "checks": [asdict(c) for c in self.checks], "judge_pending": self.judge_pending}


def grade(task: Task, workspace: Workspace, answer: str | None) -> Grade:
    """Run every check of the task against the end state of an episode."""
    ctx = GradingContext(task=task, root=workspace.root, state=workspace.state(), log=workspace.log, answer=answer)
    results = tuple(
        CheckResult(check.name or f"{i}:{check.kind}", check.kind, check.weight, run_check(check, ctx))
        for i, check in enumerate(task.spec.checks)
    )
    completion = 100.0 * sum(r.weight * r.score for r in results)
    return Grade(round(completion, 4), results, sum(j.weight for j in task.spec.judge))
