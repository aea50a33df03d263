"""The simulated user behind `user_ask`, as a model: `run --user-model MODEL`.

Without a user model, `user_ask` is answered from the task's scripted answers (`fixtures/user.yaml`,
`ec2bench.env.apps.user`). A user model answers instead, from what the user knows: the task's
`user_facts` (task.yaml), or, for a task without them, the texts of its scripted answers. It may be

* `sim/user`, offline and deterministic: the fact that shares the most *specific* terms with the
  question, or the fixed "nothing to add" reply when none shares any; for tests and for checking a
  task's facts without a model. A specific term is a word (Chinese: a character pair) that is not
  generic (`GENERIC_TERMS`: which, when, who, answer, 哪位, 什么时候, ...) and does not occur in the
  task's prompt, so "What is the answer?" or the prompt pasted back with "which one?" get nothing:
  like the scripted answers (`ec2bench.env.apps.user`), a fact answers only the question that names
  what it is about;
* any real model string (`openai|vllm|ollama/<model>`, a `--models` name): prompted with the
  task's prompt and the facts, told to answer in a sentence or two, to say when it does not know,
  and to give nothing to a question that does not name what it is about.

Either way a question costs beyond the allowance (`QUESTION_ALLOWANCE`, `QUESTION_COST` in
`ec2bench.env.apps.user`), and a question over `QUESTION_MAX_CHARS` is not passed to the model.

The user model is part of the environment, like the rubric judge: it is opened behind a `Boundary`
of its own (the one place a non-edge client is opened), its calls are traced (`user_model_call`) but
not counted as the strategy's cloud cost, and what it is told (the facts, the question) is
device-side, so it is not audited as the episode's exposure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from ec2bench.core.errors import ConfigError
from ec2bench.core.trace import Trace
from ec2bench.env.apps.user import NO_ANSWER, specific_terms
from ec2bench.models.base import ChatRequest
from ec2bench.models.registry import ModelInfo, resolve_model
from ec2bench.privacy.boundary import Boundary
from ec2bench.tasks.loader import Task

OFFLINE_USER = "sim/user"
PURPOSE = "user_model"
Answerer = Callable[[str], str]


def resolve_user(name: str, **kwargs: Any) -> ModelInfo:
    """The user model for `--user-model NAME` (`registry.resolve_model` kwargs for a real model)."""
    if name == OFFLINE_USER:
        return ModelInfo(OFFLINE_USER, "offline", "user", None, None)
    info = resolve_model(name, **kwargs)
    if info.simulated:
        raise ConfigError(f"{name!r} cannot play the user (simulated agents replay the task's reference); "
                          f"use {OFFLINE_USER} or a real model")
    return info


def user_facts(task: Task) -> list[str]:
    """What the simulated user knows: `user_facts`, else the scripted answers' texts."""
    if task.spec.user_facts:
        return list(task.spec.user_facts)
    return [str(a["answer"]) for a in (task.fixtures.get("user") or {}).get("answers") or [] if isinstance(a, dict)]


def offline_answer(facts: list[str], question: str, prompt: str = "") -> str:
    """The fact sharing the most specific terms (`specific_terms`, besides the `prompt`'s) with the
    question (the first on a tie), or `NO_ANSWER`."""
    asked = specific_terms(question, besides=prompt)
    best, best_overlap = NO_ANSWER, 0
    for fact in facts:
        overlap = len(asked & specific_terms(fact, besides=prompt))
        if overlap > best_overlap:
            best, best_overlap = fact, overlap
    return best


def user_prompt(task: Task, facts: list[str]) -> str:
    known = "\n".join(f"- {f}" for f in facts) or "- (nothing beyond the request)"
    return (
        "You are the person who asked an assistant on your device to do this:\n\n"
        f"{task.spec.prompt}\n\n"
        "The assistant now asks you a question. Answer it in one or two sentences, in the language of your "
        "request, using only what you know (below). If what you know does not answer it, say so and tell the "
        "assistant to decide. If the question does not name what it is about (\"which one?\", \"what is the "
        "answer?\", your request repeated back), say you cannot tell what they mean and give nothing away. "
        "Never make facts up, and never give ids, amounts or addresses you would not know by heart.\n\n"
        f"What you know:\n{known}"
    )


def make_answerer(info: ModelInfo, task: Task, seed: int, trace: Trace, deadline: float | None = None) -> Answerer:
    """The function that answers `user_ask` questions in one episode; its model calls end by the
    episode's `deadline` (`time.monotonic()`), as the agent's do."""
    facts = user_facts(task)
    if info.provider == "offline":
        return lambda question: offline_answer(facts, question, task.spec.prompt)
    boundary = Boundary(info, task=task.spec, seed=seed, strategy=PURPOSE, trace=Trace())
    boundary.meter.deadline = deadline
    system = user_prompt(task, facts)

    def answer(question: str) -> str:
        request = ChatRequest(messages=[{"role": "system", "content": system}, {"role": "user", "content": question}])
        completion = boundary.complete(request, step=-1, purpose=PURPOSE)
        trace.add("user_model_call", model=info.name, usage=asdict(completion.usage))
        return (completion.message.get("content") or "").strip() or NO_ANSWER

    return answer
