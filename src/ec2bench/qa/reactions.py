"""The validator's rule for people who answer (rule 9): the reference triggers every round of every
reaction, and every reply arrives before the reference ends. The schema is `ec2bench.spec.people`."""

from __future__ import annotations

from ec2bench.tasks.loader import Task


def reaction_problems(task: Task) -> list[str]:
    """Validator rule 9: the reference triggers every round, and every reply arrives before it ends.

    A round the reference never triggers is untested (its text, its timing, its `requires`);
    a reply the reference never gets to see cannot be what the task is about.
    """
    if not task.spec.reactions:
        return []
    with task.new_workspace() as ws:
        for i, step in enumerate(task.spec.reference_tool_calls):
            ws.call(step.tool, dict(step.args), step=i, actor="reference")
        fired, delivered = ws.people.fired, ws.people.delivered
    problems = []
    for reaction in task.spec.reactions:
        for rid in reaction.round_ids():
            if rid not in fired:
                problems.append(f"reaction round {rid} ({reaction.person}) is never triggered by the reference")
            elif rid not in delivered:
                problems.append(f"reaction round {rid} ({reaction.person}): its reply arrives after the reference ends")
    return problems
