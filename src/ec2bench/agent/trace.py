"""The episode trace: an ordered list of JSON events, stored as one JSONL file per episode.

Event types: `episode` (config), `model_call` (role, purpose, usage, latency), `step` (who acted
and the message), `tool` (a logged tool call), `boundary` (a payload that left the device),
`malformed` (a tool call the agent got wrong), `limited` (a tool call refused past a cap, with the
refusal as `reason`), `reaction` (a correspondent's reply landed, `ec2bench.env.people`), `ask_user`
(a question to the simulated user and its answer), `end` (status and scores).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Trace:
    events: list[dict[str, Any]] = field(default_factory=list)

    def add(self, type_: str, **data: Any) -> None:
        self.events.append({"type": type_, **data})

    def of_type(self, type_: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == type_]

    def to_jsonl(self) -> str:
        return "".join(json.dumps(e, ensure_ascii=False, default=str) + "\n" for e in self.events)
