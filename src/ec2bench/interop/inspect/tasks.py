"""The ec2bench suite as an Inspect task: `inspect eval ec2bench/suite --model M [-T tasks=a,b] [-T strategy=S]`.

Each ec2bench task is one `Sample` (input: the task's prompt; metadata: id, category, language, apps). The
`episode` solver runs the whole episode with ec2bench's engine (`ec2bench.runner.episode.run_episode`: the
task's workspace, the strategy's loop, the grader and the privacy audit), with Inspect's models as the edge
and cloud models (`model.py`): the model role `edge` (`--model-role edge=...`) and the role `cloud`
(`--model-role cloud=...`), each the evaluation's `--model` when not given. The sample's messages become the
episode's conversation (rebuilt from its trace), and two scorers read the episode's row:
  * `completion`: the task score 0-100 and `passed` (1 when it reaches the leaderboard's pass threshold, 70);
  * `privacy`: the audit's `privacy` (100 x (1 - exposure)) and `exposure` (0-1) of the sensitive units.

An episode ec2bench stores as an error (a model error, its deadline, no working shell sandbox) is never
scored as a zero: the solver raises, and Inspect records the sample as an error (`--fail-on-error`,
`--retry-on-error` decide what that does to the evaluation). The repeat of an episode is its epoch - 1, so
its seed, and a simulated model's choices, are those of `ec2bench run`'s repeat.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import anyio.to_thread
from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ModelOutput, get_model
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import Generate, Solver, TaskState, solver

from ec2bench.agent.loop import initial_messages
from ec2bench.contracts import DEFAULT_TIMEOUT_S, EpisodeSpec
from ec2bench.core.errors import ConfigError
from ec2bench.interop.inspect.model import bind
from ec2bench.interop.inspect.transcript import conversation, text_of
from ec2bench.models.pricing import parse_price
from ec2bench.report.leaderboard import PASS_THRESHOLD
from ec2bench.runner.episode import run_episode
from ec2bench.strategies.base import canonical_spec, make_strategy
from ec2bench.tasks.loader import Task as Ec2benchTask
from ec2bench.tasks.loader import load_suite

ROW_KEY = "ec2bench"  # where the solver leaves the episode's row in the sample's store, for the scorers


class EpisodeError(RuntimeError):
    """The episode ended as an ec2bench error (never a score): Inspect marks the sample an error."""


class _NoStore:
    """The `PrepareContext` of an Inspect run, which has no results store: a strategy whose `prepare` asks
    for anything (a calibrated threshold, the episodes a random control matches) cannot run here."""

    def __getattr__(self, name: str) -> Any:
        raise _NeedsPreparation(name)


class _NeedsPreparation(Exception):
    pass


def check_strategy(spec: str) -> str:
    """The canonical spec of a strategy that runs without a sweep's preparation; a ConfigError saying what to
    give instead for one that needs it (or an outside agent, which the bridge runs, not Inspect)."""
    if spec.startswith("agent:"):
        raise ConfigError(f"{spec}: outside agents run through `ec2bench run --agent`, not in Inspect")
    strategy = make_strategy(spec)
    cls, params = type(strategy), strategy.params
    probe = EpisodeSpec("probe", canonical_spec(spec), "edge", "cloud", 0)
    try:
        needs = cls.phase(params) != 0 or bool(cls.prepare(spec, params, probe, _NoStore()))  # type: ignore[arg-type]
    except _NeedsPreparation:
        needs = True
    if needs:
        raise ConfigError(
            f"strategy {spec!r} needs settings that `ec2bench run` prepares from a results store (a calibrated "
            "threshold, a trained router, or the episodes a random control matches); give them in the spec "
            "(e.g. threshold=0.5, calls=2:horizon=10) or run it with `ec2bench run`")
    return canonical_spec(spec)


@functools.cache
def _suite(folder: str | None, pattern: str | None) -> tuple[Ec2benchTask, ...]:
    return tuple(load_suite(Path(folder) if folder else None, pattern))


def _one_task(folder: str | None, task_id: str) -> Ec2benchTask:
    found = [t for t in _suite(folder, task_id) if t.id == task_id]
    if not found:
        raise ConfigError(f"no task {task_id!r} in {folder or 'the built-in suite'}")
    return found[0]


def sample_of(item: Ec2benchTask) -> Sample:
    spec = item.spec
    return Sample(id=item.id, input=spec.prompt,
                  metadata={"id": item.id, "category": spec.category, "language": spec.language, "apps": list(spec.apps)})


@task
def suite(tasks: str | list[str] | None = None, strategy: str = "edge_only", suite_dir: str | None = None,
          timeout: float = DEFAULT_TIMEOUT_S, cloud_price: str | None = None) -> Task:
    """ec2bench's tasks (`tasks`: comma-separated id globs, default all) under one strategy spec.

    `suite_dir`: a suite folder (default: the built-in suite). `timeout`: each episode's deadline in seconds.
    `cloud_price`: `IN,CACHED,OUT` USD per million tokens of the cloud model, for the episode's `cloud_usd`
    (without it cloud cost is 0: Inspect's own usage counts the tokens)."""
    pattern = ",".join(tasks) if isinstance(tasks, list) else tasks
    found = _suite(suite_dir, pattern)
    if not found:
        raise ConfigError(f"no tasks match {pattern!r} in {suite_dir or 'the built-in suite'}")
    spec = check_strategy(strategy)
    return Task(dataset=MemoryDataset([sample_of(t) for t in found], name="ec2bench"),
                solver=episode(strategy=spec, suite_dir=suite_dir, timeout=timeout, cloud_price=cloud_price),
                scorer=[completion(), privacy()], metadata={"strategy": spec})


@solver
def episode(strategy: str = "edge_only", suite_dir: str | None = None, timeout: float = DEFAULT_TIMEOUT_S,
            cloud_price: str | None = None) -> Solver:
    """Run the sample's task as one ec2bench episode under `strategy`, with the model roles `edge` and `cloud`."""
    spec_text = check_strategy(strategy)
    price = parse_price(cloud_price) if cloud_price else None

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        item = _one_task(suite_dir, str(state.metadata.get("id", state.sample_id)))
        with bind(get_model(role="edge")) as edge, bind(get_model(role="cloud"), price=price) as cloud:
            spec = EpisodeSpec(item.id, spec_text, edge.name, cloud.name, state.epoch - 1)
            run = functools.partial(run_episode, item, spec, edge, cloud, timeout_s=timeout)
            result = await anyio.to_thread.run_sync(run)
        events = result.trace_events()
        state.messages = conversation(events, initial_messages(item))
        state.output = ModelOutput.from_content(model=edge.name, content=_answer(events))
        state.store.set(ROW_KEY, result.row.as_dict())
        if result.row.status == "error":
            raise EpisodeError(f"ec2bench episode {item.id} ({spec_text}): {result.row.error}")
        return state

    return solve


def _answer(events: list[dict[str, Any]]) -> str:
    """The final answer: the content of the last assistant turn, when the episode ended by answering."""
    steps = [e for e in events if e.get("type") == "step"]
    return text_of((steps[-1].get("message") or {}).get("content")) if steps else ""


def _row(state: TaskState) -> dict[str, Any]:
    row = state.store.get(ROW_KEY)
    if not isinstance(row, dict):
        raise EpisodeError("no ec2bench episode ran for this sample: use the ec2bench/episode solver")
    return row


@scorer(metrics={"completion": [mean(), stderr()], "passed": [mean(), stderr()]})
def completion() -> Scorer:
    """The task score 0-100 from the task's checks, and `passed` (1 when it reaches 70, the pass threshold)."""

    async def score(state: TaskState, target: Target) -> Score:
        row = _row(state)
        value = float(row["completion"])
        return Score(value={"completion": value, "passed": float(value >= PASS_THRESHOLD)}, answer=state.output.completion,
                     explanation=_checks_line(row["checks"]), metadata={"checks": row["checks"], "stop": row["stop"]})

    return score


@scorer(metrics={"privacy": [mean(), stderr()], "exposure": [mean(), stderr()]})
def privacy() -> Scorer:
    """The privacy audit: `exposure` (0-1) of the sensitive units the episode read, and `privacy` = 100 x (1 - exposure)."""

    async def score(state: TaskState, target: Target) -> Score:
        row = _row(state)
        measured = {k: row[k] for k in ("cloud_calls", "cloud_steps", "edge_calls", "cloud_usd", "leaks", "exposure_all")}
        return Score(value={"privacy": float(row["privacy"]), "exposure": float(row["exposure"])},
                     explanation=f"{row['cloud_calls']} cloud call(s); exposure {row['exposure']:.3f} of the units read",
                     metadata={**measured, "units": row["units"]})

    return score


def _checks_line(checks: str) -> str:
    parsed = json.loads(checks or "[]")
    return "; ".join(f"{c['name']}: {c['score']:g}" for c in parsed) or "no checks"


__all__ = ["EpisodeError", "check_strategy", "completion", "episode", "privacy", "sample_of", "suite"]
