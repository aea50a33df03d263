"""`advisory`: the edge acts throughout; with an `ask_cloud` tool it asks the cloud for advice text.

Context policy (`context=`): `full` sends the flattened transcript with long tool results cut
to head and tail (`truncate=` characters); `question` sends the edge's question alone;
`summary` sends an edge-written summary plus the question.
"""

from __future__ import annotations

from typing import Any

from ec2bench.contracts import AgentState, Turn
from ec2bench.strategies.base import Strategy, StrategyParams, register
from ec2bench.strategies.consult import ContextPolicy, advise, parse_argument
from ec2bench.strategies.prompts import ASK_CLOUD, ASK_CLOUD_TOOL


class AdvisoryParams(StrategyParams):
    context: ContextPolicy = "full"
    """What the cloud sees with a question: the flattened transcript, the question alone, or an edge-written summary."""
    truncate: int = 500
    """With context=full, tool results longer than this many characters are cut to head and tail."""
    max_calls: int = 10
    """Most `ask_cloud` calls answered per episode."""


@register
class Advisory(Strategy):
    name = "advisory"
    Params = AdvisoryParams
    params: AdvisoryParams

    def __init__(self, params: AdvisoryParams) -> None:
        super().__init__(params)
        self.calls = 0

    def extra_tools(self) -> list[dict[str, Any]]:
        return [ASK_CLOUD_TOOL]

    def act(self, state: AgentState) -> Turn:
        return Turn("edge", state.edge.complete(state.request(), step=state.step, purpose="act").message)

    def handle_tool_call(self, state: AgentState, name: str, arguments: Any) -> str | None:
        if name != ASK_CLOUD:
            return None
        question = parse_argument(arguments, "question")
        if question is None:
            return 'Error: ask_cloud needs {"question": "..."}'
        if self.calls >= self.params.max_calls:
            return f"Error: no more cloud advice in this episode (limit {self.params.max_calls})."
        self.calls += 1
        return advise(state, question, self.params.context, self.params.truncate)
