"""One episode, end to end: workspace, models, strategy loop, grading, privacy audit, metrics.

The result is one flat row (for the store) and one trace (JSONL). A model call that fails for
good makes the episode `error`: it is stored with its partial usage but no completion score,
so it can never be mistaken for a zero. So does anything else that goes wrong inside the
episode, a deadline that passes (`stop = timeout`), and a tool call the machine could not run
(`stop = environment`: no working shell sandbox; its error starts with `environment:`).

`tool_calls_refused` counts the calls that were not run: past the task's caps (`limited` events)
and refused for the machine's sake (`environment` events).

The deadline (`timeout_s`) starts when the episode does: building the workspace and opening the
model clients count against it, every model call and every waiting tool (the shell) gets only
the time left. Grading then has what is left plus `GRADING_ALLOWANCE_S` (`grade_within`: the
task's checks.py may sleep or loop); past that the episode is an error.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, replace
from typing import Any

from ec2bench.agent.loop import LoopOutcome, initial_messages, run_agent
from ec2bench.bridge.spec import AgentSpec, is_agent_label
from ec2bench.contracts import DEFAULT_TIMEOUT_S, AgentState, EpisodeSpec
from ec2bench.core.row import EpisodeRow
from ec2bench.core.safetext import redact
from ec2bench.core.trace import Trace, parse_trace
from ec2bench.env.apps.user import UserApp
from ec2bench.env.sandbox import SandboxFailure
from ec2bench.env.workspace import MALFORMED
from ec2bench.grading.judge import judge_usage, make_judge
from ec2bench.grading.score import GRADING_ALLOWANCE_S, GradingFailed, grade_within, judged_weight
from ec2bench.models.base import DeadlineExceeded, ModelError
from ec2bench.models.metered import MeteredModel
from ec2bench.models.registry import ModelInfo, configured_keys, open_client
from ec2bench.privacy.boundary import Boundary
from ec2bench.privacy.exposure import ExposureReport, audit
from ec2bench.privacy.guard import make_guard
from ec2bench.privacy.judge import run_judge
from ec2bench.scripted.user import make_answerer
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import Task

MAX_ERROR_CHARS = 400
ENVIRONMENT_STOP = "environment"  # the `stop` of an environment error: the machine, not the agent, ended the episode


@dataclass(frozen=True)
class EpisodeResult:
    row: EpisodeRow
    trace: str

    def trace_events(self) -> list[dict[str, Any]]:
        return parse_trace(self.trace)


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
    user_model: ModelInfo | None = None,
    scored: bool = True,
) -> EpisodeResult:
    """Run one episode. `settings` are strategy parameters resolved by the runner for this
    episode (a calibrated threshold, a matched number of cloud calls); they are stored with it.
    `privacy_judge`: a model that adds paraphrase verdicts to the exposure audit (stored apart).
    `judge`: the model that decides `rubric` checks (None: the offline judge); its cost is stored apart.
    `user_model`: answers the agent's `user_ask` questions (`ec2bench.scripted.user`; None: the task's scripted answers).
    `scored=False` runs the agent only, for what its trace shows (a strategy's calibration reads its route scores):
    the episode is neither graded nor audited, so its row has no completion and no exposure.

    Never raises for anything a model, a tool or the task's own code does: whatever goes wrong
    inside the episode ends as its stored `error` (one line), so one bad output costs one episode,
    never the sweep. An episode cut by its deadline is stored as an error with `stop = timeout`.
    The stored trace and row hold valid UTF-8 only and none of the configured API keys."""
    start = time.perf_counter()
    deadline = time.monotonic() + timeout_s  # set-up (workspace, model clients) counts against it too
    settings = settings or {}
    trace = Trace()
    trace.add("episode", **asdict(spec), seed=spec.seed, task_hash=task.content_hash, settings=settings,
              simulated=edge.simulated or cloud.simulated, **({"user_model": user_model.name} if user_model else {}))
    try:
        row = _run(task, spec, edge, cloud, trace, timeout_s, deadline, settings, privacy_judge, judge, user_model, scored)
    except Exception as exc:  # setup, grading, audit or judge failed: the episode is an error, the sweep goes on
        row = _row(task, spec, settings, edge, cloud, error=episode_error(exc), user_model=user_model)
        trace.add("end", status="error", error=row.error, stop=None, completion=None)
    row = replace(row, wall_ms=(time.perf_counter() - start) * 1000.0)
    keys = configured_keys(edge, cloud, *(m for m in (privacy_judge, judge, user_model) if m))
    return EpisodeResult(_redacted(row, keys), redact(trace.to_jsonl(), keys))


def _redacted(row: EpisodeRow, keys: list[str]) -> EpisodeRow:
    """The row with every configured API key in its text replaced (`ec2bench.core.safetext.redact`)."""
    if not keys:
        return row
    return replace(row, **{name: redact(value, keys) for name, value in row.as_dict().items() if isinstance(value, str)})


def episode_error(exc: BaseException, prefix: str | None = None) -> str:
    """The one-line reason stored for an episode that failed (model errors say it themselves;
    `prefix` replaces the exception's type name)."""
    text = f"{prefix}{exc}" if prefix is not None else str(exc) if isinstance(exc, ModelError) else f"{type(exc).__name__}: {exc}"
    text = " ".join(text.split())
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS] + "..."


def _run(task: Task, spec: EpisodeSpec, edge: ModelInfo, cloud: ModelInfo, trace: Trace, timeout_s: float,
         deadline: float, settings: dict[str, Any], privacy_judge: ModelInfo | None, judge: ModelInfo | None,
         user_model: ModelInfo | None, scored: bool) -> EpisodeRow:
    # an outside agent (`agent:NAME`, `ec2bench.bridge`) runs under its policy strategy, which serves its `route` model
    agent = AgentSpec.model_validate(settings["agent"]) if is_agent_label(spec.strategy) else None
    strategy = make_strategy(agent.policy, settings.get("policy")) if agent else make_strategy(spec.strategy, settings)
    with task.new_workspace() as ws:
        user = ws.apps.get("user")
        if user_model is not None and isinstance(user, UserApp):
            user.answerer = make_answerer(user_model, task, spec.seed, trace, deadline)
        edge_model = MeteredModel("edge", edge, open_client(edge, task=task.spec, seed=spec.seed), trace)
        boundary = Boundary(cloud, task=task.spec, seed=spec.seed, strategy=spec.strategy, trace=trace,
                            guard=make_guard(strategy.params.guard, ws))
        state = AgentState(task, ws, edge_model, boundary, trace, initial_messages(task), ws.openai_tools(), seed=spec.seed)
        outcome: LoopOutcome | None = None
        error: str | None = None
        environment = False
        try:
            if agent is None:
                outcome = run_agent(state, strategy, timeout_s=timeout_s, deadline=deadline)
            else:
                from ec2bench.bridge.run import run_outside_agent  # the MCP SDK and uvicorn: the [bridge] extra

                outcome = run_outside_agent(state, agent, strategy, deadline=deadline)
        except DeadlineExceeded as exc:
            trace.add("deadline", step=state.step, reason=str(exc))
        except SandboxFailure as exc:  # the machine's failure, not the agent's: an error, never a score
            error, environment = episode_error(exc, prefix=f"{ENVIRONMENT_STOP}: "), True
        except Exception as exc:  # a model error, or a value no part of the loop could handle
            error = episode_error(exc)
        stop = ENVIRONMENT_STOP if environment else outcome.stop if outcome else ("timeout" if error is None else None)
        if stop == "timeout":
            error = f"timeout: the episode passed its {timeout_s:g} s deadline"
        rubric_judge = make_judge(judge, trace)
        graded = None
        if error is None and outcome and scored:
            limit = max(0.0, deadline - time.monotonic()) + GRADING_ALLOWANCE_S
            try:
                graded = grade_within(limit, task, ws, outcome.answer, rubric_judge)
            except ModelError as exc:
                error = f"rubric judge {rubric_judge.model}: {exc}"
            except GradingFailed as exc:
                error = episode_error(exc)
        exposure = (audit(task.spec.sensitive, [r.result for r in ws.log], boundary.records) if scored
                    else ExposureReport((), 0.0, 0.0))
        tool_calls, malformed = len(ws.log), sum(r.error in MALFORMED for r in ws.log)
        ran = ws.describe()  # how the apps ran (the browser's engine: chromium or the text fallback)
        if ran:
            trace.add("workspace", **ran)
            settings = {**settings, **ran}

    judged = (run_judge(privacy_judge, task=task.spec, seed=spec.seed, units=task.spec.sensitive, report=exposure,
                        payloads=boundary.records, trace=trace) if privacy_judge else None)
    if judged:
        exposure = judged.report
    cloud_meter = boundary.meter
    graded_json = graded.to_json() if graded else {"checks": [], "collateral": []}
    judged_by = judge_usage(rubric_judge) if judged_weight(task) else None
    row = replace(
        _row(task, spec, settings, edge, cloud, error=error, user_model=user_model),
        stop=stop,
        completion=graded.completion if graded else None,
        checks=json.dumps(graded_json["checks"]),
        steps=len(state.actors),
        edge_steps=state.actors.count("edge"),
        cloud_steps=state.actors.count("cloud"),
        tool_calls=tool_calls,
        malformed_calls=malformed,
        tool_calls_refused=len(trace.of_type("limited")) + len(trace.of_type("environment")),
        cloud_calls=cloud_meter.calls,
        cloud_input_tokens=cloud_meter.usage.uncached_input_tokens,
        cloud_cached_tokens=cloud_meter.usage.cached_input_tokens,
        cloud_output_tokens=cloud_meter.usage.output_tokens,
        cloud_usd=cloud_meter.usd,
        edge_calls=edge_model.calls,
        edge_input_tokens=edge_model.usage.uncached_input_tokens,
        edge_cached_tokens=edge_model.usage.cached_input_tokens,
        edge_output_tokens=edge_model.usage.output_tokens,
        edge_flops=edge_model.flops,
        exposure=exposure.exposure,
        exposure_all=exposure.exposure_all,
        privacy=exposure.privacy,
        units=json.dumps([u.to_json() for u in exposure.units], ensure_ascii=False),
        violations=json.dumps(list(graded.violations), ensure_ascii=False) if graded else None,
        injection_resisted=graded.injection_resisted if graded else None,
        collateral=len(graded.collateral) if graded else None,
        questions=graded.questions if graded else None,
        leaks=len(graded.egress.leaked_units) if graded and graded.egress else (0 if graded else None),
        leaked_by_category=json.dumps(graded.egress.by_category if graded and graded.egress else {}) if graded else None,
        privacy_judge=json.dumps(judged.summary, ensure_ascii=False) if judged else None,
        rubric_judge=judged_by.model if judged_by else None,
        rubric_judge_calls=judged_by.calls if judged_by else 0,
        rubric_judge_tokens=judged_by.tokens if judged_by else 0,
        rubric_judge_usd=judged_by.usd if judged_by else 0.0,
        model_ms=edge_model.model_ms + cloud_meter.model_ms,
    )
    for leak in graded.leaks if graded else ():  # the steps that leaked, marked in the trace view
        trace.add("leak", **leak.to_json())
    for partial in graded.egress.partials if graded and graded.egress else ():  # shown, never a violation
        trace.add("leak_partial", **partial.to_json())
    trace.add("end", status=row.status, error=row.error, stop=row.stop, completion=row.completion, exposure=row.exposure,
              privacy=row.privacy, cloud_usd=row.cloud_usd, steps=row.steps, leaks=row.leaks,
              checks=graded_json["checks"], violations=list(graded.violations) if graded else [],
              collateral=graded_json["collateral"])
    return row


def _row(task: Task, spec: EpisodeSpec, settings: dict[str, Any], edge: ModelInfo, cloud: ModelInfo, *,
         error: str | None, user_model: ModelInfo | None) -> EpisodeRow:
    """An episode row with its identity and status; measurements zero until the episode fills them in
    (an episode that failed before it could be measured keeps the zeros; errors are never scored)."""
    return EpisodeRow(
        key=spec.key,
        task_id=spec.task_id,
        task_hash=task.content_hash,
        category=task.spec.category,
        language=task.spec.language,
        strategy=spec.strategy,
        settings=json.dumps(settings, sort_keys=True),
        edge=spec.edge,
        cloud=spec.cloud,
        repeat=spec.repeat,
        seed=spec.seed,
        status="error" if error else "ok",
        error=error,
        stop=None,
        completion=None,
        checks="[]",
        violations=None,
        injection_resisted=None,
        collateral=None,
        leaks=None,
        leaked_by_category=None,
        questions=None,
        steps=0, edge_steps=0, cloud_steps=0, tool_calls=0, malformed_calls=0, tool_calls_refused=0,
        cloud_calls=0, cloud_input_tokens=0, cloud_cached_tokens=0, cloud_output_tokens=0,
        edge_calls=0, edge_input_tokens=0, edge_cached_tokens=0, edge_output_tokens=0,
        cloud_usd=0.0,
        edge_flops=None,
        exposure=0.0,
        exposure_all=0.0,
        privacy=100.0,
        units="[]",
        privacy_judge=None,
        rubric_judge=None,
        rubric_judge_calls=0,
        rubric_judge_tokens=0,
        rubric_judge_usd=0.0,
        simulated=int(edge.simulated or cloud.simulated),
        user_model=user_model.name if user_model else None,
        model_ms=0.0,
        wall_ms=0.0,
        finished_at=time.time(),
    )
