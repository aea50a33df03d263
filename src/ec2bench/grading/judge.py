"""Judges for `rubric` checks: the offline judge, and any chat model through the model registry.

`ec2bench run --judge MODEL` picks the judge; the default, and what `tasks validate` always uses,
is `offline/judge`: deterministic and free, it satisfies an item when the deliverable contains
all of the item's `evidence` (see `ec2bench.grading.rubric`). It reads facts, not quality, and
is what makes rubric tasks testable and the reference's 100 checkable without a model.

Any other model string (`openai/...`, `vllm/...`, a `--models` name) is a judge model: it is sent
the task prompt, the deliverable and the items (`judge_prompt.py`) in one call per rubric check.
A reply without a readable verdict for every item is answered once more with a correction; items
still without one score 0 with the reason stored. A call that fails for good raises `ModelError`
(the episode is an error, not a zero). Simulated models (`sim/`, `replay/`) play the task's
reference and cannot judge, so they are refused.

A judge model may be hosted, so its requests go through a `Boundary` of its own (the one way to
reach a model outside the device), recorded in a trace of its own: the judge's payloads never mix
with the agent's, whose exposure the privacy audit measures. The episode trace gets one
`rubric_judge_call` event per call (model, usage, cache hit or miss).

Verdicts go through the record/replay cache (`--cache`) under the scope `rubric_judge` with seed 0:
a verdict depends on the judge model, the task prompt, the rubric and the deliverable only, so
the same deliverable is judged once across repeats and strategies, and a re-run makes no call.
A replayed verdict is metered as recorded. The judge's tokens and dollars are metered apart from the
strategy's (`JudgeUsage`) and never added to cloud cost.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any

from pydantic import BaseModel

from ec2bench.core.errors import ConfigError
from ec2bench.core.trace import Trace
from ec2bench.grading.graded_task import GradedTask
from ec2bench.grading.judge_prompt import judge_request, parse_verdicts, retry_request
from ec2bench.grading.rubric import RubricItem, Verdict, evidence_found
from ec2bench.models.base import ChatRequest, Completion, Usage
from ec2bench.models.registry import ModelInfo, resolve_model
from ec2bench.privacy.boundary import Boundary

OFFLINE_JUDGE = "offline/judge"
CACHE_SCOPE = "rubric_judge"
PURPOSE = "rubric_judge"


class OfflineJudge:
    """Satisfied when every evidence entry of the item occurs in the deliverable."""

    model = OFFLINE_JUDGE

    def verdicts(self, task: GradedTask, items: list[RubricItem], deliverable: str) -> list[Verdict]:
        out = []
        for item in items:
            missing = [e if isinstance(e, str) else e.model_dump_json() if isinstance(e, BaseModel) else json.dumps(e)
                       for e in item.evidence
                       if not evidence_found(e, deliverable)]
            out.append(Verdict(not missing, f"missing: {', '.join(missing)}" if missing else "all evidence found"))
        return out


class ModelJudge:
    """A chat model as judge, behind a `Boundary` of its own (see the module docstring)."""

    def __init__(self, info: ModelInfo, trace: Trace) -> None:
        self.model = info.name
        self.info = info
        self._trace = trace
        self._boundary: Boundary | None = None
        self.malformed = 0  # replies without a readable verdict for every item (each retried once)

    def _complete(self, task: GradedTask, request: ChatRequest) -> Completion:
        if self._boundary is None:  # the client is opened only when a rubric check needs it
            self._boundary = Boundary(self.info, task=task.spec, seed=0, strategy=PURPOSE, trace=Trace())
        completion = self._boundary.complete(request, step=-1, purpose=PURPOSE)
        self._trace.add("rubric_judge_call", model=self.model, usage=asdict(completion.usage),
                        **({"cache": completion.cache} if completion.cache else {}))
        return completion

    def verdicts(self, task: GradedTask, items: list[RubricItem], deliverable: str) -> list[Verdict]:
        request = judge_request(task.spec.prompt, items, deliverable)
        found: dict[int, tuple[bool, str]] = {}
        reply = ""
        for _ in range(2):
            completion = self._complete(task, request)
            reply = completion.message.get("content") or ""
            found = {**found, **parse_verdicts(reply, len(items))}
            if len(found) == len(items):
                break
            self.malformed += 1
            request = retry_request(request, completion.message, len(items))
        unreadable = f"the judge gave no readable verdict for this item after a retry (last reply: {reply[:200]!r})"
        return [Verdict(*found[i]) if i in found else Verdict(False, unreadable) for i in range(1, len(items) + 1)]

    @property
    def usage(self) -> JudgeUsage:
        if self._boundary is None:
            return JudgeUsage(self.model, 0, Usage(), 0.0 if self.info.price else None, self.malformed)
        meter = self._boundary.meter
        return JudgeUsage(self.model, meter.calls, meter.usage, meter.usd if self.info.price else None, self.malformed)


@dataclass(frozen=True)
class JudgeUsage:
    """What judging one episode cost: reported apart from the strategy's cloud cost."""

    model: str
    calls: int
    usage: Usage
    usd: float | None  # None: a judge model without a known price
    malformed: int = 0

    @property
    def tokens(self) -> int:
        return self.usage.input_tokens + self.usage.output_tokens


def resolve_judge(name: str, **kwargs: Any) -> ModelInfo | None:
    """The judge for `--judge NAME`: None for the offline judge, else a model (`registry.resolve_model` kwargs)."""
    if name == OFFLINE_JUDGE:
        return None
    info = resolve_model(name, **kwargs)
    if info.simulated:
        raise ConfigError(f"{name!r} cannot judge (simulated models replay the task's reference); "
                          f"use {OFFLINE_JUDGE} or a real model")
    return info


def describe_judge(info: ModelInfo | None) -> str:
    """One line for the start of a sweep: which judge, and what its cost is reported as."""
    if info is None:
        return f"{OFFLINE_JUDGE} (evidence matching, free)"
    p = info.price
    cost = (f"${p.input:g} input / ${p.cached_input:g} cached / ${p.output:g} output per million tokens, "
            f"{info.price_source}" if p else "no price known: judge $ reported as unknown")
    return f"{info.name} ({cost}; reported apart from cloud cost as judge $)"


def make_judge(info: ModelInfo | None, trace: Trace) -> OfflineJudge | ModelJudge:
    """A judge for one episode; a model judge answers through the cache when `info.cache_dir` is set."""
    if info is None:
        return OfflineJudge()
    return ModelJudge(replace(info, cache_scope=CACHE_SCOPE), trace)


def judge_usage(judge: OfflineJudge | ModelJudge) -> JudgeUsage:
    return judge.usage if isinstance(judge, ModelJudge) else JudgeUsage(OFFLINE_JUDGE, 0, Usage(), 0.0)
