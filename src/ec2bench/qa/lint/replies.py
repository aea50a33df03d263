"""Reply rules that bet on the reference's wording.

A person who answers (`reactions:`, `ec2bench.spec.people`) answers a message that carries what they
need, however it is phrased. A round whose trigger is a keyword of the reference's message
(`contains: full`, `regex: "1,?240|100 ?%"`) gives no reply to a correct message worded otherwise, and
the task then measures phrasing. The validator proves a round fires for the reference; this rule asks
for the proof that it fires for other wording too:

* `reply-unproven`: a round that tests what a message says (`carries`, `contains` or `regex`) and that
  no declared variant (`variants:`) fires with a message worded differently from the reference's
  (word overlap at most `WORDING_OVERLAP_MAX`). Since every variant must score at least 90, such a
  variant proves the reply arrives, and the task can be finished, with other words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ec2bench.core.textmatch import canonical
from ec2bench.env.apps.outbox import Outbound
from ec2bench.qa.lint import Finding, TaskRule
from ec2bench.spec.schema import ReferenceStep, ToolStep
from ec2bench.tasks.loader import Task

WORDING_OVERLAP_MAX = 0.6  # Jaccard over words (Chinese: character pairs) of the two messages
# the arguments in which a sending tool call carries what the agent wrote (not ids, addresses or attachments,
# which a reworded message shares with the reference's)
WORDING_ARGS = ("subject", "body", "text", "message", "comment", "notes", "description", "title")
_WORD = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]+")


def words(text: str) -> set[str]:
    """The words of a message, for comparing wordings: Latin words and digits, and the character pairs
    of each Chinese run (a one-character run as itself)."""
    out: set[str] = set()
    for token in _WORD.findall(canonical(text)):
        if "\u4e00" <= token[0] <= "\u9fff" and len(token) > 1:
            out |= {token[i:i + 2] for i in range(len(token) - 1)}
        else:
            out.add(token)
    return out


def overlap(a: str, b: str) -> float:
    """Jaccard similarity of two messages' words (1.0: the same words)."""
    wa, wb = words(a), words(b)
    return len(wa & wb) / len(wa | wb) if wa | wb else 1.0


def fired_by(task: Task, steps: list[ReferenceStep]) -> dict[str, str]:
    """Replay the tool steps in a fresh workspace: for each reaction round fired, the wording of the call
    whose message fired it (its `WORDING_ARGS`)."""
    calls = [s for s in steps if isinstance(s, ToolStep)]
    with task.new_workspace() as ws:
        for i, step in enumerate(calls):
            ws.call(step.tool, dict(step.args), step=i, actor="reference")
        fired: dict[str, Outbound] = dict(ws.people.fired_by)
    return {rid: "\n".join(str(calls[sent.step].args[k]) for k in WORDING_ARGS if k in calls[sent.step].args)
            for rid, sent in fired.items()}


def unproven_replies(task: Task) -> Iterator[Finding]:
    conditioned = [rid for reaction in task.spec.reactions
                   for rid, rnd in zip(reaction.round_ids(), reaction.rounds, strict=False) if rnd.conditioned]
    if not conditioned:
        return
    reference = fired_by(task, task.spec.reference)
    variants = [fired_by(task, v.steps(task.spec.reference)) for v in task.spec.variants]
    for rid in conditioned:
        if rid not in reference:
            continue  # the validator reports a round the reference never triggers
        if not any(rid in fired and overlap(fired[rid], reference[rid]) <= WORDING_OVERLAP_MAX
                   for fired in variants):
            yield Finding("reply-unproven", task.id, f"reaction round {rid}",
                          f"no variant fires it with a message worded differently (word overlap ≤ "
                          f"{WORDING_OVERLAP_MAX:.0%}): the reply may hang on the reference's phrasing")


RULES: dict[str, TaskRule] = {"reply-unproven": unproven_replies}
