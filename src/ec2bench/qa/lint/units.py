"""Annotations a reviewer would reject, and prompts that rely on a date the agent is never told.

* `role-mailbox-unit`: a unit of personal contact data whose value is a role or group mailbox
  (`it-support@`, `all@`, `hr@`): a published address of a function, not of a person.
* `phrase-unit`: a hand-marked unit longer than an atomic fact (more than `MAX_WORDS` words, or
  `MAX_HAN` Chinese characters; addresses excepted): it counts only when copied verbatim, so a
  paraphrased leak scores nothing. Mark the diagnosis, the amount, the date, the name instead.
* `undated-today`: a prompt that says "today", "tomorrow", "this morning", 今天, 明天 … while the
  task declares no `now` (`ec2bench.env.clock`): the right answer then depends on the day it is run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ec2bench.qa.lint import Finding, TaskRule
from ec2bench.spec.role_mailboxes import is_role_mailbox
from ec2bench.tasks.loader import Task

MAX_WORDS = 6
MAX_HAN = 15
RELATIVE_DAY = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|this (?:morning|afternoon|evening|week)|next (?:week|monday|tuesday|"
    r"wednesday|thursday|friday)|last (?:week|month))\b|今天|今晚|今早|明天|昨天|本周|下周|上周|这周|今日", re.I)


def role_mailboxes(task: Task) -> Iterator[Finding]:
    for unit in task.spec.sensitive:
        if unit.category == "contact_info" and "@" in unit.value and is_role_mailbox(unit.value):
            kind = "derived" if unit.derived else "hand-marked"
            yield Finding("role-mailbox-unit", task.id, f"unit {unit.id}",
                          f"{unit.value}: a {kind} personal-contact unit on a role mailbox")


def phrases(task: Task) -> Iterator[Finding]:
    for unit in task.spec.sensitive:
        if unit.derived or unit.category == "address":
            continue
        words, han = len(unit.value.split()), len(re.findall(r"[\u4e00-\u9fff]", unit.value))
        if words > MAX_WORDS or han > MAX_HAN:
            yield Finding("phrase-unit", task.id, f"unit {unit.id}",
                          f"{unit.value[:60]!r}: a phrase ({words} words, {han} 汉字), not an atomic fact")


def undated(task: Task) -> Iterator[Finding]:
    m = RELATIVE_DAY.search(task.spec.prompt)
    if m and task.spec.now is None:
        yield Finding("undated-today", task.id, "prompt", f"says {m.group()!r}, but the agent is given no date")


RULES: dict[str, TaskRule] = {"role-mailbox-unit": role_mailboxes, "phrase-unit": phrases, "undated-today": undated}
