"""A second annotator: sensitive values an independent detector finds that no unit covers.

Hand annotation misses things (a reviewer's sample found 101 values missed against 489 marked).
This rule runs the privacy guard's detectors (`ec2bench.privacy.detect.presidio_spans`: Presidio
with our Chinese and English recognisers for ids, mobiles and phones, cards, accounts, mailboxes,
secrets and postal addresses), which never read the task's annotations, over every text an agent
can reach (`texts.readable_texts`), and reports each candidate that is not reviewed:

* covered by a unit, hand-marked or derived (a rendering of the unit occurs in the candidate, or
  the candidate in the unit's value), or
* waived under the task's `not_sensitive` with the reason, or
* the user's own words (it occurs in the prompt), or a role mailbox (`it-support@`, never a unit).

Person names alone and host names are not candidates here: a name is sensitive through what is
said of the person (that detail is the unit), and a host name through the secret beside it.

`agreement` compares both annotators per category: hand units the detector also finds, hand
units it misses (paraphrase-level facts, which need a person or the LLM judge), and candidates
only the detector finds (the unreviewed ones). It needs Presidio: `pip install 'ec2bench[privacy]'`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ec2bench.core.textmatch import canonical, occurs, unit_occurs
from ec2bench.qa.lint import Finding, TaskRule
from ec2bench.qa.lint.identity import EMAIL
from ec2bench.qa.lint.texts import readable_texts
from ec2bench.spec.role_mailboxes import is_role_mailbox
from ec2bench.tasks.loader import Task

RULE = "unreviewed-candidate"  # `tasks validate` fails a task on one (every other lint rule only warns)

KIND_CATEGORY = {"PHONE": "contact_info", "EMAIL": "contact_info", "ID": "identity_number", "CARD": "financial_account",
                 "ACCOUNT": "financial_account", "SECRET": "credential", "ADDRESS": "address"}


@dataclass(frozen=True)
class Candidate:
    kind: str  # a detector type of `KIND_CATEGORY`
    value: str
    where: str

    @property
    def category(self) -> str:
        return KIND_CATEGORY[self.kind]


def candidates(task: Task) -> list[Candidate]:
    """Every distinct (kind, value) the detector finds in what the agent can read, first place first."""
    from ec2bench.privacy.detect import choose, presidio_spans

    found: dict[tuple[str, str], Candidate] = {}
    for where, text in readable_texts(task):
        for span in choose(list(presidio_spans(text))):
            if span.kind in KIND_CATEGORY:
                value = text[span.start:span.end]
                found.setdefault((span.kind, value), Candidate(span.kind, value, where))
    return list(found.values())


def reviewed(task: Task, candidate: Candidate) -> bool:
    """Whether a unit covers the candidate, the task waives it, the prompt holds it, or it is a role mailbox."""
    value = candidate.value
    if candidate.kind == "EMAIL" and EMAIL.fullmatch(value) and is_role_mailbox(value):
        return True
    if occurs(value, task.spec.prompt) or any(occurs(w.value, value) or occurs(value, w.value) for w in task.spec.not_sensitive):
        return True
    text = canonical(value)
    return any(unit_occurs(u.all_renderings, value) or (len(text) >= 4 and occurs(value, u.value)) for u in task.spec.sensitive)


def unreviewed(task: Task) -> Iterator[Finding]:
    for c in candidates(task):
        if not reviewed(task, c):
            yield Finding(RULE, task.id, c.where,
                          f"{c.kind.lower()} {c.value!r}: mark it as a unit ({c.category}?) or waive it under not_sensitive")


@dataclass(frozen=True)
class Agreement:
    both: int  # hand units the detector finds too
    hand_only: int  # hand units it does not find
    detector_only: int  # unreviewed candidates


def agreement(tasks: list[Task]) -> dict[str, Agreement]:
    """Per category: how the hand annotation and the detector agree (hand units: hand-marked and derived)."""
    both: Counter[str] = Counter()
    hand_only: Counter[str] = Counter()
    detector_only: Counter[str] = Counter()
    for task in tasks:
        found = candidates(task)
        for unit in task.spec.sensitive:
            hit = any(unit_occurs(unit.all_renderings, c.value) or occurs(c.value, unit.value) for c in found)
            (both if hit else hand_only)[unit.category] += 1
        detector_only.update(c.category for c in found if not reviewed(task, c))
    categories = sorted(set(both) | set(hand_only) | set(detector_only))
    return {c: Agreement(both[c], hand_only[c], detector_only[c]) for c in categories}


RULES: dict[str, TaskRule] = {RULE: unreviewed}
