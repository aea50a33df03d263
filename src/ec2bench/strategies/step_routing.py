"""`step_routing`: every step the edge proposes an action; a device-side router reads the proposal's
uncertainty (mean token entropy over the top-k log-probabilities) and, above the threshold,
discards the proposal and has the cloud produce that step from the full history.

The discarded proposal is still paid for (edge tokens). A server that returns no log-probabilities
cannot be routed this way: the episode fails with a clear error.
"""

from __future__ import annotations

from ec2bench.contracts import AgentState, Turn
from ec2bench.models.base import ModelError
from ec2bench.strategies.base import RoutingParams, Strategy, register
from ec2bench.strategies.routers.entropy import mean_entropy


class StepRoutingParams(RoutingParams):
    top_k: int = 5
    """Log-probabilities per token that the entropy of a proposal is computed over."""


@register
class StepRouting(Strategy):
    name = "step_routing"
    Params = StepRoutingParams
    params: StepRoutingParams

    def act(self, state: AgentState) -> Turn:
        if self.params.threshold is None:
            raise ModelError("step_routing has no threshold: give threshold=, or target= for the runner to calibrate")
        request = state.request(logprobs=True, top_logprobs=self.params.top_k)
        proposal = state.edge.complete(request, step=state.step, purpose="propose")
        if not proposal.logprobs:
            raise ModelError(f"edge model {state.edge.info.name} returned no logprobs; step_routing needs them")
        score = mean_entropy(proposal.logprobs)
        to_cloud = score > self.params.threshold
        state.trace.add("route", router="entropy", step=state.step, score=round(score, 6),
                        threshold=self.params.threshold, decision="cloud" if to_cloud else "edge")
        if not to_cloud:
            return Turn("edge", proposal.message)
        return Turn("cloud", state.cloud.complete(state.request(), step=state.step, purpose="act").message)
