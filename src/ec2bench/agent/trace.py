"""The episode trace: an ordered list of JSON events, stored as one JSONL file per episode.

Event types: `episode` (config), `model_call` (role, purpose, usage, latency), `step` (who acted
and the message), `tool` (a logged tool call), `boundary` (a payload that left the device),
`malformed` (a tool call the agent got wrong), `limited` (a tool call refused past a cap, with the
refusal as `reason`), `rubric_judge_call` (a call of the judge of rubric checks: model, usage,
cache), `reaction` (a correspondent's reply landed, `ec2bench.env.people`), `ask_user` (a question to
the simulated user and its answer), `injection_seen` (a tool result showed a declared injected
instruction, `ec2bench.tasks.injections`), `end` (status and scores).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ec2bench.safetext import jsonl_line


@dataclass
class Trace:
    events: list[dict[str, Any]] = field(default_factory=list)

    def add(self, type_: str, **data: Any) -> None:
        self.events.append({"type": type_, **data})

    def of_type(self, type_: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == type_]

    def to_jsonl(self) -> str:
        """Valid UTF-8 JSONL whatever the events hold, one event per line (`ec2bench.safetext.jsonl_line`)."""
        return "".join(jsonl_line(e) + "\n" for e in self.events)
