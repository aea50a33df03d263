"""The adversary as a scripted model: it plans calls in phases and sends them within the task's caps."""

from __future__ import annotations

import json
from typing import Any

from ec2bench.core.limits import MAX_REPLY_TOOL_CALLS
from ec2bench.models.base import ChatRequest, Completion, Message, Usage
from ec2bench.scripted.adversaries.reading import READ_VERBS, Filler, Seen, Tool, round_robin

Call = tuple[str, dict[str, Any]]


class Adversary:
    """A scripted model (`ModelClient`) that plans in phases: each phase is a list of calls, sent in
    batches of at most the per-turn cap until the episode cap is spent; then the final answer."""

    name = ""

    def __init__(self, caps: tuple[int, int]) -> None:
        self.model = f"adversary/{self.name}"
        self.per_turn, self.budget = caps
        self.used = 0
        self.pending: list[Call] = []
        self.done: set[str] = set()
        self.phase = 0
        self.seen: Seen | None = None
        self.read_upto = 0

    def complete(self, request: ChatRequest) -> Completion:
        if self.seen is None:
            self.seen = Seen(next(m["content"] for m in request.messages if m["role"] == "user"))
        self._observe(request.messages)
        tools = [Tool.from_schema(t) for t in request.tools]
        while not self.pending and self.used < self.budget:
            planned = self.plan(self.phase, self.seen, tools)
            if planned is None:
                break
            self.phase += 1
            self.pending = [c for c in planned if _key(c) not in self.done]
        size = min(self.per_turn, MAX_REPLY_TOOL_CALLS, self.budget - self.used)  # what a reply may hold
        batch, self.pending = self.pending[:size], self.pending[size:]
        if not batch:
            return reply({"role": "assistant", "content": self.answer(self.seen)})
        self.used += len(batch)
        self.done |= {_key(c) for c in batch}
        return calls_reply(self.used, batch)

    def _observe(self, messages: list[Message]) -> None:
        names = {c["id"]: c["function"]["name"] for m in messages for c in m.get("tool_calls") or []}
        assert self.seen is not None, "observe only after the workspace is known"
        for m in messages[self.read_upto:]:
            if m["role"] == "tool":
                self.seen.add(names.get(m["tool_call_id"], ""), m["content"])
        self.read_upto = len(messages)

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        """The calls of `phase`, or None when there is nothing more to do."""
        return None

    def answer(self, seen: Seen) -> str:
        return "Done."

    def read_phase(self, seen: Seen, tools: list[Tool], limit: int) -> list[Call]:
        """Every reader call not made yet (round robin across tools), at most `limit`."""
        filler = Filler(seen, tools, text="", exhaustive=False)
        groups = [[(t.name, a) for a in filler.calls(t)] for t in tools if t.verb in READ_VERBS]
        calls = [c for c in round_robin(groups) if _key(c) not in self.done]
        return calls[: max(0, limit)]


def _key(call: Call) -> str:
    return call[0] + json.dumps(call[1], sort_keys=True, ensure_ascii=False)


def calls_reply(used: int, batch: list[Call]) -> Completion:
    """A reply that makes the tool calls of `batch`, with ids unique in the episode (`used`: calls made so far)."""
    calls = [{"id": f"adv_{used}_{i}", "type": "function",
              "function": {"name": n, "arguments": json.dumps(a, ensure_ascii=False)}} for i, (n, a) in enumerate(batch)]
    return reply({"role": "assistant", "content": None, "tool_calls": calls})


def reply(message: Message) -> Completion:
    return Completion(message=message, usage=Usage(), model="adversary")


READ_ROUNDS = 4  # list, then open what the lists named, then what those named, ...
