"""`replay/reference`: a free, perfect model that replays the task's reference solution.

It answers each request with the next reference step (by the same progress rule as the
simulator) and costs nothing to compute, which makes it the yardstick for the harness's own
overhead (`ec2bench bench overhead`) and a way to run a suite end to end through the full loop.
`PROVIDER` is declared by the `replay` entry point of the `ec2bench.providers` group (pyproject.toml).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ec2bench.core.errors import ConfigError
from ec2bench.models.base import ChatRequest, Completion, ModelClient, Price, Usage
from ec2bench.models.registry import ModelInfo, ModelProvider, ModelRequest
from ec2bench.scripted.sim.history import reference_progress
from ec2bench.spec.schema import AnswerStep, TaskSpec


class ReplayClient:
    def __init__(self, model: str, task: TaskSpec) -> None:
        self.model = model
        self.task = task

    def complete(self, request: ChatRequest) -> Completion:
        steps = self.task.reference_tool_calls
        done = reference_progress(request.messages, steps)
        if done < len(steps):
            step = steps[done]
            call = {"id": f"call_{len(request.messages)}", "type": "function",
                    "function": {"name": step.tool, "arguments": json.dumps(step.args, ensure_ascii=False)}}
            message = {"role": "assistant", "content": None, "tool_calls": [call]}
        else:
            last = self.task.reference[-1]
            message = {"role": "assistant", "content": last.answer if isinstance(last, AnswerStep) else "Done."}
        return Completion(message=message, usage=Usage(), model=self.model)


class ReplayProvider(ModelProvider):
    """The one model `replay/reference`, free."""

    def resolve(self, request: ModelRequest) -> ModelInfo:
        if request.model_id != "reference":
            raise ConfigError(f"unknown replay model {request.name!r}; the only one is replay/reference")
        return request.info(request.quote({"replay/reference is free": Price(0.0, 0.0, 0.0)}))

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        return ReplayClient(info.name, task)


PROVIDER = ReplayProvider("replay", simulated=True)
