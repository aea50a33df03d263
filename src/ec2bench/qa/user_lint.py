"""The validator's rule for the user who can be asked: generic questions unlock nothing.

A scripted answer (`fixtures/user.yaml`) or a user fact (`user_facts`, for `--user-model sim/user`)
that a question naming nothing specific unlocks hands the decision to any agent that asks "which
one?" or pastes the prompt back with "when?". So, for a task with the `user` app:

* every `about` term of an answer must be specific to the workspace: not a generic word and not
  in the prompt (the prompt pasted back names all of the prompt's words);
* the generic probes (`generic_probes`: generic questions in English and Chinese, the prompt pasted
  back, the prompt and each of its sentences followed by which/when/who) must get the default
  answer or the fixed "nothing to add" reply, from the script and from `sim/user`;
* the checks that reward asking (`record_exists` on `user/questions`) must fail for an agent that
  asked only those probes.
"""

from __future__ import annotations

from typing import Any

from ec2bench.env.apps.user import NO_ANSWER, ScriptedAnswer, UserApp, generic_probes, specific_terms
from ec2bench.grading.checks import GradingContext, evaluate_check
from ec2bench.scripted.user import offline_answer, user_facts
from ec2bench.tasks.loader import Task


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


def user_problems(task: Task) -> list[str]:
    """What lets a generic question unlock the user's answers or the checks that reward asking."""
    prompt = task.spec.prompt
    raw: list[Any] = (task.fixtures.get("user") or {}).get("answers") or []
    answers = [ScriptedAnswer.model_validate(a) for a in raw]
    problems = []
    for i, answer in enumerate(answers, 1):
        loose = [t for t in answer.about if not specific_terms(t, besides=prompt)]
        if loose:
            problems.append(f"user answer {i}: `about` terms {loose} occur in the prompt, so the prompt pasted back "
                            "names them; name what the agent must find in the workspace")
    defaults = [i for i, a in enumerate(answers, 1) if not a.about]
    if defaults and defaults != [len(answers)]:
        problems.append(f"user answers {defaults} have no `about`: only one default answer, and it goes last")
    probes = generic_probes(prompt)
    for i, answer in enumerate(answers, 1):
        if not answer.about:
            continue
        unlocking = next((p for p in probes if next((a for a in answers if a.fits(p)), None) is answer), None)
        if unlocking is not None:
            problems.append(f"user answer {i} (about {answer.about}) is given to the generic question "
                            f"{_short(unlocking)!r}")
    facts = user_facts(task)
    for p in probes:
        said = offline_answer(facts, p, prompt)
        if said != NO_ANSWER:
            problems.append(f"sim/user gives the fact {_short(said, 50)!r} to the generic question {_short(p)!r}")
            break
    for who in ("script", "sim/user"):
        problems += [f"asking only generic questions ({who}) passes {name}" for name in _asked_checks_passed(task, probes, who)]
    return problems


def _asked_checks_passed(task: Task, probes: list[str], who: str) -> list[str]:
    """The checks on the user's questions that an agent asking only `probes` passes."""
    checks = [c for c in task.spec.checks if c.kind == "record_exists" and getattr(c, "app", None) == "user"]
    if not checks:
        return []
    with task.new_workspace() as ws:
        user = ws.apps["user"]
        assert isinstance(user, UserApp)
        if who == "sim/user":
            facts = user_facts(task)
            user.answerer = lambda q: offline_answer(facts, q, task.spec.prompt)
        for probe in probes:
            user.ask(probe)
        ctx = GradingContext(task=task, root=ws.root, state=ws.state(), log=[], answer=None)
        return [c.name or c.kind for c in checks if evaluate_check(c, ctx).score > 0]
