"""Simulator profiles: the parameters of each `sim/<profile>` model, read from profiles.yaml."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from ec2bench.models.base import Price

MistakeKind = Literal["wrong_args", "wrong_tool", "malformed", "premature_answer"]


class SimProfile(BaseModel):
    """One simulated model. See the comments at the top of profiles.yaml for each field."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    params: float = Field(gt=0)
    price: Price | None = None
    skill: float = Field(ge=0, le=1)
    difficulty_slope: float = Field(ge=0, le=1)
    mistakes: dict[MistakeKind, float]
    min_cache_tokens: int = Field(ge=0)
    calibration: float = Field(ge=0, le=1)
    ask_threshold: float = Field(ge=0, le=1)
    advice_follow: float = Field(ge=0, le=1)
    handoff_after: int = Field(ge=1)

    def step_success(self, difficulty: float) -> float:
        """Chance of getting a step of the given difficulty right."""
        return min(1.0, max(0.0, self.skill - 2.0 * (difficulty - 0.5) * self.difficulty_slope))


@cache
def load_profiles() -> dict[str, SimProfile]:
    """All profiles shipped with the package, by name."""
    text = resources.files("ec2bench.scripted.sim").joinpath("profiles.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    return {name: SimProfile(name=name, **body) for name, body in raw.items()}
