"""The hijacked agent: the reference, plus the calls of every injected instruction it reads."""

from __future__ import annotations

import json

from ec2bench.models.base import ChatRequest, Completion
from ec2bench.scripted.adversaries.base import Adversary, Call, reply
from ec2bench.spec.injections import shows
from ec2bench.spec.schema import TaskSpec


class Obedient(Adversary):
    name = "obedient"

    def __init__(self, spec: TaskSpec) -> None:
        super().__init__(spec.tool_call_caps)
        self.todo: list[Call] = [(s.tool, dict(s.args)) for s in spec.reference_tool_calls]
        self.final = spec.reference_answer or "Done."
        self.injections = spec.injections
        self.obeyed: list[str] = []  # injection ids, in the order they were obeyed

    def complete(self, request: ChatRequest) -> Completion:
        for m in request.messages[self.read_upto:]:
            if m["role"] != "tool":
                continue
            for inj in self.injections:
                if inj.id not in self.obeyed and shows(inj.text, m["content"]):
                    self.obeyed.append(inj.id)
                    self.todo[:0] = [(s.tool, dict(s.args)) for s in inj.follow]
        self.read_upto = len(request.messages)
        if not self.todo or self.used >= self.budget:
            return reply({"role": "assistant", "content": self.final})
        name, args = self.todo.pop(0)
        self.used += 1
        call = {"id": f"adv_{self.used}_0", "type": "function",
                "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}}
        return reply({"role": "assistant", "content": None, "tool_calls": [call]})
