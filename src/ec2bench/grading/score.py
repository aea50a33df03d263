"""Completion score of an episode: 100 x the weighted sum of check scores."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ec2bench.env.workspace import Workspace
from ec2bench.grading.checks import GradingContext, evaluate_check
from ec2bench.grading.rubric import Judge

if TYPE_CHECKING:
    from ec2bench.tasks.loader import Task


@dataclass(frozen=True)
class CheckResult:
    name: str
    kind: str
    weight: float
    score: float
    detail: dict[str, Any] | None = None  # a rubric check's judge, rubric version and verdicts


@dataclass(frozen=True)
class Grade:
    completion: float
    checks: tuple[CheckResult, ...]

    def to_json(self) -> dict[str, Any]:
        return {"completion": self.completion, "checks": [asdict(c) for c in self.checks]}


def grade(task: Task, workspace: Workspace, answer: str | None, judge: Judge | None = None) -> Grade:
    """Run every check of the task against the end state of an episode; `judge` decides rubric
    items (None: the offline judge)."""
    ctx = GradingContext(task=task, root=workspace.root, state=workspace.state(), log=workspace.log, answer=answer,
                         judge=judge)
    results = []
    for i, check in enumerate(task.spec.checks):
        score, detail = evaluate_check(check, ctx)
        results.append(CheckResult(check.name or f"{i}:{check.kind}", check.kind, check.weight, score, detail))
    completion = 100.0 * sum(r.weight * r.score for r in results)
    return Grade(round(completion, 4), tuple(results))


def judged_weight(task: Task) -> float:
    """The share of the task's weight that a judge decides (its `rubric` checks)."""
    return sum(c.weight for c in task.spec.checks if c.kind == "rubric")
