"""`sim/<profile>`: the reference-policy simulator as a model provider (profiles in `profiles.yaml`).

Declared by the `sim` entry point of the `ec2bench.providers` group (pyproject.toml), which the
model registry loads the first time a `sim/...` model string is used.
"""

from __future__ import annotations

from collections.abc import Mapping

from ec2bench.core.errors import ConfigError
from ec2bench.models.base import ModelClient
from ec2bench.models.registry import ModelInfo, ModelProvider, ModelRequest
from ec2bench.scripted.sim.policy import SimClient
from ec2bench.scripted.sim.profile import load_profiles
from ec2bench.spec.schema import TaskSpec


class SimProvider(ModelProvider):
    """One model per profile, priced and sized by it; each episode's client reads the task's reference."""

    def resolve(self, request: ModelRequest) -> ModelInfo:
        profiles = load_profiles()
        if request.model_id not in profiles:
            raise ConfigError(f"unknown simulated model {request.name!r}; known: {', '.join('sim/' + p for p in profiles)}")
        profile = profiles[request.model_id]
        quote = request.quote({f"simulated profile sim/{request.model_id}": profile.price})
        return request.info(quote, params=profile.params)

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        return SimClient(info.name, load_profiles()[info.model_id], task, seed, placeholders)


PROVIDER = SimProvider("sim", simulated=True)
