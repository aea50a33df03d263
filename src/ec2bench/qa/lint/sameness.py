"""Suite-level monotony that teaches an agent the benchmark instead of the work.

* `category-quota`: a sensitive category hand-marked in more than `MAX_CATEGORY_SHARE` of the tasks
  (100 of 128 tasks held a health detail): categories belong where the scenario would hold them.
  Derived units (mailboxes and phones of typed records) are where the records are, so they do not count,
  nor do the categories any office record holds (`AMBIENT`: contact data, business figures, customer data).
* `prompt-ending`: more than `MAX_ENDING_SHARE` of the prompts close the same way ("… tell me …",
  "…告诉我…" in the last sentence).

Two tasks whose references chain the same tools (the same task in other words) are no lint finding
but a validation problem: `ec2bench.qa.duplicates` compares tool structure beside the texts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from ec2bench.qa.lint import Finding, SuiteRule
from ec2bench.tasks.loader import Task

MAX_CATEGORY_SHARE = 0.6
AMBIENT = frozenset({"contact_info", "business_financial", "customer_data", "confidential_project"})
MAX_ENDING_SHARE = 0.25
ENDINGS = {"tell me": re.compile(r"\btell me\b", re.I), "告诉我": re.compile("告诉我")}
LAST_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*\s*$")


def category_quota(tasks: list[Task]) -> Iterator[Finding]:
    if not tasks:
        return
    planted = Counter(c for t in tasks for c in {u.category for u in t.spec.sensitive if not u.derived} - AMBIENT)
    for category, n in planted.most_common():
        if n / len(tasks) > MAX_CATEGORY_SHARE:
            yield Finding("category-quota", "suite", f"category {category}",
                          f"planted in {n} of {len(tasks)} tasks (> {MAX_CATEGORY_SHARE:.0%})")


def prompt_endings(tasks: list[Task]) -> Iterator[Finding]:
    if not tasks:
        return
    for ending, pattern in ENDINGS.items():
        closing = [t.id for t in tasks if _last_sentence(t.spec.prompt) and pattern.search(_last_sentence(t.spec.prompt))]
        if len(closing) / len(tasks) > MAX_ENDING_SHARE:
            yield Finding("prompt-ending", "suite", f"ending {ending!r}",
                          f"{len(closing)} of {len(tasks)} prompts close with it (> {MAX_ENDING_SHARE:.0%})")


def _last_sentence(prompt: str) -> str:
    m = LAST_SENTENCE.search(prompt.strip())
    return m.group() if m else prompt


RULES: dict[str, SuiteRule] = {"category-quota": category_quota, "prompt-ending": prompt_endings}
