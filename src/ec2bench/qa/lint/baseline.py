"""A lint baseline: the findings a suite is known to hold, so that only new ones fail.

The built-in suite's content is being rewritten task by task (issue: no Faker text, valid identity
data); until it is done, CI runs `tasks lint --baseline .ci/lint-baseline.json`, which fails on any
finding beyond the recorded count for its rule and task. A fixed task lowers its counts: rewrite
the baseline (`--write-baseline`) in the same commit, so the debt can only shrink.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from ec2bench.qa.lint import Finding


def read_baseline(path: Path) -> dict[str, dict[str, int]]:
    """rule -> task -> accepted count; a missing or malformed file is an error naming it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"lint baseline {path}: {exc}") from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise ValueError(f"lint baseline {path}: expected {{rule: {{task: count}}}}")
    return {rule: {task: int(n) for task, n in tasks.items()} for rule, tasks in data.items()}


def write(path: Path, findings: list[Finding]) -> None:
    counted = Counter((f.rule, f.task) for f in findings)
    data: dict[str, dict[str, int]] = {}
    for (rule, task), n in sorted(counted.items()):
        data.setdefault(rule, {})[task] = n
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")


def beyond(findings: list[Finding], accepted: dict[str, dict[str, int]]) -> list[Finding]:
    """The findings of each (rule, task) past its accepted count, in their order."""
    seen: Counter[tuple[str, str]] = Counter()
    out = []
    for f in findings:
        seen[(f.rule, f.task)] += 1
        if seen[(f.rule, f.task)] > accepted.get(f.rule, {}).get(f.task, 0):
            out.append(f)
    return out
