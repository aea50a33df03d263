"""`random_advisory` and `random_delegation` (controls for "knowing when to ask").

Each makes exactly as many cloud invocations as the matching autonomous episode (same task,
repeat and models; `random_advisory:context=question` matches `advisory:context=question`), but at
steps drawn uniformly at random (seeded by the episode) from that episode's length, and shows the
cloud exactly what the autonomous strategy would. The edge gets no help tool of its own.
The autonomous strategy must be in the same store, so these run in the sweep's second phase.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ec2bench.contracts import AgentState, PrepareContext, Turn
from ec2bench.core.errors import ConfigError
from ec2bench.strategies.advisory import AdvisoryParams
from ec2bench.strategies.base import Strategy, canonical_spec, parse_spec, register
from ec2bench.strategies.consult import GENERIC_QUESTION, Handover, advise, inject_advice
from ec2bench.strategies.delegation import DelegationParams

_RESOLVED = ("calls", "horizon")


class RandomAdvisoryParams(AdvisoryParams):
    calls: int | None = None
    """Cloud invocations to make (default: resolved from the matching advisory episode)."""
    horizon: int | None = None
    """Steps to draw them from (default: the matching episode's length)."""


class RandomDelegationParams(DelegationParams):
    calls: int | None = None
    """Cloud invocations to make (default: resolved from the matching delegation episode)."""
    horizon: int | None = None
    """Steps to draw them from (default: the matching episode's length)."""


class _RandomInvocation(Strategy):
    autonomous: ClassVar[str]
    consult_kind: ClassVar[str]
    params: RandomAdvisoryParams | RandomDelegationParams

    @classmethod
    def phase(cls, params: Any) -> int:
        return 0 if params.calls is not None else 1

    @classmethod
    def prepare(cls, spec: str, params: Any, episode: Any, ctx: PrepareContext) -> dict[str, Any]:
        if params.calls is not None:
            return {}
        _, raw = parse_spec(spec)
        matched = canonical_spec(":".join([cls.autonomous, *(f"{k}={v}" for k, v in raw.items() if k not in _RESOLVED)]))
        key = f"{episode.task_id}|{matched}|{episode.edge}|{episode.cloud}|{episode.repeat}"
        events = ctx.trace_events(key)
        if events is None:
            raise ConfigError(f"{cls.name} matches stored {matched!r} episodes; none for {episode.task_id} repeat "
                              f"{episode.repeat}: add {matched} to --strategies (it runs first)")
        calls = sum(1 for e in events if e["type"] == "consult" and e["kind"] == cls.consult_kind)
        steps = next((e["steps"] for e in events if e["type"] == "end"), 0)
        return {"calls": calls, "horizon": max(1, steps)}

    def setup(self, state: AgentState) -> None:
        super().setup(state)
        horizon, calls = self.params.horizon or 1, self.params.calls or 0
        rng = random.Random(f"{self.name}:{state.seed}")
        self.chosen = set(rng.sample(range(horizon), min(calls, horizon)))
        state.trace.add("route", router="random", step=0, score=calls, threshold=horizon,
                        decision=f"cloud at steps {sorted(self.chosen)}")


@register
class RandomAdvisory(_RandomInvocation):
    """`random_advisory`: the edge gets cloud advice as often as the matching advisory episode, at random steps.

    A control for "knowing when to ask": it makes exactly as many cloud invocations as the matching
    advisory episode (same task, repeat and models; `random_advisory:context=question` matches
    `advisory:context=question`), at steps drawn uniformly at random (seeded by the episode) from
    that episode's length, and shows the cloud exactly what advisory would. The edge gets no help
    tool of its own. The advisory strategy must be in the same store, so this runs in the sweep's
    second phase (unless `calls` is given).
    """

    name = "random_advisory"
    Params = RandomAdvisoryParams
    params: RandomAdvisoryParams
    autonomous = "advisory"
    consult_kind = "advice"

    def act(self, state: AgentState) -> Turn:
        if state.step in self.chosen:
            self.chosen.discard(state.step)
            inject_advice(state, advise(state, GENERIC_QUESTION, self.params.context, self.params.truncate))
        return Turn("edge", state.edge.complete(state.request(), step=state.step, purpose="act").message)


@register
class RandomDelegation(_RandomInvocation):
    """`random_delegation`: the edge hands over to the cloud as often as the matching delegation episode, at random steps.

    A control for "knowing when to ask": it delegates exactly as many times as the matching
    delegation episode (same task, repeat and models), at steps drawn uniformly at random (seeded
    by the episode) from that episode's length. The edge gets no delegation tool of its own. The
    delegation strategy must be in the same store, so this runs in the sweep's second phase
    (unless `calls` is given).
    """

    name = "random_delegation"
    Params = RandomDelegationParams
    params: RandomDelegationParams
    autonomous = "delegation"
    consult_kind = "delegation"

    def __init__(self, params: RandomDelegationParams) -> None:
        super().__init__(params)
        self.handover = Handover(params.max_cloud_steps)

    def act(self, state: AgentState) -> Turn:
        if state.step in self.chosen and not self.handover.active:
            self.chosen.discard(state.step)
            self.handover.start(state, "random")
        if self.handover.active:
            return self.handover.act(state)
        return Turn("edge", state.edge.complete(state.request(), step=state.step, purpose="act").message)

    def handle_tool_call(self, state: AgentState, name: str, arguments: Any) -> str | None:
        return self.handover.handle(state, name, arguments)
