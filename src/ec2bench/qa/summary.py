"""What a suite holds, in the figures its authors and users compare against a target.

`task_facts` reads one task (its spec, plus one replay of its reference to learn which sensitive
units the reference actually reads); `summarize` pools them into counts by category and
language, distributions of reference length and app count, unit totals and feature use. The
`tasks list` command prints both; the suite's tests assert the targets against the same figures.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from ec2bench.core.textmatch import canonical, find_unit
from ec2bench.tasks.loader import Task

# The apps added for the study's service-backed tasks; `summarize` counts tasks using each.
NEW_APPS = ("kb", "integrations", "inventory", "scheduler", "feeds", "todo")


@dataclass(frozen=True)
class TaskFacts:
    """One task's figures for the suite summary."""

    id: str
    category: str
    language: str
    apps: tuple[str, ...]
    reference_calls: int
    units_hand: int
    units_derived: int
    units_read: int  # units whose value occurs in what the reference's tool calls returned
    unit_categories: frozenset[str]
    reactions: bool
    asks_user: bool  # the user has scripted answers: asking pays (every task offers `user_ask`)
    judged: bool  # has a rubric check
    shell: bool

    @property
    def units(self) -> int:
        return self.units_hand + self.units_derived


def task_facts(task: Task) -> TaskFacts:
    """The figures of one task; replays its reference once (no model, no grading)."""
    from ec2bench.qa.validator import reference_log

    spec = task.spec
    # normalised once for all units (`unit_occurs` would normalise the whole text again for each)
    read = canonical("\n".join(record.result for record in reference_log(task)))
    units = spec.sensitive
    return TaskFacts(
        id=task.id,
        category=spec.category,
        language=spec.language,
        apps=tuple(spec.apps),
        reference_calls=len(spec.reference_tool_calls),
        units_hand=sum(not u.derived for u in units),
        units_derived=sum(u.derived for u in units),
        units_read=sum(find_unit(u.all_renderings, read) is not None for u in units),
        unit_categories=frozenset(u.category for u in units),
        reactions=bool(spec.reactions),
        asks_user=bool((task.fixtures.get("user") or {}).get("answers")),
        judged=any(c.kind == "rubric" for c in spec.checks),
        shell="shell" in spec.apps,
    )


@dataclass(frozen=True)
class Spread:
    """min / median / max of a list of counts."""

    low: float
    median: float
    high: float

    @classmethod
    def of(cls, values: list[int]) -> Spread:
        return cls(min(values), statistics.median(values), max(values)) if values else cls(0, 0, 0)

    def __str__(self) -> str:
        return f"{self.low:g} / {self.median:g} / {self.high:g}"


@dataclass(frozen=True)
class SuiteSummary:
    tasks: int
    by_category: dict[str, Counter[str]]  # category -> language -> tasks
    reference_calls: Spread
    long_tasks: int  # reference of 20 calls or more
    apps_per_task: Spread
    annotated: int  # tasks with at least one unit
    units_hand: int
    units_derived: int
    units_read: int
    unit_categories: Counter[str] = field(default_factory=Counter)  # category -> tasks using it
    features: dict[str, int] = field(default_factory=dict)  # feature -> tasks using it

    @property
    def units(self) -> int:
        return self.units_hand + self.units_derived

    def lines(self) -> list[str]:
        """The summary as plain lines, for the terminal and the docs."""
        cats = ", ".join(
            f"{cat} {sum(langs.values())} ({' '.join(f'{lang} {n}' for lang, n in sorted(langs.items()))})"
            for cat, langs in sorted(self.by_category.items()))
        langs: Counter[str] = sum(self.by_category.values(), Counter())
        return [
            f"{self.tasks} tasks: {cats}",
            f"languages: {', '.join(f'{lang} {n}' for lang, n in sorted(langs.items()))}",
            f"reference tool calls min/median/max: {self.reference_calls}; {self.long_tasks} tasks with >= 20",
            f"apps per task min/median/max: {self.apps_per_task}",
            f"privacy: {self.annotated} tasks annotated, {self.units} units ({self.units_hand} hand-marked, "
            f"{self.units_derived} derived), {self.units_read} read by the reference, "
            f"{len(self.unit_categories)} categories",
            "features (tasks): " + ", ".join(f"{name} {n}" for name, n in self.features.items()),
        ]


def summarize(facts: list[TaskFacts]) -> SuiteSummary:
    by_category: dict[str, Counter[str]] = {}
    for f in facts:
        by_category.setdefault(f.category, Counter())[f.language] += 1
    features = {
        "reactions": sum(f.reactions for f in facts),
        "ask user": sum(f.asks_user for f in facts),
        "rubric": sum(f.judged for f in facts),
        "shell": sum(f.shell for f in facts),
        **{app: sum(app in f.apps for f in facts) for app in NEW_APPS},
    }
    return SuiteSummary(
        tasks=len(facts),
        by_category=by_category,
        reference_calls=Spread.of([f.reference_calls for f in facts]),
        long_tasks=sum(f.reference_calls >= 20 for f in facts),
        apps_per_task=Spread.of([len(f.apps) for f in facts]),
        annotated=sum(f.units > 0 for f in facts),
        units_hand=sum(f.units_hand for f in facts),
        units_derived=sum(f.units_derived for f in facts),
        units_read=sum(f.units_read for f in facts),
        unit_categories=Counter(c for f in facts for c in f.unit_categories),
        features=features,
    )
