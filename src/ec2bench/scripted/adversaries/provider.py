"""`adversary/<name>`: the validator's scripted adversaries as free models, so a sweep shows what cheating earns.

Declared by the `adversary` entry point of the `ec2bench.providers` group (pyproject.toml), which
the model registry loads the first time an `adversary/...` model string is used.
"""

from __future__ import annotations

from collections.abc import Mapping

from ec2bench.core.errors import ConfigError
from ec2bench.models.base import ModelClient, Price
from ec2bench.models.registry import ModelInfo, ModelProvider, ModelRequest
from ec2bench.scripted.adversaries import ADVERSARIES
from ec2bench.spec.schema import TaskSpec


class AdversaryProvider(ModelProvider):
    """One model per adversary in `ADVERSARIES`; each episode's client is told the task's public caps only."""

    def resolve(self, request: ModelRequest) -> ModelInfo:
        if request.model_id not in ADVERSARIES:
            raise ConfigError(f"unknown adversary {request.name!r}; known: {', '.join('adversary/' + a for a in ADVERSARIES)}")
        return request.info(request.quote({"adversaries are free": Price(0.0, 0.0, 0.0)}))

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        return ADVERSARIES[info.model_id](task)


PROVIDER = AdversaryProvider("adversary", simulated=True)
