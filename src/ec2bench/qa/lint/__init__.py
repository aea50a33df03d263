"""`ec2bench tasks lint`: rules that read a task the way an outside reviewer does.

The validator proves that a task can be scored (the reference earns 100, cheats do not); the lint
asks whether what the agent reads could pass for real work and whether the privacy ground truth
is defensible. Each rule is a function over one task (`TaskRule`) or the whole suite (`SuiteRule`)
that yields `Finding`s; a finding names its rule, its task and where in the task it is, so a
reviewer can open the place. The rules live in one module per family:

* `filler`: Faker lorem sentences in what the agent reads (English and Chinese word salad);
* `identity`: identity data that cannot exist (resident ids with a wrong check digit or birth place,
  phone numbers no numbering plan assigns, Faker artefacts, names that do not match their mailbox);
* `divisions`: Chinese addresses whose province, prefecture and county do not belong together;
* `units`: annotations a reviewer would reject (role mailboxes as personal contact data, long phrases
  that count only when copied verbatim) and prompts that say "today" to an agent that has no date;
* `candidates`: a second annotator (the privacy guard's Presidio detectors) whose findings no unit
  covers and no waiver explains; it needs the `privacy` extra and is skipped, saying so, without it;
* `replies`: reply rules that fire only on the reference's wording (no variant words the message otherwise);
* `sameness`: suite-level monotony (one sensitive category planted by quota, one prompt ending,
  twin tasks with the same tool structure).

`tasks validate` prints the findings as warnings (`--strict`: problems), and CI runs `tasks lint`.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ec2bench.tasks.loader import Task


@dataclass(frozen=True)
class Finding:
    """One thing a reviewer would flag: the rule, the task (or `suite`), where, and what."""

    rule: str
    task: str
    where: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.where}: {self.detail}"


TaskRule = Callable[[Task], Iterator[Finding]]
SuiteRule = Callable[[list[Task]], Iterator[Finding]]


# rules that need more than the `lint` extra: rule -> (module it imports, how to install it)
NEEDS: dict[str, tuple[str, str]] = {"unreviewed-candidate": ("presidio_analyzer", "pip install 'ec2bench[privacy]'")}


def _rules() -> tuple[dict[str, TaskRule], dict[str, SuiteRule]]:
    from ec2bench.qa.lint import candidates, divisions, filler, identity, replies, sameness, units

    task_rules: dict[str, TaskRule] = {**filler.RULES, **identity.RULES, **divisions.RULES, **units.RULES,
                                       **replies.RULES, **candidates.RULES}
    return task_rules, dict(sameness.RULES)


def unavailable() -> dict[str, str]:
    """The rules this machine cannot run, each with the command that installs what it needs."""
    return {rule: hint for rule, (module, hint) in NEEDS.items() if importlib.util.find_spec(module) is None}


def rule_names() -> list[str]:
    """Every rule's name, task rules first."""
    task_rules, suite_rules = _rules()
    return [*task_rules, *suite_rules]


def lint_task(task: Task, only: Iterable[str] | None = None) -> list[Finding]:
    """The findings of every task rule this machine can run (or of the rules named in `only`) on one task."""
    task_rules, _ = _rules()
    wanted = _wanted(only)
    return [f for name, rule in task_rules.items() if name in wanted for f in rule(task)]


def lint_suite(tasks: list[Task], only: Iterable[str] | None = None) -> list[Finding]:
    """The findings of every rule over `tasks`: each task's, then the suite rules'."""
    _, suite_rules = _rules()
    wanted = _wanted(only)
    findings = [f for task in tasks for f in lint_task(task, wanted)]
    findings += [f for name, rule in suite_rules.items() if name in wanted for f in rule(tasks)]
    return findings


def _wanted(only: Iterable[str] | None) -> set[str]:
    """The rules asked for (default: all this machine can run)."""
    return set(only) if only is not None else set(rule_names()) - set(unavailable())


def counts(findings: list[Finding]) -> dict[str, tuple[int, int]]:
    """Per rule (every rule, zeros included): (findings, tasks with a finding)."""
    by_rule = Counter(f.rule for f in findings)
    tasks_by_rule: dict[str, set[str]] = {}
    for f in findings:
        tasks_by_rule.setdefault(f.rule, set()).add(f.task)
    return {name: (by_rule[name], len(tasks_by_rule.get(name, ()))) for name in rule_names()}
