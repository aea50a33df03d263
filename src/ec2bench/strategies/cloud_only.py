"""`cloud_only`: the cloud model does every step and sees everything (system prompt, task, every tool result)."""

from __future__ import annotations

from ec2bench.contracts import AgentState, Turn
from ec2bench.strategies.base import Strategy, register


@register
class CloudOnly(Strategy):
    name = "cloud_only"

    def act(self, state: AgentState) -> Turn:
        completion = state.cloud.complete(state.request(), step=state.step, purpose="act")
        return Turn("cloud", completion.message)
