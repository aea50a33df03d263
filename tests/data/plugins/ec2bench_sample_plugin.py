"""A sample ec2bench plugin (docs/plugins.md): one app, one check kind, one strategy, one model provider,
all imported from `ec2bench.plugin`.

Importing it registers them; `ec2bench --plugin ec2bench_sample_plugin ...` (with this folder on
PYTHONPATH), `EC2BENCH_PLUGINS=ec2bench_sample_plugin`, or an `ec2bench.plugins` entry point does that.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from ec2bench.plugin import (
    AgentState,
    ChatRequest,
    Completion,
    GradingContext,
    ModelInfo,
    ModelProvider,
    Price,
    Record,
    RecordApp,
    Strategy,
    StrategyParams,
    TaskSpec,
    Turn,
    Usage,
    register_app,
    register_check,
    register_provider,
    register_strategy,
)


class Mark(Record):
    id: str
    note: str


@register_app
class TallyApp(RecordApp):
    """A tally sheet: the agent adds marks."""

    name = "tally"
    collections = {"marks": Mark}

    def mark(self, note: str) -> dict:
        """Add one mark to the tally.

        Args:
            note: what the mark is for.
        """
        mark = Mark(id=self._next_id("marks", "M"), note=note)
        self.data["marks"].append(mark)
        return mark.model_dump()


class TallyCountParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    at_least: int


@register_check("tally_count", TallyCountParams)
def tally_count(params: TallyCountParams, ctx: GradingContext) -> float:
    """1 when the tally has at least `at_least` marks, else the share reached."""
    marks = ctx.state.get("tally", {}).get("marks", [])
    return min(1.0, len(marks) / params.at_least)


class AlternateParams(StrategyParams):
    cloud_every: int = 2
    """The cloud takes every n-th step (the edge all others)."""


@register_strategy
class Alternate(Strategy):
    """`alternate`: the edge and the cloud take turns; the cloud takes every `cloud_every`-th step."""

    name = "alternate"
    Params = AlternateParams
    params: AlternateParams

    def act(self, state: AgentState) -> Turn:
        if state.step % self.params.cloud_every == self.params.cloud_every - 1:
            return Turn("cloud", state.cloud.complete(state.request(), step=state.step, purpose="act").message)
        return Turn("edge", state.edge.complete(state.request(), step=state.step, purpose="act").message)


class Counter:
    """`counter/<n>`: marks the tally until it holds n marks, then answers. Free, scripted."""

    def __init__(self, model: str, target: int) -> None:
        self.model = model
        self.target = target

    def complete(self, request: ChatRequest) -> Completion:
        done = sum(1 for m in request.messages if m.get("role") == "tool" and '"note"' in str(m.get("content")))
        if done < self.target and any(t["function"]["name"] == "tally_mark" for t in request.tools):
            call = {"id": f"call_{len(request.messages)}", "type": "function",
                    "function": {"name": "tally_mark", "arguments": json.dumps({"note": f"mark {done + 1}"})}}
            message: dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": [call]}
        else:
            message = {"role": "assistant", "content": f"The tally has {done} marks."}
        return Completion(message=message, usage=Usage(input_tokens=10, output_tokens=5), model=self.model)


def _open_counter(info: ModelInfo, task: TaskSpec, seed: int) -> Counter:
    return Counter(info.name, int(info.model_id))


register_provider(ModelProvider("counter", _open_counter, models=("1", "2", "3"), price=Price(0.0, 0.0, 0.0),
                                simulated=True))
