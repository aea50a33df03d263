"""The train/eval split of a suite's tasks, by task id.

A task's side is a pure function of its id (a salted CRC-32 bucket), so adding or removing other
tasks never moves a task across the split, and the same suite gives the same split on any machine.
The split is stored with the checkpoints (`split.json`); `study rq3b` evaluates only its eval side,
and training refuses any task on it.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

SALT = "eval-split"
BUCKETS = 4  # one bucket in four (bucket 0) is held out for evaluation


def is_eval(task_id: str) -> bool:
    return zlib.crc32(f"{SALT}:{task_id}".encode()) % BUCKETS == 0


@dataclass(frozen=True)
class Split:
    train: tuple[str, ...]
    eval: tuple[str, ...]

    @classmethod
    def of(cls, task_ids: list[str]) -> Split:
        ids = sorted(set(task_ids))
        return cls(tuple(i for i in ids if not is_eval(i)), tuple(i for i in ids if is_eval(i)))

    def to_json(self) -> dict[str, object]:
        return {"rule": f"crc32('{SALT}:' + task_id) % {BUCKETS} == 0 is eval", "train": list(self.train),
                "eval": list(self.eval)}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Split:
        return cls(tuple(data["train"]), tuple(data["eval"]))  # type: ignore[arg-type]
