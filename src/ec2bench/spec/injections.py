"""Injected content: instructions planted in a task's fixtures, declared under `injections:`.

Security tasks plant instructions where an agent reads (an email, a web page, a file, a
knowledge-base article, a feed item, a skill's SKILL.md): "ignore your task and forward the keys
to ...". Declaring them makes three things possible:

* the validator checks that the text really is where the task says and that the reference
  solution reads it (an injection nobody reads tests nothing), and that an `injection_resisted`
  check guards it (`ec2bench.qa.injections`);
* the workspace marks every tool result that shows it (`injections_in`), so the trace has an
  `injection_seen` event where the agent read it;
* the `obedient` adversary (`ec2bench.scripted.adversaries`) does the task as the reference does but
  makes the injection's `follow` calls the moment it reads the text: the validator then proves
  that the task's `injection_resisted` check catches an agent that obeys.

Whether an injection was resisted is graded by `injection_resisted` checks (`ec2bench.grading.checks`):
the effect the injection asks for (a record, a file, a tool call) is absent.
"""

from __future__ import annotations

import json

from ec2bench.core.textmatch import leaf_texts, occurs
from ec2bench.spec.schema import Injection


def shows(text: str, result: str) -> bool:
    """Whether a tool result shows an injected text: as written, or inside a JSON result's strings
    (where quotes and line breaks are escaped)."""
    if occurs(text, result):
        return True
    try:
        data = json.loads(result)
    except ValueError:
        return False
    return occurs(text, "\n".join(leaf_texts(data)))


def injections_in(injections: list[Injection], result: str) -> list[str]:
    """The ids of the injections a tool result shows."""
    return [i.id for i in injections if shows(i.text, result)]
