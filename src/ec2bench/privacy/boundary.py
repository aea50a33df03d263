"""The boundary: the single object through which every cloud-role request passes.

A `Boundary` is the only place a cloud-role client is opened; strategies receive the boundary,
never a client. Each request is recorded in full (messages, tools) with the step and the
strategy (and purpose) that caused it, *before* it is sent, so a failed call still counts as
having left the device. Privacy exposure is computed from these records only.

An optional `PayloadGuard` rewrites each request just before it leaves (e.g. pseudonymising
sensitive spans) and the reply just after it returns; the record holds what actually left.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ec2bench.core.trace import Trace, shared_prefix
from ec2bench.models.base import ChatRequest, Completion
from ec2bench.models.metered import MeteredModel
from ec2bench.models.registry import ModelInfo, open_client
from ec2bench.spec.schema import TaskSpec


@dataclass(frozen=True)
class PayloadRecord:
    """One edge-to-cloud request as it left the device."""

    index: int
    step: int
    strategy: str
    purpose: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]

    def texts(self) -> list[str]:
        """Every piece of text in the payload: message contents, tool-call arguments, tool schemas."""
        return self.message_texts() + ([self.tools_text()] if self.tools else [])

    def message_texts(self) -> list[str]:
        """The message contents and tool-call arguments, in order (`texts` without the tool schemas)."""
        out: list[str] = []
        for m in self.messages:
            if isinstance(m.get("content"), str):
                out.append(m["content"])
            for call in m.get("tool_calls") or []:
                out.append(call["function"].get("arguments", ""))
        return out

    def tools_text(self) -> str:
        """The tool schemas as one JSON text (the last of `texts` when the payload has tools)."""
        return json.dumps(self.tools, ensure_ascii=False)


class PayloadGuard(Protocol):
    """Rewrites what leaves the device and restores what comes back (see `ec2bench.privacy.guard`).

    `placeholders` maps each real value it replaced to its placeholder (live, grows per episode).
    """

    @property
    def placeholders(self) -> Mapping[str, str]: ...

    def protect(self, request: ChatRequest) -> ChatRequest: ...

    def restore(self, completion: Completion) -> Completion: ...


class Boundary:
    """Cloud access for one episode, recorded."""

    role = "cloud"

    def __init__(self, info: ModelInfo, *, task: TaskSpec, seed: int, strategy: str, trace: Trace,
                 guard: PayloadGuard | None = None) -> None:
        self.info = info
        self.strategy = strategy
        self.records: list[PayloadRecord] = []
        self._trace = trace
        self._guard = guard
        client = open_client(info, task=task, seed=seed, placeholders=guard.placeholders if guard else None)
        self._model = MeteredModel("cloud", info, client, trace)

    def complete(self, request: ChatRequest, *, step: int, purpose: str) -> Completion:
        sent = self._guard.protect(request) if self._guard else request
        record = PayloadRecord(len(self.records), step, self.strategy, purpose, list(sent.messages), list(sent.tools))
        prefix = shared_prefix(self.records[-1].messages, record.messages) if self.records else 0
        self.records.append(record)
        # the trace holds the delta from the previous payload (`agent.trace.parse_trace` expands it)
        self._trace.add("boundary", index=record.index, step=step, strategy=self.strategy, purpose=purpose,
                        prefix=prefix, messages=record.messages[prefix:], tools=[t["function"]["name"] for t in record.tools])
        completion = self._model.complete(sent, step=step, purpose=purpose)
        return self._guard.restore(completion) if self._guard else completion

    @property
    def meter(self) -> MeteredModel:
        """Read-only access to usage and cost (the client itself stays private)."""
        return self._model
