"""`delegation`: the edge acts, and may hand control to the cloud with a `delegate_to_cloud` tool.

The cloud then sees the full history and acts with the workspace tools until it calls
`return_control` or has taken `max_cloud_steps` steps; then the edge continues.
"""

from __future__ import annotations

from typing import Any

from ec2bench.contracts import AgentState, Turn
from ec2bench.strategies.base import Strategy, StrategyParams, register
from ec2bench.strategies.consult import Handover, parse_argument
from ec2bench.strategies.prompts import DELEGATE, DELEGATE_TOOL


class DelegationParams(StrategyParams):
    max_cloud_steps: int = 4
    """Most steps the cloud takes per delegation before control returns to the edge."""


@register
class Delegation(Strategy):
    name = "delegation"
    Params = DelegationParams
    params: DelegationParams

    def __init__(self, params: DelegationParams) -> None:
        super().__init__(params)
        self.handover = Handover(params.max_cloud_steps)

    def extra_tools(self) -> list[dict[str, Any]]:
        return [DELEGATE_TOOL]

    def act(self, state: AgentState) -> Turn:
        if self.handover.active:
            return self.handover.act(state)
        return Turn("edge", state.edge.complete(state.request(), step=state.step, purpose="act").message)

    def handle_tool_call(self, state: AgentState, name: str, arguments: Any) -> str | None:
        if name == DELEGATE:
            return self.handover.start(state, parse_argument(arguments, "reason") or "")
        return self.handover.handle(state, name, arguments)
