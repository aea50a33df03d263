"""One episode, end to end: workspace, models, strategy loop, grading, privacy audit, metrics.

The result is one flat row (for the store) and one trace (JSONL). A model call that fails for
good makes the episode `error`: it is stored with its partial usage but no completion score,
so it can never be mistaken for a zero.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass
from typing import Any

from ec2bench.agent.loop import AgentState, LoopOutcome, initial_messages, run_agent
from ec2bench.agent.trace import Trace
from ec2bench.env.workspace import MALFORMED
from ec2bench.grading.judge import judge_usage, make_judge
from ec2bench.grading.score import grade, judged_weight
from ec2bench.models.base import ModelError
from ec2bench.models.metered import MeteredModel
from ec2bench.models.registry import ModelInfo, open_client
from ec2bench.privacy.boundary import Boundary
from ec2bench.privacy.exposure import audit
from ec2bench.privacy.guard import make_guard
from ec2bench.privacy.judge import run_judge
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import Task

DEFAULT_TIMEOUT_S = 600.0


@dataclass(frozen=True)
class EpisodeSpec:
    """The identity of an episode within a sweep."""

    task_id: str
    strategy: str
    edge: str
    cloud: str
    repeat: int

    @property
    def key(self) -> str:
        return f"{self.task_id}|{self.strategy}|{self.edge}|{self.cloud}|{self.repeat}"

    @property
    def seed(self) -> int:
        """Shared by all strategies and model pairs for a (task, repeat): paired comparisons."""
        return int(hashlib.sha256(f"{self.task_id}:{self.repeat}".encode()).hexdigest()[:15], 16)


@dataclass(frozen=True)
class EpisodeResult:
    row: dict[str, Any]
    trace: str

    def trace_events(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.trace.splitlines()]


def run_episode(
    task: Task,
    spec: EpisodeSpec,
    edge: ModelInfo,
    cloud: ModelInfo,
    *,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    settings: dict[str, Any] | None = None,
    privacy_judge: ModelInfo | None = None,
    judge: ModelInfo | None = None,
) -> EpisodeResult:
    """Run one episode. `settings` are strategy parameters resolved by the runner for this
    episode (a calibrated threshold, a matched number of cloud calls); they are stored with it.
    `privacy_judge`: a model that adds paraphrase verdicts to the exposure audit (stored apart).
    `judge`: the model that decides `rubric` checks (None: the offline judge); its cost is stored apart."""
    start = time.perf_counter()
    settings = settings or {}
    trace = Trace()
    strategy = make_strategy(spec.strategy, settings)
    trace.add("episode", **asdict(spec), seed=spec.seed, task_hash=task.content_hash, settings=settings,
              simulated=edge.simulated or cloud.simulated)
    with task.new_workspace() as ws:
        edge_model = MeteredModel("edge", edge, open_client(edge, task=task.spec, seed=spec.seed), trace)
        boundary = Boundary(cloud, task=task.spec, seed=spec.seed, strategy=spec.strategy, trace=trace,
                            guard=make_guard(strategy.params.guard, ws))
        state = AgentState(task, ws, edge_model, boundary, trace, initial_messages(task), ws.openai_tools(), seed=spec.seed)
        outcome: LoopOutcome | None = None
        error: str | None = None
        try:
            outcome = run_agent(state, strategy, timeout_s=timeout_s)
        except ModelError as exc:
            error = str(exc)
        rubric_judge = make_judge(judge, trace)
        try:
            graded = grade(task, ws, outcome.answer, rubric_judge) if outcome else None
        except ModelError as exc:
            error, graded = f"rubric judge {rubric_judge.model}: {exc}", None
        exposure = audit(task.spec.sensitive, [r.result for r in ws.log], boundary.records)
        tool_calls, malformed = len(ws.log), sum(r.error in MALFORMED for r in ws.log)

    judged = (run_judge(privacy_judge, task=task.spec, seed=spec.seed, units=task.spec.sensitive, report=exposure,
                        payloads=boundary.records, trace=trace) if privacy_judge else None)
    if judged:
        exposure = judged.report
    cloud_meter = boundary.meter
    judged_by = judge_usage(rubric_judge) if judged_weight(task) else None
    row: dict[str, Any] = {
        "key": spec.key,
        "task_id": spec.task_id,
        "task_hash": task.content_hash,
        "category": task.spec.category,
        "language": task.spec.language,
        "strategy": spec.strategy,
        "settings": json.dumps(settings, sort_keys=True),
        "edge": spec.edge,
        "cloud": spec.cloud,
        "repeat": spec.repeat,
        "seed": spec.seed,
        "status": "error" if error else "ok",
        "error": error,
        "stop": outcome.stop if outcome else None,
        "completion": graded.completion if graded else None,
        "checks": json.dumps(graded.to_json()["checks"] if graded else []),
        "steps": outcome.steps if outcome else len(state.actors),
        "edge_steps": state.actors.count("edge"),
        "cloud_steps": state.actors.count("cloud"),
        "tool_calls": tool_calls,
        "malformed_calls": malformed,
        "tool_calls_refused": len(trace.of_type("limited")),
        "cloud_calls": cloud_meter.calls,
        "cloud_input_tokens": cloud_meter.usage.uncached_input_tokens,
        "cloud_cached_tokens": cloud_meter.usage.cached_input_tokens,
        "cloud_output_tokens": cloud_meter.usage.output_tokens,
        "cloud_usd": cloud_meter.usd,
        "edge_calls": edge_model.calls,
        "edge_input_tokens": edge_model.usage.uncached_input_tokens,
        "edge_cached_tokens": edge_model.usage.cached_input_tokens,
        "edge_output_tokens": edge_model.usage.output_tokens,
        "edge_flops": edge_model.flops,
        "exposure": exposure.exposure,
        "exposure_all": exposure.exposure_all,
        "privacy": exposure.privacy,
        "units": json.dumps([asdict(u) for u in exposure.units], ensure_ascii=False),
        "violations": json.dumps(list(graded.violations), ensure_ascii=False) if graded else None,
        "privacy_judge": json.dumps(judged.summary, ensure_ascii=False) if judged else None,
        "rubric_judge": judged_by.model if judged_by else None,
        "rubric_judge_calls": judged_by.calls if judged_by else 0,
        "rubric_judge_tokens": judged_by.tokens if judged_by else 0,
        "rubric_judge_usd": judged_by.usd if judged_by else 0.0,
        "simulated": int(edge.simulated or cloud.simulated),
        "model_ms": edge_model.model_ms + cloud_meter.model_ms,
        "wall_ms": (time.perf_counter() - start) * 1000.0,
        "finished_at": time.time(),
    }
    trace.add("end", **{k: row[k] for k in ("status", "error", "stop", "completion", "exposure", "privacy", "cloud_usd", "steps")},
              checks=graded.to_json()["checks"] if graded else [], violations=list(graded.violations) if graded else [],
              units=exposure.to_json()["units"])
    return EpisodeResult(row, trace.to_jsonl())
