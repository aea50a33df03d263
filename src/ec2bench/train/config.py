"""What a training run is: its settings, saved as `train_config.json` beside its checkpoints.

A resumed run must be the same run, so `ec2bench train advice` refuses to resume into a folder
whose saved config differs from the one asked for in anything but `steps` (a run may be extended).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

CONFIG_FILE = "train_config.json"
SPLIT_FILE = "split.json"
LOG_FILE = "train_log.jsonl"


@dataclass(frozen=True)
class TrainConfig:
    """One GRPO run of the edge model in the advisory setting.

    `max_turns` caps the steps of every rollout (and of `study rq3b`'s evaluation episodes) below the
    task's own `max_steps`, so CPU smoke runs stay short; None keeps each task's own limit.
    `format_bonus`, `advice_bonus` and `overlong_penalty` are the reward shaping documented in `train/rollout.py`.
    """

    edge: str
    cloud: str
    train_tasks: tuple[str, ...]
    steps: int
    group_size: int = 4
    tasks_per_step: int = 2
    strategy: str = "advisory"
    lora_r: int = 16
    lora_alpha: int = 32
    learning_rate: float = 1e-4
    checkpoint_every: int = 10
    seed: int = 0
    temperature: float = 1.0
    max_output_tokens: int = 256
    max_turns: int | None = None
    format_bonus: float = 0.1
    advice_bonus: float = 0.1
    overlong_penalty: float = 0.1
    suite: str | None = None

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / CONFIG_FILE).write_text(json.dumps(asdict(self), indent=2, sort_keys=True) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> TrainConfig:
        data: dict[str, Any] = json.loads((folder / CONFIG_FILE).read_text(encoding="utf-8"))
        data["train_tasks"] = tuple(data["train_tasks"])
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})

    def differences(self, other: TrainConfig) -> list[str]:
        """Fields (other than `steps`) in which `other` differs from this config."""
        mine, theirs = asdict(replace(self, steps=0)), asdict(replace(other, steps=0))
        return [k for k in mine if mine[k] != theirs[k]]
