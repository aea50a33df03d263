"""`edge_only`: the on-device model does every step; nothing leaves the device."""

from __future__ import annotations

from ec2bench.contracts import AgentState, Turn
from ec2bench.strategies.base import Strategy, register


@register
class EdgeOnly(Strategy):
    name = "edge_only"

    def act(self, state: AgentState) -> Turn:
        completion = state.edge.complete(state.request(), step=state.step, purpose="act")
        return Turn("edge", completion.message)
