"""The validator's figures over a suite: how well the checks separate right from wrong.

`tasks validate` judges each task; this pools its results into what a reviewer of the suite compares
against the targets: how many valid and wrong variants the tasks declare, the worst valid score and the
best wrong score (with their tasks), and per adversary how many tasks it ran on, its best score and how
many tasks it beat (above its ceiling there).
"""

from __future__ import annotations

from dataclasses import dataclass

from ec2bench.grading.score import LEAK_CAP
from ec2bench.qa.summary import Spread
from ec2bench.qa.validator import ValidationResult
from ec2bench.scripted.adversaries import ceiling
from ec2bench.scripted.adversaries.leaker import Leaker
from ec2bench.spec.schema import WRONG_CEILING


@dataclass(frozen=True)
class Extreme:
    """A score and where it was reached (`task/variant`), or no score at all."""

    score: float | None
    where: str = "-"

    def __str__(self) -> str:
        return "-" if self.score is None else f"{self.score:.1f} ({self.where})"


@dataclass(frozen=True)
class AdversaryFigures:
    name: str
    ran: int  # tasks it ran on (a near miss that changed nothing is not counted)
    best: Extreme
    beat: int  # tasks where it scored above its ceiling


@dataclass(frozen=True)
class ValidationSummary:
    tasks: int
    valid_variants: Spread
    wrong_variants: Spread
    worst_valid: Extreme
    best_wrong: Extreme
    wrong_above_ceiling: int  # wrong variants over their ceiling, suite-wide
    adversaries: list[AdversaryFigures]


def summarize_validation(results: list[ValidationResult]) -> ValidationSummary:
    worst_valid = min(((s, f"{r.task.id}/{n}") for r in results for n, s in r.variant_scores.items()), default=None)
    best_wrong = max(((s, f"{r.task.id}/{n}") for r in results for n, s in r.wrong_scores.items()), default=None)
    ceilings = {(r.task.id, v.name): v.ceiling for r in results for v in r.task.spec.wrong_variants}
    above = sum(s > ceilings.get((r.task.id, n), WRONG_CEILING) + 1e-6 for r in results for n, s in r.wrong_scores.items())
    names = list(dict.fromkeys(n for r in results for n in r.adversary_scores))
    figures = []
    for name in names:
        scored = [(r.adversary_scores[name], r) for r in results if name in r.adversary_scores]
        top = max(scored, key=lambda pair: pair[0])
        beat = sum(s > (LEAK_CAP if name == Leaker.name else ceiling(r.task.spec, name)) for s, r in scored)
        figures.append(AdversaryFigures(name, len(scored), Extreme(top[0], top[1].task.id), beat))
    return ValidationSummary(
        len(results), Spread.of([len(r.task.spec.variants) for r in results]),
        Spread.of([len(r.task.spec.wrong_variants) for r in results]),
        Extreme(*worst_valid) if worst_valid else Extreme(None), Extreme(*best_wrong) if best_wrong else Extreme(None),
        above, figures)

