"""The episode trace: an ordered list of JSON events, stored as one JSONL file per episode.

Event types: `episode` (config), `model_call` (role, purpose, usage, latency), `step` (who acted and the
message), `tool` (a logged tool call), `boundary` (a payload that left the device), `malformed` (a tool
call the agent got wrong), `limited` (a tool call refused past a cap, with the refusal as `reason`),
`environment` (a tool call the machine could not run, e.g. no working shell sandbox, with the reason; it
ends the episode as an environment error), `rubric_judge_call` (a call of the judge of rubric checks:
model, usage, cache), `reaction` (a correspondent's reply landed, `ec2bench.env.people`), `ask_user` (a
question to the simulated user and its answer), `injection_seen` (a tool result showed a declared
injected instruction, `ec2bench.spec.injections`), `leak` / `leak_partial` (the egress audit, written
after grading: a unit sent to someone not entitled to it, in full or only in part, with the step and tool
that sent it, `ec2bench.privacy.egress`), `workspace` (how the apps ran, written after the loop: the browser's
engine, `{"browser": "chromium"}` or `"text"`, also kept in the row's `settings`), `end` (status and scores; the
units' audit is in the row).

A `boundary` event stores its payload as a delta: `prefix` (how many leading messages equal the
previous payload's) and `messages` (the rest), because each cloud call of an episode resends the
growing history and full copies were almost half of a trace's bytes. `parse_trace` expands them
again, so every reader sees full payloads (traces written before the delta have no `prefix`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ec2bench.core.safetext import jsonl_line


@dataclass
class Trace:
    events: list[dict[str, Any]] = field(default_factory=list)

    def add(self, type_: str, **data: Any) -> None:
        self.events.append({"type": type_, **data})

    def of_type(self, type_: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == type_]

    def to_jsonl(self) -> str:
        """Valid UTF-8 JSONL whatever the events hold, one event per line (`ec2bench.core.safetext.jsonl_line`)."""
        return "".join(jsonl_line(e) + "\n" for e in self.events)


def shared_prefix(previous: list[Any], current: list[Any]) -> int:
    """How many leading items of `current` equal those of `previous` (the same objects, mostly)."""
    n = 0
    for a, b in zip(previous, current, strict=False):
        if a is not b and a != b:
            break
        n += 1
    return n


def parse_trace(text: str) -> list[dict[str, Any]]:
    """The events of a stored trace (JSONL), each `boundary` payload expanded to its full messages."""
    return expand_payloads([json.loads(line) for line in text.splitlines()])


def expand_payloads(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events with each `boundary` delta (`prefix` + new `messages`) made a full payload again, in place."""
    previous: list[Any] = []
    for event in events:
        if event.get("type") == "boundary":
            previous = previous[: event.pop("prefix", 0)] + list(event.get("messages") or [])
            event["messages"] = previous
    return events
