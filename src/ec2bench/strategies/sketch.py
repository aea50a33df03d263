"""`sketch` (control): one cloud call sees only the task prompt and returns a plan; the edge does the rest.

The plan is appended to the edge's task message, so the edge can follow it; no tool result or
workspace data ever reaches the cloud.
"""

from __future__ import annotations

from ec2bench.contracts import AgentState, Turn
from ec2bench.models.base import ChatRequest
from ec2bench.strategies.base import Strategy, register
from ec2bench.strategies.prompts import PLAN_HEADER, PLANNER_SYSTEM


@register
class Sketch(Strategy):
    name = "sketch"

    def setup(self, state: AgentState) -> None:
        super().setup(state)
        request = ChatRequest(messages=[{"role": "system", "content": PLANNER_SYSTEM},
                                        {"role": "user", "content": state.task.spec.prompt}])
        plan = state.cloud.complete(request, step=0, purpose="plan").message.get("content") or ""
        task_message = state.messages[1]
        task_message["content"] = f"{task_message['content']}\n\n{PLAN_HEADER}\n{plan}"

    def act(self, state: AgentState) -> Turn:
        return Turn("edge", state.edge.complete(state.request(), step=state.step, purpose="act").message)
